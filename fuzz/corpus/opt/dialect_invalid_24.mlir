
func.func @dma_destination_in_semaphore_memory(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                               %dst: memref<8x128xf32, #tessera.memory_space<semaphore_mem>>,
                                               %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op destination must be in HBM or VMEM, not semaphore memory}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<semaphore_mem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

