
func.func @dma_wait_shape_mismatch(%src: memref<16x128xf32, #tessera.memory_space<any>>,
                                   %dst: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                   %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // expected-error @+1 {{'tessera.dma_wait' op source shape [16, 128] does not match destination shape [8, 128]}}
  tessera.dma_wait %src, %dst, %sem : memref<16x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

