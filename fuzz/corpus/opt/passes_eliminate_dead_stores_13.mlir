
!hbm = memref<32x128xf32, #tessera.memory_space<any>>
!vmem = memref<32x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!rows12 = memref<8x128xf32, strided<[128, 1], offset: 1536>, #tessera.memory_space<vmem>>
!rows16 = memref<8x128xf32, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
!half = memref<16x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!pair = vector<16x128xf32>

// Windows of several extents on one buffer (the pass finds the events that
// may decide a store by their rows, per extent): a 16-row store covers the
// 8-row tile stores before it; the store to rows 8-15 stays, since rows
// 12-19 are loaded in between, and the store to rows 0-7 goes.

// CHECK-LABEL: func.func @extents
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>, %[[Z:[a-z0-9]+]]: vector<16x128xf32>
// CHECK-NOT: tessera.store %[[Y]], %{{[0-9]+}} : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>,
// CHECK: tessera.store %[[Y]], %{{[0-9]+}} : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 1024>
// CHECK-NEXT: tessera.load
// CHECK-NEXT: tessera.store %[[Z]]
// CHECK-NEXT: tessera.store %[[Y]]
// CHECK-NEXT: tessera.dma_start
func.func @extents(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %y: !tile, %z: !pair) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v0 = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  %v8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  %v12 = tessera.view %o[12, 0] [8, 128] : !vmem to !rows12
  %v16 = tessera.view %o[16, 0] [8, 128] : !vmem to !rows16
  %h = tessera.view %o[0, 0] [16, 128] : !vmem to !half
  tessera.store %y, %v0 : !tile, !rows0
  tessera.store %y, %v8 : !tile, !rows8
  %r = tessera.load %v12 : !rows12 -> !tile
  tessera.store %z, %h : !pair, !half
  tessera.store %y, %v16 : !tile, !rows16
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return %r : !tile
}
