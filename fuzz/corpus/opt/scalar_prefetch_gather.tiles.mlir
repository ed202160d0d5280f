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
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = tessera.load_scalar %arg0[%c0] : memref<10xi32, #tessera.memory_space<smem>> -> i32
    %1 = tessera.view %arg4 [%c0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %2 = arith.muli %0, %c8_i32 : i32
    %3 = tessera.multiple_of %2, 8 : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = tessera.multiple_of %c0_i32, 256 : i32
    %6 = arith.index_cast %5 : i32 to index
    %7 = tessera.view %arg1 [%4, %6] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    %8 = tessera.multiple_of %c0_i32, 8 : i32
    %9 = arith.index_cast %8 : i32 to index
    %10 = tessera.view %arg3 [%9, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %7, %10, %1 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    tessera.store_scalar %c0_i32, %arg7[%c0] : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c1] : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c2] : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c3] : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c4] : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c5] : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c6] : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c7] : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c8] : i32, memref<10xi32, #tessera.memory_space<smem>>
    tessera.store_scalar %c0_i32, %arg7[%c9] : i32, memref<10xi32, #tessera.memory_space<smem>>
    %11 = tessera.load_scalar %arg0[%c1] : memref<10xi32, #tessera.memory_space<smem>> -> i32
    %12 = arith.cmpi ne, %11, %0 : i32
    scf.if %12 {
      %27 = tessera.view %arg4 [%c1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %28 = arith.muli %11, %c8_i32 : i32
      %29 = tessera.multiple_of %28, 8 : i32
      %30 = arith.index_cast %29 : i32 to index
      %31 = tessera.multiple_of %c0_i32, 256 : i32
      %32 = arith.index_cast %31 : i32 to index
      %33 = tessera.view %arg1 [%30, %32] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %34 = tessera.multiple_of %c8_i32, 8 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg3 [%35, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %33, %36, %27 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } {tessera.predicate}
    %13 = tessera.view %arg4 [%c0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %14 = arith.muli %0, %c8_i32 : i32
    %15 = tessera.multiple_of %14, 8 : i32
    %16 = arith.index_cast %15 : i32 to index
    %17 = tessera.multiple_of %c0_i32, 256 : i32
    %18 = arith.index_cast %17 : i32 to index
    %19 = tessera.view %arg1 [%16, %18] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    %20 = tessera.multiple_of %c0_i32, 8 : i32
    %21 = arith.index_cast %20 : i32 to index
    %22 = tessera.view %arg3 [%21, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_wait %19, %22, %13 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %23:8 = scf.for %arg8 = %c0_i32 to %c10_i32 step %c1_i32 iter_args(%arg9 = %c0_i32, %arg10 = %0, %arg11 = %c0_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %27 = arith.index_cast %arg12 : i32 to index
      %28 = arith.cmpi slt, %arg8, %c9_i32 : i32
      %29 = arith.addi %arg8, %c1_i32 : i32
      %30 = arith.index_cast %29 : i32 to index
      %31 = arith.cmpi slt, %29, %c10_i32 : i32
      %32 = arith.select %31, %c0_i32, %arg11 : i32
      %33 = arith.select %31, %29, %arg13 : i32
      %34 = arith.select %31, %c0_i32, %arg14 : i32
      %35 = scf.if %31 -> (i32) {
        %86 = tessera.load_scalar %arg0[%30] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        scf.yield %86 : i32
      } else {
        scf.yield %arg10 : i32
      }
      %36 = arith.cmpi ne, %arg15, %c0_i32 : i32
      scf.if %36 {
        %86 = tessera.view %arg6 [%27] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %87 = arith.muli %arg13, %c8_i32 : i32
        %88 = tessera.multiple_of %87, 8 : i32
        %89 = arith.index_cast %88 : i32 to index
        %90 = arith.muli %arg14, %c256_i32 : i32
        %91 = tessera.multiple_of %90, 256 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg2 [%89, %92] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %94 = arith.muli %arg12, %c8_i32 : i32
        %95 = tessera.multiple_of %94, 8 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg5 [%96, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %97, %93, %86 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %37 = arith.muli %arg9, %c8_i32 : i32
      %38 = tessera.multiple_of %37, 8 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg3 [%39, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %41 = arith.muli %arg12, %c8_i32 : i32
      %42 = tessera.multiple_of %41, 8 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg5 [%43, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %45 = tessera.view %40 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %46 = tessera.load %45 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %47 = tessera.view %40 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %48 = tessera.load %47 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %49 = arith.addf %46, %cst : vector<8x128xf32>
      %50 = arith.addf %48, %cst : vector<8x128xf32>
      %51 = tessera.view %44 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %49, %51 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %52 = tessera.view %44 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %50, %52 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %53 = arith.cmpi ne, %35, %arg10 : i32
      %54 = arith.cmpi ne, %32, %arg11 : i32
      %55 = arith.ori %53, %54 : i1
      %56 = arith.andi %28, %55 : i1
      %57 = arith.subi %c1_i32, %arg9 : i32
      %58 = arith.select %56, %57, %arg9 : i32
      %59 = arith.index_cast %58 : i32 to index
      %60 = arith.select %56, %35, %arg10 : i32
      %61 = arith.select %56, %32, %arg11 : i32
      %62 = arith.addi %arg8, %c1_i32 : i32
      %63 = arith.addi %arg8, %c2_i32 : i32
      %64 = arith.index_cast %63 : i32 to index
      %65 = arith.cmpi slt, %63, %c10_i32 : i32
      %66 = arith.select %65, %c0_i32, %61 : i32
      %67 = scf.if %65 -> (i32) {
        %86 = tessera.load_scalar %arg0[%64] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        scf.yield %86 : i32
      } else {
        scf.yield %60 : i32
      }
      %68 = arith.cmpi slt, %62, %c9_i32 : i32
      %69 = arith.cmpi ne, %67, %60 : i32
      %70 = arith.cmpi ne, %66, %61 : i32
      %71 = arith.ori %69, %70 : i1
      %72 = arith.andi %68, %71 : i1
      %73 = arith.subi %c1_i32, %58 : i32
      %74 = arith.index_cast %73 : i32 to index
      scf.if %72 {
        %86 = tessera.view %arg4 [%74] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %87 = arith.muli %67, %c8_i32 : i32
        %88 = tessera.multiple_of %87, 8 : i32
        %89 = arith.index_cast %88 : i32 to index
        %90 = arith.muli %66, %c256_i32 : i32
        %91 = tessera.multiple_of %90, 256 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg1 [%89, %92] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %94 = arith.muli %73, %c8_i32 : i32
        %95 = tessera.multiple_of %94, 8 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg3 [%96, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %93, %97, %86 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %75 = arith.cmpi sge, %arg8, %c9_i32 : i32
      %76 = arith.cmpi ne, %33, %arg13 : i32
      %77 = arith.cmpi ne, %34, %arg14 : i32
      %78 = arith.ori %76, %77 : i1
      %79 = arith.ori %75, %78 : i1
      scf.if %79 {
        %86 = arith.addi %arg13, %arg14 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = tessera.load_scalar %arg7[%87] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %89 = arith.cmpi eq, %88, %c0_i32 : i32
        tessera.check %89, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        tessera.store_scalar %c1_i32, %arg7[%87] : i32, memref<10xi32, #tessera.memory_space<smem>>
        %90 = tessera.view %arg6 [%27] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %91 = arith.muli %arg13, %c8_i32 : i32
        %92 = tessera.multiple_of %91, 8 : i32
        %93 = arith.index_cast %92 : i32 to index
        %94 = arith.muli %arg14, %c256_i32 : i32
        %95 = tessera.multiple_of %94, 256 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg2 [%93, %96] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %98 = arith.muli %arg12, %c8_i32 : i32
        %99 = tessera.multiple_of %98, 8 : i32
        %100 = arith.index_cast %99 : i32 to index
        %101 = tessera.view %arg5 [%100, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %101, %97, %90 if %75 {pieces = 8 : i64} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %80 = arith.subi %c1_i32, %arg12 : i32
      %81 = arith.select %79, %80, %arg12 : i32
      %82 = arith.select %79, %arg16, %c0_i32 : i32
      %83 = arith.select %79, %c1_i32, %arg16 : i32
      %84 = arith.select %79, %33, %arg13 : i32
      %85 = arith.select %79, %34, %arg14 : i32
      scf.if %56 {
        %86 = tessera.view %arg4 [%59] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %87 = arith.muli %60, %c8_i32 : i32
        %88 = tessera.multiple_of %87, 8 : i32
        %89 = arith.index_cast %88 : i32 to index
        %90 = arith.muli %61, %c256_i32 : i32
        %91 = tessera.multiple_of %90, 256 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg1 [%89, %92] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %94 = arith.muli %58, %c8_i32 : i32
        %95 = tessera.multiple_of %94, 8 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg3 [%96, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %93, %97, %86 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      scf.yield %58, %60, %61, %81, %84, %85, %82, %83 : i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %24 = arith.index_cast %23#3 : i32 to index
    %25 = arith.cmpi ne, %23#6, %c0_i32 : i32
    scf.if %25 {
      %27 = tessera.view %arg6 [%24] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %28 = arith.muli %23#4, %c8_i32 : i32
      %29 = tessera.multiple_of %28, 8 : i32
      %30 = arith.index_cast %29 : i32 to index
      %31 = arith.muli %23#5, %c256_i32 : i32
      %32 = tessera.multiple_of %31, 256 : i32
      %33 = arith.index_cast %32 : i32 to index
      %34 = tessera.view %arg2 [%30, %33] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %35 = arith.muli %23#3, %c8_i32 : i32
      %36 = tessera.multiple_of %35, 8 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg5 [%37, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %38, %34, %27 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %26 = arith.cmpi ne, %23#7, %c0_i32 : i32
    scf.if %26 {
      %27 = arith.subi %c1_i32, %23#3 : i32
      %28 = arith.index_cast %27 : i32 to index
      %29 = tessera.view %arg6 [%28] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %30 = arith.muli %23#4, %c8_i32 : i32
      %31 = tessera.multiple_of %30, 8 : i32
      %32 = arith.index_cast %31 : i32 to index
      %33 = arith.muli %23#5, %c256_i32 : i32
      %34 = tessera.multiple_of %33, 256 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg2 [%32, %35] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %37 = arith.muli %27, %c8_i32 : i32
      %38 = tessera.multiple_of %37, 8 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg5 [%39, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %40, %36, %29 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    return
  }
}
