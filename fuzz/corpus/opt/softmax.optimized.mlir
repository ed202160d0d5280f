module {
  func.func @softmax(%arg0: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg2: memref<64x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg3: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg4: memref<64x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg6: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c24_i32 = arith.constant 24 : i32
    %c16_i32 = arith.constant 16 : i32
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg7 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %17 = arith.index_cast %arg7 : i32 to index
      tessera.store_scalar %c0_i32, %arg6[%17] : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %0 = tessera.view %arg3 [%c0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %1 = tessera.multiple_of %c0_i32, 32 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = tessera.multiple_of %c0_i32, 1024 : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = tessera.view %arg0 [%2, %4] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %6 = tessera.multiple_of %c0_i32, 32 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg2 [%7, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.bounds_check %5 {dma = "dma.hbm_to_vmem"} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    tessera.bounds_check %8 {dma = "dma.hbm_to_vmem"} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %5, %8, %0 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %9:9 = scf.for %arg7 = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32, %arg11 = %c1_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %17 = arith.index_cast %arg12 : i32 to index
      %18 = arith.index_cast %arg8 : i32 to index
      %19 = arith.cmpi slt, %arg7, %c7_i32 : i32
      %20 = arith.select %19, %c0_i32, %arg10 : i32
      %21 = arith.select %19, %c0_i32, %arg14 : i32
      %22:2 = scf.if %19 -> (i32, i32) {
        %334 = arith.addi %arg7, %c1_i32 : i32
        scf.yield %334, %334 : i32, i32
      } else {
        scf.yield %arg9, %arg13 : i32, i32
      }
      %23 = arith.cmpi ne, %22#0, %arg9 : i32
      %24 = arith.cmpi ne, %20, %arg10 : i32
      %25 = arith.ori %23, %24 : i1
      %26 = arith.andi %19, %25 : i1
      %27 = arith.subi %c1_i32, %arg8 : i32
      %28 = arith.index_cast %27 : i32 to index
      scf.if %26 {
        %334 = tessera.view %arg3 [%28] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %335 = arith.muli %22#0, %c32_i32 : i32
        %336 = tessera.multiple_of %335, 32 : i32
        %337 = arith.index_cast %336 : i32 to index
        %338 = arith.muli %20, %c1024_i32 : i32
        %339 = tessera.multiple_of %338, 1024 : i32
        %340 = arith.index_cast %339 : i32 to index
        %341 = tessera.view %arg0 [%337, %340] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %342 = arith.muli %27, %c32_i32 : i32
        %343 = tessera.multiple_of %342, 32 : i32
        %344 = arith.index_cast %343 : i32 to index
        %345 = tessera.view %arg2 [%344, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %341 {dma = "dma.hbm_to_vmem"} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        tessera.bounds_check %345 {dma = "dma.hbm_to_vmem"} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %341, %345, %334 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %29 = arith.cmpi ne, %arg11, %c0_i32 : i32
      scf.if %29 {
        %334 = tessera.view %arg3 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %335 = arith.muli %arg9, %c32_i32 : i32
        %336 = tessera.multiple_of %335, 32 : i32
        %337 = arith.index_cast %336 : i32 to index
        %338 = arith.muli %arg10, %c1024_i32 : i32
        %339 = tessera.multiple_of %338, 1024 : i32
        %340 = arith.index_cast %339 : i32 to index
        %341 = tessera.view %arg0 [%337, %340] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %342 = arith.muli %arg8, %c32_i32 : i32
        %343 = tessera.multiple_of %342, 32 : i32
        %344 = arith.index_cast %343 : i32 to index
        %345 = tessera.view %arg2 [%344, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %341, %345, %334 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %30 = arith.select %26, %27, %arg8 : i32
      %31 = arith.extui %26 : i1 to i32
      %32 = arith.select %26, %22#0, %arg9 : i32
      %33 = arith.select %26, %20, %arg10 : i32
      %34 = arith.cmpi ne, %arg15, %c0_i32 : i32
      scf.if %34 {
        %334 = tessera.view %arg5 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %335 = arith.muli %arg13, %c32_i32 : i32
        %336 = tessera.multiple_of %335, 32 : i32
        %337 = arith.index_cast %336 : i32 to index
        %338 = arith.muli %arg14, %c1024_i32 : i32
        %339 = tessera.multiple_of %338, 1024 : i32
        %340 = arith.index_cast %339 : i32 to index
        %341 = tessera.view %arg1 [%337, %340] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %342 = arith.muli %arg12, %c32_i32 : i32
        %343 = tessera.multiple_of %342, 32 : i32
        %344 = arith.index_cast %343 : i32 to index
        %345 = tessera.view %arg4 [%344, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %345, %341, %334 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %35 = arith.muli %arg8, %c32_i32 : i32
      %36 = tessera.multiple_of %35, 32 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg2 [%37, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %39 = arith.muli %arg12, %c32_i32 : i32
      %40 = tessera.multiple_of %39, 32 : i32
      %41 = arith.index_cast %40 : i32 to index
      %42 = tessera.view %arg4 [%41, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %43 = tessera.multiple_of %c0_i32, 8 : i32
      %44 = arith.index_cast %43 : i32 to index
      %45 = tessera.view %38 [%44, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %46 = tessera.view %45 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %47 = tessera.load %46 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %48 = tessera.view %45 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %49 = tessera.load %48 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %50 = tessera.view %45 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %51 = tessera.load %50 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %52 = tessera.view %45 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %53 = tessera.load %52 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %54 = tessera.view %45 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %55 = tessera.load %54 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %56 = tessera.view %45 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %57 = tessera.load %56 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %58 = tessera.view %45 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %59 = tessera.load %58 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %60 = tessera.view %45 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %61 = tessera.load %60 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %62 = arith.maximumf %47, %49 : vector<8x128xf32>
      %63 = arith.maximumf %62, %51 : vector<8x128xf32>
      %64 = arith.maximumf %63, %53 : vector<8x128xf32>
      %65 = arith.maximumf %64, %55 : vector<8x128xf32>
      %66 = arith.maximumf %65, %57 : vector<8x128xf32>
      %67 = arith.maximumf %66, %59 : vector<8x128xf32>
      %68 = arith.maximumf %67, %61 : vector<8x128xf32>
      %69 = tessera.reduce %68 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %70 = tessera.broadcast %69 : vector<8x1xf32> -> vector<8x128xf32>
      %71 = arith.subf %47, %70 : vector<8x128xf32>
      %72 = arith.subf %49, %70 : vector<8x128xf32>
      %73 = arith.subf %51, %70 : vector<8x128xf32>
      %74 = arith.subf %53, %70 : vector<8x128xf32>
      %75 = arith.subf %55, %70 : vector<8x128xf32>
      %76 = arith.subf %57, %70 : vector<8x128xf32>
      %77 = arith.subf %59, %70 : vector<8x128xf32>
      %78 = arith.subf %61, %70 : vector<8x128xf32>
      %79 = math.exp %71 : vector<8x128xf32>
      %80 = math.exp %72 : vector<8x128xf32>
      %81 = math.exp %73 : vector<8x128xf32>
      %82 = math.exp %74 : vector<8x128xf32>
      %83 = math.exp %75 : vector<8x128xf32>
      %84 = math.exp %76 : vector<8x128xf32>
      %85 = math.exp %77 : vector<8x128xf32>
      %86 = math.exp %78 : vector<8x128xf32>
      %87 = arith.addf %79, %80 : vector<8x128xf32>
      %88 = arith.addf %87, %81 : vector<8x128xf32>
      %89 = arith.addf %88, %82 : vector<8x128xf32>
      %90 = arith.addf %89, %83 : vector<8x128xf32>
      %91 = arith.addf %90, %84 : vector<8x128xf32>
      %92 = arith.addf %91, %85 : vector<8x128xf32>
      %93 = arith.addf %92, %86 : vector<8x128xf32>
      %94 = tessera.reduce %93 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %95 = tessera.broadcast %94 : vector<8x1xf32> -> vector<8x128xf32>
      %96 = arith.divf %79, %95 : vector<8x128xf32>
      %97 = arith.divf %80, %95 : vector<8x128xf32>
      %98 = arith.divf %81, %95 : vector<8x128xf32>
      %99 = arith.divf %82, %95 : vector<8x128xf32>
      %100 = arith.divf %83, %95 : vector<8x128xf32>
      %101 = arith.divf %84, %95 : vector<8x128xf32>
      %102 = arith.divf %85, %95 : vector<8x128xf32>
      %103 = arith.divf %86, %95 : vector<8x128xf32>
      %104 = tessera.view %42 [%44, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %105 = tessera.view %104 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %96, %105 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %106 = tessera.view %104 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %97, %106 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %107 = tessera.view %104 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %98, %107 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %108 = tessera.view %104 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %99, %108 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %109 = tessera.view %104 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %100, %109 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %110 = tessera.view %104 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %101, %110 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %111 = tessera.view %104 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %102, %111 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %112 = tessera.view %104 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %103, %112 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %113 = tessera.multiple_of %c8_i32, 8 : i32
      %114 = arith.index_cast %113 : i32 to index
      %115 = tessera.view %38 [%114, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %116 = tessera.view %115 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %117 = tessera.load %116 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %118 = tessera.view %115 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %119 = tessera.load %118 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %120 = tessera.view %115 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %121 = tessera.load %120 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %122 = tessera.view %115 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %123 = tessera.load %122 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %124 = tessera.view %115 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %125 = tessera.load %124 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %126 = tessera.view %115 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %127 = tessera.load %126 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %128 = tessera.view %115 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %129 = tessera.load %128 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %130 = tessera.view %115 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %131 = tessera.load %130 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %132 = arith.maximumf %117, %119 : vector<8x128xf32>
      %133 = arith.maximumf %132, %121 : vector<8x128xf32>
      %134 = arith.maximumf %133, %123 : vector<8x128xf32>
      %135 = arith.maximumf %134, %125 : vector<8x128xf32>
      %136 = arith.maximumf %135, %127 : vector<8x128xf32>
      %137 = arith.maximumf %136, %129 : vector<8x128xf32>
      %138 = arith.maximumf %137, %131 : vector<8x128xf32>
      %139 = tessera.reduce %138 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %140 = tessera.broadcast %139 : vector<8x1xf32> -> vector<8x128xf32>
      %141 = arith.subf %117, %140 : vector<8x128xf32>
      %142 = arith.subf %119, %140 : vector<8x128xf32>
      %143 = arith.subf %121, %140 : vector<8x128xf32>
      %144 = arith.subf %123, %140 : vector<8x128xf32>
      %145 = arith.subf %125, %140 : vector<8x128xf32>
      %146 = arith.subf %127, %140 : vector<8x128xf32>
      %147 = arith.subf %129, %140 : vector<8x128xf32>
      %148 = arith.subf %131, %140 : vector<8x128xf32>
      %149 = math.exp %141 : vector<8x128xf32>
      %150 = math.exp %142 : vector<8x128xf32>
      %151 = math.exp %143 : vector<8x128xf32>
      %152 = math.exp %144 : vector<8x128xf32>
      %153 = math.exp %145 : vector<8x128xf32>
      %154 = math.exp %146 : vector<8x128xf32>
      %155 = math.exp %147 : vector<8x128xf32>
      %156 = math.exp %148 : vector<8x128xf32>
      %157 = arith.addf %149, %150 : vector<8x128xf32>
      %158 = arith.addf %157, %151 : vector<8x128xf32>
      %159 = arith.addf %158, %152 : vector<8x128xf32>
      %160 = arith.addf %159, %153 : vector<8x128xf32>
      %161 = arith.addf %160, %154 : vector<8x128xf32>
      %162 = arith.addf %161, %155 : vector<8x128xf32>
      %163 = arith.addf %162, %156 : vector<8x128xf32>
      %164 = tessera.reduce %163 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %165 = tessera.broadcast %164 : vector<8x1xf32> -> vector<8x128xf32>
      %166 = arith.divf %149, %165 : vector<8x128xf32>
      %167 = arith.divf %150, %165 : vector<8x128xf32>
      %168 = arith.divf %151, %165 : vector<8x128xf32>
      %169 = arith.divf %152, %165 : vector<8x128xf32>
      %170 = arith.divf %153, %165 : vector<8x128xf32>
      %171 = arith.divf %154, %165 : vector<8x128xf32>
      %172 = arith.divf %155, %165 : vector<8x128xf32>
      %173 = arith.divf %156, %165 : vector<8x128xf32>
      %174 = tessera.view %42 [%114, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %175 = tessera.view %174 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %166, %175 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %176 = tessera.view %174 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %167, %176 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %177 = tessera.view %174 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %168, %177 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %178 = tessera.view %174 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %169, %178 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %179 = tessera.view %174 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %170, %179 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %180 = tessera.view %174 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %171, %180 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %181 = tessera.view %174 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %172, %181 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %182 = tessera.view %174 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %173, %182 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %183 = tessera.multiple_of %c16_i32, 8 : i32
      %184 = arith.index_cast %183 : i32 to index
      %185 = tessera.view %38 [%184, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %186 = tessera.view %185 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %187 = tessera.load %186 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %188 = tessera.view %185 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %189 = tessera.load %188 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %190 = tessera.view %185 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %191 = tessera.load %190 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %192 = tessera.view %185 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %193 = tessera.load %192 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %194 = tessera.view %185 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %195 = tessera.load %194 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %196 = tessera.view %185 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %197 = tessera.load %196 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %198 = tessera.view %185 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %199 = tessera.load %198 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %200 = tessera.view %185 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %201 = tessera.load %200 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %202 = arith.maximumf %187, %189 : vector<8x128xf32>
      %203 = arith.maximumf %202, %191 : vector<8x128xf32>
      %204 = arith.maximumf %203, %193 : vector<8x128xf32>
      %205 = arith.maximumf %204, %195 : vector<8x128xf32>
      %206 = arith.maximumf %205, %197 : vector<8x128xf32>
      %207 = arith.maximumf %206, %199 : vector<8x128xf32>
      %208 = arith.maximumf %207, %201 : vector<8x128xf32>
      %209 = tessera.reduce %208 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %210 = tessera.broadcast %209 : vector<8x1xf32> -> vector<8x128xf32>
      %211 = arith.subf %187, %210 : vector<8x128xf32>
      %212 = arith.subf %189, %210 : vector<8x128xf32>
      %213 = arith.subf %191, %210 : vector<8x128xf32>
      %214 = arith.subf %193, %210 : vector<8x128xf32>
      %215 = arith.subf %195, %210 : vector<8x128xf32>
      %216 = arith.subf %197, %210 : vector<8x128xf32>
      %217 = arith.subf %199, %210 : vector<8x128xf32>
      %218 = arith.subf %201, %210 : vector<8x128xf32>
      %219 = math.exp %211 : vector<8x128xf32>
      %220 = math.exp %212 : vector<8x128xf32>
      %221 = math.exp %213 : vector<8x128xf32>
      %222 = math.exp %214 : vector<8x128xf32>
      %223 = math.exp %215 : vector<8x128xf32>
      %224 = math.exp %216 : vector<8x128xf32>
      %225 = math.exp %217 : vector<8x128xf32>
      %226 = math.exp %218 : vector<8x128xf32>
      %227 = arith.addf %219, %220 : vector<8x128xf32>
      %228 = arith.addf %227, %221 : vector<8x128xf32>
      %229 = arith.addf %228, %222 : vector<8x128xf32>
      %230 = arith.addf %229, %223 : vector<8x128xf32>
      %231 = arith.addf %230, %224 : vector<8x128xf32>
      %232 = arith.addf %231, %225 : vector<8x128xf32>
      %233 = arith.addf %232, %226 : vector<8x128xf32>
      %234 = tessera.reduce %233 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %235 = tessera.broadcast %234 : vector<8x1xf32> -> vector<8x128xf32>
      %236 = arith.divf %219, %235 : vector<8x128xf32>
      %237 = arith.divf %220, %235 : vector<8x128xf32>
      %238 = arith.divf %221, %235 : vector<8x128xf32>
      %239 = arith.divf %222, %235 : vector<8x128xf32>
      %240 = arith.divf %223, %235 : vector<8x128xf32>
      %241 = arith.divf %224, %235 : vector<8x128xf32>
      %242 = arith.divf %225, %235 : vector<8x128xf32>
      %243 = arith.divf %226, %235 : vector<8x128xf32>
      %244 = tessera.view %42 [%184, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %245 = tessera.view %244 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %236, %245 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %246 = tessera.view %244 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %237, %246 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %247 = tessera.view %244 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %238, %247 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %248 = tessera.view %244 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %239, %248 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %249 = tessera.view %244 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %240, %249 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %250 = tessera.view %244 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %241, %250 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %251 = tessera.view %244 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %242, %251 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %252 = tessera.view %244 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %243, %252 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %253 = tessera.multiple_of %c24_i32, 8 : i32
      %254 = arith.index_cast %253 : i32 to index
      %255 = tessera.view %38 [%254, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %256 = tessera.view %255 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %257 = tessera.load %256 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %258 = tessera.view %255 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %259 = tessera.load %258 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %260 = tessera.view %255 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %261 = tessera.load %260 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %262 = tessera.view %255 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %263 = tessera.load %262 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %264 = tessera.view %255 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %265 = tessera.load %264 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %266 = tessera.view %255 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %267 = tessera.load %266 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %268 = tessera.view %255 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %269 = tessera.load %268 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %270 = tessera.view %255 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %271 = tessera.load %270 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %272 = arith.maximumf %257, %259 : vector<8x128xf32>
      %273 = arith.maximumf %272, %261 : vector<8x128xf32>
      %274 = arith.maximumf %273, %263 : vector<8x128xf32>
      %275 = arith.maximumf %274, %265 : vector<8x128xf32>
      %276 = arith.maximumf %275, %267 : vector<8x128xf32>
      %277 = arith.maximumf %276, %269 : vector<8x128xf32>
      %278 = arith.maximumf %277, %271 : vector<8x128xf32>
      %279 = tessera.reduce %278 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %280 = tessera.broadcast %279 : vector<8x1xf32> -> vector<8x128xf32>
      %281 = arith.subf %257, %280 : vector<8x128xf32>
      %282 = arith.subf %259, %280 : vector<8x128xf32>
      %283 = arith.subf %261, %280 : vector<8x128xf32>
      %284 = arith.subf %263, %280 : vector<8x128xf32>
      %285 = arith.subf %265, %280 : vector<8x128xf32>
      %286 = arith.subf %267, %280 : vector<8x128xf32>
      %287 = arith.subf %269, %280 : vector<8x128xf32>
      %288 = arith.subf %271, %280 : vector<8x128xf32>
      %289 = math.exp %281 : vector<8x128xf32>
      %290 = math.exp %282 : vector<8x128xf32>
      %291 = math.exp %283 : vector<8x128xf32>
      %292 = math.exp %284 : vector<8x128xf32>
      %293 = math.exp %285 : vector<8x128xf32>
      %294 = math.exp %286 : vector<8x128xf32>
      %295 = math.exp %287 : vector<8x128xf32>
      %296 = math.exp %288 : vector<8x128xf32>
      %297 = arith.addf %289, %290 : vector<8x128xf32>
      %298 = arith.addf %297, %291 : vector<8x128xf32>
      %299 = arith.addf %298, %292 : vector<8x128xf32>
      %300 = arith.addf %299, %293 : vector<8x128xf32>
      %301 = arith.addf %300, %294 : vector<8x128xf32>
      %302 = arith.addf %301, %295 : vector<8x128xf32>
      %303 = arith.addf %302, %296 : vector<8x128xf32>
      %304 = tessera.reduce %303 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %305 = tessera.broadcast %304 : vector<8x1xf32> -> vector<8x128xf32>
      %306 = arith.divf %289, %305 : vector<8x128xf32>
      %307 = arith.divf %290, %305 : vector<8x128xf32>
      %308 = arith.divf %291, %305 : vector<8x128xf32>
      %309 = arith.divf %292, %305 : vector<8x128xf32>
      %310 = arith.divf %293, %305 : vector<8x128xf32>
      %311 = arith.divf %294, %305 : vector<8x128xf32>
      %312 = arith.divf %295, %305 : vector<8x128xf32>
      %313 = arith.divf %296, %305 : vector<8x128xf32>
      %314 = tessera.view %42 [%254, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %315 = tessera.view %314 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %306, %315 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %316 = tessera.view %314 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %307, %316 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %317 = tessera.view %314 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %308, %317 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %318 = tessera.view %314 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %309, %318 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %319 = tessera.view %314 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %310, %319 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %320 = tessera.view %314 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %311, %320 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %321 = tessera.view %314 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %312, %321 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %322 = tessera.view %314 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %313, %322 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %323 = arith.cmpi sge, %arg7, %c7_i32 : i32
      %324 = arith.cmpi ne, %22#1, %arg13 : i32
      %325 = arith.cmpi ne, %21, %arg14 : i32
      %326 = arith.ori %324, %325 : i1
      %327 = arith.ori %323, %326 : i1
      scf.if %327 {
        %334 = arith.addi %arg13, %arg14 : i32
        %335 = arith.index_cast %334 : i32 to index
        %336 = tessera.load_scalar %arg6[%335] : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %337 = arith.cmpi eq, %336, %c0_i32 : i32
        tessera.check %337, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        tessera.store_scalar %c1_i32, %arg6[%335] : i32, memref<8xi32, #tessera.memory_space<smem>>
        %338 = tessera.view %arg5 [%17] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %339 = arith.muli %arg13, %c32_i32 : i32
        %340 = tessera.multiple_of %339, 32 : i32
        %341 = arith.index_cast %340 : i32 to index
        %342 = arith.muli %arg14, %c1024_i32 : i32
        %343 = tessera.multiple_of %342, 1024 : i32
        %344 = arith.index_cast %343 : i32 to index
        %345 = tessera.view %arg1 [%341, %344] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %346 = arith.muli %arg12, %c32_i32 : i32
        %347 = tessera.multiple_of %346, 32 : i32
        %348 = arith.index_cast %347 : i32 to index
        %349 = tessera.view %arg4 [%348, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %349 {dma = "dma.vmem_to_hbm"} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.bounds_check %345 {dma = "dma.vmem_to_hbm"} : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        tessera.dma_start %349, %345, %338 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %328 = arith.subi %c1_i32, %arg12 : i32
      %329 = arith.select %327, %328, %arg12 : i32
      %330 = arith.select %327, %arg16, %c0_i32 : i32
      %331 = arith.select %327, %c1_i32, %arg16 : i32
      %332 = arith.select %327, %22#1, %arg13 : i32
      %333 = arith.select %327, %21, %arg14 : i32
      scf.yield %30, %32, %33, %31, %329, %332, %333, %330, %331 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %10 = arith.index_cast %9#4 : i32 to index
    %11 = arith.cmpi ne, %9#7, %c0_i32 : i32
    scf.if %11 {
      %17 = tessera.view %arg5 [%10] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %18 = arith.muli %9#5, %c32_i32 : i32
      %19 = tessera.multiple_of %18, 32 : i32
      %20 = arith.index_cast %19 : i32 to index
      %21 = arith.muli %9#6, %c1024_i32 : i32
      %22 = tessera.multiple_of %21, 1024 : i32
      %23 = arith.index_cast %22 : i32 to index
      %24 = tessera.view %arg1 [%20, %23] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %25 = arith.muli %9#4, %c32_i32 : i32
      %26 = tessera.multiple_of %25, 32 : i32
      %27 = arith.index_cast %26 : i32 to index
      %28 = tessera.view %arg4 [%27, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %28, %24, %17 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %12 = arith.cmpi ne, %9#8, %c0_i32 : i32
    scf.if %12 {
      %17 = arith.subi %c1_i32, %9#4 : i32
      %18 = arith.index_cast %17 : i32 to index
      %19 = tessera.view %arg5 [%18] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %20 = arith.muli %9#5, %c32_i32 : i32
      %21 = tessera.multiple_of %20, 32 : i32
      %22 = arith.index_cast %21 : i32 to index
      %23 = arith.muli %9#6, %c1024_i32 : i32
      %24 = tessera.multiple_of %23, 1024 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg1 [%22, %25] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %27 = arith.muli %17, %c32_i32 : i32
      %28 = tessera.multiple_of %27, 32 : i32
      %29 = arith.index_cast %28 : i32 to index
      %30 = tessera.view %arg4 [%29, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %30, %26, %19 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
