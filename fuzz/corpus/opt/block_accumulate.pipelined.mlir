module {
  func.func @block_accumulate(%arg0: memref<1024x512xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x512xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<4xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %1 = arith.muli %c0_i32, %c2_i32 : i32
    %2 = arith.addi %1, %c0_i32 : i32
    %3 = tessera.view %arg3 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c128_i32 = arith.constant 128 : i32
    %4 = arith.muli %2, %c128_i32 : i32
    %5 = tessera.multiple_of %4, 128 : i32
    %6 = arith.index_cast %5 : i32 to index
    %c256_i32 = arith.constant 256 : i32
    %7 = arith.muli %c0_i32, %c256_i32 : i32
    %8 = tessera.multiple_of %7, 256 : i32
    %9 = arith.index_cast %8 : i32 to index
    %10 = tessera.view %arg0 [%6, %9] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
    %c128_i32_0 = arith.constant 128 : i32
    %11 = arith.muli %c0_i32, %c128_i32_0 : i32
    %12 = tessera.multiple_of %11, 128 : i32
    %13 = arith.index_cast %12 : i32 to index
    %14 = tessera.view %arg2 [%13, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %10, %14, %3 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_1 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32_2 = arith.constant 1 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %15 = arith.index_cast %c0_i32_3 : i32 to index
    %c0_i32_4 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_4, %arg6[%15] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    %c1_i32_5 = arith.constant 1 : i32
    %16 = arith.index_cast %c1_i32_5 : i32 to index
    %c0_i32_6 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_6, %arg6[%16] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    %c2_i32_7 = arith.constant 2 : i32
    %17 = arith.index_cast %c2_i32_7 : i32 to index
    %c0_i32_8 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_8, %arg6[%17] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    %c3_i32 = arith.constant 3 : i32
    %18 = arith.index_cast %c3_i32 : i32 to index
    %c0_i32_9 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_9, %arg6[%18] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    %c16_i32 = arith.constant 16 : i32
    %19 = arith.cmpi slt, %c1_i32, %c16_i32 : i32
    %20:4 = scf.if %19 -> (i32, i32, i32, i32) {
      %c4_i32_17 = arith.constant 4 : i32
      %33 = arith.remsi %c1_i32, %c4_i32_17 : i32
      %c4_i32_18 = arith.constant 4 : i32
      %34 = arith.divsi %c1_i32, %c4_i32_18 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %35 = arith.remsi %34, %c2_i32_19 : i32
      %c8_i32 = arith.constant 8 : i32
      %36 = arith.divsi %c1_i32, %c8_i32 : i32
      %c2_i32_20 = arith.constant 2 : i32
      %37 = arith.muli %33, %c2_i32_20 : i32
      %38 = arith.addi %37, %36 : i32
      scf.yield %38, %35, %36, %35 : i32, i32, i32, i32
    } else {
      scf.yield %2, %c0_i32, %c0_i32, %c0_i32 : i32, i32, i32, i32
    }
    %c15_i32 = arith.constant 15 : i32
    %21 = arith.cmpi slt, %c0_i32, %c15_i32 : i32
    %22 = arith.cmpi ne, %20#0, %2 : i32
    %23 = arith.cmpi ne, %20#1, %c0_i32 : i32
    %24 = arith.ori %22, %23 : i1
    %25 = arith.andi %21, %24 : i1
    %c1_i32_10 = arith.constant 1 : i32
    %26 = arith.subi %c1_i32_10, %c0_i32 : i32
    %27 = arith.index_cast %26 : i32 to index
    scf.if %25 {
      %33 = tessera.view %arg3 [%27] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_17 = arith.constant 128 : i32
      %34 = arith.muli %20#0, %c128_i32_17 : i32
      %35 = tessera.multiple_of %34, 128 : i32
      %36 = arith.index_cast %35 : i32 to index
      %c256_i32_18 = arith.constant 256 : i32
      %37 = arith.muli %20#1, %c256_i32_18 : i32
      %38 = tessera.multiple_of %37, 256 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg0 [%36, %39] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_19 = arith.constant 128 : i32
      %41 = arith.muli %26, %c128_i32_19 : i32
      %42 = tessera.multiple_of %41, 128 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg2 [%43, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %40, %44, %33 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_11 = arith.constant 0 : i32
    %28 = arith.cmpi ne, %c1_i32, %c0_i32_11 : i32
    scf.if %28 {
      %33 = tessera.view %arg3 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_17 = arith.constant 128 : i32
      %34 = arith.muli %2, %c128_i32_17 : i32
      %35 = tessera.multiple_of %34, 128 : i32
      %36 = arith.index_cast %35 : i32 to index
      %c256_i32_18 = arith.constant 256 : i32
      %37 = arith.muli %c0_i32, %c256_i32_18 : i32
      %38 = tessera.multiple_of %37, 256 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg0 [%36, %39] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_19 = arith.constant 128 : i32
      %41 = arith.muli %c0_i32, %c128_i32_19 : i32
      %42 = tessera.multiple_of %41, 128 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg2 [%43, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %40, %44, %33 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_12 = arith.constant 0 : i32
    %c16_i32_13 = arith.constant 16 : i32
    %c1_i32_14 = arith.constant 1 : i32
    %29:9 = scf.for %arg7 = %c0_i32_12 to %c16_i32_13 step %c1_i32_14 iter_args(%arg8 = %c0_i32, %arg9 = %2, %arg10 = %c0_i32, %arg11 = %c1_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %33 = arith.index_cast %arg12 : i32 to index
      %c4_i32_17 = arith.constant 4 : i32
      %34 = arith.remsi %arg7, %c4_i32_17 : i32
      %c4_i32_18 = arith.constant 4 : i32
      %35 = arith.divsi %arg7, %c4_i32_18 : i32
      %c2_i32_19 = arith.constant 2 : i32
      %36 = arith.remsi %35, %c2_i32_19 : i32
      %c8_i32 = arith.constant 8 : i32
      %37 = arith.divsi %arg7, %c8_i32 : i32
      %c15_i32_20 = arith.constant 15 : i32
      %38 = arith.cmpi slt, %arg7, %c15_i32_20 : i32
      %c1_i32_21 = arith.constant 1 : i32
      %39 = arith.addi %arg7, %c1_i32_21 : i32
      %c16_i32_22 = arith.constant 16 : i32
      %40 = arith.cmpi slt, %39, %c16_i32_22 : i32
      %41:4 = scf.if %40 -> (i32, i32, i32, i32) {
        %c4_i32_35 = arith.constant 4 : i32
        %88 = arith.remsi %39, %c4_i32_35 : i32
        %c4_i32_36 = arith.constant 4 : i32
        %89 = arith.divsi %39, %c4_i32_36 : i32
        %c2_i32_37 = arith.constant 2 : i32
        %90 = arith.remsi %89, %c2_i32_37 : i32
        %c8_i32_38 = arith.constant 8 : i32
        %91 = arith.divsi %39, %c8_i32_38 : i32
        %c2_i32_39 = arith.constant 2 : i32
        %92 = arith.muli %88, %c2_i32_39 : i32
        %93 = arith.addi %92, %91 : i32
        scf.yield %93, %90, %91, %90 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c0_i32_23 = arith.constant 0 : i32
      %42 = arith.cmpi ne, %arg15, %c0_i32_23 : i32
      scf.if %42 {
        %88 = tessera.view %arg5 [%33] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_35 = arith.constant 128 : i32
        %89 = arith.muli %arg13, %c128_i32_35 : i32
        %90 = tessera.multiple_of %89, 128 : i32
        %91 = arith.index_cast %90 : i32 to index
        %c256_i32_36 = arith.constant 256 : i32
        %92 = arith.muli %arg14, %c256_i32_36 : i32
        %93 = tessera.multiple_of %92, 256 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg1 [%91, %94] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_37 = arith.constant 128 : i32
        %96 = arith.muli %arg12, %c128_i32_37 : i32
        %97 = tessera.multiple_of %96, 128 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg4 [%98, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %99, %95, %88 {tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c128_i32_24 = arith.constant 128 : i32
      %43 = arith.muli %arg8, %c128_i32_24 : i32
      %44 = tessera.multiple_of %43, 128 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg2 [%45, 0] [128, 256] {tessera.compiler_index} : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c128_i32_25 = arith.constant 128 : i32
      %47 = arith.muli %arg12, %c128_i32_25 : i32
      %48 = tessera.multiple_of %47, 128 : i32
      %49 = arith.index_cast %48 : i32 to index
      %50 = tessera.view %arg4 [%49, 0] [128, 256] {tessera.compiler_index} : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c0_i32_26 = arith.constant 0 : i32
      %51 = arith.cmpi eq, %34, %c0_i32_26 : i32
      scf.if %51 {
        %cst = arith.constant dense<0.000000e+00> : vector<128x256xf32>
        tessera.store %cst, %50 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      } else {
      }
      %52 = tessera.load %50 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %53 = tessera.load %46 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %54 = arith.addf %52, %53 : vector<128x256xf32>
      tessera.store %54, %50 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %55 = arith.cmpi ne, %41#0, %arg9 : i32
      %56 = arith.cmpi ne, %41#1, %arg10 : i32
      %57 = arith.ori %55, %56 : i1
      %58 = arith.andi %38, %57 : i1
      %c1_i32_27 = arith.constant 1 : i32
      %59 = arith.subi %c1_i32_27, %arg8 : i32
      %60 = arith.select %58, %59, %arg8 : i32
      %61 = arith.index_cast %60 : i32 to index
      %62 = arith.select %58, %c1_i32, %c0_i32 : i32
      %63 = arith.select %58, %41#0, %arg9 : i32
      %64 = arith.select %58, %41#1, %arg10 : i32
      %c1_i32_28 = arith.constant 1 : i32
      %65 = arith.addi %arg7, %c1_i32_28 : i32
      %c2_i32_29 = arith.constant 2 : i32
      %66 = arith.addi %arg7, %c2_i32_29 : i32
      %c16_i32_30 = arith.constant 16 : i32
      %67 = arith.cmpi slt, %66, %c16_i32_30 : i32
      %68:4 = scf.if %67 -> (i32, i32, i32, i32) {
        %c4_i32_35 = arith.constant 4 : i32
        %88 = arith.remsi %66, %c4_i32_35 : i32
        %c4_i32_36 = arith.constant 4 : i32
        %89 = arith.divsi %66, %c4_i32_36 : i32
        %c2_i32_37 = arith.constant 2 : i32
        %90 = arith.remsi %89, %c2_i32_37 : i32
        %c8_i32_38 = arith.constant 8 : i32
        %91 = arith.divsi %66, %c8_i32_38 : i32
        %c2_i32_39 = arith.constant 2 : i32
        %92 = arith.muli %88, %c2_i32_39 : i32
        %93 = arith.addi %92, %91 : i32
        scf.yield %93, %90, %91, %90 : i32, i32, i32, i32
      } else {
        scf.yield %63, %64, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c15_i32_31 = arith.constant 15 : i32
      %69 = arith.cmpi slt, %65, %c15_i32_31 : i32
      %70 = arith.cmpi ne, %68#0, %63 : i32
      %71 = arith.cmpi ne, %68#1, %64 : i32
      %72 = arith.ori %70, %71 : i1
      %73 = arith.andi %69, %72 : i1
      %c1_i32_32 = arith.constant 1 : i32
      %74 = arith.subi %c1_i32_32, %60 : i32
      %75 = arith.index_cast %74 : i32 to index
      scf.if %73 {
        %88 = tessera.view %arg3 [%75] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_35 = arith.constant 128 : i32
        %89 = arith.muli %68#0, %c128_i32_35 : i32
        %90 = tessera.multiple_of %89, 128 : i32
        %91 = arith.index_cast %90 : i32 to index
        %c256_i32_36 = arith.constant 256 : i32
        %92 = arith.muli %68#1, %c256_i32_36 : i32
        %93 = tessera.multiple_of %92, 256 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg0 [%91, %94] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_37 = arith.constant 128 : i32
        %96 = arith.muli %74, %c128_i32_37 : i32
        %97 = tessera.multiple_of %96, 128 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg2 [%98, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %95, %99, %88 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %76 = arith.xori %38, %true : i1
      %77 = arith.cmpi ne, %41#2, %arg13 : i32
      %78 = arith.cmpi ne, %41#3, %arg14 : i32
      %79 = arith.ori %77, %78 : i1
      %80 = arith.ori %76, %79 : i1
      scf.if %80 {
        %c2_i32_35 = arith.constant 2 : i32
        %88 = arith.muli %arg13, %c2_i32_35 : i32
        %89 = arith.addi %88, %arg14 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.load_scalar %arg6[%90] {tessera.compiler_index} : memref<4xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_36 = arith.constant 0 : i32
        %92 = arith.cmpi eq, %91, %c0_i32_36 : i32
        tessera.check %92, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        %c1_i32_37 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_37, %arg6[%90] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
        %93 = tessera.view %arg5 [%33] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_38 = arith.constant 128 : i32
        %94 = arith.muli %arg13, %c128_i32_38 : i32
        %95 = tessera.multiple_of %94, 128 : i32
        %96 = arith.index_cast %95 : i32 to index
        %c256_i32_39 = arith.constant 256 : i32
        %97 = arith.muli %arg14, %c256_i32_39 : i32
        %98 = tessera.multiple_of %97, 256 : i32
        %99 = arith.index_cast %98 : i32 to index
        %100 = tessera.view %arg1 [%96, %99] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_40 = arith.constant 128 : i32
        %101 = arith.muli %arg12, %c128_i32_40 : i32
        %102 = tessera.multiple_of %101, 128 : i32
        %103 = arith.index_cast %102 : i32 to index
        %104 = tessera.view %arg4 [%103, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %104, %100, %93 if %76 {pieces = 8 : i64, tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_33 = arith.constant 1 : i32
      %81 = arith.subi %c1_i32_33, %arg12 : i32
      %82 = arith.select %80, %81, %arg12 : i32
      %83 = arith.select %80, %arg16, %c0_i32 : i32
      %84 = arith.select %80, %c1_i32, %arg16 : i32
      %85 = arith.select %80, %41#2, %arg13 : i32
      %86 = arith.select %80, %41#3, %arg14 : i32
      %c0_i32_34 = arith.constant 0 : i32
      %87 = arith.cmpi ne, %62, %c0_i32_34 : i32
      scf.if %87 {
        %88 = tessera.view %arg3 [%61] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_35 = arith.constant 128 : i32
        %89 = arith.muli %63, %c128_i32_35 : i32
        %90 = tessera.multiple_of %89, 128 : i32
        %91 = arith.index_cast %90 : i32 to index
        %c256_i32_36 = arith.constant 256 : i32
        %92 = arith.muli %64, %c256_i32_36 : i32
        %93 = tessera.multiple_of %92, 256 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg0 [%91, %94] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_37 = arith.constant 128 : i32
        %96 = arith.muli %60, %c128_i32_37 : i32
        %97 = tessera.multiple_of %96, 128 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg2 [%98, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %95, %99, %88 {tessera.block_index} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %60, %63, %64, %62, %82, %85, %86, %83, %84 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %30 = arith.index_cast %29#4 : i32 to index
    %c0_i32_15 = arith.constant 0 : i32
    %31 = arith.cmpi ne, %29#7, %c0_i32_15 : i32
    scf.if %31 {
      %33 = tessera.view %arg5 [%30] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_17 = arith.constant 128 : i32
      %34 = arith.muli %29#5, %c128_i32_17 : i32
      %35 = tessera.multiple_of %34, 128 : i32
      %36 = arith.index_cast %35 : i32 to index
      %c256_i32_18 = arith.constant 256 : i32
      %37 = arith.muli %29#6, %c256_i32_18 : i32
      %38 = tessera.multiple_of %37, 256 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg1 [%36, %39] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_19 = arith.constant 128 : i32
      %41 = arith.muli %29#4, %c128_i32_19 : i32
      %42 = tessera.multiple_of %41, 128 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg4 [%43, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %44, %40, %33 {tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_16 = arith.constant 0 : i32
    %32 = arith.cmpi ne, %29#8, %c0_i32_16 : i32
    scf.if %32 {
      %c1_i32_17 = arith.constant 1 : i32
      %33 = arith.subi %c1_i32_17, %29#4 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.view %arg5 [%34] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_18 = arith.constant 128 : i32
      %36 = arith.muli %29#5, %c128_i32_18 : i32
      %37 = tessera.multiple_of %36, 128 : i32
      %38 = arith.index_cast %37 : i32 to index
      %c256_i32_19 = arith.constant 256 : i32
      %39 = arith.muli %29#6, %c256_i32_19 : i32
      %40 = tessera.multiple_of %39, 256 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg1 [%38, %41] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_20 = arith.constant 128 : i32
      %43 = arith.muli %33, %c128_i32_20 : i32
      %44 = tessera.multiple_of %43, 128 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg4 [%45, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %46, %42, %35 {tessera.block_index} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
