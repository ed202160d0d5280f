module {
  func.func @check_switches(%arg0: memref<1xi32, #tessera.memory_space<smem>> {tessera.name = "off_smem"}, %arg1: memref<16x128xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg2: memref<8x128xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<8x128xf32, #tessera.memory_space<vmem>> {tessera.name = "x_vmem"}, %arg4: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "sem"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 1 : i64} {
    %cst = arith.constant dense<2.000000e+00> : vector<8x128xf32>
    %c0 = arith.constant 0 : index
    %0 = tessera.load_scalar %arg0[%c0] : memref<1xi32, #tessera.memory_space<smem>> -> i32
    %1 = arith.index_cast %0 : i32 to index
    %2 = tessera.view %arg1 [%1, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<any>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
    tessera.dma_start %2, %arg3, %arg4 : memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %2, %arg3, %arg4 : memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %3 = tessera.load %arg3 : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %4 = arith.mulf %3, %cst : vector<8x128xf32>
    tessera.store %4, %arg3 : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
    tessera.dma_start %arg3, %arg2, %arg4 : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %arg3, %arg2, %arg4 : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    return
  }
}
