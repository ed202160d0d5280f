
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A wait whose start is not in the kernel: that DMA writes from the start of
// the block until the wait. A start never waited for: until the end.

// CHECK-LABEL: func.func @unpaired_dmas
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: %[[C:.*]] = tessera.load
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: %[[E:.*]] = tessera.load
// CHECK-NEXT: %[[F:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[C]], %[[E]], %[[F]]
func.func @unpaired_dmas(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem, %sem2: !sem) -> (!tile, !tile, !tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %b = tessera.load %v : !rows0 -> !tile
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %c = tessera.load %v : !rows0 -> !tile
  %d = tessera.load %v : !rows0 -> !tile
  tessera.dma_start %o_hbm, %x, %sem2 : !hbm, !vmem, !sem
  %e = tessera.load %v : !rows0 -> !tile
  %f = tessera.load %v : !rows0 -> !tile
  return %a, %b, %c, %d, %e, %f : !tile, !tile, !tile, !tile, !tile, !tile
}

