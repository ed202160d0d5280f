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
      %19 = arith.index_cast %arg8 : i32 to index
      tessera.store_scalar %c0_i32, %arg7[%19] : i32, memref<10xi32, #tessera.memory_space<smem>>
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
    tessera.bounds_check %7 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    tessera.bounds_check %10 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %7, %10, %1 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %11:9 = scf.for %arg8 = %c0_i32 to %c10_i32 step %c1_i32 iter_args(%arg9 = %c0_i32, %arg10 = %0, %arg11 = %c0_i32, %arg12 = %c1_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32, %arg17 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %19 = arith.index_cast %arg13 : i32 to index
      %20 = arith.index_cast %arg9 : i32 to index
      %21 = arith.cmpi slt, %arg8, %c9_i32 : i32
      %22 = arith.select %21, %c0_i32, %arg11 : i32
      %23 = arith.select %21, %c0_i32, %arg15 : i32
      %24:2 = scf.if %21 -> (i32, i32) {
        %64 = arith.addi %arg8, %c1_i32 : i32
        %65 = arith.index_cast %64 : i32 to index
        %66 = tessera.load_scalar %arg0[%65] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        scf.yield %66, %64 : i32, i32
      } else {
        scf.yield %arg10, %arg14 : i32, i32
      }
      %25 = arith.cmpi ne, %24#0, %arg10 : i32
      %26 = arith.cmpi ne, %22, %arg11 : i32
      %27 = arith.ori %25, %26 : i1
      %28 = arith.andi %21, %27 : i1
      %29 = arith.subi %c1_i32, %arg9 : i32
      %30 = arith.index_cast %29 : i32 to index
      scf.if %28 {
        %64 = tessera.view %arg4 [%30] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %65 = arith.muli %24#0, %c8_i32 : i32
        %66 = tessera.multiple_of %65, 8 : i32
        %67 = arith.index_cast %66 : i32 to index
        %68 = arith.muli %22, %c256_i32 : i32
        %69 = tessera.multiple_of %68, 256 : i32
        %70 = arith.index_cast %69 : i32 to index
        %71 = tessera.view %arg1 [%67, %70] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %72 = arith.muli %29, %c8_i32 : i32
        %73 = tessera.multiple_of %72, 8 : i32
        %74 = arith.index_cast %73 : i32 to index
        %75 = tessera.view %arg3 [%74, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %71 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        tessera.bounds_check %75 {dma = "dma.hbm_to_vmem"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %71, %75, %64 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %31 = arith.cmpi ne, %arg12, %c0_i32 : i32
      scf.if %31 {
        %64 = tessera.view %arg4 [%20] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %65 = arith.muli %arg10, %c8_i32 : i32
        %66 = tessera.multiple_of %65, 8 : i32
        %67 = arith.index_cast %66 : i32 to index
        %68 = arith.muli %arg11, %c256_i32 : i32
        %69 = tessera.multiple_of %68, 256 : i32
        %70 = arith.index_cast %69 : i32 to index
        %71 = tessera.view %arg1 [%67, %70] [8, 256] : memref<128x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %72 = arith.muli %arg9, %c8_i32 : i32
        %73 = tessera.multiple_of %72, 8 : i32
        %74 = arith.index_cast %73 : i32 to index
        %75 = tessera.view %arg3 [%74, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %71, %75, %64 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %32 = arith.select %28, %29, %arg9 : i32
      %33 = arith.extui %28 : i1 to i32
      %34 = arith.select %28, %24#0, %arg10 : i32
      %35 = arith.select %28, %22, %arg11 : i32
      %36 = arith.cmpi ne, %arg16, %c0_i32 : i32
      scf.if %36 {
        %64 = tessera.view %arg6 [%19] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
        tessera.dma_wait %75, %71, %64 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %37 = arith.muli %arg9, %c8_i32 : i32
      %38 = tessera.multiple_of %37, 8 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg3 [%39, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %41 = arith.muli %arg13, %c8_i32 : i32
      %42 = tessera.multiple_of %41, 8 : i32
      %43 = arith.index_cast %42 : i32 to index
      %44 = tessera.view %arg5 [%43, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %45 = tessera.view %40 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %46 = tessera.load %45 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %47 = tessera.view %40 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %48 = tessera.load %47 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %49 = arith.addf %46, %cst : vector<8x128xf32>
      %50 = arith.addf %48, %cst : vector<8x128xf32>
      %51 = tessera.view %44 [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %49, %51 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %52 = tessera.view %44 [0, 128] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %50, %52 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %53 = arith.cmpi sge, %arg8, %c9_i32 : i32
      %54 = arith.cmpi ne, %24#1, %arg14 : i32
      %55 = arith.cmpi ne, %23, %arg15 : i32
      %56 = arith.ori %54, %55 : i1
      %57 = arith.ori %53, %56 : i1
      scf.if %57 {
        %64 = arith.addi %arg14, %arg15 : i32
        %65 = arith.index_cast %64 : i32 to index
        %66 = tessera.load_scalar %arg7[%65] : memref<10xi32, #tessera.memory_space<smem>> -> i32
        %67 = arith.cmpi eq, %66, %c0_i32 : i32
        tessera.check %67, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg14, %arg15 : i32, i32]
        tessera.store_scalar %c1_i32, %arg7[%65] : i32, memref<10xi32, #tessera.memory_space<smem>>
        %68 = tessera.view %arg6 [%19] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %69 = arith.muli %arg14, %c8_i32 : i32
        %70 = tessera.multiple_of %69, 8 : i32
        %71 = arith.index_cast %70 : i32 to index
        %72 = arith.muli %arg15, %c256_i32 : i32
        %73 = tessera.multiple_of %72, 256 : i32
        %74 = arith.index_cast %73 : i32 to index
        %75 = tessera.view %arg2 [%71, %74] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        %76 = arith.muli %arg13, %c8_i32 : i32
        %77 = tessera.multiple_of %76, 8 : i32
        %78 = arith.index_cast %77 : i32 to index
        %79 = tessera.view %arg5 [%78, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %79 {dma = "dma.vmem_to_hbm"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %75 {dma = "dma.vmem_to_hbm"} : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
        tessera.dma_start %79, %75, %68 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %58 = arith.subi %c1_i32, %arg13 : i32
      %59 = arith.select %57, %58, %arg13 : i32
      %60 = arith.select %57, %arg17, %c0_i32 : i32
      %61 = arith.select %57, %c1_i32, %arg17 : i32
      %62 = arith.select %57, %24#1, %arg14 : i32
      %63 = arith.select %57, %23, %arg15 : i32
      scf.yield %32, %34, %35, %33, %59, %62, %63, %60, %61 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %12 = arith.index_cast %11#4 : i32 to index
    %13 = arith.cmpi ne, %11#7, %c0_i32 : i32
    scf.if %13 {
      %19 = tessera.view %arg6 [%12] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %20 = arith.muli %11#5, %c8_i32 : i32
      %21 = tessera.multiple_of %20, 8 : i32
      %22 = arith.index_cast %21 : i32 to index
      %23 = arith.muli %11#6, %c256_i32 : i32
      %24 = tessera.multiple_of %23, 256 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg2 [%22, %25] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %27 = arith.muli %11#4, %c8_i32 : i32
      %28 = tessera.multiple_of %27, 8 : i32
      %29 = arith.index_cast %28 : i32 to index
      %30 = tessera.view %arg5 [%29, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %30, %26, %19 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %14 = arith.cmpi ne, %11#8, %c0_i32 : i32
    scf.if %14 {
      %19 = arith.subi %c1_i32, %11#4 : i32
      %20 = arith.index_cast %19 : i32 to index
      %21 = tessera.view %arg6 [%20] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %22 = arith.muli %11#5, %c8_i32 : i32
      %23 = tessera.multiple_of %22, 8 : i32
      %24 = arith.index_cast %23 : i32 to index
      %25 = arith.muli %11#6, %c256_i32 : i32
      %26 = tessera.multiple_of %25, 256 : i32
      %27 = arith.index_cast %26 : i32 to index
      %28 = tessera.view %arg2 [%24, %27] [8, 256] : memref<80x256xf32, #tessera.memory_space<any>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
      %29 = arith.muli %19, %c8_i32 : i32
      %30 = tessera.multiple_of %29, 8 : i32
      %31 = arith.index_cast %30 : i32 to index
      %32 = tessera.view %arg5 [%31, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %32, %28, %21 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %15 = tessera.view %arg4 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %15 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %16 = tessera.view %arg4 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %16 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    %17 = tessera.view %arg6 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %17 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %18 = tessera.view %arg6 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %18 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    return
  }
}
