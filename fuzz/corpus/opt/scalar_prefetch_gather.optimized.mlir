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
    tessera.bounds_check %7 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    tessera.bounds_check %10 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
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
      %31 = tessera.view %arg4 [%c1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %32 = arith.muli %11, %c8_i32 : i32
      %33 = tessera.multiple_of %32, 8 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = tessera.multiple_of %c0_i32, 256 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg1 [%34, %36] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %38 = tessera.multiple_of %c8_i32, 8 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg3 [%39, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.bounds_check %37 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      tessera.bounds_check %40 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %37, %40, %31 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
      %31 = arith.index_cast %arg12 : i32 to index
      %32 = arith.cmpi slt, %arg8, %c9_i32 : i32
      %33 = arith.addi %arg8, %c1_i32 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = arith.cmpi slt, %33, %c10_i32 : i32
      %36 = arith.select %35, %c0_i32, %arg11 : i32
      %37 = arith.select %35, %33, %arg13 : i32
      %38 = arith.select %35, %c0_i32, %arg14 : i32
      %39 = scf.if %35 -> (i32) {
        %90 = tessera.load_scalar %arg0[%34] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        scf.yield %90 : i32
      } else {
        scf.yield %arg10 : i32
      }
      %40 = arith.cmpi ne, %arg15, %c0_i32 : i32
      scf.if %40 {
        %90 = tessera.view %arg6 [%31] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
        tessera.dma_wait %101, %97, %90 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %41 = arith.muli %arg9, %c8_i32 : i32
      %42 = tessera.multiple_of %41, 8 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg3 [%43, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %45 = arith.muli %arg12, %c8_i32 : i32
      %46 = tessera.multiple_of %45, 8 : i32
      %47 = arith.index_cast %46 : i32 to index
      %48 = tessera.view %arg5 [%47, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %49 = tessera.view %44 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %50 = tessera.load %49 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %51 = tessera.view %44 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %52 = tessera.load %51 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %53 = arith.addf %50, %cst : vector<8x128xf32>
      %54 = arith.addf %52, %cst : vector<8x128xf32>
      %55 = tessera.view %48 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %53, %55 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %56 = tessera.view %48 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %54, %56 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %57 = arith.cmpi ne, %39, %arg10 : i32
      %58 = arith.cmpi ne, %36, %arg11 : i32
      %59 = arith.ori %57, %58 : i1
      %60 = arith.andi %32, %59 : i1
      %61 = arith.subi %c1_i32, %arg9 : i32
      %62 = arith.select %60, %61, %arg9 : i32
      %63 = arith.index_cast %62 : i32 to index
      %64 = arith.select %60, %39, %arg10 : i32
      %65 = arith.select %60, %36, %arg11 : i32
      %66 = arith.addi %arg8, %c1_i32 : i32
      %67 = arith.addi %arg8, %c2_i32 : i32
      %68 = arith.index_cast %67 : i32 to index
      %69 = arith.cmpi slt, %67, %c10_i32 : i32
      %70 = arith.select %69, %c0_i32, %65 : i32
      %71 = scf.if %69 -> (i32) {
        %90 = tessera.load_scalar %arg0[%68] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        scf.yield %90 : i32
      } else {
        scf.yield %64 : i32
      }
      %72 = arith.cmpi slt, %66, %c9_i32 : i32
      %73 = arith.cmpi ne, %71, %64 : i32
      %74 = arith.cmpi ne, %70, %65 : i32
      %75 = arith.ori %73, %74 : i1
      %76 = arith.andi %72, %75 : i1
      %77 = arith.subi %c1_i32, %62 : i32
      %78 = arith.index_cast %77 : i32 to index
      scf.if %76 {
        %90 = tessera.view %arg4 [%78] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %91 = arith.muli %71, %c8_i32 : i32
        %92 = tessera.multiple_of %91, 8 : i32
        %93 = arith.index_cast %92 : i32 to index
        %94 = arith.muli %70, %c256_i32 : i32
        %95 = tessera.multiple_of %94, 256 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg1 [%93, %96] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %98 = arith.muli %77, %c8_i32 : i32
        %99 = tessera.multiple_of %98, 8 : i32
        %100 = arith.index_cast %99 : i32 to index
        %101 = tessera.view %arg3 [%100, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %97 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        tessera.bounds_check %101 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %97, %101, %90 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %79 = arith.cmpi sge, %arg8, %c9_i32 : i32
      %80 = arith.cmpi ne, %37, %arg13 : i32
      %81 = arith.cmpi ne, %38, %arg14 : i32
      %82 = arith.ori %80, %81 : i1
      %83 = arith.ori %79, %82 : i1
      scf.if %83 {
        %90 = arith.addi %arg13, %arg14 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = tessera.load_scalar %arg7[%91] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %93 = arith.cmpi eq, %92, %c0_i32 : i32
        tessera.check %93, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        tessera.store_scalar %c1_i32, %arg7[%91] : i32, memref<10xi32, #tessera.memory_space<smem>>
        %94 = tessera.view %arg6 [%31] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %95 = arith.muli %arg13, %c8_i32 : i32
        %96 = tessera.multiple_of %95, 8 : i32
        %97 = arith.index_cast %96 : i32 to index
        %98 = arith.muli %arg14, %c256_i32 : i32
        %99 = tessera.multiple_of %98, 256 : i32
        %100 = arith.index_cast %99 : i32 to index
        %101 = tessera.view %arg2 [%97, %100] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %102 = arith.muli %arg12, %c8_i32 : i32
        %103 = tessera.multiple_of %102, 8 : i32
        %104 = arith.index_cast %103 : i32 to index
        %105 = tessera.view %arg5 [%104, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %105 {dma = "dma.vmem_to_hbm"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %101 {dma = "dma.vmem_to_hbm"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        tessera.dma_start %105, %101, %94 if %79 {pieces = 8 : i64} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      %84 = arith.subi %c1_i32, %arg12 : i32
      %85 = arith.select %83, %84, %arg12 : i32
      %86 = arith.select %83, %arg16, %c0_i32 : i32
      %87 = arith.select %83, %c1_i32, %arg16 : i32
      %88 = arith.select %83, %37, %arg13 : i32
      %89 = arith.select %83, %38, %arg14 : i32
      scf.if %60 {
        %90 = tessera.view %arg4 [%63] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %91 = arith.muli %64, %c8_i32 : i32
        %92 = tessera.multiple_of %91, 8 : i32
        %93 = arith.index_cast %92 : i32 to index
        %94 = arith.muli %65, %c256_i32 : i32
        %95 = tessera.multiple_of %94, 256 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg1 [%93, %96] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %98 = arith.muli %62, %c8_i32 : i32
        %99 = tessera.multiple_of %98, 8 : i32
        %100 = arith.index_cast %99 : i32 to index
        %101 = tessera.view %arg3 [%100, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %97, %101, %90 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } {tessera.predicate}
      scf.yield %62, %64, %65, %85, %88, %89, %86, %87 : i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %24 = arith.index_cast %23#3 : i32 to index
    %25 = arith.cmpi ne, %23#6, %c0_i32 : i32
    scf.if %25 {
      %31 = tessera.view %arg6 [%24] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %32 = arith.muli %23#4, %c8_i32 : i32
      %33 = tessera.multiple_of %32, 8 : i32
      %34 = arith.index_cast %33 : i32 to index
      %35 = arith.muli %23#5, %c256_i32 : i32
      %36 = tessera.multiple_of %35, 256 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg2 [%34, %37] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %39 = arith.muli %23#3, %c8_i32 : i32
      %40 = tessera.multiple_of %39, 8 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg5 [%41, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %42, %38, %31 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %26 = arith.cmpi ne, %23#7, %c0_i32 : i32
    scf.if %26 {
      %31 = arith.subi %c1_i32, %23#3 : i32
      %32 = arith.index_cast %31 : i32 to index
      %33 = tessera.view %arg6 [%32] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %34 = arith.muli %23#4, %c8_i32 : i32
      %35 = tessera.multiple_of %34, 8 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = arith.muli %23#5, %c256_i32 : i32
      %38 = tessera.multiple_of %37, 256 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg2 [%36, %39] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %41 = arith.muli %31, %c8_i32 : i32
      %42 = tessera.multiple_of %41, 8 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg5 [%43, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %44, %40, %33 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %27 = tessera.view %arg4 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %27 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %28 = tessera.view %arg4 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %28 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    %29 = tessera.view %arg6 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %29 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %30 = tessera.view %arg6 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %30 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    return
  }
}
