module {
  func.func @scalar_prefetch_gather(%arg0: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "idx_smem"}, %arg1: memref<128x256xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg2: memref<80x256xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg4: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg5: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg6: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg7: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 1 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    %1 = arith.index_cast %c1_i32 : i32 to index
    %2 = tessera.load_scalar %arg0[%0] : memref<10xi32, #tessera.memory_space<smem>> -> i32
    %c0_i32_0 = arith.constant 0 : i32
    %3 = tessera.view %arg4 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c8_i32 = arith.constant 8 : i32
    %4 = arith.muli %2, %c8_i32 : i32
    %5 = tessera.multiple_of %4, 8 : i32
    %6 = arith.index_cast %5 : i32 to index
    %c256_i32 = arith.constant 256 : i32
    %7 = arith.muli %c0_i32_0, %c256_i32 : i32
    %8 = tessera.multiple_of %7, 256 : i32
    %9 = arith.index_cast %8 : i32 to index
    %10 = tessera.view %arg1 [%6, %9] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    %c8_i32_1 = arith.constant 8 : i32
    %11 = arith.muli %c0_i32, %c8_i32_1 : i32
    %12 = tessera.multiple_of %11, 8 : i32
    %13 = arith.index_cast %12 : i32 to index
    %14 = tessera.view %arg3 [%13, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %10, %14, %3 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_2 = arith.constant 0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %c10_i32 = arith.constant 10 : i32
    %c1_i32_4 = arith.constant 1 : i32
    %c8_i32_5 = arith.constant 8 : i32
    %c8_i32_6 = arith.constant 8 : i32
    %15 = arith.muli %c1_i32_4, %c8_i32_6 : i32
    scf.for %arg8 = %c0_i32_3 to %c8_i32_5 step %15  : i32 {
      %32 = arith.index_cast %arg8 : i32 to index
      %c0_i32_19 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_19, %arg7[%32] : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c1_i32_20 = arith.constant 1 : i32
      %33 = arith.addi %arg8, %c1_i32_20 : i32
      %34 = arith.index_cast %33 : i32 to index
      %c0_i32_21 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_21, %arg7[%34] : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c2_i32 = arith.constant 2 : i32
      %35 = arith.addi %arg8, %c2_i32 : i32
      %36 = arith.index_cast %35 : i32 to index
      %c0_i32_22 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_22, %arg7[%36] : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c3_i32 = arith.constant 3 : i32
      %37 = arith.addi %arg8, %c3_i32 : i32
      %38 = arith.index_cast %37 : i32 to index
      %c0_i32_23 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_23, %arg7[%38] : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c4_i32 = arith.constant 4 : i32
      %39 = arith.addi %arg8, %c4_i32 : i32
      %40 = arith.index_cast %39 : i32 to index
      %c0_i32_24 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_24, %arg7[%40] : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c5_i32 = arith.constant 5 : i32
      %41 = arith.addi %arg8, %c5_i32 : i32
      %42 = arith.index_cast %41 : i32 to index
      %c0_i32_25 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_25, %arg7[%42] : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c6_i32 = arith.constant 6 : i32
      %43 = arith.addi %arg8, %c6_i32 : i32
      %44 = arith.index_cast %43 : i32 to index
      %c0_i32_26 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_26, %arg7[%44] : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c7_i32 = arith.constant 7 : i32
      %45 = arith.addi %arg8, %c7_i32 : i32
      %46 = arith.index_cast %45 : i32 to index
      %c0_i32_27 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_27, %arg7[%46] : i32, memref<10xi32, #tessera.memory_space<smem>>
    }
    %c8_i32_7 = arith.constant 8 : i32
    %16 = arith.index_cast %c8_i32_7 : i32 to index
    %c0_i32_8 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_8, %arg7[%16] : i32, memref<10xi32, #tessera.memory_space<smem>>
    %c9_i32 = arith.constant 9 : i32
    %17 = arith.index_cast %c9_i32 : i32 to index
    %c0_i32_9 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_9, %arg7[%17] : i32, memref<10xi32, #tessera.memory_space<smem>>
    %c10_i32_10 = arith.constant 10 : i32
    %18 = arith.cmpi slt, %c1_i32, %c10_i32_10 : i32
    %19:4 = scf.if %18 -> (i32, i32, i32, i32) {
      %32 = tessera.load_scalar %arg0[%1] : memref<10xi32, #tessera.memory_space<smem>> -> i32
      %c0_i32_19 = arith.constant 0 : i32
      %c0_i32_20 = arith.constant 0 : i32
      scf.yield %32, %c0_i32_19, %c1_i32, %c0_i32_20 : i32, i32, i32, i32
    } else {
      scf.yield %2, %c0_i32_0, %c0_i32, %c0_i32_2 : i32, i32, i32, i32
    }
    %c9_i32_11 = arith.constant 9 : i32
    %20 = arith.cmpi slt, %c0_i32, %c9_i32_11 : i32
    %21 = arith.cmpi ne, %19#0, %2 : i32
    %22 = arith.cmpi ne, %19#1, %c0_i32_0 : i32
    %23 = arith.ori %21, %22 : i1
    %24 = arith.andi %20, %23 : i1
    %c1_i32_12 = arith.constant 1 : i32
    %25 = arith.subi %c1_i32_12, %c0_i32 : i32
    %26 = arith.index_cast %25 : i32 to index
    scf.if %24 {
      %32 = tessera.view %arg4 [%26] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_19 = arith.constant 8 : i32
      %33 = arith.muli %19#0, %c8_i32_19 : i32
      %34 = tessera.multiple_of %33, 8 : i32
      %35 = arith.index_cast %34 : i32 to index
      %c256_i32_20 = arith.constant 256 : i32
      %36 = arith.muli %19#1, %c256_i32_20 : i32
      %37 = tessera.multiple_of %36, 256 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg1 [%35, %38] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_21 = arith.constant 8 : i32
      %40 = arith.muli %25, %c8_i32_21 : i32
      %41 = tessera.multiple_of %40, 8 : i32
      %42 = arith.index_cast %41 : i32 to index
      %43 = tessera.view %arg3 [%42, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %39, %43, %32 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_13 = arith.constant 0 : i32
    %27 = arith.cmpi ne, %c1_i32, %c0_i32_13 : i32
    scf.if %27 {
      %32 = tessera.view %arg4 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_19 = arith.constant 8 : i32
      %33 = arith.muli %2, %c8_i32_19 : i32
      %34 = tessera.multiple_of %33, 8 : i32
      %35 = arith.index_cast %34 : i32 to index
      %c256_i32_20 = arith.constant 256 : i32
      %36 = arith.muli %c0_i32_0, %c256_i32_20 : i32
      %37 = tessera.multiple_of %36, 256 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg1 [%35, %38] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_21 = arith.constant 8 : i32
      %40 = arith.muli %c0_i32, %c8_i32_21 : i32
      %41 = tessera.multiple_of %40, 8 : i32
      %42 = arith.index_cast %41 : i32 to index
      %43 = tessera.view %arg3 [%42, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %39, %43, %32 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_14 = arith.constant 0 : i32
    %c10_i32_15 = arith.constant 10 : i32
    %c1_i32_16 = arith.constant 1 : i32
    %28:9 = scf.for %arg8 = %c0_i32_14 to %c10_i32_15 step %c1_i32_16 iter_args(%arg9 = %c0_i32, %arg10 = %2, %arg11 = %c0_i32_0, %arg12 = %c1_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32_2, %arg16 = %c0_i32, %arg17 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %32 = arith.index_cast %arg13 : i32 to index
      %c9_i32_19 = arith.constant 9 : i32
      %33 = arith.cmpi slt, %arg8, %c9_i32_19 : i32
      %c1_i32_20 = arith.constant 1 : i32
      %34 = arith.addi %arg8, %c1_i32_20 : i32
      %35 = arith.index_cast %34 : i32 to index
      %c10_i32_21 = arith.constant 10 : i32
      %36 = arith.cmpi slt, %34, %c10_i32_21 : i32
      %37:4 = scf.if %36 -> (i32, i32, i32, i32) {
        %83 = tessera.load_scalar %arg0[%35] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_32 = arith.constant 0 : i32
        %c0_i32_33 = arith.constant 0 : i32
        scf.yield %83, %c0_i32_32, %34, %c0_i32_33 : i32, i32, i32, i32
      } else {
        scf.yield %arg10, %arg11, %arg14, %arg15 : i32, i32, i32, i32
      }
      %c0_i32_22 = arith.constant 0 : i32
      %38 = arith.cmpi ne, %arg16, %c0_i32_22 : i32
      scf.if %38 {
        %83 = tessera.view %arg6 [%32] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_32 = arith.constant 8 : i32
        %84 = arith.muli %arg14, %c8_i32_32 : i32
        %85 = tessera.multiple_of %84, 8 : i32
        %86 = arith.index_cast %85 : i32 to index
        %c256_i32_33 = arith.constant 256 : i32
        %87 = arith.muli %arg15, %c256_i32_33 : i32
        %88 = tessera.multiple_of %87, 256 : i32
        %89 = arith.index_cast %88 : i32 to index
        %90 = tessera.view %arg2 [%86, %89] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_34 = arith.constant 8 : i32
        %91 = arith.muli %arg13, %c8_i32_34 : i32
        %92 = tessera.multiple_of %91, 8 : i32
        %93 = arith.index_cast %92 : i32 to index
        %94 = tessera.view %arg5 [%93, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %94, %90, %83 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c8_i32_23 = arith.constant 8 : i32
      %39 = arith.muli %arg9, %c8_i32_23 : i32
      %40 = tessera.multiple_of %39, 8 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg3 [%41, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c8_i32_24 = arith.constant 8 : i32
      %43 = arith.muli %arg13, %c8_i32_24 : i32
      %44 = tessera.multiple_of %43, 8 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg5 [%45, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %47 = tessera.load %42 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x256xf32>
      %cst = arith.constant dense<5.000000e-01> : vector<8x256xf32>
      %48 = arith.addf %47, %cst : vector<8x256xf32>
      tessera.store %48, %46 : vector<8x256xf32>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %49 = arith.cmpi ne, %37#0, %arg10 : i32
      %50 = arith.cmpi ne, %37#1, %arg11 : i32
      %51 = arith.ori %49, %50 : i1
      %52 = arith.andi %33, %51 : i1
      %c1_i32_25 = arith.constant 1 : i32
      %53 = arith.subi %c1_i32_25, %arg9 : i32
      %54 = arith.select %52, %53, %arg9 : i32
      %55 = arith.index_cast %54 : i32 to index
      %56 = arith.select %52, %c1_i32, %c0_i32 : i32
      %57 = arith.select %52, %37#0, %arg10 : i32
      %58 = arith.select %52, %37#1, %arg11 : i32
      %c1_i32_26 = arith.constant 1 : i32
      %59 = arith.addi %arg8, %c1_i32_26 : i32
      %c2_i32 = arith.constant 2 : i32
      %60 = arith.addi %arg8, %c2_i32 : i32
      %61 = arith.index_cast %60 : i32 to index
      %c10_i32_27 = arith.constant 10 : i32
      %62 = arith.cmpi slt, %60, %c10_i32_27 : i32
      %63:4 = scf.if %62 -> (i32, i32, i32, i32) {
        %83 = tessera.load_scalar %arg0[%61] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_32 = arith.constant 0 : i32
        %c0_i32_33 = arith.constant 0 : i32
        scf.yield %83, %c0_i32_32, %60, %c0_i32_33 : i32, i32, i32, i32
      } else {
        scf.yield %57, %58, %arg14, %arg15 : i32, i32, i32, i32
      }
      %c9_i32_28 = arith.constant 9 : i32
      %64 = arith.cmpi slt, %59, %c9_i32_28 : i32
      %65 = arith.cmpi ne, %63#0, %57 : i32
      %66 = arith.cmpi ne, %63#1, %58 : i32
      %67 = arith.ori %65, %66 : i1
      %68 = arith.andi %64, %67 : i1
      %c1_i32_29 = arith.constant 1 : i32
      %69 = arith.subi %c1_i32_29, %54 : i32
      %70 = arith.index_cast %69 : i32 to index
      scf.if %68 {
        %83 = tessera.view %arg4 [%70] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_32 = arith.constant 8 : i32
        %84 = arith.muli %63#0, %c8_i32_32 : i32
        %85 = tessera.multiple_of %84, 8 : i32
        %86 = arith.index_cast %85 : i32 to index
        %c256_i32_33 = arith.constant 256 : i32
        %87 = arith.muli %63#1, %c256_i32_33 : i32
        %88 = tessera.multiple_of %87, 256 : i32
        %89 = arith.index_cast %88 : i32 to index
        %90 = tessera.view %arg1 [%86, %89] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_34 = arith.constant 8 : i32
        %91 = arith.muli %69, %c8_i32_34 : i32
        %92 = tessera.multiple_of %91, 8 : i32
        %93 = arith.index_cast %92 : i32 to index
        %94 = tessera.view %arg3 [%93, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %90, %94, %83 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %71 = arith.xori %33, %true : i1
      %72 = arith.cmpi ne, %37#2, %arg14 : i32
      %73 = arith.cmpi ne, %37#3, %arg15 : i32
      %74 = arith.ori %72, %73 : i1
      %75 = arith.ori %71, %74 : i1
      scf.if %75 {
        %c1_i32_32 = arith.constant 1 : i32
        %83 = arith.muli %arg14, %c1_i32_32 : i32
        %84 = arith.addi %83, %arg15 : i32
        %85 = arith.index_cast %84 : i32 to index
        %86 = tessera.load_scalar %arg7[%85] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_33 = arith.constant 0 : i32
        %87 = arith.cmpi eq, %86, %c0_i32_33 : i32
        tessera.check %87, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg14, %arg15 : i32, i32]
        %c1_i32_34 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_34, %arg7[%85] : i32, memref<10xi32, #tessera.memory_space<smem>>
        %88 = tessera.view %arg6 [%32] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_35 = arith.constant 8 : i32
        %89 = arith.muli %arg14, %c8_i32_35 : i32
        %90 = tessera.multiple_of %89, 8 : i32
        %91 = arith.index_cast %90 : i32 to index
        %c256_i32_36 = arith.constant 256 : i32
        %92 = arith.muli %arg15, %c256_i32_36 : i32
        %93 = tessera.multiple_of %92, 256 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg2 [%91, %94] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_37 = arith.constant 8 : i32
        %96 = arith.muli %arg13, %c8_i32_37 : i32
        %97 = tessera.multiple_of %96, 8 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg5 [%98, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %99, %95, %88 if %71 {pieces = 8 : i64} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_30 = arith.constant 1 : i32
      %76 = arith.subi %c1_i32_30, %arg13 : i32
      %77 = arith.select %75, %76, %arg13 : i32
      %78 = arith.select %75, %arg17, %c0_i32 : i32
      %79 = arith.select %75, %c1_i32, %arg17 : i32
      %80 = arith.select %75, %37#2, %arg14 : i32
      %81 = arith.select %75, %37#3, %arg15 : i32
      %c0_i32_31 = arith.constant 0 : i32
      %82 = arith.cmpi ne, %56, %c0_i32_31 : i32
      scf.if %82 {
        %83 = tessera.view %arg4 [%55] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_32 = arith.constant 8 : i32
        %84 = arith.muli %57, %c8_i32_32 : i32
        %85 = tessera.multiple_of %84, 8 : i32
        %86 = arith.index_cast %85 : i32 to index
        %c256_i32_33 = arith.constant 256 : i32
        %87 = arith.muli %58, %c256_i32_33 : i32
        %88 = tessera.multiple_of %87, 256 : i32
        %89 = arith.index_cast %88 : i32 to index
        %90 = tessera.view %arg1 [%86, %89] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_34 = arith.constant 8 : i32
        %91 = arith.muli %54, %c8_i32_34 : i32
        %92 = tessera.multiple_of %91, 8 : i32
        %93 = arith.index_cast %92 : i32 to index
        %94 = tessera.view %arg3 [%93, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %90, %94, %83 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %54, %57, %58, %56, %77, %80, %81, %78, %79 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %29 = arith.index_cast %28#4 : i32 to index
    %c0_i32_17 = arith.constant 0 : i32
    %30 = arith.cmpi ne, %28#7, %c0_i32_17 : i32
    scf.if %30 {
      %32 = tessera.view %arg6 [%29] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_19 = arith.constant 8 : i32
      %33 = arith.muli %28#5, %c8_i32_19 : i32
      %34 = tessera.multiple_of %33, 8 : i32
      %35 = arith.index_cast %34 : i32 to index
      %c256_i32_20 = arith.constant 256 : i32
      %36 = arith.muli %28#6, %c256_i32_20 : i32
      %37 = tessera.multiple_of %36, 256 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg2 [%35, %38] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_21 = arith.constant 8 : i32
      %40 = arith.muli %28#4, %c8_i32_21 : i32
      %41 = tessera.multiple_of %40, 8 : i32
      %42 = arith.index_cast %41 : i32 to index
      %43 = tessera.view %arg5 [%42, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %43, %39, %32 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_18 = arith.constant 0 : i32
    %31 = arith.cmpi ne, %28#8, %c0_i32_18 : i32
    scf.if %31 {
      %c1_i32_19 = arith.constant 1 : i32
      %32 = arith.subi %c1_i32_19, %28#4 : i32
      %33 = arith.index_cast %32 : i32 to index
      %34 = tessera.view %arg6 [%33] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_20 = arith.constant 8 : i32
      %35 = arith.muli %28#5, %c8_i32_20 : i32
      %36 = tessera.multiple_of %35, 8 : i32
      %37 = arith.index_cast %36 : i32 to index
      %c256_i32_21 = arith.constant 256 : i32
      %38 = arith.muli %28#6, %c256_i32_21 : i32
      %39 = tessera.multiple_of %38, 256 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg2 [%37, %40] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_22 = arith.constant 8 : i32
      %42 = arith.muli %32, %c8_i32_22 : i32
      %43 = tessera.multiple_of %42, 8 : i32
      %44 = arith.index_cast %43 : i32 to index
      %45 = tessera.view %arg5 [%44, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %45, %41, %34 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
