
func.func @read_outside_semaphore_memory(%sem: memref<!tessera.semaphore, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.semaphore_read' op semaphore must be in semaphore memory}}
  %v = tessera.semaphore_read %sem : memref<!tessera.semaphore, #tessera.memory_space<vmem>>
  return
}

