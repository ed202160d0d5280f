
// A rank-2 semaphore array: one check per element, through a 1x1 view at
// its row and column.

// CHECK-LABEL: func.func @semaphore_grid
// CHECK:      %[[S0:.*]] = tessera.view %arg1 [0, 0] [1, 1] : memref<2x3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x1x!tessera.dma_semaphore, strided<[3, 1]>, #tessera.memory_space<semaphore_mem>>
// CHECK-NEXT: tessera.semaphore_check %[[S0]] {scratch_index = 0 : i64}
// CHECK-NEXT: %[[S1:.*]] = tessera.view %arg1 [0, 1] [1, 1] : {{.*}} to memref<1x1x!tessera.dma_semaphore, strided<[3, 1], offset: 1>, #tessera.memory_space<semaphore_mem>>
// CHECK-NEXT: tessera.semaphore_check %[[S1]] {scratch_index = 0 : i64}
// CHECK-NEXT: tessera.view %arg1 [0, 2] [1, 1]
// CHECK-NEXT: tessera.semaphore_check
// CHECK-NEXT: tessera.view %arg1 [1, 0] [1, 1]
// CHECK-NEXT: tessera.semaphore_check
// CHECK-NEXT: tessera.view %arg1 [1, 1] [1, 1]
// CHECK-NEXT: tessera.semaphore_check
// CHECK-NEXT: %[[S5:.*]] = tessera.view %arg1 [1, 2] [1, 1] : {{.*}} to memref<1x1x!tessera.dma_semaphore, strided<[3, 1], offset: 5>, #tessera.memory_space<semaphore_mem>>
// CHECK-NEXT: tessera.semaphore_check %[[S5]] {scratch_index = 0 : i64}
// CHECK-NEXT: return
func.func @semaphore_grid(%x: memref<8x128xf32, #tessera.memory_space<any>>,
                          %s: memref<2x3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  return
}

