module {
  func.func @layer_norm(%arg0: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "scale_hbm"}, %arg2: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "bias_hbm"}, %arg3: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg4: memref<128x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg6: memref<1x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "scale_hbm_blocks"}, %arg7: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "scale_hbm_sems"}, %arg8: memref<1x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "bias_hbm_blocks"}, %arg9: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "bias_hbm_sems"}, %arg10: memref<128x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg11: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg12: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg13 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %17 = arith.index_cast %arg13 : i32 to index
      %c0_i32_14 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_14, %arg12[%17] : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %c0_i32_2 = arith.constant 0 : i32
    %1 = tessera.view %arg5 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c64_i32 = arith.constant 64 : i32
    %2 = arith.muli %c0_i32_0, %c64_i32 : i32
    %3 = tessera.multiple_of %2, 64 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32_2, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c64_i32_3 = arith.constant 64 : i32
    %9 = arith.muli %c0_i32_0, %c64_i32_3 : i32
    %10 = tessera.multiple_of %9, 64 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg4 [%11, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_4 = arith.constant 0 : i32
    %c0_i32_5 = arith.constant 0 : i32
    tessera.dma_start %arg1, %arg6, %arg7 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %c0_i32_6 = arith.constant 0 : i32
    %c0_i32_7 = arith.constant 0 : i32
    tessera.dma_start %arg2, %arg8, %arg9 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %c0_i32_8 = arith.constant 0 : i32
    %c0_i32_9 = arith.constant 0 : i32
    %c8_i32_10 = arith.constant 8 : i32
    %c1_i32_11 = arith.constant 1 : i32
    %13:17 = scf.for %arg13 = %c0_i32_9 to %c8_i32_10 step %c1_i32_11 iter_args(%arg14 = %c0_i32_0, %arg15 = %c0_i32_0, %arg16 = %c0_i32_2, %arg17 = %c1_i32_1, %arg18 = %c0_i32_0, %arg19 = %c0_i32_4, %arg20 = %c0_i32_5, %arg21 = %c1_i32_1, %arg22 = %c0_i32_0, %arg23 = %c0_i32_6, %arg24 = %c0_i32_7, %arg25 = %c1_i32_1, %arg26 = %c0_i32_0, %arg27 = %c0_i32_0, %arg28 = %c0_i32_8, %arg29 = %c0_i32_0, %arg30 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %17 = arith.index_cast %arg26 : i32 to index
      %18 = arith.index_cast %arg14 : i32 to index
      %c7_i32 = arith.constant 7 : i32
      %19 = arith.cmpi slt, %arg13, %c7_i32 : i32
      %20:8 = scf.if %19 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c1_i32_26 = arith.constant 1 : i32
        %57 = arith.addi %arg13, %c1_i32_26 : i32
        %c0_i32_27 = arith.constant 0 : i32
        %c0_i32_28 = arith.constant 0 : i32
        %c0_i32_29 = arith.constant 0 : i32
        %c0_i32_30 = arith.constant 0 : i32
        %c0_i32_31 = arith.constant 0 : i32
        %c0_i32_32 = arith.constant 0 : i32
        scf.yield %57, %c0_i32_27, %c0_i32_28, %c0_i32_29, %c0_i32_30, %c0_i32_31, %57, %c0_i32_32 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg15, %arg16, %arg19, %arg20, %arg23, %arg24, %arg27, %arg28 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %21 = arith.cmpi ne, %20#0, %arg15 : i32
      %22 = arith.cmpi ne, %20#1, %arg16 : i32
      %23 = arith.ori %21, %22 : i1
      %24 = arith.andi %19, %23 : i1
      %c1_i32_14 = arith.constant 1 : i32
      %25 = arith.subi %c1_i32_14, %arg14 : i32
      %26 = arith.index_cast %25 : i32 to index
      scf.if %24 {
        %57 = tessera.view %arg5 [%26] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_26 = arith.constant 64 : i32
        %58 = arith.muli %20#0, %c64_i32_26 : i32
        %59 = tessera.multiple_of %58, 64 : i32
        %60 = arith.index_cast %59 : i32 to index
        %c1024_i32_27 = arith.constant 1024 : i32
        %61 = arith.muli %20#1, %c1024_i32_27 : i32
        %62 = tessera.multiple_of %61, 1024 : i32
        %63 = arith.index_cast %62 : i32 to index
        %64 = tessera.view %arg0 [%60, %63] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_28 = arith.constant 64 : i32
        %65 = arith.muli %25, %c64_i32_28 : i32
        %66 = tessera.multiple_of %65, 64 : i32
        %67 = arith.index_cast %66 : i32 to index
        %68 = tessera.view %arg4 [%67, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %64, %68, %57 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_15 = arith.constant 0 : i32
      %27 = arith.cmpi ne, %arg17, %c0_i32_15 : i32
      scf.if %27 {
        %57 = tessera.view %arg5 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_26 = arith.constant 64 : i32
        %58 = arith.muli %arg15, %c64_i32_26 : i32
        %59 = tessera.multiple_of %58, 64 : i32
        %60 = arith.index_cast %59 : i32 to index
        %c1024_i32_27 = arith.constant 1024 : i32
        %61 = arith.muli %arg16, %c1024_i32_27 : i32
        %62 = tessera.multiple_of %61, 1024 : i32
        %63 = arith.index_cast %62 : i32 to index
        %64 = tessera.view %arg0 [%60, %63] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_28 = arith.constant 64 : i32
        %65 = arith.muli %arg14, %c64_i32_28 : i32
        %66 = tessera.multiple_of %65, 64 : i32
        %67 = arith.index_cast %66 : i32 to index
        %68 = tessera.view %arg4 [%67, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %64, %68, %57 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %28 = arith.select %24, %25, %arg14 : i32
      %29 = arith.select %24, %c1_i32_1, %c0_i32_0 : i32
      %30 = arith.select %24, %20#0, %arg15 : i32
      %31 = arith.select %24, %20#1, %arg16 : i32
      %c0_i32_16 = arith.constant 0 : i32
      %32 = arith.cmpi ne, %arg21, %c0_i32_16 : i32
      scf.if %32 {
        tessera.dma_wait %arg1, %arg6, %arg7 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_17 = arith.constant 0 : i32
      %33 = arith.cmpi ne, %arg25, %c0_i32_17 : i32
      scf.if %33 {
        tessera.dma_wait %arg2, %arg8, %arg9 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_18 = arith.constant 0 : i32
      %34 = arith.cmpi ne, %arg29, %c0_i32_18 : i32
      scf.if %34 {
        %57 = tessera.view %arg11 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_26 = arith.constant 64 : i32
        %58 = arith.muli %arg27, %c64_i32_26 : i32
        %59 = tessera.multiple_of %58, 64 : i32
        %60 = arith.index_cast %59 : i32 to index
        %c1024_i32_27 = arith.constant 1024 : i32
        %61 = arith.muli %arg28, %c1024_i32_27 : i32
        %62 = tessera.multiple_of %61, 1024 : i32
        %63 = arith.index_cast %62 : i32 to index
        %64 = tessera.view %arg3 [%60, %63] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_28 = arith.constant 64 : i32
        %65 = arith.muli %arg26, %c64_i32_28 : i32
        %66 = tessera.multiple_of %65, 64 : i32
        %67 = arith.index_cast %66 : i32 to index
        %68 = tessera.view %arg10 [%67, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %68, %64, %57 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c64_i32_19 = arith.constant 64 : i32
      %35 = arith.muli %arg14, %c64_i32_19 : i32
      %36 = tessera.multiple_of %35, 64 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg4 [%37, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c64_i32_20 = arith.constant 64 : i32
      %39 = arith.muli %arg26, %c64_i32_20 : i32
      %40 = tessera.multiple_of %39, 64 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg10 [%41, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %43 = tessera.load %arg6 : memref<1x1024xf32, #tessera.memory_space<vmem>> -> vector<1x1024xf32>
      %44 = tessera.load %arg8 : memref<1x1024xf32, #tessera.memory_space<vmem>> -> vector<1x1024xf32>
      %c0_i32_21 = arith.constant 0 : i32
      %c8_i32_22 = arith.constant 8 : i32
      %c1_i32_23 = arith.constant 1 : i32
      %c8_i32_24 = arith.constant 8 : i32
      %c4_i32 = arith.constant 4 : i32
      %45 = arith.muli %c1_i32_23, %c4_i32 : i32
      scf.for %arg31 = %c0_i32_21 to %c8_i32_24 step %45  : i32 {
        %c8_i32_26 = arith.constant 8 : i32
        %57 = arith.muli %arg31, %c8_i32_26 : i32
        %58 = tessera.multiple_of %57, 8 : i32
        %59 = arith.index_cast %58 : i32 to index
        %60 = tessera.view %38 [%59, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %61 = tessera.load %60 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %62 = tessera.reduce %61 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %63 = arith.divf %62, %cst : vector<8x1xf32>
        %64 = tessera.broadcast %63 : vector<8x1xf32> -> vector<8x1024xf32>
        %65 = arith.subf %61, %64 : vector<8x1024xf32>
        %66 = arith.mulf %65, %65 : vector<8x1024xf32>
        %67 = tessera.reduce %66 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_27 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %68 = arith.divf %67, %cst_27 : vector<8x1xf32>
        %cst_28 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %69 = arith.addf %68, %cst_28 : vector<8x1xf32>
        %70 = math.rsqrt %69 : vector<8x1xf32>
        %71 = tessera.broadcast %70 : vector<8x1xf32> -> vector<8x1024xf32>
        %72 = arith.mulf %65, %71 : vector<8x1024xf32>
        %73 = tessera.broadcast %43 : vector<1x1024xf32> -> vector<8x1024xf32>
        %74 = arith.mulf %72, %73 : vector<8x1024xf32>
        %75 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %76 = arith.addf %74, %75 : vector<8x1024xf32>
        %77 = tessera.view %42 [%59, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %76, %77 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c1_i32_29 = arith.constant 1 : i32
        %78 = arith.addi %arg31, %c1_i32_29 : i32
        %c8_i32_30 = arith.constant 8 : i32
        %79 = arith.muli %78, %c8_i32_30 : i32
        %80 = tessera.multiple_of %79, 8 : i32
        %81 = arith.index_cast %80 : i32 to index
        %82 = tessera.view %38 [%81, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %83 = tessera.load %82 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %84 = tessera.reduce %83 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_31 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %85 = arith.divf %84, %cst_31 : vector<8x1xf32>
        %86 = tessera.broadcast %85 : vector<8x1xf32> -> vector<8x1024xf32>
        %87 = arith.subf %83, %86 : vector<8x1024xf32>
        %88 = arith.mulf %87, %87 : vector<8x1024xf32>
        %89 = tessera.reduce %88 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_32 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %90 = arith.divf %89, %cst_32 : vector<8x1xf32>
        %cst_33 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %91 = arith.addf %90, %cst_33 : vector<8x1xf32>
        %92 = math.rsqrt %91 : vector<8x1xf32>
        %93 = tessera.broadcast %92 : vector<8x1xf32> -> vector<8x1024xf32>
        %94 = arith.mulf %87, %93 : vector<8x1024xf32>
        %95 = tessera.broadcast %43 : vector<1x1024xf32> -> vector<8x1024xf32>
        %96 = arith.mulf %94, %95 : vector<8x1024xf32>
        %97 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %98 = arith.addf %96, %97 : vector<8x1024xf32>
        %99 = tessera.view %42 [%81, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %98, %99 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c2_i32 = arith.constant 2 : i32
        %100 = arith.addi %arg31, %c2_i32 : i32
        %c8_i32_34 = arith.constant 8 : i32
        %101 = arith.muli %100, %c8_i32_34 : i32
        %102 = tessera.multiple_of %101, 8 : i32
        %103 = arith.index_cast %102 : i32 to index
        %104 = tessera.view %38 [%103, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %105 = tessera.load %104 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %106 = tessera.reduce %105 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_35 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %107 = arith.divf %106, %cst_35 : vector<8x1xf32>
        %108 = tessera.broadcast %107 : vector<8x1xf32> -> vector<8x1024xf32>
        %109 = arith.subf %105, %108 : vector<8x1024xf32>
        %110 = arith.mulf %109, %109 : vector<8x1024xf32>
        %111 = tessera.reduce %110 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_36 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %112 = arith.divf %111, %cst_36 : vector<8x1xf32>
        %cst_37 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %113 = arith.addf %112, %cst_37 : vector<8x1xf32>
        %114 = math.rsqrt %113 : vector<8x1xf32>
        %115 = tessera.broadcast %114 : vector<8x1xf32> -> vector<8x1024xf32>
        %116 = arith.mulf %109, %115 : vector<8x1024xf32>
        %117 = tessera.broadcast %43 : vector<1x1024xf32> -> vector<8x1024xf32>
        %118 = arith.mulf %116, %117 : vector<8x1024xf32>
        %119 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %120 = arith.addf %118, %119 : vector<8x1024xf32>
        %121 = tessera.view %42 [%103, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %120, %121 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c3_i32 = arith.constant 3 : i32
        %122 = arith.addi %arg31, %c3_i32 : i32
        %c8_i32_38 = arith.constant 8 : i32
        %123 = arith.muli %122, %c8_i32_38 : i32
        %124 = tessera.multiple_of %123, 8 : i32
        %125 = arith.index_cast %124 : i32 to index
        %126 = tessera.view %38 [%125, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %127 = tessera.load %126 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %128 = tessera.reduce %127 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_39 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %129 = arith.divf %128, %cst_39 : vector<8x1xf32>
        %130 = tessera.broadcast %129 : vector<8x1xf32> -> vector<8x1024xf32>
        %131 = arith.subf %127, %130 : vector<8x1024xf32>
        %132 = arith.mulf %131, %131 : vector<8x1024xf32>
        %133 = tessera.reduce %132 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_40 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %134 = arith.divf %133, %cst_40 : vector<8x1xf32>
        %cst_41 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %135 = arith.addf %134, %cst_41 : vector<8x1xf32>
        %136 = math.rsqrt %135 : vector<8x1xf32>
        %137 = tessera.broadcast %136 : vector<8x1xf32> -> vector<8x1024xf32>
        %138 = arith.mulf %131, %137 : vector<8x1024xf32>
        %139 = tessera.broadcast %43 : vector<1x1024xf32> -> vector<8x1024xf32>
        %140 = arith.mulf %138, %139 : vector<8x1024xf32>
        %141 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %142 = arith.addf %140, %141 : vector<8x1024xf32>
        %143 = tessera.view %42 [%125, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %142, %143 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      %true = arith.constant true
      %46 = arith.xori %19, %true : i1
      %47 = arith.cmpi ne, %20#6, %arg27 : i32
      %48 = arith.cmpi ne, %20#7, %arg28 : i32
      %49 = arith.ori %47, %48 : i1
      %50 = arith.ori %46, %49 : i1
      scf.if %50 {
        %c1_i32_26 = arith.constant 1 : i32
        %57 = arith.muli %arg27, %c1_i32_26 : i32
        %58 = arith.addi %57, %arg28 : i32
        %59 = arith.index_cast %58 : i32 to index
        %60 = tessera.load_scalar %arg12[%59] : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_27 = arith.constant 0 : i32
        %61 = arith.cmpi eq, %60, %c0_i32_27 : i32
        tessera.check %61, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg27, %arg28 : i32, i32]
        %c1_i32_28 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_28, %arg12[%59] : i32, memref<8xi32, #tessera.memory_space<smem>>
        %62 = tessera.view %arg11 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_29 = arith.constant 64 : i32
        %63 = arith.muli %arg27, %c64_i32_29 : i32
        %64 = tessera.multiple_of %63, 64 : i32
        %65 = arith.index_cast %64 : i32 to index
        %c1024_i32_30 = arith.constant 1024 : i32
        %66 = arith.muli %arg28, %c1024_i32_30 : i32
        %67 = tessera.multiple_of %66, 1024 : i32
        %68 = arith.index_cast %67 : i32 to index
        %69 = tessera.view %arg3 [%65, %68] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_31 = arith.constant 64 : i32
        %70 = arith.muli %arg26, %c64_i32_31 : i32
        %71 = tessera.multiple_of %70, 64 : i32
        %72 = arith.index_cast %71 : i32 to index
        %73 = tessera.view %arg10 [%72, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %73, %69, %62 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c1_i32_25 = arith.constant 1 : i32
      %51 = arith.subi %c1_i32_25, %arg26 : i32
      %52 = arith.select %50, %51, %arg26 : i32
      %53 = arith.select %50, %arg30, %c0_i32_0 : i32
      %54 = arith.select %50, %c1_i32_1, %arg30 : i32
      %55 = arith.select %50, %20#6, %arg27 : i32
      %56 = arith.select %50, %20#7, %arg28 : i32
      scf.yield %28, %30, %31, %29, %arg18, %arg19, %arg20, %c0_i32_0, %arg22, %arg23, %arg24, %c0_i32_0, %52, %55, %56, %53, %54 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %14 = arith.index_cast %13#12 : i32 to index
    %c0_i32_12 = arith.constant 0 : i32
    %15 = arith.cmpi ne, %13#15, %c0_i32_12 : i32
    scf.if %15 {
      %17 = tessera.view %arg11 [%14] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_14 = arith.constant 64 : i32
      %18 = arith.muli %13#13, %c64_i32_14 : i32
      %19 = tessera.multiple_of %18, 64 : i32
      %20 = arith.index_cast %19 : i32 to index
      %c1024_i32_15 = arith.constant 1024 : i32
      %21 = arith.muli %13#14, %c1024_i32_15 : i32
      %22 = tessera.multiple_of %21, 1024 : i32
      %23 = arith.index_cast %22 : i32 to index
      %24 = tessera.view %arg3 [%20, %23] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_16 = arith.constant 64 : i32
      %25 = arith.muli %13#12, %c64_i32_16 : i32
      %26 = tessera.multiple_of %25, 64 : i32
      %27 = arith.index_cast %26 : i32 to index
      %28 = tessera.view %arg10 [%27, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %28, %24, %17 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_13 = arith.constant 0 : i32
    %16 = arith.cmpi ne, %13#16, %c0_i32_13 : i32
    scf.if %16 {
      %c1_i32_14 = arith.constant 1 : i32
      %17 = arith.subi %c1_i32_14, %13#12 : i32
      %18 = arith.index_cast %17 : i32 to index
      %19 = tessera.view %arg11 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_15 = arith.constant 64 : i32
      %20 = arith.muli %13#13, %c64_i32_15 : i32
      %21 = tessera.multiple_of %20, 64 : i32
      %22 = arith.index_cast %21 : i32 to index
      %c1024_i32_16 = arith.constant 1024 : i32
      %23 = arith.muli %13#14, %c1024_i32_16 : i32
      %24 = tessera.multiple_of %23, 1024 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg3 [%22, %25] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_17 = arith.constant 64 : i32
      %27 = arith.muli %17, %c64_i32_17 : i32
      %28 = tessera.multiple_of %27, 64 : i32
      %29 = arith.index_cast %28 : i32 to index
      %30 = tessera.view %arg10 [%29, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %30, %26, %19 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
