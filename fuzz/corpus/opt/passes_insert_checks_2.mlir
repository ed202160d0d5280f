
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!win = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// Semaphores passed in as inputs are not the kernel's own: not checked.
// SEMS-LABEL: func.func @not_scratch
// SEMS-NOT:   tessera.semaphore_check
func.func @not_scratch(%s: !sem)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  return
}

