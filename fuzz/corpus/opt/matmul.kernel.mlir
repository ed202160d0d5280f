module {
  func.func @matmul(%arg0: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "y_hbm"}, %arg2: memref<1024x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<128x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "acc"}, %arg4: memref<256x1024xbf16, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg6: memref<1024x1024xbf16, #tessera.memory_space<vmem>> {tessera.name = "y_hbm_blocks"}, %arg7: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "y_hbm_sems"}, %arg8: memref<256x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg9: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg10: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg11 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %17 = arith.index_cast %arg11 : i32 to index
      %c0_i32_8 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_8, %arg10[%17] : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %1 = tessera.view %arg5 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c128_i32 = arith.constant 128 : i32
    %2 = arith.muli %c0_i32_0, %c128_i32 : i32
    %3 = tessera.multiple_of %2, 128 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32_0, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [128, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c128_i32_2 = arith.constant 128 : i32
    %9 = arith.muli %c0_i32_0, %c128_i32_2 : i32
    %10 = tessera.multiple_of %9, 128 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg4 [%11, 0] [128, 1024] : memref<256x1024xbf16, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    tessera.dma_start %arg1, %arg6, %arg7 : memref<1024x1024xbf16, #tessera.memory_space<any>>, memref<1024x1024xbf16, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %c0_i32_3 = arith.constant 0 : i32
    %c8_i32_4 = arith.constant 8 : i32
    %c1_i32_5 = arith.constant 1 : i32
    %13:13 = scf.for %arg11 = %c0_i32_3 to %c8_i32_4 step %c1_i32_5 iter_args(%arg12 = %c0_i32_0, %arg13 = %c0_i32_0, %arg14 = %c0_i32_0, %arg15 = %c1_i32_1, %arg16 = %c0_i32_0, %arg17 = %c0_i32_0, %arg18 = %c0_i32_0, %arg19 = %c1_i32_1, %arg20 = %c0_i32_0, %arg21 = %c0_i32_0, %arg22 = %c0_i32_0, %arg23 = %c0_i32_0, %arg24 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %17 = arith.index_cast %arg20 : i32 to index
      %18 = arith.index_cast %arg12 : i32 to index
      %c1_i32_8 = arith.constant 1 : i32
      %19 = arith.remsi %arg11, %c1_i32_8 : i32
      %c1_i32_9 = arith.constant 1 : i32
      %20 = arith.remsi %arg11, %c1_i32_9 : i32
      %c7_i32 = arith.constant 7 : i32
      %21 = arith.cmpi slt, %arg11, %c7_i32 : i32
      %22:6 = scf.if %21 -> (i32, i32, i32, i32, i32, i32) {
        %c1_i32_19 = arith.constant 1 : i32
        %62 = arith.addi %arg11, %c1_i32_19 : i32
        %c1_i32_20 = arith.constant 1 : i32
        %63 = arith.remsi %62, %c1_i32_20 : i32
        %c1_i32_21 = arith.constant 1 : i32
        %64 = arith.remsi %62, %c1_i32_21 : i32
        scf.yield %62, %63, %63, %64, %62, %64 : i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg13, %arg14, %arg17, %arg18, %arg21, %arg22 : i32, i32, i32, i32, i32, i32
      }
      %23 = arith.cmpi ne, %22#0, %arg13 : i32
      %24 = arith.cmpi ne, %22#1, %arg14 : i32
      %25 = arith.ori %23, %24 : i1
      %26 = arith.andi %21, %25 : i1
      %c1_i32_10 = arith.constant 1 : i32
      %27 = arith.subi %c1_i32_10, %arg12 : i32
      %28 = arith.index_cast %27 : i32 to index
      scf.if %26 {
        %62 = tessera.view %arg5 [%28] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_19 = arith.constant 128 : i32
        %63 = arith.muli %22#0, %c128_i32_19 : i32
        %64 = tessera.multiple_of %63, 128 : i32
        %65 = arith.index_cast %64 : i32 to index
        %c1024_i32_20 = arith.constant 1024 : i32
        %66 = arith.muli %22#1, %c1024_i32_20 : i32
        %67 = tessera.multiple_of %66, 1024 : i32
        %68 = arith.index_cast %67 : i32 to index
        %69 = tessera.view %arg0 [%65, %68] [128, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_21 = arith.constant 128 : i32
        %70 = arith.muli %27, %c128_i32_21 : i32
        %71 = tessera.multiple_of %70, 128 : i32
        %72 = arith.index_cast %71 : i32 to index
        %73 = tessera.view %arg4 [%72, 0] [128, 1024] : memref<256x1024xbf16, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %69, %73, %62 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_11 = arith.constant 0 : i32
      %29 = arith.cmpi ne, %arg15, %c0_i32_11 : i32
      scf.if %29 {
        %62 = tessera.view %arg5 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_19 = arith.constant 128 : i32
        %63 = arith.muli %arg13, %c128_i32_19 : i32
        %64 = tessera.multiple_of %63, 128 : i32
        %65 = arith.index_cast %64 : i32 to index
        %c1024_i32_20 = arith.constant 1024 : i32
        %66 = arith.muli %arg14, %c1024_i32_20 : i32
        %67 = tessera.multiple_of %66, 1024 : i32
        %68 = arith.index_cast %67 : i32 to index
        %69 = tessera.view %arg0 [%65, %68] [128, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_21 = arith.constant 128 : i32
        %70 = arith.muli %arg12, %c128_i32_21 : i32
        %71 = tessera.multiple_of %70, 128 : i32
        %72 = arith.index_cast %71 : i32 to index
        %73 = tessera.view %arg4 [%72, 0] [128, 1024] : memref<256x1024xbf16, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %69, %73, %62 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %30 = arith.select %26, %27, %arg12 : i32
      %31 = arith.select %26, %c1_i32_1, %c0_i32_0 : i32
      %32 = arith.select %26, %22#0, %arg13 : i32
      %33 = arith.select %26, %22#1, %arg14 : i32
      %c0_i32_12 = arith.constant 0 : i32
      %34 = arith.cmpi ne, %arg19, %c0_i32_12 : i32
      scf.if %34 {
        tessera.dma_wait %arg1, %arg6, %arg7 : memref<1024x1024xbf16, #tessera.memory_space<any>>, memref<1024x1024xbf16, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_13 = arith.constant 0 : i32
      %35 = arith.cmpi ne, %arg23, %c0_i32_13 : i32
      scf.if %35 {
        %62 = tessera.view %arg9 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_19 = arith.constant 128 : i32
        %63 = arith.muli %arg21, %c128_i32_19 : i32
        %64 = tessera.multiple_of %63, 128 : i32
        %65 = arith.index_cast %64 : i32 to index
        %c1024_i32_20 = arith.constant 1024 : i32
        %66 = arith.muli %arg22, %c1024_i32_20 : i32
        %67 = tessera.multiple_of %66, 1024 : i32
        %68 = arith.index_cast %67 : i32 to index
        %69 = tessera.view %arg2 [%65, %68] [128, 1024] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_21 = arith.constant 128 : i32
        %70 = arith.muli %arg20, %c128_i32_21 : i32
        %71 = tessera.multiple_of %70, 128 : i32
        %72 = arith.index_cast %71 : i32 to index
        %73 = tessera.view %arg8 [%72, 0] [128, 1024] : memref<256x1024xf32, #tessera.memory_space<vmem>> to memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %73, %69, %62 : memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c128_i32_14 = arith.constant 128 : i32
      %36 = arith.muli %arg12, %c128_i32_14 : i32
      %37 = tessera.multiple_of %36, 128 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg4 [%38, 0] [128, 1024] : memref<256x1024xbf16, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c128_i32_15 = arith.constant 128 : i32
      %40 = arith.muli %arg20, %c128_i32_15 : i32
      %41 = tessera.multiple_of %40, 128 : i32
      %42 = arith.index_cast %41 : i32 to index
      %43 = tessera.view %arg8 [%42, 0] [128, 1024] : memref<256x1024xf32, #tessera.memory_space<vmem>> to memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c0_i32_16 = arith.constant 0 : i32
      %44 = arith.cmpi eq, %19, %c0_i32_16 : i32
      scf.if %44 {
        %cst = arith.constant dense<0.000000e+00> : vector<128x1024xf32>
        tessera.store %cst, %arg3 : vector<128x1024xf32>, memref<128x1024xf32, #tessera.memory_space<vmem>>
      } else {
      }
      %45 = tessera.load %arg3 : memref<128x1024xf32, #tessera.memory_space<vmem>> -> vector<128x1024xf32>
      %46 = tessera.load %39 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %47 = tessera.load %arg6 : memref<1024x1024xbf16, #tessera.memory_space<vmem>> -> vector<1024x1024xbf16>
      %48 = tessera.dot %46, %47 : vector<128x1024xbf16>, vector<1024x1024xbf16> -> vector<128x1024xf32>
      %49 = arith.addf %45, %48 : vector<128x1024xf32>
      tessera.store %49, %arg3 : vector<128x1024xf32>, memref<128x1024xf32, #tessera.memory_space<vmem>>
      %c0_i32_17 = arith.constant 0 : i32
      %50 = arith.cmpi eq, %19, %c0_i32_17 : i32
      scf.if %50 {
        %62 = tessera.load %arg3 : memref<128x1024xf32, #tessera.memory_space<vmem>> -> vector<128x1024xf32>
        tessera.store %62, %43 : vector<128x1024xf32>, memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      } else {
      }
      %true = arith.constant true
      %51 = arith.xori %21, %true : i1
      %52 = arith.cmpi ne, %22#4, %arg21 : i32
      %53 = arith.cmpi ne, %22#5, %arg22 : i32
      %54 = arith.ori %52, %53 : i1
      %55 = arith.ori %51, %54 : i1
      scf.if %55 {
        %c1_i32_19 = arith.constant 1 : i32
        %62 = arith.muli %arg21, %c1_i32_19 : i32
        %63 = arith.addi %62, %arg22 : i32
        %64 = arith.index_cast %63 : i32 to index
        %65 = tessera.load_scalar %arg10[%64] : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_20 = arith.constant 0 : i32
        %66 = arith.cmpi eq, %65, %c0_i32_20 : i32
        tessera.check %66, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg21, %arg22 : i32, i32]
        %c1_i32_21 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_21, %arg10[%64] : i32, memref<8xi32, #tessera.memory_space<smem>>
        %67 = tessera.view %arg9 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_22 = arith.constant 128 : i32
        %68 = arith.muli %arg21, %c128_i32_22 : i32
        %69 = tessera.multiple_of %68, 128 : i32
        %70 = arith.index_cast %69 : i32 to index
        %c1024_i32_23 = arith.constant 1024 : i32
        %71 = arith.muli %arg22, %c1024_i32_23 : i32
        %72 = tessera.multiple_of %71, 1024 : i32
        %73 = arith.index_cast %72 : i32 to index
        %74 = tessera.view %arg2 [%70, %73] [128, 1024] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_24 = arith.constant 128 : i32
        %75 = arith.muli %arg20, %c128_i32_24 : i32
        %76 = tessera.multiple_of %75, 128 : i32
        %77 = arith.index_cast %76 : i32 to index
        %78 = tessera.view %arg8 [%77, 0] [128, 1024] : memref<256x1024xf32, #tessera.memory_space<vmem>> to memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %78, %74, %67 : memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c1_i32_18 = arith.constant 1 : i32
      %56 = arith.subi %c1_i32_18, %arg20 : i32
      %57 = arith.select %55, %56, %arg20 : i32
      %58 = arith.select %55, %arg24, %c0_i32_0 : i32
      %59 = arith.select %55, %c1_i32_1, %arg24 : i32
      %60 = arith.select %55, %22#4, %arg21 : i32
      %61 = arith.select %55, %22#5, %arg22 : i32
      scf.yield %30, %32, %33, %31, %arg16, %arg17, %arg18, %c0_i32_0, %57, %60, %61, %58, %59 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %14 = arith.index_cast %13#8 : i32 to index
    %c0_i32_6 = arith.constant 0 : i32
    %15 = arith.cmpi ne, %13#11, %c0_i32_6 : i32
    scf.if %15 {
      %17 = tessera.view %arg9 [%14] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_8 = arith.constant 128 : i32
      %18 = arith.muli %13#9, %c128_i32_8 : i32
      %19 = tessera.multiple_of %18, 128 : i32
      %20 = arith.index_cast %19 : i32 to index
      %c1024_i32_9 = arith.constant 1024 : i32
      %21 = arith.muli %13#10, %c1024_i32_9 : i32
      %22 = tessera.multiple_of %21, 1024 : i32
      %23 = arith.index_cast %22 : i32 to index
      %24 = tessera.view %arg2 [%20, %23] [128, 1024] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_10 = arith.constant 128 : i32
      %25 = arith.muli %13#8, %c128_i32_10 : i32
      %26 = tessera.multiple_of %25, 128 : i32
      %27 = arith.index_cast %26 : i32 to index
      %28 = tessera.view %arg8 [%27, 0] [128, 1024] : memref<256x1024xf32, #tessera.memory_space<vmem>> to memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %28, %24, %17 : memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_7 = arith.constant 0 : i32
    %16 = arith.cmpi ne, %13#12, %c0_i32_7 : i32
    scf.if %16 {
      %c1_i32_8 = arith.constant 1 : i32
      %17 = arith.subi %c1_i32_8, %13#8 : i32
      %18 = arith.index_cast %17 : i32 to index
      %19 = tessera.view %arg9 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_9 = arith.constant 128 : i32
      %20 = arith.muli %13#9, %c128_i32_9 : i32
      %21 = tessera.multiple_of %20, 128 : i32
      %22 = arith.index_cast %21 : i32 to index
      %c1024_i32_10 = arith.constant 1024 : i32
      %23 = arith.muli %13#10, %c1024_i32_10 : i32
      %24 = tessera.multiple_of %23, 1024 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg2 [%22, %25] [128, 1024] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_11 = arith.constant 128 : i32
      %27 = arith.muli %17, %c128_i32_11 : i32
      %28 = tessera.multiple_of %27, 128 : i32
      %29 = arith.index_cast %28 : i32 to index
      %30 = tessera.view %arg8 [%29, 0] [128, 1024] : memref<256x1024xf32, #tessera.memory_space<vmem>> to memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %30, %26, %19 : memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
