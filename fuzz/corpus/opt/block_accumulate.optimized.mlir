module {
  func.func @block_accumulate(%arg0: memref<1024x512xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x512xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<256x256xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<4xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<0.000000e+00> : vector<8x128xf32>
    %c15_i32 = arith.constant 15 : i32
    %c8_i32 = arith.constant 8 : i32
    %c16_i32 = arith.constant 16 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %c2_i32 = arith.constant 2 : i32
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg7 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %17 = arith.index_cast %arg7 : i32 to index
      tessera.store_scalar %c0_i32, %arg6[%17] : i32, memref<4xi32, #tessera.memory_space<smem>>
    }
    %0 = tessera.view %arg3 [%c0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %1 = tessera.multiple_of %c0_i32, 128 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = tessera.multiple_of %c0_i32, 256 : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = tessera.view %arg0 [%2, %4] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
    %6 = tessera.multiple_of %c0_i32, 128 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg2 [%7, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.bounds_check %5 {dma = "dma.hbm_to_vmem"} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
    tessera.bounds_check %8 {dma = "dma.hbm_to_vmem"} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %5, %8, %0 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %9:9 = scf.for %arg7 = %c0_i32 to %c16_i32 step %c1_i32 iter_args(%arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32, %arg11 = %c1_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %17 = arith.index_cast %arg12 : i32 to index
      %18 = arith.index_cast %arg8 : i32 to index
      %19 = arith.remsi %arg7, %c4_i32 : i32
      %20 = arith.cmpi slt, %arg7, %c15_i32 : i32
      %21:4 = scf.if %20 -> (i32, i32, i32, i32) {
        %278 = arith.addi %arg7, %c1_i32 : i32
        %279 = arith.remsi %278, %c4_i32 : i32
        %280 = arith.divsi %278, %c4_i32 : i32
        %281 = arith.remsi %280, %c2_i32 : i32
        %282 = arith.divsi %278, %c8_i32 : i32
        %283 = arith.muli %279, %c2_i32 : i32
        %284 = arith.addi %283, %282 : i32
        scf.yield %284, %281, %282, %281 : i32, i32, i32, i32
      } else {
        scf.yield %arg9, %arg10, %arg13, %arg14 : i32, i32, i32, i32
      }
      %22 = arith.cmpi ne, %21#0, %arg9 : i32
      %23 = arith.cmpi ne, %21#1, %arg10 : i32
      %24 = arith.ori %22, %23 : i1
      %25 = arith.andi %20, %24 : i1
      %26 = arith.subi %c1_i32, %arg8 : i32
      %27 = arith.index_cast %26 : i32 to index
      scf.if %25 {
        %278 = tessera.view %arg3 [%27] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %279 = arith.muli %21#0, %c128_i32 : i32
        %280 = tessera.multiple_of %279, 128 : i32
        %281 = arith.index_cast %280 : i32 to index
        %282 = arith.muli %21#1, %c256_i32 : i32
        %283 = tessera.multiple_of %282, 256 : i32
        %284 = arith.index_cast %283 : i32 to index
        %285 = tessera.view %arg0 [%281, %284] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %286 = arith.muli %26, %c128_i32 : i32
        %287 = tessera.multiple_of %286, 128 : i32
        %288 = arith.index_cast %287 : i32 to index
        %289 = tessera.view %arg2 [%288, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %285 {dma = "dma.hbm_to_vmem"} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        tessera.bounds_check %289 {dma = "dma.hbm_to_vmem"} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %285, %289, %278 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %28 = arith.cmpi ne, %arg11, %c0_i32 : i32
      scf.if %28 {
        %278 = tessera.view %arg3 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %279 = arith.muli %arg9, %c128_i32 : i32
        %280 = tessera.multiple_of %279, 128 : i32
        %281 = arith.index_cast %280 : i32 to index
        %282 = arith.muli %arg10, %c256_i32 : i32
        %283 = tessera.multiple_of %282, 256 : i32
        %284 = arith.index_cast %283 : i32 to index
        %285 = tessera.view %arg0 [%281, %284] [128, 256] : memref<1024x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %286 = arith.muli %arg8, %c128_i32 : i32
        %287 = tessera.multiple_of %286, 128 : i32
        %288 = arith.index_cast %287 : i32 to index
        %289 = tessera.view %arg2 [%288, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %285, %289, %278 : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %29 = arith.select %25, %26, %arg8 : i32
      %30 = arith.extui %25 : i1 to i32
      %31 = arith.select %25, %21#0, %arg9 : i32
      %32 = arith.select %25, %21#1, %arg10 : i32
      %33 = arith.cmpi ne, %arg15, %c0_i32 : i32
      scf.if %33 {
        %278 = tessera.view %arg5 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %279 = arith.muli %arg13, %c128_i32 : i32
        %280 = tessera.multiple_of %279, 128 : i32
        %281 = arith.index_cast %280 : i32 to index
        %282 = arith.muli %arg14, %c256_i32 : i32
        %283 = tessera.multiple_of %282, 256 : i32
        %284 = arith.index_cast %283 : i32 to index
        %285 = tessera.view %arg1 [%281, %284] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %286 = arith.muli %arg12, %c128_i32 : i32
        %287 = tessera.multiple_of %286, 128 : i32
        %288 = arith.index_cast %287 : i32 to index
        %289 = tessera.view %arg4 [%288, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %289, %285, %278 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %34 = arith.muli %arg8, %c128_i32 : i32
      %35 = tessera.multiple_of %34, 128 : i32
      %36 = arith.index_cast %35 : i32 to index
      %37 = tessera.view %arg2 [%36, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %38 = arith.muli %arg12, %c128_i32 : i32
      %39 = tessera.multiple_of %38, 128 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %arg4 [%40, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %42 = arith.cmpi eq, %19, %c0_i32 : i32
      %43 = tessera.view %41 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %44 = tessera.load %43 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %45 = arith.select %42, %cst, %44 : vector<8x128xf32>
      %46 = tessera.view %41 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %47 = tessera.load %46 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %48 = arith.select %42, %cst, %47 : vector<8x128xf32>
      %49 = tessera.view %41 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %50 = tessera.load %49 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %51 = arith.select %42, %cst, %50 : vector<8x128xf32>
      %52 = tessera.view %41 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %53 = tessera.load %52 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %54 = arith.select %42, %cst, %53 : vector<8x128xf32>
      %55 = tessera.view %41 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %56 = tessera.load %55 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %57 = arith.select %42, %cst, %56 : vector<8x128xf32>
      %58 = tessera.view %41 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %59 = tessera.load %58 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %60 = arith.select %42, %cst, %59 : vector<8x128xf32>
      %61 = tessera.view %41 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %62 = tessera.load %61 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %63 = arith.select %42, %cst, %62 : vector<8x128xf32>
      %64 = tessera.view %41 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %65 = tessera.load %64 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %66 = arith.select %42, %cst, %65 : vector<8x128xf32>
      %67 = tessera.view %41 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %68 = tessera.load %67 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %69 = arith.select %42, %cst, %68 : vector<8x128xf32>
      %70 = tessera.view %41 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %71 = tessera.load %70 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %72 = arith.select %42, %cst, %71 : vector<8x128xf32>
      %73 = tessera.view %41 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %74 = tessera.load %73 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %75 = arith.select %42, %cst, %74 : vector<8x128xf32>
      %76 = tessera.view %41 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %77 = tessera.load %76 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %78 = arith.select %42, %cst, %77 : vector<8x128xf32>
      %79 = tessera.view %41 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %80 = tessera.load %79 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %81 = arith.select %42, %cst, %80 : vector<8x128xf32>
      %82 = tessera.view %41 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %83 = tessera.load %82 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %84 = arith.select %42, %cst, %83 : vector<8x128xf32>
      %85 = tessera.view %41 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %86 = tessera.load %85 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %87 = arith.select %42, %cst, %86 : vector<8x128xf32>
      %88 = tessera.view %41 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %89 = tessera.load %88 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %90 = arith.select %42, %cst, %89 : vector<8x128xf32>
      %91 = tessera.view %41 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %92 = tessera.load %91 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %93 = arith.select %42, %cst, %92 : vector<8x128xf32>
      %94 = tessera.view %41 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %95 = tessera.load %94 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %96 = arith.select %42, %cst, %95 : vector<8x128xf32>
      %97 = tessera.view %41 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %98 = tessera.load %97 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %99 = arith.select %42, %cst, %98 : vector<8x128xf32>
      %100 = tessera.view %41 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %101 = tessera.load %100 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %102 = arith.select %42, %cst, %101 : vector<8x128xf32>
      %103 = tessera.view %41 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %104 = tessera.load %103 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %105 = arith.select %42, %cst, %104 : vector<8x128xf32>
      %106 = tessera.view %41 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %107 = tessera.load %106 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %108 = arith.select %42, %cst, %107 : vector<8x128xf32>
      %109 = tessera.view %41 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %110 = tessera.load %109 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %111 = arith.select %42, %cst, %110 : vector<8x128xf32>
      %112 = tessera.view %41 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %113 = tessera.load %112 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %114 = arith.select %42, %cst, %113 : vector<8x128xf32>
      %115 = tessera.view %41 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %116 = tessera.load %115 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %117 = arith.select %42, %cst, %116 : vector<8x128xf32>
      %118 = tessera.view %41 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %119 = tessera.load %118 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %120 = arith.select %42, %cst, %119 : vector<8x128xf32>
      %121 = tessera.view %41 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %122 = tessera.load %121 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %123 = arith.select %42, %cst, %122 : vector<8x128xf32>
      %124 = tessera.view %41 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %125 = tessera.load %124 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %126 = arith.select %42, %cst, %125 : vector<8x128xf32>
      %127 = tessera.view %41 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %128 = tessera.load %127 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %129 = arith.select %42, %cst, %128 : vector<8x128xf32>
      %130 = tessera.view %41 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %131 = tessera.load %130 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %132 = arith.select %42, %cst, %131 : vector<8x128xf32>
      %133 = tessera.view %41 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %134 = tessera.load %133 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %135 = arith.select %42, %cst, %134 : vector<8x128xf32>
      %136 = tessera.view %41 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %137 = tessera.load %136 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %138 = arith.select %42, %cst, %137 : vector<8x128xf32>
      scf.if %42 {
        %278 = tessera.view %41 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %278 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %279 = tessera.view %41 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %279 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %280 = tessera.view %41 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %280 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %281 = tessera.view %41 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %281 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %282 = tessera.view %41 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %282 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %283 = tessera.view %41 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %283 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %284 = tessera.view %41 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %284 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %285 = tessera.view %41 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %285 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %286 = tessera.view %41 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %286 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %287 = tessera.view %41 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %287 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %288 = tessera.view %41 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %288 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %289 = tessera.view %41 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %289 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %290 = tessera.view %41 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %290 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %291 = tessera.view %41 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %291 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %292 = tessera.view %41 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %292 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %293 = tessera.view %41 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %293 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %294 = tessera.view %41 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %294 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %295 = tessera.view %41 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %295 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %296 = tessera.view %41 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %296 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %297 = tessera.view %41 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %297 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %298 = tessera.view %41 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %298 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %299 = tessera.view %41 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %299 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %300 = tessera.view %41 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %300 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %301 = tessera.view %41 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %301 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %302 = tessera.view %41 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %302 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %303 = tessera.view %41 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %303 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %304 = tessera.view %41 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %304 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %305 = tessera.view %41 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %305 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %306 = tessera.view %41 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %306 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %307 = tessera.view %41 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %307 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %308 = tessera.view %41 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %308 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        %309 = tessera.view %41 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %cst, %309 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      %139 = tessera.view %37 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %140 = tessera.load %139 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %141 = tessera.view %37 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %142 = tessera.load %141 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %143 = tessera.view %37 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %144 = tessera.load %143 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %145 = tessera.view %37 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %146 = tessera.load %145 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %147 = tessera.view %37 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %148 = tessera.load %147 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %149 = tessera.view %37 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %150 = tessera.load %149 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %151 = tessera.view %37 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %152 = tessera.load %151 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %153 = tessera.view %37 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %154 = tessera.load %153 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %155 = tessera.view %37 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %156 = tessera.load %155 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %157 = tessera.view %37 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %158 = tessera.load %157 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %159 = tessera.view %37 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %160 = tessera.load %159 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %161 = tessera.view %37 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %162 = tessera.load %161 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %163 = tessera.view %37 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %164 = tessera.load %163 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %165 = tessera.view %37 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %166 = tessera.load %165 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %167 = tessera.view %37 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %168 = tessera.load %167 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %169 = tessera.view %37 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %170 = tessera.load %169 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %171 = tessera.view %37 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %172 = tessera.load %171 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %173 = tessera.view %37 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %174 = tessera.load %173 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %175 = tessera.view %37 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %176 = tessera.load %175 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %177 = tessera.view %37 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %178 = tessera.load %177 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %179 = tessera.view %37 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %180 = tessera.load %179 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %181 = tessera.view %37 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %182 = tessera.load %181 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %183 = tessera.view %37 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %184 = tessera.load %183 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %185 = tessera.view %37 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %186 = tessera.load %185 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %187 = tessera.view %37 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %188 = tessera.load %187 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %189 = tessera.view %37 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %190 = tessera.load %189 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %191 = tessera.view %37 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %192 = tessera.load %191 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %193 = tessera.view %37 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %194 = tessera.load %193 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %195 = tessera.view %37 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %196 = tessera.load %195 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %197 = tessera.view %37 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %198 = tessera.load %197 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %199 = tessera.view %37 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %200 = tessera.load %199 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %201 = tessera.view %37 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %202 = tessera.load %201 : memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %203 = arith.addf %45, %140 : vector<8x128xf32>
      %204 = arith.addf %48, %142 : vector<8x128xf32>
      %205 = arith.addf %51, %144 : vector<8x128xf32>
      %206 = arith.addf %54, %146 : vector<8x128xf32>
      %207 = arith.addf %57, %148 : vector<8x128xf32>
      %208 = arith.addf %60, %150 : vector<8x128xf32>
      %209 = arith.addf %63, %152 : vector<8x128xf32>
      %210 = arith.addf %66, %154 : vector<8x128xf32>
      %211 = arith.addf %69, %156 : vector<8x128xf32>
      %212 = arith.addf %72, %158 : vector<8x128xf32>
      %213 = arith.addf %75, %160 : vector<8x128xf32>
      %214 = arith.addf %78, %162 : vector<8x128xf32>
      %215 = arith.addf %81, %164 : vector<8x128xf32>
      %216 = arith.addf %84, %166 : vector<8x128xf32>
      %217 = arith.addf %87, %168 : vector<8x128xf32>
      %218 = arith.addf %90, %170 : vector<8x128xf32>
      %219 = arith.addf %93, %172 : vector<8x128xf32>
      %220 = arith.addf %96, %174 : vector<8x128xf32>
      %221 = arith.addf %99, %176 : vector<8x128xf32>
      %222 = arith.addf %102, %178 : vector<8x128xf32>
      %223 = arith.addf %105, %180 : vector<8x128xf32>
      %224 = arith.addf %108, %182 : vector<8x128xf32>
      %225 = arith.addf %111, %184 : vector<8x128xf32>
      %226 = arith.addf %114, %186 : vector<8x128xf32>
      %227 = arith.addf %117, %188 : vector<8x128xf32>
      %228 = arith.addf %120, %190 : vector<8x128xf32>
      %229 = arith.addf %123, %192 : vector<8x128xf32>
      %230 = arith.addf %126, %194 : vector<8x128xf32>
      %231 = arith.addf %129, %196 : vector<8x128xf32>
      %232 = arith.addf %132, %198 : vector<8x128xf32>
      %233 = arith.addf %135, %200 : vector<8x128xf32>
      %234 = arith.addf %138, %202 : vector<8x128xf32>
      %235 = tessera.view %41 [0, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %203, %235 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %236 = tessera.view %41 [0, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %204, %236 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %237 = tessera.view %41 [8, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %205, %237 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %238 = tessera.view %41 [8, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %206, %238 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %239 = tessera.view %41 [16, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %207, %239 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %240 = tessera.view %41 [16, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %208, %240 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %241 = tessera.view %41 [24, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %209, %241 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %242 = tessera.view %41 [24, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %210, %242 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %243 = tessera.view %41 [32, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %211, %243 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %244 = tessera.view %41 [32, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %212, %244 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %245 = tessera.view %41 [40, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %213, %245 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %246 = tessera.view %41 [40, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %214, %246 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %247 = tessera.view %41 [48, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %215, %247 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %248 = tessera.view %41 [48, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %216, %248 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %249 = tessera.view %41 [56, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %217, %249 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %250 = tessera.view %41 [56, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %218, %250 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %251 = tessera.view %41 [64, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %219, %251 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %252 = tessera.view %41 [64, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %220, %252 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %253 = tessera.view %41 [72, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %221, %253 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %254 = tessera.view %41 [72, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %222, %254 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %255 = tessera.view %41 [80, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %223, %255 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %256 = tessera.view %41 [80, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %224, %256 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %257 = tessera.view %41 [88, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %225, %257 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %258 = tessera.view %41 [88, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %226, %258 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %259 = tessera.view %41 [96, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %227, %259 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %260 = tessera.view %41 [96, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %228, %260 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %261 = tessera.view %41 [104, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %229, %261 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %262 = tessera.view %41 [104, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %230, %262 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %263 = tessera.view %41 [112, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %231, %263 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %264 = tessera.view %41 [112, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %232, %264 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %265 = tessera.view %41 [120, 0] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %233, %265 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %266 = tessera.view %41 [120, 128] [8, 128] : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %234, %266 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      %267 = arith.cmpi sge, %arg7, %c15_i32 : i32
      %268 = arith.cmpi ne, %21#2, %arg13 : i32
      %269 = arith.cmpi ne, %21#3, %arg14 : i32
      %270 = arith.ori %268, %269 : i1
      %271 = arith.ori %267, %270 : i1
      scf.if %271 {
        %278 = arith.muli %arg13, %c2_i32 : i32
        %279 = arith.addi %278, %arg14 : i32
        %280 = arith.index_cast %279 : i32 to index
        %281 = tessera.load_scalar %arg6[%280] : memref<4xi32, #tessera.memory_space<smem>> -> i32
        %282 = arith.cmpi eq, %281, %c0_i32 : i32
        tessera.check %282, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        tessera.store_scalar %c1_i32, %arg6[%280] : i32, memref<4xi32, #tessera.memory_space<smem>>
        %283 = tessera.view %arg5 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %284 = arith.muli %arg13, %c128_i32 : i32
        %285 = tessera.multiple_of %284, 128 : i32
        %286 = arith.index_cast %285 : i32 to index
        %287 = arith.muli %arg14, %c256_i32 : i32
        %288 = tessera.multiple_of %287, 256 : i32
        %289 = arith.index_cast %288 : i32 to index
        %290 = tessera.view %arg1 [%286, %289] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        %291 = arith.muli %arg12, %c128_i32 : i32
        %292 = tessera.multiple_of %291, 128 : i32
        %293 = arith.index_cast %292 : i32 to index
        %294 = tessera.view %arg4 [%293, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %294 {dma = "dma.vmem_to_hbm"} : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %290 {dma = "dma.vmem_to_hbm"} : memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
        tessera.dma_start %294, %290, %283 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %272 = arith.subi %c1_i32, %arg12 : i32
      %273 = arith.select %271, %272, %arg12 : i32
      %274 = arith.select %271, %arg16, %c0_i32 : i32
      %275 = arith.select %271, %c1_i32, %arg16 : i32
      %276 = arith.select %271, %21#2, %arg13 : i32
      %277 = arith.select %271, %21#3, %arg14 : i32
      scf.yield %29, %31, %32, %30, %273, %276, %277, %274, %275 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %10 = arith.index_cast %9#4 : i32 to index
    %11 = arith.cmpi ne, %9#7, %c0_i32 : i32
    scf.if %11 {
      %17 = tessera.view %arg5 [%10] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %18 = arith.muli %9#5, %c128_i32 : i32
      %19 = tessera.multiple_of %18, 128 : i32
      %20 = arith.index_cast %19 : i32 to index
      %21 = arith.muli %9#6, %c256_i32 : i32
      %22 = tessera.multiple_of %21, 256 : i32
      %23 = arith.index_cast %22 : i32 to index
      %24 = tessera.view %arg1 [%20, %23] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %25 = arith.muli %9#4, %c128_i32 : i32
      %26 = tessera.multiple_of %25, 128 : i32
      %27 = arith.index_cast %26 : i32 to index
      %28 = tessera.view %arg4 [%27, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %28, %24, %17 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %12 = arith.cmpi ne, %9#8, %c0_i32 : i32
    scf.if %12 {
      %17 = arith.subi %c1_i32, %9#4 : i32
      %18 = arith.index_cast %17 : i32 to index
      %19 = tessera.view %arg5 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %20 = arith.muli %9#5, %c128_i32 : i32
      %21 = tessera.multiple_of %20, 128 : i32
      %22 = arith.index_cast %21 : i32 to index
      %23 = arith.muli %9#6, %c256_i32 : i32
      %24 = tessera.multiple_of %23, 256 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg1 [%22, %25] [128, 256] : memref<256x512xf32, #tessera.memory_space<any>> to memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>
      %27 = arith.muli %17, %c128_i32 : i32
      %28 = tessera.multiple_of %27, 128 : i32
      %29 = arith.index_cast %28 : i32 to index
      %30 = tessera.view %arg4 [%29, 0] [128, 256] : memref<256x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %30, %26, %19 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<128x256xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %13 = tessera.view %arg3 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %13 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %14 = tessera.view %arg3 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %14 {scratch_index = 1 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    %15 = tessera.view %arg5 [0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %15 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
    %16 = tessera.view %arg5 [1] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    tessera.semaphore_check %16 {scratch_index = 3 : i64} : memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
    return
  }
}
