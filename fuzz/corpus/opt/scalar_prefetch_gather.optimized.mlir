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
      %33 = tessera.view %arg4 [%c1] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %34 = arith.muli %12, %c8_i32 : i32
      %35 = tessera.multiple_of %34, 8 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.multiple_of %c0_i32, 256 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = tessera.view %arg1 [%36, %38] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %40 = tessera.multiple_of %c8_i32, 8 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg3 [%41, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %39, %42, %33 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
      %33 = arith.index_cast %arg12 : i32 to index
      %34 = arith.cmpi slt, %arg8, %c9_i32 : i32
      %35 = arith.addi %arg8, %c1_i32 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = arith.cmpi slt, %35, %c10_i32 : i32
      %38 = arith.select %37, %c0_i32, %arg11 : i32
      %39 = arith.select %37, %35, %arg13 : i32
      %40 = arith.select %37, %c0_i32, %arg14 : i32
      %41 = scf.if %37 -> (i32) {
        %c10 = arith.constant 10 : index
        %92 = arith.cmpi ult, %36, %c10 : index
        tessera.check %92, "index {0} of idx_smem is outside [0, 10)" [%36 : index] {guards_reads}
        %93 = tessera.load_scalar %arg0[%36] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %94 = arith.cmpi ult, %93, %c16_i32 : i32
        tessera.check %94, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%35, %93, %c0_i32 : i32, i32, i32] {tessera.block_index}
        scf.yield %93 : i32
      } else {
        scf.yield %arg10 : i32
      }
      %42 = arith.cmpi ne, %arg15, %c0_i32 : i32
      scf.if %42 {
        %92 = tessera.view %arg6 [%33] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
        tessera.dma_wait %103, %99, %92 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %43 = arith.muli %arg9, %c8_i32 : i32
      %44 = tessera.multiple_of %43, 8 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg3 [%45, 0] [8, 256] {tessera.compiler_index} : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %47 = arith.muli %arg12, %c8_i32 : i32
      %48 = tessera.multiple_of %47, 8 : i32
      %49 = arith.index_cast %48 : i32 to index
      %50 = tessera.view %arg5 [%49, 0] [8, 256] {tessera.compiler_index} : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %51 = tessera.view %46 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %52 = tessera.load %51 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %53 = tessera.view %46 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %54 = tessera.load %53 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %55 = arith.addf %52, %cst : vector<8x128xf32>
      %56 = arith.addf %54, %cst : vector<8x128xf32>
      %57 = tessera.view %50 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %55, %57 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %58 = tessera.view %50 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %56, %58 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %59 = arith.cmpi ne, %41, %arg10 : i32
      %60 = arith.cmpi ne, %38, %arg11 : i32
      %61 = arith.ori %59, %60 : i1
      %62 = arith.andi %34, %61 : i1
      %63 = arith.subi %c1_i32, %arg9 : i32
      %64 = arith.select %62, %63, %arg9 : i32
      %65 = arith.index_cast %64 : i32 to index
      %66 = arith.select %62, %41, %arg10 : i32
      %67 = arith.select %62, %38, %arg11 : i32
      %68 = arith.addi %arg8, %c1_i32 : i32
      %69 = arith.addi %arg8, %c2_i32 : i32
      %70 = arith.index_cast %69 : i32 to index
      %71 = arith.cmpi slt, %69, %c10_i32 : i32
      %72 = arith.select %71, %c0_i32, %67 : i32
      %73 = scf.if %71 -> (i32) {
        %c10 = arith.constant 10 : index
        %92 = arith.cmpi ult, %70, %c10 : index
        tessera.check %92, "index {0} of idx_smem is outside [0, 10)" [%70 : index] {guards_reads}
        %93 = tessera.load_scalar %arg0[%70] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %94 = arith.cmpi ult, %93, %c16_i32 : i32
        tessera.check %94, "at grid point ({0}) the index map of in_specs[0] 'x_hbm' returned block ({1}, {2}), outside its array's 16 x 1 blocks of [8, 256] (block indices in [0, 16) x [0, 1))" [%69, %93, %c0_i32 : i32, i32, i32] {tessera.block_index}
        scf.yield %93 : i32
      } else {
        scf.yield %66 : i32
      }
      %74 = arith.cmpi slt, %68, %c9_i32 : i32
      %75 = arith.cmpi ne, %73, %66 : i32
      %76 = arith.cmpi ne, %72, %67 : i32
      %77 = arith.ori %75, %76 : i1
      %78 = arith.andi %74, %77 : i1
      %79 = arith.subi %c1_i32, %64 : i32
      %80 = arith.index_cast %79 : i32 to index
      scf.if %78 {
        %92 = tessera.view %arg4 [%80] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %93 = arith.muli %73, %c8_i32 : i32
        %94 = tessera.multiple_of %93, 8 : i32
        %95 = arith.index_cast %94 : i32 to index
        %96 = arith.muli %72, %c256_i32 : i32
        %97 = tessera.multiple_of %96, 256 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg1 [%95, %98] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %100 = arith.muli %79, %c8_i32 : i32
        %101 = tessera.multiple_of %100, 8 : i32
        %102 = arith.index_cast %101 : i32 to index
        %103 = tessera.view %arg3 [%102, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %99, %103, %92 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %81 = arith.cmpi sge, %arg8, %c9_i32 : i32
      %82 = arith.cmpi ne, %39, %arg13 : i32
      %83 = arith.cmpi ne, %40, %arg14 : i32
      %84 = arith.ori %82, %83 : i1
      %85 = arith.ori %81, %84 : i1
      scf.if %85 {
        %92 = arith.addi %arg13, %arg14 : i32
        %93 = arith.index_cast %92 : i32 to index
        %94 = tessera.load_scalar %arg7[%93] {tessera.compiler_index} : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %95 = arith.cmpi eq, %94, %c0_i32 : i32
        tessera.check %95, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        tessera.store_scalar %c1_i32, %arg7[%93] {tessera.compiler_index} : i32, memref<10xi32, #tessera.memory_space<smem>>
        %96 = tessera.view %arg6 [%33] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %97 = arith.muli %arg13, %c8_i32 : i32
        %98 = tessera.multiple_of %97, 8 : i32
        %99 = arith.index_cast %98 : i32 to index
        %100 = arith.muli %arg14, %c256_i32 : i32
        %101 = tessera.multiple_of %100, 256 : i32
        %102 = arith.index_cast %101 : i32 to index
        %103 = tessera.view %arg2 [%99, %102] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %104 = arith.muli %arg12, %c8_i32 : i32
        %105 = tessera.multiple_of %104, 8 : i32
        %106 = arith.index_cast %105 : i32 to index
        %107 = tessera.view %arg5 [%106, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %107, %103, %96 if %81 {pieces = 8 : i64, tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %86 = arith.subi %c1_i32, %arg12 : i32
      %87 = arith.select %85, %86, %arg12 : i32
      %88 = arith.select %85, %arg16, %c0_i32 : i32
      %89 = arith.select %85, %c1_i32, %arg16 : i32
      %90 = arith.select %85, %39, %arg13 : i32
      %91 = arith.select %85, %40, %arg14 : i32
      scf.if %62 {
        %92 = tessera.view %arg4 [%65] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %93 = arith.muli %66, %c8_i32 : i32
        %94 = tessera.multiple_of %93, 8 : i32
        %95 = arith.index_cast %94 : i32 to index
        %96 = arith.muli %67, %c256_i32 : i32
        %97 = tessera.multiple_of %96, 256 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg1 [%95, %98] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %100 = arith.muli %64, %c8_i32 : i32
        %101 = tessera.multiple_of %100, 8 : i32
        %102 = arith.index_cast %101 : i32 to index
        %103 = tessera.view %arg3 [%102, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %99, %103, %92 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      scf.yield %64, %66, %67, %87, %90, %91, %88, %89 : i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %26 = arith.index_cast %25#3 : i32 to index
    %27 = arith.cmpi ne, %25#6, %c0_i32 : i32
    scf.if %27 {
      %33 = tessera.view %arg6 [%26] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %34 = arith.muli %25#4, %c8_i32 : i32
      %35 = tessera.multiple_of %34, 8 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = arith.muli %25#5, %c256_i32 : i32
      %38 = tessera.multiple_of %37, 256 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg2 [%36, %39] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %41 = arith.muli %25#3, %c8_i32 : i32
      %42 = tessera.multiple_of %41, 8 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg5 [%43, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %44, %40, %33 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %28 = arith.cmpi ne, %25#7, %c0_i32 : i32
    scf.if %28 {
      %33 = arith.subi %c1_i32, %25#3 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.view %arg6 [%34] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %36 = arith.muli %25#4, %c8_i32 : i32
      %37 = tessera.multiple_of %36, 8 : i32
      %38 = arith.index_cast %37 : i32 to index
      %39 = arith.muli %25#5, %c256_i32 : i32
      %40 = tessera.multiple_of %39, 256 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg2 [%38, %41] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %43 = arith.muli %33, %c8_i32 : i32
      %44 = tessera.multiple_of %43, 8 : i32
      %45 = arith.index_cast %44 : i32 to index
      %46 = tessera.view %arg5 [%45, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %46, %42, %35 {tessera.block_index} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %29 = tessera.view %arg4 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %29 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %30 = tessera.view %arg4 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %30 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    %31 = tessera.view %arg6 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %31 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %32 = tessera.view %arg6 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %32 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    return
  }
}
