module {
  func.func @matmul(%arg0: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "y_hbm"}, %arg2: memref<1024x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<512x256xf32, #tessera.memory_space<vmem>> {tessera.name = "acc"}, %arg4: memref<1024x1024xbf16, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg6: memref<2048x256xbf16, #tessera.memory_space<vmem>> {tessera.name = "y_hbm_blocks"}, %arg7: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "y_hbm_sems"}, %arg8: memref<1024x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg9: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg10: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg11 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %47 = arith.index_cast %arg11 : i32 to index
      %c0_i32_16 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_16, %arg10[%47] : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %1 = tessera.view %arg5 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c512_i32 = arith.constant 512 : i32
    %2 = arith.muli %c0_i32_0, %c512_i32 : i32
    %3 = tessera.multiple_of %2, 512 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32_0, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c512_i32_2 = arith.constant 512 : i32
    %9 = arith.muli %c0_i32_0, %c512_i32_2 : i32
    %10 = tessera.multiple_of %9, 512 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg4 [%11, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %13 = tessera.view %arg7 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c1024_i32_3 = arith.constant 1024 : i32
    %14 = arith.muli %c0_i32_0, %c1024_i32_3 : i32
    %15 = tessera.multiple_of %14, 1024 : i32
    %16 = arith.index_cast %15 : i32 to index
    %c256_i32 = arith.constant 256 : i32
    %17 = arith.muli %c0_i32_0, %c256_i32 : i32
    %18 = tessera.multiple_of %17, 256 : i32
    %19 = arith.index_cast %18 : i32 to index
    %20 = tessera.view %arg1 [%16, %19] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c1024_i32_4 = arith.constant 1024 : i32
    %21 = arith.muli %c0_i32_0, %c1024_i32_4 : i32
    %22 = tessera.multiple_of %21, 1024 : i32
    %23 = arith.index_cast %22 : i32 to index
    %24 = tessera.view %arg6 [%23, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %20, %24, %13 : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c8_i32_5 = arith.constant 8 : i32
    %25 = arith.cmpi slt, %c1_i32_1, %c8_i32_5 : i32
    %26:6 = scf.if %25 -> (i32, i32, i32, i32, i32, i32) {
      %c1_i32_16 = arith.constant 1 : i32
      %47 = arith.remsi %c1_i32_1, %c1_i32_16 : i32
      %c4_i32 = arith.constant 4 : i32
      %48 = arith.remsi %c1_i32_1, %c4_i32 : i32
      %c4_i32_17 = arith.constant 4 : i32
      %49 = arith.divsi %c1_i32_1, %c4_i32_17 : i32
      scf.yield %49, %47, %47, %48, %49, %48 : i32, i32, i32, i32, i32, i32
    } else {
      scf.yield %c0_i32_0, %c0_i32_0, %c0_i32_0, %c0_i32_0, %c0_i32_0, %c0_i32_0 : i32, i32, i32, i32, i32, i32
    }
    %c7_i32 = arith.constant 7 : i32
    %27 = arith.cmpi slt, %c0_i32_0, %c7_i32 : i32
    %28 = arith.cmpi ne, %26#0, %c0_i32_0 : i32
    %29 = arith.cmpi ne, %26#1, %c0_i32_0 : i32
    %30 = arith.ori %28, %29 : i1
    %31 = arith.andi %27, %30 : i1
    %c1_i32_6 = arith.constant 1 : i32
    %32 = arith.subi %c1_i32_6, %c0_i32_0 : i32
    %33 = arith.index_cast %32 : i32 to index
    scf.if %31 {
      %47 = tessera.view %arg5 [%33] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_16 = arith.constant 512 : i32
      %48 = arith.muli %26#0, %c512_i32_16 : i32
      %49 = tessera.multiple_of %48, 512 : i32
      %50 = arith.index_cast %49 : i32 to index
      %c1024_i32_17 = arith.constant 1024 : i32
      %51 = arith.muli %26#1, %c1024_i32_17 : i32
      %52 = tessera.multiple_of %51, 1024 : i32
      %53 = arith.index_cast %52 : i32 to index
      %54 = tessera.view %arg0 [%50, %53] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_18 = arith.constant 512 : i32
      %55 = arith.muli %32, %c512_i32_18 : i32
      %56 = tessera.multiple_of %55, 512 : i32
      %57 = arith.index_cast %56 : i32 to index
      %58 = tessera.view %arg4 [%57, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %54, %58, %47 : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_7 = arith.constant 0 : i32
    %34 = arith.cmpi ne, %c1_i32_1, %c0_i32_7 : i32
    scf.if %34 {
      %47 = tessera.view %arg5 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_16 = arith.constant 512 : i32
      %48 = arith.muli %c0_i32_0, %c512_i32_16 : i32
      %49 = tessera.multiple_of %48, 512 : i32
      %50 = arith.index_cast %49 : i32 to index
      %c1024_i32_17 = arith.constant 1024 : i32
      %51 = arith.muli %c0_i32_0, %c1024_i32_17 : i32
      %52 = tessera.multiple_of %51, 1024 : i32
      %53 = arith.index_cast %52 : i32 to index
      %54 = tessera.view %arg0 [%50, %53] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_18 = arith.constant 512 : i32
      %55 = arith.muli %c0_i32_0, %c512_i32_18 : i32
      %56 = tessera.multiple_of %55, 512 : i32
      %57 = arith.index_cast %56 : i32 to index
      %58 = tessera.view %arg4 [%57, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %54, %58, %47 : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c7_i32_8 = arith.constant 7 : i32
    %35 = arith.cmpi slt, %c0_i32_0, %c7_i32_8 : i32
    %36 = arith.cmpi ne, %26#2, %c0_i32_0 : i32
    %37 = arith.cmpi ne, %26#3, %c0_i32_0 : i32
    %38 = arith.ori %36, %37 : i1
    %39 = arith.andi %35, %38 : i1
    %c1_i32_9 = arith.constant 1 : i32
    %40 = arith.subi %c1_i32_9, %c0_i32_0 : i32
    %41 = arith.index_cast %40 : i32 to index
    scf.if %39 {
      %47 = tessera.view %arg7 [%41] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c1024_i32_16 = arith.constant 1024 : i32
      %48 = arith.muli %26#2, %c1024_i32_16 : i32
      %49 = tessera.multiple_of %48, 1024 : i32
      %50 = arith.index_cast %49 : i32 to index
      %c256_i32_17 = arith.constant 256 : i32
      %51 = arith.muli %26#3, %c256_i32_17 : i32
      %52 = tessera.multiple_of %51, 256 : i32
      %53 = arith.index_cast %52 : i32 to index
      %54 = tessera.view %arg1 [%50, %53] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c1024_i32_18 = arith.constant 1024 : i32
      %55 = arith.muli %40, %c1024_i32_18 : i32
      %56 = tessera.multiple_of %55, 1024 : i32
      %57 = arith.index_cast %56 : i32 to index
      %58 = tessera.view %arg6 [%57, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %54, %58, %47 : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_10 = arith.constant 0 : i32
    %42 = arith.cmpi ne, %c1_i32_1, %c0_i32_10 : i32
    scf.if %42 {
      %47 = tessera.view %arg7 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c1024_i32_16 = arith.constant 1024 : i32
      %48 = arith.muli %c0_i32_0, %c1024_i32_16 : i32
      %49 = tessera.multiple_of %48, 1024 : i32
      %50 = arith.index_cast %49 : i32 to index
      %c256_i32_17 = arith.constant 256 : i32
      %51 = arith.muli %c0_i32_0, %c256_i32_17 : i32
      %52 = tessera.multiple_of %51, 256 : i32
      %53 = arith.index_cast %52 : i32 to index
      %54 = tessera.view %arg1 [%50, %53] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c1024_i32_18 = arith.constant 1024 : i32
      %55 = arith.muli %c0_i32_0, %c1024_i32_18 : i32
      %56 = tessera.multiple_of %55, 1024 : i32
      %57 = arith.index_cast %56 : i32 to index
      %58 = tessera.view %arg6 [%57, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %54, %58, %47 : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_11 = arith.constant 0 : i32
    %c8_i32_12 = arith.constant 8 : i32
    %c1_i32_13 = arith.constant 1 : i32
    %43:13 = scf.for %arg11 = %c0_i32_11 to %c8_i32_12 step %c1_i32_13 iter_args(%arg12 = %c0_i32_0, %arg13 = %c0_i32_0, %arg14 = %c0_i32_0, %arg15 = %c1_i32_1, %arg16 = %c0_i32_0, %arg17 = %c0_i32_0, %arg18 = %c0_i32_0, %arg19 = %c1_i32_1, %arg20 = %c0_i32_0, %arg21 = %c0_i32_0, %arg22 = %c0_i32_0, %arg23 = %c0_i32_0, %arg24 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %47 = arith.index_cast %arg20 : i32 to index
      %c1_i32_16 = arith.constant 1 : i32
      %48 = arith.remsi %arg11, %c1_i32_16 : i32
      %c4_i32 = arith.constant 4 : i32
      %49 = arith.remsi %arg11, %c4_i32 : i32
      %c4_i32_17 = arith.constant 4 : i32
      %50 = arith.divsi %arg11, %c4_i32_17 : i32
      %c7_i32_18 = arith.constant 7 : i32
      %51 = arith.cmpi slt, %arg11, %c7_i32_18 : i32
      %c1_i32_19 = arith.constant 1 : i32
      %52 = arith.addi %arg11, %c1_i32_19 : i32
      %c8_i32_20 = arith.constant 8 : i32
      %53 = arith.cmpi slt, %52, %c8_i32_20 : i32
      %54:6 = scf.if %53 -> (i32, i32, i32, i32, i32, i32) {
        %c1_i32_38 = arith.constant 1 : i32
        %153 = arith.remsi %52, %c1_i32_38 : i32
        %c4_i32_39 = arith.constant 4 : i32
        %154 = arith.remsi %52, %c4_i32_39 : i32
        %c4_i32_40 = arith.constant 4 : i32
        %155 = arith.divsi %52, %c4_i32_40 : i32
        scf.yield %155, %153, %153, %154, %155, %154 : i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg13, %arg14, %arg17, %arg18, %arg21, %arg22 : i32, i32, i32, i32, i32, i32
      }
      %c0_i32_21 = arith.constant 0 : i32
      %55 = arith.cmpi ne, %arg23, %c0_i32_21 : i32
      scf.if %55 {
        %153 = tessera.view %arg9 [%47] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_38 = arith.constant 512 : i32
        %154 = arith.muli %arg21, %c512_i32_38 : i32
        %155 = tessera.multiple_of %154, 512 : i32
        %156 = arith.index_cast %155 : i32 to index
        %c256_i32_39 = arith.constant 256 : i32
        %157 = arith.muli %arg22, %c256_i32_39 : i32
        %158 = tessera.multiple_of %157, 256 : i32
        %159 = arith.index_cast %158 : i32 to index
        %160 = tessera.view %arg2 [%156, %159] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_40 = arith.constant 512 : i32
        %161 = arith.muli %arg20, %c512_i32_40 : i32
        %162 = tessera.multiple_of %161, 512 : i32
        %163 = arith.index_cast %162 : i32 to index
        %164 = tessera.view %arg8 [%163, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %164, %160, %153 : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c512_i32_22 = arith.constant 512 : i32
      %56 = arith.muli %arg12, %c512_i32_22 : i32
      %57 = tessera.multiple_of %56, 512 : i32
      %58 = arith.index_cast %57 : i32 to index
      %59 = tessera.view %arg4 [%58, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c1024_i32_23 = arith.constant 1024 : i32
      %60 = arith.muli %arg16, %c1024_i32_23 : i32
      %61 = tessera.multiple_of %60, 1024 : i32
      %62 = arith.index_cast %61 : i32 to index
      %63 = tessera.view %arg6 [%62, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c512_i32_24 = arith.constant 512 : i32
      %64 = arith.muli %arg20, %c512_i32_24 : i32
      %65 = tessera.multiple_of %64, 512 : i32
      %66 = arith.index_cast %65 : i32 to index
      %67 = tessera.view %arg8 [%66, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c0_i32_25 = arith.constant 0 : i32
      %68 = arith.cmpi eq, %48, %c0_i32_25 : i32
      scf.if %68 {
        %cst = arith.constant dense<0.000000e+00> : vector<512x256xf32>
        tessera.store %cst, %arg3 : vector<512x256xf32>, memref<512x256xf32, #tessera.memory_space<vmem>>
      } else {
      }
      %69 = tessera.view %arg3 [0, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      %70 = tessera.load %69 : memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %71 = tessera.view %59 [0, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %72 = tessera.load %71 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %73 = tessera.load %63 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %74 = tessera.dot %72, %73 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %75 = arith.addf %70, %74 : vector<128x256xf32>
      %76 = tessera.view %arg3 [0, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      tessera.store %75, %76 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      %77 = tessera.view %arg3 [128, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      %78 = tessera.load %77 : memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %79 = tessera.view %59 [128, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %80 = tessera.load %79 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %81 = tessera.load %63 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %82 = tessera.dot %80, %81 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %83 = arith.addf %78, %82 : vector<128x256xf32>
      %84 = tessera.view %arg3 [128, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      tessera.store %83, %84 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      %85 = tessera.view %arg3 [256, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      %86 = tessera.load %85 : memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %87 = tessera.view %59 [256, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %88 = tessera.load %87 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %89 = tessera.load %63 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %90 = tessera.dot %88, %89 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %91 = arith.addf %86, %90 : vector<128x256xf32>
      %92 = tessera.view %arg3 [256, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      tessera.store %91, %92 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      %93 = tessera.view %arg3 [384, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      %94 = tessera.load %93 : memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %95 = tessera.view %59 [384, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %96 = tessera.load %95 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %97 = tessera.load %63 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %98 = tessera.dot %96, %97 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %99 = arith.addf %94, %98 : vector<128x256xf32>
      %100 = tessera.view %arg3 [384, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      tessera.store %99, %100 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      %c0_i32_26 = arith.constant 0 : i32
      %101 = arith.cmpi eq, %48, %c0_i32_26 : i32
      scf.if %101 {
        %153 = tessera.load %arg3 : memref<512x256xf32, #tessera.memory_space<vmem>> -> vector<512x256xf32>
        tessera.store %153, %67 : vector<512x256xf32>, memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      } else {
      }
      %102 = arith.cmpi ne, %54#0, %arg13 : i32
      %103 = arith.cmpi ne, %54#1, %arg14 : i32
      %104 = arith.ori %102, %103 : i1
      %105 = arith.andi %51, %104 : i1
      %c1_i32_27 = arith.constant 1 : i32
      %106 = arith.subi %c1_i32_27, %arg12 : i32
      %107 = arith.select %105, %106, %arg12 : i32
      %108 = arith.index_cast %107 : i32 to index
      %109 = arith.select %105, %c1_i32_1, %c0_i32_0 : i32
      %110 = arith.select %105, %54#0, %arg13 : i32
      %111 = arith.select %105, %54#1, %arg14 : i32
      %112 = arith.cmpi ne, %54#2, %arg17 : i32
      %113 = arith.cmpi ne, %54#3, %arg18 : i32
      %114 = arith.ori %112, %113 : i1
      %115 = arith.andi %51, %114 : i1
      %c1_i32_28 = arith.constant 1 : i32
      %116 = arith.subi %c1_i32_28, %arg16 : i32
      %117 = arith.select %115, %116, %arg16 : i32
      %118 = arith.index_cast %117 : i32 to index
      %119 = arith.select %115, %c1_i32_1, %c0_i32_0 : i32
      %120 = arith.select %115, %54#2, %arg17 : i32
      %121 = arith.select %115, %54#3, %arg18 : i32
      %c1_i32_29 = arith.constant 1 : i32
      %122 = arith.addi %arg11, %c1_i32_29 : i32
      %c2_i32 = arith.constant 2 : i32
      %123 = arith.addi %arg11, %c2_i32 : i32
      %c8_i32_30 = arith.constant 8 : i32
      %124 = arith.cmpi slt, %123, %c8_i32_30 : i32
      %125:6 = scf.if %124 -> (i32, i32, i32, i32, i32, i32) {
        %c1_i32_38 = arith.constant 1 : i32
        %153 = arith.remsi %123, %c1_i32_38 : i32
        %c4_i32_39 = arith.constant 4 : i32
        %154 = arith.remsi %123, %c4_i32_39 : i32
        %c4_i32_40 = arith.constant 4 : i32
        %155 = arith.divsi %123, %c4_i32_40 : i32
        scf.yield %155, %153, %153, %154, %155, %154 : i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %110, %111, %120, %121, %arg21, %arg22 : i32, i32, i32, i32, i32, i32
      }
      %c7_i32_31 = arith.constant 7 : i32
      %126 = arith.cmpi slt, %122, %c7_i32_31 : i32
      %127 = arith.cmpi ne, %125#0, %110 : i32
      %128 = arith.cmpi ne, %125#1, %111 : i32
      %129 = arith.ori %127, %128 : i1
      %130 = arith.andi %126, %129 : i1
      %c1_i32_32 = arith.constant 1 : i32
      %131 = arith.subi %c1_i32_32, %107 : i32
      %132 = arith.index_cast %131 : i32 to index
      scf.if %130 {
        %153 = tessera.view %arg5 [%132] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_38 = arith.constant 512 : i32
        %154 = arith.muli %125#0, %c512_i32_38 : i32
        %155 = tessera.multiple_of %154, 512 : i32
        %156 = arith.index_cast %155 : i32 to index
        %c1024_i32_39 = arith.constant 1024 : i32
        %157 = arith.muli %125#1, %c1024_i32_39 : i32
        %158 = tessera.multiple_of %157, 1024 : i32
        %159 = arith.index_cast %158 : i32 to index
        %160 = tessera.view %arg0 [%156, %159] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_40 = arith.constant 512 : i32
        %161 = arith.muli %131, %c512_i32_40 : i32
        %162 = tessera.multiple_of %161, 512 : i32
        %163 = arith.index_cast %162 : i32 to index
        %164 = tessera.view %arg4 [%163, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %160, %164, %153 : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c7_i32_33 = arith.constant 7 : i32
      %133 = arith.cmpi slt, %122, %c7_i32_33 : i32
      %134 = arith.cmpi ne, %125#2, %120 : i32
      %135 = arith.cmpi ne, %125#3, %121 : i32
      %136 = arith.ori %134, %135 : i1
      %137 = arith.andi %133, %136 : i1
      %c1_i32_34 = arith.constant 1 : i32
      %138 = arith.subi %c1_i32_34, %117 : i32
      %139 = arith.index_cast %138 : i32 to index
      scf.if %137 {
        %153 = tessera.view %arg7 [%139] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c1024_i32_38 = arith.constant 1024 : i32
        %154 = arith.muli %125#2, %c1024_i32_38 : i32
        %155 = tessera.multiple_of %154, 1024 : i32
        %156 = arith.index_cast %155 : i32 to index
        %c256_i32_39 = arith.constant 256 : i32
        %157 = arith.muli %125#3, %c256_i32_39 : i32
        %158 = tessera.multiple_of %157, 256 : i32
        %159 = arith.index_cast %158 : i32 to index
        %160 = tessera.view %arg1 [%156, %159] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c1024_i32_40 = arith.constant 1024 : i32
        %161 = arith.muli %138, %c1024_i32_40 : i32
        %162 = tessera.multiple_of %161, 1024 : i32
        %163 = arith.index_cast %162 : i32 to index
        %164 = tessera.view %arg6 [%163, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %160, %164, %153 : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %140 = arith.xori %51, %true : i1
      %141 = arith.cmpi ne, %54#4, %arg21 : i32
      %142 = arith.cmpi ne, %54#5, %arg22 : i32
      %143 = arith.ori %141, %142 : i1
      %144 = arith.ori %140, %143 : i1
      scf.if %144 {
        %c4_i32_38 = arith.constant 4 : i32
        %153 = arith.muli %arg21, %c4_i32_38 : i32
        %154 = arith.addi %153, %arg22 : i32
        %155 = arith.index_cast %154 : i32 to index
        %156 = tessera.load_scalar %arg10[%155] : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_39 = arith.constant 0 : i32
        %157 = arith.cmpi eq, %156, %c0_i32_39 : i32
        tessera.check %157, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg21, %arg22 : i32, i32]
        %c1_i32_40 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_40, %arg10[%155] : i32, memref<8xi32, #tessera.memory_space<smem>>
        %158 = tessera.view %arg9 [%47] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_41 = arith.constant 512 : i32
        %159 = arith.muli %arg21, %c512_i32_41 : i32
        %160 = tessera.multiple_of %159, 512 : i32
        %161 = arith.index_cast %160 : i32 to index
        %c256_i32_42 = arith.constant 256 : i32
        %162 = arith.muli %arg22, %c256_i32_42 : i32
        %163 = tessera.multiple_of %162, 256 : i32
        %164 = arith.index_cast %163 : i32 to index
        %165 = tessera.view %arg2 [%161, %164] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_43 = arith.constant 512 : i32
        %166 = arith.muli %arg20, %c512_i32_43 : i32
        %167 = tessera.multiple_of %166, 512 : i32
        %168 = arith.index_cast %167 : i32 to index
        %169 = tessera.view %arg8 [%168, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %169, %165, %158 : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_35 = arith.constant 1 : i32
      %145 = arith.subi %c1_i32_35, %arg20 : i32
      %146 = arith.select %144, %145, %arg20 : i32
      %147 = arith.select %144, %arg24, %c0_i32_0 : i32
      %148 = arith.select %144, %c1_i32_1, %arg24 : i32
      %149 = arith.select %144, %54#4, %arg21 : i32
      %150 = arith.select %144, %54#5, %arg22 : i32
      %c0_i32_36 = arith.constant 0 : i32
      %151 = arith.cmpi ne, %109, %c0_i32_36 : i32
      scf.if %151 {
        %153 = tessera.view %arg5 [%108] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_38 = arith.constant 512 : i32
        %154 = arith.muli %110, %c512_i32_38 : i32
        %155 = tessera.multiple_of %154, 512 : i32
        %156 = arith.index_cast %155 : i32 to index
        %c1024_i32_39 = arith.constant 1024 : i32
        %157 = arith.muli %111, %c1024_i32_39 : i32
        %158 = tessera.multiple_of %157, 1024 : i32
        %159 = arith.index_cast %158 : i32 to index
        %160 = tessera.view %arg0 [%156, %159] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_40 = arith.constant 512 : i32
        %161 = arith.muli %107, %c512_i32_40 : i32
        %162 = tessera.multiple_of %161, 512 : i32
        %163 = arith.index_cast %162 : i32 to index
        %164 = tessera.view %arg4 [%163, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %160, %164, %153 : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_37 = arith.constant 0 : i32
      %152 = arith.cmpi ne, %119, %c0_i32_37 : i32
      scf.if %152 {
        %153 = tessera.view %arg7 [%118] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c1024_i32_38 = arith.constant 1024 : i32
        %154 = arith.muli %120, %c1024_i32_38 : i32
        %155 = tessera.multiple_of %154, 1024 : i32
        %156 = arith.index_cast %155 : i32 to index
        %c256_i32_39 = arith.constant 256 : i32
        %157 = arith.muli %121, %c256_i32_39 : i32
        %158 = tessera.multiple_of %157, 256 : i32
        %159 = arith.index_cast %158 : i32 to index
        %160 = tessera.view %arg1 [%156, %159] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c1024_i32_40 = arith.constant 1024 : i32
        %161 = arith.muli %117, %c1024_i32_40 : i32
        %162 = tessera.multiple_of %161, 1024 : i32
        %163 = arith.index_cast %162 : i32 to index
        %164 = tessera.view %arg6 [%163, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %160, %164, %153 : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %107, %110, %111, %109, %117, %120, %121, %119, %146, %149, %150, %147, %148 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %44 = arith.index_cast %43#8 : i32 to index
    %c0_i32_14 = arith.constant 0 : i32
    %45 = arith.cmpi ne, %43#11, %c0_i32_14 : i32
    scf.if %45 {
      %47 = tessera.view %arg9 [%44] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_16 = arith.constant 512 : i32
      %48 = arith.muli %43#9, %c512_i32_16 : i32
      %49 = tessera.multiple_of %48, 512 : i32
      %50 = arith.index_cast %49 : i32 to index
      %c256_i32_17 = arith.constant 256 : i32
      %51 = arith.muli %43#10, %c256_i32_17 : i32
      %52 = tessera.multiple_of %51, 256 : i32
      %53 = arith.index_cast %52 : i32 to index
      %54 = tessera.view %arg2 [%50, %53] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_18 = arith.constant 512 : i32
      %55 = arith.muli %43#8, %c512_i32_18 : i32
      %56 = tessera.multiple_of %55, 512 : i32
      %57 = arith.index_cast %56 : i32 to index
      %58 = tessera.view %arg8 [%57, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %58, %54, %47 : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_15 = arith.constant 0 : i32
    %46 = arith.cmpi ne, %43#12, %c0_i32_15 : i32
    scf.if %46 {
      %c1_i32_16 = arith.constant 1 : i32
      %47 = arith.subi %c1_i32_16, %43#8 : i32
      %48 = arith.index_cast %47 : i32 to index
      %49 = tessera.view %arg9 [%48] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_17 = arith.constant 512 : i32
      %50 = arith.muli %43#9, %c512_i32_17 : i32
      %51 = tessera.multiple_of %50, 512 : i32
      %52 = arith.index_cast %51 : i32 to index
      %c256_i32_18 = arith.constant 256 : i32
      %53 = arith.muli %43#10, %c256_i32_18 : i32
      %54 = tessera.multiple_of %53, 256 : i32
      %55 = arith.index_cast %54 : i32 to index
      %56 = tessera.view %arg2 [%52, %55] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_19 = arith.constant 512 : i32
      %57 = arith.muli %47, %c512_i32_19 : i32
      %58 = tessera.multiple_of %57, 512 : i32
      %59 = arith.index_cast %58 : i32 to index
      %60 = tessera.view %arg8 [%59, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %60, %56, %49 : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
