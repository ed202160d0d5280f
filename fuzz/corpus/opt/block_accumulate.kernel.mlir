module {
  func.func @block_accumulate(%arg0: memref<1024x512xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x512xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<4xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg7 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %19 = arith.index_cast %arg7 : i32 to index
      %c0_i32_7 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_7, %arg6[%19] : i32, memref<4xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %1 = arith.muli %c0_i32_0, %c2_i32 : i32
    %2 = arith.addi %1, %c0_i32_0 : i32
    %3 = tessera.view %arg3 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c128_i32 = arith.constant 128 : i32
    %4 = arith.muli %2, %c128_i32 : i32
    %5 = tessera.multiple_of %4, 128 : i32
    %6 = arith.index_cast %5 : i32 to index
    %c256_i32 = arith.constant 256 : i32
    %7 = arith.muli %c0_i32_0, %c256_i32 : i32
    %8 = tessera.multiple_of %7, 256 : i32
    %9 = arith.index_cast %8 : i32 to index
    %10 = tessera.view %arg0 [%6, %9] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
    %c128_i32_2 = arith.constant 128 : i32
    %11 = arith.muli %c0_i32_0, %c128_i32_2 : i32
    %12 = tessera.multiple_of %11, 128 : i32
    %13 = arith.index_cast %12 : i32 to index
    %14 = tessera.view %arg2 [%13, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %10, %14, %3 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_3 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i32_4 = arith.constant 1 : i32
    %15:9 = scf.for %arg7 = %c0_i32_3 to %c16_i32 step %c1_i32_4 iter_args(%arg8 = %c0_i32_0, %arg9 = %2, %arg10 = %c0_i32_0, %arg11 = %c1_i32_1, %arg12 = %c0_i32_0, %arg13 = %c0_i32_0, %arg14 = %c0_i32_0, %arg15 = %c0_i32_0, %arg16 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %19 = arith.index_cast %arg12 : i32 to index
      %20 = arith.index_cast %arg8 : i32 to index
      %c4_i32_7 = arith.constant 4 : i32
      %21 = arith.remsi %arg7, %c4_i32_7 : i32
      %c4_i32_8 = arith.constant 4 : i32
      %22 = arith.divsi %arg7, %c4_i32_8 : i32
      %c2_i32_9 = arith.constant 2 : i32
      %23 = arith.remsi %22, %c2_i32_9 : i32
      %c8_i32 = arith.constant 8 : i32
      %24 = arith.divsi %arg7, %c8_i32 : i32
      %c15_i32 = arith.constant 15 : i32
      %25 = arith.cmpi slt, %arg7, %c15_i32 : i32
      %26:4 = scf.if %25 -> (i32, i32, i32, i32) {
        %c1_i32_17 = arith.constant 1 : i32
        %62 = arith.addi %arg7, %c1_i32_17 : i32
        %c4_i32_18 = arith.constant 4 : i32
        %63 = arith.remsi %62, %c4_i32_18 : i32
        %c4_i32_19 = arith.constant 4 : i32
        %64 = arith.divsi %62, %c4_i32_19 : i32
        %c2_i32_20 = arith.constant 2 : i32
        %65 = arith.remsi %64, %c2_i32_20 : i32
        %c8_i32_21 = arith.constant 8 : i32
        %66 = arith.divsi %62, %c8_i32_21 : i32
        %c2_i32_22 = arith.constant 2 : i32
        %67 = arith.muli %63, %c2_i32_22 : i32
        %68 = arith.addi %67, %66 : i32
        scf.yield %68, %65, %66, %65 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg13, %arg14 : i32, i32, i32, i32
      }
      %27 = arith.cmpi ne, %26#0, %arg9 : i32
      %28 = arith.cmpi ne, %26#1, %arg10 : i32
      %29 = arith.ori %27, %28 : i1
      %30 = arith.andi %25, %29 : i1
      %c1_i32_10 = arith.constant 1 : i32
      %31 = arith.subi %c1_i32_10, %arg8 : i32
      %32 = arith.index_cast %31 : i32 to index
      scf.if %30 {
        %62 = tessera.view %arg3 [%32] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_17 = arith.constant 128 : i32
        %63 = arith.muli %26#0, %c128_i32_17 : i32
        %64 = tessera.multiple_of %63, 128 : i32
        %65 = arith.index_cast %64 : i32 to index
        %c256_i32_18 = arith.constant 256 : i32
        %66 = arith.muli %26#1, %c256_i32_18 : i32
        %67 = tessera.multiple_of %66, 256 : i32
        %68 = arith.index_cast %67 : i32 to index
        %69 = tessera.view %arg0 [%65, %68] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_19 = arith.constant 128 : i32
        %70 = arith.muli %31, %c128_i32_19 : i32
        %71 = tessera.multiple_of %70, 128 : i32
        %72 = arith.index_cast %71 : i32 to index
        %73 = tessera.view %arg2 [%72, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %69, %73, %62 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_11 = arith.constant 0 : i32
      %33 = arith.cmpi ne, %arg11, %c0_i32_11 : i32
      scf.if %33 {
        %62 = tessera.view %arg3 [%20] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_17 = arith.constant 128 : i32
        %63 = arith.muli %arg9, %c128_i32_17 : i32
        %64 = tessera.multiple_of %63, 128 : i32
        %65 = arith.index_cast %64 : i32 to index
        %c256_i32_18 = arith.constant 256 : i32
        %66 = arith.muli %arg10, %c256_i32_18 : i32
        %67 = tessera.multiple_of %66, 256 : i32
        %68 = arith.index_cast %67 : i32 to index
        %69 = tessera.view %arg0 [%65, %68] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_19 = arith.constant 128 : i32
        %70 = arith.muli %arg8, %c128_i32_19 : i32
        %71 = tessera.multiple_of %70, 128 : i32
        %72 = arith.index_cast %71 : i32 to index
        %73 = tessera.view %arg2 [%72, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %69, %73, %62 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %34 = arith.select %30, %31, %arg8 : i32
      %35 = arith.select %30, %c1_i32_1, %c0_i32_0 : i32
      %36 = arith.select %30, %26#0, %arg9 : i32
      %37 = arith.select %30, %26#1, %arg10 : i32
      %c0_i32_12 = arith.constant 0 : i32
      %38 = arith.cmpi ne, %arg15, %c0_i32_12 : i32
      scf.if %38 {
        %62 = tessera.view %arg5 [%19] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_17 = arith.constant 128 : i32
        %63 = arith.muli %arg13, %c128_i32_17 : i32
        %64 = tessera.multiple_of %63, 128 : i32
        %65 = arith.index_cast %64 : i32 to index
        %c256_i32_18 = arith.constant 256 : i32
        %66 = arith.muli %arg14, %c256_i32_18 : i32
        %67 = tessera.multiple_of %66, 256 : i32
        %68 = arith.index_cast %67 : i32 to index
        %69 = tessera.view %arg1 [%65, %68] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_19 = arith.constant 128 : i32
        %70 = arith.muli %arg12, %c128_i32_19 : i32
        %71 = tessera.multiple_of %70, 128 : i32
        %72 = arith.index_cast %71 : i32 to index
        %73 = tessera.view %arg4 [%72, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %73, %69, %62 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c128_i32_13 = arith.constant 128 : i32
      %39 = arith.muli %arg8, %c128_i32_13 : i32
      %40 = tessera.multiple_of %39, 128 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg2 [%41, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c128_i32_14 = arith.constant 128 : i32
      %43 = arith.muli %arg12, %c128_i32_14 : i32
      %44 = tessera.multiple_of %43, 128 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg4 [%45, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c0_i32_15 = arith.constant 0 : i32
      %47 = arith.cmpi eq, %21, %c0_i32_15 : i32
      scf.if %47 {
        %cst = arith.constant dense<0.000000e+00> : vector<128x256xf32>
        tessera.store %cst, %46 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      } else {
      }
      %48 = tessera.load %46 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %49 = tessera.load %42 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %50 = arith.addf %48, %49 : vector<128x256xf32>
      tessera.store %50, %46 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %true = arith.constant true
      %51 = arith.xori %25, %true : i1
      %52 = arith.cmpi ne, %26#2, %arg13 : i32
      %53 = arith.cmpi ne, %26#3, %arg14 : i32
      %54 = arith.ori %52, %53 : i1
      %55 = arith.ori %51, %54 : i1
      scf.if %55 {
        %c2_i32_17 = arith.constant 2 : i32
        %62 = arith.muli %arg13, %c2_i32_17 : i32
        %63 = arith.addi %62, %arg14 : i32
        %64 = arith.index_cast %63 : i32 to index
        %65 = tessera.load_scalar %arg6[%64] : memref<4xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_18 = arith.constant 0 : i32
        %66 = arith.cmpi eq, %65, %c0_i32_18 : i32
        tessera.check %66, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        %c1_i32_19 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_19, %arg6[%64] : i32, memref<4xi32, #tessera.memory_space<smem>>
        %67 = tessera.view %arg5 [%19] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_20 = arith.constant 128 : i32
        %68 = arith.muli %arg13, %c128_i32_20 : i32
        %69 = tessera.multiple_of %68, 128 : i32
        %70 = arith.index_cast %69 : i32 to index
        %c256_i32_21 = arith.constant 256 : i32
        %71 = arith.muli %arg14, %c256_i32_21 : i32
        %72 = tessera.multiple_of %71, 256 : i32
        %73 = arith.index_cast %72 : i32 to index
        %74 = tessera.view %arg1 [%70, %73] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_22 = arith.constant 128 : i32
        %75 = arith.muli %arg12, %c128_i32_22 : i32
        %76 = tessera.multiple_of %75, 128 : i32
        %77 = arith.index_cast %76 : i32 to index
        %78 = tessera.view %arg4 [%77, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %78, %74, %67 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c1_i32_16 = arith.constant 1 : i32
      %56 = arith.subi %c1_i32_16, %arg12 : i32
      %57 = arith.select %55, %56, %arg12 : i32
      %58 = arith.select %55, %arg16, %c0_i32_0 : i32
      %59 = arith.select %55, %c1_i32_1, %arg16 : i32
      %60 = arith.select %55, %26#2, %arg13 : i32
      %61 = arith.select %55, %26#3, %arg14 : i32
      scf.yield %34, %36, %37, %35, %57, %60, %61, %58, %59 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %16 = arith.index_cast %15#4 : i32 to index
    %c0_i32_5 = arith.constant 0 : i32
    %17 = arith.cmpi ne, %15#7, %c0_i32_5 : i32
    scf.if %17 {
      %19 = tessera.view %arg5 [%16] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_7 = arith.constant 128 : i32
      %20 = arith.muli %15#5, %c128_i32_7 : i32
      %21 = tessera.multiple_of %20, 128 : i32
      %22 = arith.index_cast %21 : i32 to index
      %c256_i32_8 = arith.constant 256 : i32
      %23 = arith.muli %15#6, %c256_i32_8 : i32
      %24 = tessera.multiple_of %23, 256 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg1 [%22, %25] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_9 = arith.constant 128 : i32
      %27 = arith.muli %15#4, %c128_i32_9 : i32
      %28 = tessera.multiple_of %27, 128 : i32
      %29 = arith.index_cast %28 : i32 to index
      %30 = tessera.view %arg4 [%29, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %30, %26, %19 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_6 = arith.constant 0 : i32
    %18 = arith.cmpi ne, %15#8, %c0_i32_6 : i32
    scf.if %18 {
      %c1_i32_7 = arith.constant 1 : i32
      %19 = arith.subi %c1_i32_7, %15#4 : i32
      %20 = arith.index_cast %19 : i32 to index
      %21 = tessera.view %arg5 [%20] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_8 = arith.constant 128 : i32
      %22 = arith.muli %15#5, %c128_i32_8 : i32
      %23 = tessera.multiple_of %22, 128 : i32
      %24 = arith.index_cast %23 : i32 to index
      %c256_i32_9 = arith.constant 256 : i32
      %25 = arith.muli %15#6, %c256_i32_9 : i32
      %26 = tessera.multiple_of %25, 256 : i32
      %27 = arith.index_cast %26 : i32 to index
      %28 = tessera.view %arg1 [%24, %27] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_10 = arith.constant 128 : i32
      %29 = arith.muli %19, %c128_i32_10 : i32
      %30 = tessera.multiple_of %29, 128 : i32
      %31 = arith.index_cast %30 : i32 to index
      %32 = tessera.view %arg4 [%31, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %32, %28, %21 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
