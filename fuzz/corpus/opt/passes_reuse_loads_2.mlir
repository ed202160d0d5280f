
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Stores that cannot touch the window: the other tile of the same buffer,
// another scratch buffer.

// CHECK-LABEL: func.func @reuse_across_disjoint_stores
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NOT: tessera.load
// CHECK: arith.addf %[[A]], %[[A]]
func.func @reuse_across_disjoint_stores(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %y: !tile) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  %x0 = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %y, %x0 : !tile, !rows0
  %o8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %y, %o8 : !tile, !rows8
  %b = tessera.load %v : !rows8 -> !tile
  %s = arith.addf %a, %b : !tile
  return %s : !tile
}

