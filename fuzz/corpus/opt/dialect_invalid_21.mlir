
func.func @dma_wait_dtype_mismatch(%src: memref<8x128xf32, #tessera.memory_space<any>>,
                                   %dst: memref<8x128xbf16, #tessera.memory_space<vmem>>,
                                   %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op source dtype 'f32' does not match destination dtype 'bf16'}}
  tessera.dma_wait %src, %dst, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xbf16, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

