module {
  func.func @value_vs_ref(%arg0: memref<16x128xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<16x128xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<16x128xf32, #tessera.memory_space<vmem>> {tessera.name = "x_vmem"}, %arg3: memref<16x128xf32, #tessera.memory_space<vmem>> {tessera.name = "o_vmem"}, %arg4: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "sem"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %arg0, %arg2, %arg4 : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %arg0, %arg2, %arg4 : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %0 = tessera.load %arg2 : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<16x128xf32>
    %1 = arith.mulf %0, %0 : vector<16x128xf32>
    %2 = arith.mulf %1, %0 : vector<16x128xf32>
    %3 = arith.addf %2, %1 : vector<16x128xf32>
    %4 = arith.addf %3, %0 : vector<16x128xf32>
    tessera.store %4, %arg3 : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
    %5 = tessera.view %arg2 [8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    %6 = tessera.load %5 : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %7 = tessera.view %arg3 [0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    tessera.store %6, %7 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    tessera.dma_start %arg3, %arg1, %arg4 : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %arg3, %arg1, %arg4 : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    return
  }
}
