module {
  func.func @scalar_prefetch_gather(%arg0: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "idx_smem"}, %arg1: memref<128x256xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg2: memref<80x256xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg4: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg5: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg6: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg7: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 1 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c10_i32 = arith.constant 10 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg8 = %c0_i32 to %c10_i32 step %c1_i32  : i32 {
      %18 = arith.index_cast %arg8 : i32 to index
      %c0_i32_10 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_10, %arg7[%18] : i32, memref<10xi32, #tessera.memory_space<smem>>
    }
    %c0_i32_0 = arith.constant 0 : i32
    %0 = arith.index_cast %c0_i32_0 : i32 to index
    %c1_i32_1 = arith.constant 1 : i32
    %1 = tessera.load_scalar %arg0[%0] : memref<10xi32, #tessera.memory_space<smem>> -> i32
    %c0_i32_2 = arith.constant 0 : i32
    %2 = tessera.view %arg4 [%0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c8_i32 = arith.constant 8 : i32
    %3 = arith.muli %1, %c8_i32 : i32
    %4 = tessera.multiple_of %3, 8 : i32
    %5 = arith.index_cast %4 : i32 to index
    %c256_i32 = arith.constant 256 : i32
    %6 = arith.muli %c0_i32_2, %c256_i32 : i32
    %7 = tessera.multiple_of %6, 256 : i32
    %8 = arith.index_cast %7 : i32 to index
    %9 = tessera.view %arg1 [%5, %8] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    %c8_i32_3 = arith.constant 8 : i32
    %10 = arith.muli %c0_i32_0, %c8_i32_3 : i32
    %11 = tessera.multiple_of %10, 8 : i32
    %12 = arith.index_cast %11 : i32 to index
    %13 = tessera.view %arg3 [%12, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %9, %13, %2 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %c0_i32_4 = arith.constant 0 : i32
    %c0_i32_5 = arith.constant 0 : i32
    %c10_i32_6 = arith.constant 10 : i32
    %c1_i32_7 = arith.constant 1 : i32
    %14:9 = scf.for %arg8 = %c0_i32_5 to %c10_i32_6 step %c1_i32_7 iter_args(%arg9 = %c0_i32_0, %arg10 = %1, %arg11 = %c0_i32_2, %arg12 = %c1_i32_1, %arg13 = %c0_i32_0, %arg14 = %c0_i32_0, %arg15 = %c0_i32_4, %arg16 = %c0_i32_0, %arg17 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %18 = arith.index_cast %arg13 : i32 to index
      %19 = arith.index_cast %arg9 : i32 to index
      %c9_i32 = arith.constant 9 : i32
      %20 = arith.cmpi slt, %arg8, %c9_i32 : i32
      %21:4 = scf.if %20 -> (i32, i32, i32, i32) {
        %c1_i32_16 = arith.constant 1 : i32
        %55 = arith.addi %arg8, %c1_i32_16 : i32
        %56 = arith.index_cast %55 : i32 to index
        %57 = tessera.load_scalar %arg0[%56] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_17 = arith.constant 0 : i32
        %c0_i32_18 = arith.constant 0 : i32
        scf.yield %57, %c0_i32_17, %55, %c0_i32_18 : i32, i32, i32, i32
      } else {
        scf.yield %arg10, %arg11, %arg14, %arg15 : i32, i32, i32, i32
      }
      %22 = arith.cmpi ne, %21#0, %arg10 : i32
      %23 = arith.cmpi ne, %21#1, %arg11 : i32
      %24 = arith.ori %22, %23 : i1
      %25 = arith.andi %20, %24 : i1
      %c1_i32_10 = arith.constant 1 : i32
      %26 = arith.subi %c1_i32_10, %arg9 : i32
      %27 = arith.index_cast %26 : i32 to index
      scf.if %25 {
        %55 = tessera.view %arg4 [%27] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_16 = arith.constant 8 : i32
        %56 = arith.muli %21#0, %c8_i32_16 : i32
        %57 = tessera.multiple_of %56, 8 : i32
        %58 = arith.index_cast %57 : i32 to index
        %c256_i32_17 = arith.constant 256 : i32
        %59 = arith.muli %21#1, %c256_i32_17 : i32
        %60 = tessera.multiple_of %59, 256 : i32
        %61 = arith.index_cast %60 : i32 to index
        %62 = tessera.view %arg1 [%58, %61] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_18 = arith.constant 8 : i32
        %63 = arith.muli %26, %c8_i32_18 : i32
        %64 = tessera.multiple_of %63, 8 : i32
        %65 = arith.index_cast %64 : i32 to index
        %66 = tessera.view %arg3 [%65, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %62, %66, %55 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c0_i32_11 = arith.constant 0 : i32
      %28 = arith.cmpi ne, %arg12, %c0_i32_11 : i32
      scf.if %28 {
        %55 = tessera.view %arg4 [%19] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_16 = arith.constant 8 : i32
        %56 = arith.muli %arg10, %c8_i32_16 : i32
        %57 = tessera.multiple_of %56, 8 : i32
        %58 = arith.index_cast %57 : i32 to index
        %c256_i32_17 = arith.constant 256 : i32
        %59 = arith.muli %arg11, %c256_i32_17 : i32
        %60 = tessera.multiple_of %59, 256 : i32
        %61 = arith.index_cast %60 : i32 to index
        %62 = tessera.view %arg1 [%58, %61] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_18 = arith.constant 8 : i32
        %63 = arith.muli %arg9, %c8_i32_18 : i32
        %64 = tessera.multiple_of %63, 8 : i32
        %65 = arith.index_cast %64 : i32 to index
        %66 = tessera.view %arg3 [%65, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %62, %66, %55 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %29 = arith.select %25, %26, %arg9 : i32
      %30 = arith.select %25, %c1_i32_1, %c0_i32_0 : i32
      %31 = arith.select %25, %21#0, %arg10 : i32
      %32 = arith.select %25, %21#1, %arg11 : i32
      %c0_i32_12 = arith.constant 0 : i32
      %33 = arith.cmpi ne, %arg16, %c0_i32_12 : i32
      scf.if %33 {
        %55 = tessera.view %arg6 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_16 = arith.constant 8 : i32
        %56 = arith.muli %arg14, %c8_i32_16 : i32
        %57 = tessera.multiple_of %56, 8 : i32
        %58 = arith.index_cast %57 : i32 to index
        %c256_i32_17 = arith.constant 256 : i32
        %59 = arith.muli %arg15, %c256_i32_17 : i32
        %60 = tessera.multiple_of %59, 256 : i32
        %61 = arith.index_cast %60 : i32 to index
        %62 = tessera.view %arg2 [%58, %61] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_18 = arith.constant 8 : i32
        %63 = arith.muli %arg13, %c8_i32_18 : i32
        %64 = tessera.multiple_of %63, 8 : i32
        %65 = arith.index_cast %64 : i32 to index
        %66 = tessera.view %arg5 [%65, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %66, %62, %55 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c8_i32_13 = arith.constant 8 : i32
      %34 = arith.muli %arg9, %c8_i32_13 : i32
      %35 = tessera.multiple_of %34, 8 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg3 [%36, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c8_i32_14 = arith.constant 8 : i32
      %38 = arith.muli %arg13, %c8_i32_14 : i32
      %39 = tessera.multiple_of %38, 8 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg5 [%40, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %42 = tessera.load %37 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x256xf32>
      %cst = arith.constant dense<5.000000e-01> : vector<8x256xf32>
      %43 = arith.addf %42, %cst : vector<8x256xf32>
      tessera.store %43, %41 : vector<8x256xf32>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %true = arith.constant true
      %44 = arith.xori %20, %true : i1
      %45 = arith.cmpi ne, %21#2, %arg14 : i32
      %46 = arith.cmpi ne, %21#3, %arg15 : i32
      %47 = arith.ori %45, %46 : i1
      %48 = arith.ori %44, %47 : i1
      scf.if %48 {
        %c1_i32_16 = arith.constant 1 : i32
        %55 = arith.muli %arg14, %c1_i32_16 : i32
        %56 = arith.addi %55, %arg15 : i32
        %57 = arith.index_cast %56 : i32 to index
        %58 = tessera.load_scalar %arg7[%57] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_17 = arith.constant 0 : i32
        %59 = arith.cmpi eq, %58, %c0_i32_17 : i32
        tessera.check %59, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg14, %arg15 : i32, i32]
        %c1_i32_18 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_18, %arg7[%57] : i32, memref<10xi32, #tessera.memory_space<smem>>
        %60 = tessera.view %arg6 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c8_i32_19 = arith.constant 8 : i32
        %61 = arith.muli %arg14, %c8_i32_19 : i32
        %62 = tessera.multiple_of %61, 8 : i32
        %63 = arith.index_cast %62 : i32 to index
        %c256_i32_20 = arith.constant 256 : i32
        %64 = arith.muli %arg15, %c256_i32_20 : i32
        %65 = tessera.multiple_of %64, 256 : i32
        %66 = arith.index_cast %65 : i32 to index
        %67 = tessera.view %arg2 [%63, %66] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %c8_i32_21 = arith.constant 8 : i32
        %68 = arith.muli %arg13, %c8_i32_21 : i32
        %69 = tessera.multiple_of %68, 8 : i32
        %70 = arith.index_cast %69 : i32 to index
        %71 = tessera.view %arg5 [%70, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %71, %67, %60 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c1_i32_15 = arith.constant 1 : i32
      %49 = arith.subi %c1_i32_15, %arg13 : i32
      %50 = arith.select %48, %49, %arg13 : i32
      %51 = arith.select %48, %arg17, %c0_i32_0 : i32
      %52 = arith.select %48, %c1_i32_1, %arg17 : i32
      %53 = arith.select %48, %21#2, %arg14 : i32
      %54 = arith.select %48, %21#3, %arg15 : i32
      scf.yield %29, %31, %32, %30, %50, %53, %54, %51, %52 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %15 = arith.index_cast %14#4 : i32 to index
    %c0_i32_8 = arith.constant 0 : i32
    %16 = arith.cmpi ne, %14#7, %c0_i32_8 : i32
    scf.if %16 {
      %18 = tessera.view %arg6 [%15] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_10 = arith.constant 8 : i32
      %19 = arith.muli %14#5, %c8_i32_10 : i32
      %20 = tessera.multiple_of %19, 8 : i32
      %21 = arith.index_cast %20 : i32 to index
      %c256_i32_11 = arith.constant 256 : i32
      %22 = arith.muli %14#6, %c256_i32_11 : i32
      %23 = tessera.multiple_of %22, 256 : i32
      %24 = arith.index_cast %23 : i32 to index
      %25 = tessera.view %arg2 [%21, %24] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_12 = arith.constant 8 : i32
      %26 = arith.muli %14#4, %c8_i32_12 : i32
      %27 = tessera.multiple_of %26, 8 : i32
      %28 = arith.index_cast %27 : i32 to index
      %29 = tessera.view %arg5 [%28, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %29, %25, %18 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_9 = arith.constant 0 : i32
    %17 = arith.cmpi ne, %14#8, %c0_i32_9 : i32
    scf.if %17 {
      %c1_i32_10 = arith.constant 1 : i32
      %18 = arith.subi %c1_i32_10, %14#4 : i32
      %19 = arith.index_cast %18 : i32 to index
      %20 = tessera.view %arg6 [%19] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c8_i32_11 = arith.constant 8 : i32
      %21 = arith.muli %14#5, %c8_i32_11 : i32
      %22 = tessera.multiple_of %21, 8 : i32
      %23 = arith.index_cast %22 : i32 to index
      %c256_i32_12 = arith.constant 256 : i32
      %24 = arith.muli %14#6, %c256_i32_12 : i32
      %25 = tessera.multiple_of %24, 256 : i32
      %26 = arith.index_cast %25 : i32 to index
      %27 = tessera.view %arg2 [%23, %26] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %c8_i32_13 = arith.constant 8 : i32
      %28 = arith.muli %18, %c8_i32_13 : i32
      %29 = tessera.multiple_of %28, 8 : i32
      %30 = arith.index_cast %29 : i32 to index
      %31 = tessera.view %arg5 [%30, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %31, %27, %20 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
