module {
  func.func @layer_norm(%arg0: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "scale_hbm"}, %arg2: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "bias_hbm"}, %arg3: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg4: memref<128x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg6: memref<1x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "scale_hbm_blocks"}, %arg7: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "scale_hbm_sems"}, %arg8: memref<1x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "bias_hbm_blocks"}, %arg9: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "bias_hbm_sems"}, %arg10: memref<128x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg11: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg12: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %1 = tessera.view %arg5 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c64_i32 = arith.constant 64 : i32
    %2 = arith.muli %c0_i32, %c64_i32 : i32
    %3 = tessera.multiple_of %2, 64 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32_0, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c64_i32_1 = arith.constant 64 : i32
    %9 = arith.muli %c0_i32, %c64_i32_1 : i32
    %10 = tessera.multiple_of %9, 64 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg4 [%11, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 {tessera.block_index} : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_2 = arith.constant 0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    tessera.dma_start %arg1, %arg6, %arg7 {tessera.block_index} : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %c0_i32_4 = arith.constant 0 : i32
    %c0_i32_5 = arith.constant 0 : i32
    tessera.dma_start %arg2, %arg8, %arg9 {tessera.block_index} : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %c0_i32_6 = arith.constant 0 : i32
    %c0_i32_7 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32_8 = arith.constant 1 : i32
    %c8_i32_9 = arith.constant 8 : i32
    %c8_i32_10 = arith.constant 8 : i32
    %13 = arith.muli %c1_i32_8, %c8_i32_10 : i32
    scf.for %arg13 = %c0_i32_7 to %c8_i32_9 step %13  : i32 {
      %30 = arith.index_cast %arg13 : i32 to index
      %c0_i32_21 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_21, %arg12[%30] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c1_i32_22 = arith.constant 1 : i32
      %31 = arith.addi %arg13, %c1_i32_22 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c0_i32_23 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_23, %arg12[%32] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c2_i32 = arith.constant 2 : i32
      %33 = arith.addi %arg13, %c2_i32 : i32
      %34 = arith.index_cast %33 : i32 to index
      %c0_i32_24 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_24, %arg12[%34] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c3_i32 = arith.constant 3 : i32
      %35 = arith.addi %arg13, %c3_i32 : i32
      %36 = arith.index_cast %35 : i32 to index
      %c0_i32_25 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_25, %arg12[%36] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c4_i32 = arith.constant 4 : i32
      %37 = arith.addi %arg13, %c4_i32 : i32
      %38 = arith.index_cast %37 : i32 to index
      %c0_i32_26 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_26, %arg12[%38] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c5_i32 = arith.constant 5 : i32
      %39 = arith.addi %arg13, %c5_i32 : i32
      %40 = arith.index_cast %39 : i32 to index
      %c0_i32_27 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_27, %arg12[%40] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c6_i32 = arith.constant 6 : i32
      %41 = arith.addi %arg13, %c6_i32 : i32
      %42 = arith.index_cast %41 : i32 to index
      %c0_i32_28 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_28, %arg12[%42] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c7_i32_29 = arith.constant 7 : i32
      %43 = arith.addi %arg13, %c7_i32_29 : i32
      %44 = arith.index_cast %43 : i32 to index
      %c0_i32_30 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_30, %arg12[%44] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %c8_i32_11 = arith.constant 8 : i32
    %14 = arith.cmpi slt, %c1_i32, %c8_i32_11 : i32
    %15:8 = scf.if %14 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
      %c0_i32_21 = arith.constant 0 : i32
      %c0_i32_22 = arith.constant 0 : i32
      %c0_i32_23 = arith.constant 0 : i32
      %c0_i32_24 = arith.constant 0 : i32
      %c0_i32_25 = arith.constant 0 : i32
      %c0_i32_26 = arith.constant 0 : i32
      scf.yield %c1_i32, %c0_i32_21, %c0_i32_22, %c0_i32_23, %c0_i32_24, %c0_i32_25, %c1_i32, %c0_i32_26 : i32, i32, i32, i32, i32, i32, i32, i32
    } else {
      scf.yield %c0_i32, %c0_i32_0, %c0_i32_2, %c0_i32_3, %c0_i32_4, %c0_i32_5, %c0_i32, %c0_i32_6 : i32, i32, i32, i32, i32, i32, i32, i32
    }
    %c7_i32 = arith.constant 7 : i32
    %16 = arith.cmpi slt, %c0_i32, %c7_i32 : i32
    %17 = arith.cmpi ne, %15#0, %c0_i32 : i32
    %18 = arith.cmpi ne, %15#1, %c0_i32_0 : i32
    %19 = arith.ori %17, %18 : i1
    %20 = arith.andi %16, %19 : i1
    %c1_i32_12 = arith.constant 1 : i32
    %21 = arith.subi %c1_i32_12, %c0_i32 : i32
    %22 = arith.index_cast %21 : i32 to index
    scf.if %20 {
      %30 = tessera.view %arg5 [%22] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_21 = arith.constant 64 : i32
      %31 = arith.muli %15#0, %c64_i32_21 : i32
      %32 = tessera.multiple_of %31, 64 : i32
      %33 = arith.index_cast %32 : i32 to index
      %c1024_i32_22 = arith.constant 1024 : i32
      %34 = arith.muli %15#1, %c1024_i32_22 : i32
      %35 = tessera.multiple_of %34, 1024 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg0 [%33, %36] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_23 = arith.constant 64 : i32
      %38 = arith.muli %21, %c64_i32_23 : i32
      %39 = tessera.multiple_of %38, 64 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg4 [%40, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %37, %41, %30 {tessera.block_index} : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_13 = arith.constant 0 : i32
    %23 = arith.cmpi ne, %c1_i32, %c0_i32_13 : i32
    scf.if %23 {
      %30 = tessera.view %arg5 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_21 = arith.constant 64 : i32
      %31 = arith.muli %c0_i32, %c64_i32_21 : i32
      %32 = tessera.multiple_of %31, 64 : i32
      %33 = arith.index_cast %32 : i32 to index
      %c1024_i32_22 = arith.constant 1024 : i32
      %34 = arith.muli %c0_i32_0, %c1024_i32_22 : i32
      %35 = tessera.multiple_of %34, 1024 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg0 [%33, %36] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_23 = arith.constant 64 : i32
      %38 = arith.muli %c0_i32, %c64_i32_23 : i32
      %39 = tessera.multiple_of %38, 64 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg4 [%40, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %37, %41, %30 {tessera.block_index} : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_14 = arith.constant 0 : i32
    %24 = arith.cmpi ne, %c1_i32, %c0_i32_14 : i32
    scf.if %24 {
      tessera.dma_wait %arg1, %arg6, %arg7 {tessera.block_index} : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_15 = arith.constant 0 : i32
    %25 = arith.cmpi ne, %c1_i32, %c0_i32_15 : i32
    scf.if %25 {
      tessera.dma_wait %arg2, %arg8, %arg9 {tessera.block_index} : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_16 = arith.constant 0 : i32
    %c8_i32_17 = arith.constant 8 : i32
    %c1_i32_18 = arith.constant 1 : i32
    %26:17 = scf.for %arg13 = %c0_i32_16 to %c8_i32_17 step %c1_i32_18 iter_args(%arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32_0, %arg17 = %c1_i32, %arg18 = %c0_i32, %arg19 = %c0_i32_2, %arg20 = %c0_i32_3, %arg21 = %c1_i32, %arg22 = %c0_i32, %arg23 = %c0_i32_4, %arg24 = %c0_i32_5, %arg25 = %c1_i32, %arg26 = %c0_i32, %arg27 = %c0_i32, %arg28 = %c0_i32_6, %arg29 = %c0_i32, %arg30 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %30 = arith.index_cast %arg26 : i32 to index
      %c7_i32_21 = arith.constant 7 : i32
      %31 = arith.cmpi slt, %arg13, %c7_i32_21 : i32
      %c1_i32_22 = arith.constant 1 : i32
      %32 = arith.addi %arg13, %c1_i32_22 : i32
      %c8_i32_23 = arith.constant 8 : i32
      %33 = arith.cmpi slt, %32, %c8_i32_23 : i32
      %34:8 = scf.if %33 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c0_i32_39 = arith.constant 0 : i32
        %c0_i32_40 = arith.constant 0 : i32
        %c0_i32_41 = arith.constant 0 : i32
        %c0_i32_42 = arith.constant 0 : i32
        %c0_i32_43 = arith.constant 0 : i32
        %c0_i32_44 = arith.constant 0 : i32
        scf.yield %32, %c0_i32_39, %c0_i32_40, %c0_i32_41, %c0_i32_42, %c0_i32_43, %32, %c0_i32_44 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg15, %arg16, %arg19, %arg20, %arg23, %arg24, %arg27, %arg28 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %c0_i32_24 = arith.constant 0 : i32
      %35 = arith.cmpi ne, %arg29, %c0_i32_24 : i32
      scf.if %35 {
        %82 = tessera.view %arg11 [%30] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_39 = arith.constant 64 : i32
        %83 = arith.muli %arg27, %c64_i32_39 : i32
        %84 = tessera.multiple_of %83, 64 : i32
        %85 = arith.index_cast %84 : i32 to index
        %c1024_i32_40 = arith.constant 1024 : i32
        %86 = arith.muli %arg28, %c1024_i32_40 : i32
        %87 = tessera.multiple_of %86, 1024 : i32
        %88 = arith.index_cast %87 : i32 to index
        %89 = tessera.view %arg3 [%85, %88] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_41 = arith.constant 64 : i32
        %90 = arith.muli %arg26, %c64_i32_41 : i32
        %91 = tessera.multiple_of %90, 64 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg10 [%92, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %93, %89, %82 {tessera.block_index} : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c64_i32_25 = arith.constant 64 : i32
      %36 = arith.muli %arg14, %c64_i32_25 : i32
      %37 = tessera.multiple_of %36, 64 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg4 [%38, 0] [64, 1024] {tessera.compiler_index} : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c64_i32_26 = arith.constant 64 : i32
      %40 = arith.muli %arg26, %c64_i32_26 : i32
      %41 = tessera.multiple_of %40, 64 : i32
      %42 = arith.index_cast %41 : i32 to index
      %43 = tessera.view %arg10 [%42, 0] [64, 1024] {tessera.compiler_index} : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %44 = tessera.load %arg6 : memref<1x1024xf32, #tessera.memory_space<vmem>> -> vector<1x1024xf32>
      %45 = tessera.load %arg8 : memref<1x1024xf32, #tessera.memory_space<vmem>> -> vector<1x1024xf32>
      %c0_i32_27 = arith.constant 0 : i32
      %c8_i32_28 = arith.constant 8 : i32
      %c1_i32_29 = arith.constant 1 : i32
      %c5_i32 = arith.constant 5 : i32
      %c4_i32 = arith.constant 4 : i32
      %46 = arith.muli %c1_i32_29, %c4_i32 : i32
      scf.for %arg31 = %c0_i32_27 to %c5_i32 step %46  : i32 {
        %c8_i32_39 = arith.constant 8 : i32
        %82 = arith.muli %arg31, %c8_i32_39 : i32
        %83 = tessera.multiple_of %82, 8 : i32
        %84 = arith.index_cast %83 : i32 to index
        %85 = tessera.view %39 [%84, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %86 = tessera.load %85 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %87 = tessera.reduce %86 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %88 = arith.divf %87, %cst : vector<8x1xf32>
        %89 = tessera.broadcast %88 : vector<8x1xf32> -> vector<8x1024xf32>
        %90 = arith.subf %86, %89 : vector<8x1024xf32>
        %91 = arith.mulf %90, %90 : vector<8x1024xf32>
        %92 = tessera.reduce %91 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_40 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %93 = arith.divf %92, %cst_40 : vector<8x1xf32>
        %cst_41 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %94 = arith.addf %93, %cst_41 : vector<8x1xf32>
        %95 = math.rsqrt %94 : vector<8x1xf32>
        %96 = tessera.broadcast %95 : vector<8x1xf32> -> vector<8x1024xf32>
        %97 = arith.mulf %90, %96 : vector<8x1024xf32>
        %98 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %99 = arith.mulf %97, %98 : vector<8x1024xf32>
        %100 = tessera.broadcast %45 : vector<1x1024xf32> -> vector<8x1024xf32>
        %101 = arith.addf %99, %100 : vector<8x1024xf32>
        %102 = tessera.view %43 [%84, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %101, %102 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c1_i32_42 = arith.constant 1 : i32
        %103 = arith.addi %arg31, %c1_i32_42 : i32
        %c8_i32_43 = arith.constant 8 : i32
        %104 = arith.muli %103, %c8_i32_43 : i32
        %105 = tessera.multiple_of %104, 8 : i32
        %106 = arith.index_cast %105 : i32 to index
        %107 = tessera.view %39 [%106, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %108 = tessera.load %107 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %109 = tessera.reduce %108 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_44 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %110 = arith.divf %109, %cst_44 : vector<8x1xf32>
        %111 = tessera.broadcast %110 : vector<8x1xf32> -> vector<8x1024xf32>
        %112 = arith.subf %108, %111 : vector<8x1024xf32>
        %113 = arith.mulf %112, %112 : vector<8x1024xf32>
        %114 = tessera.reduce %113 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_45 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %115 = arith.divf %114, %cst_45 : vector<8x1xf32>
        %cst_46 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %116 = arith.addf %115, %cst_46 : vector<8x1xf32>
        %117 = math.rsqrt %116 : vector<8x1xf32>
        %118 = tessera.broadcast %117 : vector<8x1xf32> -> vector<8x1024xf32>
        %119 = arith.mulf %112, %118 : vector<8x1024xf32>
        %120 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %121 = arith.mulf %119, %120 : vector<8x1024xf32>
        %122 = tessera.broadcast %45 : vector<1x1024xf32> -> vector<8x1024xf32>
        %123 = arith.addf %121, %122 : vector<8x1024xf32>
        %124 = tessera.view %43 [%106, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %123, %124 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c2_i32_47 = arith.constant 2 : i32
        %125 = arith.addi %arg31, %c2_i32_47 : i32
        %c8_i32_48 = arith.constant 8 : i32
        %126 = arith.muli %125, %c8_i32_48 : i32
        %127 = tessera.multiple_of %126, 8 : i32
        %128 = arith.index_cast %127 : i32 to index
        %129 = tessera.view %39 [%128, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %130 = tessera.load %129 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %131 = tessera.reduce %130 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_49 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %132 = arith.divf %131, %cst_49 : vector<8x1xf32>
        %133 = tessera.broadcast %132 : vector<8x1xf32> -> vector<8x1024xf32>
        %134 = arith.subf %130, %133 : vector<8x1024xf32>
        %135 = arith.mulf %134, %134 : vector<8x1024xf32>
        %136 = tessera.reduce %135 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_50 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %137 = arith.divf %136, %cst_50 : vector<8x1xf32>
        %cst_51 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %138 = arith.addf %137, %cst_51 : vector<8x1xf32>
        %139 = math.rsqrt %138 : vector<8x1xf32>
        %140 = tessera.broadcast %139 : vector<8x1xf32> -> vector<8x1024xf32>
        %141 = arith.mulf %134, %140 : vector<8x1024xf32>
        %142 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %143 = arith.mulf %141, %142 : vector<8x1024xf32>
        %144 = tessera.broadcast %45 : vector<1x1024xf32> -> vector<8x1024xf32>
        %145 = arith.addf %143, %144 : vector<8x1024xf32>
        %146 = tessera.view %43 [%128, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %145, %146 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c3_i32 = arith.constant 3 : i32
        %147 = arith.addi %arg31, %c3_i32 : i32
        %c8_i32_52 = arith.constant 8 : i32
        %148 = arith.muli %147, %c8_i32_52 : i32
        %149 = tessera.multiple_of %148, 8 : i32
        %150 = arith.index_cast %149 : i32 to index
        %151 = tessera.view %39 [%150, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %152 = tessera.load %151 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %153 = tessera.reduce %152 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_53 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %154 = arith.divf %153, %cst_53 : vector<8x1xf32>
        %155 = tessera.broadcast %154 : vector<8x1xf32> -> vector<8x1024xf32>
        %156 = arith.subf %152, %155 : vector<8x1024xf32>
        %157 = arith.mulf %156, %156 : vector<8x1024xf32>
        %158 = tessera.reduce %157 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_54 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %159 = arith.divf %158, %cst_54 : vector<8x1xf32>
        %cst_55 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %160 = arith.addf %159, %cst_55 : vector<8x1xf32>
        %161 = math.rsqrt %160 : vector<8x1xf32>
        %162 = tessera.broadcast %161 : vector<8x1xf32> -> vector<8x1024xf32>
        %163 = arith.mulf %156, %162 : vector<8x1024xf32>
        %164 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %165 = arith.mulf %163, %164 : vector<8x1024xf32>
        %166 = tessera.broadcast %45 : vector<1x1024xf32> -> vector<8x1024xf32>
        %167 = arith.addf %165, %166 : vector<8x1024xf32>
        %168 = tessera.view %43 [%150, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %167, %168 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      %47 = arith.cmpi ne, %34#0, %arg15 : i32
      %48 = arith.cmpi ne, %34#1, %arg16 : i32
      %49 = arith.ori %47, %48 : i1
      %50 = arith.andi %31, %49 : i1
      %c1_i32_30 = arith.constant 1 : i32
      %51 = arith.subi %c1_i32_30, %arg14 : i32
      %52 = arith.select %50, %51, %arg14 : i32
      %53 = arith.index_cast %52 : i32 to index
      %54 = arith.select %50, %c1_i32, %c0_i32 : i32
      %55 = arith.select %50, %34#0, %arg15 : i32
      %56 = arith.select %50, %34#1, %arg16 : i32
      %c1_i32_31 = arith.constant 1 : i32
      %57 = arith.addi %arg13, %c1_i32_31 : i32
      %c2_i32 = arith.constant 2 : i32
      %58 = arith.addi %arg13, %c2_i32 : i32
      %c8_i32_32 = arith.constant 8 : i32
      %59 = arith.cmpi slt, %58, %c8_i32_32 : i32
      %60:8 = scf.if %59 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c0_i32_39 = arith.constant 0 : i32
        %c0_i32_40 = arith.constant 0 : i32
        %c0_i32_41 = arith.constant 0 : i32
        %c0_i32_42 = arith.constant 0 : i32
        %c0_i32_43 = arith.constant 0 : i32
        %c0_i32_44 = arith.constant 0 : i32
        scf.yield %58, %c0_i32_39, %c0_i32_40, %c0_i32_41, %c0_i32_42, %c0_i32_43, %58, %c0_i32_44 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %55, %56, %arg19, %arg20, %arg23, %arg24, %arg27, %arg28 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %c7_i32_33 = arith.constant 7 : i32
      %61 = arith.cmpi slt, %57, %c7_i32_33 : i32
      %62 = arith.cmpi ne, %60#0, %55 : i32
      %63 = arith.cmpi ne, %60#1, %56 : i32
      %64 = arith.ori %62, %63 : i1
      %65 = arith.andi %61, %64 : i1
      %c1_i32_34 = arith.constant 1 : i32
      %66 = arith.subi %c1_i32_34, %52 : i32
      %67 = arith.index_cast %66 : i32 to index
      scf.if %65 {
        %82 = tessera.view %arg5 [%67] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_39 = arith.constant 64 : i32
        %83 = arith.muli %60#0, %c64_i32_39 : i32
        %84 = tessera.multiple_of %83, 64 : i32
        %85 = arith.index_cast %84 : i32 to index
        %c1024_i32_40 = arith.constant 1024 : i32
        %86 = arith.muli %60#1, %c1024_i32_40 : i32
        %87 = tessera.multiple_of %86, 1024 : i32
        %88 = arith.index_cast %87 : i32 to index
        %89 = tessera.view %arg0 [%85, %88] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_41 = arith.constant 64 : i32
        %90 = arith.muli %66, %c64_i32_41 : i32
        %91 = tessera.multiple_of %90, 64 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg4 [%92, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %89, %93, %82 {tessera.block_index} : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %68 = arith.xori %31, %true : i1
      %69 = arith.cmpi ne, %34#6, %arg27 : i32
      %70 = arith.cmpi ne, %34#7, %arg28 : i32
      %71 = arith.ori %69, %70 : i1
      %72 = arith.ori %68, %71 : i1
      scf.if %72 {
        %c1_i32_39 = arith.constant 1 : i32
        %82 = arith.muli %arg27, %c1_i32_39 : i32
        %83 = arith.addi %82, %arg28 : i32
        %84 = arith.index_cast %83 : i32 to index
        %85 = tessera.load_scalar %arg12[%84] {tessera.compiler_index} : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_40 = arith.constant 0 : i32
        %86 = arith.cmpi eq, %85, %c0_i32_40 : i32
        tessera.check %86, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg27, %arg28 : i32, i32]
        %c1_i32_41 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_41, %arg12[%84] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
        %87 = tessera.view %arg11 [%30] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_42 = arith.constant 64 : i32
        %88 = arith.muli %arg27, %c64_i32_42 : i32
        %89 = tessera.multiple_of %88, 64 : i32
        %90 = arith.index_cast %89 : i32 to index
        %c1024_i32_43 = arith.constant 1024 : i32
        %91 = arith.muli %arg28, %c1024_i32_43 : i32
        %92 = tessera.multiple_of %91, 1024 : i32
        %93 = arith.index_cast %92 : i32 to index
        %94 = tessera.view %arg3 [%90, %93] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_44 = arith.constant 64 : i32
        %95 = arith.muli %arg26, %c64_i32_44 : i32
        %96 = tessera.multiple_of %95, 64 : i32
        %97 = arith.index_cast %96 : i32 to index
        %98 = tessera.view %arg10 [%97, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %98, %94, %87 if %68 {pieces = 8 : i64, tessera.block_index} : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_35 = arith.constant 1 : i32
      %73 = arith.subi %c1_i32_35, %arg26 : i32
      %74 = arith.select %72, %73, %arg26 : i32
      %75 = arith.select %72, %arg30, %c0_i32 : i32
      %76 = arith.select %72, %c1_i32, %arg30 : i32
      %77 = arith.select %72, %34#6, %arg27 : i32
      %78 = arith.select %72, %34#7, %arg28 : i32
      %c0_i32_36 = arith.constant 0 : i32
      %79 = arith.cmpi ne, %54, %c0_i32_36 : i32
      scf.if %79 {
        %82 = tessera.view %arg5 [%53] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_39 = arith.constant 64 : i32
        %83 = arith.muli %55, %c64_i32_39 : i32
        %84 = tessera.multiple_of %83, 64 : i32
        %85 = arith.index_cast %84 : i32 to index
        %c1024_i32_40 = arith.constant 1024 : i32
        %86 = arith.muli %56, %c1024_i32_40 : i32
        %87 = tessera.multiple_of %86, 1024 : i32
        %88 = arith.index_cast %87 : i32 to index
        %89 = tessera.view %arg0 [%85, %88] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_41 = arith.constant 64 : i32
        %90 = arith.muli %52, %c64_i32_41 : i32
        %91 = tessera.multiple_of %90, 64 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg4 [%92, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %89, %93, %82 {tessera.block_index} : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_37 = arith.constant 0 : i32
      %80 = arith.cmpi ne, %c0_i32, %c0_i32_37 : i32
      scf.if %80 {
        tessera.dma_wait %arg1, %arg6, %arg7 {tessera.block_index} : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_38 = arith.constant 0 : i32
      %81 = arith.cmpi ne, %c0_i32, %c0_i32_38 : i32
      scf.if %81 {
        tessera.dma_wait %arg2, %arg8, %arg9 {tessera.block_index} : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %52, %55, %56, %54, %arg18, %arg19, %arg20, %c0_i32, %arg22, %arg23, %arg24, %c0_i32, %74, %77, %78, %75, %76 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %27 = arith.index_cast %26#12 : i32 to index
    %c0_i32_19 = arith.constant 0 : i32
    %28 = arith.cmpi ne, %26#15, %c0_i32_19 : i32
    scf.if %28 {
      %30 = tessera.view %arg11 [%27] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_21 = arith.constant 64 : i32
      %31 = arith.muli %26#13, %c64_i32_21 : i32
      %32 = tessera.multiple_of %31, 64 : i32
      %33 = arith.index_cast %32 : i32 to index
      %c1024_i32_22 = arith.constant 1024 : i32
      %34 = arith.muli %26#14, %c1024_i32_22 : i32
      %35 = tessera.multiple_of %34, 1024 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg3 [%33, %36] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_23 = arith.constant 64 : i32
      %38 = arith.muli %26#12, %c64_i32_23 : i32
      %39 = tessera.multiple_of %38, 64 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg10 [%40, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %41, %37, %30 {tessera.block_index} : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_20 = arith.constant 0 : i32
    %29 = arith.cmpi ne, %26#16, %c0_i32_20 : i32
    scf.if %29 {
      %c1_i32_21 = arith.constant 1 : i32
      %30 = arith.subi %c1_i32_21, %26#12 : i32
      %31 = arith.index_cast %30 : i32 to index
      %32 = tessera.view %arg11 [%31] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_22 = arith.constant 64 : i32
      %33 = arith.muli %26#13, %c64_i32_22 : i32
      %34 = tessera.multiple_of %33, 64 : i32
      %35 = arith.index_cast %34 : i32 to index
      %c1024_i32_23 = arith.constant 1024 : i32
      %36 = arith.muli %26#14, %c1024_i32_23 : i32
      %37 = tessera.multiple_of %36, 1024 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg3 [%35, %38] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_24 = arith.constant 64 : i32
      %40 = arith.muli %30, %c64_i32_24 : i32
      %41 = tessera.multiple_of %40, 64 : i32
      %42 = arith.index_cast %41 : i32 to index
      %43 = tessera.view %arg10 [%42, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %43, %39, %32 {tessera.block_index} : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
