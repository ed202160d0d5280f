module {
  func.func @softmax(%arg0: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<64x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<64x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c24_i32 = arith.constant 24 : i32
    %c16_i32 = arith.constant 16 : i32
    %c7 = arith.constant 7 : index
    %c6 = arith.constant 6 : index
    %c5 = arith.constant 5 : index
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c7_i32 = arith.constant 7 : i32
    %c2_i32 = arith.constant 2 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %c32_i32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %0 = tessera.view %arg3 [%c0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %1 = tessera.multiple_of %c0_i32, 32 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = tessera.multiple_of %c0_i32, 1024 : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = tessera.view %arg0 [%2, %4] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %6 = tessera.multiple_of %c0_i32, 32 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg2 [%7, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %5, %8, %0 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    tessera.store_scalar %c0_i32, %arg6[%c0] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c1] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c2] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c3] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c4] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c5] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c6] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg6[%c7] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    %9 = tessera.view %arg3 [%c1] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %10 = tessera.multiple_of %c32_i32, 32 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.multiple_of %c0_i32, 1024 : i32
    %13 = arith.index_cast %12 : i32 to index
    %14 = tessera.view %arg0 [%11, %13] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %15 = tessera.multiple_of %c32_i32, 32 : i32
    %16 = arith.index_cast %15 : i32 to index
    %17 = tessera.view %arg2 [%16, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %14, %17, %9 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %18 = tessera.view %arg3 [%c0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %19 = tessera.multiple_of %c0_i32, 32 : i32
    %20 = arith.index_cast %19 : i32 to index
    %21 = tessera.multiple_of %c0_i32, 1024 : i32
    %22 = arith.index_cast %21 : i32 to index
    %23 = tessera.view %arg0 [%20, %22] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %24 = tessera.multiple_of %c0_i32, 32 : i32
    %25 = arith.index_cast %24 : i32 to index
    %26 = tessera.view %arg2 [%25, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_wait %23, %26, %18 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %27:8 = scf.for %arg7 = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32, %arg11 = %c0_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %35 = arith.index_cast %arg11 : i32 to index
      %36 = arith.cmpi slt, %arg7, %c7_i32 : i32
      %37 = arith.addi %arg7, %c1_i32 : i32
      %38 = arith.cmpi slt, %37, %c8_i32 : i32
      %39 = arith.select %38, %37, %arg9 : i32
      %40 = arith.select %38, %c0_i32, %arg10 : i32
      %41 = arith.select %38, %37, %arg12 : i32
      %42 = arith.select %38, %c0_i32, %arg13 : i32
      %43 = arith.cmpi ne, %arg14, %c0_i32 : i32
      scf.if %43 {
        %364 = tessera.view %arg5 [%35] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %365 = arith.muli %arg12, %c32_i32 : i32
        %366 = tessera.multiple_of %365, 32 : i32
        %367 = arith.index_cast %366 : i32 to index
        %368 = arith.muli %arg13, %c1024_i32 : i32
        %369 = tessera.multiple_of %368, 1024 : i32
        %370 = arith.index_cast %369 : i32 to index
        %371 = tessera.view %arg1 [%367, %370] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %372 = arith.muli %arg11, %c32_i32 : i32
        %373 = tessera.multiple_of %372, 32 : i32
        %374 = arith.index_cast %373 : i32 to index
        %375 = tessera.view %arg4 [%374, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %375, %371, %364 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %44 = arith.muli %arg8, %c32_i32 : i32
      %45 = tessera.multiple_of %44, 32 : i32
      %46 = arith.index_cast %45 : i32 to index
      %47 = tessera.view %arg2 [%46, 0] [32, 1024] {tessera.compiler_index} : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %48 = arith.muli %arg11, %c32_i32 : i32
      %49 = tessera.multiple_of %48, 32 : i32
      %50 = arith.index_cast %49 : i32 to index
      %51 = tessera.view %arg4 [%50, 0] [32, 1024] {tessera.compiler_index} : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %52 = tessera.multiple_of %c0_i32, 8 : i32
      %53 = arith.index_cast %52 : i32 to index
      %54 = tessera.view %47 [%53, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %55 = tessera.view %54 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %56 = tessera.load %55 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %57 = tessera.view %54 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %58 = tessera.load %57 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %59 = tessera.view %54 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %60 = tessera.load %59 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %61 = tessera.view %54 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %62 = tessera.load %61 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %63 = tessera.view %54 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %64 = tessera.load %63 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %65 = tessera.view %54 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %66 = tessera.load %65 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %67 = tessera.view %54 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %68 = tessera.load %67 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %69 = tessera.view %54 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %70 = tessera.load %69 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %71 = arith.maximumf %56, %58 : vector<8x128xf32>
      %72 = arith.maximumf %71, %60 : vector<8x128xf32>
      %73 = arith.maximumf %72, %62 : vector<8x128xf32>
      %74 = arith.maximumf %73, %64 : vector<8x128xf32>
      %75 = arith.maximumf %74, %66 : vector<8x128xf32>
      %76 = arith.maximumf %75, %68 : vector<8x128xf32>
      %77 = arith.maximumf %76, %70 : vector<8x128xf32>
      %78 = tessera.reduce %77 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %79 = tessera.broadcast %78 : vector<8x1xf32> -> vector<8x128xf32>
      %80 = arith.subf %56, %79 : vector<8x128xf32>
      %81 = arith.subf %58, %79 : vector<8x128xf32>
      %82 = arith.subf %60, %79 : vector<8x128xf32>
      %83 = arith.subf %62, %79 : vector<8x128xf32>
      %84 = arith.subf %64, %79 : vector<8x128xf32>
      %85 = arith.subf %66, %79 : vector<8x128xf32>
      %86 = arith.subf %68, %79 : vector<8x128xf32>
      %87 = arith.subf %70, %79 : vector<8x128xf32>
      %88 = math.exp %80 : vector<8x128xf32>
      %89 = math.exp %81 : vector<8x128xf32>
      %90 = math.exp %82 : vector<8x128xf32>
      %91 = math.exp %83 : vector<8x128xf32>
      %92 = math.exp %84 : vector<8x128xf32>
      %93 = math.exp %85 : vector<8x128xf32>
      %94 = math.exp %86 : vector<8x128xf32>
      %95 = math.exp %87 : vector<8x128xf32>
      %96 = arith.addf %88, %89 : vector<8x128xf32>
      %97 = arith.addf %96, %90 : vector<8x128xf32>
      %98 = arith.addf %97, %91 : vector<8x128xf32>
      %99 = arith.addf %98, %92 : vector<8x128xf32>
      %100 = arith.addf %99, %93 : vector<8x128xf32>
      %101 = arith.addf %100, %94 : vector<8x128xf32>
      %102 = arith.addf %101, %95 : vector<8x128xf32>
      %103 = tessera.reduce %102 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %104 = tessera.broadcast %103 : vector<8x1xf32> -> vector<8x128xf32>
      %105 = arith.divf %88, %104 : vector<8x128xf32>
      %106 = arith.divf %89, %104 : vector<8x128xf32>
      %107 = arith.divf %90, %104 : vector<8x128xf32>
      %108 = arith.divf %91, %104 : vector<8x128xf32>
      %109 = arith.divf %92, %104 : vector<8x128xf32>
      %110 = arith.divf %93, %104 : vector<8x128xf32>
      %111 = arith.divf %94, %104 : vector<8x128xf32>
      %112 = arith.divf %95, %104 : vector<8x128xf32>
      %113 = tessera.view %51 [%53, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %114 = tessera.view %113 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %105, %114 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %115 = tessera.view %113 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %106, %115 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %116 = tessera.view %113 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %107, %116 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %117 = tessera.view %113 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %108, %117 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %118 = tessera.view %113 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %109, %118 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %119 = tessera.view %113 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %110, %119 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %120 = tessera.view %113 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %111, %120 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %121 = tessera.view %113 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %112, %121 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %122 = tessera.multiple_of %c8_i32, 8 : i32
      %123 = arith.index_cast %122 : i32 to index
      %124 = tessera.view %47 [%123, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %125 = tessera.view %124 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %126 = tessera.load %125 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %127 = tessera.view %124 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %128 = tessera.load %127 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %129 = tessera.view %124 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %130 = tessera.load %129 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %131 = tessera.view %124 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %132 = tessera.load %131 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %133 = tessera.view %124 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %134 = tessera.load %133 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %135 = tessera.view %124 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %136 = tessera.load %135 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %137 = tessera.view %124 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %138 = tessera.load %137 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %139 = tessera.view %124 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %140 = tessera.load %139 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %141 = arith.maximumf %126, %128 : vector<8x128xf32>
      %142 = arith.maximumf %141, %130 : vector<8x128xf32>
      %143 = arith.maximumf %142, %132 : vector<8x128xf32>
      %144 = arith.maximumf %143, %134 : vector<8x128xf32>
      %145 = arith.maximumf %144, %136 : vector<8x128xf32>
      %146 = arith.maximumf %145, %138 : vector<8x128xf32>
      %147 = arith.maximumf %146, %140 : vector<8x128xf32>
      %148 = tessera.reduce %147 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %149 = tessera.broadcast %148 : vector<8x1xf32> -> vector<8x128xf32>
      %150 = arith.subf %126, %149 : vector<8x128xf32>
      %151 = arith.subf %128, %149 : vector<8x128xf32>
      %152 = arith.subf %130, %149 : vector<8x128xf32>
      %153 = arith.subf %132, %149 : vector<8x128xf32>
      %154 = arith.subf %134, %149 : vector<8x128xf32>
      %155 = arith.subf %136, %149 : vector<8x128xf32>
      %156 = arith.subf %138, %149 : vector<8x128xf32>
      %157 = arith.subf %140, %149 : vector<8x128xf32>
      %158 = math.exp %150 : vector<8x128xf32>
      %159 = math.exp %151 : vector<8x128xf32>
      %160 = math.exp %152 : vector<8x128xf32>
      %161 = math.exp %153 : vector<8x128xf32>
      %162 = math.exp %154 : vector<8x128xf32>
      %163 = math.exp %155 : vector<8x128xf32>
      %164 = math.exp %156 : vector<8x128xf32>
      %165 = math.exp %157 : vector<8x128xf32>
      %166 = arith.addf %158, %159 : vector<8x128xf32>
      %167 = arith.addf %166, %160 : vector<8x128xf32>
      %168 = arith.addf %167, %161 : vector<8x128xf32>
      %169 = arith.addf %168, %162 : vector<8x128xf32>
      %170 = arith.addf %169, %163 : vector<8x128xf32>
      %171 = arith.addf %170, %164 : vector<8x128xf32>
      %172 = arith.addf %171, %165 : vector<8x128xf32>
      %173 = tessera.reduce %172 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %174 = tessera.broadcast %173 : vector<8x1xf32> -> vector<8x128xf32>
      %175 = arith.divf %158, %174 : vector<8x128xf32>
      %176 = arith.divf %159, %174 : vector<8x128xf32>
      %177 = arith.divf %160, %174 : vector<8x128xf32>
      %178 = arith.divf %161, %174 : vector<8x128xf32>
      %179 = arith.divf %162, %174 : vector<8x128xf32>
      %180 = arith.divf %163, %174 : vector<8x128xf32>
      %181 = arith.divf %164, %174 : vector<8x128xf32>
      %182 = arith.divf %165, %174 : vector<8x128xf32>
      %183 = tessera.view %51 [%123, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %184 = tessera.view %183 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %175, %184 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %185 = tessera.view %183 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %176, %185 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %186 = tessera.view %183 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %177, %186 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %187 = tessera.view %183 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %178, %187 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %188 = tessera.view %183 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %179, %188 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %189 = tessera.view %183 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %180, %189 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %190 = tessera.view %183 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %181, %190 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %191 = tessera.view %183 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %182, %191 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %192 = tessera.multiple_of %c16_i32, 8 : i32
      %193 = arith.index_cast %192 : i32 to index
      %194 = tessera.view %47 [%193, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %195 = tessera.view %194 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %196 = tessera.load %195 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %197 = tessera.view %194 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %198 = tessera.load %197 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %199 = tessera.view %194 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %200 = tessera.load %199 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %201 = tessera.view %194 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %202 = tessera.load %201 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %203 = tessera.view %194 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %204 = tessera.load %203 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %205 = tessera.view %194 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %206 = tessera.load %205 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %207 = tessera.view %194 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %208 = tessera.load %207 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %209 = tessera.view %194 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %210 = tessera.load %209 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %211 = arith.maximumf %196, %198 : vector<8x128xf32>
      %212 = arith.maximumf %211, %200 : vector<8x128xf32>
      %213 = arith.maximumf %212, %202 : vector<8x128xf32>
      %214 = arith.maximumf %213, %204 : vector<8x128xf32>
      %215 = arith.maximumf %214, %206 : vector<8x128xf32>
      %216 = arith.maximumf %215, %208 : vector<8x128xf32>
      %217 = arith.maximumf %216, %210 : vector<8x128xf32>
      %218 = tessera.reduce %217 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %219 = tessera.broadcast %218 : vector<8x1xf32> -> vector<8x128xf32>
      %220 = arith.subf %196, %219 : vector<8x128xf32>
      %221 = arith.subf %198, %219 : vector<8x128xf32>
      %222 = arith.subf %200, %219 : vector<8x128xf32>
      %223 = arith.subf %202, %219 : vector<8x128xf32>
      %224 = arith.subf %204, %219 : vector<8x128xf32>
      %225 = arith.subf %206, %219 : vector<8x128xf32>
      %226 = arith.subf %208, %219 : vector<8x128xf32>
      %227 = arith.subf %210, %219 : vector<8x128xf32>
      %228 = math.exp %220 : vector<8x128xf32>
      %229 = math.exp %221 : vector<8x128xf32>
      %230 = math.exp %222 : vector<8x128xf32>
      %231 = math.exp %223 : vector<8x128xf32>
      %232 = math.exp %224 : vector<8x128xf32>
      %233 = math.exp %225 : vector<8x128xf32>
      %234 = math.exp %226 : vector<8x128xf32>
      %235 = math.exp %227 : vector<8x128xf32>
      %236 = arith.addf %228, %229 : vector<8x128xf32>
      %237 = arith.addf %236, %230 : vector<8x128xf32>
      %238 = arith.addf %237, %231 : vector<8x128xf32>
      %239 = arith.addf %238, %232 : vector<8x128xf32>
      %240 = arith.addf %239, %233 : vector<8x128xf32>
      %241 = arith.addf %240, %234 : vector<8x128xf32>
      %242 = arith.addf %241, %235 : vector<8x128xf32>
      %243 = tessera.reduce %242 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %244 = tessera.broadcast %243 : vector<8x1xf32> -> vector<8x128xf32>
      %245 = arith.divf %228, %244 : vector<8x128xf32>
      %246 = arith.divf %229, %244 : vector<8x128xf32>
      %247 = arith.divf %230, %244 : vector<8x128xf32>
      %248 = arith.divf %231, %244 : vector<8x128xf32>
      %249 = arith.divf %232, %244 : vector<8x128xf32>
      %250 = arith.divf %233, %244 : vector<8x128xf32>
      %251 = arith.divf %234, %244 : vector<8x128xf32>
      %252 = arith.divf %235, %244 : vector<8x128xf32>
      %253 = tessera.view %51 [%193, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %254 = tessera.view %253 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %245, %254 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %255 = tessera.view %253 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %246, %255 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %256 = tessera.view %253 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %247, %256 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %257 = tessera.view %253 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %248, %257 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %258 = tessera.view %253 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %249, %258 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %259 = tessera.view %253 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %250, %259 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %260 = tessera.view %253 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %251, %260 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %261 = tessera.view %253 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %252, %261 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %262 = tessera.multiple_of %c24_i32, 8 : i32
      %263 = arith.index_cast %262 : i32 to index
      %264 = tessera.view %47 [%263, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %265 = tessera.view %264 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %266 = tessera.load %265 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %267 = tessera.view %264 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %268 = tessera.load %267 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %269 = tessera.view %264 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %270 = tessera.load %269 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %271 = tessera.view %264 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %272 = tessera.load %271 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %273 = tessera.view %264 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %274 = tessera.load %273 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %275 = tessera.view %264 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %276 = tessera.load %275 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %277 = tessera.view %264 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %278 = tessera.load %277 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %279 = tessera.view %264 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %280 = tessera.load %279 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %281 = arith.maximumf %266, %268 : vector<8x128xf32>
      %282 = arith.maximumf %281, %270 : vector<8x128xf32>
      %283 = arith.maximumf %282, %272 : vector<8x128xf32>
      %284 = arith.maximumf %283, %274 : vector<8x128xf32>
      %285 = arith.maximumf %284, %276 : vector<8x128xf32>
      %286 = arith.maximumf %285, %278 : vector<8x128xf32>
      %287 = arith.maximumf %286, %280 : vector<8x128xf32>
      %288 = tessera.reduce %287 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %289 = tessera.broadcast %288 : vector<8x1xf32> -> vector<8x128xf32>
      %290 = arith.subf %266, %289 : vector<8x128xf32>
      %291 = arith.subf %268, %289 : vector<8x128xf32>
      %292 = arith.subf %270, %289 : vector<8x128xf32>
      %293 = arith.subf %272, %289 : vector<8x128xf32>
      %294 = arith.subf %274, %289 : vector<8x128xf32>
      %295 = arith.subf %276, %289 : vector<8x128xf32>
      %296 = arith.subf %278, %289 : vector<8x128xf32>
      %297 = arith.subf %280, %289 : vector<8x128xf32>
      %298 = math.exp %290 : vector<8x128xf32>
      %299 = math.exp %291 : vector<8x128xf32>
      %300 = math.exp %292 : vector<8x128xf32>
      %301 = math.exp %293 : vector<8x128xf32>
      %302 = math.exp %294 : vector<8x128xf32>
      %303 = math.exp %295 : vector<8x128xf32>
      %304 = math.exp %296 : vector<8x128xf32>
      %305 = math.exp %297 : vector<8x128xf32>
      %306 = arith.addf %298, %299 : vector<8x128xf32>
      %307 = arith.addf %306, %300 : vector<8x128xf32>
      %308 = arith.addf %307, %301 : vector<8x128xf32>
      %309 = arith.addf %308, %302 : vector<8x128xf32>
      %310 = arith.addf %309, %303 : vector<8x128xf32>
      %311 = arith.addf %310, %304 : vector<8x128xf32>
      %312 = arith.addf %311, %305 : vector<8x128xf32>
      %313 = tessera.reduce %312 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %314 = tessera.broadcast %313 : vector<8x1xf32> -> vector<8x128xf32>
      %315 = arith.divf %298, %314 : vector<8x128xf32>
      %316 = arith.divf %299, %314 : vector<8x128xf32>
      %317 = arith.divf %300, %314 : vector<8x128xf32>
      %318 = arith.divf %301, %314 : vector<8x128xf32>
      %319 = arith.divf %302, %314 : vector<8x128xf32>
      %320 = arith.divf %303, %314 : vector<8x128xf32>
      %321 = arith.divf %304, %314 : vector<8x128xf32>
      %322 = arith.divf %305, %314 : vector<8x128xf32>
      %323 = tessera.view %51 [%263, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %324 = tessera.view %323 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %315, %324 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %325 = tessera.view %323 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %316, %325 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %326 = tessera.view %323 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %317, %326 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %327 = tessera.view %323 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %318, %327 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %328 = tessera.view %323 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %319, %328 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %329 = tessera.view %323 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %320, %329 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %330 = tessera.view %323 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %321, %330 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %331 = tessera.view %323 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %322, %331 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %332 = arith.cmpi ne, %39, %arg9 : i32
      %333 = arith.cmpi ne, %40, %arg10 : i32
      %334 = arith.ori %332, %333 : i1
      %335 = arith.andi %36, %334 : i1
      %336 = arith.subi %c1_i32, %arg8 : i32
      %337 = arith.select %335, %336, %arg8 : i32
      %338 = arith.index_cast %337 : i32 to index
      %339 = arith.select %335, %39, %arg9 : i32
      %340 = arith.select %335, %40, %arg10 : i32
      %341 = arith.addi %arg7, %c1_i32 : i32
      %342 = arith.addi %arg7, %c2_i32 : i32
      %343 = arith.cmpi slt, %342, %c8_i32 : i32
      %344 = arith.select %343, %342, %339 : i32
      %345 = arith.select %343, %c0_i32, %340 : i32
      %346 = arith.cmpi slt, %341, %c7_i32 : i32
      %347 = arith.cmpi ne, %344, %339 : i32
      %348 = arith.cmpi ne, %345, %340 : i32
      %349 = arith.ori %347, %348 : i1
      %350 = arith.andi %346, %349 : i1
      %351 = arith.subi %c1_i32, %337 : i32
      %352 = arith.index_cast %351 : i32 to index
      scf.if %350 {
        %364 = tessera.view %arg3 [%352] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %365 = arith.muli %344, %c32_i32 : i32
        %366 = tessera.multiple_of %365, 32 : i32
        %367 = arith.index_cast %366 : i32 to index
        %368 = arith.muli %345, %c1024_i32 : i32
        %369 = tessera.multiple_of %368, 1024 : i32
        %370 = arith.index_cast %369 : i32 to index
        %371 = tessera.view %arg0 [%367, %370] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %372 = arith.muli %351, %c32_i32 : i32
        %373 = tessera.multiple_of %372, 32 : i32
        %374 = arith.index_cast %373 : i32 to index
        %375 = tessera.view %arg2 [%374, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %371, %375, %364 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %353 = arith.cmpi sge, %arg7, %c7_i32 : i32
      %354 = arith.cmpi ne, %41, %arg12 : i32
      %355 = arith.cmpi ne, %42, %arg13 : i32
      %356 = arith.ori %354, %355 : i1
      %357 = arith.ori %353, %356 : i1
      scf.if %357 {
        %364 = arith.addi %arg12, %arg13 : i32
        %365 = arith.index_cast %364 : i32 to index
        %366 = tessera.load_scalar %arg6[%365] {tessera.compiler_index} : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %367 = arith.cmpi eq, %366, %c0_i32 : i32
        tessera.check %367, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg12, %arg13 : i32, i32]
        tessera.store_scalar %c1_i32, %arg6[%365] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
        %368 = tessera.view %arg5 [%35] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %369 = arith.muli %arg12, %c32_i32 : i32
        %370 = tessera.multiple_of %369, 32 : i32
        %371 = arith.index_cast %370 : i32 to index
        %372 = arith.muli %arg13, %c1024_i32 : i32
        %373 = tessera.multiple_of %372, 1024 : i32
        %374 = arith.index_cast %373 : i32 to index
        %375 = tessera.view %arg1 [%371, %374] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %376 = arith.muli %arg11, %c32_i32 : i32
        %377 = tessera.multiple_of %376, 32 : i32
        %378 = arith.index_cast %377 : i32 to index
        %379 = tessera.view %arg4 [%378, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %379, %375, %368 if %353 {pieces = 8 : i64, tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %358 = arith.subi %c1_i32, %arg11 : i32
      %359 = arith.select %357, %358, %arg11 : i32
      %360 = arith.select %357, %arg15, %c0_i32 : i32
      %361 = arith.select %357, %c1_i32, %arg15 : i32
      %362 = arith.select %357, %41, %arg12 : i32
      %363 = arith.select %357, %42, %arg13 : i32
      scf.if %335 {
        %364 = tessera.view %arg3 [%338] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %365 = arith.muli %339, %c32_i32 : i32
        %366 = tessera.multiple_of %365, 32 : i32
        %367 = arith.index_cast %366 : i32 to index
        %368 = arith.muli %340, %c1024_i32 : i32
        %369 = tessera.multiple_of %368, 1024 : i32
        %370 = arith.index_cast %369 : i32 to index
        %371 = tessera.view %arg0 [%367, %370] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %372 = arith.muli %337, %c32_i32 : i32
        %373 = tessera.multiple_of %372, 32 : i32
        %374 = arith.index_cast %373 : i32 to index
        %375 = tessera.view %arg2 [%374, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %371, %375, %364 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      scf.yield %337, %339, %340, %359, %362, %363, %360, %361 : i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %28 = arith.index_cast %27#3 : i32 to index
    %29 = arith.cmpi ne, %27#6, %c0_i32 : i32
    scf.if %29 {
      %35 = tessera.view %arg5 [%28] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %36 = arith.muli %27#4, %c32_i32 : i32
      %37 = tessera.multiple_of %36, 32 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = arith.muli %27#5, %c1024_i32 : i32
      %40 = tessera.multiple_of %39, 1024 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg1 [%38, %41] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %43 = arith.muli %27#3, %c32_i32 : i32
      %44 = tessera.multiple_of %43, 32 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg4 [%45, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %46, %42, %35 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %30 = arith.cmpi ne, %27#7, %c0_i32 : i32
    scf.if %30 {
      %35 = arith.subi %c1_i32, %27#3 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg5 [%36] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %38 = arith.muli %27#4, %c32_i32 : i32
      %39 = tessera.multiple_of %38, 32 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = arith.muli %27#5, %c1024_i32 : i32
      %42 = tessera.multiple_of %41, 1024 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg1 [%40, %43] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %45 = arith.muli %35, %c32_i32 : i32
      %46 = tessera.multiple_of %45, 32 : i32
      %47 = arith.index_cast %46 : i32 to index
      %48 = tessera.view %arg4 [%47, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %48, %44, %37 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %31 = tessera.view %arg3 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %31 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %32 = tessera.view %arg3 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %32 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    %33 = tessera.view %arg5 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %33 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %34 = tessera.view %arg5 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %34 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    return
  }
}
