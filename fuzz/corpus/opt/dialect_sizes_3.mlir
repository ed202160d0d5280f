
// expected-error @+1 {{needs 1028 bytes, more than the 1024 bytes of semaphore memory (256 semaphores)}}
func.func @too_many_semaphores(%s: memref<257x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel} {
  return
}

