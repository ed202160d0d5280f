
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Two DMAs on one semaphore: the semaphore counts bytes, so the first wait
// may have been satisfied by the other copy. Both count as in flight until
// both are waited.

// CHECK-LABEL: func.func @shared_semaphore
// CHECK: tessera.dma_wait %{{.*}}, %[[O:[a-z0-9]+]],
// CHECK-NEXT: tessera.view
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: %[[C:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[C]]
func.func @shared_semaphore(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  tessera.dma_start %o_hbm, %o, %sem : !hbm, !vmem, !sem
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %b = tessera.load %v : !rows0 -> !tile
  tessera.dma_wait %o_hbm, %o, %sem : !hbm, !vmem, !sem
  %c = tessera.load %v : !rows0 -> !tile
  %d = tessera.load %v : !rows0 -> !tile
  return %a, %b, %c, %d : !tile, !tile, !tile, !tile
}

