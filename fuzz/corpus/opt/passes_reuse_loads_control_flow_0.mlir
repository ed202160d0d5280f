
// Load reuse around scf.for / scf.if. Kernels here: arguments are x_hbm
// (input), o_hbm (output), then scratch.

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A window loaded twice in a loop body: the second load is the first.

// CHECK-LABEL: func.func @reuse_in_loop_body
// CHECK: scf.for
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT: tessera.store %[[S]]
// CHECK-NEXT: }
func.func @reuse_in_loop_body(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %n: i32)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %w = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = tessera.load %v : !rows8 -> !tile
    %b = tessera.load %v : !rows8 -> !tile
    %s = arith.addf %a, %b : !tile
    tessera.store %s, %w : !tile, !rows0
  }
  return
}

