
func.func @dma_wait_source_of_dynamic_shape(%src: memref<?x128xf32, #tessera.memory_space<any>>,
                                            %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                            %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op source must have a static shape, not [?, 128]}}
  tessera.dma_wait %src, %dst, %sem : memref<?x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

