module {
  func.func @pipelined_scale(%arg0: memref<16384x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<16384x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<1024x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<1024x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<32xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg7 = %c0_i32 to %c32_i32 step %c1_i32  : i32 {
      %27 = arith.index_cast %arg7 : i32 to index
      %c0_i32_13 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_13, %arg6[%27] : i32, memref<32xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %c0_i32_2 = arith.constant 0 : i32
    %1 = tessera.view %arg3 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c512_i32 = arith.constant 512 : i32
    %2 = arith.muli %c0_i32_0, %c512_i32 : i32
    %3 = tessera.multiple_of %2, 512 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32_2, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c512_i32_3 = arith.constant 512 : i32
    %9 = arith.muli %c0_i32_0, %c512_i32_3 : i32
    %10 = tessera.multiple_of %9, 512 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg2 [%11, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_4 = arith.constant 0 : i32
    %c32_i32_5 = arith.constant 32 : i32
    %13 = arith.cmpi slt, %c1_i32_1, %c32_i32_5 : i32
    %14:4 = scf.if %13 -> (i32, i32, i32, i32) {
      %c0_i32_13 = arith.constant 0 : i32
      %c0_i32_14 = arith.constant 0 : i32
      scf.yield %c1_i32_1, %c0_i32_13, %c1_i32_1, %c0_i32_14 : i32, i32, i32, i32
    } else {
      scf.yield %c0_i32_0, %c0_i32_2, %c0_i32_0, %c0_i32_4 : i32, i32, i32, i32
    }
    %c31_i32 = arith.constant 31 : i32
    %15 = arith.cmpi slt, %c0_i32_0, %c31_i32 : i32
    %16 = arith.cmpi ne, %14#0, %c0_i32_0 : i32
    %17 = arith.cmpi ne, %14#1, %c0_i32_2 : i32
    %18 = arith.ori %16, %17 : i1
    %19 = arith.andi %15, %18 : i1
    %c1_i32_6 = arith.constant 1 : i32
    %20 = arith.subi %c1_i32_6, %c0_i32_0 : i32
    %21 = arith.index_cast %20 : i32 to index
    scf.if %19 {
      %27 = tessera.view %arg3 [%21] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_13 = arith.constant 512 : i32
      %28 = arith.muli %14#0, %c512_i32_13 : i32
      %29 = tessera.multiple_of %28, 512 : i32
      %30 = arith.index_cast %29 : i32 to index
      %c1024_i32_14 = arith.constant 1024 : i32
      %31 = arith.muli %14#1, %c1024_i32_14 : i32
      %32 = tessera.multiple_of %31, 1024 : i32
      %33 = arith.index_cast %32 : i32 to index
      %34 = tessera.view %arg0 [%30, %33] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_15 = arith.constant 512 : i32
      %35 = arith.muli %20, %c512_i32_15 : i32
      %36 = tessera.multiple_of %35, 512 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg2 [%37, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %34, %38, %27 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_7 = arith.constant 0 : i32
    %22 = arith.cmpi ne, %c1_i32_1, %c0_i32_7 : i32
    scf.if %22 {
      %27 = tessera.view %arg3 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_13 = arith.constant 512 : i32
      %28 = arith.muli %c0_i32_0, %c512_i32_13 : i32
      %29 = tessera.multiple_of %28, 512 : i32
      %30 = arith.index_cast %29 : i32 to index
      %c1024_i32_14 = arith.constant 1024 : i32
      %31 = arith.muli %c0_i32_2, %c1024_i32_14 : i32
      %32 = tessera.multiple_of %31, 1024 : i32
      %33 = arith.index_cast %32 : i32 to index
      %34 = tessera.view %arg0 [%30, %33] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_15 = arith.constant 512 : i32
      %35 = arith.muli %c0_i32_0, %c512_i32_15 : i32
      %36 = tessera.multiple_of %35, 512 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg2 [%37, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %34, %38, %27 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_8 = arith.constant 0 : i32
    %c32_i32_9 = arith.constant 32 : i32
    %c1_i32_10 = arith.constant 1 : i32
    %23:9 = scf.for %arg7 = %c0_i32_8 to %c32_i32_9 step %c1_i32_10 iter_args(%arg8 = %c0_i32_0, %arg9 = %c0_i32_0, %arg10 = %c0_i32_2, %arg11 = %c1_i32_1, %arg12 = %c0_i32_0, %arg13 = %c0_i32_0, %arg14 = %c0_i32_4, %arg15 = %c0_i32_0, %arg16 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %27 = arith.index_cast %arg12 : i32 to index
      %c31_i32_13 = arith.constant 31 : i32
      %28 = arith.cmpi slt, %arg7, %c31_i32_13 : i32
      %c1_i32_14 = arith.constant 1 : i32
      %29 = arith.addi %arg7, %c1_i32_14 : i32
      %c32_i32_15 = arith.constant 32 : i32
      %30 = arith.cmpi slt, %29, %c32_i32_15 : i32
      %31:4 = scf.if %30 -> (i32, i32, i32, i32) {
        %c0_i32_27 = arith.constant 0 : i32
        %c0_i32_28 = arith.constant 0 : i32
        scf.yield %29, %c0_i32_27, %29, %c0_i32_28 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c0_i32_16 = arith.constant 0 : i32
      %32 = arith.cmpi ne, %arg15, %c0_i32_16 : i32
      scf.if %32 {
        %77 = tessera.view %arg5 [%27] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_27 = arith.constant 512 : i32
        %78 = arith.muli %arg13, %c512_i32_27 : i32
        %79 = tessera.multiple_of %78, 512 : i32
        %80 = arith.index_cast %79 : i32 to index
        %c1024_i32_28 = arith.constant 1024 : i32
        %81 = arith.muli %arg14, %c1024_i32_28 : i32
        %82 = tessera.multiple_of %81, 1024 : i32
        %83 = arith.index_cast %82 : i32 to index
        %84 = tessera.view %arg1 [%80, %83] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_29 = arith.constant 512 : i32
        %85 = arith.muli %arg12, %c512_i32_29 : i32
        %86 = tessera.multiple_of %85, 512 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = tessera.view %arg4 [%87, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %88, %84, %77 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c512_i32_17 = arith.constant 512 : i32
      %33 = arith.muli %arg8, %c512_i32_17 : i32
      %34 = tessera.multiple_of %33, 512 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg2 [%35, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c512_i32_18 = arith.constant 512 : i32
      %37 = arith.muli %arg12, %c512_i32_18 : i32
      %38 = tessera.multiple_of %37, 512 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg4 [%39, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %41 = tessera.load %36 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<512x1024xf32>
      %cst = arith.constant dense<2.000000e+00> : vector<512x1024xf32>
      %42 = arith.mulf %41, %cst : vector<512x1024xf32>
      %cst_19 = arith.constant dense<1.000000e+00> : vector<512x1024xf32>
      %43 = arith.addf %42, %cst_19 : vector<512x1024xf32>
      tessera.store %43, %40 : vector<512x1024xf32>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %44 = arith.cmpi ne, %31#0, %arg9 : i32
      %45 = arith.cmpi ne, %31#1, %arg10 : i32
      %46 = arith.ori %44, %45 : i1
      %47 = arith.andi %28, %46 : i1
      %c1_i32_20 = arith.constant 1 : i32
      %48 = arith.subi %c1_i32_20, %arg8 : i32
      %49 = arith.select %47, %48, %arg8 : i32
      %50 = arith.index_cast %49 : i32 to index
      %51 = arith.select %47, %c1_i32_1, %c0_i32_0 : i32
      %52 = arith.select %47, %31#0, %arg9 : i32
      %53 = arith.select %47, %31#1, %arg10 : i32
      %c1_i32_21 = arith.constant 1 : i32
      %54 = arith.addi %arg7, %c1_i32_21 : i32
      %c2_i32 = arith.constant 2 : i32
      %55 = arith.addi %arg7, %c2_i32 : i32
      %c32_i32_22 = arith.constant 32 : i32
      %56 = arith.cmpi slt, %55, %c32_i32_22 : i32
      %57:4 = scf.if %56 -> (i32, i32, i32, i32) {
        %c0_i32_27 = arith.constant 0 : i32
        %c0_i32_28 = arith.constant 0 : i32
        scf.yield %55, %c0_i32_27, %55, %c0_i32_28 : i32, i32, i32, i32
      } else {
        scf.yield %52, %53, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c31_i32_23 = arith.constant 31 : i32
      %58 = arith.cmpi slt, %54, %c31_i32_23 : i32
      %59 = arith.cmpi ne, %57#0, %52 : i32
      %60 = arith.cmpi ne, %57#1, %53 : i32
      %61 = arith.ori %59, %60 : i1
      %62 = arith.andi %58, %61 : i1
      %c1_i32_24 = arith.constant 1 : i32
      %63 = arith.subi %c1_i32_24, %49 : i32
      %64 = arith.index_cast %63 : i32 to index
      scf.if %62 {
        %77 = tessera.view %arg3 [%64] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_27 = arith.constant 512 : i32
        %78 = arith.muli %57#0, %c512_i32_27 : i32
        %79 = tessera.multiple_of %78, 512 : i32
        %80 = arith.index_cast %79 : i32 to index
        %c1024_i32_28 = arith.constant 1024 : i32
        %81 = arith.muli %57#1, %c1024_i32_28 : i32
        %82 = tessera.multiple_of %81, 1024 : i32
        %83 = arith.index_cast %82 : i32 to index
        %84 = tessera.view %arg0 [%80, %83] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_29 = arith.constant 512 : i32
        %85 = arith.muli %63, %c512_i32_29 : i32
        %86 = tessera.multiple_of %85, 512 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = tessera.view %arg2 [%87, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %84, %88, %77 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %65 = arith.xori %28, %true : i1
      %66 = arith.cmpi ne, %31#2, %arg13 : i32
      %67 = arith.cmpi ne, %31#3, %arg14 : i32
      %68 = arith.ori %66, %67 : i1
      %69 = arith.ori %65, %68 : i1
      scf.if %69 {
        %c1_i32_27 = arith.constant 1 : i32
        %77 = arith.muli %arg13, %c1_i32_27 : i32
        %78 = arith.addi %77, %arg14 : i32
        %79 = arith.index_cast %78 : i32 to index
        %80 = tessera.load_scalar %arg6[%79] : memref<32xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_28 = arith.constant 0 : i32
        %81 = arith.cmpi eq, %80, %c0_i32_28 : i32
        tessera.check %81, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        %c1_i32_29 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_29, %arg6[%79] : i32, memref<32xi32, #tessera.memory_space<smem>>
        %82 = tessera.view %arg5 [%27] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_30 = arith.constant 512 : i32
        %83 = arith.muli %arg13, %c512_i32_30 : i32
        %84 = tessera.multiple_of %83, 512 : i32
        %85 = arith.index_cast %84 : i32 to index
        %c1024_i32_31 = arith.constant 1024 : i32
        %86 = arith.muli %arg14, %c1024_i32_31 : i32
        %87 = tessera.multiple_of %86, 1024 : i32
        %88 = arith.index_cast %87 : i32 to index
        %89 = tessera.view %arg1 [%85, %88] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_32 = arith.constant 512 : i32
        %90 = arith.muli %arg12, %c512_i32_32 : i32
        %91 = tessera.multiple_of %90, 512 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg4 [%92, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %93, %89, %82 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_25 = arith.constant 1 : i32
      %70 = arith.subi %c1_i32_25, %arg12 : i32
      %71 = arith.select %69, %70, %arg12 : i32
      %72 = arith.select %69, %arg16, %c0_i32_0 : i32
      %73 = arith.select %69, %c1_i32_1, %arg16 : i32
      %74 = arith.select %69, %31#2, %arg13 : i32
      %75 = arith.select %69, %31#3, %arg14 : i32
      %c0_i32_26 = arith.constant 0 : i32
      %76 = arith.cmpi ne, %51, %c0_i32_26 : i32
      scf.if %76 {
        %77 = tessera.view %arg3 [%50] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_27 = arith.constant 512 : i32
        %78 = arith.muli %52, %c512_i32_27 : i32
        %79 = tessera.multiple_of %78, 512 : i32
        %80 = arith.index_cast %79 : i32 to index
        %c1024_i32_28 = arith.constant 1024 : i32
        %81 = arith.muli %53, %c1024_i32_28 : i32
        %82 = tessera.multiple_of %81, 1024 : i32
        %83 = arith.index_cast %82 : i32 to index
        %84 = tessera.view %arg0 [%80, %83] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_29 = arith.constant 512 : i32
        %85 = arith.muli %49, %c512_i32_29 : i32
        %86 = tessera.multiple_of %85, 512 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = tessera.view %arg2 [%87, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %84, %88, %77 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %49, %52, %53, %51, %71, %74, %75, %72, %73 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %24 = arith.index_cast %23#4 : i32 to index
    %c0_i32_11 = arith.constant 0 : i32
    %25 = arith.cmpi ne, %23#7, %c0_i32_11 : i32
    scf.if %25 {
      %27 = tessera.view %arg5 [%24] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_13 = arith.constant 512 : i32
      %28 = arith.muli %23#5, %c512_i32_13 : i32
      %29 = tessera.multiple_of %28, 512 : i32
      %30 = arith.index_cast %29 : i32 to index
      %c1024_i32_14 = arith.constant 1024 : i32
      %31 = arith.muli %23#6, %c1024_i32_14 : i32
      %32 = tessera.multiple_of %31, 1024 : i32
      %33 = arith.index_cast %32 : i32 to index
      %34 = tessera.view %arg1 [%30, %33] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_15 = arith.constant 512 : i32
      %35 = arith.muli %23#4, %c512_i32_15 : i32
      %36 = tessera.multiple_of %35, 512 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg4 [%37, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %38, %34, %27 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_12 = arith.constant 0 : i32
    %26 = arith.cmpi ne, %23#8, %c0_i32_12 : i32
    scf.if %26 {
      %c1_i32_13 = arith.constant 1 : i32
      %27 = arith.subi %c1_i32_13, %23#4 : i32
      %28 = arith.index_cast %27 : i32 to index
      %29 = tessera.view %arg5 [%28] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_14 = arith.constant 512 : i32
      %30 = arith.muli %23#5, %c512_i32_14 : i32
      %31 = tessera.multiple_of %30, 512 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c1024_i32_15 = arith.constant 1024 : i32
      %33 = arith.muli %23#6, %c1024_i32_15 : i32
      %34 = tessera.multiple_of %33, 1024 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg1 [%32, %35] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_16 = arith.constant 512 : i32
      %37 = arith.muli %27, %c512_i32_16 : i32
      %38 = tessera.multiple_of %37, 512 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg4 [%39, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %40, %36, %29 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
