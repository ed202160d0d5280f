
func.func @wait_dma_semaphore(%sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %n: i32) {
  // expected-error @+1 {{'tessera.semaphore_wait' op operand #0 must be memref of A REGULAR or BARRIER semaphore}}
  tessera.semaphore_wait %sem, %n : memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

