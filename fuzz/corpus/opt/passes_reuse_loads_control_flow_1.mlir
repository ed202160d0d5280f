
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// No reuse across the back edge: the loop stores into the window, so the
// load in the body may see the previous iteration's store, and the load
// after the loop the last one. The load of x (which the loop does not
// write) is reused inside the loop and after it.

// CHECK-LABEL: func.func @no_reuse_across_back_edge
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: %[[X0:.*]] = tessera.load %{{.*}} : {{.*}} -> vector<8x128xf32>
// CHECK-NEXT: %[[T0:.*]] = tessera.load %{{.*}} : {{.*}} -> vector<8x128xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[T1:.*]] = tessera.load
// CHECK-NEXT: %[[P:.*]] = arith.addf %[[T1]], %[[X0]]
// CHECK-NEXT: %[[Q:.*]] = arith.addf %[[P]], %[[T0]]
// CHECK-NEXT: tessera.store %[[Q]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[T2:.*]] = tessera.load
// CHECK-NEXT: return %[[T0]], %[[T2]], %[[X0]]
func.func @no_reuse_across_back_edge(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %t: !vmem, %n: i32, %y: !tile) -> (!tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %xv = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %tv = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %x0 = tessera.load %xv : !rows0 -> !tile
  %t0 = tessera.load %tv : !rows0 -> !tile
  scf.for %i = %c0 to %n step %c1 : i32 {
    %t1 = tessera.load %tv : !rows0 -> !tile
    %x1 = tessera.load %xv : !rows0 -> !tile
    %p = arith.addf %t1, %x1 : !tile
    %q = arith.addf %p, %t0 : !tile
    tessera.store %q, %tv : !tile, !rows0
  }
  %t2 = tessera.load %tv : !rows0 -> !tile
  %x2 = tessera.load %xv : !rows0 -> !tile
  return %t0, %t2, %x2 : !tile, !tile, !tile
}

