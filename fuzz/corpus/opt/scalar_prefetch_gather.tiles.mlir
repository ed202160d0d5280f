module {
  func.func @scalar_prefetch_gather(%arg0: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "idx_smem"}, %arg1: memref<128x256xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg2: memref<80x256xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg4: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg5: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg6: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg7: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 1 : i64} {
    %c9 = arith.constant 9 : index
    %c8 = arith.constant 8 : index
    %c7 = arith.constant 7 : index
    %c6 = arith.constant 6 : index
    %c5 = arith.constant 5 : index
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant dense<5.000000e-01> : vector<8x128xf32>
    %c9_i32 = arith.constant 9 : i32
    %c2_i32 = arith.constant 2 : i32
    %c10_i32 = arith.constant 10 : i32
    %c256_i32 = arith.constant 256 : i32
    %c8_i32 = arith.constant 8 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = tessera.load_scalar %arg0[%c0] : memref<10xi32, #tessera.memory_space<smem>> -> i32
    %1 = arith.cmpi ult, %0, %c16_i32 : i32
    tessera.check %1, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%c0_i32, %0, %c0_i32 : i32, i32, i32] {tessera.block_index}
    %2 = tessera.view %arg4 [%c0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %3 = arith.muli %0, %c8_i32 : i32
    %4 = tessera.multiple_of %3, 8 : i32
    %5 = arith.index_cast %4 : i32 to index
    %6 = tessera.multiple_of %c0_i32, 256 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg1 [%5, %7] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    %9 = tessera.multiple_of %c0_i32, 8 : i32
    %10 = arith.index_cast %9 : i32 to index
    %11 = tessera.view %arg3 [%10, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %11, %2 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    tessera.store_scalar %c0_i32, %arg7[%c0] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c1] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c2] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c3] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c4] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c5] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c6] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c7] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c8] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c9] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
    %12 = tessera.load_scalar %arg0[%c1] : memref<10xi32, #tessera.memory_space<smem>> -> i32
    %13 = arith.cmpi ult, %12, %c16_i32 : i32
    tessera.check %13, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%c1_i32, %12, %c0_i32 : i32, i32, i32] {tessera.block_index}
    %14 = arith.cmpi ne, %12, %0 : i32
    scf.if %14 {
      %29 = tessera.view %arg4 [%c1] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %30 = arith.muli %12, %c8_i32 : i32
      %31 = tessera.multiple_of %30, 8 : i32
      %32 = arith.index_cast %31 : i32 to index
      %33 = tessera.multiple_of %c0_i32, 256 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.view %arg1 [%32, %34] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %36 = tessera.multiple_of %c8_i32, 8 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg3 [%37, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %35, %38, %29 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } {tessera.predicate}
    %15 = tessera.view %arg4 [%c0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %16 = arith.muli %0, %c8_i32 : i32
    %17 = tessera.multiple_of %16, 8 : i32
    %18 = arith.index_cast %17 : i32 to index
    %19 = tessera.multiple_of %c0_i32, 256 : i32
    %20 = arith.index_cast %19 : i32 to index
    %21 = tessera.view %arg1 [%18, %20] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    %22 = tessera.multiple_of %c0_i32, 8 : i32
    %23 = arith.index_cast %22 : i32 to index
    %24 = tessera.view %arg3 [%23, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_wait %21, %24, %15 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %25:8 = scf.for %arg8 = %c0_i32 to %c10_i32 step %c1_i32 iter_args(%arg9 = %c0_i32, %arg10 = %0, %arg11 = %c0_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %29 = arith.index_cast %arg12 : i32 to index
      %30 = arith.cmpi slt, %arg8, %c9_i32 : i32
      %31 = arith.addi %arg8, %c1_i32 : i32
      %32 = arith.index_cast %31 : i32 to index
      %33 = arith.cmpi slt, %31, %c10_i32 : i32
      %34 = arith.select %33, %c0_i32, %arg11 : i32
      %35 = arith.select %33, %31, %arg13 : i32
      %36 = arith.select %33, %c0_i32, %arg14 : i32
      %37 = scf.if %33 -> (i32) {
        %88 = tessera.load_scalar %arg0[%32] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %89 = arith.cmpi ult, %88, %c16_i32 : i32
        tessera.check %89, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%31, %88, %c0_i32 : i32, i32, i32] {tessera.block_index}
        scf.yield %88 : i32
      } else {
        scf.yield %arg10 : i32
      }
      %38 = arith.cmpi ne, %arg15, %c0_i32 : i32
      scf.if %38 {
        %88 = tessera.view %arg6 [%29] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %89 = arith.muli %arg13, %c8_i32 : i32
        %90 = tessera.multiple_of %89, 8 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = arith.muli %arg14, %c256_i32 : i32
        %93 = tessera.multiple_of %92, 256 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg2 [%91, %94] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %96 = arith.muli %arg12, %c8_i32 : i32
        %97 = tessera.multiple_of %96, 8 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg5 [%98, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %99, %95, %88 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %39 = arith.muli %arg9, %c8_i32 : i32
      %40 = tessera.multiple_of %39, 8 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg3 [%41, 0] [8, 256] {tessera.compiler_index} : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %43 = arith.muli %arg12, %c8_i32 : i32
      %44 = tessera.multiple_of %43, 8 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg5 [%45, 0] [8, 256] {tessera.compiler_index} : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %47 = tessera.view %42 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %48 = tessera.load %47 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %49 = tessera.view %42 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %50 = tessera.load %49 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %51 = arith.addf %48, %cst : vector<8x128xf32>
      %52 = arith.addf %50, %cst : vector<8x128xf32>
      %53 = tessera.view %46 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %51, %53 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %54 = tessera.view %46 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %52, %54 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %55 = arith.cmpi ne, %37, %arg10 : i32
      %56 = arith.cmpi ne, %34, %arg11 : i32
      %57 = arith.ori %55, %56 : i1
      %58 = arith.andi %30, %57 : i1
      %59 = arith.subi %c1_i32, %arg9 : i32
      %60 = arith.select %58, %59, %arg9 : i32
      %61 = arith.index_cast %60 : i32 to index
      %62 = arith.select %58, %37, %arg10 : i32
      %63 = arith.select %58, %34, %arg11 : i32
      %64 = arith.addi %arg8, %c1_i32 : i32
      %65 = arith.addi %arg8, %c2_i32 : i32
      %66 = arith.index_cast %65 : i32 to index
      %67 = arith.cmpi slt, %65, %c10_i32 : i32
      %68 = arith.select %67, %c0_i32, %63 : i32
      %69 = scf.if %67 -> (i32) {
        %88 = tessera.load_scalar %arg0[%66] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %89 = arith.cmpi ult, %88, %c16_i32 : i32
        tessera.check %89, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%65, %88, %c0_i32 : i32, i32, i32] {tessera.block_index}
        scf.yield %88 : i32
      } else {
        scf.yield %62 : i32
      }
      %70 = arith.cmpi slt, %64, %c9_i32 : i32
      %71 = arith.cmpi ne, %69, %62 : i32
      %72 = arith.cmpi ne, %68, %63 : i32
      %73 = arith.ori %71, %72 : i1
      %74 = arith.andi %70, %73 : i1
      %75 = arith.subi %c1_i32, %60 : i32
      %76 = arith.index_cast %75 : i32 to index
      scf.if %74 {
        %88 = tessera.view %arg4 [%76] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %89 = arith.muli %69, %c8_i32 : i32
        %90 = tessera.multiple_of %89, 8 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = arith.muli %68, %c256_i32 : i32
        %93 = tessera.multiple_of %92, 256 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg1 [%91, %94] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %96 = arith.muli %75, %c8_i32 : i32
        %97 = tessera.multiple_of %96, 8 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg3 [%98, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %95, %99, %88 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %77 = arith.cmpi sge, %arg8, %c9_i32 : i32
      %78 = arith.cmpi ne, %35, %arg13 : i32
      %79 = arith.cmpi ne, %36, %arg14 : i32
      %80 = arith.ori %78, %79 : i1
      %81 = arith.ori %77, %80 : i1
      scf.if %81 {
        %88 = arith.addi %arg13, %arg14 : i32
        %89 = arith.index_cast %88 : i32 to index
        %90 = tessera.load_scalar %arg7[%89] {tessera.compiler_index} : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %91 = arith.cmpi eq, %90, %c0_i32 : i32
        tessera.check %91, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        tessera.store_scalar %c1_i32, %arg7[%89] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
        %92 = tessera.view %arg6 [%29] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %93 = arith.muli %arg13, %c8_i32 : i32
        %94 = tessera.multiple_of %93, 8 : i32
        %95 = arith.index_cast %94 : i32 to index
        %96 = arith.muli %arg14, %c256_i32 : i32
        %97 = tessera.multiple_of %96, 256 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg2 [%95, %98] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %100 = arith.muli %arg12, %c8_i32 : i32
        %101 = tessera.multiple_of %100, 8 : i32
        %102 = arith.index_cast %101 : i32 to index
        %103 = tessera.view %arg5 [%102, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %103, %99, %92 if %77 {pieces = 8 : i64, tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %82 = arith.subi %c1_i32, %arg12 : i32
      %83 = arith.select %81, %82, %arg12 : i32
      %84 = arith.select %81, %arg16, %c0_i32 : i32
      %85 = arith.select %81, %c1_i32, %arg16 : i32
      %86 = arith.select %81, %35, %arg13 : i32
      %87 = arith.select %81, %36, %arg14 : i32
      scf.if %58 {
        %88 = tessera.view %arg4 [%61] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %89 = arith.muli %62, %c8_i32 : i32
        %90 = tessera.multiple_of %89, 8 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = arith.muli %63, %c256_i32 : i32
        %93 = tessera.multiple_of %92, 256 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg1 [%91, %94] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %96 = arith.muli %60, %c8_i32 : i32
        %97 = tessera.multiple_of %96, 8 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg3 [%98, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %95, %99, %88 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      scf.yield %60, %62, %63, %83, %86, %87, %84, %85 : i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %26 = arith.index_cast %25#3 : i32 to index
    %27 = arith.cmpi ne, %25#6, %c0_i32 : i32
    scf.if %27 {
      %29 = tessera.view %arg6 [%26] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %30 = arith.muli %25#4, %c8_i32 : i32
      %31 = tessera.multiple_of %30, 8 : i32
      %32 = arith.index_cast %31 : i32 to index
      %33 = arith.muli %25#5, %c256_i32 : i32
      %34 = tessera.multiple_of %33, 256 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg2 [%32, %35] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %37 = arith.muli %25#3, %c8_i32 : i32
      %38 = tessera.multiple_of %37, 8 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg5 [%39, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %40, %36, %29 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %28 = arith.cmpi ne, %25#7, %c0_i32 : i32
    scf.if %28 {
      %29 = arith.subi %c1_i32, %25#3 : i32
      %30 = arith.index_cast %29 : i32 to index
      %31 = tessera.view %arg6 [%30] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %32 = arith.muli %25#4, %c8_i32 : i32
      %33 = tessera.multiple_of %32, 8 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = arith.muli %25#5, %c256_i32 : i32
      %36 = tessera.multiple_of %35, 256 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg2 [%34, %37] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %39 = arith.muli %29, %c8_i32 : i32
      %40 = tessera.multiple_of %39, 8 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg5 [%41, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %42, %38, %31 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    return
  }
}
