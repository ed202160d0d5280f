
// CHECK-LABEL: func.func @dma
// CHECK-SAME: (%[[H:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<any>>, %[[V:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[SEM:[a-z0-9]+]]: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %[[SEMS:[a-z0-9]+]]: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %[[I:[a-z0-9]+]]: index)
func.func @dma(%hbm: memref<16x128xf32, #tessera.memory_space<any>>,
               %vmem: memref<16x128xf32, #tessera.memory_space<vmem>>,
               %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
               %sems: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
               %i: index) {
  // CHECK: tessera.dma_start %[[H]], %[[V]], %[[SEM]] : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_start %hbm, %vmem, %sem : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_wait %[[H]], %[[V]], %[[SEM]] : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %hbm, %vmem, %sem : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // Windows of a Ref move by DMA too, in both directions, with run-time offsets.
  // CHECK: %[[HV:[0-9]+]] = tessera.view %[[H]] [%[[I]], 0] [8, 128]
  %hv = tessera.view %hbm[%i, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<any>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
  // CHECK: %[[VV:[0-9]+]] = tessera.view %[[V]] [8, 0] [8, 128]
  %vv = tessera.view %vmem[8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
  // CHECK: tessera.dma_start %[[VV]], %[[HV]], %[[SEM]] : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>, memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_start %vv, %hv, %sem : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>, memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_wait %[[VV]], %[[HV]], %[[SEM]]
  tessera.dma_wait %vv, %hv, %sem : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>, memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // In pieces, always or when a condition holds.
  // CHECK: tessera.dma_start %[[V]], %[[H]], %[[SEM]] {pieces = 4 : i64} :
  tessera.dma_start %vmem, %hbm, %sem {pieces = 4 : i64} : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // CHECK: %[[C:.*]] = arith.cmpi
  %c = arith.cmpi eq, %i, %i : index
  // CHECK: tessera.dma_start %[[V]], %[[H]], %[[SEM]] if %[[C]] {pieces = 8 : i64} :
  tessera.dma_start %vmem, %hbm, %sem if %c {pieces = 8 : i64} : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // One element of a semaphore array, picked at run time, is one semaphore.
  // CHECK: %[[S1:[0-9]+]] = tessera.view %[[SEMS]] [%[[I]]] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  %s1 = tessera.view %sems[%i] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_start %[[H]], %[[V]], %[[S1]] : {{.*}}, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  tessera.dma_start %hbm, %vmem, %s1 : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_wait %[[H]], %[[V]], %[[S1]] : {{.*}}, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %hbm, %vmem, %s1 : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  return
}

