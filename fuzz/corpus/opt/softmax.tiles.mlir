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
      %13 = arith.index_cast %arg7 : i32 to index
      tessera.store_scalar %c0_i32, %arg6[%13] : i32, memref<8xi32, #tessera.memory_space<smem>>
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
    tessera.dma_start %5, %8, %0 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %9:9 = scf.for %arg7 = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32, %arg11 = %c1_i32, %arg12 = %c0_i32, %arg13 = %c0_i32, %arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %13 = arith.index_cast %arg12 : i32 to index
      %14 = arith.index_cast %arg8 : i32 to index
      %15 = arith.cmpi slt, %arg7, %c7_i32 : i32
      %16 = arith.select %15, %c0_i32, %arg10 : i32
      %17 = arith.select %15, %c0_i32, %arg14 : i32
      %18:2 = scf.if %15 -> (i32, i32) {
        %330 = arith.addi %arg7, %c1_i32 : i32
        scf.yield %330, %330 : i32, i32
      } else {
        scf.yield %arg9, %arg13 : i32, i32
      }
      %19 = arith.cmpi ne, %18#0, %arg9 : i32
      %20 = arith.cmpi ne, %16, %arg10 : i32
      %21 = arith.ori %19, %20 : i1
      %22 = arith.andi %15, %21 : i1
      %23 = arith.subi %c1_i32, %arg8 : i32
      %24 = arith.index_cast %23 : i32 to index
      scf.if %22 {
        %330 = tessera.view %arg3 [%24] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %331 = arith.muli %18#0, %c32_i32 : i32
        %332 = tessera.multiple_of %331, 32 : i32
        %333 = arith.index_cast %332 : i32 to index
        %334 = arith.muli %16, %c1024_i32 : i32
        %335 = tessera.multiple_of %334, 1024 : i32
        %336 = arith.index_cast %335 : i32 to index
        %337 = tessera.view %arg0 [%333, %336] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %338 = arith.muli %23, %c32_i32 : i32
        %339 = tessera.multiple_of %338, 32 : i32
        %340 = arith.index_cast %339 : i32 to index
        %341 = tessera.view %arg2 [%340, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %337, %341, %330 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %25 = arith.cmpi ne, %arg11, %c0_i32 : i32
      scf.if %25 {
        %330 = tessera.view %arg3 [%14] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %331 = arith.muli %arg9, %c32_i32 : i32
        %332 = tessera.multiple_of %331, 32 : i32
        %333 = arith.index_cast %332 : i32 to index
        %334 = arith.muli %arg10, %c1024_i32 : i32
        %335 = tessera.multiple_of %334, 1024 : i32
        %336 = arith.index_cast %335 : i32 to index
        %337 = tessera.view %arg0 [%333, %336] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %338 = arith.muli %arg8, %c32_i32 : i32
        %339 = tessera.multiple_of %338, 32 : i32
        %340 = arith.index_cast %339 : i32 to index
        %341 = tessera.view %arg2 [%340, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %337, %341, %330 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %26 = arith.select %22, %23, %arg8 : i32
      %27 = arith.extui %22 : i1 to i32
      %28 = arith.select %22, %18#0, %arg9 : i32
      %29 = arith.select %22, %16, %arg10 : i32
      %30 = arith.cmpi ne, %arg15, %c0_i32 : i32
      scf.if %30 {
        %330 = tessera.view %arg5 [%13] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %331 = arith.muli %arg13, %c32_i32 : i32
        %332 = tessera.multiple_of %331, 32 : i32
        %333 = arith.index_cast %332 : i32 to index
        %334 = arith.muli %arg14, %c1024_i32 : i32
        %335 = tessera.multiple_of %334, 1024 : i32
        %336 = arith.index_cast %335 : i32 to index
        %337 = tessera.view %arg1 [%333, %336] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %338 = arith.muli %arg12, %c32_i32 : i32
        %339 = tessera.multiple_of %338, 32 : i32
        %340 = arith.index_cast %339 : i32 to index
        %341 = tessera.view %arg4 [%340, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %341, %337, %330 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %31 = arith.muli %arg8, %c32_i32 : i32
      %32 = tessera.multiple_of %31, 32 : i32
      %33 = arith.index_cast %32 : i32 to index
      %34 = tessera.view %arg2 [%33, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %35 = arith.muli %arg12, %c32_i32 : i32
      %36 = tessera.multiple_of %35, 32 : i32
      %37 = arith.index_cast %36 : i32 to index
      %38 = tessera.view %arg4 [%37, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %39 = tessera.multiple_of %c0_i32, 8 : i32
      %40 = arith.index_cast %39 : i32 to index
      %41 = tessera.view %34 [%40, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %42 = tessera.view %41 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %43 = tessera.load %42 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %44 = tessera.view %41 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %45 = tessera.load %44 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %46 = tessera.view %41 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %47 = tessera.load %46 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %48 = tessera.view %41 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %49 = tessera.load %48 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %50 = tessera.view %41 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %51 = tessera.load %50 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %52 = tessera.view %41 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %53 = tessera.load %52 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %54 = tessera.view %41 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %55 = tessera.load %54 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %56 = tessera.view %41 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %57 = tessera.load %56 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %58 = arith.maximumf %43, %45 : vector<8x128xf32>
      %59 = arith.maximumf %58, %47 : vector<8x128xf32>
      %60 = arith.maximumf %59, %49 : vector<8x128xf32>
      %61 = arith.maximumf %60, %51 : vector<8x128xf32>
      %62 = arith.maximumf %61, %53 : vector<8x128xf32>
      %63 = arith.maximumf %62, %55 : vector<8x128xf32>
      %64 = arith.maximumf %63, %57 : vector<8x128xf32>
      %65 = tessera.reduce %64 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %66 = tessera.broadcast %65 : vector<8x1xf32> -> vector<8x128xf32>
      %67 = arith.subf %43, %66 : vector<8x128xf32>
      %68 = arith.subf %45, %66 : vector<8x128xf32>
      %69 = arith.subf %47, %66 : vector<8x128xf32>
      %70 = arith.subf %49, %66 : vector<8x128xf32>
      %71 = arith.subf %51, %66 : vector<8x128xf32>
      %72 = arith.subf %53, %66 : vector<8x128xf32>
      %73 = arith.subf %55, %66 : vector<8x128xf32>
      %74 = arith.subf %57, %66 : vector<8x128xf32>
      %75 = math.exp %67 : vector<8x128xf32>
      %76 = math.exp %68 : vector<8x128xf32>
      %77 = math.exp %69 : vector<8x128xf32>
      %78 = math.exp %70 : vector<8x128xf32>
      %79 = math.exp %71 : vector<8x128xf32>
      %80 = math.exp %72 : vector<8x128xf32>
      %81 = math.exp %73 : vector<8x128xf32>
      %82 = math.exp %74 : vector<8x128xf32>
      %83 = arith.addf %75, %76 : vector<8x128xf32>
      %84 = arith.addf %83, %77 : vector<8x128xf32>
      %85 = arith.addf %84, %78 : vector<8x128xf32>
      %86 = arith.addf %85, %79 : vector<8x128xf32>
      %87 = arith.addf %86, %80 : vector<8x128xf32>
      %88 = arith.addf %87, %81 : vector<8x128xf32>
      %89 = arith.addf %88, %82 : vector<8x128xf32>
      %90 = tessera.reduce %89 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %91 = tessera.broadcast %90 : vector<8x1xf32> -> vector<8x128xf32>
      %92 = arith.divf %75, %91 : vector<8x128xf32>
      %93 = arith.divf %76, %91 : vector<8x128xf32>
      %94 = arith.divf %77, %91 : vector<8x128xf32>
      %95 = arith.divf %78, %91 : vector<8x128xf32>
      %96 = arith.divf %79, %91 : vector<8x128xf32>
      %97 = arith.divf %80, %91 : vector<8x128xf32>
      %98 = arith.divf %81, %91 : vector<8x128xf32>
      %99 = arith.divf %82, %91 : vector<8x128xf32>
      %100 = tessera.view %38 [%40, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %101 = tessera.view %100 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %92, %101 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %102 = tessera.view %100 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %93, %102 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %103 = tessera.view %100 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %94, %103 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %104 = tessera.view %100 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %95, %104 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %105 = tessera.view %100 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %96, %105 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %106 = tessera.view %100 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %97, %106 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %107 = tessera.view %100 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %98, %107 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %108 = tessera.view %100 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %99, %108 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %109 = tessera.multiple_of %c8_i32, 8 : i32
      %110 = arith.index_cast %109 : i32 to index
      %111 = tessera.view %34 [%110, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %112 = tessera.view %111 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %113 = tessera.load %112 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %114 = tessera.view %111 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %115 = tessera.load %114 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %116 = tessera.view %111 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %117 = tessera.load %116 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %118 = tessera.view %111 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %119 = tessera.load %118 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %120 = tessera.view %111 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %121 = tessera.load %120 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %122 = tessera.view %111 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %123 = tessera.load %122 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %124 = tessera.view %111 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %125 = tessera.load %124 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %126 = tessera.view %111 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %127 = tessera.load %126 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %128 = arith.maximumf %113, %115 : vector<8x128xf32>
      %129 = arith.maximumf %128, %117 : vector<8x128xf32>
      %130 = arith.maximumf %129, %119 : vector<8x128xf32>
      %131 = arith.maximumf %130, %121 : vector<8x128xf32>
      %132 = arith.maximumf %131, %123 : vector<8x128xf32>
      %133 = arith.maximumf %132, %125 : vector<8x128xf32>
      %134 = arith.maximumf %133, %127 : vector<8x128xf32>
      %135 = tessera.reduce %134 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %136 = tessera.broadcast %135 : vector<8x1xf32> -> vector<8x128xf32>
      %137 = arith.subf %113, %136 : vector<8x128xf32>
      %138 = arith.subf %115, %136 : vector<8x128xf32>
      %139 = arith.subf %117, %136 : vector<8x128xf32>
      %140 = arith.subf %119, %136 : vector<8x128xf32>
      %141 = arith.subf %121, %136 : vector<8x128xf32>
      %142 = arith.subf %123, %136 : vector<8x128xf32>
      %143 = arith.subf %125, %136 : vector<8x128xf32>
      %144 = arith.subf %127, %136 : vector<8x128xf32>
      %145 = math.exp %137 : vector<8x128xf32>
      %146 = math.exp %138 : vector<8x128xf32>
      %147 = math.exp %139 : vector<8x128xf32>
      %148 = math.exp %140 : vector<8x128xf32>
      %149 = math.exp %141 : vector<8x128xf32>
      %150 = math.exp %142 : vector<8x128xf32>
      %151 = math.exp %143 : vector<8x128xf32>
      %152 = math.exp %144 : vector<8x128xf32>
      %153 = arith.addf %145, %146 : vector<8x128xf32>
      %154 = arith.addf %153, %147 : vector<8x128xf32>
      %155 = arith.addf %154, %148 : vector<8x128xf32>
      %156 = arith.addf %155, %149 : vector<8x128xf32>
      %157 = arith.addf %156, %150 : vector<8x128xf32>
      %158 = arith.addf %157, %151 : vector<8x128xf32>
      %159 = arith.addf %158, %152 : vector<8x128xf32>
      %160 = tessera.reduce %159 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %161 = tessera.broadcast %160 : vector<8x1xf32> -> vector<8x128xf32>
      %162 = arith.divf %145, %161 : vector<8x128xf32>
      %163 = arith.divf %146, %161 : vector<8x128xf32>
      %164 = arith.divf %147, %161 : vector<8x128xf32>
      %165 = arith.divf %148, %161 : vector<8x128xf32>
      %166 = arith.divf %149, %161 : vector<8x128xf32>
      %167 = arith.divf %150, %161 : vector<8x128xf32>
      %168 = arith.divf %151, %161 : vector<8x128xf32>
      %169 = arith.divf %152, %161 : vector<8x128xf32>
      %170 = tessera.view %38 [%110, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %171 = tessera.view %170 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %162, %171 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %172 = tessera.view %170 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %163, %172 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %173 = tessera.view %170 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %164, %173 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %174 = tessera.view %170 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %165, %174 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %175 = tessera.view %170 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %166, %175 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %176 = tessera.view %170 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %167, %176 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %177 = tessera.view %170 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %168, %177 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %178 = tessera.view %170 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %169, %178 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %179 = tessera.multiple_of %c16_i32, 8 : i32
      %180 = arith.index_cast %179 : i32 to index
      %181 = tessera.view %34 [%180, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %182 = tessera.view %181 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %183 = tessera.load %182 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %184 = tessera.view %181 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %185 = tessera.load %184 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %186 = tessera.view %181 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %187 = tessera.load %186 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %188 = tessera.view %181 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %189 = tessera.load %188 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %190 = tessera.view %181 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %191 = tessera.load %190 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %192 = tessera.view %181 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %193 = tessera.load %192 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %194 = tessera.view %181 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %195 = tessera.load %194 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %196 = tessera.view %181 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %197 = tessera.load %196 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %198 = arith.maximumf %183, %185 : vector<8x128xf32>
      %199 = arith.maximumf %198, %187 : vector<8x128xf32>
      %200 = arith.maximumf %199, %189 : vector<8x128xf32>
      %201 = arith.maximumf %200, %191 : vector<8x128xf32>
      %202 = arith.maximumf %201, %193 : vector<8x128xf32>
      %203 = arith.maximumf %202, %195 : vector<8x128xf32>
      %204 = arith.maximumf %203, %197 : vector<8x128xf32>
      %205 = tessera.reduce %204 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %206 = tessera.broadcast %205 : vector<8x1xf32> -> vector<8x128xf32>
      %207 = arith.subf %183, %206 : vector<8x128xf32>
      %208 = arith.subf %185, %206 : vector<8x128xf32>
      %209 = arith.subf %187, %206 : vector<8x128xf32>
      %210 = arith.subf %189, %206 : vector<8x128xf32>
      %211 = arith.subf %191, %206 : vector<8x128xf32>
      %212 = arith.subf %193, %206 : vector<8x128xf32>
      %213 = arith.subf %195, %206 : vector<8x128xf32>
      %214 = arith.subf %197, %206 : vector<8x128xf32>
      %215 = math.exp %207 : vector<8x128xf32>
      %216 = math.exp %208 : vector<8x128xf32>
      %217 = math.exp %209 : vector<8x128xf32>
      %218 = math.exp %210 : vector<8x128xf32>
      %219 = math.exp %211 : vector<8x128xf32>
      %220 = math.exp %212 : vector<8x128xf32>
      %221 = math.exp %213 : vector<8x128xf32>
      %222 = math.exp %214 : vector<8x128xf32>
      %223 = arith.addf %215, %216 : vector<8x128xf32>
      %224 = arith.addf %223, %217 : vector<8x128xf32>
      %225 = arith.addf %224, %218 : vector<8x128xf32>
      %226 = arith.addf %225, %219 : vector<8x128xf32>
      %227 = arith.addf %226, %220 : vector<8x128xf32>
      %228 = arith.addf %227, %221 : vector<8x128xf32>
      %229 = arith.addf %228, %222 : vector<8x128xf32>
      %230 = tessera.reduce %229 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %231 = tessera.broadcast %230 : vector<8x1xf32> -> vector<8x128xf32>
      %232 = arith.divf %215, %231 : vector<8x128xf32>
      %233 = arith.divf %216, %231 : vector<8x128xf32>
      %234 = arith.divf %217, %231 : vector<8x128xf32>
      %235 = arith.divf %218, %231 : vector<8x128xf32>
      %236 = arith.divf %219, %231 : vector<8x128xf32>
      %237 = arith.divf %220, %231 : vector<8x128xf32>
      %238 = arith.divf %221, %231 : vector<8x128xf32>
      %239 = arith.divf %222, %231 : vector<8x128xf32>
      %240 = tessera.view %38 [%180, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %241 = tessera.view %240 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %232, %241 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %242 = tessera.view %240 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %233, %242 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %243 = tessera.view %240 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %234, %243 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %244 = tessera.view %240 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %235, %244 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %245 = tessera.view %240 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %236, %245 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %246 = tessera.view %240 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %237, %246 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %247 = tessera.view %240 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %238, %247 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %248 = tessera.view %240 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %239, %248 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %249 = tessera.multiple_of %c24_i32, 8 : i32
      %250 = arith.index_cast %249 : i32 to index
      %251 = tessera.view %34 [%250, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %252 = tessera.view %251 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %253 = tessera.load %252 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %254 = tessera.view %251 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %255 = tessera.load %254 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %256 = tessera.view %251 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %257 = tessera.load %256 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %258 = tessera.view %251 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %259 = tessera.load %258 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %260 = tessera.view %251 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %261 = tessera.load %260 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %262 = tessera.view %251 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %263 = tessera.load %262 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %264 = tessera.view %251 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %265 = tessera.load %264 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %266 = tessera.view %251 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %267 = tessera.load %266 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      %268 = arith.maximumf %253, %255 : vector<8x128xf32>
      %269 = arith.maximumf %268, %257 : vector<8x128xf32>
      %270 = arith.maximumf %269, %259 : vector<8x128xf32>
      %271 = arith.maximumf %270, %261 : vector<8x128xf32>
      %272 = arith.maximumf %271, %263 : vector<8x128xf32>
      %273 = arith.maximumf %272, %265 : vector<8x128xf32>
      %274 = arith.maximumf %273, %267 : vector<8x128xf32>
      %275 = tessera.reduce %274 {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
      %276 = tessera.broadcast %275 : vector<8x1xf32> -> vector<8x128xf32>
      %277 = arith.subf %253, %276 : vector<8x128xf32>
      %278 = arith.subf %255, %276 : vector<8x128xf32>
      %279 = arith.subf %257, %276 : vector<8x128xf32>
      %280 = arith.subf %259, %276 : vector<8x128xf32>
      %281 = arith.subf %261, %276 : vector<8x128xf32>
      %282 = arith.subf %263, %276 : vector<8x128xf32>
      %283 = arith.subf %265, %276 : vector<8x128xf32>
      %284 = arith.subf %267, %276 : vector<8x128xf32>
      %285 = math.exp %277 : vector<8x128xf32>
      %286 = math.exp %278 : vector<8x128xf32>
      %287 = math.exp %279 : vector<8x128xf32>
      %288 = math.exp %280 : vector<8x128xf32>
      %289 = math.exp %281 : vector<8x128xf32>
      %290 = math.exp %282 : vector<8x128xf32>
      %291 = math.exp %283 : vector<8x128xf32>
      %292 = math.exp %284 : vector<8x128xf32>
      %293 = arith.addf %285, %286 : vector<8x128xf32>
      %294 = arith.addf %293, %287 : vector<8x128xf32>
      %295 = arith.addf %294, %288 : vector<8x128xf32>
      %296 = arith.addf %295, %289 : vector<8x128xf32>
      %297 = arith.addf %296, %290 : vector<8x128xf32>
      %298 = arith.addf %297, %291 : vector<8x128xf32>
      %299 = arith.addf %298, %292 : vector<8x128xf32>
      %300 = tessera.reduce %299 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
      %301 = tessera.broadcast %300 : vector<8x1xf32> -> vector<8x128xf32>
      %302 = arith.divf %285, %301 : vector<8x128xf32>
      %303 = arith.divf %286, %301 : vector<8x128xf32>
      %304 = arith.divf %287, %301 : vector<8x128xf32>
      %305 = arith.divf %288, %301 : vector<8x128xf32>
      %306 = arith.divf %289, %301 : vector<8x128xf32>
      %307 = arith.divf %290, %301 : vector<8x128xf32>
      %308 = arith.divf %291, %301 : vector<8x128xf32>
      %309 = arith.divf %292, %301 : vector<8x128xf32>
      %310 = tessera.view %38 [%250, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %311 = tessera.view %310 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %302, %311 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %312 = tessera.view %310 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %303, %312 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %313 = tessera.view %310 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %304, %313 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %314 = tessera.view %310 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %305, %314 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %315 = tessera.view %310 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %306, %315 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %316 = tessera.view %310 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %307, %316 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %317 = tessera.view %310 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %308, %317 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %318 = tessera.view %310 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %309, %318 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %319 = arith.cmpi sge, %arg7, %c7_i32 : i32
      %320 = arith.cmpi ne, %18#1, %arg13 : i32
      %321 = arith.cmpi ne, %17, %arg14 : i32
      %322 = arith.ori %320, %321 : i1
      %323 = arith.ori %319, %322 : i1
      scf.if %323 {
        %330 = arith.addi %arg13, %arg14 : i32
        %331 = arith.index_cast %330 : i32 to index
        %332 = tessera.load_scalar %arg6[%331] : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %333 = arith.cmpi eq, %332, %c0_i32 : i32
        tessera.check %333, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg13, %arg14 : i32, i32]
        tessera.store_scalar %c1_i32, %arg6[%331] : i32, memref<8xi32, #tessera.memory_space<smem>>
        %334 = tessera.view %arg5 [%13] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
        tessera.dma_start %345, %341, %334 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %324 = arith.subi %c1_i32, %arg12 : i32
      %325 = arith.select %323, %324, %arg12 : i32
      %326 = arith.select %323, %arg16, %c0_i32 : i32
      %327 = arith.select %323, %c1_i32, %arg16 : i32
      %328 = arith.select %323, %18#1, %arg13 : i32
      %329 = arith.select %323, %17, %arg14 : i32
      scf.yield %26, %28, %29, %27, %325, %328, %329, %326, %327 : i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %10 = arith.index_cast %9#4 : i32 to index
    %11 = arith.cmpi ne, %9#7, %c0_i32 : i32
    scf.if %11 {
      %13 = tessera.view %arg5 [%10] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %14 = arith.muli %9#5, %c32_i32 : i32
      %15 = tessera.multiple_of %14, 32 : i32
      %16 = arith.index_cast %15 : i32 to index
      %17 = arith.muli %9#6, %c1024_i32 : i32
      %18 = tessera.multiple_of %17, 1024 : i32
      %19 = arith.index_cast %18 : i32 to index
      %20 = tessera.view %arg1 [%16, %19] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %21 = arith.muli %9#4, %c32_i32 : i32
      %22 = tessera.multiple_of %21, 32 : i32
      %23 = arith.index_cast %22 : i32 to index
      %24 = tessera.view %arg4 [%23, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %24, %20, %13 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %12 = arith.cmpi ne, %9#8, %c0_i32 : i32
    scf.if %12 {
      %13 = arith.subi %c1_i32, %9#4 : i32
      %14 = arith.index_cast %13 : i32 to index
      %15 = tessera.view %arg5 [%14] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %16 = arith.muli %9#5, %c32_i32 : i32
      %17 = tessera.multiple_of %16, 32 : i32
      %18 = arith.index_cast %17 : i32 to index
      %19 = arith.muli %9#6, %c1024_i32 : i32
      %20 = tessera.multiple_of %19, 1024 : i32
      %21 = arith.index_cast %20 : i32 to index
      %22 = tessera.view %arg1 [%18, %21] [32, 1024] : memref<256x1024xf32, #tessera.memory_space<any>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %23 = arith.muli %13, %c32_i32 : i32
      %24 = tessera.multiple_of %23, 32 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg4 [%25, 0] [32, 1024] : memref<64x1024xf32, #tessera.memory_space<vmem>> to memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %26, %22, %15 : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    return
  }
}
