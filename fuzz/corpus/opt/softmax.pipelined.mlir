module {
  func.func @softmax(%arg0: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<64x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<64x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %1 = tessera.view %arg3 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c32_i32 = arith.constant 32 : i32
    %2 = arith.muli %c0_i32, %c32_i32 : i32
    %3 = tessera.multiple_of %2, 32 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32_0, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c32_i32_1 = arith.constant 32 : i32
    %9 = arith.muli %c0_i32, %c32_i32_1 : i32
    %10 = tessera.multiple_of %9, 32 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg2 [%11, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_2 = arith.constant 0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32_4 = arith.constant 1 : i32
    %c8_i32_5 = arith.constant 8 : i32
    %c8_i32_6 = arith.constant 8 : i32
    %13 = arith.muli %c1_i32_4, %c8_i32_6 : i32
    scf.for %arg7 = %c0_i32_3 to %c8_i32_5 step %13  : i32 {
      %28 = arith.index_cast %arg7 : i32 to index
      %c0_i32_15 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_15, %arg6[%28] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c1_i32_16 = arith.constant 1 : i32
      %29 = arith.addi %arg7, %c1_i32_16 : i32
      %30 = arith.index_cast %29 : i32 to index
      %c0_i32_17 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_17, %arg6[%30] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c2_i32 = arith.constant 2 : i32
      %31 = arith.addi %arg7, %c2_i32 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c0_i32_18 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_18, %arg6[%32] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c3_i32 = arith.constant 3 : i32
      %33 = arith.addi %arg7, %c3_i32 : i32
      %34 = arith.index_cast %33 : i32 to index
      %c0_i32_19 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_19, %arg6[%34] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c4_i32 = arith.constant 4 : i32
      %35 = arith.addi %arg7, %c4_i32 : i32
      %36 = arith.index_cast %35 : i32 to index
      %c0_i32_20 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_20, %arg6[%36] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c5_i32 = arith.constant 5 : i32
      %37 = arith.addi %arg7, %c5_i32 : i32
      %38 = arith.index_cast %37 : i32 to index
      %c0_i32_21 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_21, %arg6[%38] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c6_i32 = arith.constant 6 : i32
      %39 = arith.addi %arg7, %c6_i32 : i32
      %40 = arith.index_cast %39 : i32 to index
      %c0_i32_22 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_22, %arg6[%40] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c7_i32_23 = arith.constant 7 : i32
      %41 = arith.addi %arg7, %c7_i32_23 : i32
      %42 = arith.index_cast %41 : i32 to index
      %c0_i32_24 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_24, %arg6[%42] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %c8_i32_7 = arith.constant 8 : i32
    %14 = arith.cmpi slt, %c1_i32, %c8_i32_7 : i32
    %15:4 = scf.if %14 -> (i32, i32, i32, i32) {
      %c0_i32_15 = arith.constant 0 : i32
      %c0_i32_16 = arith.constant 0 : i32
      scf.yield %c1_i32, %c0_i32_15, %c1_i32, %c0_i32_16 : i32, i32, i32, i32
    } else {
      scf.yield %c0_i32, %c0_i32_0, %c0_i32, %c0_i32_2 : i32, i32, i32, i32
    }
    %c7_i32 = arith.constant 7 : i32
    %16 = arith.cmpi slt, %c0_i32, %c7_i32 : i32
    %17 = arith.cmpi ne, %15#0, %c0_i32 : i32
    %18 = arith.cmpi ne, %15#1, %c0_i32_0 : i32
    %19 = arith.ori %17, %18 : i1
    %20 = arith.andi %16, %19 : i1
    %c1_i32_8 = arith.constant 1 : i32
    %21 = arith.subi %c1_i32_8, %c0_i32 : i32
    %22 = arith.index_cast %21 : i32 to index
    scf.if %20 {
      %28 = tessera.view %arg3 [%22] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c32_i32_15 = arith.constant 32 : i32
      %29 = arith.muli %15#0, %c32_i32_15 : i32
      %30 = tessera.multiple_of %29, 32 : i32
      %31 = arith.index_cast %30 : i32 to index
      %c1024_i32_16 = arith.constant 1024 : i32
      %32 = arith.muli %15#1, %c1024_i32_16 : i32
      %33 = tessera.multiple_of %32, 1024 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.view %arg0 [%31, %34] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c32_i32_17 = arith.constant 32 : i32
      %36 = arith.muli %21, %c32_i32_17 : i32
      %37 = tessera.multiple_of %36, 32 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg2 [%38, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %35, %39, %28 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_9 = arith.constant 0 : i32
    %23 = arith.cmpi ne, %c1_i32, %c0_i32_9 : i32
    scf.if %23 {
      %28 = tessera.view %arg3 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c32_i32_15 = arith.constant 32 : i32
      %29 = arith.muli %c0_i32, %c32_i32_15 : i32
      %30 = tessera.multiple_of %29, 32 : i32
      %31 = arith.index_cast %30 : i32 to index
      %c1024_i32_16 = arith.constant 1024 : i32
      %32 = arith.muli %c0_i32_0, %c1024_i32_16 : i32
      %33 = tessera.multiple_of %32, 1024 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.view %arg0 [%31, %34] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c32_i32_17 = arith.constant 32 : i32
      %36 = arith.muli %c0_i32, %c32_i32_17 : i32
      %37 = tessera.multiple_of %36, 32 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg2 [%38, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %35, %39, %28 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_10 = arith.constant 0 : i32
    %c8_i32_11 = arith.constant 8 : i32
    %c1_i32_12 = arith.constant 1 : i32
    %24:9 = scf.for %arg7 = %c0_i32_10 to %c8_i32_11 step %c1_i32_12 iter_args(%arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32_0, %arg11 = %c1_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32_2, %arg15 = %c0_i32, %arg16 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %28 = arith.index_cast %arg12 : i32 to index
      %c7_i32_15 = arith.constant 7 : i32
      %29 = arith.cmpi slt, %arg7, %c7_i32_15 : i32
      %c1_i32_16 = arith.constant 1 : i32
      %30 = arith.addi %arg7, %c1_i32_16 : i32
      %c8_i32_17 = arith.constant 8 : i32
      %31 = arith.cmpi slt, %30, %c8_i32_17 : i32
      %32:4 = scf.if %31 -> (i32, i32, i32, i32) {
        %c0_i32_32 = arith.constant 0 : i32
        %c0_i32_33 = arith.constant 0 : i32
        scf.yield %30, %c0_i32_32, %30, %c0_i32_33 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c0_i32_18 = arith.constant 0 : i32
      %33 = arith.cmpi ne, %arg15, %c0_i32_18 : i32
      scf.if %33 {
        %76 = tessera.view %arg5 [%28] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c32_i32_32 = arith.constant 32 : i32
        %77 = arith.muli %arg13, %c32_i32_32 : i32
        %78 = tessera.multiple_of %77, 32 : i32
        %79 = arith.index_cast %78 : i32 to index
        %c1024_i32_33 = arith.constant 1024 : i32
        %80 = arith.muli %arg14, %c1024_i32_33 : i32
        %81 = tessera.multiple_of %80, 1024 : i32
        %82 = arith.index_cast %81 : i32 to index
        %83 = tessera.view %arg1 [%79, %82] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c32_i32_34 = arith.constant 32 : i32
        %84 = arith.muli %arg12, %c32_i32_34 : i32
        %85 = tessera.multiple_of %84, 32 : i32
        %86 = arith.index_cast %85 : i32 to index
        %87 = tessera.view %arg4 [%86, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %87, %83, %76 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c32_i32_19 = arith.constant 32 : i32
      %34 = arith.muli %arg8, %c32_i32_19 : i32
      %35 = tessera.multiple_of %34, 32 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg2 [%36, 0] [32, 1024] {tessera.compiler_index} : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c32_i32_20 = arith.constant 32 : i32
      %38 = arith.muli %arg12, %c32_i32_20 : i32
      %39 = tessera.multiple_of %38, 32 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg4 [%40, 0] [32, 1024] {tessera.compiler_index} : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c0_i32_21 = arith.constant 0 : i32
      %c4_i32 = arith.constant 4 : i32
      %c1_i32_22 = arith.constant 1 : i32
      %c1_i32_23 = arith.constant 1 : i32
      %c4_i32_24 = arith.constant 4 : i32
      %42 = arith.muli %c1_i32_22, %c4_i32_24 : i32
      scf.for %arg17 = %c0_i32_21 to %c1_i32_23 step %42  : i32 {
        %c8_i32_32 = arith.constant 8 : i32
        %76 = arith.muli %arg17, %c8_i32_32 : i32
        %77 = tessera.multiple_of %76, 8 : i32
        %78 = arith.index_cast %77 : i32 to index
        %79 = tessera.view %37 [%78, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %80 = tessera.load %79 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %81 = tessera.reduce %80 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %82 = tessera.broadcast %81 : vector<8x1xf32> -> vector<8x1024xf32>
        %83 = arith.subf %80, %82 : vector<8x1024xf32>
        %84 = math.exp %83 : vector<8x1024xf32>
        %85 = tessera.reduce %84 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %86 = tessera.broadcast %85 : vector<8x1xf32> -> vector<8x1024xf32>
        %87 = arith.divf %84, %86 : vector<8x1024xf32>
        %88 = tessera.view %41 [%78, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %87, %88 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c1_i32_33 = arith.constant 1 : i32
        %89 = arith.addi %arg17, %c1_i32_33 : i32
        %c8_i32_34 = arith.constant 8 : i32
        %90 = arith.muli %89, %c8_i32_34 : i32
        %91 = tessera.multiple_of %90, 8 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %37 [%92, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %94 = tessera.load %93 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %95 = tessera.reduce %94 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %96 = tessera.broadcast %95 : vector<8x1xf32> -> vector<8x1024xf32>
        %97 = arith.subf %94, %96 : vector<8x1024xf32>
        %98 = math.exp %97 : vector<8x1024xf32>
        %99 = tessera.reduce %98 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %100 = tessera.broadcast %99 : vector<8x1xf32> -> vector<8x1024xf32>
        %101 = arith.divf %98, %100 : vector<8x1024xf32>
        %102 = tessera.view %41 [%92, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %101, %102 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c2_i32_35 = arith.constant 2 : i32
        %103 = arith.addi %arg17, %c2_i32_35 : i32
        %c8_i32_36 = arith.constant 8 : i32
        %104 = arith.muli %103, %c8_i32_36 : i32
        %105 = tessera.multiple_of %104, 8 : i32
        %106 = arith.index_cast %105 : i32 to index
        %107 = tessera.view %37 [%106, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %108 = tessera.load %107 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %109 = tessera.reduce %108 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %110 = tessera.broadcast %109 : vector<8x1xf32> -> vector<8x1024xf32>
        %111 = arith.subf %108, %110 : vector<8x1024xf32>
        %112 = math.exp %111 : vector<8x1024xf32>
        %113 = tessera.reduce %112 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %114 = tessera.broadcast %113 : vector<8x1xf32> -> vector<8x1024xf32>
        %115 = arith.divf %112, %114 : vector<8x1024xf32>
        %116 = tessera.view %41 [%106, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %115, %116 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c3_i32 = arith.constant 3 : i32
        %117 = arith.addi %arg17, %c3_i32 : i32
        %c8_i32_37 = arith.constant 8 : i32
        %118 = arith.muli %117, %c8_i32_37 : i32
        %119 = tessera.multiple_of %118, 8 : i32
        %120 = arith.index_cast %119 : i32 to index
        %121 = tessera.view %37 [%120, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %122 = tessera.load %121 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %123 = tessera.reduce %122 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %124 = tessera.broadcast %123 : vector<8x1xf32> -> vector<8x1024xf32>
        %125 = arith.subf %122, %124 : vector<8x1024xf32>
        %126 = math.exp %125 : vector<8x1024xf32>
        %127 = tessera.reduce %126 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %128 = tessera.broadcast %127 : vector<8x1xf32> -> vector<8x1024xf32>
        %129 = arith.divf %126, %128 : vector<8x1024xf32>
        %130 = tessera.view %41 [%120, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %129, %130 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      %43 = arith.cmpi ne, %32#0, %arg9 : i32
      %44 = arith.cmpi ne, %32#1, %arg10 : i32
      %45 = arith.ori %43, %44 : i1
      %46 = arith.andi %29, %45 : i1
      %c1_i32_25 = arith.constant 1 : i32
      %47 = arith.subi %c1_i32_25, %arg8 : i32
      %48 = arith.select %46, %47, %arg8 : i32
      %49 = arith.index_cast %48 : i32 to index
      %50 = arith.select %46, %c1_i32, %c0_i32 : i32
      %51 = arith.select %46, %32#0, %arg9 : i32
      %52 = arith.select %46, %32#1, %arg10 : i32
      %c1_i32_26 = arith.constant 1 : i32
      %53 = arith.addi %arg7, %c1_i32_26 : i32
      %c2_i32 = arith.constant 2 : i32
      %54 = arith.addi %arg7, %c2_i32 : i32
      %c8_i32_27 = arith.constant 8 : i32
      %55 = arith.cmpi slt, %54, %c8_i32_27 : i32
      %56:4 = scf.if %55 -> (i32, i32, i32, i32) {
        %c0_i32_32 = arith.constant 0 : i32
        %c0_i32_33 = arith.constant 0 : i32
        scf.yield %54, %c0_i32_32, %54, %c0_i32_33 : i32, i32, i32, i32
      } else {
        scf.yield %51, %52, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c7_i32_28 = arith.constant 7 : i32
      %57 = arith.cmpi slt, %53, %c7_i32_28 : i32
      %58 = arith.cmpi ne, %56#0, %51 : i32
      %59 = arith.cmpi ne, %56#1, %52 : i32
      %60 = arith.ori %58, %59 : i1
      %61 = arith.andi %57, %60 : i1
      %c1_i32_29 = arith.constant 1 : i32
      %62 = arith.subi %c1_i32_29, %48 : i32
      %63 = arith.index_cast %62 : i32 to index
      scf.if %61 {
        %76 = tessera.view %arg3 [%63] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c32_i32_32 = arith.constant 32 : i32
        %77 = arith.muli %56#0, %c32_i32_32 : i32
        %78 = tessera.multiple_of %77, 32 : i32
        %79 = arith.index_cast %78 : i32 to index
        %c1024_i32_33 = arith.constant 1024 : i32
        %80 = arith.muli %56#1, %c1024_i32_33 : i32
        %81 = tessera.multiple_of %80, 1024 : i32
        %82 = arith.index_cast %81 : i32 to index
        %83 = tessera.view %arg0 [%79, %82] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c32_i32_34 = arith.constant 32 : i32
        %84 = arith.muli %62, %c32_i32_34 : i32
        %85 = tessera.multiple_of %84, 32 : i32
        %86 = arith.index_cast %85 : i32 to index
        %87 = tessera.view %arg2 [%86, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %83, %87, %76 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %64 = arith.xori %29, %true : i1
      %65 = arith.cmpi ne, %32#2, %arg13 : i32
      %66 = arith.cmpi ne, %32#3, %arg14 : i32
      %67 = arith.ori %65, %66 : i1
      %68 = arith.ori %64, %67 : i1
      scf.if %68 {
        %c1_i32_32 = arith.constant 1 : i32
        %76 = arith.muli %arg13, %c1_i32_32 : i32
        %77 = arith.addi %76, %arg14 : i32
        %78 = arith.index_cast %77 : i32 to index
        %79 = tessera.load_scalar %arg6[%78] {tessera.compiler_index} : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_33 = arith.constant 0 : i32
        %80 = arith.cmpi eq, %79, %c0_i32_33 : i32
        tessera.check %80, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        %c1_i32_34 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_34, %arg6[%78] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
        %81 = tessera.view %arg5 [%28] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c32_i32_35 = arith.constant 32 : i32
        %82 = arith.muli %arg13, %c32_i32_35 : i32
        %83 = tessera.multiple_of %82, 32 : i32
        %84 = arith.index_cast %83 : i32 to index
        %c1024_i32_36 = arith.constant 1024 : i32
        %85 = arith.muli %arg14, %c1024_i32_36 : i32
        %86 = tessera.multiple_of %85, 1024 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = tessera.view %arg1 [%84, %87] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c32_i32_37 = arith.constant 32 : i32
        %89 = arith.muli %arg12, %c32_i32_37 : i32
        %90 = tessera.multiple_of %89, 32 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = tessera.view %arg4 [%91, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %92, %88, %81 if %64 {pieces = 8 : i64, tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_30 = arith.constant 1 : i32
      %69 = arith.subi %c1_i32_30, %arg12 : i32
      %70 = arith.select %68, %69, %arg12 : i32
      %71 = arith.select %68, %arg16, %c0_i32 : i32
      %72 = arith.select %68, %c1_i32, %arg16 : i32
      %73 = arith.select %68, %32#2, %arg13 : i32
      %74 = arith.select %68, %32#3, %arg14 : i32
      %c0_i32_31 = arith.constant 0 : i32
      %75 = arith.cmpi ne, %50, %c0_i32_31 : i32
      scf.if %75 {
        %76 = tessera.view %arg3 [%49] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c32_i32_32 = arith.constant 32 : i32
        %77 = arith.muli %51, %c32_i32_32 : i32
        %78 = tessera.multiple_of %77, 32 : i32
        %79 = arith.index_cast %78 : i32 to index
        %c1024_i32_33 = arith.constant 1024 : i32
        %80 = arith.muli %52, %c1024_i32_33 : i32
        %81 = tessera.multiple_of %80, 1024 : i32
        %82 = arith.index_cast %81 : i32 to index
        %83 = tessera.view %arg0 [%79, %82] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c32_i32_34 = arith.constant 32 : i32
        %84 = arith.muli %48, %c32_i32_34 : i32
        %85 = tessera.multiple_of %84, 32 : i32
        %86 = arith.index_cast %85 : i32 to index
        %87 = tessera.view %arg2 [%86, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %83, %87, %76 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %48, %51, %52, %50, %70, %73, %74, %71, %72 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %25 = arith.index_cast %24#4 : i32 to index
    %c0_i32_13 = arith.constant 0 : i32
    %26 = arith.cmpi ne, %24#7, %c0_i32_13 : i32
    scf.if %26 {
      %28 = tessera.view %arg5 [%25] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c32_i32_15 = arith.constant 32 : i32
      %29 = arith.muli %24#5, %c32_i32_15 : i32
      %30 = tessera.multiple_of %29, 32 : i32
      %31 = arith.index_cast %30 : i32 to index
      %c1024_i32_16 = arith.constant 1024 : i32
      %32 = arith.muli %24#6, %c1024_i32_16 : i32
      %33 = tessera.multiple_of %32, 1024 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.view %arg1 [%31, %34] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c32_i32_17 = arith.constant 32 : i32
      %36 = arith.muli %24#4, %c32_i32_17 : i32
      %37 = tessera.multiple_of %36, 32 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg4 [%38, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %39, %35, %28 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_14 = arith.constant 0 : i32
    %27 = arith.cmpi ne, %24#8, %c0_i32_14 : i32
    scf.if %27 {
      %c1_i32_15 = arith.constant 1 : i32
      %28 = arith.subi %c1_i32_15, %24#4 : i32
      %29 = arith.index_cast %28 : i32 to index
      %30 = tessera.view %arg5 [%29] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c32_i32_16 = arith.constant 32 : i32
      %31 = arith.muli %24#5, %c32_i32_16 : i32
      %32 = tessera.multiple_of %31, 32 : i32
      %33 = arith.index_cast %32 : i32 to index
      %c1024_i32_17 = arith.constant 1024 : i32
      %34 = arith.muli %24#6, %c1024_i32_17 : i32
      %35 = tessera.multiple_of %34, 1024 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg1 [%33, %36] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c32_i32_18 = arith.constant 32 : i32
      %38 = arith.muli %28, %c32_i32_18 : i32
      %39 = tessera.multiple_of %38, 32 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg4 [%40, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %41, %37, %30 {tessera.block_index} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
