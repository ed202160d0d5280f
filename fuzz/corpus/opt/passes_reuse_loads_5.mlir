
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// While a DMA may be writing the window, two loads of it may differ, and a
// value stored into it may be overwritten: nothing is reused until the wait.

// CHECK-LABEL: func.func @no_reuse_while_dma_in_flight
// CHECK: tessera.dma_start
// CHECK: %[[A:.*]] = tessera.load
// CHECK: %[[B:.*]] = tessera.load
// CHECK: tessera.store
// CHECK: %[[C:.*]] = tessera.load
// CHECK: tessera.dma_wait
// CHECK: %[[D:.*]] = tessera.load
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @no_reuse_while_dma_in_flight(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %sem: !sem, %y: !tile) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %a = tessera.load %v : !rows8 -> !tile
  %b = tessera.load %v : !rows8 -> !tile
  tessera.store %y, %v : !tile, !rows8
  %c = tessera.load %v : !rows8 -> !tile
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %d = tessera.load %v : !rows8 -> !tile
  return %a, %b, %c, %d : !tile, !tile, !tile, !tile
}

