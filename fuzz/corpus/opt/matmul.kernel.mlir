module {
  func.func @matmul(%arg0: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "y_hbm"}, %arg2: memref<1024x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<512x256xf32, #tessera.memory_space<vmem>> {tessera.name = "acc"}, %arg4: memref<1024x1024xbf16, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg6: memref<2048x256xbf16, #tessera.memory_space<vmem>> {tessera.name = "y_hbm_blocks"}, %arg7: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "y_hbm_sems"}, %arg8: memref<1024x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg9: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg10: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg11 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %29 = arith.index_cast %arg11 : i32 to index
      %c0_i32_10 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_10, %arg10[%29] : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %1 = tessera.view %arg5 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c512_i32 = arith.constant 512 : i32
    %2 = arith.muli %c0_i32_0, %c512_i32 : i32
    %3 = tessera.multiple_of %2, 512 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32_0, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c512_i32_2 = arith.constant 512 : i32
    %9 = arith.muli %c0_i32_0, %c512_i32_2 : i32
    %10 = tessera.multiple_of %9, 512 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg4 [%11, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %13 = tessera.view %arg7 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c1024_i32_3 = arith.constant 1024 : i32
    %14 = arith.muli %c0_i32_0, %c1024_i32_3 : i32
    %15 = tessera.multiple_of %14, 1024 : i32
    %16 = arith.index_cast %15 : i32 to index
    %c256_i32 = arith.constant 256 : i32
    %17 = arith.muli %c0_i32_0, %c256_i32 : i32
    %18 = tessera.multiple_of %17, 256 : i32
    %19 = arith.index_cast %18 : i32 to index
    %20 = tessera.view %arg1 [%16, %19] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c1024_i32_4 = arith.constant 1024 : i32
    %21 = arith.muli %c0_i32_0, %c1024_i32_4 : i32
    %22 = tessera.multiple_of %21, 1024 : i32
    %23 = arith.index_cast %22 : i32 to index
    %24 = tessera.view %arg6 [%23, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %20, %24, %13 : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_5 = arith.constant 0 : i32
    %c8_i32_6 = arith.constant 8 : i32
    %c1_i32_7 = arith.constant 1 : i32
    %25:13 = scf.for %arg11 = %c0_i32_5 to %c8_i32_6 step %c1_i32_7 iter_args(%arg12 = %c0_i32_0, %arg13 = %c0_i32_0, %arg14 = %c0_i32_0, %arg15 = %c1_i32_1, %arg16 = %c0_i32_0, %arg17 = %c0_i32_0, %arg18 = %c0_i32_0, %arg19 = %c1_i32_1, %arg20 = %c0_i32_0, %arg21 = %c0_i32_0, %arg22 = %c0_i32_0, %arg23 = %c0_i32_0, %arg24 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %29 = arith.index_cast %arg20 : i32 to index
      %30 = arith.index_cast %arg16 : i32 to index
      %31 = arith.index_cast %arg12 : i32 to index
      %c1_i32_10 = arith.constant 1 : i32
      %32 = arith.remsi %arg11, %c1_i32_10 : i32
      %c4_i32 = arith.constant 4 : i32
      %33 = arith.remsi %arg11, %c4_i32 : i32
      %c4_i32_11 = arith.constant 4 : i32
      %34 = arith.divsi %arg11, %c4_i32_11 : i32
      %c7_i32 = arith.constant 7 : i32
      %35 = arith.cmpi slt, %arg11, %c7_i32 : i32
      %36:6 = scf.if %35 -> (i32, i32, i32, i32, i32, i32) {
        %c1_i32_23 = arith.constant 1 : i32
        %117 = arith.addi %arg11, %c1_i32_23 : i32
        %c1_i32_24 = arith.constant 1 : i32
        %118 = arith.remsi %117, %c1_i32_24 : i32
        %c4_i32_25 = arith.constant 4 : i32
        %119 = arith.remsi %117, %c4_i32_25 : i32
        %c4_i32_26 = arith.constant 4 : i32
        %120 = arith.divsi %117, %c4_i32_26 : i32
        scf.yield %120, %118, %118, %119, %120, %119 : i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg13, %arg14, %arg17, %arg18, %arg21, %arg22 : i32, i32, i32, i32, i32, i32
      }
      %37 = arith.cmpi ne, %36#0, %arg13 : i32
      %38 = arith.cmpi ne, %36#1, %arg14 : i32
      %39 = arith.ori %37, %38 : i1
      %40 = arith.andi %35, %39 : i1
      %c1_i32_12 = arith.constant 1 : i32
      %41 = arith.subi %c1_i32_12, %arg12 : i32
      %42 = arith.index_cast %41 : i32 to index
      scf.if %40 {
        %117 = tessera.view %arg5 [%42] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_23 = arith.constant 512 : i32
        %118 = arith.muli %36#0, %c512_i32_23 : i32
        %119 = tessera.multiple_of %118, 512 : i32
        %120 = arith.index_cast %119 : i32 to index
        %c1024_i32_24 = arith.constant 1024 : i32
        %121 = arith.muli %36#1, %c1024_i32_24 : i32
        %122 = tessera.multiple_of %121, 1024 : i32
        %123 = arith.index_cast %122 : i32 to index
        %124 = tessera.view %arg0 [%120, %123] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_25 = arith.constant 512 : i32
        %125 = arith.muli %41, %c512_i32_25 : i32
        %126 = tessera.multiple_of %125, 512 : i32
        %127 = arith.index_cast %126 : i32 to index
        %128 = tessera.view %arg4 [%127, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %124, %128, %117 : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_13 = arith.constant 0 : i32
      %43 = arith.cmpi ne, %arg15, %c0_i32_13 : i32
      scf.if %43 {
        %117 = tessera.view %arg5 [%31] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_23 = arith.constant 512 : i32
        %118 = arith.muli %arg13, %c512_i32_23 : i32
        %119 = tessera.multiple_of %118, 512 : i32
        %120 = arith.index_cast %119 : i32 to index
        %c1024_i32_24 = arith.constant 1024 : i32
        %121 = arith.muli %arg14, %c1024_i32_24 : i32
        %122 = tessera.multiple_of %121, 1024 : i32
        %123 = arith.index_cast %122 : i32 to index
        %124 = tessera.view %arg0 [%120, %123] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_25 = arith.constant 512 : i32
        %125 = arith.muli %arg12, %c512_i32_25 : i32
        %126 = tessera.multiple_of %125, 512 : i32
        %127 = arith.index_cast %126 : i32 to index
        %128 = tessera.view %arg4 [%127, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %124, %128, %117 : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %44 = arith.select %40, %41, %arg12 : i32
      %45 = arith.select %40, %c1_i32_1, %c0_i32_0 : i32
      %46 = arith.select %40, %36#0, %arg13 : i32
      %47 = arith.select %40, %36#1, %arg14 : i32
      %48 = arith.cmpi ne, %36#2, %arg17 : i32
      %49 = arith.cmpi ne, %36#3, %arg18 : i32
      %50 = arith.ori %48, %49 : i1
      %51 = arith.andi %35, %50 : i1
      %c1_i32_14 = arith.constant 1 : i32
      %52 = arith.subi %c1_i32_14, %arg16 : i32
      %53 = arith.index_cast %52 : i32 to index
      scf.if %51 {
        %117 = tessera.view %arg7 [%53] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c1024_i32_23 = arith.constant 1024 : i32
        %118 = arith.muli %36#2, %c1024_i32_23 : i32
        %119 = tessera.multiple_of %118, 1024 : i32
        %120 = arith.index_cast %119 : i32 to index
        %c256_i32_24 = arith.constant 256 : i32
        %121 = arith.muli %36#3, %c256_i32_24 : i32
        %122 = tessera.multiple_of %121, 256 : i32
        %123 = arith.index_cast %122 : i32 to index
        %124 = tessera.view %arg1 [%120, %123] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c1024_i32_25 = arith.constant 1024 : i32
        %125 = arith.muli %52, %c1024_i32_25 : i32
        %126 = tessera.multiple_of %125, 1024 : i32
        %127 = arith.index_cast %126 : i32 to index
        %128 = tessera.view %arg6 [%127, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %124, %128, %117 : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_15 = arith.constant 0 : i32
      %54 = arith.cmpi ne, %arg19, %c0_i32_15 : i32
      scf.if %54 {
        %117 = tessera.view %arg7 [%30] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c1024_i32_23 = arith.constant 1024 : i32
        %118 = arith.muli %arg17, %c1024_i32_23 : i32
        %119 = tessera.multiple_of %118, 1024 : i32
        %120 = arith.index_cast %119 : i32 to index
        %c256_i32_24 = arith.constant 256 : i32
        %121 = arith.muli %arg18, %c256_i32_24 : i32
        %122 = tessera.multiple_of %121, 256 : i32
        %123 = arith.index_cast %122 : i32 to index
        %124 = tessera.view %arg1 [%120, %123] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c1024_i32_25 = arith.constant 1024 : i32
        %125 = arith.muli %arg16, %c1024_i32_25 : i32
        %126 = tessera.multiple_of %125, 1024 : i32
        %127 = arith.index_cast %126 : i32 to index
        %128 = tessera.view %arg6 [%127, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %124, %128, %117 : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %55 = arith.select %51, %52, %arg16 : i32
      %56 = arith.select %51, %c1_i32_1, %c0_i32_0 : i32
      %57 = arith.select %51, %36#2, %arg17 : i32
      %58 = arith.select %51, %36#3, %arg18 : i32
      %c0_i32_16 = arith.constant 0 : i32
      %59 = arith.cmpi ne, %arg23, %c0_i32_16 : i32
      scf.if %59 {
        %117 = tessera.view %arg9 [%29] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_23 = arith.constant 512 : i32
        %118 = arith.muli %arg21, %c512_i32_23 : i32
        %119 = tessera.multiple_of %118, 512 : i32
        %120 = arith.index_cast %119 : i32 to index
        %c256_i32_24 = arith.constant 256 : i32
        %121 = arith.muli %arg22, %c256_i32_24 : i32
        %122 = tessera.multiple_of %121, 256 : i32
        %123 = arith.index_cast %122 : i32 to index
        %124 = tessera.view %arg2 [%120, %123] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_25 = arith.constant 512 : i32
        %125 = arith.muli %arg20, %c512_i32_25 : i32
        %126 = tessera.multiple_of %125, 512 : i32
        %127 = arith.index_cast %126 : i32 to index
        %128 = tessera.view %arg8 [%127, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %128, %124, %117 : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c512_i32_17 = arith.constant 512 : i32
      %60 = arith.muli %arg12, %c512_i32_17 : i32
      %61 = tessera.multiple_of %60, 512 : i32
      %62 = arith.index_cast %61 : i32 to index
      %63 = tessera.view %arg4 [%62, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c1024_i32_18 = arith.constant 1024 : i32
      %64 = arith.muli %arg16, %c1024_i32_18 : i32
      %65 = tessera.multiple_of %64, 1024 : i32
      %66 = arith.index_cast %65 : i32 to index
      %67 = tessera.view %arg6 [%66, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c512_i32_19 = arith.constant 512 : i32
      %68 = arith.muli %arg20, %c512_i32_19 : i32
      %69 = tessera.multiple_of %68, 512 : i32
      %70 = arith.index_cast %69 : i32 to index
      %71 = tessera.view %arg8 [%70, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c0_i32_20 = arith.constant 0 : i32
      %72 = arith.cmpi eq, %32, %c0_i32_20 : i32
      scf.if %72 {
        %cst = arith.constant dense<0.000000e+00> : vector<512x256xf32>
        tessera.store %cst, %arg3 : vector<512x256xf32>, memref<512x256xf32, #tessera.memory_space<vmem>>
      } else {
      }
      %73 = tessera.view %arg3 [0, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      %74 = tessera.load %73 : memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %75 = tessera.view %63 [0, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %76 = tessera.load %75 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %77 = tessera.load %67 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %78 = tessera.dot %76, %77 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %79 = arith.addf %74, %78 : vector<128x256xf32>
      %80 = tessera.view %arg3 [0, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      tessera.store %79, %80 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      %81 = tessera.view %arg3 [128, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      %82 = tessera.load %81 : memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %83 = tessera.view %63 [128, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %84 = tessera.load %83 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %85 = tessera.load %67 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %86 = tessera.dot %84, %85 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %87 = arith.addf %82, %86 : vector<128x256xf32>
      %88 = tessera.view %arg3 [128, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      tessera.store %87, %88 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      %89 = tessera.view %arg3 [256, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      %90 = tessera.load %89 : memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %91 = tessera.view %63 [256, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %92 = tessera.load %91 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %93 = tessera.load %67 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %94 = tessera.dot %92, %93 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %95 = arith.addf %90, %94 : vector<128x256xf32>
      %96 = tessera.view %arg3 [256, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      tessera.store %95, %96 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      %97 = tessera.view %arg3 [384, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      %98 = tessera.load %97 : memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %99 = tessera.view %63 [384, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %100 = tessera.load %99 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %101 = tessera.load %67 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %102 = tessera.dot %100, %101 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %103 = arith.addf %98, %102 : vector<128x256xf32>
      %104 = tessera.view %arg3 [384, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      tessera.store %103, %104 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      %c0_i32_21 = arith.constant 0 : i32
      %105 = arith.cmpi eq, %32, %c0_i32_21 : i32
      scf.if %105 {
        %117 = tessera.load %arg3 : memref<512x256xf32, #tessera.memory_space<vmem>> -> vector<512x256xf32>
        tessera.store %117, %71 : vector<512x256xf32>, memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      } else {
      }
      %true = arith.constant true
      %106 = arith.xori %35, %true : i1
      %107 = arith.cmpi ne, %36#4, %arg21 : i32
      %108 = arith.cmpi ne, %36#5, %arg22 : i32
      %109 = arith.ori %107, %108 : i1
      %110 = arith.ori %106, %109 : i1
      scf.if %110 {
        %c4_i32_23 = arith.constant 4 : i32
        %117 = arith.muli %arg21, %c4_i32_23 : i32
        %118 = arith.addi %117, %arg22 : i32
        %119 = arith.index_cast %118 : i32 to index
        %120 = tessera.load_scalar %arg10[%119] : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_24 = arith.constant 0 : i32
        %121 = arith.cmpi eq, %120, %c0_i32_24 : i32
        tessera.check %121, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg21, %arg22 : i32, i32]
        %c1_i32_25 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_25, %arg10[%119] : i32, memref<8xi32, #tessera.memory_space<smem>>
        %122 = tessera.view %arg9 [%29] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_26 = arith.constant 512 : i32
        %123 = arith.muli %arg21, %c512_i32_26 : i32
        %124 = tessera.multiple_of %123, 512 : i32
        %125 = arith.index_cast %124 : i32 to index
        %c256_i32_27 = arith.constant 256 : i32
        %126 = arith.muli %arg22, %c256_i32_27 : i32
        %127 = tessera.multiple_of %126, 256 : i32
        %128 = arith.index_cast %127 : i32 to index
        %129 = tessera.view %arg2 [%125, %128] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_28 = arith.constant 512 : i32
        %130 = arith.muli %arg20, %c512_i32_28 : i32
        %131 = tessera.multiple_of %130, 512 : i32
        %132 = arith.index_cast %131 : i32 to index
        %133 = tessera.view %arg8 [%132, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %133, %129, %122 : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c1_i32_22 = arith.constant 1 : i32
      %111 = arith.subi %c1_i32_22, %arg20 : i32
      %112 = arith.select %110, %111, %arg20 : i32
      %113 = arith.select %110, %arg24, %c0_i32_0 : i32
      %114 = arith.select %110, %c1_i32_1, %arg24 : i32
      %115 = arith.select %110, %36#4, %arg21 : i32
      %116 = arith.select %110, %36#5, %arg22 : i32
      scf.yield %44, %46, %47, %45, %55, %57, %58, %56, %112, %115, %116, %113, %114 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %26 = arith.index_cast %25#8 : i32 to index
    %c0_i32_8 = arith.constant 0 : i32
    %27 = arith.cmpi ne, %25#11, %c0_i32_8 : i32
    scf.if %27 {
      %29 = tessera.view %arg9 [%26] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_10 = arith.constant 512 : i32
      %30 = arith.muli %25#9, %c512_i32_10 : i32
      %31 = tessera.multiple_of %30, 512 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c256_i32_11 = arith.constant 256 : i32
      %33 = arith.muli %25#10, %c256_i32_11 : i32
      %34 = tessera.multiple_of %33, 256 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg2 [%32, %35] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_12 = arith.constant 512 : i32
      %37 = arith.muli %25#8, %c512_i32_12 : i32
      %38 = tessera.multiple_of %37, 512 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg8 [%39, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %40, %36, %29 : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_9 = arith.constant 0 : i32
    %28 = arith.cmpi ne, %25#12, %c0_i32_9 : i32
    scf.if %28 {
      %c1_i32_10 = arith.constant 1 : i32
      %29 = arith.subi %c1_i32_10, %25#8 : i32
      %30 = arith.index_cast %29 : i32 to index
      %31 = tessera.view %arg9 [%30] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_11 = arith.constant 512 : i32
      %32 = arith.muli %25#9, %c512_i32_11 : i32
      %33 = tessera.multiple_of %32, 512 : i32
      %34 = arith.index_cast %33 : i32 to index
      %c256_i32_12 = arith.constant 256 : i32
      %35 = arith.muli %25#10, %c256_i32_12 : i32
      %36 = tessera.multiple_of %35, 256 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg2 [%34, %37] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_13 = arith.constant 512 : i32
      %39 = arith.muli %29, %c512_i32_13 : i32
      %40 = tessera.multiple_of %39, 512 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg8 [%41, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %42, %38, %31 : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
