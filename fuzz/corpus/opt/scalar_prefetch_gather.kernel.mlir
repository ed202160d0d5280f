module {
  func.func @scalar_prefetch_gather(%arg0: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "idx_smem"}, %arg1: memref<128x256xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg2: memref<80x256xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg4: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg5: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg6: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg7: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 1 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c10_i32 = arith.constant 10 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg8 = %c0_i32 to %c10_i32 step %c1_i32  : i32 {
      %29 = arith.index_cast %arg8 : i32 to index
      %c0_i32_13 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_13, %arg7[%29] : i32, memref<10xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %1 = arith.index_cast %c1_i32_1 : i32 to index
    %2 = tessera.load_scalar %arg0[%0] : memref<10xi32, #tessera.memory_space<smem>> -> i32
    %c0_i32_2 = arith.constant 0 : i32
    %3 = tessera.view %arg4 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c8_i32 = arith.constant 8 : i32
    %4 = arith.muli %2, %c8_i32 : i32
    %5 = tessera.multiple_of %4, 8 : i32
    %6 = arith.index_cast %5 : i32 to index
    %c256_i32 = arith.constant 256 : i32
    %7 = arith.muli %c0_i32_2, %c256_i32 : i32
    %8 = tessera.multiple_of %7, 256 : i32
    %9 = arith.index_cast %8 : i32 to index
    %10 = tessera.view %arg1 [%6, %9] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    %c8_i32_3 = arith.constant 8 : i32
    %11 = arith.muli %c0_i32_0, %c8_i32_3 : i32
    %12 = tessera.multiple_of %11, 8 : i32
    %13 = arith.index_cast %12 : i32 to index
    %14 = tessera.view %arg3 [%13, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %10, %14, %3 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_4 = arith.constant 0 : i32
    %c10_i32_5 = arith.constant 10 : i32
    %15 = arith.cmpi slt, %c1_i32_1, %c10_i32_5 : i32
    %16:4 = scf.if %15 -> (i32, i32, i32, i32) {
      %29 = tessera.load_scalar %arg0[%1] : memref<10xi32, #tessera.memory_space<smem>> -> i32
      %c0_i32_13 = arith.constant 0 : i32
      %c0_i32_14 = arith.constant 0 : i32
      scf.yield %29, %c0_i32_13, %c1_i32_1, %c0_i32_14 : i32, i32, i32, i32
    } else {
      scf.yield %2, %c0_i32_2, %c0_i32_0, %c0_i32_4 : i32, i32, i32, i32
    }
    %c9_i32 = arith.constant 9 : i32
    %17 = arith.cmpi slt, %c0_i32_0, %c9_i32 : i32
    %18 = arith.cmpi ne, %16#0, %2 : i32
    %19 = arith.cmpi ne, %16#1, %c0_i32_2 : i32
    %20 = arith.ori %18, %19 : i1
    %21 = arith.andi %17, %20 : i1
    %c1_i32_6 = arith.constant 1 : i32
    %22 = arith.subi %c1_i32_6, %c0_i32_0 : i32
    %23 = arith.index_cast %22 : i32 to index
    scf.if %21 {
      %29 = tessera.view %arg4 [%23] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_13 = arith.constant 8 : i32
      %30 = arith.muli %16#0, %c8_i32_13 : i32
      %31 = tessera.multiple_of %30, 8 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c256_i32_14 = arith.constant 256 : i32
      %33 = arith.muli %16#1, %c256_i32_14 : i32
      %34 = tessera.multiple_of %33, 256 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg1 [%32, %35] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_15 = arith.constant 8 : i32
      %37 = arith.muli %22, %c8_i32_15 : i32
      %38 = tessera.multiple_of %37, 8 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg3 [%39, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %36, %40, %29 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_7 = arith.constant 0 : i32
    %24 = arith.cmpi ne, %c1_i32_1, %c0_i32_7 : i32
    scf.if %24 {
      %29 = tessera.view %arg4 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_13 = arith.constant 8 : i32
      %30 = arith.muli %2, %c8_i32_13 : i32
      %31 = tessera.multiple_of %30, 8 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c256_i32_14 = arith.constant 256 : i32
      %33 = arith.muli %c0_i32_2, %c256_i32_14 : i32
      %34 = tessera.multiple_of %33, 256 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg1 [%32, %35] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_15 = arith.constant 8 : i32
      %37 = arith.muli %c0_i32_0, %c8_i32_15 : i32
      %38 = tessera.multiple_of %37, 8 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg3 [%39, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %36, %40, %29 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_8 = arith.constant 0 : i32
    %c10_i32_9 = arith.constant 10 : i32
    %c1_i32_10 = arith.constant 1 : i32
    %25:9 = scf.for %arg8 = %c0_i32_8 to %c10_i32_9 step %c1_i32_10 iter_args(%arg9 = %c0_i32_0, %arg10 = %2, %arg11 = %c0_i32_2, %arg12 = %c1_i32_1, %arg13 = %c0_i32_0, %arg14 = %c0_i32_0, %arg15 = %c0_i32_4, %arg16 = %c0_i32_0, %arg17 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %29 = arith.index_cast %arg13 : i32 to index
      %c9_i32_13 = arith.constant 9 : i32
      %30 = arith.cmpi slt, %arg8, %c9_i32_13 : i32
      %c1_i32_14 = arith.constant 1 : i32
      %31 = arith.addi %arg8, %c1_i32_14 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c10_i32_15 = arith.constant 10 : i32
      %33 = arith.cmpi slt, %31, %c10_i32_15 : i32
      %34:4 = scf.if %33 -> (i32, i32, i32, i32) {
        %80 = tessera.load_scalar %arg0[%32] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_26 = arith.constant 0 : i32
        %c0_i32_27 = arith.constant 0 : i32
        scf.yield %80, %c0_i32_26, %31, %c0_i32_27 : i32, i32, i32, i32
      } else {
        scf.yield %arg10, %arg11, %arg14, %arg15 : i32, i32, i32, i32
      }
      %c0_i32_16 = arith.constant 0 : i32
      %35 = arith.cmpi ne, %arg16, %c0_i32_16 : i32
      scf.if %35 {
        %80 = tessera.view %arg6 [%29] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_26 = arith.constant 8 : i32
        %81 = arith.muli %arg14, %c8_i32_26 : i32
        %82 = tessera.multiple_of %81, 8 : i32
        %83 = arith.index_cast %82 : i32 to index
        %c256_i32_27 = arith.constant 256 : i32
        %84 = arith.muli %arg15, %c256_i32_27 : i32
        %85 = tessera.multiple_of %84, 256 : i32
        %86 = arith.index_cast %85 : i32 to index
        %87 = tessera.view %arg2 [%83, %86] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_28 = arith.constant 8 : i32
        %88 = arith.muli %arg13, %c8_i32_28 : i32
        %89 = tessera.multiple_of %88, 8 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg5 [%90, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %91, %87, %80 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c8_i32_17 = arith.constant 8 : i32
      %36 = arith.muli %arg9, %c8_i32_17 : i32
      %37 = tessera.multiple_of %36, 8 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg3 [%38, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c8_i32_18 = arith.constant 8 : i32
      %40 = arith.muli %arg13, %c8_i32_18 : i32
      %41 = tessera.multiple_of %40, 8 : i32
      %42 = arith.index_cast %41 : i32 to index
      %43 = tessera.view %arg5 [%42, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %44 = tessera.load %39 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x256xf32>
      %cst = arith.constant dense<5.000000e-01> : vector<8x256xf32>
      %45 = arith.addf %44, %cst : vector<8x256xf32>
      tessera.store %45, %43 : vector<8x256xf32>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %46 = arith.cmpi ne, %34#0, %arg10 : i32
      %47 = arith.cmpi ne, %34#1, %arg11 : i32
      %48 = arith.ori %46, %47 : i1
      %49 = arith.andi %30, %48 : i1
      %c1_i32_19 = arith.constant 1 : i32
      %50 = arith.subi %c1_i32_19, %arg9 : i32
      %51 = arith.select %49, %50, %arg9 : i32
      %52 = arith.index_cast %51 : i32 to index
      %53 = arith.select %49, %c1_i32_1, %c0_i32_0 : i32
      %54 = arith.select %49, %34#0, %arg10 : i32
      %55 = arith.select %49, %34#1, %arg11 : i32
      %c1_i32_20 = arith.constant 1 : i32
      %56 = arith.addi %arg8, %c1_i32_20 : i32
      %c2_i32 = arith.constant 2 : i32
      %57 = arith.addi %arg8, %c2_i32 : i32
      %58 = arith.index_cast %57 : i32 to index
      %c10_i32_21 = arith.constant 10 : i32
      %59 = arith.cmpi slt, %57, %c10_i32_21 : i32
      %60:4 = scf.if %59 -> (i32, i32, i32, i32) {
        %80 = tessera.load_scalar %arg0[%58] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_26 = arith.constant 0 : i32
        %c0_i32_27 = arith.constant 0 : i32
        scf.yield %80, %c0_i32_26, %57, %c0_i32_27 : i32, i32, i32, i32
      } else {
        scf.yield %54, %55, %arg14, %arg15 : i32, i32, i32, i32
      }
      %c9_i32_22 = arith.constant 9 : i32
      %61 = arith.cmpi slt, %56, %c9_i32_22 : i32
      %62 = arith.cmpi ne, %60#0, %54 : i32
      %63 = arith.cmpi ne, %60#1, %55 : i32
      %64 = arith.ori %62, %63 : i1
      %65 = arith.andi %61, %64 : i1
      %c1_i32_23 = arith.constant 1 : i32
      %66 = arith.subi %c1_i32_23, %51 : i32
      %67 = arith.index_cast %66 : i32 to index
      scf.if %65 {
        %80 = tessera.view %arg4 [%67] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_26 = arith.constant 8 : i32
        %81 = arith.muli %60#0, %c8_i32_26 : i32
        %82 = tessera.multiple_of %81, 8 : i32
        %83 = arith.index_cast %82 : i32 to index
        %c256_i32_27 = arith.constant 256 : i32
        %84 = arith.muli %60#1, %c256_i32_27 : i32
        %85 = tessera.multiple_of %84, 256 : i32
        %86 = arith.index_cast %85 : i32 to index
        %87 = tessera.view %arg1 [%83, %86] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_28 = arith.constant 8 : i32
        %88 = arith.muli %66, %c8_i32_28 : i32
        %89 = tessera.multiple_of %88, 8 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg3 [%90, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %87, %91, %80 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %68 = arith.xori %30, %true : i1
      %69 = arith.cmpi ne, %34#2, %arg14 : i32
      %70 = arith.cmpi ne, %34#3, %arg15 : i32
      %71 = arith.ori %69, %70 : i1
      %72 = arith.ori %68, %71 : i1
      scf.if %72 {
        %c1_i32_26 = arith.constant 1 : i32
        %80 = arith.muli %arg14, %c1_i32_26 : i32
        %81 = arith.addi %80, %arg15 : i32
        %82 = arith.index_cast %81 : i32 to index
        %83 = tessera.load_scalar %arg7[%82] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_27 = arith.constant 0 : i32
        %84 = arith.cmpi eq, %83, %c0_i32_27 : i32
        tessera.check %84, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg14, %arg15 : i32, i32]
        %c1_i32_28 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_28, %arg7[%82] : i32, memref<10xi32, #tessera.memory_space<smem>>
        %85 = tessera.view %arg6 [%29] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_29 = arith.constant 8 : i32
        %86 = arith.muli %arg14, %c8_i32_29 : i32
        %87 = tessera.multiple_of %86, 8 : i32
        %88 = arith.index_cast %87 : i32 to index
        %c256_i32_30 = arith.constant 256 : i32
        %89 = arith.muli %arg15, %c256_i32_30 : i32
        %90 = tessera.multiple_of %89, 256 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = tessera.view %arg2 [%88, %91] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_31 = arith.constant 8 : i32
        %93 = arith.muli %arg13, %c8_i32_31 : i32
        %94 = tessera.multiple_of %93, 8 : i32
        %95 = arith.index_cast %94 : i32 to index
        %96 = tessera.view %arg5 [%95, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %96, %92, %85 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_24 = arith.constant 1 : i32
      %73 = arith.subi %c1_i32_24, %arg13 : i32
      %74 = arith.select %72, %73, %arg13 : i32
      %75 = arith.select %72, %arg17, %c0_i32_0 : i32
      %76 = arith.select %72, %c1_i32_1, %arg17 : i32
      %77 = arith.select %72, %34#2, %arg14 : i32
      %78 = arith.select %72, %34#3, %arg15 : i32
      %c0_i32_25 = arith.constant 0 : i32
      %79 = arith.cmpi ne, %53, %c0_i32_25 : i32
      scf.if %79 {
        %80 = tessera.view %arg4 [%52] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_26 = arith.constant 8 : i32
        %81 = arith.muli %54, %c8_i32_26 : i32
        %82 = tessera.multiple_of %81, 8 : i32
        %83 = arith.index_cast %82 : i32 to index
        %c256_i32_27 = arith.constant 256 : i32
        %84 = arith.muli %55, %c256_i32_27 : i32
        %85 = tessera.multiple_of %84, 256 : i32
        %86 = arith.index_cast %85 : i32 to index
        %87 = tessera.view %arg1 [%83, %86] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_28 = arith.constant 8 : i32
        %88 = arith.muli %51, %c8_i32_28 : i32
        %89 = tessera.multiple_of %88, 8 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg3 [%90, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %87, %91, %80 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %51, %54, %55, %53, %74, %77, %78, %75, %76 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %26 = arith.index_cast %25#4 : i32 to index
    %c0_i32_11 = arith.constant 0 : i32
    %27 = arith.cmpi ne, %25#7, %c0_i32_11 : i32
    scf.if %27 {
      %29 = tessera.view %arg6 [%26] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_13 = arith.constant 8 : i32
      %30 = arith.muli %25#5, %c8_i32_13 : i32
      %31 = tessera.multiple_of %30, 8 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c256_i32_14 = arith.constant 256 : i32
      %33 = arith.muli %25#6, %c256_i32_14 : i32
      %34 = tessera.multiple_of %33, 256 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg2 [%32, %35] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_15 = arith.constant 8 : i32
      %37 = arith.muli %25#4, %c8_i32_15 : i32
      %38 = tessera.multiple_of %37, 8 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg5 [%39, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %40, %36, %29 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_12 = arith.constant 0 : i32
    %28 = arith.cmpi ne, %25#8, %c0_i32_12 : i32
    scf.if %28 {
      %c1_i32_13 = arith.constant 1 : i32
      %29 = arith.subi %c1_i32_13, %25#4 : i32
      %30 = arith.index_cast %29 : i32 to index
      %31 = tessera.view %arg6 [%30] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_14 = arith.constant 8 : i32
      %32 = arith.muli %25#5, %c8_i32_14 : i32
      %33 = tessera.multiple_of %32, 8 : i32
      %34 = arith.index_cast %33 : i32 to index
      %c256_i32_15 = arith.constant 256 : i32
      %35 = arith.muli %25#6, %c256_i32_15 : i32
      %36 = tessera.multiple_of %35, 256 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg2 [%34, %37] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_16 = arith.constant 8 : i32
      %39 = arith.muli %29, %c8_i32_16 : i32
      %40 = tessera.multiple_of %39, 8 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg5 [%41, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %42, %38, %31 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
