
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Store-to-load forwarding, also through a view of a view.

// CHECK-LABEL: func.func @forward_store
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[Y]]
// CHECK-NOT: tessera.load
// CHECK: return %[[Y]], %[[Y]]
func.func @forward_store(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %y: !tile) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %y, %v : !tile, !rows8
  %a = tessera.load %v : !rows8 -> !tile
  %top = tessera.view %x[0, 0] [16, 128] : !vmem to memref<16x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  %vv = tessera.view %top[8, 0] [8, 128] : memref<16x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>> to !rows8
  %b = tessera.load %vv : !rows8 -> !tile
  return %a, %b : !tile, !tile
}

