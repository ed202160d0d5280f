
// Dead-store elimination around scf.for / scf.if. Kernels here: arguments
// are x_hbm (input), o_hbm (output), then scratch.

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store in a loop body that the next iteration reads is kept, although
// nothing reads the scratch buffer after the loop. A store overwritten in
// the same iteration before anything reads it goes.

// CHECK-LABEL: func.func @store_read_by_next_iteration
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: scf.for
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = arith.addf %[[A]], %[[Y]]
// CHECK-NOT: tessera.store %[[Y]]
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @store_read_by_next_iteration(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %n: i32, %y: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tv = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = tessera.load %tv : !rows0 -> !tile
    %b = arith.addf %a, %y : !tile
    tessera.store %y, %tv : !tile, !rows0
    tessera.store %b, %tv : !tile, !rows0
  }
  return
}

