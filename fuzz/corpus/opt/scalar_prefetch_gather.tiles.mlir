module {
  func.func @scalar_prefetch_gather(%arg0: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "idx_smem"}, %arg1: memref<128x256xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg2: memref<80x256xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg4: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg5: memref<16x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg6: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg7: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<5.000000e-01> : vector<8x128xf32>
    %c9_i32 = arith.constant 9 : i32
    %c256_i32 = arith.constant 256 : i32
    %c8_i32 = arith.constant 8 : i32
    %c0_i32 = arith.constant 0 : i32
    %c10_i32 = arith.constant 10 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg8 = %c0_i32 to %c10_i32 step %c1_i32  : i32 {
      %15 = arith.index_cast %arg8 : i32 to index
      tessera.store_scalar %c0_i32, %arg7[%15] : i32, memref<10xi32, #tessera.memory_space<smem>>
    }
    %0 = tessera.load_scalar %arg0[%c0] : memref<10xi32, #tessera.memory_space<smem>> -> i32
    %1 = tessera.view %arg4 [%c0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %2 = arith.muli %0, %c8_i32 : i32
    %3 = tessera.multiple_of %2, 8 : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = tessera.multiple_of %c0_i32, 256 : i32
    %6 = arith.index_cast %5 : i32 to index
    %7 = tessera.view %arg1 [%4, %6] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    %8 = tessera.multiple_of %c0_i32, 8 : i32
    %9 = arith.index_cast %8 : i32 to index
    %10 = tessera.view %arg3 [%9, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %7, %10, %1 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %11:9 = scf.for %arg8 = %c0_i32 to %c10_i32 step %c1_i32 iter_args(%arg9 = %c0_i32, %arg10 = %0, %arg11 = %c0_i32, %arg12 = %c1_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32, %arg17 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %15 = arith.index_cast %arg13 : i32 to index
      %16 = arith.index_cast %arg9 : i32 to index
      %17 = arith.cmpi slt, %arg8, %c9_i32 : i32
      %18 = arith.select %17, %c0_i32, %arg11 : i32
      %19 = arith.select %17, %c0_i32, %arg15 : i32
      %20:2 = scf.if %17 -> (i32, i32) {
        %60 = arith.addi %arg8, %c1_i32 : i32
        %61 = arith.index_cast %60 : i32 to index
        %62 = tessera.load_scalar %arg0[%61] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        scf.yield %62, %60 : i32, i32
      } else {
        scf.yield %arg10, %arg14 : i32, i32
      }
      %21 = arith.cmpi ne, %20#0, %arg10 : i32
      %22 = arith.cmpi ne, %18, %arg11 : i32
      %23 = arith.ori %21, %22 : i1
      %24 = arith.andi %17, %23 : i1
      %25 = arith.subi %c1_i32, %arg9 : i32
      %26 = arith.index_cast %25 : i32 to index
      scf.if %24 {
        %60 = tessera.view %arg4 [%26] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %61 = arith.muli %20#0, %c8_i32 : i32
        %62 = tessera.multiple_of %61, 8 : i32
        %63 = arith.index_cast %62 : i32 to index
        %64 = arith.muli %18, %c256_i32 : i32
        %65 = tessera.multiple_of %64, 256 : i32
        %66 = arith.index_cast %65 : i32 to index
        %67 = tessera.view %arg1 [%63, %66] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %68 = arith.muli %25, %c8_i32 : i32
        %69 = tessera.multiple_of %68, 8 : i32
        %70 = arith.index_cast %69 : i32 to index
        %71 = tessera.view %arg3 [%70, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %67, %71, %60 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %27 = arith.cmpi ne, %arg12, %c0_i32 : i32
      scf.if %27 {
        %60 = tessera.view %arg4 [%16] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %61 = arith.muli %arg10, %c8_i32 : i32
        %62 = tessera.multiple_of %61, 8 : i32
        %63 = arith.index_cast %62 : i32 to index
        %64 = arith.muli %arg11, %c256_i32 : i32
        %65 = tessera.multiple_of %64, 256 : i32
        %66 = arith.index_cast %65 : i32 to index
        %67 = tessera.view %arg1 [%63, %66] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %68 = arith.muli %arg9, %c8_i32 : i32
        %69 = tessera.multiple_of %68, 8 : i32
        %70 = arith.index_cast %69 : i32 to index
        %71 = tessera.view %arg3 [%70, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %67, %71, %60 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %28 = arith.select %24, %25, %arg9 : i32
      %29 = arith.extui %24 : i1 to i32
      %30 = arith.select %24, %20#0, %arg10 : i32
      %31 = arith.select %24, %18, %arg11 : i32
      %32 = arith.cmpi ne, %arg16, %c0_i32 : i32
      scf.if %32 {
        %60 = tessera.view %arg6 [%15] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %61 = arith.muli %arg14, %c8_i32 : i32
        %62 = tessera.multiple_of %61, 8 : i32
        %63 = arith.index_cast %62 : i32 to index
        %64 = arith.muli %arg15, %c256_i32 : i32
        %65 = tessera.multiple_of %64, 256 : i32
        %66 = arith.index_cast %65 : i32 to index
        %67 = tessera.view %arg2 [%63, %66] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %68 = arith.muli %arg13, %c8_i32 : i32
        %69 = tessera.multiple_of %68, 8 : i32
        %70 = arith.index_cast %69 : i32 to index
        %71 = tessera.view %arg5 [%70, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %71, %67, %60 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %33 = arith.muli %arg9, %c8_i32 : i32
      %34 = tessera.multiple_of %33, 8 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg3 [%35, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %37 = arith.muli %arg13, %c8_i32 : i32
      %38 = tessera.multiple_of %37, 8 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg5 [%39, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %41 = tessera.view %36 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %42 = tessera.load %41 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %43 = tessera.view %36 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %44 = tessera.load %43 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %45 = arith.addf %42, %cst : vector<8x128xf32>
      %46 = arith.addf %44, %cst : vector<8x128xf32>
      %47 = tessera.view %40 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %45, %47 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %48 = tessera.view %40 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %46, %48 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %49 = arith.cmpi sge, %arg8, %c9_i32 : i32
      %50 = arith.cmpi ne, %20#1, %arg14 : i32
      %51 = arith.cmpi ne, %19, %arg15 : i32
      %52 = arith.ori %50, %51 : i1
      %53 = arith.ori %49, %52 : i1
      scf.if %53 {
        %60 = arith.addi %arg14, %arg15 : i32
        %61 = arith.index_cast %60 : i32 to index
        %62 = tessera.load_scalar %arg7[%61] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %63 = arith.cmpi eq, %62, %c0_i32 : i32
        tessera.check %63, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg14, %arg15 : i32, i32]
        tessera.store_scalar %c1_i32, %arg7[%61] : i32, memref<10xi32, #tessera.memory_space<smem>>
        %64 = tessera.view %arg6 [%15] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %65 = arith.muli %arg14, %c8_i32 : i32
        %66 = tessera.multiple_of %65, 8 : i32
        %67 = arith.index_cast %66 : i32 to index
        %68 = arith.muli %arg15, %c256_i32 : i32
        %69 = tessera.multiple_of %68, 256 : i32
        %70 = arith.index_cast %69 : i32 to index
        %71 = tessera.view %arg2 [%67, %70] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %72 = arith.muli %arg13, %c8_i32 : i32
        %73 = tessera.multiple_of %72, 8 : i32
        %74 = arith.index_cast %73 : i32 to index
        %75 = tessera.view %arg5 [%74, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %75, %71, %64 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %54 = arith.subi %c1_i32, %arg13 : i32
      %55 = arith.select %53, %54, %arg13 : i32
      %56 = arith.select %53, %arg17, %c0_i32 : i32
      %57 = arith.select %53, %c1_i32, %arg17 : i32
      %58 = arith.select %53, %20#1, %arg14 : i32
      %59 = arith.select %53, %19, %arg15 : i32
      scf.yield %28, %30, %31, %29, %55, %58, %59, %56, %57 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %12 = arith.index_cast %11#4 : i32 to index
    %13 = arith.cmpi ne, %11#7, %c0_i32 : i32
    scf.if %13 {
      %15 = tessera.view %arg6 [%12] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %16 = arith.muli %11#5, %c8_i32 : i32
      %17 = tessera.multiple_of %16, 8 : i32
      %18 = arith.index_cast %17 : i32 to index
      %19 = arith.muli %11#6, %c256_i32 : i32
      %20 = tessera.multiple_of %19, 256 : i32
      %21 = arith.index_cast %20 : i32 to index
      %22 = tessera.view %arg2 [%18, %21] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %23 = arith.muli %11#4, %c8_i32 : i32
      %24 = tessera.multiple_of %23, 8 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg5 [%25, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %26, %22, %15 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %14 = arith.cmpi ne, %11#8, %c0_i32 : i32
    scf.if %14 {
      %15 = arith.subi %c1_i32, %11#4 : i32
      %16 = arith.index_cast %15 : i32 to index
      %17 = tessera.view %arg6 [%16] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %18 = arith.muli %11#5, %c8_i32 : i32
      %19 = tessera.multiple_of %18, 8 : i32
      %20 = arith.index_cast %19 : i32 to index
      %21 = arith.muli %11#6, %c256_i32 : i32
      %22 = tessera.multiple_of %21, 256 : i32
      %23 = arith.index_cast %22 : i32 to index
      %24 = tessera.view %arg2 [%20, %23] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %25 = arith.muli %15, %c8_i32 : i32
      %26 = tessera.multiple_of %25, 8 : i32
      %27 = arith.index_cast %26 : i32 to index
      %28 = tessera.view %arg5 [%27, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %28, %24, %17 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    return
  }
}
