
// REGULAR semaphore ops take one semaphore, in semaphore memory; signal and
// wait take REGULAR / BARRIER semaphores only (DMA ones are waited through
// their DMA's descriptor).
func.func @signal_semaphore_array(%sems: memref<2x!tessera.semaphore, #tessera.memory_space<semaphore_mem>>, %n: i32) {
  // expected-error @+1 {{'tessera.semaphore_signal' op needs one semaphore, not an array of shape [2]; index it first}}
  tessera.semaphore_signal %sems, %n : memref<2x!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

