module {
  func.func @matmul(%arg0: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "y_hbm"}, %arg2: memref<1024x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<512x256xf32, #tessera.memory_space<vmem>> {tessera.name = "acc"}, %arg4: memref<1024x1024xbf16, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg6: memref<2048x256xbf16, #tessera.memory_space<vmem>> {tessera.name = "y_hbm_blocks"}, %arg7: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "y_hbm_sems"}, %arg8: memref<1024x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg9: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg10: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32 : i32 to index
    %c1_i32 = arith.constant 1 : i32
    %1 = tessera.view %arg5 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c512_i32 = arith.constant 512 : i32
    %2 = arith.muli %c0_i32, %c512_i32 : i32
    %3 = tessera.multiple_of %2, 512 : i32
    %4 = arith.index_cast %3 : i32 to index
    %c1024_i32 = arith.constant 1024 : i32
    %5 = arith.muli %c0_i32, %c1024_i32 : i32
    %6 = tessera.multiple_of %5, 1024 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg0 [%4, %7] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c512_i32_0 = arith.constant 512 : i32
    %9 = arith.muli %c0_i32, %c512_i32_0 : i32
    %10 = tessera.multiple_of %9, 512 : i32
    %11 = arith.index_cast %10 : i32 to index
    %12 = tessera.view %arg4 [%11, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %8, %12, %1 {tessera.block_index} : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %13 = tessera.view %arg7 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c1024_i32_1 = arith.constant 1024 : i32
    %14 = arith.muli %c0_i32, %c1024_i32_1 : i32
    %15 = tessera.multiple_of %14, 1024 : i32
    %16 = arith.index_cast %15 : i32 to index
    %c256_i32 = arith.constant 256 : i32
    %17 = arith.muli %c0_i32, %c256_i32 : i32
    %18 = tessera.multiple_of %17, 256 : i32
    %19 = arith.index_cast %18 : i32 to index
    %20 = tessera.view %arg1 [%16, %19] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %c1024_i32_2 = arith.constant 1024 : i32
    %21 = arith.muli %c0_i32, %c1024_i32_2 : i32
    %22 = tessera.multiple_of %21, 1024 : i32
    %23 = arith.index_cast %22 : i32 to index
    %24 = tessera.view %arg6 [%23, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %20, %24, %13 {tessera.block_index} : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_3 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32_4 = arith.constant 1 : i32
    %c8_i32_5 = arith.constant 8 : i32
    %c8_i32_6 = arith.constant 8 : i32
    %25 = arith.muli %c1_i32_4, %c8_i32_6 : i32
    scf.for %arg11 = %c0_i32_3 to %c8_i32_5 step %25  : i32 {
      %48 = arith.index_cast %arg11 : i32 to index
      %c0_i32_18 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_18, %arg10[%48] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c1_i32_19 = arith.constant 1 : i32
      %49 = arith.addi %arg11, %c1_i32_19 : i32
      %50 = arith.index_cast %49 : i32 to index
      %c0_i32_20 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_20, %arg10[%50] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c2_i32 = arith.constant 2 : i32
      %51 = arith.addi %arg11, %c2_i32 : i32
      %52 = arith.index_cast %51 : i32 to index
      %c0_i32_21 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_21, %arg10[%52] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c3_i32 = arith.constant 3 : i32
      %53 = arith.addi %arg11, %c3_i32 : i32
      %54 = arith.index_cast %53 : i32 to index
      %c0_i32_22 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_22, %arg10[%54] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c4_i32 = arith.constant 4 : i32
      %55 = arith.addi %arg11, %c4_i32 : i32
      %56 = arith.index_cast %55 : i32 to index
      %c0_i32_23 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_23, %arg10[%56] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c5_i32 = arith.constant 5 : i32
      %57 = arith.addi %arg11, %c5_i32 : i32
      %58 = arith.index_cast %57 : i32 to index
      %c0_i32_24 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_24, %arg10[%58] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c6_i32 = arith.constant 6 : i32
      %59 = arith.addi %arg11, %c6_i32 : i32
      %60 = arith.index_cast %59 : i32 to index
      %c0_i32_25 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_25, %arg10[%60] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
      %c7_i32_26 = arith.constant 7 : i32
      %61 = arith.addi %arg11, %c7_i32_26 : i32
      %62 = arith.index_cast %61 : i32 to index
      %c0_i32_27 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_27, %arg10[%62] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %c8_i32_7 = arith.constant 8 : i32
    %26 = arith.cmpi slt, %c1_i32, %c8_i32_7 : i32
    %27:6 = scf.if %26 -> (i32, i32, i32, i32, i32, i32) {
      %c1_i32_18 = arith.constant 1 : i32
      %48 = arith.remsi %c1_i32, %c1_i32_18 : i32
      %c4_i32 = arith.constant 4 : i32
      %49 = arith.remsi %c1_i32, %c4_i32 : i32
      %c4_i32_19 = arith.constant 4 : i32
      %50 = arith.divsi %c1_i32, %c4_i32_19 : i32
      scf.yield %50, %48, %48, %49, %50, %49 : i32, i32, i32, i32, i32, i32
    } else {
      scf.yield %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32 : i32, i32, i32, i32, i32, i32
    }
    %c7_i32 = arith.constant 7 : i32
    %28 = arith.cmpi slt, %c0_i32, %c7_i32 : i32
    %29 = arith.cmpi ne, %27#0, %c0_i32 : i32
    %30 = arith.cmpi ne, %27#1, %c0_i32 : i32
    %31 = arith.ori %29, %30 : i1
    %32 = arith.andi %28, %31 : i1
    %c1_i32_8 = arith.constant 1 : i32
    %33 = arith.subi %c1_i32_8, %c0_i32 : i32
    %34 = arith.index_cast %33 : i32 to index
    scf.if %32 {
      %48 = tessera.view %arg5 [%34] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_18 = arith.constant 512 : i32
      %49 = arith.muli %27#0, %c512_i32_18 : i32
      %50 = tessera.multiple_of %49, 512 : i32
      %51 = arith.index_cast %50 : i32 to index
      %c1024_i32_19 = arith.constant 1024 : i32
      %52 = arith.muli %27#1, %c1024_i32_19 : i32
      %53 = tessera.multiple_of %52, 1024 : i32
      %54 = arith.index_cast %53 : i32 to index
      %55 = tessera.view %arg0 [%51, %54] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_20 = arith.constant 512 : i32
      %56 = arith.muli %33, %c512_i32_20 : i32
      %57 = tessera.multiple_of %56, 512 : i32
      %58 = arith.index_cast %57 : i32 to index
      %59 = tessera.view %arg4 [%58, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %55, %59, %48 {tessera.block_index} : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_9 = arith.constant 0 : i32
    %35 = arith.cmpi ne, %c1_i32, %c0_i32_9 : i32
    scf.if %35 {
      %48 = tessera.view %arg5 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_18 = arith.constant 512 : i32
      %49 = arith.muli %c0_i32, %c512_i32_18 : i32
      %50 = tessera.multiple_of %49, 512 : i32
      %51 = arith.index_cast %50 : i32 to index
      %c1024_i32_19 = arith.constant 1024 : i32
      %52 = arith.muli %c0_i32, %c1024_i32_19 : i32
      %53 = tessera.multiple_of %52, 1024 : i32
      %54 = arith.index_cast %53 : i32 to index
      %55 = tessera.view %arg0 [%51, %54] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_20 = arith.constant 512 : i32
      %56 = arith.muli %c0_i32, %c512_i32_20 : i32
      %57 = tessera.multiple_of %56, 512 : i32
      %58 = arith.index_cast %57 : i32 to index
      %59 = tessera.view %arg4 [%58, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %55, %59, %48 {tessera.block_index} : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c7_i32_10 = arith.constant 7 : i32
    %36 = arith.cmpi slt, %c0_i32, %c7_i32_10 : i32
    %37 = arith.cmpi ne, %27#2, %c0_i32 : i32
    %38 = arith.cmpi ne, %27#3, %c0_i32 : i32
    %39 = arith.ori %37, %38 : i1
    %40 = arith.andi %36, %39 : i1
    %c1_i32_11 = arith.constant 1 : i32
    %41 = arith.subi %c1_i32_11, %c0_i32 : i32
    %42 = arith.index_cast %41 : i32 to index
    scf.if %40 {
      %48 = tessera.view %arg7 [%42] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c1024_i32_18 = arith.constant 1024 : i32
      %49 = arith.muli %27#2, %c1024_i32_18 : i32
      %50 = tessera.multiple_of %49, 1024 : i32
      %51 = arith.index_cast %50 : i32 to index
      %c256_i32_19 = arith.constant 256 : i32
      %52 = arith.muli %27#3, %c256_i32_19 : i32
      %53 = tessera.multiple_of %52, 256 : i32
      %54 = arith.index_cast %53 : i32 to index
      %55 = tessera.view %arg1 [%51, %54] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c1024_i32_20 = arith.constant 1024 : i32
      %56 = arith.muli %41, %c1024_i32_20 : i32
      %57 = tessera.multiple_of %56, 1024 : i32
      %58 = arith.index_cast %57 : i32 to index
      %59 = tessera.view %arg6 [%58, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %55, %59, %48 {tessera.block_index} : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_12 = arith.constant 0 : i32
    %43 = arith.cmpi ne, %c1_i32, %c0_i32_12 : i32
    scf.if %43 {
      %48 = tessera.view %arg7 [%0] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c1024_i32_18 = arith.constant 1024 : i32
      %49 = arith.muli %c0_i32, %c1024_i32_18 : i32
      %50 = tessera.multiple_of %49, 1024 : i32
      %51 = arith.index_cast %50 : i32 to index
      %c256_i32_19 = arith.constant 256 : i32
      %52 = arith.muli %c0_i32, %c256_i32_19 : i32
      %53 = tessera.multiple_of %52, 256 : i32
      %54 = arith.index_cast %53 : i32 to index
      %55 = tessera.view %arg1 [%51, %54] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c1024_i32_20 = arith.constant 1024 : i32
      %56 = arith.muli %c0_i32, %c1024_i32_20 : i32
      %57 = tessera.multiple_of %56, 1024 : i32
      %58 = arith.index_cast %57 : i32 to index
      %59 = tessera.view %arg6 [%58, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %55, %59, %48 {tessera.block_index} : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    } {tessera.predicate}
    %c0_i32_13 = arith.constant 0 : i32
    %c8_i32_14 = arith.constant 8 : i32
    %c1_i32_15 = arith.constant 1 : i32
    %44:13 = scf.for %arg11 = %c0_i32_13 to %c8_i32_14 step %c1_i32_15 iter_args(%arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c1_i32, %arg16 = %c0_i32, %arg17 = %c0_i32, %arg18 = %c0_i32, %arg19 = %c1_i32, %arg20 = %c0_i32, %arg21 = %c0_i32, %arg22 = %c0_i32, %arg23 = %c0_i32, %arg24 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %48 = arith.index_cast %arg20 : i32 to index
      %c1_i32_18 = arith.constant 1 : i32
      %49 = arith.remsi %arg11, %c1_i32_18 : i32
      %c4_i32 = arith.constant 4 : i32
      %50 = arith.remsi %arg11, %c4_i32 : i32
      %c4_i32_19 = arith.constant 4 : i32
      %51 = arith.divsi %arg11, %c4_i32_19 : i32
      %c7_i32_20 = arith.constant 7 : i32
      %52 = arith.cmpi slt, %arg11, %c7_i32_20 : i32
      %c1_i32_21 = arith.constant 1 : i32
      %53 = arith.addi %arg11, %c1_i32_21 : i32
      %c8_i32_22 = arith.constant 8 : i32
      %54 = arith.cmpi slt, %53, %c8_i32_22 : i32
      %55:6 = scf.if %54 -> (i32, i32, i32, i32, i32, i32) {
        %c1_i32_40 = arith.constant 1 : i32
        %154 = arith.remsi %53, %c1_i32_40 : i32
        %c4_i32_41 = arith.constant 4 : i32
        %155 = arith.remsi %53, %c4_i32_41 : i32
        %c4_i32_42 = arith.constant 4 : i32
        %156 = arith.divsi %53, %c4_i32_42 : i32
        scf.yield %156, %154, %154, %155, %156, %155 : i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg13, %arg14, %arg17, %arg18, %arg21, %arg22 : i32, i32, i32, i32, i32, i32
      }
      %c0_i32_23 = arith.constant 0 : i32
      %56 = arith.cmpi ne, %arg23, %c0_i32_23 : i32
      scf.if %56 {
        %154 = tessera.view %arg9 [%48] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_40 = arith.constant 512 : i32
        %155 = arith.muli %arg21, %c512_i32_40 : i32
        %156 = tessera.multiple_of %155, 512 : i32
        %157 = arith.index_cast %156 : i32 to index
        %c256_i32_41 = arith.constant 256 : i32
        %158 = arith.muli %arg22, %c256_i32_41 : i32
        %159 = tessera.multiple_of %158, 256 : i32
        %160 = arith.index_cast %159 : i32 to index
        %161 = tessera.view %arg2 [%157, %160] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_42 = arith.constant 512 : i32
        %162 = arith.muli %arg20, %c512_i32_42 : i32
        %163 = tessera.multiple_of %162, 512 : i32
        %164 = arith.index_cast %163 : i32 to index
        %165 = tessera.view %arg8 [%164, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %165, %161, %154 {tessera.block_index} : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c512_i32_24 = arith.constant 512 : i32
      %57 = arith.muli %arg12, %c512_i32_24 : i32
      %58 = tessera.multiple_of %57, 512 : i32
      %59 = arith.index_cast %58 : i32 to index
      %60 = tessera.view %arg4 [%59, 0] [512, 1024] {tessera.compiler_index} : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c1024_i32_25 = arith.constant 1024 : i32
      %61 = arith.muli %arg16, %c1024_i32_25 : i32
      %62 = tessera.multiple_of %61, 1024 : i32
      %63 = arith.index_cast %62 : i32 to index
      %64 = tessera.view %arg6 [%63, 0] [1024, 256] {tessera.compiler_index} : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c512_i32_26 = arith.constant 512 : i32
      %65 = arith.muli %arg20, %c512_i32_26 : i32
      %66 = tessera.multiple_of %65, 512 : i32
      %67 = arith.index_cast %66 : i32 to index
      %68 = tessera.view %arg8 [%67, 0] [512, 256] {tessera.compiler_index} : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c0_i32_27 = arith.constant 0 : i32
      %69 = arith.cmpi eq, %49, %c0_i32_27 : i32
      scf.if %69 {
        %cst = arith.constant dense<0.000000e+00> : vector<512x256xf32>
        tessera.store %cst, %arg3 : vector<512x256xf32>, memref<512x256xf32, #tessera.memory_space<vmem>>
      } else {
      }
      %70 = tessera.view %arg3 [0, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      %71 = tessera.load %70 : memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %72 = tessera.view %60 [0, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %73 = tessera.load %72 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %74 = tessera.load %64 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %75 = tessera.dot %73, %74 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %76 = arith.addf %71, %75 : vector<128x256xf32>
      %77 = tessera.view %arg3 [0, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      tessera.store %76, %77 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      %78 = tessera.view %arg3 [128, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      %79 = tessera.load %78 : memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %80 = tessera.view %60 [128, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %81 = tessera.load %80 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %82 = tessera.load %64 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %83 = tessera.dot %81, %82 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %84 = arith.addf %79, %83 : vector<128x256xf32>
      %85 = tessera.view %arg3 [128, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      tessera.store %84, %85 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      %86 = tessera.view %arg3 [256, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      %87 = tessera.load %86 : memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %88 = tessera.view %60 [256, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %89 = tessera.load %88 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %90 = tessera.load %64 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %91 = tessera.dot %89, %90 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %92 = arith.addf %87, %91 : vector<128x256xf32>
      %93 = tessera.view %arg3 [256, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      tessera.store %92, %93 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      %94 = tessera.view %arg3 [384, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      %95 = tessera.load %94 : memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %96 = tessera.view %60 [384, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %97 = tessera.load %96 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %98 = tessera.load %64 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %99 = tessera.dot %97, %98 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %100 = arith.addf %95, %99 : vector<128x256xf32>
      %101 = tessera.view %arg3 [384, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      tessera.store %100, %101 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      %c0_i32_28 = arith.constant 0 : i32
      %102 = arith.cmpi eq, %49, %c0_i32_28 : i32
      scf.if %102 {
        %154 = tessera.load %arg3 : memref<512x256xf32, #tessera.memory_space<vmem>> -> vector<512x256xf32>
        tessera.store %154, %68 : vector<512x256xf32>, memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      } else {
      }
      %103 = arith.cmpi ne, %55#0, %arg13 : i32
      %104 = arith.cmpi ne, %55#1, %arg14 : i32
      %105 = arith.ori %103, %104 : i1
      %106 = arith.andi %52, %105 : i1
      %c1_i32_29 = arith.constant 1 : i32
      %107 = arith.subi %c1_i32_29, %arg12 : i32
      %108 = arith.select %106, %107, %arg12 : i32
      %109 = arith.index_cast %108 : i32 to index
      %110 = arith.select %106, %c1_i32, %c0_i32 : i32
      %111 = arith.select %106, %55#0, %arg13 : i32
      %112 = arith.select %106, %55#1, %arg14 : i32
      %113 = arith.cmpi ne, %55#2, %arg17 : i32
      %114 = arith.cmpi ne, %55#3, %arg18 : i32
      %115 = arith.ori %113, %114 : i1
      %116 = arith.andi %52, %115 : i1
      %c1_i32_30 = arith.constant 1 : i32
      %117 = arith.subi %c1_i32_30, %arg16 : i32
      %118 = arith.select %116, %117, %arg16 : i32
      %119 = arith.index_cast %118 : i32 to index
      %120 = arith.select %116, %c1_i32, %c0_i32 : i32
      %121 = arith.select %116, %55#2, %arg17 : i32
      %122 = arith.select %116, %55#3, %arg18 : i32
      %c1_i32_31 = arith.constant 1 : i32
      %123 = arith.addi %arg11, %c1_i32_31 : i32
      %c2_i32 = arith.constant 2 : i32
      %124 = arith.addi %arg11, %c2_i32 : i32
      %c8_i32_32 = arith.constant 8 : i32
      %125 = arith.cmpi slt, %124, %c8_i32_32 : i32
      %126:6 = scf.if %125 -> (i32, i32, i32, i32, i32, i32) {
        %c1_i32_40 = arith.constant 1 : i32
        %154 = arith.remsi %124, %c1_i32_40 : i32
        %c4_i32_41 = arith.constant 4 : i32
        %155 = arith.remsi %124, %c4_i32_41 : i32
        %c4_i32_42 = arith.constant 4 : i32
        %156 = arith.divsi %124, %c4_i32_42 : i32
        scf.yield %156, %154, %154, %155, %156, %155 : i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %111, %112, %121, %122, %arg21, %arg22 : i32, i32, i32, i32, i32, i32
      }
      %c7_i32_33 = arith.constant 7 : i32
      %127 = arith.cmpi slt, %123, %c7_i32_33 : i32
      %128 = arith.cmpi ne, %126#0, %111 : i32
      %129 = arith.cmpi ne, %126#1, %112 : i32
      %130 = arith.ori %128, %129 : i1
      %131 = arith.andi %127, %130 : i1
      %c1_i32_34 = arith.constant 1 : i32
      %132 = arith.subi %c1_i32_34, %108 : i32
      %133 = arith.index_cast %132 : i32 to index
      scf.if %131 {
        %154 = tessera.view %arg5 [%133] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_40 = arith.constant 512 : i32
        %155 = arith.muli %126#0, %c512_i32_40 : i32
        %156 = tessera.multiple_of %155, 512 : i32
        %157 = arith.index_cast %156 : i32 to index
        %c1024_i32_41 = arith.constant 1024 : i32
        %158 = arith.muli %126#1, %c1024_i32_41 : i32
        %159 = tessera.multiple_of %158, 1024 : i32
        %160 = arith.index_cast %159 : i32 to index
        %161 = tessera.view %arg0 [%157, %160] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_42 = arith.constant 512 : i32
        %162 = arith.muli %132, %c512_i32_42 : i32
        %163 = tessera.multiple_of %162, 512 : i32
        %164 = arith.index_cast %163 : i32 to index
        %165 = tessera.view %arg4 [%164, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %161, %165, %154 {tessera.block_index} : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c7_i32_35 = arith.constant 7 : i32
      %134 = arith.cmpi slt, %123, %c7_i32_35 : i32
      %135 = arith.cmpi ne, %126#2, %121 : i32
      %136 = arith.cmpi ne, %126#3, %122 : i32
      %137 = arith.ori %135, %136 : i1
      %138 = arith.andi %134, %137 : i1
      %c1_i32_36 = arith.constant 1 : i32
      %139 = arith.subi %c1_i32_36, %118 : i32
      %140 = arith.index_cast %139 : i32 to index
      scf.if %138 {
        %154 = tessera.view %arg7 [%140] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c1024_i32_40 = arith.constant 1024 : i32
        %155 = arith.muli %126#2, %c1024_i32_40 : i32
        %156 = tessera.multiple_of %155, 1024 : i32
        %157 = arith.index_cast %156 : i32 to index
        %c256_i32_41 = arith.constant 256 : i32
        %158 = arith.muli %126#3, %c256_i32_41 : i32
        %159 = tessera.multiple_of %158, 256 : i32
        %160 = arith.index_cast %159 : i32 to index
        %161 = tessera.view %arg1 [%157, %160] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c1024_i32_42 = arith.constant 1024 : i32
        %162 = arith.muli %139, %c1024_i32_42 : i32
        %163 = tessera.multiple_of %162, 1024 : i32
        %164 = arith.index_cast %163 : i32 to index
        %165 = tessera.view %arg6 [%164, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %161, %165, %154 {tessera.block_index} : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %true = arith.constant true
      %141 = arith.xori %52, %true : i1
      %142 = arith.cmpi ne, %55#4, %arg21 : i32
      %143 = arith.cmpi ne, %55#5, %arg22 : i32
      %144 = arith.ori %142, %143 : i1
      %145 = arith.ori %141, %144 : i1
      scf.if %145 {
        %c4_i32_40 = arith.constant 4 : i32
        %154 = arith.muli %arg21, %c4_i32_40 : i32
        %155 = arith.addi %154, %arg22 : i32
        %156 = arith.index_cast %155 : i32 to index
        %157 = tessera.load_scalar %arg10[%156] {tessera.compiler_index} : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_41 = arith.constant 0 : i32
        %158 = arith.cmpi eq, %157, %c0_i32_41 : i32
        tessera.check %158, "Revisited block ({0}, {1}) of out_specs[0] 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg21, %arg22 : i32, i32]
        %c1_i32_42 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_42, %arg10[%156] {tessera.compiler_index} : i32, memref<8xi32, #tessera.memory_space<smem>>
        %159 = tessera.view %arg9 [%48] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_43 = arith.constant 512 : i32
        %160 = arith.muli %arg21, %c512_i32_43 : i32
        %161 = tessera.multiple_of %160, 512 : i32
        %162 = arith.index_cast %161 : i32 to index
        %c256_i32_44 = arith.constant 256 : i32
        %163 = arith.muli %arg22, %c256_i32_44 : i32
        %164 = tessera.multiple_of %163, 256 : i32
        %165 = arith.index_cast %164 : i32 to index
        %166 = tessera.view %arg2 [%162, %165] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_45 = arith.constant 512 : i32
        %167 = arith.muli %arg20, %c512_i32_45 : i32
        %168 = tessera.multiple_of %167, 512 : i32
        %169 = arith.index_cast %168 : i32 to index
        %170 = tessera.view %arg8 [%169, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %170, %166, %159 if %141 {pieces = 8 : i64, tessera.block_index} : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c1_i32_37 = arith.constant 1 : i32
      %146 = arith.subi %c1_i32_37, %arg20 : i32
      %147 = arith.select %145, %146, %arg20 : i32
      %148 = arith.select %145, %arg24, %c0_i32 : i32
      %149 = arith.select %145, %c1_i32, %arg24 : i32
      %150 = arith.select %145, %55#4, %arg21 : i32
      %151 = arith.select %145, %55#5, %arg22 : i32
      %c0_i32_38 = arith.constant 0 : i32
      %152 = arith.cmpi ne, %110, %c0_i32_38 : i32
      scf.if %152 {
        %154 = tessera.view %arg5 [%109] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c512_i32_40 = arith.constant 512 : i32
        %155 = arith.muli %111, %c512_i32_40 : i32
        %156 = tessera.multiple_of %155, 512 : i32
        %157 = arith.index_cast %156 : i32 to index
        %c1024_i32_41 = arith.constant 1024 : i32
        %158 = arith.muli %112, %c1024_i32_41 : i32
        %159 = tessera.multiple_of %158, 1024 : i32
        %160 = arith.index_cast %159 : i32 to index
        %161 = tessera.view %arg0 [%157, %160] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c512_i32_42 = arith.constant 512 : i32
        %162 = arith.muli %108, %c512_i32_42 : i32
        %163 = tessera.multiple_of %162, 512 : i32
        %164 = arith.index_cast %163 : i32 to index
        %165 = tessera.view %arg4 [%164, 0] [512, 1024] : memref<1024x1024xbf16, #tessera.memory_space<vmem>> to memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %161, %165, %154 {tessera.block_index} : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      %c0_i32_39 = arith.constant 0 : i32
      %153 = arith.cmpi ne, %120, %c0_i32_39 : i32
      scf.if %153 {
        %154 = tessera.view %arg7 [%119] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c1024_i32_40 = arith.constant 1024 : i32
        %155 = arith.muli %121, %c1024_i32_40 : i32
        %156 = tessera.multiple_of %155, 1024 : i32
        %157 = arith.index_cast %156 : i32 to index
        %c256_i32_41 = arith.constant 256 : i32
        %158 = arith.muli %122, %c256_i32_41 : i32
        %159 = tessera.multiple_of %158, 256 : i32
        %160 = arith.index_cast %159 : i32 to index
        %161 = tessera.view %arg1 [%157, %160] [1024, 256] : memref<1024x1024xbf16, #tessera.memory_space<any>> to memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %c1024_i32_42 = arith.constant 1024 : i32
        %162 = arith.muli %118, %c1024_i32_42 : i32
        %163 = tessera.multiple_of %162, 1024 : i32
        %164 = arith.index_cast %163 : i32 to index
        %165 = tessera.view %arg6 [%164, 0] [1024, 256] : memref<2048x256xbf16, #tessera.memory_space<vmem>> to memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %161, %165, %154 {tessera.block_index} : memref<1024x256xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      } {tessera.predicate}
      scf.yield %108, %111, %112, %110, %118, %121, %122, %120, %147, %150, %151, %148, %149 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    } {tessera.grid_loop}
    %45 = arith.index_cast %44#8 : i32 to index
    %c0_i32_16 = arith.constant 0 : i32
    %46 = arith.cmpi ne, %44#11, %c0_i32_16 : i32
    scf.if %46 {
      %48 = tessera.view %arg9 [%45] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_18 = arith.constant 512 : i32
      %49 = arith.muli %44#9, %c512_i32_18 : i32
      %50 = tessera.multiple_of %49, 512 : i32
      %51 = arith.index_cast %50 : i32 to index
      %c256_i32_19 = arith.constant 256 : i32
      %52 = arith.muli %44#10, %c256_i32_19 : i32
      %53 = tessera.multiple_of %52, 256 : i32
      %54 = arith.index_cast %53 : i32 to index
      %55 = tessera.view %arg2 [%51, %54] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_20 = arith.constant 512 : i32
      %56 = arith.muli %44#8, %c512_i32_20 : i32
      %57 = tessera.multiple_of %56, 512 : i32
      %58 = arith.index_cast %57 : i32 to index
      %59 = tessera.view %arg8 [%58, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %59, %55, %48 {tessera.block_index} : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_17 = arith.constant 0 : i32
    %47 = arith.cmpi ne, %44#12, %c0_i32_17 : i32
    scf.if %47 {
      %c1_i32_18 = arith.constant 1 : i32
      %48 = arith.subi %c1_i32_18, %44#8 : i32
      %49 = arith.index_cast %48 : i32 to index
      %50 = tessera.view %arg9 [%49] [1] {tessera.compiler_index} : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c512_i32_19 = arith.constant 512 : i32
      %51 = arith.muli %44#9, %c512_i32_19 : i32
      %52 = tessera.multiple_of %51, 512 : i32
      %53 = arith.index_cast %52 : i32 to index
      %c256_i32_20 = arith.constant 256 : i32
      %54 = arith.muli %44#10, %c256_i32_20 : i32
      %55 = tessera.multiple_of %54, 256 : i32
      %56 = arith.index_cast %55 : i32 to index
      %57 = tessera.view %arg2 [%53, %56] [512, 256] : memref<1024x1024xf32, #tessera.memory_space<any>> to memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %c512_i32_21 = arith.constant 512 : i32
      %58 = arith.muli %48, %c512_i32_21 : i32
      %59 = tessera.multiple_of %58, 512 : i32
      %60 = arith.index_cast %59 : i32 to index
      %61 = tessera.view %arg8 [%60, 0] [512, 256] : memref<1024x256xf32, #tessera.memory_space<vmem>> to memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %61, %57, %50 {tessera.block_index} : memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<512x256xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
