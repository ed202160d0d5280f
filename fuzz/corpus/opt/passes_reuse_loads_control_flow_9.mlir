
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// The same for one tile: the select would cost the condition's mask
// (sselect + vbcast) and a vsel where the branch's store and the reload
// cost two, so the load stays (kMinSelectedTiles).

// CHECK-LABEL: func.func @when_one_tile_keeps_the_load
// CHECK: scf.for
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: scf.if
// CHECK-NEXT: tessera.store
// CHECK-NEXT: }
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: arith.addf %[[A]], %[[B]]
// CHECK-NOT: arith.select
func.func @when_one_tile_keeps_the_load(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %n: i32, %c: i1, %y: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tv = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = tessera.load %tv : !rows0 -> !tile
    scf.if %c {
      tessera.store %y, %tv : !tile, !rows0
    }
    %b = tessera.load %tv : !rows0 -> !tile
    %s = arith.addf %a, %b : !tile
    tessera.store %s, %tv : !tile, !rows0
  }
  return
}

