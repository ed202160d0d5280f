
func.func @dma_one_piece(%src: memref<8x128xf32, #tessera.memory_space<vmem>>,
                         %dst: memref<8x128xf32, #tessera.memory_space<any>>,
                         %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op starts in pieces = 1; it must be at least 2}}
  tessera.dma_start %src, %dst, %sem {pieces = 1 : i64} : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

