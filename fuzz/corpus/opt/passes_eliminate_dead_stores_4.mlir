
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A two-tile array stored, then its first tile stored again: only the
// first tile's first store is dead.

// CHECK-LABEL: func.func @partial_overwrite
// CHECK-SAME: %[[P0:[a-z0-9]+]]: vector<8x128xf32>, %[[P1:[a-z0-9]+]]: vector<8x128xf32>, %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK-NOT: tessera.store %[[P0]]
// CHECK: tessera.store %[[P1]]
// CHECK-NEXT: tessera.store %[[Y]]
// CHECK-NEXT: tessera.dma_start
func.func @partial_overwrite(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %p0: !tile, %p1: !tile, %y: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v0 = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %p0, %v0 : !tile, !rows0
  %v8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %p1, %v8 : !tile, !rows8
  tessera.store %y, %v0 : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

