
func.func @semaphore_check_of_data(%v: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{must be memref of}}
  tessera.semaphore_check %v {scratch_index = 0 : i64} : memref<8x128xf32, #tessera.memory_space<vmem>>
  return
}

