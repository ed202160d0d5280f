module {
  func.func @softmax(%arg0: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<64x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<64x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg7 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %27 = arith.index_cast %arg7 : i32 to index
      %c0_i32_13 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_13, %arg6[%27] : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %c0_i32_2 = arith.constant 0 : i32
    %1 = tessera.view %arg3 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c32_i32 = arith.constant 32 : i32
    %2 = arith.muli %c0_i32_0, %c32_i32 : i32
    %3 = tessera.multiple_of %2, 32 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32_2, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c32_i32_3 = arith.constant 32 : i32
    %9 = arith.muli %c0_i32_0, %c32_i32_3 : i32
    %10 = tessera.multiple_of %9, 32 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg2 [%11, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_4 = arith.constant 0 : i32
    %c8_i32_5 = arith.constant 8 : i32
    %13 = arith.cmpi slt, %c1_i32_1, %c8_i32_5 : i32
    %14:4 = scf.if %13 -> (i32, i32, i32, i32) {
      %c0_i32_13 = arith.constant 0 : i32
      %c0_i32_14 = arith.constant 0 : i32
      scf.yield %c1_i32_1, %c0_i32_13, %c1_i32_1, %c0_i32_14 : i32, i32, i32, i32
    } else {
      scf.yield %c0_i32_0, %c0_i32_2, %c0_i32_0, %c0_i32_4 : i32, i32, i32, i32
    }
    %c7_i32 = arith.constant 7 : i32
    %15 = arith.cmpi slt, %c0_i32_0, %c7_i32 : i32
    %16 = arith.cmpi ne, %14#0, %c0_i32_0 : i32
    %17 = arith.cmpi ne, %14#1, %c0_i32_2 : i32
    %18 = arith.ori %16, %17 : i1
    %19 = arith.andi %15, %18 : i1
    %c1_i32_6 = arith.constant 1 : i32
    %20 = arith.subi %c1_i32_6, %c0_i32_0 : i32
    %21 = arith.index_cast %20 : i32 to index
    scf.if %19 {
      %27 = tessera.view %arg3 [%21] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c32_i32_13 = arith.constant 32 : i32
      %28 = arith.muli %14#0, %c32_i32_13 : i32
      %29 = tessera.multiple_of %28, 32 : i32
      %30 = arith.index_cast %29 : i32 to index
      %c1024_i32_14 = arith.constant 1024 : i32
      %31 = arith.muli %14#1, %c1024_i32_14 : i32
      %32 = tessera.multiple_of %31, 1024 : i32
      %33 = arith.index_cast %32 : i32 to index
      %34 = tessera.view %arg0 [%30, %33] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c32_i32_15 = arith.constant 32 : i32
      %35 = arith.muli %20, %c32_i32_15 : i32
      %36 = tessera.multiple_of %35, 32 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg2 [%37, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %34, %38, %27 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_7 = arith.constant 0 : i32
    %22 = arith.cmpi ne, %c1_i32_1, %c0_i32_7 : i32
    scf.if %22 {
      %27 = tessera.view %arg3 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c32_i32_13 = arith.constant 32 : i32
      %28 = arith.muli %c0_i32_0, %c32_i32_13 : i32
      %29 = tessera.multiple_of %28, 32 : i32
      %30 = arith.index_cast %29 : i32 to index
      %c1024_i32_14 = arith.constant 1024 : i32
      %31 = arith.muli %c0_i32_2, %c1024_i32_14 : i32
      %32 = tessera.multiple_of %31, 1024 : i32
      %33 = arith.index_cast %32 : i32 to index
      %34 = tessera.view %arg0 [%30, %33] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c32_i32_15 = arith.constant 32 : i32
      %35 = arith.muli %c0_i32_0, %c32_i32_15 : i32
      %36 = tessera.multiple_of %35, 32 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg2 [%37, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %34, %38, %27 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_8 = arith.constant 0 : i32
    %c8_i32_9 = arith.constant 8 : i32
    %c1_i32_10 = arith.constant 1 : i32
    %23:9 = scf.for %arg7 = %c0_i32_8 to %c8_i32_9 step %c1_i32_10 iter_args(%arg8 = %c0_i32_0, %arg9 = %c0_i32_0, %arg10 = %c0_i32_2, %arg11 = %c1_i32_1, %arg12 = %c0_i32_0, %arg13 = %c0_i32_0, %arg14 = %c0_i32_4, %arg15 = %c0_i32_0, %arg16 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %27 = arith.index_cast %arg12 : i32 to index
      %c7_i32_13 = arith.constant 7 : i32
      %28 = arith.cmpi slt, %arg7, %c7_i32_13 : i32
      %c1_i32_14 = arith.constant 1 : i32
      %29 = arith.addi %arg7, %c1_i32_14 : i32
      %c8_i32_15 = arith.constant 8 : i32
      %30 = arith.cmpi slt, %29, %c8_i32_15 : i32
      %31:4 = scf.if %30 -> (i32, i32, i32, i32) {
        %c0_i32_30 = arith.constant 0 : i32
        %c0_i32_31 = arith.constant 0 : i32
        scf.yield %29, %c0_i32_30, %29, %c0_i32_31 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c0_i32_16 = arith.constant 0 : i32
      %32 = arith.cmpi ne, %arg15, %c0_i32_16 : i32
      scf.if %32 {
        %75 = tessera.view %arg5 [%27] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c32_i32_30 = arith.constant 32 : i32
        %76 = arith.muli %arg13, %c32_i32_30 : i32
        %77 = tessera.multiple_of %76, 32 : i32
        %78 = arith.index_cast %77 : i32 to index
        %c1024_i32_31 = arith.constant 1024 : i32
        %79 = arith.muli %arg14, %c1024_i32_31 : i32
        %80 = tessera.multiple_of %79, 1024 : i32
        %81 = arith.index_cast %80 : i32 to index
        %82 = tessera.view %arg1 [%78, %81] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c32_i32_32 = arith.constant 32 : i32
        %83 = arith.muli %arg12, %c32_i32_32 : i32
        %84 = tessera.multiple_of %83, 32 : i32
        %85 = arith.index_cast %84 : i32 to index
        %86 = tessera.view %arg4 [%85, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %86, %82, %75 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c32_i32_17 = arith.constant 32 : i32
      %33 = arith.muli %arg8, %c32_i32_17 : i32
      %34 = tessera.multiple_of %33, 32 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg2 [%35, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c32_i32_18 = arith.constant 32 : i32
      %37 = arith.muli %arg12, %c32_i32_18 : i32
      %38 = tessera.multiple_of %37, 32 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg4 [%39, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c0_i32_19 = arith.constant 0 : i32
      %c4_i32 = arith.constant 4 : i32
      %c1_i32_20 = arith.constant 1 : i32
      %c4_i32_21 = arith.constant 4 : i32
      %c4_i32_22 = arith.constant 4 : i32
      %41 = arith.muli %c1_i32_20, %c4_i32_22 : i32
      scf.for %arg17 = %c0_i32_19 to %c4_i32_21 step %41  : i32 {
        %c8_i32_30 = arith.constant 8 : i32
        %75 = arith.muli %arg17, %c8_i32_30 : i32
        %76 = tessera.multiple_of %75, 8 : i32
        %77 = arith.index_cast %76 : i32 to index
        %78 = tessera.view %36 [%77, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %79 = tessera.load %78 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %80 = tessera.reduce %79 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %81 = tessera.broadcast %80 : vector<8x1xf32> -> vector<8x1024xf32>
        %82 = arith.subf %79, %81 : vector<8x1024xf32>
        %83 = math.exp %82 : vector<8x1024xf32>
        %84 = tessera.reduce %83 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %85 = tessera.broadcast %84 : vector<8x1xf32> -> vector<8x1024xf32>
        %86 = arith.divf %83, %85 : vector<8x1024xf32>
        %87 = tessera.view %40 [%77, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %86, %87 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c1_i32_31 = arith.constant 1 : i32
        %88 = arith.addi %arg17, %c1_i32_31 : i32
        %c8_i32_32 = arith.constant 8 : i32
        %89 = arith.muli %88, %c8_i32_32 : i32
        %90 = tessera.multiple_of %89, 8 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = tessera.view %36 [%91, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %93 = tessera.load %92 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %94 = tessera.reduce %93 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %95 = tessera.broadcast %94 : vector<8x1xf32> -> vector<8x1024xf32>
        %96 = arith.subf %93, %95 : vector<8x1024xf32>
        %97 = math.exp %96 : vector<8x1024xf32>
        %98 = tessera.reduce %97 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %99 = tessera.broadcast %98 : vector<8x1xf32> -> vector<8x1024xf32>
        %100 = arith.divf %97, %99 : vector<8x1024xf32>
        %101 = tessera.view %40 [%91, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %100, %101 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c2_i32_33 = arith.constant 2 : i32
        %102 = arith.addi %arg17, %c2_i32_33 : i32
        %c8_i32_34 = arith.constant 8 : i32
        %103 = arith.muli %102, %c8_i32_34 : i32
        %104 = tessera.multiple_of %103, 8 : i32
        %105 = arith.index_cast %104 : i32 to index
        %106 = tessera.view %36 [%105, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %107 = tessera.load %106 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %108 = tessera.reduce %107 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %109 = tessera.broadcast %108 : vector<8x1xf32> -> vector<8x1024xf32>
        %110 = arith.subf %107, %109 : vector<8x1024xf32>
        %111 = math.exp %110 : vector<8x1024xf32>
        %112 = tessera.reduce %111 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %113 = tessera.broadcast %112 : vector<8x1xf32> -> vector<8x1024xf32>
        %114 = arith.divf %111, %113 : vector<8x1024xf32>
        %115 = tessera.view %40 [%105, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %114, %115 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c3_i32 = arith.constant 3 : i32
        %116 = arith.addi %arg17, %c3_i32 : i32
        %c8_i32_35 = arith.constant 8 : i32
        %117 = arith.muli %116, %c8_i32_35 : i32
        %118 = tessera.multiple_of %117, 8 : i32
        %119 = arith.index_cast %118 : i32 to index
        %120 = tessera.view %36 [%119, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %121 = tessera.load %120 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %122 = tessera.reduce %121 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %123 = tessera.broadcast %122 : vector<8x1xf32> -> vector<8x1024xf32>
        %124 = arith.subf %121, %123 : vector<8x1024xf32>
        %125 = math.exp %124 : vector<8x1024xf32>
        %126 = tessera.reduce %125 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %127 = tessera.broadcast %126 : vector<8x1xf32> -> vector<8x1024xf32>
        %128 = arith.divf %125, %127 : vector<8x1024xf32>
        %129 = tessera.view %40 [%119, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %128, %129 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      %42 = arith.cmpi ne, %31#0, %arg9 : i32
      %43 = arith.cmpi ne, %31#1, %arg10 : i32
      %44 = arith.ori %42, %43 : i1
      %45 = arith.andi %28, %44 : i1
      %c1_i32_23 = arith.constant 1 : i32
      %46 = arith.subi %c1_i32_23, %arg8 : i32
      %47 = arith.select %45, %46, %arg8 : i32
      %48 = arith.index_cast %47 : i32 to index
      %49 = arith.select %45, %c1_i32_1, %c0_i32_0 : i32
      %50 = arith.select %45, %31#0, %arg9 : i32
      %51 = arith.select %45, %31#1, %arg10 : i32
      %c1_i32_24 = arith.constant 1 : i32
      %52 = arith.addi %arg7, %c1_i32_24 : i32
      %c2_i32 = arith.constant 2 : i32
      %53 = arith.addi %arg7, %c2_i32 : i32
      %c8_i32_25 = arith.constant 8 : i32
      %54 = arith.cmpi slt, %53, %c8_i32_25 : i32
      %55:4 = scf.if %54 -> (i32, i32, i32, i32) {
        %c0_i32_30 = arith.constant 0 : i32
        %c0_i32_31 = arith.constant 0 : i32
        scf.yield %53, %c0_i32_30, %53, %c0_i32_31 : i32, i32, i32, i32
      } else {
        scf.yield %50, %51, %arg13, %arg14 : i32, i32, i32, i32
      }
      %c7_i32_26 = arith.constant 7 : i32
      %56 = arith.cmpi slt, %52, %c7_i32_26 : i32
      %57 = arith.cmpi ne, %55#0, %50 : i32
      %58 = arith.cmpi ne, %55#1, %51 : i32
      %59 = arith.ori %57, %58 : i1
      %60 = arith.andi %56, %59 : i1
      %c1_i32_27 = arith.constant 1 : i32
      %61 = arith.subi %c1_i32_27, %47 : i32
      %62 = arith.index_cast %61 : i32 to index
      scf.if %60 {
        %75 = tessera.view %arg3 [%62] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c32_i32_30 = arith.constant 32 : i32
        %76 = arith.muli %55#0, %c32_i32_30 : i32
        %77 = tessera.multiple_of %76, 32 : i32
        %78 = arith.index_cast %77 : i32 to index
        %c1024_i32_31 = arith.constant 1024 : i32
        %79 = arith.muli %55#1, %c1024_i32_31 : i32
        %80 = tessera.multiple_of %79, 1024 : i32
        %81 = arith.index_cast %80 : i32 to index
        %82 = tessera.view %arg0 [%78, %81] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c32_i32_32 = arith.constant 32 : i32
        %83 = arith.muli %61, %c32_i32_32 : i32
        %84 = tessera.multiple_of %83, 32 : i32
        %85 = arith.index_cast %84 : i32 to index
        %86 = tessera.view %arg2 [%85, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %82, %86, %75 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %63 = arith.xori %28, %true : i1
      %64 = arith.cmpi ne, %31#2, %arg13 : i32
      %65 = arith.cmpi ne, %31#3, %arg14 : i32
      %66 = arith.ori %64, %65 : i1
      %67 = arith.ori %63, %66 : i1
      scf.if %67 {
        %c1_i32_30 = arith.constant 1 : i32
        %75 = arith.muli %arg13, %c1_i32_30 : i32
        %76 = arith.addi %75, %arg14 : i32
        %77 = arith.index_cast %76 : i32 to index
        %78 = tessera.load_scalar %arg6[%77] : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_31 = arith.constant 0 : i32
        %79 = arith.cmpi eq, %78, %c0_i32_31 : i32
        tessera.check %79, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        %c1_i32_32 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_32, %arg6[%77] : i32, memref<8xi32, #tessera.memory_space<smem>>
        %80 = tessera.view %arg5 [%27] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c32_i32_33 = arith.constant 32 : i32
        %81 = arith.muli %arg13, %c32_i32_33 : i32
        %82 = tessera.multiple_of %81, 32 : i32
        %83 = arith.index_cast %82 : i32 to index
        %c1024_i32_34 = arith.constant 1024 : i32
        %84 = arith.muli %arg14, %c1024_i32_34 : i32
        %85 = tessera.multiple_of %84, 1024 : i32
        %86 = arith.index_cast %85 : i32 to index
        %87 = tessera.view %arg1 [%83, %86] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c32_i32_35 = arith.constant 32 : i32
        %88 = arith.muli %arg12, %c32_i32_35 : i32
        %89 = tessera.multiple_of %88, 32 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg4 [%90, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %91, %87, %80 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_28 = arith.constant 1 : i32
      %68 = arith.subi %c1_i32_28, %arg12 : i32
      %69 = arith.select %67, %68, %arg12 : i32
      %70 = arith.select %67, %arg16, %c0_i32_0 : i32
      %71 = arith.select %67, %c1_i32_1, %arg16 : i32
      %72 = arith.select %67, %31#2, %arg13 : i32
      %73 = arith.select %67, %31#3, %arg14 : i32
      %c0_i32_29 = arith.constant 0 : i32
      %74 = arith.cmpi ne, %49, %c0_i32_29 : i32
      scf.if %74 {
        %75 = tessera.view %arg3 [%48] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c32_i32_30 = arith.constant 32 : i32
        %76 = arith.muli %50, %c32_i32_30 : i32
        %77 = tessera.multiple_of %76, 32 : i32
        %78 = arith.index_cast %77 : i32 to index
        %c1024_i32_31 = arith.constant 1024 : i32
        %79 = arith.muli %51, %c1024_i32_31 : i32
        %80 = tessera.multiple_of %79, 1024 : i32
        %81 = arith.index_cast %80 : i32 to index
        %82 = tessera.view %arg0 [%78, %81] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c32_i32_32 = arith.constant 32 : i32
        %83 = arith.muli %47, %c32_i32_32 : i32
        %84 = tessera.multiple_of %83, 32 : i32
        %85 = arith.index_cast %84 : i32 to index
        %86 = tessera.view %arg2 [%85, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %82, %86, %75 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %47, %50, %51, %49, %69, %72, %73, %70, %71 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %24 = arith.index_cast %23#4 : i32 to index
    %c0_i32_11 = arith.constant 0 : i32
    %25 = arith.cmpi ne, %23#7, %c0_i32_11 : i32
    scf.if %25 {
      %27 = tessera.view %arg5 [%24] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c32_i32_13 = arith.constant 32 : i32
      %28 = arith.muli %23#5, %c32_i32_13 : i32
      %29 = tessera.multiple_of %28, 32 : i32
      %30 = arith.index_cast %29 : i32 to index
      %c1024_i32_14 = arith.constant 1024 : i32
      %31 = arith.muli %23#6, %c1024_i32_14 : i32
      %32 = tessera.multiple_of %31, 1024 : i32
      %33 = arith.index_cast %32 : i32 to index
      %34 = tessera.view %arg1 [%30, %33] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c32_i32_15 = arith.constant 32 : i32
      %35 = arith.muli %23#4, %c32_i32_15 : i32
      %36 = tessera.multiple_of %35, 32 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg4 [%37, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %38, %34, %27 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_12 = arith.constant 0 : i32
    %26 = arith.cmpi ne, %23#8, %c0_i32_12 : i32
    scf.if %26 {
      %c1_i32_13 = arith.constant 1 : i32
      %27 = arith.subi %c1_i32_13, %23#4 : i32
      %28 = arith.index_cast %27 : i32 to index
      %29 = tessera.view %arg5 [%28] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c32_i32_14 = arith.constant 32 : i32
      %30 = arith.muli %23#5, %c32_i32_14 : i32
      %31 = tessera.multiple_of %30, 32 : i32
      %32 = arith.index_cast %31 : i32 to index
      %c1024_i32_15 = arith.constant 1024 : i32
      %33 = arith.muli %23#6, %c1024_i32_15 : i32
      %34 = tessera.multiple_of %33, 1024 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg1 [%32, %35] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c32_i32_16 = arith.constant 32 : i32
      %37 = arith.muli %27, %c32_i32_16 : i32
      %38 = tessera.multiple_of %37, 32 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg4 [%39, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %40, %36, %29 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
