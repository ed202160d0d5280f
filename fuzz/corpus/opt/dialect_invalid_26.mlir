
func.func @dma_wait_semaphore_array(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                    %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                    %sems: memref<2x2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op needs one semaphore, not an array of shape [2, 2]; index it first}}
  tessera.dma_wait %src, %dst, %sems : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<2x2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

