module {
  func.func @scalar_prefetch_gather(%arg0: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "idx_smem"}, %arg1: memref<128x256xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg2: memref<80x256xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg4: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg5: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg6: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg7: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 1 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    %1 = arith.index_cast %c1_i32 : i32 to index
    %2 = tessera.load_scalar %arg0[%0] : memref<10xi32, #tessera.memory_space<smem>> -> i32
    %c0_i32_0 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %3 = arith.cmpi ult, %2, %c16_i32 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %4 = arith.cmpi ult, %c0_i32_0, %c1_i32_1 : i32
    %5 = arith.andi %3, %4 : i1
    tessera.check %5, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%c0_i32, %2, %c0_i32_0 : i32, i32, i32] {tessera.block_index}
    %6 = tessera.view %arg4 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c8_i32 = arith.constant 8 : i32
    %7 = arith.muli %2, %c8_i32 : i32
    %8 = tessera.multiple_of %7, 8 : i32
    %9 = arith.index_cast %8 : i32 to index
    %c256_i32 = arith.constant 256 : i32
    %10 = arith.muli %c0_i32_0, %c256_i32 : i32
    %11 = tessera.multiple_of %10, 256 : i32
    %12 = arith.index_cast %11 : i32 to index
    %13 = tessera.view %arg1 [%9, %12] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    %c8_i32_2 = arith.constant 8 : i32
    %14 = arith.muli %c0_i32, %c8_i32_2 : i32
    %15 = tessera.multiple_of %14, 8 : i32
    %16 = arith.index_cast %15 : i32 to index
    %17 = tessera.view %arg3 [%16, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %13, %17, %6 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_3 = arith.constant 0 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %c10_i32 = arith.constant 10 : i32
    %c1_i32_5 = arith.constant 1 : i32
    %c8_i32_6 = arith.constant 8 : i32
    %c8_i32_7 = arith.constant 8 : i32
    %18 = arith.muli %c1_i32_5, %c8_i32_7 : i32
    scf.for %arg8 = %c0_i32_4 to %c8_i32_6 step %18  : i32 {
      %35 = arith.index_cast %arg8 : i32 to index
      %c0_i32_20 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_20, %arg7[%35] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c1_i32_21 = arith.constant 1 : i32
      %36 = arith.addi %arg8, %c1_i32_21 : i32
      %37 = arith.index_cast %36 : i32 to index
      %c0_i32_22 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_22, %arg7[%37] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c2_i32 = arith.constant 2 : i32
      %38 = arith.addi %arg8, %c2_i32 : i32
      %39 = arith.index_cast %38 : i32 to index
      %c0_i32_23 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_23, %arg7[%39] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c3_i32 = arith.constant 3 : i32
      %40 = arith.addi %arg8, %c3_i32 : i32
      %41 = arith.index_cast %40 : i32 to index
      %c0_i32_24 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_24, %arg7[%41] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c4_i32 = arith.constant 4 : i32
      %42 = arith.addi %arg8, %c4_i32 : i32
      %43 = arith.index_cast %42 : i32 to index
      %c0_i32_25 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_25, %arg7[%43] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c5_i32 = arith.constant 5 : i32
      %44 = arith.addi %arg8, %c5_i32 : i32
      %45 = arith.index_cast %44 : i32 to index
      %c0_i32_26 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_26, %arg7[%45] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c6_i32 = arith.constant 6 : i32
      %46 = arith.addi %arg8, %c6_i32 : i32
      %47 = arith.index_cast %46 : i32 to index
      %c0_i32_27 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_27, %arg7[%47] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
      %c7_i32 = arith.constant 7 : i32
      %48 = arith.addi %arg8, %c7_i32 : i32
      %49 = arith.index_cast %48 : i32 to index
      %c0_i32_28 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_28, %arg7[%49] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    }
    %c8_i32_8 = arith.constant 8 : i32
    %19 = arith.index_cast %c8_i32_8 : i32 to index
    %c0_i32_9 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_9, %arg7[%19] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    %c9_i32 = arith.constant 9 : i32
    %20 = arith.index_cast %c9_i32 : i32 to index
    %c0_i32_10 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_10, %arg7[%20] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    %c10_i32_11 = arith.constant 10 : i32
    %21 = arith.cmpi slt, %c1_i32, %c10_i32_11 : i32
    %22:4 = scf.if %21 -> (i32, i32, i32, i32) {
      %35 = tessera.load_scalar %arg0[%1] : memref<10xi32, #tessera.memory_space<smem>> -> i32
      %c0_i32_20 = arith.constant 0 : i32
      %c16_i32_21 = arith.constant 16 : i32
      %36 = arith.cmpi ult, %35, %c16_i32_21 : i32
      %c1_i32_22 = arith.constant 1 : i32
      %37 = arith.cmpi ult, %c0_i32_20, %c1_i32_22 : i32
      %38 = arith.andi %36, %37 : i1
      tessera.check %38, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%c1_i32, %35, %c0_i32_20 : i32, i32, i32] {tessera.block_index}
      %c0_i32_23 = arith.constant 0 : i32
      scf.yield %35, %c0_i32_20, %c1_i32, %c0_i32_23 : i32, i32, i32, i32
    } else {
      scf.yield %2, %c0_i32_0, %c0_i32, %c0_i32_3 : i32, i32, i32, i32
    }
    %c9_i32_12 = arith.constant 9 : i32
    %23 = arith.cmpi slt, %c0_i32, %c9_i32_12 : i32
    %24 = arith.cmpi ne, %22#0, %2 : i32
    %25 = arith.cmpi ne, %22#1, %c0_i32_0 : i32
    %26 = arith.ori %24, %25 : i1
    %27 = arith.andi %23, %26 : i1
    %c1_i32_13 = arith.constant 1 : i32
    %28 = arith.subi %c1_i32_13, %c0_i32 : i32
    %29 = arith.index_cast %28 : i32 to index
    scf.if %27 {
      %35 = tessera.view %arg4 [%29] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_20 = arith.constant 8 : i32
      %36 = arith.muli %22#0, %c8_i32_20 : i32
      %37 = tessera.multiple_of %36, 8 : i32
      %38 = arith.index_cast %37 : i32 to index
      %c256_i32_21 = arith.constant 256 : i32
      %39 = arith.muli %22#1, %c256_i32_21 : i32
      %40 = tessera.multiple_of %39, 256 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg1 [%38, %41] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_22 = arith.constant 8 : i32
      %43 = arith.muli %28, %c8_i32_22 : i32
      %44 = tessera.multiple_of %43, 8 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg3 [%45, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %42, %46, %35 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_14 = arith.constant 0 : i32
    %30 = arith.cmpi ne, %c1_i32, %c0_i32_14 : i32
    scf.if %30 {
      %35 = tessera.view %arg4 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_20 = arith.constant 8 : i32
      %36 = arith.muli %2, %c8_i32_20 : i32
      %37 = tessera.multiple_of %36, 8 : i32
      %38 = arith.index_cast %37 : i32 to index
      %c256_i32_21 = arith.constant 256 : i32
      %39 = arith.muli %c0_i32_0, %c256_i32_21 : i32
      %40 = tessera.multiple_of %39, 256 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg1 [%38, %41] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_22 = arith.constant 8 : i32
      %43 = arith.muli %c0_i32, %c8_i32_22 : i32
      %44 = tessera.multiple_of %43, 8 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg3 [%45, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %42, %46, %35 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_15 = arith.constant 0 : i32
    %c10_i32_16 = arith.constant 10 : i32
    %c1_i32_17 = arith.constant 1 : i32
    %31:9 = scf.for %arg8 = %c0_i32_15 to %c10_i32_16 step %c1_i32_17 iter_args(%arg9 = %c0_i32, %arg10 = %2, %arg11 = %c0_i32_0, %arg12 = %c1_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32_3, %arg16 = %c0_i32, %arg17 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %35 = arith.index_cast %arg13 : i32 to index
      %c9_i32_20 = arith.constant 9 : i32
      %36 = arith.cmpi slt, %arg8, %c9_i32_20 : i32
      %c1_i32_21 = arith.constant 1 : i32
      %37 = arith.addi %arg8, %c1_i32_21 : i32
      %38 = arith.index_cast %37 : i32 to index
      %c10_i32_22 = arith.constant 10 : i32
      %39 = arith.cmpi slt, %37, %c10_i32_22 : i32
      %40:4 = scf.if %39 -> (i32, i32, i32, i32) {
        %86 = tessera.load_scalar %arg0[%38] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_33 = arith.constant 0 : i32
        %c16_i32_34 = arith.constant 16 : i32
        %87 = arith.cmpi ult, %86, %c16_i32_34 : i32
        %c1_i32_35 = arith.constant 1 : i32
        %88 = arith.cmpi ult, %c0_i32_33, %c1_i32_35 : i32
        %89 = arith.andi %87, %88 : i1
        tessera.check %89, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%37, %86, %c0_i32_33 : i32, i32, i32] {tessera.block_index}
        %c0_i32_36 = arith.constant 0 : i32
        scf.yield %86, %c0_i32_33, %37, %c0_i32_36 : i32, i32, i32, i32
      } else {
        scf.yield %arg10, %arg11, %arg14, %arg15 : i32, i32, i32, i32
      }
      %c0_i32_23 = arith.constant 0 : i32
      %41 = arith.cmpi ne, %arg16, %c0_i32_23 : i32
      scf.if %41 {
        %86 = tessera.view %arg6 [%35] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_33 = arith.constant 8 : i32
        %87 = arith.muli %arg14, %c8_i32_33 : i32
        %88 = tessera.multiple_of %87, 8 : i32
        %89 = arith.index_cast %88 : i32 to index
        %c256_i32_34 = arith.constant 256 : i32
        %90 = arith.muli %arg15, %c256_i32_34 : i32
        %91 = tessera.multiple_of %90, 256 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg2 [%89, %92] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_35 = arith.constant 8 : i32
        %94 = arith.muli %arg13, %c8_i32_35 : i32
        %95 = tessera.multiple_of %94, 8 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg5 [%96, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %97, %93, %86 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c8_i32_24 = arith.constant 8 : i32
      %42 = arith.muli %arg9, %c8_i32_24 : i32
      %43 = tessera.multiple_of %42, 8 : i32
      %44 = arith.index_cast %43 : i32 to index
      %45 = tessera.view %arg3 [%44, 0] [8, 256] {tessera.compiler_index} : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c8_i32_25 = arith.constant 8 : i32
      %46 = arith.muli %arg13, %c8_i32_25 : i32
      %47 = tessera.multiple_of %46, 8 : i32
      %48 = arith.index_cast %47 : i32 to index
      %49 = tessera.view %arg5 [%48, 0] [8, 256] {tessera.compiler_index} : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %50 = tessera.load %45 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x256xf32>
      %cst = arith.constant dense<5.000000e-01> : vector<8x256xf32>
      %51 = arith.addf %50, %cst : vector<8x256xf32>
      tessera.store %51, %49 : vector<8x256xf32>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %52 = arith.cmpi ne, %40#0, %arg10 : i32
      %53 = arith.cmpi ne, %40#1, %arg11 : i32
      %54 = arith.ori %52, %53 : i1
      %55 = arith.andi %36, %54 : i1
      %c1_i32_26 = arith.constant 1 : i32
      %56 = arith.subi %c1_i32_26, %arg9 : i32
      %57 = arith.select %55, %56, %arg9 : i32
      %58 = arith.index_cast %57 : i32 to index
      %59 = arith.select %55, %c1_i32, %c0_i32 : i32
      %60 = arith.select %55, %40#0, %arg10 : i32
      %61 = arith.select %55, %40#1, %arg11 : i32
      %c1_i32_27 = arith.constant 1 : i32
      %62 = arith.addi %arg8, %c1_i32_27 : i32
      %c2_i32 = arith.constant 2 : i32
      %63 = arith.addi %arg8, %c2_i32 : i32
      %64 = arith.index_cast %63 : i32 to index
      %c10_i32_28 = arith.constant 10 : i32
      %65 = arith.cmpi slt, %63, %c10_i32_28 : i32
      %66:4 = scf.if %65 -> (i32, i32, i32, i32) {
        %86 = tessera.load_scalar %arg0[%64] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_33 = arith.constant 0 : i32
        %c16_i32_34 = arith.constant 16 : i32
        %87 = arith.cmpi ult, %86, %c16_i32_34 : i32
        %c1_i32_35 = arith.constant 1 : i32
        %88 = arith.cmpi ult, %c0_i32_33, %c1_i32_35 : i32
        %89 = arith.andi %87, %88 : i1
        tessera.check %89, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%63, %86, %c0_i32_33 : i32, i32, i32] {tessera.block_index}
        %c0_i32_36 = arith.constant 0 : i32
        scf.yield %86, %c0_i32_33, %63, %c0_i32_36 : i32, i32, i32, i32
      } else {
        scf.yield %60, %61, %arg14, %arg15 : i32, i32, i32, i32
      }
      %c9_i32_29 = arith.constant 9 : i32
      %67 = arith.cmpi slt, %62, %c9_i32_29 : i32
      %68 = arith.cmpi ne, %66#0, %60 : i32
      %69 = arith.cmpi ne, %66#1, %61 : i32
      %70 = arith.ori %68, %69 : i1
      %71 = arith.andi %67, %70 : i1
      %c1_i32_30 = arith.constant 1 : i32
      %72 = arith.subi %c1_i32_30, %57 : i32
      %73 = arith.index_cast %72 : i32 to index
      scf.if %71 {
        %86 = tessera.view %arg4 [%73] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_33 = arith.constant 8 : i32
        %87 = arith.muli %66#0, %c8_i32_33 : i32
        %88 = tessera.multiple_of %87, 8 : i32
        %89 = arith.index_cast %88 : i32 to index
        %c256_i32_34 = arith.constant 256 : i32
        %90 = arith.muli %66#1, %c256_i32_34 : i32
        %91 = tessera.multiple_of %90, 256 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg1 [%89, %92] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_35 = arith.constant 8 : i32
        %94 = arith.muli %72, %c8_i32_35 : i32
        %95 = tessera.multiple_of %94, 8 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg3 [%96, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %93, %97, %86 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %74 = arith.xori %36, %true : i1
      %75 = arith.cmpi ne, %40#2, %arg14 : i32
      %76 = arith.cmpi ne, %40#3, %arg15 : i32
      %77 = arith.ori %75, %76 : i1
      %78 = arith.ori %74, %77 : i1
      scf.if %78 {
        %c1_i32_33 = arith.constant 1 : i32
        %86 = arith.muli %arg14, %c1_i32_33 : i32
        %87 = arith.addi %86, %arg15 : i32
        %88 = arith.index_cast %87 : i32 to index
        %89 = tessera.load_scalar %arg7[%88] {tessera.compiler_index} : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_34 = arith.constant 0 : i32
        %90 = arith.cmpi eq, %89, %c0_i32_34 : i32
        tessera.check %90, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg14, %arg15 : i32, i32]
        %c1_i32_35 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_35, %arg7[%88] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
        %91 = tessera.view %arg6 [%35] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_36 = arith.constant 8 : i32
        %92 = arith.muli %arg14, %c8_i32_36 : i32
        %93 = tessera.multiple_of %92, 8 : i32
        %94 = arith.index_cast %93 : i32 to index
        %c256_i32_37 = arith.constant 256 : i32
        %95 = arith.muli %arg15, %c256_i32_37 : i32
        %96 = tessera.multiple_of %95, 256 : i32
        %97 = arith.index_cast %96 : i32 to index
        %98 = tessera.view %arg2 [%94, %97] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_38 = arith.constant 8 : i32
        %99 = arith.muli %arg13, %c8_i32_38 : i32
        %100 = tessera.multiple_of %99, 8 : i32
        %101 = arith.index_cast %100 : i32 to index
        %102 = tessera.view %arg5 [%101, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %102, %98, %91 if %74 {pieces = 8 : i64, tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_31 = arith.constant 1 : i32
      %79 = arith.subi %c1_i32_31, %arg13 : i32
      %80 = arith.select %78, %79, %arg13 : i32
      %81 = arith.select %78, %arg17, %c0_i32 : i32
      %82 = arith.select %78, %c1_i32, %arg17 : i32
      %83 = arith.select %78, %40#2, %arg14 : i32
      %84 = arith.select %78, %40#3, %arg15 : i32
      %c0_i32_32 = arith.constant 0 : i32
      %85 = arith.cmpi ne, %59, %c0_i32_32 : i32
      scf.if %85 {
        %86 = tessera.view %arg4 [%58] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_33 = arith.constant 8 : i32
        %87 = arith.muli %60, %c8_i32_33 : i32
        %88 = tessera.multiple_of %87, 8 : i32
        %89 = arith.index_cast %88 : i32 to index
        %c256_i32_34 = arith.constant 256 : i32
        %90 = arith.muli %61, %c256_i32_34 : i32
        %91 = tessera.multiple_of %90, 256 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg1 [%89, %92] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_35 = arith.constant 8 : i32
        %94 = arith.muli %57, %c8_i32_35 : i32
        %95 = tessera.multiple_of %94, 8 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg3 [%96, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %93, %97, %86 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %57, %60, %61, %59, %80, %83, %84, %81, %82 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %32 = arith.index_cast %31#4 : i32 to index
    %c0_i32_18 = arith.constant 0 : i32
    %33 = arith.cmpi ne, %31#7, %c0_i32_18 : i32
    scf.if %33 {
      %35 = tessera.view %arg6 [%32] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_20 = arith.constant 8 : i32
      %36 = arith.muli %31#5, %c8_i32_20 : i32
      %37 = tessera.multiple_of %36, 8 : i32
      %38 = arith.index_cast %37 : i32 to index
      %c256_i32_21 = arith.constant 256 : i32
      %39 = arith.muli %31#6, %c256_i32_21 : i32
      %40 = tessera.multiple_of %39, 256 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg2 [%38, %41] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_22 = arith.constant 8 : i32
      %43 = arith.muli %31#4, %c8_i32_22 : i32
      %44 = tessera.multiple_of %43, 8 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg5 [%45, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %46, %42, %35 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_19 = arith.constant 0 : i32
    %34 = arith.cmpi ne, %31#8, %c0_i32_19 : i32
    scf.if %34 {
      %c1_i32_20 = arith.constant 1 : i32
      %35 = arith.subi %c1_i32_20, %31#4 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg6 [%36] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_21 = arith.constant 8 : i32
      %38 = arith.muli %31#5, %c8_i32_21 : i32
      %39 = tessera.multiple_of %38, 8 : i32
      %40 = arith.index_cast %39 : i32 to index
      %c256_i32_22 = arith.constant 256 : i32
      %41 = arith.muli %31#6, %c256_i32_22 : i32
      %42 = tessera.multiple_of %41, 256 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg2 [%40, %43] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_23 = arith.constant 8 : i32
      %45 = arith.muli %35, %c8_i32_23 : i32
      %46 = tessera.multiple_of %45, 8 : i32
      %47 = arith.index_cast %46 : i32 to index
      %48 = tessera.view %arg5 [%47, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %48, %44, %37 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
