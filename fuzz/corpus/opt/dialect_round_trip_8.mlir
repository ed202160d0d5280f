
// REGULAR semaphores: signal (own core, another core), wait, read.
// CHECK-LABEL: func.func @regular_semaphores
// CHECK: tessera.semaphore_signal %[[S:[a-z0-9]+]], %[[N:[a-z0-9]+]] : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
// CHECK: tessera.semaphore_signal %[[S]], %[[N]] core %[[C:[a-z0-9]+]] : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
// CHECK: tessera.semaphore_wait %[[S]], %[[N]] : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
// CHECK: %{{.*}} = tessera.semaphore_read %[[S]] : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
func.func @regular_semaphores(%s: memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>,
                              %n: i32, %c: i32) -> i32 {
  tessera.semaphore_signal %s, %n : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.semaphore_signal %s, %n core %c : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.semaphore_wait %s, %n : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  %v = tessera.semaphore_read %s : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  return %v : i32
}

