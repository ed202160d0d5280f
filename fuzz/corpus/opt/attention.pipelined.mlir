module {
  func.func @attention(%arg0: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "q_hbm"}, %arg1: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "k_hbm"}, %arg2: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "v_hbm"}, %arg3: memref<1024x128xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg4: memref<768x128xbf16, #tessera.memory_space<vmem>> {tessera.name = "q_hbm_blocks"}, %arg5: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "q_hbm_sems"}, %arg6: memref<768x128xbf16, #tessera.memory_space<vmem>> {tessera.name = "k_hbm_blocks"}, %arg7: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "k_hbm_sems"}, %arg8: memref<768x128xbf16, #tessera.memory_space<vmem>> {tessera.name = "v_hbm_blocks"}, %arg9: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "v_hbm_sems"}, %arg10: memref<512x128xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg11: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg12: memref<4xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %1 = tessera.view %arg5 [%0] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c256_i32 = arith.constant 256 : i32
    %2 = arith.muli %c0_i32, %c256_i32 : i32
    %3 = tessera.multiple_of %2, 256 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c128_i32 = arith.constant 128 : i32
    %5 = arith.muli %c0_i32_1, %c128_i32 : i32
    %6 = tessera.multiple_of %5, 128 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
    %c256_i32_2 = arith.constant 256 : i32
    %9 = arith.muli %c0_i32, %c256_i32_2 : i32
    %10 = tessera.multiple_of %9, 256 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg4 [%11, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c1_i32_3 = arith.constant 1 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %13 = arith.cmpi ne, %c1_i32_3, %c0_i32 : i32
    %14 = arith.cmpi ne, %c0_i32_5, %c0_i32_1 : i32
    %15 = arith.ori %13, %14 : i1
    %c1_i32_6 = arith.constant 1 : i32
    %16 = arith.addi %c0_i32, %c1_i32_6 : i32
    %c3_i32 = arith.constant 3 : i32
    %17 = arith.remsi %16, %c3_i32 : i32
    %18 = arith.index_cast %17 : i32 to index
    scf.if %15 {
      %77 = tessera.view %arg5 [%18] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_47 = arith.constant 256 : i32
      %78 = arith.muli %c1_i32_3, %c256_i32_47 : i32
      %79 = tessera.multiple_of %78, 256 : i32
      %80 = arith.index_cast %79 : i32 to index
      %c128_i32_48 = arith.constant 128 : i32
      %81 = arith.muli %c0_i32_5, %c128_i32_48 : i32
      %82 = tessera.multiple_of %81, 128 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg0 [%80, %83] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_49 = arith.constant 256 : i32
      %85 = arith.muli %17, %c256_i32_49 : i32
      %86 = tessera.multiple_of %85, 256 : i32
      %87 = arith.index_cast %86 : i32 to index
      %88 = tessera.view %arg4 [%87, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %84, %88, %77 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %19 = arith.select %15, %17, %c0_i32 : i32
    %20 = arith.select %15, %c1_i32_3, %c0_i32 : i32
    %21 = arith.select %15, %c0_i32_5, %c0_i32_1 : i32
    %c0_i32_7 = arith.constant 0 : i32
    %c0_i32_8 = arith.constant 0 : i32
    %22 = tessera.view %arg7 [%0] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c256_i32_9 = arith.constant 256 : i32
    %23 = arith.muli %c0_i32, %c256_i32_9 : i32
    %24 = tessera.multiple_of %23, 256 : i32
    %25 = arith.index_cast %24 : i32 to index
    %c128_i32_10 = arith.constant 128 : i32
    %26 = arith.muli %c0_i32_8, %c128_i32_10 : i32
    %27 = tessera.multiple_of %26, 128 : i32
    %28 = arith.index_cast %27 : i32 to index
    %29 = tessera.view %arg1 [%25, %28] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
    %c256_i32_11 = arith.constant 256 : i32
    %30 = arith.muli %c0_i32, %c256_i32_11 : i32
    %31 = tessera.multiple_of %30, 256 : i32
    %32 = arith.index_cast %31 : i32 to index
    %33 = tessera.view %arg6 [%32, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %29, %33, %22 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c1_i32_12 = arith.constant 1 : i32
    %c0_i32_13 = arith.constant 0 : i32
    %c0_i32_14 = arith.constant 0 : i32
    %34 = arith.cmpi ne, %c1_i32_12, %c0_i32 : i32
    %35 = arith.cmpi ne, %c0_i32_14, %c0_i32_8 : i32
    %36 = arith.ori %34, %35 : i1
    %c1_i32_15 = arith.constant 1 : i32
    %37 = arith.addi %c0_i32, %c1_i32_15 : i32
    %c3_i32_16 = arith.constant 3 : i32
    %38 = arith.remsi %37, %c3_i32_16 : i32
    %39 = arith.index_cast %38 : i32 to index
    scf.if %36 {
      %77 = tessera.view %arg7 [%39] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_47 = arith.constant 256 : i32
      %78 = arith.muli %c1_i32_12, %c256_i32_47 : i32
      %79 = tessera.multiple_of %78, 256 : i32
      %80 = arith.index_cast %79 : i32 to index
      %c128_i32_48 = arith.constant 128 : i32
      %81 = arith.muli %c0_i32_14, %c128_i32_48 : i32
      %82 = tessera.multiple_of %81, 128 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg1 [%80, %83] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_49 = arith.constant 256 : i32
      %85 = arith.muli %38, %c256_i32_49 : i32
      %86 = tessera.multiple_of %85, 256 : i32
      %87 = arith.index_cast %86 : i32 to index
      %88 = tessera.view %arg6 [%87, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %84, %88, %77 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %40 = arith.select %36, %38, %c0_i32 : i32
    %41 = arith.select %36, %c1_i32_12, %c0_i32 : i32
    %42 = arith.select %36, %c0_i32_14, %c0_i32_8 : i32
    %c0_i32_17 = arith.constant 0 : i32
    %c0_i32_18 = arith.constant 0 : i32
    %43 = tessera.view %arg9 [%0] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c256_i32_19 = arith.constant 256 : i32
    %44 = arith.muli %c0_i32, %c256_i32_19 : i32
    %45 = tessera.multiple_of %44, 256 : i32
    %46 = arith.index_cast %45 : i32 to index
    %c128_i32_20 = arith.constant 128 : i32
    %47 = arith.muli %c0_i32_18, %c128_i32_20 : i32
    %48 = tessera.multiple_of %47, 128 : i32
    %49 = arith.index_cast %48 : i32 to index
    %50 = tessera.view %arg2 [%46, %49] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
    %c256_i32_21 = arith.constant 256 : i32
    %51 = arith.muli %c0_i32, %c256_i32_21 : i32
    %52 = tessera.multiple_of %51, 256 : i32
    %53 = arith.index_cast %52 : i32 to index
    %54 = tessera.view %arg8 [%53, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %50, %54, %43 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c1_i32_22 = arith.constant 1 : i32
    %c0_i32_23 = arith.constant 0 : i32
    %c0_i32_24 = arith.constant 0 : i32
    %55 = arith.cmpi ne, %c1_i32_22, %c0_i32 : i32
    %56 = arith.cmpi ne, %c0_i32_24, %c0_i32_18 : i32
    %57 = arith.ori %55, %56 : i1
    %c1_i32_25 = arith.constant 1 : i32
    %58 = arith.addi %c0_i32, %c1_i32_25 : i32
    %c3_i32_26 = arith.constant 3 : i32
    %59 = arith.remsi %58, %c3_i32_26 : i32
    %60 = arith.index_cast %59 : i32 to index
    scf.if %57 {
      %77 = tessera.view %arg9 [%60] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_47 = arith.constant 256 : i32
      %78 = arith.muli %c1_i32_22, %c256_i32_47 : i32
      %79 = tessera.multiple_of %78, 256 : i32
      %80 = arith.index_cast %79 : i32 to index
      %c128_i32_48 = arith.constant 128 : i32
      %81 = arith.muli %c0_i32_24, %c128_i32_48 : i32
      %82 = tessera.multiple_of %81, 128 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg2 [%80, %83] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_49 = arith.constant 256 : i32
      %85 = arith.muli %59, %c256_i32_49 : i32
      %86 = tessera.multiple_of %85, 256 : i32
      %87 = arith.index_cast %86 : i32 to index
      %88 = tessera.view %arg8 [%87, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %84, %88, %77 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %61 = arith.select %57, %59, %c0_i32 : i32
    %62 = arith.select %57, %c1_i32_22, %c0_i32 : i32
    %63 = arith.select %57, %c0_i32_24, %c0_i32_18 : i32
    %c0_i32_27 = arith.constant 0 : i32
    %c0_i32_28 = arith.constant 0 : i32
    %c0_i32_29 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32_30 = arith.constant 1 : i32
    %c0_i32_31 = arith.constant 0 : i32
    %64 = arith.index_cast %c0_i32_31 : i32 to index
    %c0_i32_32 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_32, %arg12[%64] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    %c1_i32_33 = arith.constant 1 : i32
    %65 = arith.index_cast %c1_i32_33 : i32 to index
    %c0_i32_34 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_34, %arg12[%65] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    %c2_i32 = arith.constant 2 : i32
    %66 = arith.index_cast %c2_i32 : i32 to index
    %c0_i32_35 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_35, %arg12[%66] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    %c3_i32_36 = arith.constant 3 : i32
    %67 = arith.index_cast %c3_i32_36 : i32 to index
    %c0_i32_37 = arith.constant 0 : i32
    tessera.store_scalar %c0_i32_37, %arg12[%67] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
    %c4_i32_38 = arith.constant 4 : i32
    %68 = arith.cmpi slt, %c1_i32, %c4_i32_38 : i32
    %69:8 = scf.if %68 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
      %c0_i32_47 = arith.constant 0 : i32
      %c0_i32_48 = arith.constant 0 : i32
      %c0_i32_49 = arith.constant 0 : i32
      %c0_i32_50 = arith.constant 0 : i32
      %c0_i32_51 = arith.constant 0 : i32
      %c0_i32_52 = arith.constant 0 : i32
      %c0_i32_53 = arith.constant 0 : i32
      %c0_i32_54 = arith.constant 0 : i32
      scf.yield %c1_i32, %c0_i32_48, %c1_i32, %c0_i32_50, %c1_i32, %c0_i32_52, %c1_i32, %c0_i32_54 : i32, i32, i32, i32, i32, i32, i32, i32
    } else {
      scf.yield %c0_i32, %c0_i32_1, %c0_i32, %c0_i32_8, %c0_i32, %c0_i32_18, %c0_i32, %c0_i32_28 : i32, i32, i32, i32, i32, i32, i32, i32
    }
    %c0_i32_39 = arith.constant 0 : i32
    %70 = arith.cmpi ne, %c1_i32, %c0_i32_39 : i32
    scf.if %70 {
      %77 = tessera.view %arg5 [%0] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_47 = arith.constant 256 : i32
      %78 = arith.muli %c0_i32, %c256_i32_47 : i32
      %79 = tessera.multiple_of %78, 256 : i32
      %80 = arith.index_cast %79 : i32 to index
      %c128_i32_48 = arith.constant 128 : i32
      %81 = arith.muli %c0_i32_1, %c128_i32_48 : i32
      %82 = tessera.multiple_of %81, 128 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg0 [%80, %83] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_49 = arith.constant 256 : i32
      %85 = arith.muli %c0_i32, %c256_i32_49 : i32
      %86 = tessera.multiple_of %85, 256 : i32
      %87 = arith.index_cast %86 : i32 to index
      %88 = tessera.view %arg4 [%87, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %84, %88, %77 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_40 = arith.constant 0 : i32
    %71 = arith.cmpi ne, %c1_i32, %c0_i32_40 : i32
    scf.if %71 {
      %77 = tessera.view %arg7 [%0] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_47 = arith.constant 256 : i32
      %78 = arith.muli %c0_i32, %c256_i32_47 : i32
      %79 = tessera.multiple_of %78, 256 : i32
      %80 = arith.index_cast %79 : i32 to index
      %c128_i32_48 = arith.constant 128 : i32
      %81 = arith.muli %c0_i32_8, %c128_i32_48 : i32
      %82 = tessera.multiple_of %81, 128 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg1 [%80, %83] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_49 = arith.constant 256 : i32
      %85 = arith.muli %c0_i32, %c256_i32_49 : i32
      %86 = tessera.multiple_of %85, 256 : i32
      %87 = arith.index_cast %86 : i32 to index
      %88 = tessera.view %arg6 [%87, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %84, %88, %77 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_41 = arith.constant 0 : i32
    %72 = arith.cmpi ne, %c1_i32, %c0_i32_41 : i32
    scf.if %72 {
      %77 = tessera.view %arg9 [%0] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_47 = arith.constant 256 : i32
      %78 = arith.muli %c0_i32, %c256_i32_47 : i32
      %79 = tessera.multiple_of %78, 256 : i32
      %80 = arith.index_cast %79 : i32 to index
      %c128_i32_48 = arith.constant 128 : i32
      %81 = arith.muli %c0_i32_18, %c128_i32_48 : i32
      %82 = tessera.multiple_of %81, 128 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg2 [%80, %83] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_49 = arith.constant 256 : i32
      %85 = arith.muli %c0_i32, %c256_i32_49 : i32
      %86 = tessera.multiple_of %85, 256 : i32
      %87 = arith.index_cast %86 : i32 to index
      %88 = tessera.view %arg8 [%87, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %84, %88, %77 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_42 = arith.constant 0 : i32
    %c4_i32_43 = arith.constant 4 : i32
    %c1_i32_44 = arith.constant 1 : i32
    %73:26 = scf.for %arg13 = %c0_i32_42 to %c4_i32_43 step %c1_i32_44 iter_args(%arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32_1, %arg17 = %c1_i32, %arg18 = %19, %arg19 = %20, %arg20 = %21, %arg21 = %c0_i32, %arg22 = %c0_i32, %arg23 = %c0_i32_8, %arg24 = %c1_i32, %arg25 = %40, %arg26 = %41, %arg27 = %42, %arg28 = %c0_i32, %arg29 = %c0_i32, %arg30 = %c0_i32_18, %arg31 = %c1_i32, %arg32 = %61, %arg33 = %62, %arg34 = %63, %arg35 = %c0_i32, %arg36 = %c0_i32, %arg37 = %c0_i32_28, %arg38 = %c0_i32, %arg39 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %77 = arith.index_cast %arg35 : i32 to index
      %c3_i32_47 = arith.constant 3 : i32
      %78 = arith.cmpi slt, %arg13, %c3_i32_47 : i32
      %c1_i32_48 = arith.constant 1 : i32
      %79 = arith.addi %arg13, %c1_i32_48 : i32
      %c4_i32_49 = arith.constant 4 : i32
      %80 = arith.cmpi slt, %79, %c4_i32_49 : i32
      %81:8 = scf.if %80 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c0_i32_78 = arith.constant 0 : i32
        %c0_i32_79 = arith.constant 0 : i32
        %c0_i32_80 = arith.constant 0 : i32
        %c0_i32_81 = arith.constant 0 : i32
        %c0_i32_82 = arith.constant 0 : i32
        %c0_i32_83 = arith.constant 0 : i32
        %c0_i32_84 = arith.constant 0 : i32
        %c0_i32_85 = arith.constant 0 : i32
        scf.yield %79, %c0_i32_79, %79, %c0_i32_81, %79, %c0_i32_83, %79, %c0_i32_85 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg15, %arg16, %arg22, %arg23, %arg29, %arg30, %arg36, %arg37 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %c2_i32_50 = arith.constant 2 : i32
      %82 = arith.cmpi slt, %arg13, %c2_i32_50 : i32
      %83:2 = scf.if %82 -> (i32, i32) {
        %c2_i32_78 = arith.constant 2 : i32
        %224 = arith.addi %arg13, %c2_i32_78 : i32
        %c0_i32_79 = arith.constant 0 : i32
        %c0_i32_80 = arith.constant 0 : i32
        scf.yield %224, %c0_i32_80 : i32, i32
      } else {
        scf.yield %arg19, %arg20 : i32, i32
      }
      %84 = arith.cmpi ne, %83#0, %arg19 : i32
      %85 = arith.cmpi ne, %83#1, %arg20 : i32
      %86 = arith.ori %84, %85 : i1
      %87 = arith.andi %82, %86 : i1
      %c1_i32_51 = arith.constant 1 : i32
      %88 = arith.addi %arg18, %c1_i32_51 : i32
      %c3_i32_52 = arith.constant 3 : i32
      %89 = arith.remsi %88, %c3_i32_52 : i32
      %90 = arith.index_cast %89 : i32 to index
      scf.if %87 {
        %224 = tessera.view %arg5 [%90] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_78 = arith.constant 256 : i32
        %225 = arith.muli %83#0, %c256_i32_78 : i32
        %226 = tessera.multiple_of %225, 256 : i32
        %227 = arith.index_cast %226 : i32 to index
        %c128_i32_79 = arith.constant 128 : i32
        %228 = arith.muli %83#1, %c128_i32_79 : i32
        %229 = tessera.multiple_of %228, 128 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg0 [%227, %230] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_80 = arith.constant 256 : i32
        %232 = arith.muli %89, %c256_i32_80 : i32
        %233 = tessera.multiple_of %232, 256 : i32
        %234 = arith.index_cast %233 : i32 to index
        %235 = tessera.view %arg4 [%234, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %231, %235, %224 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %91 = arith.select %87, %89, %arg18 : i32
      %92 = arith.select %87, %83#0, %arg19 : i32
      %93 = arith.select %87, %83#1, %arg20 : i32
      %c2_i32_53 = arith.constant 2 : i32
      %94 = arith.cmpi slt, %arg13, %c2_i32_53 : i32
      %95:2 = scf.if %94 -> (i32, i32) {
        %c2_i32_78 = arith.constant 2 : i32
        %224 = arith.addi %arg13, %c2_i32_78 : i32
        %c0_i32_79 = arith.constant 0 : i32
        %c0_i32_80 = arith.constant 0 : i32
        scf.yield %224, %c0_i32_80 : i32, i32
      } else {
        scf.yield %arg26, %arg27 : i32, i32
      }
      %96 = arith.cmpi ne, %95#0, %arg26 : i32
      %97 = arith.cmpi ne, %95#1, %arg27 : i32
      %98 = arith.ori %96, %97 : i1
      %99 = arith.andi %94, %98 : i1
      %c1_i32_54 = arith.constant 1 : i32
      %100 = arith.addi %arg25, %c1_i32_54 : i32
      %c3_i32_55 = arith.constant 3 : i32
      %101 = arith.remsi %100, %c3_i32_55 : i32
      %102 = arith.index_cast %101 : i32 to index
      scf.if %99 {
        %224 = tessera.view %arg7 [%102] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_78 = arith.constant 256 : i32
        %225 = arith.muli %95#0, %c256_i32_78 : i32
        %226 = tessera.multiple_of %225, 256 : i32
        %227 = arith.index_cast %226 : i32 to index
        %c128_i32_79 = arith.constant 128 : i32
        %228 = arith.muli %95#1, %c128_i32_79 : i32
        %229 = tessera.multiple_of %228, 128 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg1 [%227, %230] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_80 = arith.constant 256 : i32
        %232 = arith.muli %101, %c256_i32_80 : i32
        %233 = tessera.multiple_of %232, 256 : i32
        %234 = arith.index_cast %233 : i32 to index
        %235 = tessera.view %arg6 [%234, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %231, %235, %224 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %103 = arith.select %99, %101, %arg25 : i32
      %104 = arith.select %99, %95#0, %arg26 : i32
      %105 = arith.select %99, %95#1, %arg27 : i32
      %c2_i32_56 = arith.constant 2 : i32
      %106 = arith.cmpi slt, %arg13, %c2_i32_56 : i32
      %107:2 = scf.if %106 -> (i32, i32) {
        %c2_i32_78 = arith.constant 2 : i32
        %224 = arith.addi %arg13, %c2_i32_78 : i32
        %c0_i32_79 = arith.constant 0 : i32
        %c0_i32_80 = arith.constant 0 : i32
        scf.yield %224, %c0_i32_80 : i32, i32
      } else {
        scf.yield %arg33, %arg34 : i32, i32
      }
      %108 = arith.cmpi ne, %107#0, %arg33 : i32
      %109 = arith.cmpi ne, %107#1, %arg34 : i32
      %110 = arith.ori %108, %109 : i1
      %111 = arith.andi %106, %110 : i1
      %c1_i32_57 = arith.constant 1 : i32
      %112 = arith.addi %arg32, %c1_i32_57 : i32
      %c3_i32_58 = arith.constant 3 : i32
      %113 = arith.remsi %112, %c3_i32_58 : i32
      %114 = arith.index_cast %113 : i32 to index
      scf.if %111 {
        %224 = tessera.view %arg9 [%114] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_78 = arith.constant 256 : i32
        %225 = arith.muli %107#0, %c256_i32_78 : i32
        %226 = tessera.multiple_of %225, 256 : i32
        %227 = arith.index_cast %226 : i32 to index
        %c128_i32_79 = arith.constant 128 : i32
        %228 = arith.muli %107#1, %c128_i32_79 : i32
        %229 = tessera.multiple_of %228, 128 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg2 [%227, %230] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_80 = arith.constant 256 : i32
        %232 = arith.muli %113, %c256_i32_80 : i32
        %233 = tessera.multiple_of %232, 256 : i32
        %234 = arith.index_cast %233 : i32 to index
        %235 = tessera.view %arg8 [%234, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %231, %235, %224 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %115 = arith.select %111, %113, %arg32 : i32
      %116 = arith.select %111, %107#0, %arg33 : i32
      %117 = arith.select %111, %107#1, %arg34 : i32
      %c0_i32_59 = arith.constant 0 : i32
      %118 = arith.cmpi ne, %arg38, %c0_i32_59 : i32
      scf.if %118 {
        %224 = tessera.view %arg11 [%77] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_78 = arith.constant 256 : i32
        %225 = arith.muli %arg36, %c256_i32_78 : i32
        %226 = tessera.multiple_of %225, 256 : i32
        %227 = arith.index_cast %226 : i32 to index
        %c128_i32_79 = arith.constant 128 : i32
        %228 = arith.muli %arg37, %c128_i32_79 : i32
        %229 = tessera.multiple_of %228, 128 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg3 [%227, %230] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_80 = arith.constant 256 : i32
        %232 = arith.muli %arg35, %c256_i32_80 : i32
        %233 = tessera.multiple_of %232, 256 : i32
        %234 = arith.index_cast %233 : i32 to index
        %235 = tessera.view %arg10 [%234, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %235, %231, %224 {tessera.block_index} : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c256_i32_60 = arith.constant 256 : i32
      %119 = arith.muli %arg14, %c256_i32_60 : i32
      %120 = tessera.multiple_of %119, 256 : i32
      %121 = arith.index_cast %120 : i32 to index
      %122 = tessera.view %arg4 [%121, 0] [256, 128] {tessera.compiler_index} : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c256_i32_61 = arith.constant 256 : i32
      %123 = arith.muli %arg21, %c256_i32_61 : i32
      %124 = tessera.multiple_of %123, 256 : i32
      %125 = arith.index_cast %124 : i32 to index
      %126 = tessera.view %arg6 [%125, 0] [256, 128] {tessera.compiler_index} : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c256_i32_62 = arith.constant 256 : i32
      %127 = arith.muli %arg28, %c256_i32_62 : i32
      %128 = tessera.multiple_of %127, 256 : i32
      %129 = arith.index_cast %128 : i32 to index
      %130 = tessera.view %arg8 [%129, 0] [256, 128] {tessera.compiler_index} : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c256_i32_63 = arith.constant 256 : i32
      %131 = arith.muli %arg35, %c256_i32_63 : i32
      %132 = tessera.multiple_of %131, 256 : i32
      %133 = arith.index_cast %132 : i32 to index
      %134 = tessera.view %arg10 [%133, 0] [256, 128] {tessera.compiler_index} : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %135 = tessera.view %122 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %136 = tessera.view %122 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %137 = tessera.load %135 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %138 = tessera.load %136 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %139 = tessera.view %126 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %140 = tessera.view %126 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %141 = tessera.load %139 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %142 = tessera.load %140 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %143 = tessera.dot %137, %141 {transpose_rhs = true} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %144 = tessera.dot %138, %142 {transpose_rhs = true} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %cst = arith.constant dense<0.0883883461> : vector<128x128xf32>
      %145 = arith.mulf %143, %cst : vector<128x128xf32>
      %cst_64 = arith.constant dense<0.0883883461> : vector<128x128xf32>
      %146 = arith.mulf %144, %cst_64 : vector<128x128xf32>
      %147 = tessera.reduce %145 {axis = 1 : i64, kind = "max"} : vector<128x128xf32> -> vector<128x1xf32>
      %148 = tessera.reduce %146 {axis = 1 : i64, kind = "max"} : vector<128x128xf32> -> vector<128x1xf32>
      %149 = tessera.broadcast %147 : vector<128x1xf32> -> vector<128x128xf32>
      %150 = arith.subf %145, %149 : vector<128x128xf32>
      %151 = tessera.broadcast %148 : vector<128x1xf32> -> vector<128x128xf32>
      %152 = arith.subf %146, %151 : vector<128x128xf32>
      %153 = math.exp %150 : vector<128x128xf32>
      %154 = math.exp %152 : vector<128x128xf32>
      %155 = arith.truncf %153 : vector<128x128xf32> to vector<128x128xbf16>
      %156 = arith.truncf %154 : vector<128x128xf32> to vector<128x128xbf16>
      %157 = tessera.view %130 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %158 = tessera.view %130 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %159 = tessera.load %157 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %160 = tessera.load %158 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %161 = tessera.dot %155, %159 : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %162 = tessera.dot %156, %160 : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %163 = tessera.reduce %153 {axis = 1 : i64, kind = "sum"} : vector<128x128xf32> -> vector<128x1xf32>
      %164 = tessera.reduce %154 {axis = 1 : i64, kind = "sum"} : vector<128x128xf32> -> vector<128x1xf32>
      %165 = tessera.broadcast %163 : vector<128x1xf32> -> vector<128x128xf32>
      %166 = arith.divf %161, %165 : vector<128x128xf32>
      %167 = tessera.broadcast %164 : vector<128x1xf32> -> vector<128x128xf32>
      %168 = arith.divf %162, %167 : vector<128x128xf32>
      %169 = tessera.view %134 [0, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %170 = tessera.view %134 [128, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %171 = tessera.view %134 [0, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %172 = tessera.view %134 [128, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %166, %171 : vector<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %168, %172 : vector<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %173 = arith.cmpi ne, %81#0, %arg15 : i32
      %174 = arith.cmpi ne, %81#1, %arg16 : i32
      %175 = arith.ori %173, %174 : i1
      %176 = arith.andi %78, %175 : i1
      %c1_i32_65 = arith.constant 1 : i32
      %177 = arith.addi %arg14, %c1_i32_65 : i32
      %c3_i32_66 = arith.constant 3 : i32
      %178 = arith.remsi %177, %c3_i32_66 : i32
      %179 = arith.select %176, %178, %arg14 : i32
      %180 = arith.index_cast %179 : i32 to index
      %181 = arith.select %176, %c1_i32, %c0_i32 : i32
      %182 = arith.select %176, %81#0, %arg15 : i32
      %183 = arith.select %176, %81#1, %arg16 : i32
      %184 = arith.cmpi ne, %81#2, %arg22 : i32
      %185 = arith.cmpi ne, %81#3, %arg23 : i32
      %186 = arith.ori %184, %185 : i1
      %187 = arith.andi %78, %186 : i1
      %c1_i32_67 = arith.constant 1 : i32
      %188 = arith.addi %arg21, %c1_i32_67 : i32
      %c3_i32_68 = arith.constant 3 : i32
      %189 = arith.remsi %188, %c3_i32_68 : i32
      %190 = arith.select %187, %189, %arg21 : i32
      %191 = arith.index_cast %190 : i32 to index
      %192 = arith.select %187, %c1_i32, %c0_i32 : i32
      %193 = arith.select %187, %81#2, %arg22 : i32
      %194 = arith.select %187, %81#3, %arg23 : i32
      %195 = arith.cmpi ne, %81#4, %arg29 : i32
      %196 = arith.cmpi ne, %81#5, %arg30 : i32
      %197 = arith.ori %195, %196 : i1
      %198 = arith.andi %78, %197 : i1
      %c1_i32_69 = arith.constant 1 : i32
      %199 = arith.addi %arg28, %c1_i32_69 : i32
      %c3_i32_70 = arith.constant 3 : i32
      %200 = arith.remsi %199, %c3_i32_70 : i32
      %201 = arith.select %198, %200, %arg28 : i32
      %202 = arith.index_cast %201 : i32 to index
      %203 = arith.select %198, %c1_i32, %c0_i32 : i32
      %204 = arith.select %198, %81#4, %arg29 : i32
      %205 = arith.select %198, %81#5, %arg30 : i32
      %c1_i32_71 = arith.constant 1 : i32
      %206 = arith.addi %arg13, %c1_i32_71 : i32
      %c2_i32_72 = arith.constant 2 : i32
      %207 = arith.addi %arg13, %c2_i32_72 : i32
      %c4_i32_73 = arith.constant 4 : i32
      %208 = arith.cmpi slt, %207, %c4_i32_73 : i32
      %209:8 = scf.if %208 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c0_i32_78 = arith.constant 0 : i32
        %c0_i32_79 = arith.constant 0 : i32
        %c0_i32_80 = arith.constant 0 : i32
        %c0_i32_81 = arith.constant 0 : i32
        %c0_i32_82 = arith.constant 0 : i32
        %c0_i32_83 = arith.constant 0 : i32
        %c0_i32_84 = arith.constant 0 : i32
        %c0_i32_85 = arith.constant 0 : i32
        scf.yield %207, %c0_i32_79, %207, %c0_i32_81, %207, %c0_i32_83, %207, %c0_i32_85 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %182, %183, %193, %194, %204, %205, %arg36, %arg37 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %true = arith.constant true
      %210 = arith.xori %78, %true : i1
      %211 = arith.cmpi ne, %81#6, %arg36 : i32
      %212 = arith.cmpi ne, %81#7, %arg37 : i32
      %213 = arith.ori %211, %212 : i1
      %214 = arith.ori %210, %213 : i1
      scf.if %214 {
        %c1_i32_78 = arith.constant 1 : i32
        %224 = arith.muli %arg36, %c1_i32_78 : i32
        %225 = arith.addi %224, %arg37 : i32
        %226 = arith.index_cast %225 : i32 to index
        %227 = tessera.load_scalar %arg12[%226] {tessera.compiler_index} : memref<4xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_79 = arith.constant 0 : i32
        %228 = arith.cmpi eq, %227, %c0_i32_79 : i32
        tessera.check %228, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg36, %arg37 : i32, i32]
        %c1_i32_80 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_80, %arg12[%226] {tessera.compiler_index} : i32, memref<4xi32, #tessera.memory_space<smem>>
        %229 = tessera.view %arg11 [%77] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_81 = arith.constant 256 : i32
        %230 = arith.muli %arg36, %c256_i32_81 : i32
        %231 = tessera.multiple_of %230, 256 : i32
        %232 = arith.index_cast %231 : i32 to index
        %c128_i32_82 = arith.constant 128 : i32
        %233 = arith.muli %arg37, %c128_i32_82 : i32
        %234 = tessera.multiple_of %233, 128 : i32
        %235 = arith.index_cast %234 : i32 to index
        %236 = tessera.view %arg3 [%232, %235] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_83 = arith.constant 256 : i32
        %237 = arith.muli %arg35, %c256_i32_83 : i32
        %238 = tessera.multiple_of %237, 256 : i32
        %239 = arith.index_cast %238 : i32 to index
        %240 = tessera.view %arg10 [%239, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %240, %236, %229 if %210 {pieces = 8 : i64, tessera.block_index} : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_74 = arith.constant 1 : i32
      %215 = arith.subi %c1_i32_74, %arg35 : i32
      %216 = arith.select %214, %215, %arg35 : i32
      %217 = arith.select %214, %arg39, %c0_i32 : i32
      %218 = arith.select %214, %c1_i32, %arg39 : i32
      %219 = arith.select %214, %81#6, %arg36 : i32
      %220 = arith.select %214, %81#7, %arg37 : i32
      %c0_i32_75 = arith.constant 0 : i32
      %221 = arith.cmpi ne, %181, %c0_i32_75 : i32
      scf.if %221 {
        %224 = tessera.view %arg5 [%180] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_78 = arith.constant 256 : i32
        %225 = arith.muli %182, %c256_i32_78 : i32
        %226 = tessera.multiple_of %225, 256 : i32
        %227 = arith.index_cast %226 : i32 to index
        %c128_i32_79 = arith.constant 128 : i32
        %228 = arith.muli %183, %c128_i32_79 : i32
        %229 = tessera.multiple_of %228, 128 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg0 [%227, %230] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_80 = arith.constant 256 : i32
        %232 = arith.muli %179, %c256_i32_80 : i32
        %233 = tessera.multiple_of %232, 256 : i32
        %234 = arith.index_cast %233 : i32 to index
        %235 = tessera.view %arg4 [%234, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %231, %235, %224 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_76 = arith.constant 0 : i32
      %222 = arith.cmpi ne, %192, %c0_i32_76 : i32
      scf.if %222 {
        %224 = tessera.view %arg7 [%191] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_78 = arith.constant 256 : i32
        %225 = arith.muli %193, %c256_i32_78 : i32
        %226 = tessera.multiple_of %225, 256 : i32
        %227 = arith.index_cast %226 : i32 to index
        %c128_i32_79 = arith.constant 128 : i32
        %228 = arith.muli %194, %c128_i32_79 : i32
        %229 = tessera.multiple_of %228, 128 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg1 [%227, %230] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_80 = arith.constant 256 : i32
        %232 = arith.muli %190, %c256_i32_80 : i32
        %233 = tessera.multiple_of %232, 256 : i32
        %234 = arith.index_cast %233 : i32 to index
        %235 = tessera.view %arg6 [%234, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %231, %235, %224 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_77 = arith.constant 0 : i32
      %223 = arith.cmpi ne, %203, %c0_i32_77 : i32
      scf.if %223 {
        %224 = tessera.view %arg9 [%202] [1] {tessera.compiler_index} : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_78 = arith.constant 256 : i32
        %225 = arith.muli %204, %c256_i32_78 : i32
        %226 = tessera.multiple_of %225, 256 : i32
        %227 = arith.index_cast %226 : i32 to index
        %c128_i32_79 = arith.constant 128 : i32
        %228 = arith.muli %205, %c128_i32_79 : i32
        %229 = tessera.multiple_of %228, 128 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg2 [%227, %230] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_80 = arith.constant 256 : i32
        %232 = arith.muli %201, %c256_i32_80 : i32
        %233 = tessera.multiple_of %232, 256 : i32
        %234 = arith.index_cast %233 : i32 to index
        %235 = tessera.view %arg8 [%234, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %231, %235, %224 {tessera.block_index} : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %179, %182, %183, %181, %91, %92, %93, %190, %193, %194, %192, %103, %104, %105, %201, %204, %205, %203, %115, %116, %117, %216, %219, %220, %217, %218 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %74 = arith.index_cast %73#21 : i32 to index
    %c0_i32_45 = arith.constant 0 : i32
    %75 = arith.cmpi ne, %73#24, %c0_i32_45 : i32
    scf.if %75 {
      %77 = tessera.view %arg11 [%74] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_47 = arith.constant 256 : i32
      %78 = arith.muli %73#22, %c256_i32_47 : i32
      %79 = tessera.multiple_of %78, 256 : i32
      %80 = arith.index_cast %79 : i32 to index
      %c128_i32_48 = arith.constant 128 : i32
      %81 = arith.muli %73#23, %c128_i32_48 : i32
      %82 = tessera.multiple_of %81, 128 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg3 [%80, %83] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_49 = arith.constant 256 : i32
      %85 = arith.muli %73#21, %c256_i32_49 : i32
      %86 = tessera.multiple_of %85, 256 : i32
      %87 = arith.index_cast %86 : i32 to index
      %88 = tessera.view %arg10 [%87, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %88, %84, %77 {tessera.block_index} : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_46 = arith.constant 0 : i32
    %76 = arith.cmpi ne, %73#25, %c0_i32_46 : i32
    scf.if %76 {
      %c1_i32_47 = arith.constant 1 : i32
      %77 = arith.subi %c1_i32_47, %73#21 : i32
      %78 = arith.index_cast %77 : i32 to index
      %79 = tessera.view %arg11 [%78] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_48 = arith.constant 256 : i32
      %80 = arith.muli %73#22, %c256_i32_48 : i32
      %81 = tessera.multiple_of %80, 256 : i32
      %82 = arith.index_cast %81 : i32 to index
      %c128_i32_49 = arith.constant 128 : i32
      %83 = arith.muli %73#23, %c128_i32_49 : i32
      %84 = tessera.multiple_of %83, 128 : i32
      %85 = arith.index_cast %84 : i32 to index
      %86 = tessera.view %arg3 [%82, %85] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_50 = arith.constant 256 : i32
      %87 = arith.muli %77, %c256_i32_50 : i32
      %88 = tessera.multiple_of %87, 256 : i32
      %89 = arith.index_cast %88 : i32 to index
      %90 = tessera.view %arg10 [%89, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %90, %86, %79 {tessera.block_index} : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
