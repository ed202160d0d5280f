
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Two DMAs on one semaphore: the first wait may have taken the other copy's
// bytes, so the copy out of %o may still be reading it until the second
// wait. The store between the waits is read; the one after both is not.

// CHECK-LABEL: func.func @shared_semaphore
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[C:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.dma_wait
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.store %[[C]]
// CHECK-NEXT: tessera.dma_start
func.func @shared_semaphore(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem, %a: !tile, %b: !tile, %c: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.store %a, %v : !tile, !rows0
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  tessera.store %b, %v : !tile, !rows0
  tessera.store %c, %v : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

