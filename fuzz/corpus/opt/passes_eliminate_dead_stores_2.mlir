
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A DMA out of the buffer reads it at some time between its start and its
// wait: a store before the start, or while the copy is in flight, is read.

// CHECK-LABEL: func.func @dma_reads
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[C:[a-z0-9]+]]: vector<8x128xf32>, %[[D:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: tessera.store %[[C]]
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.store %[[D]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: return
func.func @dma_reads(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %a: !tile, %b: !tile, %c: !tile, %d: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %v : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.store %b, %v : !tile, !rows0
  tessera.store %c, %v : !tile, !rows0
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.store %d, %v : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

