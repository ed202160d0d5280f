
func.func @dma_semaphore_not_a_semaphore(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                         %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                         %sem: memref<i32, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_start' op operand #2 must be memref of A DMA semaphore: a counter that DMAs add their bytes to values}}
  tessera.dma_start %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<i32, #tessera.memory_space<semaphore_mem>>
  return
}

