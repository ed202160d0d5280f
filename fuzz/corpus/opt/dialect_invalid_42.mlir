
func.func @dma_semaphore_of_dynamic_shape(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                          %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                          %sems: memref<?x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op semaphore must have a static shape, not [?]}}
  tessera.dma_start %src, %dst, %sems : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<?x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

