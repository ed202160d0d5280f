
// Every memory space, the semaphore type and semaphore arrays, as argument
// types.

// CHECK-LABEL: func.func @memory_spaces
// CHECK-SAME: memref<8x128xf32, #tessera.memory_space<any>>
// CHECK-SAME: memref<8x128xf32, #tessera.memory_space<hbm>>
// CHECK-SAME: memref<8x128xf32, #tessera.memory_space<vmem>>
// CHECK-SAME: memref<16xi32, #tessera.memory_space<smem>>
// CHECK-SAME: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
// CHECK-SAME: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
func.func @memory_spaces(%any: memref<8x128xf32, #tessera.memory_space<any>>,
                         %hbm: memref<8x128xf32, #tessera.memory_space<hbm>>,
                         %vmem: memref<8x128xf32, #tessera.memory_space<vmem>>,
                         %smem: memref<16xi32, #tessera.memory_space<smem>>,
                         %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
                         %sems: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  return
}

