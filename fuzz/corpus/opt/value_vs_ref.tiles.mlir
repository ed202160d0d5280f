module {
  func.func @value_vs_ref(%arg0: memref<16x128xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<16x128xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<16x128xf32, #tessera.memory_space<vmem>> {tessera.name = "x_vmem"}, %arg3: memref<16x128xf32, #tessera.memory_space<vmem>> {tessera.name = "o_vmem"}, %arg4: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "sem"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %arg0, %arg2, %arg4 : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %arg0, %arg2, %arg4 : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %0 = tessera.view %arg2 [0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    %1 = tessera.load %0 : memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %2 = tessera.view %arg2 [8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    %3 = tessera.load %2 : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %4 = arith.mulf %1, %1 : vector<8x128xf32>
    %5 = arith.mulf %3, %3 : vector<8x128xf32>
    %6 = arith.mulf %4, %1 : vector<8x128xf32>
    %7 = arith.mulf %5, %3 : vector<8x128xf32>
    %8 = arith.addf %6, %4 : vector<8x128xf32>
    %9 = arith.addf %7, %5 : vector<8x128xf32>
    %10 = arith.addf %8, %1 : vector<8x128xf32>
    %11 = arith.addf %9, %3 : vector<8x128xf32>
    %12 = tessera.view %arg3 [0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    tessera.store %10, %12 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    %13 = tessera.view %arg3 [8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    tessera.store %11, %13 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    %14 = tessera.view %arg2 [8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    %15 = tessera.load %14 : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %16 = tessera.view %arg3 [0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    tessera.store %15, %16 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    tessera.dma_start %arg3, %arg1, %arg4 : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %arg3, %arg1, %arg4 : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    return
  }
}
