
// A function declaration (no body) has nothing to check.

// CHECK-LABEL: func.func private @declaration
// NOSEMS-LABEL: func.func private @declaration
func.func private @declaration(%s: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64}

