module {
  func.func @attention(%arg0: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "q_hbm"}, %arg1: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "k_hbm"}, %arg2: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "v_hbm"}, %arg3: memref<1024x128xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg4: memref<768x128xbf16, #tessera.memory_space<vmem>> {tessera.name = "q_hbm_blocks"}, %arg5: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "q_hbm_sems"}, %arg6: memref<768x128xbf16, #tessera.memory_space<vmem>> {tessera.name = "k_hbm_blocks"}, %arg7: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "k_hbm_sems"}, %arg8: memref<768x128xbf16, #tessera.memory_space<vmem>> {tessera.name = "v_hbm_blocks"}, %arg9: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "v_hbm_sems"}, %arg10: memref<512x128xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg11: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg12: memref<4xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg13 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %73 = arith.index_cast %arg13 : i32 to index
      %c0_i32_40 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_40, %arg12[%73] : i32, memref<4xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %c0_i32_2 = arith.constant 0 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %1 = tessera.view %arg5 [%0] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c256_i32 = arith.constant 256 : i32
    %2 = arith.muli %c0_i32_0, %c256_i32 : i32
    %3 = tessera.multiple_of %2, 256 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c128_i32 = arith.constant 128 : i32
    %5 = arith.muli %c0_i32_3, %c128_i32 : i32
    %6 = tessera.multiple_of %5, 128 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
    %c256_i32_4 = arith.constant 256 : i32
    %9 = arith.muli %c0_i32_0, %c256_i32_4 : i32
    %10 = tessera.multiple_of %9, 256 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg4 [%11, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c1_i32_5 = arith.constant 1 : i32
    %c0_i32_6 = arith.constant 0 : i32
    %c0_i32_7 = arith.constant 0 : i32
    %13 = arith.cmpi ne, %c1_i32_5, %c0_i32_0 : i32
    %14 = arith.cmpi ne, %c0_i32_7, %c0_i32_3 : i32
    %15 = arith.ori %13, %14 : i1
    %c1_i32_8 = arith.constant 1 : i32
    %16 = arith.addi %c0_i32_0, %c1_i32_8 : i32
    %c3_i32 = arith.constant 3 : i32
    %17 = arith.remsi %16, %c3_i32 : i32
    %18 = arith.index_cast %17 : i32 to index
    scf.if %15 {
      %73 = tessera.view %arg5 [%18] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_40 = arith.constant 256 : i32
      %74 = arith.muli %c1_i32_5, %c256_i32_40 : i32
      %75 = tessera.multiple_of %74, 256 : i32
      %76 = arith.index_cast %75 : i32 to index
      %c128_i32_41 = arith.constant 128 : i32
      %77 = arith.muli %c0_i32_7, %c128_i32_41 : i32
      %78 = tessera.multiple_of %77, 128 : i32
      %79 = arith.index_cast %78 : i32 to index
      %80 = tessera.view %arg0 [%76, %79] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_42 = arith.constant 256 : i32
      %81 = arith.muli %17, %c256_i32_42 : i32
      %82 = tessera.multiple_of %81, 256 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg4 [%83, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %80, %84, %73 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %19 = arith.select %15, %17, %c0_i32_0 : i32
    %20 = arith.select %15, %c1_i32_5, %c0_i32_0 : i32
    %21 = arith.select %15, %c0_i32_7, %c0_i32_3 : i32
    %c0_i32_9 = arith.constant 0 : i32
    %c0_i32_10 = arith.constant 0 : i32
    %22 = tessera.view %arg7 [%0] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c256_i32_11 = arith.constant 256 : i32
    %23 = arith.muli %c0_i32_0, %c256_i32_11 : i32
    %24 = tessera.multiple_of %23, 256 : i32
    %25 = arith.index_cast %24 : i32 to index
    %c128_i32_12 = arith.constant 128 : i32
    %26 = arith.muli %c0_i32_10, %c128_i32_12 : i32
    %27 = tessera.multiple_of %26, 128 : i32
    %28 = arith.index_cast %27 : i32 to index
    %29 = tessera.view %arg1 [%25, %28] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
    %c256_i32_13 = arith.constant 256 : i32
    %30 = arith.muli %c0_i32_0, %c256_i32_13 : i32
    %31 = tessera.multiple_of %30, 256 : i32
    %32 = arith.index_cast %31 : i32 to index
    %33 = tessera.view %arg6 [%32, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %29, %33, %22 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c1_i32_14 = arith.constant 1 : i32
    %c0_i32_15 = arith.constant 0 : i32
    %c0_i32_16 = arith.constant 0 : i32
    %34 = arith.cmpi ne, %c1_i32_14, %c0_i32_0 : i32
    %35 = arith.cmpi ne, %c0_i32_16, %c0_i32_10 : i32
    %36 = arith.ori %34, %35 : i1
    %c1_i32_17 = arith.constant 1 : i32
    %37 = arith.addi %c0_i32_0, %c1_i32_17 : i32
    %c3_i32_18 = arith.constant 3 : i32
    %38 = arith.remsi %37, %c3_i32_18 : i32
    %39 = arith.index_cast %38 : i32 to index
    scf.if %36 {
      %73 = tessera.view %arg7 [%39] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_40 = arith.constant 256 : i32
      %74 = arith.muli %c1_i32_14, %c256_i32_40 : i32
      %75 = tessera.multiple_of %74, 256 : i32
      %76 = arith.index_cast %75 : i32 to index
      %c128_i32_41 = arith.constant 128 : i32
      %77 = arith.muli %c0_i32_16, %c128_i32_41 : i32
      %78 = tessera.multiple_of %77, 128 : i32
      %79 = arith.index_cast %78 : i32 to index
      %80 = tessera.view %arg1 [%76, %79] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_42 = arith.constant 256 : i32
      %81 = arith.muli %38, %c256_i32_42 : i32
      %82 = tessera.multiple_of %81, 256 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg6 [%83, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %80, %84, %73 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %40 = arith.select %36, %38, %c0_i32_0 : i32
    %41 = arith.select %36, %c1_i32_14, %c0_i32_0 : i32
    %42 = arith.select %36, %c0_i32_16, %c0_i32_10 : i32
    %c0_i32_19 = arith.constant 0 : i32
    %c0_i32_20 = arith.constant 0 : i32
    %43 = tessera.view %arg9 [%0] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c256_i32_21 = arith.constant 256 : i32
    %44 = arith.muli %c0_i32_0, %c256_i32_21 : i32
    %45 = tessera.multiple_of %44, 256 : i32
    %46 = arith.index_cast %45 : i32 to index
    %c128_i32_22 = arith.constant 128 : i32
    %47 = arith.muli %c0_i32_20, %c128_i32_22 : i32
    %48 = tessera.multiple_of %47, 128 : i32
    %49 = arith.index_cast %48 : i32 to index
    %50 = tessera.view %arg2 [%46, %49] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
    %c256_i32_23 = arith.constant 256 : i32
    %51 = arith.muli %c0_i32_0, %c256_i32_23 : i32
    %52 = tessera.multiple_of %51, 256 : i32
    %53 = arith.index_cast %52 : i32 to index
    %54 = tessera.view %arg8 [%53, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %50, %54, %43 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c1_i32_24 = arith.constant 1 : i32
    %c0_i32_25 = arith.constant 0 : i32
    %c0_i32_26 = arith.constant 0 : i32
    %55 = arith.cmpi ne, %c1_i32_24, %c0_i32_0 : i32
    %56 = arith.cmpi ne, %c0_i32_26, %c0_i32_20 : i32
    %57 = arith.ori %55, %56 : i1
    %c1_i32_27 = arith.constant 1 : i32
    %58 = arith.addi %c0_i32_0, %c1_i32_27 : i32
    %c3_i32_28 = arith.constant 3 : i32
    %59 = arith.remsi %58, %c3_i32_28 : i32
    %60 = arith.index_cast %59 : i32 to index
    scf.if %57 {
      %73 = tessera.view %arg9 [%60] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_40 = arith.constant 256 : i32
      %74 = arith.muli %c1_i32_24, %c256_i32_40 : i32
      %75 = tessera.multiple_of %74, 256 : i32
      %76 = arith.index_cast %75 : i32 to index
      %c128_i32_41 = arith.constant 128 : i32
      %77 = arith.muli %c0_i32_26, %c128_i32_41 : i32
      %78 = tessera.multiple_of %77, 128 : i32
      %79 = arith.index_cast %78 : i32 to index
      %80 = tessera.view %arg2 [%76, %79] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_42 = arith.constant 256 : i32
      %81 = arith.muli %59, %c256_i32_42 : i32
      %82 = tessera.multiple_of %81, 256 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg8 [%83, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %80, %84, %73 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %61 = arith.select %57, %59, %c0_i32_0 : i32
    %62 = arith.select %57, %c1_i32_24, %c0_i32_0 : i32
    %63 = arith.select %57, %c0_i32_26, %c0_i32_20 : i32
    %c0_i32_29 = arith.constant 0 : i32
    %c0_i32_30 = arith.constant 0 : i32
    %c4_i32_31 = arith.constant 4 : i32
    %64 = arith.cmpi slt, %c1_i32_1, %c4_i32_31 : i32
    %65:8 = scf.if %64 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
      %c0_i32_40 = arith.constant 0 : i32
      %c0_i32_41 = arith.constant 0 : i32
      %c0_i32_42 = arith.constant 0 : i32
      %c0_i32_43 = arith.constant 0 : i32
      %c0_i32_44 = arith.constant 0 : i32
      %c0_i32_45 = arith.constant 0 : i32
      %c0_i32_46 = arith.constant 0 : i32
      %c0_i32_47 = arith.constant 0 : i32
      scf.yield %c1_i32_1, %c0_i32_41, %c1_i32_1, %c0_i32_43, %c1_i32_1, %c0_i32_45, %c1_i32_1, %c0_i32_47 : i32, i32, i32, i32, i32, i32, i32, i32
    } else {
      scf.yield %c0_i32_0, %c0_i32_3, %c0_i32_0, %c0_i32_10, %c0_i32_0, %c0_i32_20, %c0_i32_0, %c0_i32_30 : i32, i32, i32, i32, i32, i32, i32, i32
    }
    %c0_i32_32 = arith.constant 0 : i32
    %66 = arith.cmpi ne, %c1_i32_1, %c0_i32_32 : i32
    scf.if %66 {
      %73 = tessera.view %arg5 [%0] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_40 = arith.constant 256 : i32
      %74 = arith.muli %c0_i32_0, %c256_i32_40 : i32
      %75 = tessera.multiple_of %74, 256 : i32
      %76 = arith.index_cast %75 : i32 to index
      %c128_i32_41 = arith.constant 128 : i32
      %77 = arith.muli %c0_i32_3, %c128_i32_41 : i32
      %78 = tessera.multiple_of %77, 128 : i32
      %79 = arith.index_cast %78 : i32 to index
      %80 = tessera.view %arg0 [%76, %79] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_42 = arith.constant 256 : i32
      %81 = arith.muli %c0_i32_0, %c256_i32_42 : i32
      %82 = tessera.multiple_of %81, 256 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg4 [%83, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %80, %84, %73 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_33 = arith.constant 0 : i32
    %67 = arith.cmpi ne, %c1_i32_1, %c0_i32_33 : i32
    scf.if %67 {
      %73 = tessera.view %arg7 [%0] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_40 = arith.constant 256 : i32
      %74 = arith.muli %c0_i32_0, %c256_i32_40 : i32
      %75 = tessera.multiple_of %74, 256 : i32
      %76 = arith.index_cast %75 : i32 to index
      %c128_i32_41 = arith.constant 128 : i32
      %77 = arith.muli %c0_i32_10, %c128_i32_41 : i32
      %78 = tessera.multiple_of %77, 128 : i32
      %79 = arith.index_cast %78 : i32 to index
      %80 = tessera.view %arg1 [%76, %79] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_42 = arith.constant 256 : i32
      %81 = arith.muli %c0_i32_0, %c256_i32_42 : i32
      %82 = tessera.multiple_of %81, 256 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg6 [%83, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %80, %84, %73 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_34 = arith.constant 0 : i32
    %68 = arith.cmpi ne, %c1_i32_1, %c0_i32_34 : i32
    scf.if %68 {
      %73 = tessera.view %arg9 [%0] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_40 = arith.constant 256 : i32
      %74 = arith.muli %c0_i32_0, %c256_i32_40 : i32
      %75 = tessera.multiple_of %74, 256 : i32
      %76 = arith.index_cast %75 : i32 to index
      %c128_i32_41 = arith.constant 128 : i32
      %77 = arith.muli %c0_i32_20, %c128_i32_41 : i32
      %78 = tessera.multiple_of %77, 128 : i32
      %79 = arith.index_cast %78 : i32 to index
      %80 = tessera.view %arg2 [%76, %79] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_42 = arith.constant 256 : i32
      %81 = arith.muli %c0_i32_0, %c256_i32_42 : i32
      %82 = tessera.multiple_of %81, 256 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg8 [%83, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %80, %84, %73 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_35 = arith.constant 0 : i32
    %c4_i32_36 = arith.constant 4 : i32
    %c1_i32_37 = arith.constant 1 : i32
    %69:26 = scf.for %arg13 = %c0_i32_35 to %c4_i32_36 step %c1_i32_37 iter_args(%arg14 = %c0_i32_0, %arg15 = %c0_i32_0, %arg16 = %c0_i32_3, %arg17 = %c1_i32_1, %arg18 = %19, %arg19 = %20, %arg20 = %21, %arg21 = %c0_i32_0, %arg22 = %c0_i32_0, %arg23 = %c0_i32_10, %arg24 = %c1_i32_1, %arg25 = %40, %arg26 = %41, %arg27 = %42, %arg28 = %c0_i32_0, %arg29 = %c0_i32_0, %arg30 = %c0_i32_20, %arg31 = %c1_i32_1, %arg32 = %61, %arg33 = %62, %arg34 = %63, %arg35 = %c0_i32_0, %arg36 = %c0_i32_0, %arg37 = %c0_i32_30, %arg38 = %c0_i32_0, %arg39 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %73 = arith.index_cast %arg35 : i32 to index
      %c3_i32_40 = arith.constant 3 : i32
      %74 = arith.cmpi slt, %arg13, %c3_i32_40 : i32
      %c1_i32_41 = arith.constant 1 : i32
      %75 = arith.addi %arg13, %c1_i32_41 : i32
      %c4_i32_42 = arith.constant 4 : i32
      %76 = arith.cmpi slt, %75, %c4_i32_42 : i32
      %77:8 = scf.if %76 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c0_i32_70 = arith.constant 0 : i32
        %c0_i32_71 = arith.constant 0 : i32
        %c0_i32_72 = arith.constant 0 : i32
        %c0_i32_73 = arith.constant 0 : i32
        %c0_i32_74 = arith.constant 0 : i32
        %c0_i32_75 = arith.constant 0 : i32
        %c0_i32_76 = arith.constant 0 : i32
        %c0_i32_77 = arith.constant 0 : i32
        scf.yield %75, %c0_i32_71, %75, %c0_i32_73, %75, %c0_i32_75, %75, %c0_i32_77 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg15, %arg16, %arg22, %arg23, %arg29, %arg30, %arg36, %arg37 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %c2_i32 = arith.constant 2 : i32
      %78 = arith.cmpi slt, %arg13, %c2_i32 : i32
      %79:2 = scf.if %78 -> (i32, i32) {
        %c2_i32_70 = arith.constant 2 : i32
        %220 = arith.addi %arg13, %c2_i32_70 : i32
        %c0_i32_71 = arith.constant 0 : i32
        %c0_i32_72 = arith.constant 0 : i32
        scf.yield %220, %c0_i32_72 : i32, i32
      } else {
        scf.yield %arg19, %arg20 : i32, i32
      }
      %80 = arith.cmpi ne, %79#0, %arg19 : i32
      %81 = arith.cmpi ne, %79#1, %arg20 : i32
      %82 = arith.ori %80, %81 : i1
      %83 = arith.andi %78, %82 : i1
      %c1_i32_43 = arith.constant 1 : i32
      %84 = arith.addi %arg18, %c1_i32_43 : i32
      %c3_i32_44 = arith.constant 3 : i32
      %85 = arith.remsi %84, %c3_i32_44 : i32
      %86 = arith.index_cast %85 : i32 to index
      scf.if %83 {
        %220 = tessera.view %arg5 [%86] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_70 = arith.constant 256 : i32
        %221 = arith.muli %79#0, %c256_i32_70 : i32
        %222 = tessera.multiple_of %221, 256 : i32
        %223 = arith.index_cast %222 : i32 to index
        %c128_i32_71 = arith.constant 128 : i32
        %224 = arith.muli %79#1, %c128_i32_71 : i32
        %225 = tessera.multiple_of %224, 128 : i32
        %226 = arith.index_cast %225 : i32 to index
        %227 = tessera.view %arg0 [%223, %226] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_72 = arith.constant 256 : i32
        %228 = arith.muli %85, %c256_i32_72 : i32
        %229 = tessera.multiple_of %228, 256 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg4 [%230, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %227, %231, %220 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %87 = arith.select %83, %85, %arg18 : i32
      %88 = arith.select %83, %79#0, %arg19 : i32
      %89 = arith.select %83, %79#1, %arg20 : i32
      %c2_i32_45 = arith.constant 2 : i32
      %90 = arith.cmpi slt, %arg13, %c2_i32_45 : i32
      %91:2 = scf.if %90 -> (i32, i32) {
        %c2_i32_70 = arith.constant 2 : i32
        %220 = arith.addi %arg13, %c2_i32_70 : i32
        %c0_i32_71 = arith.constant 0 : i32
        %c0_i32_72 = arith.constant 0 : i32
        scf.yield %220, %c0_i32_72 : i32, i32
      } else {
        scf.yield %arg26, %arg27 : i32, i32
      }
      %92 = arith.cmpi ne, %91#0, %arg26 : i32
      %93 = arith.cmpi ne, %91#1, %arg27 : i32
      %94 = arith.ori %92, %93 : i1
      %95 = arith.andi %90, %94 : i1
      %c1_i32_46 = arith.constant 1 : i32
      %96 = arith.addi %arg25, %c1_i32_46 : i32
      %c3_i32_47 = arith.constant 3 : i32
      %97 = arith.remsi %96, %c3_i32_47 : i32
      %98 = arith.index_cast %97 : i32 to index
      scf.if %95 {
        %220 = tessera.view %arg7 [%98] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_70 = arith.constant 256 : i32
        %221 = arith.muli %91#0, %c256_i32_70 : i32
        %222 = tessera.multiple_of %221, 256 : i32
        %223 = arith.index_cast %222 : i32 to index
        %c128_i32_71 = arith.constant 128 : i32
        %224 = arith.muli %91#1, %c128_i32_71 : i32
        %225 = tessera.multiple_of %224, 128 : i32
        %226 = arith.index_cast %225 : i32 to index
        %227 = tessera.view %arg1 [%223, %226] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_72 = arith.constant 256 : i32
        %228 = arith.muli %97, %c256_i32_72 : i32
        %229 = tessera.multiple_of %228, 256 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg6 [%230, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %227, %231, %220 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %99 = arith.select %95, %97, %arg25 : i32
      %100 = arith.select %95, %91#0, %arg26 : i32
      %101 = arith.select %95, %91#1, %arg27 : i32
      %c2_i32_48 = arith.constant 2 : i32
      %102 = arith.cmpi slt, %arg13, %c2_i32_48 : i32
      %103:2 = scf.if %102 -> (i32, i32) {
        %c2_i32_70 = arith.constant 2 : i32
        %220 = arith.addi %arg13, %c2_i32_70 : i32
        %c0_i32_71 = arith.constant 0 : i32
        %c0_i32_72 = arith.constant 0 : i32
        scf.yield %220, %c0_i32_72 : i32, i32
      } else {
        scf.yield %arg33, %arg34 : i32, i32
      }
      %104 = arith.cmpi ne, %103#0, %arg33 : i32
      %105 = arith.cmpi ne, %103#1, %arg34 : i32
      %106 = arith.ori %104, %105 : i1
      %107 = arith.andi %102, %106 : i1
      %c1_i32_49 = arith.constant 1 : i32
      %108 = arith.addi %arg32, %c1_i32_49 : i32
      %c3_i32_50 = arith.constant 3 : i32
      %109 = arith.remsi %108, %c3_i32_50 : i32
      %110 = arith.index_cast %109 : i32 to index
      scf.if %107 {
        %220 = tessera.view %arg9 [%110] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_70 = arith.constant 256 : i32
        %221 = arith.muli %103#0, %c256_i32_70 : i32
        %222 = tessera.multiple_of %221, 256 : i32
        %223 = arith.index_cast %222 : i32 to index
        %c128_i32_71 = arith.constant 128 : i32
        %224 = arith.muli %103#1, %c128_i32_71 : i32
        %225 = tessera.multiple_of %224, 128 : i32
        %226 = arith.index_cast %225 : i32 to index
        %227 = tessera.view %arg2 [%223, %226] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_72 = arith.constant 256 : i32
        %228 = arith.muli %109, %c256_i32_72 : i32
        %229 = tessera.multiple_of %228, 256 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg8 [%230, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %227, %231, %220 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %111 = arith.select %107, %109, %arg32 : i32
      %112 = arith.select %107, %103#0, %arg33 : i32
      %113 = arith.select %107, %103#1, %arg34 : i32
      %c0_i32_51 = arith.constant 0 : i32
      %114 = arith.cmpi ne, %arg38, %c0_i32_51 : i32
      scf.if %114 {
        %220 = tessera.view %arg11 [%73] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_70 = arith.constant 256 : i32
        %221 = arith.muli %arg36, %c256_i32_70 : i32
        %222 = tessera.multiple_of %221, 256 : i32
        %223 = arith.index_cast %222 : i32 to index
        %c128_i32_71 = arith.constant 128 : i32
        %224 = arith.muli %arg37, %c128_i32_71 : i32
        %225 = tessera.multiple_of %224, 128 : i32
        %226 = arith.index_cast %225 : i32 to index
        %227 = tessera.view %arg3 [%223, %226] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_72 = arith.constant 256 : i32
        %228 = arith.muli %arg35, %c256_i32_72 : i32
        %229 = tessera.multiple_of %228, 256 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg10 [%230, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %231, %227, %220 : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c256_i32_52 = arith.constant 256 : i32
      %115 = arith.muli %arg14, %c256_i32_52 : i32
      %116 = tessera.multiple_of %115, 256 : i32
      %117 = arith.index_cast %116 : i32 to index
      %118 = tessera.view %arg4 [%117, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c256_i32_53 = arith.constant 256 : i32
      %119 = arith.muli %arg21, %c256_i32_53 : i32
      %120 = tessera.multiple_of %119, 256 : i32
      %121 = arith.index_cast %120 : i32 to index
      %122 = tessera.view %arg6 [%121, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c256_i32_54 = arith.constant 256 : i32
      %123 = arith.muli %arg28, %c256_i32_54 : i32
      %124 = tessera.multiple_of %123, 256 : i32
      %125 = arith.index_cast %124 : i32 to index
      %126 = tessera.view %arg8 [%125, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c256_i32_55 = arith.constant 256 : i32
      %127 = arith.muli %arg35, %c256_i32_55 : i32
      %128 = tessera.multiple_of %127, 256 : i32
      %129 = arith.index_cast %128 : i32 to index
      %130 = tessera.view %arg10 [%129, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %131 = tessera.view %118 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %132 = tessera.view %118 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %133 = tessera.load %131 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %134 = tessera.load %132 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %135 = tessera.view %122 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %136 = tessera.view %122 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %137 = tessera.load %135 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %138 = tessera.load %136 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %139 = tessera.dot %133, %137 {transpose_rhs = true} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %140 = tessera.dot %134, %138 {transpose_rhs = true} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %cst = arith.constant dense<0.0883883461> : vector<128x128xf32>
      %141 = arith.mulf %139, %cst : vector<128x128xf32>
      %cst_56 = arith.constant dense<0.0883883461> : vector<128x128xf32>
      %142 = arith.mulf %140, %cst_56 : vector<128x128xf32>
      %143 = tessera.reduce %141 {axis = 1 : i64, kind = "max"} : vector<128x128xf32> -> vector<128x1xf32>
      %144 = tessera.reduce %142 {axis = 1 : i64, kind = "max"} : vector<128x128xf32> -> vector<128x1xf32>
      %145 = tessera.broadcast %143 : vector<128x1xf32> -> vector<128x128xf32>
      %146 = arith.subf %141, %145 : vector<128x128xf32>
      %147 = tessera.broadcast %144 : vector<128x1xf32> -> vector<128x128xf32>
      %148 = arith.subf %142, %147 : vector<128x128xf32>
      %149 = math.exp %146 : vector<128x128xf32>
      %150 = math.exp %148 : vector<128x128xf32>
      %151 = arith.truncf %149 : vector<128x128xf32> to vector<128x128xbf16>
      %152 = arith.truncf %150 : vector<128x128xf32> to vector<128x128xbf16>
      %153 = tessera.view %126 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %154 = tessera.view %126 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %155 = tessera.load %153 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %156 = tessera.load %154 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %157 = tessera.dot %151, %155 : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %158 = tessera.dot %152, %156 : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %159 = tessera.reduce %149 {axis = 1 : i64, kind = "sum"} : vector<128x128xf32> -> vector<128x1xf32>
      %160 = tessera.reduce %150 {axis = 1 : i64, kind = "sum"} : vector<128x128xf32> -> vector<128x1xf32>
      %161 = tessera.broadcast %159 : vector<128x1xf32> -> vector<128x128xf32>
      %162 = arith.divf %157, %161 : vector<128x128xf32>
      %163 = tessera.broadcast %160 : vector<128x1xf32> -> vector<128x128xf32>
      %164 = arith.divf %158, %163 : vector<128x128xf32>
      %165 = tessera.view %130 [0, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %166 = tessera.view %130 [128, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %167 = tessera.view %130 [0, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %168 = tessera.view %130 [128, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %162, %167 : vector<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %164, %168 : vector<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %169 = arith.cmpi ne, %77#0, %arg15 : i32
      %170 = arith.cmpi ne, %77#1, %arg16 : i32
      %171 = arith.ori %169, %170 : i1
      %172 = arith.andi %74, %171 : i1
      %c1_i32_57 = arith.constant 1 : i32
      %173 = arith.addi %arg14, %c1_i32_57 : i32
      %c3_i32_58 = arith.constant 3 : i32
      %174 = arith.remsi %173, %c3_i32_58 : i32
      %175 = arith.select %172, %174, %arg14 : i32
      %176 = arith.index_cast %175 : i32 to index
      %177 = arith.select %172, %c1_i32_1, %c0_i32_0 : i32
      %178 = arith.select %172, %77#0, %arg15 : i32
      %179 = arith.select %172, %77#1, %arg16 : i32
      %180 = arith.cmpi ne, %77#2, %arg22 : i32
      %181 = arith.cmpi ne, %77#3, %arg23 : i32
      %182 = arith.ori %180, %181 : i1
      %183 = arith.andi %74, %182 : i1
      %c1_i32_59 = arith.constant 1 : i32
      %184 = arith.addi %arg21, %c1_i32_59 : i32
      %c3_i32_60 = arith.constant 3 : i32
      %185 = arith.remsi %184, %c3_i32_60 : i32
      %186 = arith.select %183, %185, %arg21 : i32
      %187 = arith.index_cast %186 : i32 to index
      %188 = arith.select %183, %c1_i32_1, %c0_i32_0 : i32
      %189 = arith.select %183, %77#2, %arg22 : i32
      %190 = arith.select %183, %77#3, %arg23 : i32
      %191 = arith.cmpi ne, %77#4, %arg29 : i32
      %192 = arith.cmpi ne, %77#5, %arg30 : i32
      %193 = arith.ori %191, %192 : i1
      %194 = arith.andi %74, %193 : i1
      %c1_i32_61 = arith.constant 1 : i32
      %195 = arith.addi %arg28, %c1_i32_61 : i32
      %c3_i32_62 = arith.constant 3 : i32
      %196 = arith.remsi %195, %c3_i32_62 : i32
      %197 = arith.select %194, %196, %arg28 : i32
      %198 = arith.index_cast %197 : i32 to index
      %199 = arith.select %194, %c1_i32_1, %c0_i32_0 : i32
      %200 = arith.select %194, %77#4, %arg29 : i32
      %201 = arith.select %194, %77#5, %arg30 : i32
      %c1_i32_63 = arith.constant 1 : i32
      %202 = arith.addi %arg13, %c1_i32_63 : i32
      %c2_i32_64 = arith.constant 2 : i32
      %203 = arith.addi %arg13, %c2_i32_64 : i32
      %c4_i32_65 = arith.constant 4 : i32
      %204 = arith.cmpi slt, %203, %c4_i32_65 : i32
      %205:8 = scf.if %204 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c0_i32_70 = arith.constant 0 : i32
        %c0_i32_71 = arith.constant 0 : i32
        %c0_i32_72 = arith.constant 0 : i32
        %c0_i32_73 = arith.constant 0 : i32
        %c0_i32_74 = arith.constant 0 : i32
        %c0_i32_75 = arith.constant 0 : i32
        %c0_i32_76 = arith.constant 0 : i32
        %c0_i32_77 = arith.constant 0 : i32
        scf.yield %203, %c0_i32_71, %203, %c0_i32_73, %203, %c0_i32_75, %203, %c0_i32_77 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %178, %179, %189, %190, %200, %201, %arg36, %arg37 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %true = arith.constant true
      %206 = arith.xori %74, %true : i1
      %207 = arith.cmpi ne, %77#6, %arg36 : i32
      %208 = arith.cmpi ne, %77#7, %arg37 : i32
      %209 = arith.ori %207, %208 : i1
      %210 = arith.ori %206, %209 : i1
      scf.if %210 {
        %c1_i32_70 = arith.constant 1 : i32
        %220 = arith.muli %arg36, %c1_i32_70 : i32
        %221 = arith.addi %220, %arg37 : i32
        %222 = arith.index_cast %221 : i32 to index
        %223 = tessera.load_scalar %arg12[%222] : memref<4xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_71 = arith.constant 0 : i32
        %224 = arith.cmpi eq, %223, %c0_i32_71 : i32
        tessera.check %224, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg36, %arg37 : i32, i32]
        %c1_i32_72 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_72, %arg12[%222] : i32, memref<4xi32, #tessera.memory_space<smem>>
        %225 = tessera.view %arg11 [%73] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_73 = arith.constant 256 : i32
        %226 = arith.muli %arg36, %c256_i32_73 : i32
        %227 = tessera.multiple_of %226, 256 : i32
        %228 = arith.index_cast %227 : i32 to index
        %c128_i32_74 = arith.constant 128 : i32
        %229 = arith.muli %arg37, %c128_i32_74 : i32
        %230 = tessera.multiple_of %229, 128 : i32
        %231 = arith.index_cast %230 : i32 to index
        %232 = tessera.view %arg3 [%228, %231] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_75 = arith.constant 256 : i32
        %233 = arith.muli %arg35, %c256_i32_75 : i32
        %234 = tessera.multiple_of %233, 256 : i32
        %235 = arith.index_cast %234 : i32 to index
        %236 = tessera.view %arg10 [%235, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %236, %232, %225 : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_66 = arith.constant 1 : i32
      %211 = arith.subi %c1_i32_66, %arg35 : i32
      %212 = arith.select %210, %211, %arg35 : i32
      %213 = arith.select %210, %arg39, %c0_i32_0 : i32
      %214 = arith.select %210, %c1_i32_1, %arg39 : i32
      %215 = arith.select %210, %77#6, %arg36 : i32
      %216 = arith.select %210, %77#7, %arg37 : i32
      %c0_i32_67 = arith.constant 0 : i32
      %217 = arith.cmpi ne, %177, %c0_i32_67 : i32
      scf.if %217 {
        %220 = tessera.view %arg5 [%176] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_70 = arith.constant 256 : i32
        %221 = arith.muli %178, %c256_i32_70 : i32
        %222 = tessera.multiple_of %221, 256 : i32
        %223 = arith.index_cast %222 : i32 to index
        %c128_i32_71 = arith.constant 128 : i32
        %224 = arith.muli %179, %c128_i32_71 : i32
        %225 = tessera.multiple_of %224, 128 : i32
        %226 = arith.index_cast %225 : i32 to index
        %227 = tessera.view %arg0 [%223, %226] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_72 = arith.constant 256 : i32
        %228 = arith.muli %175, %c256_i32_72 : i32
        %229 = tessera.multiple_of %228, 256 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg4 [%230, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %227, %231, %220 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_68 = arith.constant 0 : i32
      %218 = arith.cmpi ne, %188, %c0_i32_68 : i32
      scf.if %218 {
        %220 = tessera.view %arg7 [%187] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_70 = arith.constant 256 : i32
        %221 = arith.muli %189, %c256_i32_70 : i32
        %222 = tessera.multiple_of %221, 256 : i32
        %223 = arith.index_cast %222 : i32 to index
        %c128_i32_71 = arith.constant 128 : i32
        %224 = arith.muli %190, %c128_i32_71 : i32
        %225 = tessera.multiple_of %224, 128 : i32
        %226 = arith.index_cast %225 : i32 to index
        %227 = tessera.view %arg1 [%223, %226] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_72 = arith.constant 256 : i32
        %228 = arith.muli %186, %c256_i32_72 : i32
        %229 = tessera.multiple_of %228, 256 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg6 [%230, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %227, %231, %220 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_69 = arith.constant 0 : i32
      %219 = arith.cmpi ne, %199, %c0_i32_69 : i32
      scf.if %219 {
        %220 = tessera.view %arg9 [%198] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_70 = arith.constant 256 : i32
        %221 = arith.muli %200, %c256_i32_70 : i32
        %222 = tessera.multiple_of %221, 256 : i32
        %223 = arith.index_cast %222 : i32 to index
        %c128_i32_71 = arith.constant 128 : i32
        %224 = arith.muli %201, %c128_i32_71 : i32
        %225 = tessera.multiple_of %224, 128 : i32
        %226 = arith.index_cast %225 : i32 to index
        %227 = tessera.view %arg2 [%223, %226] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_72 = arith.constant 256 : i32
        %228 = arith.muli %197, %c256_i32_72 : i32
        %229 = tessera.multiple_of %228, 256 : i32
        %230 = arith.index_cast %229 : i32 to index
        %231 = tessera.view %arg8 [%230, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %227, %231, %220 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %175, %178, %179, %177, %87, %88, %89, %186, %189, %190, %188, %99, %100, %101, %197, %200, %201, %199, %111, %112, %113, %212, %215, %216, %213, %214 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %70 = arith.index_cast %69#21 : i32 to index
    %c0_i32_38 = arith.constant 0 : i32
    %71 = arith.cmpi ne, %69#24, %c0_i32_38 : i32
    scf.if %71 {
      %73 = tessera.view %arg11 [%70] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_40 = arith.constant 256 : i32
      %74 = arith.muli %69#22, %c256_i32_40 : i32
      %75 = tessera.multiple_of %74, 256 : i32
      %76 = arith.index_cast %75 : i32 to index
      %c128_i32_41 = arith.constant 128 : i32
      %77 = arith.muli %69#23, %c128_i32_41 : i32
      %78 = tessera.multiple_of %77, 128 : i32
      %79 = arith.index_cast %78 : i32 to index
      %80 = tessera.view %arg3 [%76, %79] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_42 = arith.constant 256 : i32
      %81 = arith.muli %69#21, %c256_i32_42 : i32
      %82 = tessera.multiple_of %81, 256 : i32
      %83 = arith.index_cast %82 : i32 to index
      %84 = tessera.view %arg10 [%83, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %84, %80, %73 : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_39 = arith.constant 0 : i32
    %72 = arith.cmpi ne, %69#25, %c0_i32_39 : i32
    scf.if %72 {
      %c1_i32_40 = arith.constant 1 : i32
      %73 = arith.subi %c1_i32_40, %69#21 : i32
      %74 = arith.index_cast %73 : i32 to index
      %75 = tessera.view %arg11 [%74] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_41 = arith.constant 256 : i32
      %76 = arith.muli %69#22, %c256_i32_41 : i32
      %77 = tessera.multiple_of %76, 256 : i32
      %78 = arith.index_cast %77 : i32 to index
      %c128_i32_42 = arith.constant 128 : i32
      %79 = arith.muli %69#23, %c128_i32_42 : i32
      %80 = tessera.multiple_of %79, 128 : i32
      %81 = arith.index_cast %80 : i32 to index
      %82 = tessera.view %arg3 [%78, %81] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_43 = arith.constant 256 : i32
      %83 = arith.muli %73, %c256_i32_43 : i32
      %84 = tessera.multiple_of %83, 256 : i32
      %85 = arith.index_cast %84 : i32 to index
      %86 = tessera.view %arg10 [%85, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %86, %82, %75 : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
