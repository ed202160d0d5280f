
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A load before a loop whose value the loop uses stays when the value known
// for it starts one of the loop's carried values: replaced, that value
// would stay live beside the changing carry (a copy before the loop for
// the load saved). A loop carrying another value reuses it.

// CHECK-LABEL: func.func @load_used_in_a_loop_carrying_its_value
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: scf.for {{.*}} iter_args(%{{.*}} = %[[A]])
// CHECK-NEXT: tessera.store %[[B]]
// CHECK: %[[Z:.*]] = arith.mulf
// CHECK-NOT: tessera.load
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[Z]])
// CHECK-NEXT: tessera.store %[[B]]
func.func @load_used_in_a_loop_carrying_its_value(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %n: i32) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %u0 = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %t0 : !rows0 -> !tile
  %b = tessera.load %t0 : !rows0 -> !tile
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!tile) : i32 {
    tessera.store %b, %u0 : !tile, !rows0
    %s = arith.addf %acc, %acc : !tile
    scf.yield %s : !tile
  }
  %z = arith.mulf %a, %a : !tile
  %e = tessera.load %t0 : !rows0 -> !tile
  %q = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (!tile) : i32 {
    tessera.store %e, %u0 : !tile, !rows0
    %s = arith.addf %acc, %acc : !tile
    scf.yield %s : !tile
  }
  return %r, %q : !tile, !tile
}

