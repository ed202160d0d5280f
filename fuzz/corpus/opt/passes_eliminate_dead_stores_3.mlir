
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A wait alone (its start is before the kernel) reads until it returns; a
// DMA out of another buffer, or out of the other half, reads nothing here.

// CHECK-LABEL: func.func @dma_reads_elsewhere
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[C:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]]
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.store %[[C]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: return
func.func @dma_reads_elsewhere(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem, %a: !tile, %b: !tile, %c: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  %v8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  %h8 = tessera.view %o_hbm[8, 0] [8, 128] : !hbm to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<any>>
  tessera.store %a, %v : !tile, !rows0
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.store %b, %v : !tile, !rows0
  tessera.dma_start %x, %x_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %x, %x_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_start %v8, %h8, %sem : !rows8, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<any>>, !sem
  tessera.dma_wait %v8, %h8, %sem : !rows8, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<any>>, !sem
  tessera.store %c, %v : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

