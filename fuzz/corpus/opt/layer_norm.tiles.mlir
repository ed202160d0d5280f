module {
  func.func @layer_norm(%arg0: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "scale_hbm"}, %arg2: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "bias_hbm"}, %arg3: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg4: memref<128x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "x_hbm_blocks"}, %arg5: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_hbm_sems"}, %arg6: memref<1x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "scale_hbm_blocks"}, %arg7: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "scale_hbm_sems"}, %arg8: memref<1x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "bias_hbm_blocks"}, %arg9: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "bias_hbm_sems"}, %arg10: memref<128x1024xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg11: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg12: memref<8xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c4_i32 = arith.constant 4 : i32
    %c0 = arith.constant 0 : index
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %cst = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
    %cst_0 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
    %c7_i32 = arith.constant 7 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg13 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
      %13 = arith.index_cast %arg13 : i32 to index
      tessera.store_scalar %c0_i32, %arg12[%13] : i32, memref<8xi32, #tessera.memory_space<smem>>
    }
    %0 = tessera.view %arg5 [%c0] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    %1 = tessera.multiple_of %c0_i32, 64 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = tessera.multiple_of %c0_i32, 1024 : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = tessera.view %arg0 [%2, %4] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
    %6 = tessera.multiple_of %c0_i32, 64 : i32
    %7 = arith.index_cast %6 : i32 to index
    %8 = tessera.view %arg4 [%7, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
    tessera.dma_start %5, %8, %0 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    tessera.dma_start %arg1, %arg6, %arg7 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_start %arg2, %arg8, %arg9 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %9:11 = scf.for %arg13 = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%arg14 = %c0_i32, %arg15 = %c0_i32, %arg16 = %c0_i32, %arg17 = %c1_i32, %arg18 = %c1_i32, %arg19 = %c1_i32, %arg20 = %c0_i32, %arg21 = %c0_i32, %arg22 = %c0_i32, %arg23 = %c0_i32, %arg24 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %13 = arith.index_cast %arg20 : i32 to index
      %14 = arith.index_cast %arg14 : i32 to index
      %15 = arith.cmpi slt, %arg13, %c7_i32 : i32
      %16 = arith.select %15, %c0_i32, %arg16 : i32
      %17 = arith.select %15, %c0_i32, %arg22 : i32
      %18:2 = scf.if %15 -> (i32, i32) {
        %84 = arith.addi %arg13, %c1_i32 : i32
        scf.yield %84, %84 : i32, i32
      } else {
        scf.yield %arg15, %arg21 : i32, i32
      }
      %19 = arith.cmpi ne, %18#0, %arg15 : i32
      %20 = arith.cmpi ne, %16, %arg16 : i32
      %21 = arith.ori %19, %20 : i1
      %22 = arith.andi %15, %21 : i1
      %23 = arith.subi %c1_i32, %arg14 : i32
      %24 = arith.index_cast %23 : i32 to index
      scf.if %22 {
        %84 = tessera.view %arg5 [%24] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %85 = arith.muli %18#0, %c64_i32 : i32
        %86 = tessera.multiple_of %85, 64 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = arith.muli %16, %c1024_i32 : i32
        %89 = tessera.multiple_of %88, 1024 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg0 [%87, %90] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %92 = arith.muli %23, %c64_i32 : i32
        %93 = tessera.multiple_of %92, 64 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg4 [%94, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %91, %95, %84 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %25 = arith.cmpi ne, %arg17, %c0_i32 : i32
      scf.if %25 {
        %84 = tessera.view %arg5 [%14] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %85 = arith.muli %arg15, %c64_i32 : i32
        %86 = tessera.multiple_of %85, 64 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = arith.muli %arg16, %c1024_i32 : i32
        %89 = tessera.multiple_of %88, 1024 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg0 [%87, %90] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %92 = arith.muli %arg14, %c64_i32 : i32
        %93 = tessera.multiple_of %92, 64 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg4 [%94, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %91, %95, %84 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %26 = arith.select %22, %23, %arg14 : i32
      %27 = arith.extui %22 : i1 to i32
      %28 = arith.select %22, %18#0, %arg15 : i32
      %29 = arith.select %22, %16, %arg16 : i32
      %30 = arith.cmpi ne, %arg18, %c0_i32 : i32
      scf.if %30 {
        tessera.dma_wait %arg1, %arg6, %arg7 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
      }
      %31 = arith.cmpi ne, %arg19, %c0_i32 : i32
      scf.if %31 {
        tessera.dma_wait %arg2, %arg8, %arg9 : memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
      }
      %32 = arith.cmpi ne, %arg23, %c0_i32 : i32
      scf.if %32 {
        %84 = tessera.view %arg11 [%13] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %85 = arith.muli %arg21, %c64_i32 : i32
        %86 = tessera.multiple_of %85, 64 : i32
        %87 = arith.index_cast %86 : i32 to index
        %88 = arith.muli %arg22, %c1024_i32 : i32
        %89 = tessera.multiple_of %88, 1024 : i32
        %90 = arith.index_cast %89 : i32 to index
        %91 = tessera.view %arg3 [%87, %90] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %92 = arith.muli %arg20, %c64_i32 : i32
        %93 = tessera.multiple_of %92, 64 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg10 [%94, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %95, %91, %84 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %33 = arith.muli %arg14, %c64_i32 : i32
      %34 = tessera.multiple_of %33, 64 : i32
      %35 = arith.index_cast %34 : i32 to index
      %36 = tessera.view %arg4 [%35, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %37 = arith.muli %arg20, %c64_i32 : i32
      %38 = tessera.multiple_of %37, 64 : i32
      %39 = arith.index_cast %38 : i32 to index
      %40 = tessera.view %arg10 [%39, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %41 = tessera.view %arg6 [0, 0] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1]>, #tessera.memory_space<vmem>>
      %42 = tessera.load %41 : memref<1x128xf32, strided<[1024, 1]>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %43 = tessera.view %arg6 [0, 128] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 128>, #tessera.memory_space<vmem>>
      %44 = tessera.load %43 : memref<1x128xf32, strided<[1024, 1], offset: 128>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %45 = tessera.view %arg6 [0, 256] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 256>, #tessera.memory_space<vmem>>
      %46 = tessera.load %45 : memref<1x128xf32, strided<[1024, 1], offset: 256>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %47 = tessera.view %arg6 [0, 384] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 384>, #tessera.memory_space<vmem>>
      %48 = tessera.load %47 : memref<1x128xf32, strided<[1024, 1], offset: 384>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %49 = tessera.view %arg6 [0, 512] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 512>, #tessera.memory_space<vmem>>
      %50 = tessera.load %49 : memref<1x128xf32, strided<[1024, 1], offset: 512>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %51 = tessera.view %arg6 [0, 640] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 640>, #tessera.memory_space<vmem>>
      %52 = tessera.load %51 : memref<1x128xf32, strided<[1024, 1], offset: 640>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %53 = tessera.view %arg6 [0, 768] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 768>, #tessera.memory_space<vmem>>
      %54 = tessera.load %53 : memref<1x128xf32, strided<[1024, 1], offset: 768>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %55 = tessera.view %arg6 [0, 896] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 896>, #tessera.memory_space<vmem>>
      %56 = tessera.load %55 : memref<1x128xf32, strided<[1024, 1], offset: 896>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %57 = tessera.view %arg8 [0, 0] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1]>, #tessera.memory_space<vmem>>
      %58 = tessera.load %57 : memref<1x128xf32, strided<[1024, 1]>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %59 = tessera.view %arg8 [0, 128] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 128>, #tessera.memory_space<vmem>>
      %60 = tessera.load %59 : memref<1x128xf32, strided<[1024, 1], offset: 128>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %61 = tessera.view %arg8 [0, 256] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 256>, #tessera.memory_space<vmem>>
      %62 = tessera.load %61 : memref<1x128xf32, strided<[1024, 1], offset: 256>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %63 = tessera.view %arg8 [0, 384] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 384>, #tessera.memory_space<vmem>>
      %64 = tessera.load %63 : memref<1x128xf32, strided<[1024, 1], offset: 384>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %65 = tessera.view %arg8 [0, 512] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 512>, #tessera.memory_space<vmem>>
      %66 = tessera.load %65 : memref<1x128xf32, strided<[1024, 1], offset: 512>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %67 = tessera.view %arg8 [0, 640] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 640>, #tessera.memory_space<vmem>>
      %68 = tessera.load %67 : memref<1x128xf32, strided<[1024, 1], offset: 640>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %69 = tessera.view %arg8 [0, 768] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 768>, #tessera.memory_space<vmem>>
      %70 = tessera.load %69 : memref<1x128xf32, strided<[1024, 1], offset: 768>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      %71 = tessera.view %arg8 [0, 896] [1, 128] : memref<1x1024xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[1024, 1], offset: 896>, #tessera.memory_space<vmem>>
      %72 = tessera.load %71 : memref<1x128xf32, strided<[1024, 1], offset: 896>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
      scf.for %arg25 = %c0_i32 to %c8_i32 step %c4_i32  : i32 {
        %84 = arith.muli %arg25, %c8_i32 : i32
        %85 = tessera.multiple_of %84, 8 : i32
        %86 = arith.index_cast %85 : i32 to index
        %87 = tessera.view %36 [%86, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %88 = tessera.view %87 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %89 = tessera.load %88 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %90 = tessera.view %87 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %91 = tessera.load %90 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %92 = tessera.view %87 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %93 = tessera.load %92 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %94 = tessera.view %87 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %95 = tessera.load %94 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %96 = tessera.view %87 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %97 = tessera.load %96 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %98 = tessera.view %87 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %99 = tessera.load %98 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %100 = tessera.view %87 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %101 = tessera.load %100 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %102 = tessera.view %87 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %103 = tessera.load %102 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %104 = arith.addf %89, %91 : vector<8x128xf32>
        %105 = arith.addf %104, %93 : vector<8x128xf32>
        %106 = arith.addf %105, %95 : vector<8x128xf32>
        %107 = arith.addf %106, %97 : vector<8x128xf32>
        %108 = arith.addf %107, %99 : vector<8x128xf32>
        %109 = arith.addf %108, %101 : vector<8x128xf32>
        %110 = arith.addf %109, %103 : vector<8x128xf32>
        %111 = tessera.reduce %110 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
        %112 = arith.divf %111, %cst_0 : vector<8x1xf32>
        %113 = tessera.broadcast %112 : vector<8x1xf32> -> vector<8x128xf32>
        %114 = arith.subf %89, %113 : vector<8x128xf32>
        %115 = arith.subf %91, %113 : vector<8x128xf32>
        %116 = arith.subf %93, %113 : vector<8x128xf32>
        %117 = arith.subf %95, %113 : vector<8x128xf32>
        %118 = arith.subf %97, %113 : vector<8x128xf32>
        %119 = arith.subf %99, %113 : vector<8x128xf32>
        %120 = arith.subf %101, %113 : vector<8x128xf32>
        %121 = arith.subf %103, %113 : vector<8x128xf32>
        %122 = arith.mulf %114, %114 : vector<8x128xf32>
        %123 = arith.mulf %115, %115 : vector<8x128xf32>
        %124 = arith.mulf %116, %116 : vector<8x128xf32>
        %125 = arith.mulf %117, %117 : vector<8x128xf32>
        %126 = arith.mulf %118, %118 : vector<8x128xf32>
        %127 = arith.mulf %119, %119 : vector<8x128xf32>
        %128 = arith.mulf %120, %120 : vector<8x128xf32>
        %129 = arith.mulf %121, %121 : vector<8x128xf32>
        %130 = arith.addf %122, %123 : vector<8x128xf32>
        %131 = arith.addf %130, %124 : vector<8x128xf32>
        %132 = arith.addf %131, %125 : vector<8x128xf32>
        %133 = arith.addf %132, %126 : vector<8x128xf32>
        %134 = arith.addf %133, %127 : vector<8x128xf32>
        %135 = arith.addf %134, %128 : vector<8x128xf32>
        %136 = arith.addf %135, %129 : vector<8x128xf32>
        %137 = tessera.reduce %136 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
        %138 = arith.divf %137, %cst_0 : vector<8x1xf32>
        %139 = arith.addf %138, %cst : vector<8x1xf32>
        %140 = math.rsqrt %139 : vector<8x1xf32>
        %141 = tessera.broadcast %140 : vector<8x1xf32> -> vector<8x128xf32>
        %142 = arith.mulf %114, %141 : vector<8x128xf32>
        %143 = arith.mulf %115, %141 : vector<8x128xf32>
        %144 = arith.mulf %116, %141 : vector<8x128xf32>
        %145 = arith.mulf %117, %141 : vector<8x128xf32>
        %146 = arith.mulf %118, %141 : vector<8x128xf32>
        %147 = arith.mulf %119, %141 : vector<8x128xf32>
        %148 = arith.mulf %120, %141 : vector<8x128xf32>
        %149 = arith.mulf %121, %141 : vector<8x128xf32>
        %150 = tessera.broadcast %42 : vector<1x128xf32> -> vector<8x128xf32>
        %151 = tessera.broadcast %44 : vector<1x128xf32> -> vector<8x128xf32>
        %152 = tessera.broadcast %46 : vector<1x128xf32> -> vector<8x128xf32>
        %153 = tessera.broadcast %48 : vector<1x128xf32> -> vector<8x128xf32>
        %154 = tessera.broadcast %50 : vector<1x128xf32> -> vector<8x128xf32>
        %155 = tessera.broadcast %52 : vector<1x128xf32> -> vector<8x128xf32>
        %156 = tessera.broadcast %54 : vector<1x128xf32> -> vector<8x128xf32>
        %157 = tessera.broadcast %56 : vector<1x128xf32> -> vector<8x128xf32>
        %158 = arith.mulf %142, %150 : vector<8x128xf32>
        %159 = arith.mulf %143, %151 : vector<8x128xf32>
        %160 = arith.mulf %144, %152 : vector<8x128xf32>
        %161 = arith.mulf %145, %153 : vector<8x128xf32>
        %162 = arith.mulf %146, %154 : vector<8x128xf32>
        %163 = arith.mulf %147, %155 : vector<8x128xf32>
        %164 = arith.mulf %148, %156 : vector<8x128xf32>
        %165 = arith.mulf %149, %157 : vector<8x128xf32>
        %166 = tessera.broadcast %58 : vector<1x128xf32> -> vector<8x128xf32>
        %167 = tessera.broadcast %60 : vector<1x128xf32> -> vector<8x128xf32>
        %168 = tessera.broadcast %62 : vector<1x128xf32> -> vector<8x128xf32>
        %169 = tessera.broadcast %64 : vector<1x128xf32> -> vector<8x128xf32>
        %170 = tessera.broadcast %66 : vector<1x128xf32> -> vector<8x128xf32>
        %171 = tessera.broadcast %68 : vector<1x128xf32> -> vector<8x128xf32>
        %172 = tessera.broadcast %70 : vector<1x128xf32> -> vector<8x128xf32>
        %173 = tessera.broadcast %72 : vector<1x128xf32> -> vector<8x128xf32>
        %174 = arith.addf %158, %166 : vector<8x128xf32>
        %175 = arith.addf %159, %167 : vector<8x128xf32>
        %176 = arith.addf %160, %168 : vector<8x128xf32>
        %177 = arith.addf %161, %169 : vector<8x128xf32>
        %178 = arith.addf %162, %170 : vector<8x128xf32>
        %179 = arith.addf %163, %171 : vector<8x128xf32>
        %180 = arith.addf %164, %172 : vector<8x128xf32>
        %181 = arith.addf %165, %173 : vector<8x128xf32>
        %182 = tessera.view %40 [%86, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %183 = tessera.view %182 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %174, %183 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %184 = tessera.view %182 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %175, %184 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %185 = tessera.view %182 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %176, %185 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %186 = tessera.view %182 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %177, %186 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %187 = tessera.view %182 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %178, %187 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %188 = tessera.view %182 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %179, %188 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %189 = tessera.view %182 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %180, %189 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %190 = tessera.view %182 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %181, %190 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %191 = arith.addi %arg25, %c1_i32 : i32
        %192 = arith.muli %191, %c8_i32 : i32
        %193 = tessera.multiple_of %192, 8 : i32
        %194 = arith.index_cast %193 : i32 to index
        %195 = tessera.view %36 [%194, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %196 = tessera.view %195 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %197 = tessera.load %196 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %198 = tessera.view %195 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %199 = tessera.load %198 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %200 = tessera.view %195 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %201 = tessera.load %200 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %202 = tessera.view %195 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %203 = tessera.load %202 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %204 = tessera.view %195 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %205 = tessera.load %204 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %206 = tessera.view %195 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %207 = tessera.load %206 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %208 = tessera.view %195 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %209 = tessera.load %208 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %210 = tessera.view %195 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %211 = tessera.load %210 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %212 = arith.addf %197, %199 : vector<8x128xf32>
        %213 = arith.addf %212, %201 : vector<8x128xf32>
        %214 = arith.addf %213, %203 : vector<8x128xf32>
        %215 = arith.addf %214, %205 : vector<8x128xf32>
        %216 = arith.addf %215, %207 : vector<8x128xf32>
        %217 = arith.addf %216, %209 : vector<8x128xf32>
        %218 = arith.addf %217, %211 : vector<8x128xf32>
        %219 = tessera.reduce %218 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
        %220 = arith.divf %219, %cst_0 : vector<8x1xf32>
        %221 = tessera.broadcast %220 : vector<8x1xf32> -> vector<8x128xf32>
        %222 = arith.subf %197, %221 : vector<8x128xf32>
        %223 = arith.subf %199, %221 : vector<8x128xf32>
        %224 = arith.subf %201, %221 : vector<8x128xf32>
        %225 = arith.subf %203, %221 : vector<8x128xf32>
        %226 = arith.subf %205, %221 : vector<8x128xf32>
        %227 = arith.subf %207, %221 : vector<8x128xf32>
        %228 = arith.subf %209, %221 : vector<8x128xf32>
        %229 = arith.subf %211, %221 : vector<8x128xf32>
        %230 = arith.mulf %222, %222 : vector<8x128xf32>
        %231 = arith.mulf %223, %223 : vector<8x128xf32>
        %232 = arith.mulf %224, %224 : vector<8x128xf32>
        %233 = arith.mulf %225, %225 : vector<8x128xf32>
        %234 = arith.mulf %226, %226 : vector<8x128xf32>
        %235 = arith.mulf %227, %227 : vector<8x128xf32>
        %236 = arith.mulf %228, %228 : vector<8x128xf32>
        %237 = arith.mulf %229, %229 : vector<8x128xf32>
        %238 = arith.addf %230, %231 : vector<8x128xf32>
        %239 = arith.addf %238, %232 : vector<8x128xf32>
        %240 = arith.addf %239, %233 : vector<8x128xf32>
        %241 = arith.addf %240, %234 : vector<8x128xf32>
        %242 = arith.addf %241, %235 : vector<8x128xf32>
        %243 = arith.addf %242, %236 : vector<8x128xf32>
        %244 = arith.addf %243, %237 : vector<8x128xf32>
        %245 = tessera.reduce %244 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
        %246 = arith.divf %245, %cst_0 : vector<8x1xf32>
        %247 = arith.addf %246, %cst : vector<8x1xf32>
        %248 = math.rsqrt %247 : vector<8x1xf32>
        %249 = tessera.broadcast %248 : vector<8x1xf32> -> vector<8x128xf32>
        %250 = arith.mulf %222, %249 : vector<8x128xf32>
        %251 = arith.mulf %223, %249 : vector<8x128xf32>
        %252 = arith.mulf %224, %249 : vector<8x128xf32>
        %253 = arith.mulf %225, %249 : vector<8x128xf32>
        %254 = arith.mulf %226, %249 : vector<8x128xf32>
        %255 = arith.mulf %227, %249 : vector<8x128xf32>
        %256 = arith.mulf %228, %249 : vector<8x128xf32>
        %257 = arith.mulf %229, %249 : vector<8x128xf32>
        %258 = tessera.broadcast %42 : vector<1x128xf32> -> vector<8x128xf32>
        %259 = tessera.broadcast %44 : vector<1x128xf32> -> vector<8x128xf32>
        %260 = tessera.broadcast %46 : vector<1x128xf32> -> vector<8x128xf32>
        %261 = tessera.broadcast %48 : vector<1x128xf32> -> vector<8x128xf32>
        %262 = tessera.broadcast %50 : vector<1x128xf32> -> vector<8x128xf32>
        %263 = tessera.broadcast %52 : vector<1x128xf32> -> vector<8x128xf32>
        %264 = tessera.broadcast %54 : vector<1x128xf32> -> vector<8x128xf32>
        %265 = tessera.broadcast %56 : vector<1x128xf32> -> vector<8x128xf32>
        %266 = arith.mulf %250, %258 : vector<8x128xf32>
        %267 = arith.mulf %251, %259 : vector<8x128xf32>
        %268 = arith.mulf %252, %260 : vector<8x128xf32>
        %269 = arith.mulf %253, %261 : vector<8x128xf32>
        %270 = arith.mulf %254, %262 : vector<8x128xf32>
        %271 = arith.mulf %255, %263 : vector<8x128xf32>
        %272 = arith.mulf %256, %264 : vector<8x128xf32>
        %273 = arith.mulf %257, %265 : vector<8x128xf32>
        %274 = tessera.broadcast %58 : vector<1x128xf32> -> vector<8x128xf32>
        %275 = tessera.broadcast %60 : vector<1x128xf32> -> vector<8x128xf32>
        %276 = tessera.broadcast %62 : vector<1x128xf32> -> vector<8x128xf32>
        %277 = tessera.broadcast %64 : vector<1x128xf32> -> vector<8x128xf32>
        %278 = tessera.broadcast %66 : vector<1x128xf32> -> vector<8x128xf32>
        %279 = tessera.broadcast %68 : vector<1x128xf32> -> vector<8x128xf32>
        %280 = tessera.broadcast %70 : vector<1x128xf32> -> vector<8x128xf32>
        %281 = tessera.broadcast %72 : vector<1x128xf32> -> vector<8x128xf32>
        %282 = arith.addf %266, %274 : vector<8x128xf32>
        %283 = arith.addf %267, %275 : vector<8x128xf32>
        %284 = arith.addf %268, %276 : vector<8x128xf32>
        %285 = arith.addf %269, %277 : vector<8x128xf32>
        %286 = arith.addf %270, %278 : vector<8x128xf32>
        %287 = arith.addf %271, %279 : vector<8x128xf32>
        %288 = arith.addf %272, %280 : vector<8x128xf32>
        %289 = arith.addf %273, %281 : vector<8x128xf32>
        %290 = tessera.view %40 [%194, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %291 = tessera.view %290 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %282, %291 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %292 = tessera.view %290 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %283, %292 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %293 = tessera.view %290 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %284, %293 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %294 = tessera.view %290 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %285, %294 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %295 = tessera.view %290 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %286, %295 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %296 = tessera.view %290 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %287, %296 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %297 = tessera.view %290 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %288, %297 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %298 = tessera.view %290 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %289, %298 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %299 = arith.addi %arg25, %c2_i32 : i32
        %300 = arith.muli %299, %c8_i32 : i32
        %301 = tessera.multiple_of %300, 8 : i32
        %302 = arith.index_cast %301 : i32 to index
        %303 = tessera.view %36 [%302, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %304 = tessera.view %303 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %305 = tessera.load %304 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %306 = tessera.view %303 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %307 = tessera.load %306 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %308 = tessera.view %303 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %309 = tessera.load %308 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %310 = tessera.view %303 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %311 = tessera.load %310 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %312 = tessera.view %303 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %313 = tessera.load %312 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %314 = tessera.view %303 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %315 = tessera.load %314 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %316 = tessera.view %303 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %317 = tessera.load %316 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %318 = tessera.view %303 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %319 = tessera.load %318 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %320 = arith.addf %305, %307 : vector<8x128xf32>
        %321 = arith.addf %320, %309 : vector<8x128xf32>
        %322 = arith.addf %321, %311 : vector<8x128xf32>
        %323 = arith.addf %322, %313 : vector<8x128xf32>
        %324 = arith.addf %323, %315 : vector<8x128xf32>
        %325 = arith.addf %324, %317 : vector<8x128xf32>
        %326 = arith.addf %325, %319 : vector<8x128xf32>
        %327 = tessera.reduce %326 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
        %328 = arith.divf %327, %cst_0 : vector<8x1xf32>
        %329 = tessera.broadcast %328 : vector<8x1xf32> -> vector<8x128xf32>
        %330 = arith.subf %305, %329 : vector<8x128xf32>
        %331 = arith.subf %307, %329 : vector<8x128xf32>
        %332 = arith.subf %309, %329 : vector<8x128xf32>
        %333 = arith.subf %311, %329 : vector<8x128xf32>
        %334 = arith.subf %313, %329 : vector<8x128xf32>
        %335 = arith.subf %315, %329 : vector<8x128xf32>
        %336 = arith.subf %317, %329 : vector<8x128xf32>
        %337 = arith.subf %319, %329 : vector<8x128xf32>
        %338 = arith.mulf %330, %330 : vector<8x128xf32>
        %339 = arith.mulf %331, %331 : vector<8x128xf32>
        %340 = arith.mulf %332, %332 : vector<8x128xf32>
        %341 = arith.mulf %333, %333 : vector<8x128xf32>
        %342 = arith.mulf %334, %334 : vector<8x128xf32>
        %343 = arith.mulf %335, %335 : vector<8x128xf32>
        %344 = arith.mulf %336, %336 : vector<8x128xf32>
        %345 = arith.mulf %337, %337 : vector<8x128xf32>
        %346 = arith.addf %338, %339 : vector<8x128xf32>
        %347 = arith.addf %346, %340 : vector<8x128xf32>
        %348 = arith.addf %347, %341 : vector<8x128xf32>
        %349 = arith.addf %348, %342 : vector<8x128xf32>
        %350 = arith.addf %349, %343 : vector<8x128xf32>
        %351 = arith.addf %350, %344 : vector<8x128xf32>
        %352 = arith.addf %351, %345 : vector<8x128xf32>
        %353 = tessera.reduce %352 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
        %354 = arith.divf %353, %cst_0 : vector<8x1xf32>
        %355 = arith.addf %354, %cst : vector<8x1xf32>
        %356 = math.rsqrt %355 : vector<8x1xf32>
        %357 = tessera.broadcast %356 : vector<8x1xf32> -> vector<8x128xf32>
        %358 = arith.mulf %330, %357 : vector<8x128xf32>
        %359 = arith.mulf %331, %357 : vector<8x128xf32>
        %360 = arith.mulf %332, %357 : vector<8x128xf32>
        %361 = arith.mulf %333, %357 : vector<8x128xf32>
        %362 = arith.mulf %334, %357 : vector<8x128xf32>
        %363 = arith.mulf %335, %357 : vector<8x128xf32>
        %364 = arith.mulf %336, %357 : vector<8x128xf32>
        %365 = arith.mulf %337, %357 : vector<8x128xf32>
        %366 = tessera.broadcast %42 : vector<1x128xf32> -> vector<8x128xf32>
        %367 = tessera.broadcast %44 : vector<1x128xf32> -> vector<8x128xf32>
        %368 = tessera.broadcast %46 : vector<1x128xf32> -> vector<8x128xf32>
        %369 = tessera.broadcast %48 : vector<1x128xf32> -> vector<8x128xf32>
        %370 = tessera.broadcast %50 : vector<1x128xf32> -> vector<8x128xf32>
        %371 = tessera.broadcast %52 : vector<1x128xf32> -> vector<8x128xf32>
        %372 = tessera.broadcast %54 : vector<1x128xf32> -> vector<8x128xf32>
        %373 = tessera.broadcast %56 : vector<1x128xf32> -> vector<8x128xf32>
        %374 = arith.mulf %358, %366 : vector<8x128xf32>
        %375 = arith.mulf %359, %367 : vector<8x128xf32>
        %376 = arith.mulf %360, %368 : vector<8x128xf32>
        %377 = arith.mulf %361, %369 : vector<8x128xf32>
        %378 = arith.mulf %362, %370 : vector<8x128xf32>
        %379 = arith.mulf %363, %371 : vector<8x128xf32>
        %380 = arith.mulf %364, %372 : vector<8x128xf32>
        %381 = arith.mulf %365, %373 : vector<8x128xf32>
        %382 = tessera.broadcast %58 : vector<1x128xf32> -> vector<8x128xf32>
        %383 = tessera.broadcast %60 : vector<1x128xf32> -> vector<8x128xf32>
        %384 = tessera.broadcast %62 : vector<1x128xf32> -> vector<8x128xf32>
        %385 = tessera.broadcast %64 : vector<1x128xf32> -> vector<8x128xf32>
        %386 = tessera.broadcast %66 : vector<1x128xf32> -> vector<8x128xf32>
        %387 = tessera.broadcast %68 : vector<1x128xf32> -> vector<8x128xf32>
        %388 = tessera.broadcast %70 : vector<1x128xf32> -> vector<8x128xf32>
        %389 = tessera.broadcast %72 : vector<1x128xf32> -> vector<8x128xf32>
        %390 = arith.addf %374, %382 : vector<8x128xf32>
        %391 = arith.addf %375, %383 : vector<8x128xf32>
        %392 = arith.addf %376, %384 : vector<8x128xf32>
        %393 = arith.addf %377, %385 : vector<8x128xf32>
        %394 = arith.addf %378, %386 : vector<8x128xf32>
        %395 = arith.addf %379, %387 : vector<8x128xf32>
        %396 = arith.addf %380, %388 : vector<8x128xf32>
        %397 = arith.addf %381, %389 : vector<8x128xf32>
        %398 = tessera.view %40 [%302, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %399 = tessera.view %398 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %390, %399 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %400 = tessera.view %398 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %391, %400 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %401 = tessera.view %398 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %392, %401 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %402 = tessera.view %398 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %393, %402 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %403 = tessera.view %398 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %394, %403 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %404 = tessera.view %398 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %395, %404 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %405 = tessera.view %398 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %396, %405 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %406 = tessera.view %398 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %397, %406 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %407 = arith.addi %arg25, %c3_i32 : i32
        %408 = arith.muli %407, %c8_i32 : i32
        %409 = tessera.multiple_of %408, 8 : i32
        %410 = arith.index_cast %409 : i32 to index
        %411 = tessera.view %36 [%410, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %412 = tessera.view %411 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %413 = tessera.load %412 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %414 = tessera.view %411 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %415 = tessera.load %414 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %416 = tessera.view %411 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %417 = tessera.load %416 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %418 = tessera.view %411 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %419 = tessera.load %418 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %420 = tessera.view %411 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %421 = tessera.load %420 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %422 = tessera.view %411 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %423 = tessera.load %422 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %424 = tessera.view %411 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %425 = tessera.load %424 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %426 = tessera.view %411 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %427 = tessera.load %426 : memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        %428 = arith.addf %413, %415 : vector<8x128xf32>
        %429 = arith.addf %428, %417 : vector<8x128xf32>
        %430 = arith.addf %429, %419 : vector<8x128xf32>
        %431 = arith.addf %430, %421 : vector<8x128xf32>
        %432 = arith.addf %431, %423 : vector<8x128xf32>
        %433 = arith.addf %432, %425 : vector<8x128xf32>
        %434 = arith.addf %433, %427 : vector<8x128xf32>
        %435 = tessera.reduce %434 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
        %436 = arith.divf %435, %cst_0 : vector<8x1xf32>
        %437 = tessera.broadcast %436 : vector<8x1xf32> -> vector<8x128xf32>
        %438 = arith.subf %413, %437 : vector<8x128xf32>
        %439 = arith.subf %415, %437 : vector<8x128xf32>
        %440 = arith.subf %417, %437 : vector<8x128xf32>
        %441 = arith.subf %419, %437 : vector<8x128xf32>
        %442 = arith.subf %421, %437 : vector<8x128xf32>
        %443 = arith.subf %423, %437 : vector<8x128xf32>
        %444 = arith.subf %425, %437 : vector<8x128xf32>
        %445 = arith.subf %427, %437 : vector<8x128xf32>
        %446 = arith.mulf %438, %438 : vector<8x128xf32>
        %447 = arith.mulf %439, %439 : vector<8x128xf32>
        %448 = arith.mulf %440, %440 : vector<8x128xf32>
        %449 = arith.mulf %441, %441 : vector<8x128xf32>
        %450 = arith.mulf %442, %442 : vector<8x128xf32>
        %451 = arith.mulf %443, %443 : vector<8x128xf32>
        %452 = arith.mulf %444, %444 : vector<8x128xf32>
        %453 = arith.mulf %445, %445 : vector<8x128xf32>
        %454 = arith.addf %446, %447 : vector<8x128xf32>
        %455 = arith.addf %454, %448 : vector<8x128xf32>
        %456 = arith.addf %455, %449 : vector<8x128xf32>
        %457 = arith.addf %456, %450 : vector<8x128xf32>
        %458 = arith.addf %457, %451 : vector<8x128xf32>
        %459 = arith.addf %458, %452 : vector<8x128xf32>
        %460 = arith.addf %459, %453 : vector<8x128xf32>
        %461 = tessera.reduce %460 {axis = 1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
        %462 = arith.divf %461, %cst_0 : vector<8x1xf32>
        %463 = arith.addf %462, %cst : vector<8x1xf32>
        %464 = math.rsqrt %463 : vector<8x1xf32>
        %465 = tessera.broadcast %464 : vector<8x1xf32> -> vector<8x128xf32>
        %466 = arith.mulf %438, %465 : vector<8x128xf32>
        %467 = arith.mulf %439, %465 : vector<8x128xf32>
        %468 = arith.mulf %440, %465 : vector<8x128xf32>
        %469 = arith.mulf %441, %465 : vector<8x128xf32>
        %470 = arith.mulf %442, %465 : vector<8x128xf32>
        %471 = arith.mulf %443, %465 : vector<8x128xf32>
        %472 = arith.mulf %444, %465 : vector<8x128xf32>
        %473 = arith.mulf %445, %465 : vector<8x128xf32>
        %474 = tessera.broadcast %42 : vector<1x128xf32> -> vector<8x128xf32>
        %475 = tessera.broadcast %44 : vector<1x128xf32> -> vector<8x128xf32>
        %476 = tessera.broadcast %46 : vector<1x128xf32> -> vector<8x128xf32>
        %477 = tessera.broadcast %48 : vector<1x128xf32> -> vector<8x128xf32>
        %478 = tessera.broadcast %50 : vector<1x128xf32> -> vector<8x128xf32>
        %479 = tessera.broadcast %52 : vector<1x128xf32> -> vector<8x128xf32>
        %480 = tessera.broadcast %54 : vector<1x128xf32> -> vector<8x128xf32>
        %481 = tessera.broadcast %56 : vector<1x128xf32> -> vector<8x128xf32>
        %482 = arith.mulf %466, %474 : vector<8x128xf32>
        %483 = arith.mulf %467, %475 : vector<8x128xf32>
        %484 = arith.mulf %468, %476 : vector<8x128xf32>
        %485 = arith.mulf %469, %477 : vector<8x128xf32>
        %486 = arith.mulf %470, %478 : vector<8x128xf32>
        %487 = arith.mulf %471, %479 : vector<8x128xf32>
        %488 = arith.mulf %472, %480 : vector<8x128xf32>
        %489 = arith.mulf %473, %481 : vector<8x128xf32>
        %490 = tessera.broadcast %58 : vector<1x128xf32> -> vector<8x128xf32>
        %491 = tessera.broadcast %60 : vector<1x128xf32> -> vector<8x128xf32>
        %492 = tessera.broadcast %62 : vector<1x128xf32> -> vector<8x128xf32>
        %493 = tessera.broadcast %64 : vector<1x128xf32> -> vector<8x128xf32>
        %494 = tessera.broadcast %66 : vector<1x128xf32> -> vector<8x128xf32>
        %495 = tessera.broadcast %68 : vector<1x128xf32> -> vector<8x128xf32>
        %496 = tessera.broadcast %70 : vector<1x128xf32> -> vector<8x128xf32>
        %497 = tessera.broadcast %72 : vector<1x128xf32> -> vector<8x128xf32>
        %498 = arith.addf %482, %490 : vector<8x128xf32>
        %499 = arith.addf %483, %491 : vector<8x128xf32>
        %500 = arith.addf %484, %492 : vector<8x128xf32>
        %501 = arith.addf %485, %493 : vector<8x128xf32>
        %502 = arith.addf %486, %494 : vector<8x128xf32>
        %503 = arith.addf %487, %495 : vector<8x128xf32>
        %504 = arith.addf %488, %496 : vector<8x128xf32>
        %505 = arith.addf %489, %497 : vector<8x128xf32>
        %506 = tessera.view %40 [%410, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %507 = tessera.view %506 [0, 0] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %498, %507 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %508 = tessera.view %506 [0, 128] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %499, %508 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %509 = tessera.view %506 [0, 256] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %500, %509 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %510 = tessera.view %506 [0, 384] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %501, %510 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %511 = tessera.view %506 [0, 512] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %502, %511 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %512 = tessera.view %506 [0, 640] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %503, %512 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %513 = tessera.view %506 [0, 768] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %504, %513 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %514 = tessera.view %506 [0, 896] [8, 128] : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %505, %514 : vector<8x128xf32>, memref<8x128xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      %73 = arith.cmpi sge, %arg13, %c7_i32 : i32
      %74 = arith.cmpi ne, %18#1, %arg21 : i32
      %75 = arith.cmpi ne, %17, %arg22 : i32
      %76 = arith.ori %74, %75 : i1
      %77 = arith.ori %73, %76 : i1
      scf.if %77 {
        %84 = arith.addi %arg21, %arg22 : i32
        %85 = arith.index_cast %84 : i32 to index
        %86 = tessera.load_scalar %arg12[%85] : memref<8xi32, #tessera.memory_space<smem>> -> i32
        %87 = arith.cmpi eq, %86, %c0_i32 : i32
        tessera.check %87, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg21, %arg22 : i32, i32]
        tessera.store_scalar %c1_i32, %arg12[%85] : i32, memref<8xi32, #tessera.memory_space<smem>>
        %88 = tessera.view %arg11 [%13] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %89 = arith.muli %arg21, %c64_i32 : i32
        %90 = tessera.multiple_of %89, 64 : i32
        %91 = arith.index_cast %90 : i32 to index
        %92 = arith.muli %arg22, %c1024_i32 : i32
        %93 = tessera.multiple_of %92, 1024 : i32
        %94 = arith.index_cast %93 : i32 to index
        %95 = tessera.view %arg3 [%91, %94] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
        %96 = arith.muli %arg20, %c64_i32 : i32
        %97 = tessera.multiple_of %96, 64 : i32
        %98 = arith.index_cast %97 : i32 to index
        %99 = tessera.view %arg10 [%98, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %99, %95, %88 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      }
      %78 = arith.subi %c1_i32, %arg20 : i32
      %79 = arith.select %77, %78, %arg20 : i32
      %80 = arith.select %77, %arg24, %c0_i32 : i32
      %81 = arith.select %77, %c1_i32, %arg24 : i32
      %82 = arith.select %77, %18#1, %arg21 : i32
      %83 = arith.select %77, %17, %arg22 : i32
      scf.yield %26, %28, %29, %27, %c0_i32, %c0_i32, %79, %82, %83, %80, %81 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %10 = arith.index_cast %9#6 : i32 to index
    %11 = arith.cmpi ne, %9#9, %c0_i32 : i32
    scf.if %11 {
      %13 = tessera.view %arg11 [%10] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %14 = arith.muli %9#7, %c64_i32 : i32
      %15 = tessera.multiple_of %14, 64 : i32
      %16 = arith.index_cast %15 : i32 to index
      %17 = arith.muli %9#8, %c1024_i32 : i32
      %18 = tessera.multiple_of %17, 1024 : i32
      %19 = arith.index_cast %18 : i32 to index
      %20 = tessera.view %arg3 [%16, %19] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %21 = arith.muli %9#6, %c64_i32 : i32
      %22 = tessera.multiple_of %21, 64 : i32
      %23 = arith.index_cast %22 : i32 to index
      %24 = tessera.view %arg10 [%23, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %24, %20, %13 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    %12 = arith.cmpi ne, %9#10, %c0_i32 : i32
    scf.if %12 {
      %13 = arith.subi %c1_i32, %9#6 : i32
      %14 = arith.index_cast %13 : i32 to index
      %15 = tessera.view %arg11 [%14] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %16 = arith.muli %9#7, %c64_i32 : i32
      %17 = tessera.multiple_of %16, 64 : i32
      %18 = arith.index_cast %17 : i32 to index
      %19 = arith.muli %9#8, %c1024_i32 : i32
      %20 = tessera.multiple_of %19, 1024 : i32
      %21 = arith.index_cast %20 : i32 to index
      %22 = tessera.view %arg3 [%18, %21] [64, 1024] : memref<512x1024xf32, #tessera.memory_space<any>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>
      %23 = arith.muli %13, %c64_i32 : i32
      %24 = tessera.multiple_of %23, 64 : i32
      %25 = arith.index_cast %24 : i32 to index
      %26 = tessera.view %arg10 [%25, 0] [64, 1024] : memref<128x1024xf32, #tessera.memory_space<vmem>> to memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %26, %22, %15 : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    }
    return
  }
}
