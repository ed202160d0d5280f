
func.func @dma_condition_without_pieces(%src: memref<8x128xf32, #tessera.memory_space<vmem>>,
                                        %dst: memref<8x128xf32, #tessera.memory_space<any>>,
                                        %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
                                        %c: i1) {
  // expected-error @+1 {{'tessera.dma_start' op has a condition for starting in pieces but no `pieces`}}
  tessera.dma_start %src, %dst, %sem if %c : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

