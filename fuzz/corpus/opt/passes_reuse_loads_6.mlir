
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A DMA into another scratch buffer, and one out of this one (it only
// reads it), change nothing here: after the wait the first load still holds.

// CHECK-LABEL: func.func @reuse_across_other_dmas
// CHECK: %[[A:.*]] = tessera.load
// CHECK: tessera.dma_start %{{.*}}, %[[O:[a-z0-9]+]],
// CHECK: tessera.dma_wait
// CHECK: tessera.dma_start
// CHECK: tessera.dma_wait
// CHECK-NOT: tessera.load
// CHECK: return %[[A]], %[[A]]
func.func @reuse_across_other_dmas(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  tessera.dma_start %x_hbm, %o, %sem : !hbm, !vmem, !sem
  %b = tessera.load %v : !rows8 -> !tile
  tessera.dma_wait %x_hbm, %o, %sem : !hbm, !vmem, !sem
  tessera.dma_start %x, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %x, %o_hbm, %sem : !vmem, !hbm, !sem
  %c = tessera.load %v : !rows8 -> !tile
  return %b, %c : !tile, !tile
}

