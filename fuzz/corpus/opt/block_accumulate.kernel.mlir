module {
  func.func @block_accumulate(%arg0: memref<1024x512xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x512xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<4xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg7 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %29 = arith.index_cast %arg7 : i32 to index
      %c0_i32_10 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_10, %arg6[%29] : i32, memref<4xi32, #tessera.memory_space<smem>>
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
    %c16_i32 = arith.constant 16 : i32
    %15 = arith.cmpi slt, %c1_i32_1, %c16_i32 : i32
    %16:4 = scf.if %15 -> (i32, i32, i32, i32) {
      %c4_i32_10 = arith.constant 4 : i32
      %29 = arith.remsi %c1_i32_1, %c4_i32_10 : i32
      %c4_i32_11 = arith.constant 4 : i32
      %30 = arith.divsi %c1_i32_1, %c4_i32_11 : i32
      %c2_i32_12 = arith.constant 2 : i32
      %31 = arith.remsi %30, %c2_i32_12 : i32
      %c8_i32 = arith.constant 8 : i32
      %32 = arith.divsi %c1_i32_1, %c8_i32 : i32
      %c2_i32_13 = arith.constant 2 : i32
      %33 = arith.muli %29, %c2_i32_13 : i32
      %34 = arith.addi %33, %32 : i32
      scf.yield %34, %31, %32, %31 : i32, i32, i32, i32
    } else {
      scf.yield %2, %c0_i32_0, %c0_i32_0, %c0_i32_0 : i32, i32, i32, i32
    }
    %c15_i32 = arith.constant 15 : i32
    %17 = arith.cmpi slt, %c0_i32_0, %c15_i32 : i32
    %18 = arith.cmpi ne, %16#0, %2 : i32
    %19 = arith.cmpi ne, %16#1, %c0_i32_0 : i32
    %20 = arith.ori %18, %19 : i1
    %21 = arith.andi %17, %20 : i1
    %c1_i32_3 = arith.constant 1 : i32
    %22 = arith.subi %c1_i32_3, %c0_i32_0 : i32
    %23 = arith.index_cast %22 : i32 to index
    scf.if %21 {
      %29 = tessera.view %arg3 [%23] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_10 = arith.constant 128 : i32
      %30 = arith.muli %16#0, %c128_i32_10 : i32
      %31 = tessera.multiple_of %30, 128 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c256_i32_11 = arith.constant 256 : i32
      %33 = arith.muli %16#1, %c256_i32_11 : i32
      %34 = tessera.multiple_of %33, 256 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg0 [%32, %35] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_12 = arith.constant 128 : i32
      %37 = arith.muli %22, %c128_i32_12 : i32
      %38 = tessera.multiple_of %37, 128 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg2 [%39, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %36, %40, %29 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_4 = arith.constant 0 : i32
    %24 = arith.cmpi ne, %c1_i32_1, %c0_i32_4 : i32
    scf.if %24 {
      %29 = tessera.view %arg3 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_10 = arith.constant 128 : i32
      %30 = arith.muli %2, %c128_i32_10 : i32
      %31 = tessera.multiple_of %30, 128 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c256_i32_11 = arith.constant 256 : i32
      %33 = arith.muli %c0_i32_0, %c256_i32_11 : i32
      %34 = tessera.multiple_of %33, 256 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg0 [%32, %35] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_12 = arith.constant 128 : i32
      %37 = arith.muli %c0_i32_0, %c128_i32_12 : i32
      %38 = tessera.multiple_of %37, 128 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg2 [%39, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %36, %40, %29 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_5 = arith.constant 0 : i32
    %c16_i32_6 = arith.constant 16 : i32
    %c1_i32_7 = arith.constant 1 : i32
    %25:9 = scf.for %arg7 = %c0_i32_5 to %c16_i32_6 step %c1_i32_7 iter_args(%arg8 = %c0_i32_0, %arg9 = %2, %arg10 = %c0_i32_0, %arg11 = %c1_i32_1, %arg12 = %c0_i32_0, %arg13 = %c0_i32_0, %arg14 = %c0_i32_0, %arg15 = %c0_i32_0, %arg16 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %29 = arith.index_cast %arg12 : i32 to index
      %c4_i32_10 = arith.constant 4 : i32
      %30 = arith.remsi %arg7, %c4_i32_10 : i32
      %c4_i32_11 = arith.constant 4 : i32
      %31 = arith.divsi %arg7, %c4_i32_11 : i32
      %c2_i32_12 = arith.constant 2 : i32
      %32 = arith.remsi %31, %c2_i32_12 : i32
      %c8_i32 = arith.constant 8 : i32
      %33 = arith.divsi %arg7, %c8_i32 : i32
      %c15_i32_13 = arith.constant 15 : i32
      %34 = arith.cmpi slt, %arg7, %c15_i32_13 : i32
      %c1_i32_14 = arith.constant 1 : i32
      %35 = arith.addi %arg7, %c1_i32_14 : i32
      %c16_i32_15 = arith.constant 16 : i32
      %36 = arith.cmpi slt, %35, %c16_i32_15 : i32
      %37:4 = scf.if %36 -> (i32, i32, i32, i32) {
        %c4_i32_28 = arith.constant 4 : i32
        %84 = arith.remsi %35, %c4_i32_28 : i32
        %c4_i32_29 = arith.constant 4 : i32
        %85 = arith.divsi %35, %c4_i32_29 : i32
        %c2_i32_30 = arith.constant 2 : i32
        %86 = arith.remsi %85, %c2_i32_30 : i32
        %c8_i32_31 = arith.constant 8 : i32
        %87 = arith.divsi %35, %c8_i32_31 : i32
        %c2_i32_32 = arith.constant 2 : i32
        %88 = arith.muli %84, %c2_i32_32 : i32
        %89 = arith.addi %88, %87 : i32
        scf.yield %89, %86, %87, %86 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c0_i32_16 = arith.constant 0 : i32
      %38 = arith.cmpi ne, %arg15, %c0_i32_16 : i32
      scf.if %38 {
        %84 = tessera.view %arg5 [%29] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_28 = arith.constant 128 : i32
        %85 = arith.muli %arg13, %c128_i32_28 : i32
        %86 = tessera.multiple_of %85, 128 : i32
        %87 = arith.index_cast %86 : i32 to index
        %c256_i32_29 = arith.constant 256 : i32
        %88 = arith.muli %arg14, %c256_i32_29 : i32
        %89 = tessera.multiple_of %88, 256 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg1 [%87, %90] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_30 = arith.constant 128 : i32
        %92 = arith.muli %arg12, %c128_i32_30 : i32
        %93 = tessera.multiple_of %92, 128 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg4 [%94, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %95, %91, %84 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c128_i32_17 = arith.constant 128 : i32
      %39 = arith.muli %arg8, %c128_i32_17 : i32
      %40 = tessera.multiple_of %39, 128 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg2 [%41, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c128_i32_18 = arith.constant 128 : i32
      %43 = arith.muli %arg12, %c128_i32_18 : i32
      %44 = tessera.multiple_of %43, 128 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg4 [%45, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c0_i32_19 = arith.constant 0 : i32
      %47 = arith.cmpi eq, %30, %c0_i32_19 : i32
      scf.if %47 {
        %cst = arith.constant dense<0.000000e+00> : vector<128x256xf32>
        tessera.store %cst, %46 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      } else {
      }
      %48 = tessera.load %46 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %49 = tessera.load %42 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %50 = arith.addf %48, %49 : vector<128x256xf32>
      tessera.store %50, %46 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %51 = arith.cmpi ne, %37#0, %arg9 : i32
      %52 = arith.cmpi ne, %37#1, %arg10 : i32
      %53 = arith.ori %51, %52 : i1
      %54 = arith.andi %34, %53 : i1
      %c1_i32_20 = arith.constant 1 : i32
      %55 = arith.subi %c1_i32_20, %arg8 : i32
      %56 = arith.select %54, %55, %arg8 : i32
      %57 = arith.index_cast %56 : i32 to index
      %58 = arith.select %54, %c1_i32_1, %c0_i32_0 : i32
      %59 = arith.select %54, %37#0, %arg9 : i32
      %60 = arith.select %54, %37#1, %arg10 : i32
      %c1_i32_21 = arith.constant 1 : i32
      %61 = arith.addi %arg7, %c1_i32_21 : i32
      %c2_i32_22 = arith.constant 2 : i32
      %62 = arith.addi %arg7, %c2_i32_22 : i32
      %c16_i32_23 = arith.constant 16 : i32
      %63 = arith.cmpi slt, %62, %c16_i32_23 : i32
      %64:4 = scf.if %63 -> (i32, i32, i32, i32) {
        %c4_i32_28 = arith.constant 4 : i32
        %84 = arith.remsi %62, %c4_i32_28 : i32
        %c4_i32_29 = arith.constant 4 : i32
        %85 = arith.divsi %62, %c4_i32_29 : i32
        %c2_i32_30 = arith.constant 2 : i32
        %86 = arith.remsi %85, %c2_i32_30 : i32
        %c8_i32_31 = arith.constant 8 : i32
        %87 = arith.divsi %62, %c8_i32_31 : i32
        %c2_i32_32 = arith.constant 2 : i32
        %88 = arith.muli %84, %c2_i32_32 : i32
        %89 = arith.addi %88, %87 : i32
        scf.yield %89, %86, %87, %86 : i32, i32, i32, i32
      } else {
        scf.yield %59, %60, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c15_i32_24 = arith.constant 15 : i32
      %65 = arith.cmpi slt, %61, %c15_i32_24 : i32
      %66 = arith.cmpi ne, %64#0, %59 : i32
      %67 = arith.cmpi ne, %64#1, %60 : i32
      %68 = arith.ori %66, %67 : i1
      %69 = arith.andi %65, %68 : i1
      %c1_i32_25 = arith.constant 1 : i32
      %70 = arith.subi %c1_i32_25, %56 : i32
      %71 = arith.index_cast %70 : i32 to index
      scf.if %69 {
        %84 = tessera.view %arg3 [%71] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_28 = arith.constant 128 : i32
        %85 = arith.muli %64#0, %c128_i32_28 : i32
        %86 = tessera.multiple_of %85, 128 : i32
        %87 = arith.index_cast %86 : i32 to index
        %c256_i32_29 = arith.constant 256 : i32
        %88 = arith.muli %64#1, %c256_i32_29 : i32
        %89 = tessera.multiple_of %88, 256 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg0 [%87, %90] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_30 = arith.constant 128 : i32
        %92 = arith.muli %70, %c128_i32_30 : i32
        %93 = tessera.multiple_of %92, 128 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg2 [%94, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %91, %95, %84 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %72 = arith.xori %34, %true : i1
      %73 = arith.cmpi ne, %37#2, %arg13 : i32
      %74 = arith.cmpi ne, %37#3, %arg14 : i32
      %75 = arith.ori %73, %74 : i1
      %76 = arith.ori %72, %75 : i1
      scf.if %76 {
        %c2_i32_28 = arith.constant 2 : i32
        %84 = arith.muli %arg13, %c2_i32_28 : i32
        %85 = arith.addi %84, %arg14 : i32
        %86 = arith.index_cast %85 : i32 to index
        %87 = tessera.load_scalar %arg6[%86] : memref<4xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_29 = arith.constant 0 : i32
        %88 = arith.cmpi eq, %87, %c0_i32_29 : i32
        tessera.check %88, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        %c1_i32_30 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_30, %arg6[%86] : i32, memref<4xi32, #tessera.memory_space<smem>>
        %89 = tessera.view %arg5 [%29] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_31 = arith.constant 128 : i32
        %90 = arith.muli %arg13, %c128_i32_31 : i32
        %91 = tessera.multiple_of %90, 128 : i32
        %92 = arith.index_cast %91 : i32 to index
        %c256_i32_32 = arith.constant 256 : i32
        %93 = arith.muli %arg14, %c256_i32_32 : i32
        %94 = tessera.multiple_of %93, 256 : i32
        %95 = arith.index_cast %94 : i32 to index
        %96 = tessera.view %arg1 [%92, %95] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_33 = arith.constant 128 : i32
        %97 = arith.muli %arg12, %c128_i32_33 : i32
        %98 = tessera.multiple_of %97, 128 : i32
        %99 = arith.index_cast %98 : i32 to index
        %100 = tessera.view %arg4 [%99, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %100, %96, %89 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_26 = arith.constant 1 : i32
      %77 = arith.subi %c1_i32_26, %arg12 : i32
      %78 = arith.select %76, %77, %arg12 : i32
      %79 = arith.select %76, %arg16, %c0_i32_0 : i32
      %80 = arith.select %76, %c1_i32_1, %arg16 : i32
      %81 = arith.select %76, %37#2, %arg13 : i32
      %82 = arith.select %76, %37#3, %arg14 : i32
      %c0_i32_27 = arith.constant 0 : i32
      %83 = arith.cmpi ne, %58, %c0_i32_27 : i32
      scf.if %83 {
        %84 = tessera.view %arg3 [%57] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c128_i32_28 = arith.constant 128 : i32
        %85 = arith.muli %59, %c128_i32_28 : i32
        %86 = tessera.multiple_of %85, 128 : i32
        %87 = arith.index_cast %86 : i32 to index
        %c256_i32_29 = arith.constant 256 : i32
        %88 = arith.muli %60, %c256_i32_29 : i32
        %89 = tessera.multiple_of %88, 256 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg0 [%87, %90] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %c128_i32_30 = arith.constant 128 : i32
        %92 = arith.muli %56, %c128_i32_30 : i32
        %93 = tessera.multiple_of %92, 128 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg2 [%94, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %91, %95, %84 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %56, %59, %60, %58, %78, %81, %82, %79, %80 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %26 = arith.index_cast %25#4 : i32 to index
    %c0_i32_8 = arith.constant 0 : i32
    %27 = arith.cmpi ne, %25#7, %c0_i32_8 : i32
    scf.if %27 {
      %29 = tessera.view %arg5 [%26] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_10 = arith.constant 128 : i32
      %30 = arith.muli %25#5, %c128_i32_10 : i32
      %31 = tessera.multiple_of %30, 128 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c256_i32_11 = arith.constant 256 : i32
      %33 = arith.muli %25#6, %c256_i32_11 : i32
      %34 = tessera.multiple_of %33, 256 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg1 [%32, %35] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_12 = arith.constant 128 : i32
      %37 = arith.muli %25#4, %c128_i32_12 : i32
      %38 = tessera.multiple_of %37, 128 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg4 [%39, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %40, %36, %29 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_9 = arith.constant 0 : i32
    %28 = arith.cmpi ne, %25#8, %c0_i32_9 : i32
    scf.if %28 {
      %c1_i32_10 = arith.constant 1 : i32
      %29 = arith.subi %c1_i32_10, %25#4 : i32
      %30 = arith.index_cast %29 : i32 to index
      %31 = tessera.view %arg5 [%30] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c128_i32_11 = arith.constant 128 : i32
      %32 = arith.muli %25#5, %c128_i32_11 : i32
      %33 = tessera.multiple_of %32, 128 : i32
      %34 = arith.index_cast %33 : i32 to index
      %c256_i32_12 = arith.constant 256 : i32
      %35 = arith.muli %25#6, %c256_i32_12 : i32
      %36 = tessera.multiple_of %35, 256 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg1 [%34, %37] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %c128_i32_13 = arith.constant 128 : i32
      %39 = arith.muli %29, %c128_i32_13 : i32
      %40 = tessera.multiple_of %39, 128 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg4 [%41, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %42, %38, %31 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
