
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A DMA into the buffer, already completed: the old value is stale.

// CHECK-LABEL: func.func @no_reuse_across_completed_dma
// CHECK: %[[A:.*]] = tessera.load
// CHECK: tessera.dma_start
// CHECK: tessera.dma_wait
// CHECK: %[[B:.*]] = tessera.load
// CHECK: return %[[A]], %[[B]]
func.func @no_reuse_across_completed_dma(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %sem: !sem) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %b = tessera.load %v : !rows8 -> !tile
  return %a, %b : !tile, !tile
}

