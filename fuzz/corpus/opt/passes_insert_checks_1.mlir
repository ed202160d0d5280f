
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!win = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// A semaphore array: one check per element, through a one-element view.
// SEMS-LABEL: func.func @array
// SEMS:       %[[S0:.*]] = tessera.view %arg1 [0] [1]
// SEMS-NEXT:  tessera.semaphore_check %[[S0]] {scratch_index = 0 : i64}
// SEMS-NEXT:  %[[S1:.*]] = tessera.view %arg1 [1] [1]
// SEMS-NEXT:  tessera.semaphore_check %[[S1]] {scratch_index = 0 : i64}
// SEMS-NEXT:  return
// NOSEMS-LABEL: func.func @array
// NOSEMS-NOT: tessera.semaphore_check
func.func @array(%x: !hbm, %s: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  return
}

