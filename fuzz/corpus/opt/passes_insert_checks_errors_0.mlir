
// What the check insertion cannot do is an error on the kernel, never a
// crash or invalid IR.

// A scratch semaphore array of dynamic size cannot be checked element by
// element: a clear error, not a crash.

// expected-error @+1 {{'func.func' op scratch argument 0 is a semaphore array of shape 'memref<?x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>' with a dynamic size; its semaphores cannot be checked}}
func.func @semaphores_of_dynamic_size(%x: memref<8x128xf32, #tessera.memory_space<any>>,
                                      %s: memref<?x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  return
}

