
func.func @dma_semaphore_in_smem(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                 %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                 %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<smem>>) {
  // expected-error @+1 {{'tessera.dma_start' op semaphore must be in semaphore memory}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<smem>>
  return
}

