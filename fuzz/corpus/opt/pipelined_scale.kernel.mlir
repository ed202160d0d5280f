module {
  func.func @pipelined_scale(%arg0: memref<16384x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<16384x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<1024x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<1024x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<32xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg7 = %c0_i32 to %c32_i32 step %c1_i32  : i32 {
      %17 = arith.index_cast %arg7 : i32 to index
      %c0_i32_10 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_10, %arg6[%17] : i32, memref<32xi32, #tessera.memory_space<smem>>
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
    %c0_i32_5 = arith.constant 0 : i32
    %c32_i32_6 = arith.constant 32 : i32
    %c1_i32_7 = arith.constant 1 : i32
    %13:9 = scf.for %arg7 = %c0_i32_5 to %c32_i32_6 step %c1_i32_7 iter_args(%arg8 = %c0_i32_0, %arg9 = %c0_i32_0, %arg10 = %c0_i32_2, %arg11 = %c1_i32_1, %arg12 = %c0_i32_0, %arg13 = %c0_i32_0, %arg14 = %c0_i32_4, %arg15 = %c0_i32_0, %arg16 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %17 = arith.index_cast %arg12 : i32 to index
      %18 = arith.index_cast %arg8 : i32 to index
      %c31_i32 = arith.constant 31 : i32
      %19 = arith.cmpi slt, %arg7, %c31_i32 : i32
      %20:4 = scf.if %19 -> (i32, i32, i32, i32) {
        %c1_i32_17 = arith.constant 1 : i32
        %55 = arith.addi %arg7, %c1_i32_17 : i32
        %c0_i32_18 = arith.constant 0 : i32
        %c0_i32_19 = arith.constant 0 : i32
        scf.yield %55, %c0_i32_18, %55, %c0_i32_19 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg13, %arg14 : i32, i32, i32, i32
      }
      %21 = arith.cmpi ne, %20#0, %arg9 : i32
      %22 = arith.cmpi ne, %20#1, %arg10 : i32
      %23 = arith.ori %21, %22 : i1
      %24 = arith.andi %19, %23 : i1
      %c1_i32_10 = arith.constant 1 : i32
      %25 = arith.subi %c1_i32_10, %arg8 : i32
      %26 = arith.index_cast %25 : i32 to index
      scf.if %24 {
        %55 = tessera.view %arg3 [%26] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_17 = arith.constant 512 : i32
        %56 = arith.muli %20#0, %c512_i32_17 : i32
        %57 = tessera.multiple_of %56, 512 : i32
        %58 = arith.index_cast %57 : i32 to index
        %c1024_i32_18 = arith.constant 1024 : i32
        %59 = arith.muli %20#1, %c1024_i32_18 : i32
        %60 = tessera.multiple_of %59, 1024 : i32
        %61 = arith.index_cast %60 : i32 to index
        %62 = tessera.view %arg0 [%58, %61] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_19 = arith.constant 512 : i32
        %63 = arith.muli %25, %c512_i32_19 : i32
        %64 = tessera.multiple_of %63, 512 : i32
        %65 = arith.index_cast %64 : i32 to index
        %66 = tessera.view %arg2 [%65, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %62, %66, %55 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_11 = arith.constant 0 : i32
      %27 = arith.cmpi ne, %arg11, %c0_i32_11 : i32
      scf.if %27 {
        %55 = tessera.view %arg3 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_17 = arith.constant 512 : i32
        %56 = arith.muli %arg9, %c512_i32_17 : i32
        %57 = tessera.multiple_of %56, 512 : i32
        %58 = arith.index_cast %57 : i32 to index
        %c1024_i32_18 = arith.constant 1024 : i32
        %59 = arith.muli %arg10, %c1024_i32_18 : i32
        %60 = tessera.multiple_of %59, 1024 : i32
        %61 = arith.index_cast %60 : i32 to index
        %62 = tessera.view %arg0 [%58, %61] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_19 = arith.constant 512 : i32
        %63 = arith.muli %arg8, %c512_i32_19 : i32
        %64 = tessera.multiple_of %63, 512 : i32
        %65 = arith.index_cast %64 : i32 to index
        %66 = tessera.view %arg2 [%65, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %62, %66, %55 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %28 = arith.select %24, %25, %arg8 : i32
      %29 = arith.select %24, %c1_i32_1, %c0_i32_0 : i32
      %30 = arith.select %24, %20#0, %arg9 : i32
      %31 = arith.select %24, %20#1, %arg10 : i32
      %c0_i32_12 = arith.constant 0 : i32
      %32 = arith.cmpi ne, %arg15, %c0_i32_12 : i32
      scf.if %32 {
        %55 = tessera.view %arg5 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_17 = arith.constant 512 : i32
        %56 = arith.muli %arg13, %c512_i32_17 : i32
        %57 = tessera.multiple_of %56, 512 : i32
        %58 = arith.index_cast %57 : i32 to index
        %c1024_i32_18 = arith.constant 1024 : i32
        %59 = arith.muli %arg14, %c1024_i32_18 : i32
        %60 = tessera.multiple_of %59, 1024 : i32
        %61 = arith.index_cast %60 : i32 to index
        %62 = tessera.view %arg1 [%58, %61] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_19 = arith.constant 512 : i32
        %63 = arith.muli %arg12, %c512_i32_19 : i32
        %64 = tessera.multiple_of %63, 512 : i32
        %65 = arith.index_cast %64 : i32 to index
        %66 = tessera.view %arg4 [%65, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %66, %62, %55 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c512_i32_13 = arith.constant 512 : i32
      %33 = arith.muli %arg8, %c512_i32_13 : i32
      %34 = tessera.multiple_of %33, 512 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg2 [%35, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c512_i32_14 = arith.constant 512 : i32
      %37 = arith.muli %arg12, %c512_i32_14 : i32
      %38 = tessera.multiple_of %37, 512 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg4 [%39, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %41 = tessera.load %36 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<512x1024xf32>
      %cst = arith.constant dense<2.000000e+00> : vector<512x1024xf32>
      %42 = arith.mulf %41, %cst : vector<512x1024xf32>
      %cst_15 = arith.constant dense<1.000000e+00> : vector<512x1024xf32>
      %43 = arith.addf %42, %cst_15 : vector<512x1024xf32>
      tessera.store %43, %40 : vector<512x1024xf32>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %true = arith.constant true
      %44 = arith.xori %19, %true : i1
      %45 = arith.cmpi ne, %20#2, %arg13 : i32
      %46 = arith.cmpi ne, %20#3, %arg14 : i32
      %47 = arith.ori %45, %46 : i1
      %48 = arith.ori %44, %47 : i1
      scf.if %48 {
        %c1_i32_17 = arith.constant 1 : i32
        %55 = arith.muli %arg13, %c1_i32_17 : i32
        %56 = arith.addi %55, %arg14 : i32
        %57 = arith.index_cast %56 : i32 to index
        %58 = tessera.load_scalar %arg6[%57] : memref<32xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_18 = arith.constant 0 : i32
        %59 = arith.cmpi eq, %58, %c0_i32_18 : i32
        tessera.check %59, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        %c1_i32_19 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_19, %arg6[%57] : i32, memref<32xi32, #tessera.memory_space<smem>>
        %60 = tessera.view %arg5 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_20 = arith.constant 512 : i32
        %61 = arith.muli %arg13, %c512_i32_20 : i32
        %62 = tessera.multiple_of %61, 512 : i32
        %63 = arith.index_cast %62 : i32 to index
        %c1024_i32_21 = arith.constant 1024 : i32
        %64 = arith.muli %arg14, %c1024_i32_21 : i32
        %65 = tessera.multiple_of %64, 1024 : i32
        %66 = arith.index_cast %65 : i32 to index
        %67 = tessera.view %arg1 [%63, %66] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_22 = arith.constant 512 : i32
        %68 = arith.muli %arg12, %c512_i32_22 : i32
        %69 = tessera.multiple_of %68, 512 : i32
        %70 = arith.index_cast %69 : i32 to index
        %71 = tessera.view %arg4 [%70, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %71, %67, %60 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c1_i32_16 = arith.constant 1 : i32
      %49 = arith.subi %c1_i32_16, %arg12 : i32
      %50 = arith.select %48, %49, %arg12 : i32
      %51 = arith.select %48, %arg16, %c0_i32_0 : i32
      %52 = arith.select %48, %c1_i32_1, %arg16 : i32
      %53 = arith.select %48, %20#2, %arg13 : i32
      %54 = arith.select %48, %20#3, %arg14 : i32
      scf.yield %28, %30, %31, %29, %50, %53, %54, %51, %52 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %14 = arith.index_cast %13#4 : i32 to index
    %c0_i32_8 = arith.constant 0 : i32
    %15 = arith.cmpi ne, %13#7, %c0_i32_8 : i32
    scf.if %15 {
      %17 = tessera.view %arg5 [%14] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_10 = arith.constant 512 : i32
      %18 = arith.muli %13#5, %c512_i32_10 : i32
      %19 = tessera.multiple_of %18, 512 : i32
      %20 = arith.index_cast %19 : i32 to index
      %c1024_i32_11 = arith.constant 1024 : i32
      %21 = arith.muli %13#6, %c1024_i32_11 : i32
      %22 = tessera.multiple_of %21, 1024 : i32
      %23 = arith.index_cast %22 : i32 to index
      %24 = tessera.view %arg1 [%20, %23] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_12 = arith.constant 512 : i32
      %25 = arith.muli %13#4, %c512_i32_12 : i32
      %26 = tessera.multiple_of %25, 512 : i32
      %27 = arith.index_cast %26 : i32 to index
      %28 = tessera.view %arg4 [%27, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %28, %24, %17 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_9 = arith.constant 0 : i32
    %16 = arith.cmpi ne, %13#8, %c0_i32_9 : i32
    scf.if %16 {
      %c1_i32_10 = arith.constant 1 : i32
      %17 = arith.subi %c1_i32_10, %13#4 : i32
      %18 = arith.index_cast %17 : i32 to index
      %19 = tessera.view %arg5 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_11 = arith.constant 512 : i32
      %20 = arith.muli %13#5, %c512_i32_11 : i32
      %21 = tessera.multiple_of %20, 512 : i32
      %22 = arith.index_cast %21 : i32 to index
      %c1024_i32_12 = arith.constant 1024 : i32
      %23 = arith.muli %13#6, %c1024_i32_12 : i32
      %24 = tessera.multiple_of %23, 1024 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg1 [%22, %25] [512, 1024] : memref<16384x1024xf32, #tessera.memory_space<any>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_13 = arith.constant 512 : i32
      %27 = arith.muli %17, %c512_i32_13 : i32
      %28 = tessera.multiple_of %27, 512 : i32
      %29 = arith.index_cast %28 : i32 to index
      %30 = tessera.view %arg4 [%29, 0] [512, 1024] : memref<1024x1024xf32, #tessera.memory_space<vmem>> to memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %30, %26, %19 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
