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
      %31 = arith.index_cast %arg11 : i32 to index
      %32 = arith.cmpi slt, %arg7, %c7_i32 : i32
      %33 = arith.addi %arg7, %c1_i32 : i32
      %34 = arith.cmpi slt, %33, %c8_i32 : i32
      %35 = arith.select %34, %33, %arg9 : i32
      %36 = arith.select %34, %c0_i32, %arg10 : i32
      %37 = arith.select %34, %33, %arg12 : i32
      %38 = arith.select %34, %c0_i32, %arg13 : i32
      %39 = arith.cmpi ne, %arg14, %c0_i32 : i32
      scf.if %39 {
        %360 = tessera.view %arg5 [%31] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %361 = arith.muli %arg12, %c32_i32 : i32
        %362 = tessera.multiple_of %361, 32 : i32
        %363 = arith.index_cast %362 : i32 to index
        %364 = arith.muli %arg13, %c1024_i32 : i32
        %365 = tessera.multiple_of %364, 1024 : i32
        %366 = arith.index_cast %365 : i32 to index
        %367 = tessera.view %arg1 [%363, %366] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %368 = arith.muli %arg11, %c32_i32 : i32
        %369 = tessera.multiple_of %368, 32 : i32
        %370 = arith.index_cast %369 : i32 to index
        %371 = tessera.view %arg4 [%370, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %371, %367, %360 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %40 = arith.muli %arg8, %c32_i32 : i32
      %41 = tessera.multiple_of %40, 32 : i32
      %42 = arith.index_cast %41 : i32 to index
      %43 = tessera.view %arg2 [%42, 0] [32, 1024] {tessera.compiler_index} : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %44 = arith.muli %arg11, %c32_i32 : i32
      %45 = tessera.multiple_of %44, 32 : i32
      %46 = arith.index_cast %45 : i32 to index
      %47 = tessera.view %arg4 [%46, 0] [32, 1024] {tessera.compiler_index} : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %48 = tessera.multiple_of %c0_i32, 8 : i32
      %49 = arith.index_cast %48 : i32 to index
      %50 = tessera.view %43 [%49, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %51 = tessera.view %50 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %52 = tessera.load %51 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %53 = tessera.view %50 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %54 = tessera.load %53 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %55 = tessera.view %50 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %56 = tessera.load %55 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %57 = tessera.view %50 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %58 = tessera.load %57 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %59 = tessera.view %50 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %60 = tessera.load %59 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %61 = tessera.view %50 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %62 = tessera.load %61 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %63 = tessera.view %50 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %64 = tessera.load %63 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %65 = tessera.view %50 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %66 = tessera.load %65 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %67 = arith.maximumf %52, %54 : vector<8x128xf32>
      %68 = arith.maximumf %67, %56 : vector<8x128xf32>
      %69 = arith.maximumf %68, %58 : vector<8x128xf32>
      %70 = arith.maximumf %69, %60 : vector<8x128xf32>
      %71 = arith.maximumf %70, %62 : vector<8x128xf32>
      %72 = arith.maximumf %71, %64 : vector<8x128xf32>
      %73 = arith.maximumf %72, %66 : vector<8x128xf32>
      %74 = tessera.reduce %73 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %75 = tessera.broadcast %74 : vector<8x1xf32> -> vector<8x128xf32>
      %76 = arith.subf %52, %75 : vector<8x128xf32>
      %77 = arith.subf %54, %75 : vector<8x128xf32>
      %78 = arith.subf %56, %75 : vector<8x128xf32>
      %79 = arith.subf %58, %75 : vector<8x128xf32>
      %80 = arith.subf %60, %75 : vector<8x128xf32>
      %81 = arith.subf %62, %75 : vector<8x128xf32>
      %82 = arith.subf %64, %75 : vector<8x128xf32>
      %83 = arith.subf %66, %75 : vector<8x128xf32>
      %84 = math.exp %76 : vector<8x128xf32>
      %85 = math.exp %77 : vector<8x128xf32>
      %86 = math.exp %78 : vector<8x128xf32>
      %87 = math.exp %79 : vector<8x128xf32>
      %88 = math.exp %80 : vector<8x128xf32>
      %89 = math.exp %81 : vector<8x128xf32>
      %90 = math.exp %82 : vector<8x128xf32>
      %91 = math.exp %83 : vector<8x128xf32>
      %92 = arith.addf %84, %85 : vector<8x128xf32>
      %93 = arith.addf %92, %86 : vector<8x128xf32>
      %94 = arith.addf %93, %87 : vector<8x128xf32>
      %95 = arith.addf %94, %88 : vector<8x128xf32>
      %96 = arith.addf %95, %89 : vector<8x128xf32>
      %97 = arith.addf %96, %90 : vector<8x128xf32>
      %98 = arith.addf %97, %91 : vector<8x128xf32>
      %99 = tessera.reduce %98 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %100 = tessera.broadcast %99 : vector<8x1xf32> -> vector<8x128xf32>
      %101 = arith.divf %84, %100 : vector<8x128xf32>
      %102 = arith.divf %85, %100 : vector<8x128xf32>
      %103 = arith.divf %86, %100 : vector<8x128xf32>
      %104 = arith.divf %87, %100 : vector<8x128xf32>
      %105 = arith.divf %88, %100 : vector<8x128xf32>
      %106 = arith.divf %89, %100 : vector<8x128xf32>
      %107 = arith.divf %90, %100 : vector<8x128xf32>
      %108 = arith.divf %91, %100 : vector<8x128xf32>
      %109 = tessera.view %47 [%49, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %110 = tessera.view %109 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %101, %110 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %111 = tessera.view %109 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %102, %111 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %112 = tessera.view %109 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %103, %112 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %113 = tessera.view %109 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %104, %113 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %114 = tessera.view %109 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %105, %114 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %115 = tessera.view %109 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %106, %115 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %116 = tessera.view %109 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %107, %116 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %117 = tessera.view %109 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %108, %117 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %118 = tessera.multiple_of %c8_i32, 8 : i32
      %119 = arith.index_cast %118 : i32 to index
      %120 = tessera.view %43 [%119, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %121 = tessera.view %120 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %122 = tessera.load %121 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %123 = tessera.view %120 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %124 = tessera.load %123 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %125 = tessera.view %120 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %126 = tessera.load %125 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %127 = tessera.view %120 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %128 = tessera.load %127 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %129 = tessera.view %120 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %130 = tessera.load %129 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %131 = tessera.view %120 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %132 = tessera.load %131 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %133 = tessera.view %120 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %134 = tessera.load %133 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %135 = tessera.view %120 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %136 = tessera.load %135 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %137 = arith.maximumf %122, %124 : vector<8x128xf32>
      %138 = arith.maximumf %137, %126 : vector<8x128xf32>
      %139 = arith.maximumf %138, %128 : vector<8x128xf32>
      %140 = arith.maximumf %139, %130 : vector<8x128xf32>
      %141 = arith.maximumf %140, %132 : vector<8x128xf32>
      %142 = arith.maximumf %141, %134 : vector<8x128xf32>
      %143 = arith.maximumf %142, %136 : vector<8x128xf32>
      %144 = tessera.reduce %143 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %145 = tessera.broadcast %144 : vector<8x1xf32> -> vector<8x128xf32>
      %146 = arith.subf %122, %145 : vector<8x128xf32>
      %147 = arith.subf %124, %145 : vector<8x128xf32>
      %148 = arith.subf %126, %145 : vector<8x128xf32>
      %149 = arith.subf %128, %145 : vector<8x128xf32>
      %150 = arith.subf %130, %145 : vector<8x128xf32>
      %151 = arith.subf %132, %145 : vector<8x128xf32>
      %152 = arith.subf %134, %145 : vector<8x128xf32>
      %153 = arith.subf %136, %145 : vector<8x128xf32>
      %154 = math.exp %146 : vector<8x128xf32>
      %155 = math.exp %147 : vector<8x128xf32>
      %156 = math.exp %148 : vector<8x128xf32>
      %157 = math.exp %149 : vector<8x128xf32>
      %158 = math.exp %150 : vector<8x128xf32>
      %159 = math.exp %151 : vector<8x128xf32>
      %160 = math.exp %152 : vector<8x128xf32>
      %161 = math.exp %153 : vector<8x128xf32>
      %162 = arith.addf %154, %155 : vector<8x128xf32>
      %163 = arith.addf %162, %156 : vector<8x128xf32>
      %164 = arith.addf %163, %157 : vector<8x128xf32>
      %165 = arith.addf %164, %158 : vector<8x128xf32>
      %166 = arith.addf %165, %159 : vector<8x128xf32>
      %167 = arith.addf %166, %160 : vector<8x128xf32>
      %168 = arith.addf %167, %161 : vector<8x128xf32>
      %169 = tessera.reduce %168 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %170 = tessera.broadcast %169 : vector<8x1xf32> -> vector<8x128xf32>
      %171 = arith.divf %154, %170 : vector<8x128xf32>
      %172 = arith.divf %155, %170 : vector<8x128xf32>
      %173 = arith.divf %156, %170 : vector<8x128xf32>
      %174 = arith.divf %157, %170 : vector<8x128xf32>
      %175 = arith.divf %158, %170 : vector<8x128xf32>
      %176 = arith.divf %159, %170 : vector<8x128xf32>
      %177 = arith.divf %160, %170 : vector<8x128xf32>
      %178 = arith.divf %161, %170 : vector<8x128xf32>
      %179 = tessera.view %47 [%119, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %180 = tessera.view %179 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %171, %180 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %181 = tessera.view %179 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %172, %181 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %182 = tessera.view %179 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %173, %182 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %183 = tessera.view %179 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %174, %183 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %184 = tessera.view %179 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %175, %184 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %185 = tessera.view %179 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %176, %185 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %186 = tessera.view %179 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %177, %186 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %187 = tessera.view %179 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %178, %187 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %188 = tessera.multiple_of %c16_i32, 8 : i32
      %189 = arith.index_cast %188 : i32 to index
      %190 = tessera.view %43 [%189, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %191 = tessera.view %190 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %192 = tessera.load %191 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %193 = tessera.view %190 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %194 = tessera.load %193 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %195 = tessera.view %190 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %196 = tessera.load %195 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %197 = tessera.view %190 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %198 = tessera.load %197 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %199 = tessera.view %190 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %200 = tessera.load %199 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %201 = tessera.view %190 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %202 = tessera.load %201 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %203 = tessera.view %190 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %204 = tessera.load %203 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %205 = tessera.view %190 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %206 = tessera.load %205 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %207 = arith.maximumf %192, %194 : vector<8x128xf32>
      %208 = arith.maximumf %207, %196 : vector<8x128xf32>
      %209 = arith.maximumf %208, %198 : vector<8x128xf32>
      %210 = arith.maximumf %209, %200 : vector<8x128xf32>
      %211 = arith.maximumf %210, %202 : vector<8x128xf32>
      %212 = arith.maximumf %211, %204 : vector<8x128xf32>
      %213 = arith.maximumf %212, %206 : vector<8x128xf32>
      %214 = tessera.reduce %213 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %215 = tessera.broadcast %214 : vector<8x1xf32> -> vector<8x128xf32>
      %216 = arith.subf %192, %215 : vector<8x128xf32>
      %217 = arith.subf %194, %215 : vector<8x128xf32>
      %218 = arith.subf %196, %215 : vector<8x128xf32>
      %219 = arith.subf %198, %215 : vector<8x128xf32>
      %220 = arith.subf %200, %215 : vector<8x128xf32>
      %221 = arith.subf %202, %215 : vector<8x128xf32>
      %222 = arith.subf %204, %215 : vector<8x128xf32>
      %223 = arith.subf %206, %215 : vector<8x128xf32>
      %224 = math.exp %216 : vector<8x128xf32>
      %225 = math.exp %217 : vector<8x128xf32>
      %226 = math.exp %218 : vector<8x128xf32>
      %227 = math.exp %219 : vector<8x128xf32>
      %228 = math.exp %220 : vector<8x128xf32>
      %229 = math.exp %221 : vector<8x128xf32>
      %230 = math.exp %222 : vector<8x128xf32>
      %231 = math.exp %223 : vector<8x128xf32>
      %232 = arith.addf %224, %225 : vector<8x128xf32>
      %233 = arith.addf %232, %226 : vector<8x128xf32>
      %234 = arith.addf %233, %227 : vector<8x128xf32>
      %235 = arith.addf %234, %228 : vector<8x128xf32>
      %236 = arith.addf %235, %229 : vector<8x128xf32>
      %237 = arith.addf %236, %230 : vector<8x128xf32>
      %238 = arith.addf %237, %231 : vector<8x128xf32>
      %239 = tessera.reduce %238 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %240 = tessera.broadcast %239 : vector<8x1xf32> -> vector<8x128xf32>
      %241 = arith.divf %224, %240 : vector<8x128xf32>
      %242 = arith.divf %225, %240 : vector<8x128xf32>
      %243 = arith.divf %226, %240 : vector<8x128xf32>
      %244 = arith.divf %227, %240 : vector<8x128xf32>
      %245 = arith.divf %228, %240 : vector<8x128xf32>
      %246 = arith.divf %229, %240 : vector<8x128xf32>
      %247 = arith.divf %230, %240 : vector<8x128xf32>
      %248 = arith.divf %231, %240 : vector<8x128xf32>
      %249 = tessera.view %47 [%189, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %250 = tessera.view %249 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %241, %250 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %251 = tessera.view %249 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %242, %251 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %252 = tessera.view %249 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %243, %252 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %253 = tessera.view %249 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %244, %253 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %254 = tessera.view %249 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %245, %254 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %255 = tessera.view %249 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %246, %255 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %256 = tessera.view %249 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %247, %256 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %257 = tessera.view %249 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %248, %257 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %258 = tessera.multiple_of %c24_i32, 8 : i32
      %259 = arith.index_cast %258 : i32 to index
      %260 = tessera.view %43 [%259, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %261 = tessera.view %260 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %262 = tessera.load %261 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %263 = tessera.view %260 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %264 = tessera.load %263 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %265 = tessera.view %260 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %266 = tessera.load %265 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %267 = tessera.view %260 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %268 = tessera.load %267 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %269 = tessera.view %260 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %270 = tessera.load %269 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %271 = tessera.view %260 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %272 = tessera.load %271 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %273 = tessera.view %260 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %274 = tessera.load %273 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %275 = tessera.view %260 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %276 = tessera.load %275 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %277 = arith.maximumf %262, %264 : vector<8x128xf32>
      %278 = arith.maximumf %277, %266 : vector<8x128xf32>
      %279 = arith.maximumf %278, %268 : vector<8x128xf32>
      %280 = arith.maximumf %279, %270 : vector<8x128xf32>
      %281 = arith.maximumf %280, %272 : vector<8x128xf32>
      %282 = arith.maximumf %281, %274 : vector<8x128xf32>
      %283 = arith.maximumf %282, %276 : vector<8x128xf32>
      %284 = tessera.reduce %283 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %285 = tessera.broadcast %284 : vector<8x1xf32> -> vector<8x128xf32>
      %286 = arith.subf %262, %285 : vector<8x128xf32>
      %287 = arith.subf %264, %285 : vector<8x128xf32>
      %288 = arith.subf %266, %285 : vector<8x128xf32>
      %289 = arith.subf %268, %285 : vector<8x128xf32>
      %290 = arith.subf %270, %285 : vector<8x128xf32>
      %291 = arith.subf %272, %285 : vector<8x128xf32>
      %292 = arith.subf %274, %285 : vector<8x128xf32>
      %293 = arith.subf %276, %285 : vector<8x128xf32>
      %294 = math.exp %286 : vector<8x128xf32>
      %295 = math.exp %287 : vector<8x128xf32>
      %296 = math.exp %288 : vector<8x128xf32>
      %297 = math.exp %289 : vector<8x128xf32>
      %298 = math.exp %290 : vector<8x128xf32>
      %299 = math.exp %291 : vector<8x128xf32>
      %300 = math.exp %292 : vector<8x128xf32>
      %301 = math.exp %293 : vector<8x128xf32>
      %302 = arith.addf %294, %295 : vector<8x128xf32>
      %303 = arith.addf %302, %296 : vector<8x128xf32>
      %304 = arith.addf %303, %297 : vector<8x128xf32>
      %305 = arith.addf %304, %298 : vector<8x128xf32>
      %306 = arith.addf %305, %299 : vector<8x128xf32>
      %307 = arith.addf %306, %300 : vector<8x128xf32>
      %308 = arith.addf %307, %301 : vector<8x128xf32>
      %309 = tessera.reduce %308 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %310 = tessera.broadcast %309 : vector<8x1xf32> -> vector<8x128xf32>
      %311 = arith.divf %294, %310 : vector<8x128xf32>
      %312 = arith.divf %295, %310 : vector<8x128xf32>
      %313 = arith.divf %296, %310 : vector<8x128xf32>
      %314 = arith.divf %297, %310 : vector<8x128xf32>
      %315 = arith.divf %298, %310 : vector<8x128xf32>
      %316 = arith.divf %299, %310 : vector<8x128xf32>
      %317 = arith.divf %300, %310 : vector<8x128xf32>
      %318 = arith.divf %301, %310 : vector<8x128xf32>
      %319 = tessera.view %47 [%259, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %320 = tessera.view %319 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %311, %320 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %321 = tessera.view %319 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %312, %321 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %322 = tessera.view %319 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %313, %322 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %323 = tessera.view %319 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %314, %323 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %324 = tessera.view %319 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %315, %324 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %325 = tessera.view %319 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %316, %325 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %326 = tessera.view %319 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %317, %326 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %327 = tessera.view %319 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %318, %327 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %328 = arith.cmpi ne, %35, %arg9 : i32
      %329 = arith.cmpi ne, %36, %arg10 : i32
      %330 = arith.ori %328, %329 : i1
      %331 = arith.andi %32, %330 : i1
      %332 = arith.subi %c1_i32, %arg8 : i32
      %333 = arith.select %331, %332, %arg8 : i32
      %334 = arith.index_cast %333 : i32 to index
      %335 = arith.select %331, %35, %arg9 : i32
      %336 = arith.select %331, %36, %arg10 : i32
      %337 = arith.addi %arg7, %c1_i32 : i32
      %338 = arith.addi %arg7, %c2_i32 : i32
      %339 = arith.cmpi slt, %338, %c8_i32 : i32
      %340 = arith.select %339, %338, %335 : i32
      %341 = arith.select %339, %c0_i32, %336 : i32
      %342 = arith.cmpi slt, %337, %c7_i32 : i32
      %343 = arith.cmpi ne, %340, %335 : i32
      %344 = arith.cmpi ne, %341, %336 : i32
      %345 = arith.ori %343, %344 : i1
      %346 = arith.andi %342, %345 : i1
      %347 = arith.subi %c1_i32, %333 : i32
      %348 = arith.index_cast %347 : i32 to index
      scf.if %346 {
        %360 = tessera.view %arg3 [%348] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %361 = arith.muli %340, %c32_i32 : i32
        %362 = tessera.multiple_of %361, 32 : i32
        %363 = arith.index_cast %362 : i32 to index
        %364 = arith.muli %341, %c1024_i32 : i32
        %365 = tessera.multiple_of %364, 1024 : i32
        %366 = arith.index_cast %365 : i32 to index
        %367 = tessera.view %arg0 [%363, %366] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %368 = arith.muli %347, %c32_i32 : i32
        %369 = tessera.multiple_of %368, 32 : i32
        %370 = arith.index_cast %369 : i32 to index
        %371 = tessera.view %arg2 [%370, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %367, %371, %360 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %349 = arith.cmpi sge, %arg7, %c7_i32 : i32
      %350 = arith.cmpi ne, %37, %arg12 : i32
      %351 = arith.cmpi ne, %38, %arg13 : i32
      %352 = arith.ori %350, %351 : i1
      %353 = arith.ori %349, %352 : i1
      scf.if %353 {
        %360 = arith.addi %arg12, %arg13 : i32
        %361 = arith.index_cast %360 : i32 to index
        %362 = tessera.load_scalar %arg6[%361] {tessera.compiler_index} : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %363 = arith.cmpi eq, %362, %c0_i32 : i32
        tessera.check %363, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg12, %arg13 : i32, i32]
        tessera.store_scalar %c1_i32, %arg6[%361] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
        %364 = tessera.view %arg5 [%31] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
        tessera.dma_start %375, %371, %364 if %349 {pieces = 8 : i64, tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %354 = arith.subi %c1_i32, %arg11 : i32
      %355 = arith.select %353, %354, %arg11 : i32
      %356 = arith.select %353, %arg15, %c0_i32 : i32
      %357 = arith.select %353, %c1_i32, %arg15 : i32
      %358 = arith.select %353, %37, %arg12 : i32
      %359 = arith.select %353, %38, %arg13 : i32
      scf.if %331 {
        %360 = tessera.view %arg3 [%334] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %361 = arith.muli %335, %c32_i32 : i32
        %362 = tessera.multiple_of %361, 32 : i32
        %363 = arith.index_cast %362 : i32 to index
        %364 = arith.muli %336, %c1024_i32 : i32
        %365 = tessera.multiple_of %364, 1024 : i32
        %366 = arith.index_cast %365 : i32 to index
        %367 = tessera.view %arg0 [%363, %366] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %368 = arith.muli %333, %c32_i32 : i32
        %369 = tessera.multiple_of %368, 32 : i32
        %370 = arith.index_cast %369 : i32 to index
        %371 = tessera.view %arg2 [%370, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %367, %371, %360 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      scf.yield %333, %335, %336, %355, %358, %359, %356, %357 : i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %28 = arith.index_cast %27#3 : i32 to index
    %29 = arith.cmpi ne, %27#6, %c0_i32 : i32
    scf.if %29 {
      %31 = tessera.view %arg5 [%28] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %32 = arith.muli %27#4, %c32_i32 : i32
      %33 = tessera.multiple_of %32, 32 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = arith.muli %27#5, %c1024_i32 : i32
      %36 = tessera.multiple_of %35, 1024 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg1 [%34, %37] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %39 = arith.muli %27#3, %c32_i32 : i32
      %40 = tessera.multiple_of %39, 32 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg4 [%41, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %42, %38, %31 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %30 = arith.cmpi ne, %27#7, %c0_i32 : i32
    scf.if %30 {
      %31 = arith.subi %c1_i32, %27#3 : i32
      %32 = arith.index_cast %31 : i32 to index
      %33 = tessera.view %arg5 [%32] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %34 = arith.muli %27#4, %c32_i32 : i32
      %35 = tessera.multiple_of %34, 32 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = arith.muli %27#5, %c1024_i32 : i32
      %38 = tessera.multiple_of %37, 1024 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg1 [%36, %39] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %41 = arith.muli %31, %c32_i32 : i32
      %42 = tessera.multiple_of %41, 32 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg4 [%43, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %44, %40, %33 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    return
  }
}
