module {
  func.func @layer_norm(%arg0: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "scale_hbm"}, %arg2: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "bias_hbm"}, %arg3: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg4: memref<128x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg6: memref<1x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "scale_hbm_blocks"}, %arg7: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "scale_hbm_sems"}, %arg8: memref<1x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "bias_hbm_blocks"}, %arg9: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "bias_hbm_sems"}, %arg10: memref<128x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg11: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg12: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg13 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %29 = arith.index_cast %arg13 : i32 to index
      %c0_i32_19 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_19, %arg12[%29] : i32, memref<8xi32, #tessera.memory_space<smem>>
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
    %c8_i32_9 = arith.constant 8 : i32
    %13 = arith.cmpi slt, %c1_i32_1, %c8_i32_9 : i32
    %14:8 = scf.if %13 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
      %c0_i32_19 = arith.constant 0 : i32
      %c0_i32_20 = arith.constant 0 : i32
      %c0_i32_21 = arith.constant 0 : i32
      %c0_i32_22 = arith.constant 0 : i32
      %c0_i32_23 = arith.constant 0 : i32
      %c0_i32_24 = arith.constant 0 : i32
      scf.yield %c1_i32_1, %c0_i32_19, %c0_i32_20, %c0_i32_21, %c0_i32_22, %c0_i32_23, %c1_i32_1, %c0_i32_24 : i32, i32, i32, i32, i32, i32, i32, i32
    } else {
      scf.yield %c0_i32_0, %c0_i32_2, %c0_i32_4, %c0_i32_5, %c0_i32_6, %c0_i32_7, %c0_i32_0, %c0_i32_8 : i32, i32, i32, i32, i32, i32, i32, i32
    }
    %c7_i32 = arith.constant 7 : i32
    %15 = arith.cmpi slt, %c0_i32_0, %c7_i32 : i32
    %16 = arith.cmpi ne, %14#0, %c0_i32_0 : i32
    %17 = arith.cmpi ne, %14#1, %c0_i32_2 : i32
    %18 = arith.ori %16, %17 : i1
    %19 = arith.andi %15, %18 : i1
    %c1_i32_10 = arith.constant 1 : i32
    %20 = arith.subi %c1_i32_10, %c0_i32_0 : i32
    %21 = arith.index_cast %20 : i32 to index
    scf.if %19 {
      %29 = tessera.view %arg5 [%21] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_19 = arith.constant 64 : i32
      %30 = arith.muli %14#0, %c64_i32_19 : i32
      %31 = tessera.multiple_of %30, 64 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c1024_i32_20 = arith.constant 1024 : i32
      %33 = arith.muli %14#1, %c1024_i32_20 : i32
      %34 = tessera.multiple_of %33, 1024 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg0 [%32, %35] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_21 = arith.constant 64 : i32
      %37 = arith.muli %20, %c64_i32_21 : i32
      %38 = tessera.multiple_of %37, 64 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg4 [%39, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %36, %40, %29 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_11 = arith.constant 0 : i32
    %22 = arith.cmpi ne, %c1_i32_1, %c0_i32_11 : i32
    scf.if %22 {
      %29 = tessera.view %arg5 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_19 = arith.constant 64 : i32
      %30 = arith.muli %c0_i32_0, %c64_i32_19 : i32
      %31 = tessera.multiple_of %30, 64 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c1024_i32_20 = arith.constant 1024 : i32
      %33 = arith.muli %c0_i32_2, %c1024_i32_20 : i32
      %34 = tessera.multiple_of %33, 1024 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg0 [%32, %35] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_21 = arith.constant 64 : i32
      %37 = arith.muli %c0_i32_0, %c64_i32_21 : i32
      %38 = tessera.multiple_of %37, 64 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg4 [%39, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %36, %40, %29 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_12 = arith.constant 0 : i32
    %23 = arith.cmpi ne, %c1_i32_1, %c0_i32_12 : i32
    scf.if %23 {
      tessera.dma_wait %arg1, %arg6, %arg7 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_13 = arith.constant 0 : i32
    %24 = arith.cmpi ne, %c1_i32_1, %c0_i32_13 : i32
    scf.if %24 {
      tessera.dma_wait %arg2, %arg8, %arg9 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_14 = arith.constant 0 : i32
    %c8_i32_15 = arith.constant 8 : i32
    %c1_i32_16 = arith.constant 1 : i32
    %25:17 = scf.for %arg13 = %c0_i32_14 to %c8_i32_15 step %c1_i32_16 iter_args(%arg14 = %c0_i32_0, %arg15 = %c0_i32_0, %arg16 = %c0_i32_2, %arg17 = %c1_i32_1, %arg18 = %c0_i32_0, %arg19 = %c0_i32_4, %arg20 = %c0_i32_5, %arg21 = %c1_i32_1, %arg22 = %c0_i32_0, %arg23 = %c0_i32_6, %arg24 = %c0_i32_7, %arg25 = %c1_i32_1, %arg26 = %c0_i32_0, %arg27 = %c0_i32_0, %arg28 = %c0_i32_8, %arg29 = %c0_i32_0, %arg30 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %29 = arith.index_cast %arg26 : i32 to index
      %c7_i32_19 = arith.constant 7 : i32
      %30 = arith.cmpi slt, %arg13, %c7_i32_19 : i32
      %c1_i32_20 = arith.constant 1 : i32
      %31 = arith.addi %arg13, %c1_i32_20 : i32
      %c8_i32_21 = arith.constant 8 : i32
      %32 = arith.cmpi slt, %31, %c8_i32_21 : i32
      %33:8 = scf.if %32 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c0_i32_38 = arith.constant 0 : i32
        %c0_i32_39 = arith.constant 0 : i32
        %c0_i32_40 = arith.constant 0 : i32
        %c0_i32_41 = arith.constant 0 : i32
        %c0_i32_42 = arith.constant 0 : i32
        %c0_i32_43 = arith.constant 0 : i32
        scf.yield %31, %c0_i32_38, %c0_i32_39, %c0_i32_40, %c0_i32_41, %c0_i32_42, %31, %c0_i32_43 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg15, %arg16, %arg19, %arg20, %arg23, %arg24, %arg27, %arg28 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %c0_i32_22 = arith.constant 0 : i32
      %34 = arith.cmpi ne, %arg29, %c0_i32_22 : i32
      scf.if %34 {
        %81 = tessera.view %arg11 [%29] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_38 = arith.constant 64 : i32
        %82 = arith.muli %arg27, %c64_i32_38 : i32
        %83 = tessera.multiple_of %82, 64 : i32
        %84 = arith.index_cast %83 : i32 to index
        %c1024_i32_39 = arith.constant 1024 : i32
        %85 = arith.muli %arg28, %c1024_i32_39 : i32
        %86 = tessera.multiple_of %85, 1024 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = tessera.view %arg3 [%84, %87] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_40 = arith.constant 64 : i32
        %89 = arith.muli %arg26, %c64_i32_40 : i32
        %90 = tessera.multiple_of %89, 64 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = tessera.view %arg10 [%91, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %92, %88, %81 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c64_i32_23 = arith.constant 64 : i32
      %35 = arith.muli %arg14, %c64_i32_23 : i32
      %36 = tessera.multiple_of %35, 64 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg4 [%37, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c64_i32_24 = arith.constant 64 : i32
      %39 = arith.muli %arg26, %c64_i32_24 : i32
      %40 = tessera.multiple_of %39, 64 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg10 [%41, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %43 = tessera.load %arg6 : memref<1x1024xf32, #tessera.memory_space<vmem>> -> vector<1x1024xf32>
      %44 = tessera.load %arg8 : memref<1x1024xf32, #tessera.memory_space<vmem>> -> vector<1x1024xf32>
      %c0_i32_25 = arith.constant 0 : i32
      %c8_i32_26 = arith.constant 8 : i32
      %c1_i32_27 = arith.constant 1 : i32
      %c8_i32_28 = arith.constant 8 : i32
      %c4_i32 = arith.constant 4 : i32
      %45 = arith.muli %c1_i32_27, %c4_i32 : i32
      scf.for %arg31 = %c0_i32_25 to %c8_i32_28 step %45  : i32 {
        %c8_i32_38 = arith.constant 8 : i32
        %81 = arith.muli %arg31, %c8_i32_38 : i32
        %82 = tessera.multiple_of %81, 8 : i32
        %83 = arith.index_cast %82 : i32 to index
        %84 = tessera.view %38 [%83, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %85 = tessera.load %84 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %86 = tessera.reduce %85 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %87 = arith.divf %86, %cst : vector<8x1xf32>
        %88 = tessera.broadcast %87 : vector<8x1xf32> -> vector<8x1024xf32>
        %89 = arith.subf %85, %88 : vector<8x1024xf32>
        %90 = arith.mulf %89, %89 : vector<8x1024xf32>
        %91 = tessera.reduce %90 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_39 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %92 = arith.divf %91, %cst_39 : vector<8x1xf32>
        %cst_40 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %93 = arith.addf %92, %cst_40 : vector<8x1xf32>
        %94 = math.rsqrt %93 : vector<8x1xf32>
        %95 = tessera.broadcast %94 : vector<8x1xf32> -> vector<8x1024xf32>
        %96 = arith.mulf %89, %95 : vector<8x1024xf32>
        %97 = tessera.broadcast %43 : vector<1x1024xf32> -> vector<8x1024xf32>
        %98 = arith.mulf %96, %97 : vector<8x1024xf32>
        %99 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %100 = arith.addf %98, %99 : vector<8x1024xf32>
        %101 = tessera.view %42 [%83, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %100, %101 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c1_i32_41 = arith.constant 1 : i32
        %102 = arith.addi %arg31, %c1_i32_41 : i32
        %c8_i32_42 = arith.constant 8 : i32
        %103 = arith.muli %102, %c8_i32_42 : i32
        %104 = tessera.multiple_of %103, 8 : i32
        %105 = arith.index_cast %104 : i32 to index
        %106 = tessera.view %38 [%105, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %107 = tessera.load %106 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %108 = tessera.reduce %107 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_43 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %109 = arith.divf %108, %cst_43 : vector<8x1xf32>
        %110 = tessera.broadcast %109 : vector<8x1xf32> -> vector<8x1024xf32>
        %111 = arith.subf %107, %110 : vector<8x1024xf32>
        %112 = arith.mulf %111, %111 : vector<8x1024xf32>
        %113 = tessera.reduce %112 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_44 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %114 = arith.divf %113, %cst_44 : vector<8x1xf32>
        %cst_45 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %115 = arith.addf %114, %cst_45 : vector<8x1xf32>
        %116 = math.rsqrt %115 : vector<8x1xf32>
        %117 = tessera.broadcast %116 : vector<8x1xf32> -> vector<8x1024xf32>
        %118 = arith.mulf %111, %117 : vector<8x1024xf32>
        %119 = tessera.broadcast %43 : vector<1x1024xf32> -> vector<8x1024xf32>
        %120 = arith.mulf %118, %119 : vector<8x1024xf32>
        %121 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %122 = arith.addf %120, %121 : vector<8x1024xf32>
        %123 = tessera.view %42 [%105, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %122, %123 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c2_i32_46 = arith.constant 2 : i32
        %124 = arith.addi %arg31, %c2_i32_46 : i32
        %c8_i32_47 = arith.constant 8 : i32
        %125 = arith.muli %124, %c8_i32_47 : i32
        %126 = tessera.multiple_of %125, 8 : i32
        %127 = arith.index_cast %126 : i32 to index
        %128 = tessera.view %38 [%127, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %129 = tessera.load %128 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %130 = tessera.reduce %129 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_48 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %131 = arith.divf %130, %cst_48 : vector<8x1xf32>
        %132 = tessera.broadcast %131 : vector<8x1xf32> -> vector<8x1024xf32>
        %133 = arith.subf %129, %132 : vector<8x1024xf32>
        %134 = arith.mulf %133, %133 : vector<8x1024xf32>
        %135 = tessera.reduce %134 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_49 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %136 = arith.divf %135, %cst_49 : vector<8x1xf32>
        %cst_50 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %137 = arith.addf %136, %cst_50 : vector<8x1xf32>
        %138 = math.rsqrt %137 : vector<8x1xf32>
        %139 = tessera.broadcast %138 : vector<8x1xf32> -> vector<8x1024xf32>
        %140 = arith.mulf %133, %139 : vector<8x1024xf32>
        %141 = tessera.broadcast %43 : vector<1x1024xf32> -> vector<8x1024xf32>
        %142 = arith.mulf %140, %141 : vector<8x1024xf32>
        %143 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %144 = arith.addf %142, %143 : vector<8x1024xf32>
        %145 = tessera.view %42 [%127, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %144, %145 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c3_i32 = arith.constant 3 : i32
        %146 = arith.addi %arg31, %c3_i32 : i32
        %c8_i32_51 = arith.constant 8 : i32
        %147 = arith.muli %146, %c8_i32_51 : i32
        %148 = tessera.multiple_of %147, 8 : i32
        %149 = arith.index_cast %148 : i32 to index
        %150 = tessera.view %38 [%149, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %151 = tessera.load %150 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %152 = tessera.reduce %151 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_52 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %153 = arith.divf %152, %cst_52 : vector<8x1xf32>
        %154 = tessera.broadcast %153 : vector<8x1xf32> -> vector<8x1024xf32>
        %155 = arith.subf %151, %154 : vector<8x1024xf32>
        %156 = arith.mulf %155, %155 : vector<8x1024xf32>
        %157 = tessera.reduce %156 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_53 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %158 = arith.divf %157, %cst_53 : vector<8x1xf32>
        %cst_54 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %159 = arith.addf %158, %cst_54 : vector<8x1xf32>
        %160 = math.rsqrt %159 : vector<8x1xf32>
        %161 = tessera.broadcast %160 : vector<8x1xf32> -> vector<8x1024xf32>
        %162 = arith.mulf %155, %161 : vector<8x1024xf32>
        %163 = tessera.broadcast %43 : vector<1x1024xf32> -> vector<8x1024xf32>
        %164 = arith.mulf %162, %163 : vector<8x1024xf32>
        %165 = tessera.broadcast %44 : vector<1x1024xf32> -> vector<8x1024xf32>
        %166 = arith.addf %164, %165 : vector<8x1024xf32>
        %167 = tessera.view %42 [%149, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %166, %167 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      %46 = arith.cmpi ne, %33#0, %arg15 : i32
      %47 = arith.cmpi ne, %33#1, %arg16 : i32
      %48 = arith.ori %46, %47 : i1
      %49 = arith.andi %30, %48 : i1
      %c1_i32_29 = arith.constant 1 : i32
      %50 = arith.subi %c1_i32_29, %arg14 : i32
      %51 = arith.select %49, %50, %arg14 : i32
      %52 = arith.index_cast %51 : i32 to index
      %53 = arith.select %49, %c1_i32_1, %c0_i32_0 : i32
      %54 = arith.select %49, %33#0, %arg15 : i32
      %55 = arith.select %49, %33#1, %arg16 : i32
      %c1_i32_30 = arith.constant 1 : i32
      %56 = arith.addi %arg13, %c1_i32_30 : i32
      %c2_i32 = arith.constant 2 : i32
      %57 = arith.addi %arg13, %c2_i32 : i32
      %c8_i32_31 = arith.constant 8 : i32
      %58 = arith.cmpi slt, %57, %c8_i32_31 : i32
      %59:8 = scf.if %58 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c0_i32_38 = arith.constant 0 : i32
        %c0_i32_39 = arith.constant 0 : i32
        %c0_i32_40 = arith.constant 0 : i32
        %c0_i32_41 = arith.constant 0 : i32
        %c0_i32_42 = arith.constant 0 : i32
        %c0_i32_43 = arith.constant 0 : i32
        scf.yield %57, %c0_i32_38, %c0_i32_39, %c0_i32_40, %c0_i32_41, %c0_i32_42, %57, %c0_i32_43 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %54, %55, %arg19, %arg20, %arg23, %arg24, %arg27, %arg28 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %c7_i32_32 = arith.constant 7 : i32
      %60 = arith.cmpi slt, %56, %c7_i32_32 : i32
      %61 = arith.cmpi ne, %59#0, %54 : i32
      %62 = arith.cmpi ne, %59#1, %55 : i32
      %63 = arith.ori %61, %62 : i1
      %64 = arith.andi %60, %63 : i1
      %c1_i32_33 = arith.constant 1 : i32
      %65 = arith.subi %c1_i32_33, %51 : i32
      %66 = arith.index_cast %65 : i32 to index
      scf.if %64 {
        %81 = tessera.view %arg5 [%66] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_38 = arith.constant 64 : i32
        %82 = arith.muli %59#0, %c64_i32_38 : i32
        %83 = tessera.multiple_of %82, 64 : i32
        %84 = arith.index_cast %83 : i32 to index
        %c1024_i32_39 = arith.constant 1024 : i32
        %85 = arith.muli %59#1, %c1024_i32_39 : i32
        %86 = tessera.multiple_of %85, 1024 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = tessera.view %arg0 [%84, %87] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_40 = arith.constant 64 : i32
        %89 = arith.muli %65, %c64_i32_40 : i32
        %90 = tessera.multiple_of %89, 64 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = tessera.view %arg4 [%91, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %88, %92, %81 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %67 = arith.xori %30, %true : i1
      %68 = arith.cmpi ne, %33#6, %arg27 : i32
      %69 = arith.cmpi ne, %33#7, %arg28 : i32
      %70 = arith.ori %68, %69 : i1
      %71 = arith.ori %67, %70 : i1
      scf.if %71 {
        %c1_i32_38 = arith.constant 1 : i32
        %81 = arith.muli %arg27, %c1_i32_38 : i32
        %82 = arith.addi %81, %arg28 : i32
        %83 = arith.index_cast %82 : i32 to index
        %84 = tessera.load_scalar %arg12[%83] : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_39 = arith.constant 0 : i32
        %85 = arith.cmpi eq, %84, %c0_i32_39 : i32
        tessera.check %85, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg27, %arg28 : i32, i32]
        %c1_i32_40 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_40, %arg12[%83] : i32, memref<8xi32, #tessera.memory_space<smem>>
        %86 = tessera.view %arg11 [%29] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_41 = arith.constant 64 : i32
        %87 = arith.muli %arg27, %c64_i32_41 : i32
        %88 = tessera.multiple_of %87, 64 : i32
        %89 = arith.index_cast %88 : i32 to index
        %c1024_i32_42 = arith.constant 1024 : i32
        %90 = arith.muli %arg28, %c1024_i32_42 : i32
        %91 = tessera.multiple_of %90, 1024 : i32
        %92 = arith.index_cast %91 : i32 to index
        %93 = tessera.view %arg3 [%89, %92] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_43 = arith.constant 64 : i32
        %94 = arith.muli %arg26, %c64_i32_43 : i32
        %95 = tessera.multiple_of %94, 64 : i32
        %96 = arith.index_cast %95 : i32 to index
        %97 = tessera.view %arg10 [%96, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %97, %93, %86 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_34 = arith.constant 1 : i32
      %72 = arith.subi %c1_i32_34, %arg26 : i32
      %73 = arith.select %71, %72, %arg26 : i32
      %74 = arith.select %71, %arg30, %c0_i32_0 : i32
      %75 = arith.select %71, %c1_i32_1, %arg30 : i32
      %76 = arith.select %71, %33#6, %arg27 : i32
      %77 = arith.select %71, %33#7, %arg28 : i32
      %c0_i32_35 = arith.constant 0 : i32
      %78 = arith.cmpi ne, %53, %c0_i32_35 : i32
      scf.if %78 {
        %81 = tessera.view %arg5 [%52] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c64_i32_38 = arith.constant 64 : i32
        %82 = arith.muli %54, %c64_i32_38 : i32
        %83 = tessera.multiple_of %82, 64 : i32
        %84 = arith.index_cast %83 : i32 to index
        %c1024_i32_39 = arith.constant 1024 : i32
        %85 = arith.muli %55, %c1024_i32_39 : i32
        %86 = tessera.multiple_of %85, 1024 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = tessera.view %arg0 [%84, %87] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c64_i32_40 = arith.constant 64 : i32
        %89 = arith.muli %51, %c64_i32_40 : i32
        %90 = tessera.multiple_of %89, 64 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = tessera.view %arg4 [%91, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %88, %92, %81 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_36 = arith.constant 0 : i32
      %79 = arith.cmpi ne, %c0_i32_0, %c0_i32_36 : i32
      scf.if %79 {
        tessera.dma_wait %arg1, %arg6, %arg7 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_37 = arith.constant 0 : i32
      %80 = arith.cmpi ne, %c0_i32_0, %c0_i32_37 : i32
      scf.if %80 {
        tessera.dma_wait %arg2, %arg8, %arg9 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %51, %54, %55, %53, %arg18, %arg19, %arg20, %c0_i32_0, %arg22, %arg23, %arg24, %c0_i32_0, %73, %76, %77, %74, %75 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %26 = arith.index_cast %25#12 : i32 to index
    %c0_i32_17 = arith.constant 0 : i32
    %27 = arith.cmpi ne, %25#15, %c0_i32_17 : i32
    scf.if %27 {
      %29 = tessera.view %arg11 [%26] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_19 = arith.constant 64 : i32
      %30 = arith.muli %25#13, %c64_i32_19 : i32
      %31 = tessera.multiple_of %30, 64 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c1024_i32_20 = arith.constant 1024 : i32
      %33 = arith.muli %25#14, %c1024_i32_20 : i32
      %34 = tessera.multiple_of %33, 1024 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg3 [%32, %35] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_21 = arith.constant 64 : i32
      %37 = arith.muli %25#12, %c64_i32_21 : i32
      %38 = tessera.multiple_of %37, 64 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg10 [%39, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %40, %36, %29 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_18 = arith.constant 0 : i32
    %28 = arith.cmpi ne, %25#16, %c0_i32_18 : i32
    scf.if %28 {
      %c1_i32_19 = arith.constant 1 : i32
      %29 = arith.subi %c1_i32_19, %25#12 : i32
      %30 = arith.index_cast %29 : i32 to index
      %31 = tessera.view %arg11 [%30] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c64_i32_20 = arith.constant 64 : i32
      %32 = arith.muli %25#13, %c64_i32_20 : i32
      %33 = tessera.multiple_of %32, 64 : i32
      %34 = arith.index_cast %33 : i32 to index
      %c1024_i32_21 = arith.constant 1024 : i32
      %35 = arith.muli %25#14, %c1024_i32_21 : i32
      %36 = tessera.multiple_of %35, 1024 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg3 [%34, %37] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c64_i32_22 = arith.constant 64 : i32
      %39 = arith.muli %29, %c64_i32_22 : i32
      %40 = tessera.multiple_of %39, 64 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg10 [%41, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %42, %38, %31 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
