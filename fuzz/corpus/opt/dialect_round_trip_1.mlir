
// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<16x256xf32, #tessera.memory_space<vmem>>, %[[I:[a-z0-9]+]]: index, %[[SEMS:[a-z0-9]+]]: memref<4x!tessera.dma_semaphore
func.func @views(%x: memref<16x256xf32, #tessera.memory_space<vmem>>, %i: index,
                 %sems: memref<4x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // CHECK: %[[S:[0-9]+]] = tessera.view %[[X]] [8, 128] [8, 128] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: 2176>, #tessera.memory_space<vmem>>
  %s = tessera.view %x[8, 128] [8, 128] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: 2176>, #tessera.memory_space<vmem>>
  // CHECK: tessera.view %[[X]] [%[[I]], 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
  %d = tessera.view %x[%i, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
  // CHECK: tessera.view %[[X]] [%[[I]], %[[I]]] [8, 128] : {{.*}} to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
  %dd = tessera.view %x[%i, %i] [8, 128] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
  // A view of a view.
  // CHECK: tessera.view %[[S]] [0, 64] [8, 64] : memref<8x128xf32, strided<[256, 1], offset: 2176>, #tessera.memory_space<vmem>> to memref<8x64xf32, strided<[256, 1], offset: 2240>, #tessera.memory_space<vmem>>
  %ss = tessera.view %s[0, 64] [8, 64] : memref<8x128xf32, strided<[256, 1], offset: 2176>, #tessera.memory_space<vmem>> to memref<8x64xf32, strided<[256, 1], offset: 2240>, #tessera.memory_space<vmem>>
  // One semaphore of an array.
  // CHECK: tessera.view %[[SEMS]] [%[[I]]] [1] : memref<4x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  %sem = tessera.view %sems[%i] [1] : memref<4x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  return
}

