module {
  func.func @scale(%arg0: memref<8x128xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<8x128xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<8x128xf32, #tessera.memory_space<vmem>> {tessera.name = "x_vmem"}, %arg3: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "sem"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %cst = arith.constant dense<2.000000e+00> : vector<8x128xf32>
    tessera.dma_start %arg0, %arg2, %arg3 : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %arg0, %arg2, %arg3 : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %0 = tessera.load %arg2 : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %1 = arith.mulf %0, %cst : vector<8x128xf32>
    tessera.store %1, %arg2 : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
    tessera.dma_start %arg2, %arg1, %arg3 : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %arg2, %arg1, %arg3 : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    return
  }
}
