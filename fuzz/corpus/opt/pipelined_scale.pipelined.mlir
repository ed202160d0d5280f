module {
  func.func @pipelined_scale(%arg0: memref<16384x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<16384x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<1024x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<1024x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<32xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %1 = tessera.view %arg3 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c512_i32 = arith.constant 512 : i32
    %2 = arith.muli %c0_i32, %c512_i32 : i32
    %3 = tessera.multiple_of %2, 512 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32_0, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c512_i32_1 = arith.constant 512 : i32
    %9 = arith.muli %c0_i32, %c512_i32_1 : i32
    %10 = tessera.multiple_of %9, 512 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg2 [%11, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 {tessera.block_index} : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_2 = arith.constant 0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %c1_i32_4 = arith.constant 1 : i32
    %c32_i32_5 = arith.constant 32 : i32
    %c8_i32 = arith.constant 8 : i32
    %13 = arith.muli %c1_i32_4, %c8_i32 : i32
    scf.for %arg7 = %c0_i32_3 to %c32_i32_5 step %13  : i32 {
      %28 = arith.index_cast %arg7 : i32 to index
      %c0_i32_14 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_14, %arg6[%28] {tessera.compiler_index} : i32, memref<32xi32, #tessera.memory_space<smem>>
      %c1_i32_15 = arith.constant 1 : i32
      %29 = arith.addi %arg7, %c1_i32_15 : i32
      %30 = arith.index_cast %29 : i32 to index
      %c0_i32_16 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_16, %arg6[%30] {tessera.compiler_index} : i32, memref<32xi32, #tessera.memory_space<smem>>
      %c2_i32 = arith.constant 2 : i32
      %31 = arith.addi %arg7, %c2_i32 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c0_i32_17 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_17, %arg6[%32] {tessera.compiler_index} : i32, memref<32xi32, #tessera.memory_space<smem>>
      %c3_i32 = arith.constant 3 : i32
      %33 = arith.addi %arg7, %c3_i32 : i32
      %34 = arith.index_cast %33 : i32 to index
      %c0_i32_18 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_18, %arg6[%34] {tessera.compiler_index} : i32, memref<32xi32, #tessera.memory_space<smem>>
      %c4_i32 = arith.constant 4 : i32
      %35 = arith.addi %arg7, %c4_i32 : i32
      %36 = arith.index_cast %35 : i32 to index
      %c0_i32_19 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_19, %arg6[%36] {tessera.compiler_index} : i32, memref<32xi32, #tessera.memory_space<smem>>
      %c5_i32 = arith.constant 5 : i32
      %37 = arith.addi %arg7, %c5_i32 : i32
      %38 = arith.index_cast %37 : i32 to index
      %c0_i32_20 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_20, %arg6[%38] {tessera.compiler_index} : i32, memref<32xi32, #tessera.memory_space<smem>>
      %c6_i32 = arith.constant 6 : i32
      %39 = arith.addi %arg7, %c6_i32 : i32
      %40 = arith.index_cast %39 : i32 to index
      %c0_i32_21 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_21, %arg6[%40] {tessera.compiler_index} : i32, memref<32xi32, #tessera.memory_space<smem>>
      %c7_i32 = arith.constant 7 : i32
      %41 = arith.addi %arg7, %c7_i32 : i32
      %42 = arith.index_cast %41 : i32 to index
      %c0_i32_22 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_22, %arg6[%42] {tessera.compiler_index} : i32, memref<32xi32, #tessera.memory_space<smem>>
    }
    %c32_i32_6 = arith.constant 32 : i32
    %14 = arith.cmpi slt, %c1_i32, %c32_i32_6 : i32
    %15:4 = scf.if %14 -> (i32, i32, i32, i32) {
      %c0_i32_14 = arith.constant 0 : i32
      %c0_i32_15 = arith.constant 0 : i32
      scf.yield %c1_i32, %c0_i32_14, %c1_i32, %c0_i32_15 : i32, i32, i32, i32
    } else {
      scf.yield %c0_i32, %c0_i32_0, %c0_i32, %c0_i32_2 : i32, i32, i32, i32
    }
    %c31_i32 = arith.constant 31 : i32
    %16 = arith.cmpi slt, %c0_i32, %c31_i32 : i32
    %17 = arith.cmpi ne, %15#0, %c0_i32 : i32
    %18 = arith.cmpi ne, %15#1, %c0_i32_0 : i32
    %19 = arith.ori %17, %18 : i1
    %20 = arith.andi %16, %19 : i1
    %c1_i32_7 = arith.constant 1 : i32
    %21 = arith.subi %c1_i32_7, %c0_i32 : i32
    %22 = arith.index_cast %21 : i32 to index
    scf.if %20 {
      %28 = tessera.view %arg3 [%22] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_14 = arith.constant 512 : i32
      %29 = arith.muli %15#0, %c512_i32_14 : i32
      %30 = tessera.multiple_of %29, 512 : i32
      %31 = arith.index_cast %30 : i32 to index
      %c1024_i32_15 = arith.constant 1024 : i32
      %32 = arith.muli %15#1, %c1024_i32_15 : i32
      %33 = tessera.multiple_of %32, 1024 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.view %arg0 [%31, %34] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_16 = arith.constant 512 : i32
      %36 = arith.muli %21, %c512_i32_16 : i32
      %37 = tessera.multiple_of %36, 512 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg2 [%38, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %35, %39, %28 {tessera.block_index} : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_8 = arith.constant 0 : i32
    %23 = arith.cmpi ne, %c1_i32, %c0_i32_8 : i32
    scf.if %23 {
      %28 = tessera.view %arg3 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_14 = arith.constant 512 : i32
      %29 = arith.muli %c0_i32, %c512_i32_14 : i32
      %30 = tessera.multiple_of %29, 512 : i32
      %31 = arith.index_cast %30 : i32 to index
      %c1024_i32_15 = arith.constant 1024 : i32
      %32 = arith.muli %c0_i32_0, %c1024_i32_15 : i32
      %33 = tessera.multiple_of %32, 1024 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.view %arg0 [%31, %34] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_16 = arith.constant 512 : i32
      %36 = arith.muli %c0_i32, %c512_i32_16 : i32
      %37 = tessera.multiple_of %36, 512 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg2 [%38, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %35, %39, %28 {tessera.block_index} : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_9 = arith.constant 0 : i32
    %c32_i32_10 = arith.constant 32 : i32
    %c1_i32_11 = arith.constant 1 : i32
    %24:9 = scf.for %arg7 = %c0_i32_9 to %c32_i32_10 step %c1_i32_11 iter_args(%arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32_0, %arg11 = %c1_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32_2, %arg15 = %c0_i32, %arg16 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %28 = arith.index_cast %arg12 : i32 to index
      %c31_i32_14 = arith.constant 31 : i32
      %29 = arith.cmpi slt, %arg7, %c31_i32_14 : i32
      %c1_i32_15 = arith.constant 1 : i32
      %30 = arith.addi %arg7, %c1_i32_15 : i32
      %c32_i32_16 = arith.constant 32 : i32
      %31 = arith.cmpi slt, %30, %c32_i32_16 : i32
      %32:4 = scf.if %31 -> (i32, i32, i32, i32) {
        %c0_i32_28 = arith.constant 0 : i32
        %c0_i32_29 = arith.constant 0 : i32
        scf.yield %30, %c0_i32_28, %30, %c0_i32_29 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c0_i32_17 = arith.constant 0 : i32
      %33 = arith.cmpi ne, %arg15, %c0_i32_17 : i32
      scf.if %33 {
        %78 = tessera.view %arg5 [%28] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_28 = arith.constant 512 : i32
        %79 = arith.muli %arg13, %c512_i32_28 : i32
        %80 = tessera.multiple_of %79, 512 : i32
        %81 = arith.index_cast %80 : i32 to index
        %c1024_i32_29 = arith.constant 1024 : i32
        %82 = arith.muli %arg14, %c1024_i32_29 : i32
        %83 = tessera.multiple_of %82, 1024 : i32
        %84 = arith.index_cast %83 : i32 to index
        %85 = tessera.view %arg1 [%81, %84] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_30 = arith.constant 512 : i32
        %86 = arith.muli %arg12, %c512_i32_30 : i32
        %87 = tessera.multiple_of %86, 512 : i32
        %88 = arith.index_cast %87 : i32 to index
        %89 = tessera.view %arg4 [%88, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %89, %85, %78 {tessera.block_index} : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c512_i32_18 = arith.constant 512 : i32
      %34 = arith.muli %arg8, %c512_i32_18 : i32
      %35 = tessera.multiple_of %34, 512 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg2 [%36, 0] [512, 1024] {tessera.compiler_index} : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c512_i32_19 = arith.constant 512 : i32
      %38 = arith.muli %arg12, %c512_i32_19 : i32
      %39 = tessera.multiple_of %38, 512 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg4 [%40, 0] [512, 1024] {tessera.compiler_index} : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %42 = tessera.load %37 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<512x1024xf32>
      %cst = arith.constant dense<2.000000e+00> : vector<512x1024xf32>
      %43 = arith.mulf %42, %cst : vector<512x1024xf32>
      %cst_20 = arith.constant dense<1.000000e+00> : vector<512x1024xf32>
      %44 = arith.addf %43, %cst_20 : vector<512x1024xf32>
      tessera.store %44, %41 : vector<512x1024xf32>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %45 = arith.cmpi ne, %32#0, %arg9 : i32
      %46 = arith.cmpi ne, %32#1, %arg10 : i32
      %47 = arith.ori %45, %46 : i1
      %48 = arith.andi %29, %47 : i1
      %c1_i32_21 = arith.constant 1 : i32
      %49 = arith.subi %c1_i32_21, %arg8 : i32
      %50 = arith.select %48, %49, %arg8 : i32
      %51 = arith.index_cast %50 : i32 to index
      %52 = arith.select %48, %c1_i32, %c0_i32 : i32
      %53 = arith.select %48, %32#0, %arg9 : i32
      %54 = arith.select %48, %32#1, %arg10 : i32
      %c1_i32_22 = arith.constant 1 : i32
      %55 = arith.addi %arg7, %c1_i32_22 : i32
      %c2_i32 = arith.constant 2 : i32
      %56 = arith.addi %arg7, %c2_i32 : i32
      %c32_i32_23 = arith.constant 32 : i32
      %57 = arith.cmpi slt, %56, %c32_i32_23 : i32
      %58:4 = scf.if %57 -> (i32, i32, i32, i32) {
        %c0_i32_28 = arith.constant 0 : i32
        %c0_i32_29 = arith.constant 0 : i32
        scf.yield %56, %c0_i32_28, %56, %c0_i32_29 : i32, i32, i32, i32
      } else {
        scf.yield %53, %54, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c31_i32_24 = arith.constant 31 : i32
      %59 = arith.cmpi slt, %55, %c31_i32_24 : i32
      %60 = arith.cmpi ne, %58#0, %53 : i32
      %61 = arith.cmpi ne, %58#1, %54 : i32
      %62 = arith.ori %60, %61 : i1
      %63 = arith.andi %59, %62 : i1
      %c1_i32_25 = arith.constant 1 : i32
      %64 = arith.subi %c1_i32_25, %50 : i32
      %65 = arith.index_cast %64 : i32 to index
      scf.if %63 {
        %78 = tessera.view %arg3 [%65] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_28 = arith.constant 512 : i32
        %79 = arith.muli %58#0, %c512_i32_28 : i32
        %80 = tessera.multiple_of %79, 512 : i32
        %81 = arith.index_cast %80 : i32 to index
        %c1024_i32_29 = arith.constant 1024 : i32
        %82 = arith.muli %58#1, %c1024_i32_29 : i32
        %83 = tessera.multiple_of %82, 1024 : i32
        %84 = arith.index_cast %83 : i32 to index
        %85 = tessera.view %arg0 [%81, %84] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_30 = arith.constant 512 : i32
        %86 = arith.muli %64, %c512_i32_30 : i32
        %87 = tessera.multiple_of %86, 512 : i32
        %88 = arith.index_cast %87 : i32 to index
        %89 = tessera.view %arg2 [%88, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %85, %89, %78 {tessera.block_index} : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %66 = arith.xori %29, %true : i1
      %67 = arith.cmpi ne, %32#2, %arg13 : i32
      %68 = arith.cmpi ne, %32#3, %arg14 : i32
      %69 = arith.ori %67, %68 : i1
      %70 = arith.ori %66, %69 : i1
      scf.if %70 {
        %c1_i32_28 = arith.constant 1 : i32
        %78 = arith.muli %arg13, %c1_i32_28 : i32
        %79 = arith.addi %78, %arg14 : i32
        %80 = arith.index_cast %79 : i32 to index
        %81 = tessera.load_scalar %arg6[%80] {tessera.compiler_index} : memref<32xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_29 = arith.constant 0 : i32
        %82 = arith.cmpi eq, %81, %c0_i32_29 : i32
        tessera.check %82, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        %c1_i32_30 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_30, %arg6[%80] {tessera.compiler_index} : i32, memref<32xi32, #tessera.memory_space<smem>>
        %83 = tessera.view %arg5 [%28] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_31 = arith.constant 512 : i32
        %84 = arith.muli %arg13, %c512_i32_31 : i32
        %85 = tessera.multiple_of %84, 512 : i32
        %86 = arith.index_cast %85 : i32 to index
        %c1024_i32_32 = arith.constant 1024 : i32
        %87 = arith.muli %arg14, %c1024_i32_32 : i32
        %88 = tessera.multiple_of %87, 1024 : i32
        %89 = arith.index_cast %88 : i32 to index
        %90 = tessera.view %arg1 [%86, %89] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_33 = arith.constant 512 : i32
        %91 = arith.muli %arg12, %c512_i32_33 : i32
        %92 = tessera.multiple_of %91, 512 : i32
        %93 = arith.index_cast %92 : i32 to index
        %94 = tessera.view %arg4 [%93, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %94, %90, %83 if %66 {pieces = 8 : i64, tessera.block_index} : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_26 = arith.constant 1 : i32
      %71 = arith.subi %c1_i32_26, %arg12 : i32
      %72 = arith.select %70, %71, %arg12 : i32
      %73 = arith.select %70, %arg16, %c0_i32 : i32
      %74 = arith.select %70, %c1_i32, %arg16 : i32
      %75 = arith.select %70, %32#2, %arg13 : i32
      %76 = arith.select %70, %32#3, %arg14 : i32
      %c0_i32_27 = arith.constant 0 : i32
      %77 = arith.cmpi ne, %52, %c0_i32_27 : i32
      scf.if %77 {
        %78 = tessera.view %arg3 [%51] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_28 = arith.constant 512 : i32
        %79 = arith.muli %53, %c512_i32_28 : i32
        %80 = tessera.multiple_of %79, 512 : i32
        %81 = arith.index_cast %80 : i32 to index
        %c1024_i32_29 = arith.constant 1024 : i32
        %82 = arith.muli %54, %c1024_i32_29 : i32
        %83 = tessera.multiple_of %82, 1024 : i32
        %84 = arith.index_cast %83 : i32 to index
        %85 = tessera.view %arg0 [%81, %84] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_30 = arith.constant 512 : i32
        %86 = arith.muli %50, %c512_i32_30 : i32
        %87 = tessera.multiple_of %86, 512 : i32
        %88 = arith.index_cast %87 : i32 to index
        %89 = tessera.view %arg2 [%88, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %85, %89, %78 {tessera.block_index} : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %50, %53, %54, %52, %72, %75, %76, %73, %74 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %25 = arith.index_cast %24#4 : i32 to index
    %c0_i32_12 = arith.constant 0 : i32
    %26 = arith.cmpi ne, %24#7, %c0_i32_12 : i32
    scf.if %26 {
      %28 = tessera.view %arg5 [%25] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_14 = arith.constant 512 : i32
      %29 = arith.muli %24#5, %c512_i32_14 : i32
      %30 = tessera.multiple_of %29, 512 : i32
      %31 = arith.index_cast %30 : i32 to index
      %c1024_i32_15 = arith.constant 1024 : i32
      %32 = arith.muli %24#6, %c1024_i32_15 : i32
      %33 = tessera.multiple_of %32, 1024 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.view %arg1 [%31, %34] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_16 = arith.constant 512 : i32
      %36 = arith.muli %24#4, %c512_i32_16 : i32
      %37 = tessera.multiple_of %36, 512 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg4 [%38, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %39, %35, %28 {tessera.block_index} : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_13 = arith.constant 0 : i32
    %27 = arith.cmpi ne, %24#8, %c0_i32_13 : i32
    scf.if %27 {
      %c1_i32_14 = arith.constant 1 : i32
      %28 = arith.subi %c1_i32_14, %24#4 : i32
      %29 = arith.index_cast %28 : i32 to index
      %30 = tessera.view %arg5 [%29] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_15 = arith.constant 512 : i32
      %31 = arith.muli %24#5, %c512_i32_15 : i32
      %32 = tessera.multiple_of %31, 512 : i32
      %33 = arith.index_cast %32 : i32 to index
      %c1024_i32_16 = arith.constant 1024 : i32
      %34 = arith.muli %24#6, %c1024_i32_16 : i32
      %35 = tessera.multiple_of %34, 1024 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg1 [%33, %36] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_17 = arith.constant 512 : i32
      %38 = arith.muli %28, %c512_i32_17 : i32
      %39 = tessera.multiple_of %38, 512 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg4 [%40, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %41, %37, %30 {tessera.block_index} : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
