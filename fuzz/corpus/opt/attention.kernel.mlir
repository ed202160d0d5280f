module {
  func.func @attention(%arg0: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "q_hbm"}, %arg1: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "k_hbm"}, %arg2: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "v_hbm"}, %arg3: memref<1024x128xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg4: memref<768x128xbf16, #tessera.memory_space<vmem>> {tessera.name = "q_hbm_blocks"}, %arg5: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "q_hbm_sems"}, %arg6: memref<768x128xbf16, #tessera.memory_space<vmem>> {tessera.name = "k_hbm_blocks"}, %arg7: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "k_hbm_sems"}, %arg8: memref<768x128xbf16, #tessera.memory_space<vmem>> {tessera.name = "v_hbm_blocks"}, %arg9: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "v_hbm_sems"}, %arg10: memref<512x128xf32, #tessera.memory_space<vmem>> {tessera.name = "o_hbm_blocks"}, %arg11: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_hbm_sems"}, %arg12: memref<4xi32, #tessera.memory_space<smem>> {tessera.name = "o_hbm_written"}) attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg13 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
      %68 = arith.index_cast %arg13 : i32 to index
      %c0_i32_36 = arith.constant 0 : i32
      tessera.store_scalar %c0_i32_36, %arg12[%68] : i32, memref<4xi32, #tessera.memory_space<smem>>
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
      %68 = tessera.view %arg5 [%18] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_36 = arith.constant 256 : i32
      %69 = arith.muli %c1_i32_5, %c256_i32_36 : i32
      %70 = tessera.multiple_of %69, 256 : i32
      %71 = arith.index_cast %70 : i32 to index
      %c128_i32_37 = arith.constant 128 : i32
      %72 = arith.muli %c0_i32_7, %c128_i32_37 : i32
      %73 = tessera.multiple_of %72, 128 : i32
      %74 = arith.index_cast %73 : i32 to index
      %75 = tessera.view %arg0 [%71, %74] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_38 = arith.constant 256 : i32
      %76 = arith.muli %17, %c256_i32_38 : i32
      %77 = tessera.multiple_of %76, 256 : i32
      %78 = arith.index_cast %77 : i32 to index
      %79 = tessera.view %arg4 [%78, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %75, %79, %68 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
      %68 = tessera.view %arg7 [%39] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_36 = arith.constant 256 : i32
      %69 = arith.muli %c1_i32_14, %c256_i32_36 : i32
      %70 = tessera.multiple_of %69, 256 : i32
      %71 = arith.index_cast %70 : i32 to index
      %c128_i32_37 = arith.constant 128 : i32
      %72 = arith.muli %c0_i32_16, %c128_i32_37 : i32
      %73 = tessera.multiple_of %72, 128 : i32
      %74 = arith.index_cast %73 : i32 to index
      %75 = tessera.view %arg1 [%71, %74] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_38 = arith.constant 256 : i32
      %76 = arith.muli %38, %c256_i32_38 : i32
      %77 = tessera.multiple_of %76, 256 : i32
      %78 = arith.index_cast %77 : i32 to index
      %79 = tessera.view %arg6 [%78, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %75, %79, %68 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
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
      %68 = tessera.view %arg9 [%60] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_36 = arith.constant 256 : i32
      %69 = arith.muli %c1_i32_24, %c256_i32_36 : i32
      %70 = tessera.multiple_of %69, 256 : i32
      %71 = arith.index_cast %70 : i32 to index
      %c128_i32_37 = arith.constant 128 : i32
      %72 = arith.muli %c0_i32_26, %c128_i32_37 : i32
      %73 = tessera.multiple_of %72, 128 : i32
      %74 = arith.index_cast %73 : i32 to index
      %75 = tessera.view %arg2 [%71, %74] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_38 = arith.constant 256 : i32
      %76 = arith.muli %59, %c256_i32_38 : i32
      %77 = tessera.multiple_of %76, 256 : i32
      %78 = arith.index_cast %77 : i32 to index
      %79 = tessera.view %arg8 [%78, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_start %75, %79, %68 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %61 = arith.select %57, %59, %c0_i32_0 : i32
    %62 = arith.select %57, %c1_i32_24, %c0_i32_0 : i32
    %63 = arith.select %57, %c0_i32_26, %c0_i32_20 : i32
    %c0_i32_29 = arith.constant 0 : i32
    %c0_i32_30 = arith.constant 0 : i32
    %c0_i32_31 = arith.constant 0 : i32
    %c4_i32_32 = arith.constant 4 : i32
    %c1_i32_33 = arith.constant 1 : i32
    %64:26 = scf.for %arg13 = %c0_i32_31 to %c4_i32_32 step %c1_i32_33 iter_args(%arg14 = %c0_i32_0, %arg15 = %c0_i32_0, %arg16 = %c0_i32_3, %arg17 = %c1_i32_1, %arg18 = %19, %arg19 = %20, %arg20 = %21, %arg21 = %c0_i32_0, %arg22 = %c0_i32_0, %arg23 = %c0_i32_10, %arg24 = %c1_i32_1, %arg25 = %40, %arg26 = %41, %arg27 = %42, %arg28 = %c0_i32_0, %arg29 = %c0_i32_0, %arg30 = %c0_i32_20, %arg31 = %c1_i32_1, %arg32 = %61, %arg33 = %62, %arg34 = %63, %arg35 = %c0_i32_0, %arg36 = %c0_i32_0, %arg37 = %c0_i32_30, %arg38 = %c0_i32_0, %arg39 = %c0_i32_0) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
      %68 = arith.index_cast %arg35 : i32 to index
      %69 = arith.index_cast %arg28 : i32 to index
      %70 = arith.index_cast %arg21 : i32 to index
      %71 = arith.index_cast %arg14 : i32 to index
      %c3_i32_36 = arith.constant 3 : i32
      %72 = arith.cmpi slt, %arg13, %c3_i32_36 : i32
      %73:8 = scf.if %72 -> (i32, i32, i32, i32, i32, i32, i32, i32) {
        %c1_i32_61 = arith.constant 1 : i32
        %209 = arith.addi %arg13, %c1_i32_61 : i32
        %c0_i32_62 = arith.constant 0 : i32
        %c0_i32_63 = arith.constant 0 : i32
        %c0_i32_64 = arith.constant 0 : i32
        %c0_i32_65 = arith.constant 0 : i32
        %c0_i32_66 = arith.constant 0 : i32
        %c0_i32_67 = arith.constant 0 : i32
        %c0_i32_68 = arith.constant 0 : i32
        %c0_i32_69 = arith.constant 0 : i32
        scf.yield %209, %c0_i32_63, %209, %c0_i32_65, %209, %c0_i32_67, %209, %c0_i32_69 : i32, i32, i32, i32, i32, i32, i32, i32
      } else {
        scf.yield %arg15, %arg16, %arg22, %arg23, %arg29, %arg30, %arg36, %arg37 : i32, i32, i32, i32, i32, i32, i32, i32
      }
      %74 = arith.cmpi ne, %73#0, %arg15 : i32
      %75 = arith.cmpi ne, %73#1, %arg16 : i32
      %76 = arith.ori %74, %75 : i1
      %77 = arith.andi %72, %76 : i1
      %c1_i32_37 = arith.constant 1 : i32
      %78 = arith.addi %arg14, %c1_i32_37 : i32
      %c3_i32_38 = arith.constant 3 : i32
      %79 = arith.remsi %78, %c3_i32_38 : i32
      %c2_i32 = arith.constant 2 : i32
      %80 = arith.cmpi slt, %arg13, %c2_i32 : i32
      %81:2 = scf.if %80 -> (i32, i32) {
        %c2_i32_61 = arith.constant 2 : i32
        %209 = arith.addi %arg13, %c2_i32_61 : i32
        %c0_i32_62 = arith.constant 0 : i32
        %c0_i32_63 = arith.constant 0 : i32
        scf.yield %209, %c0_i32_63 : i32, i32
      } else {
        scf.yield %arg19, %arg20 : i32, i32
      }
      %82 = arith.cmpi ne, %81#0, %arg19 : i32
      %83 = arith.cmpi ne, %81#1, %arg20 : i32
      %84 = arith.ori %82, %83 : i1
      %85 = arith.andi %80, %84 : i1
      %c1_i32_39 = arith.constant 1 : i32
      %86 = arith.addi %arg18, %c1_i32_39 : i32
      %c3_i32_40 = arith.constant 3 : i32
      %87 = arith.remsi %86, %c3_i32_40 : i32
      %88 = arith.index_cast %87 : i32 to index
      scf.if %85 {
        %209 = tessera.view %arg5 [%88] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_61 = arith.constant 256 : i32
        %210 = arith.muli %81#0, %c256_i32_61 : i32
        %211 = tessera.multiple_of %210, 256 : i32
        %212 = arith.index_cast %211 : i32 to index
        %c128_i32_62 = arith.constant 128 : i32
        %213 = arith.muli %81#1, %c128_i32_62 : i32
        %214 = tessera.multiple_of %213, 128 : i32
        %215 = arith.index_cast %214 : i32 to index
        %216 = tessera.view %arg0 [%212, %215] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_63 = arith.constant 256 : i32
        %217 = arith.muli %87, %c256_i32_63 : i32
        %218 = tessera.multiple_of %217, 256 : i32
        %219 = arith.index_cast %218 : i32 to index
        %220 = tessera.view %arg4 [%219, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %216, %220, %209 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %89 = arith.select %85, %87, %arg18 : i32
      %90 = arith.select %85, %81#0, %arg19 : i32
      %91 = arith.select %85, %81#1, %arg20 : i32
      %c0_i32_41 = arith.constant 0 : i32
      %92 = arith.cmpi ne, %arg17, %c0_i32_41 : i32
      scf.if %92 {
        %209 = tessera.view %arg5 [%71] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_61 = arith.constant 256 : i32
        %210 = arith.muli %arg15, %c256_i32_61 : i32
        %211 = tessera.multiple_of %210, 256 : i32
        %212 = arith.index_cast %211 : i32 to index
        %c128_i32_62 = arith.constant 128 : i32
        %213 = arith.muli %arg16, %c128_i32_62 : i32
        %214 = tessera.multiple_of %213, 128 : i32
        %215 = arith.index_cast %214 : i32 to index
        %216 = tessera.view %arg0 [%212, %215] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_63 = arith.constant 256 : i32
        %217 = arith.muli %arg14, %c256_i32_63 : i32
        %218 = tessera.multiple_of %217, 256 : i32
        %219 = arith.index_cast %218 : i32 to index
        %220 = tessera.view %arg4 [%219, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %216, %220, %209 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %93 = arith.select %77, %79, %arg14 : i32
      %94 = arith.select %77, %c1_i32_1, %c0_i32_0 : i32
      %95 = arith.select %77, %73#0, %arg15 : i32
      %96 = arith.select %77, %73#1, %arg16 : i32
      %97 = arith.cmpi ne, %73#2, %arg22 : i32
      %98 = arith.cmpi ne, %73#3, %arg23 : i32
      %99 = arith.ori %97, %98 : i1
      %100 = arith.andi %72, %99 : i1
      %c1_i32_42 = arith.constant 1 : i32
      %101 = arith.addi %arg21, %c1_i32_42 : i32
      %c3_i32_43 = arith.constant 3 : i32
      %102 = arith.remsi %101, %c3_i32_43 : i32
      %c2_i32_44 = arith.constant 2 : i32
      %103 = arith.cmpi slt, %arg13, %c2_i32_44 : i32
      %104:2 = scf.if %103 -> (i32, i32) {
        %c2_i32_61 = arith.constant 2 : i32
        %209 = arith.addi %arg13, %c2_i32_61 : i32
        %c0_i32_62 = arith.constant 0 : i32
        %c0_i32_63 = arith.constant 0 : i32
        scf.yield %209, %c0_i32_63 : i32, i32
      } else {
        scf.yield %arg26, %arg27 : i32, i32
      }
      %105 = arith.cmpi ne, %104#0, %arg26 : i32
      %106 = arith.cmpi ne, %104#1, %arg27 : i32
      %107 = arith.ori %105, %106 : i1
      %108 = arith.andi %103, %107 : i1
      %c1_i32_45 = arith.constant 1 : i32
      %109 = arith.addi %arg25, %c1_i32_45 : i32
      %c3_i32_46 = arith.constant 3 : i32
      %110 = arith.remsi %109, %c3_i32_46 : i32
      %111 = arith.index_cast %110 : i32 to index
      scf.if %108 {
        %209 = tessera.view %arg7 [%111] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_61 = arith.constant 256 : i32
        %210 = arith.muli %104#0, %c256_i32_61 : i32
        %211 = tessera.multiple_of %210, 256 : i32
        %212 = arith.index_cast %211 : i32 to index
        %c128_i32_62 = arith.constant 128 : i32
        %213 = arith.muli %104#1, %c128_i32_62 : i32
        %214 = tessera.multiple_of %213, 128 : i32
        %215 = arith.index_cast %214 : i32 to index
        %216 = tessera.view %arg1 [%212, %215] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_63 = arith.constant 256 : i32
        %217 = arith.muli %110, %c256_i32_63 : i32
        %218 = tessera.multiple_of %217, 256 : i32
        %219 = arith.index_cast %218 : i32 to index
        %220 = tessera.view %arg6 [%219, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %216, %220, %209 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %112 = arith.select %108, %110, %arg25 : i32
      %113 = arith.select %108, %104#0, %arg26 : i32
      %114 = arith.select %108, %104#1, %arg27 : i32
      %c0_i32_47 = arith.constant 0 : i32
      %115 = arith.cmpi ne, %arg24, %c0_i32_47 : i32
      scf.if %115 {
        %209 = tessera.view %arg7 [%70] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_61 = arith.constant 256 : i32
        %210 = arith.muli %arg22, %c256_i32_61 : i32
        %211 = tessera.multiple_of %210, 256 : i32
        %212 = arith.index_cast %211 : i32 to index
        %c128_i32_62 = arith.constant 128 : i32
        %213 = arith.muli %arg23, %c128_i32_62 : i32
        %214 = tessera.multiple_of %213, 128 : i32
        %215 = arith.index_cast %214 : i32 to index
        %216 = tessera.view %arg1 [%212, %215] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_63 = arith.constant 256 : i32
        %217 = arith.muli %arg21, %c256_i32_63 : i32
        %218 = tessera.multiple_of %217, 256 : i32
        %219 = arith.index_cast %218 : i32 to index
        %220 = tessera.view %arg6 [%219, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %216, %220, %209 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %116 = arith.select %100, %102, %arg21 : i32
      %117 = arith.select %100, %c1_i32_1, %c0_i32_0 : i32
      %118 = arith.select %100, %73#2, %arg22 : i32
      %119 = arith.select %100, %73#3, %arg23 : i32
      %120 = arith.cmpi ne, %73#4, %arg29 : i32
      %121 = arith.cmpi ne, %73#5, %arg30 : i32
      %122 = arith.ori %120, %121 : i1
      %123 = arith.andi %72, %122 : i1
      %c1_i32_48 = arith.constant 1 : i32
      %124 = arith.addi %arg28, %c1_i32_48 : i32
      %c3_i32_49 = arith.constant 3 : i32
      %125 = arith.remsi %124, %c3_i32_49 : i32
      %c2_i32_50 = arith.constant 2 : i32
      %126 = arith.cmpi slt, %arg13, %c2_i32_50 : i32
      %127:2 = scf.if %126 -> (i32, i32) {
        %c2_i32_61 = arith.constant 2 : i32
        %209 = arith.addi %arg13, %c2_i32_61 : i32
        %c0_i32_62 = arith.constant 0 : i32
        %c0_i32_63 = arith.constant 0 : i32
        scf.yield %209, %c0_i32_63 : i32, i32
      } else {
        scf.yield %arg33, %arg34 : i32, i32
      }
      %128 = arith.cmpi ne, %127#0, %arg33 : i32
      %129 = arith.cmpi ne, %127#1, %arg34 : i32
      %130 = arith.ori %128, %129 : i1
      %131 = arith.andi %126, %130 : i1
      %c1_i32_51 = arith.constant 1 : i32
      %132 = arith.addi %arg32, %c1_i32_51 : i32
      %c3_i32_52 = arith.constant 3 : i32
      %133 = arith.remsi %132, %c3_i32_52 : i32
      %134 = arith.index_cast %133 : i32 to index
      scf.if %131 {
        %209 = tessera.view %arg9 [%134] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_61 = arith.constant 256 : i32
        %210 = arith.muli %127#0, %c256_i32_61 : i32
        %211 = tessera.multiple_of %210, 256 : i32
        %212 = arith.index_cast %211 : i32 to index
        %c128_i32_62 = arith.constant 128 : i32
        %213 = arith.muli %127#1, %c128_i32_62 : i32
        %214 = tessera.multiple_of %213, 128 : i32
        %215 = arith.index_cast %214 : i32 to index
        %216 = tessera.view %arg2 [%212, %215] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_63 = arith.constant 256 : i32
        %217 = arith.muli %133, %c256_i32_63 : i32
        %218 = tessera.multiple_of %217, 256 : i32
        %219 = arith.index_cast %218 : i32 to index
        %220 = tessera.view %arg8 [%219, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %216, %220, %209 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %135 = arith.select %131, %133, %arg32 : i32
      %136 = arith.select %131, %127#0, %arg33 : i32
      %137 = arith.select %131, %127#1, %arg34 : i32
      %c0_i32_53 = arith.constant 0 : i32
      %138 = arith.cmpi ne, %arg31, %c0_i32_53 : i32
      scf.if %138 {
        %209 = tessera.view %arg9 [%69] [1] : memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_61 = arith.constant 256 : i32
        %210 = arith.muli %arg29, %c256_i32_61 : i32
        %211 = tessera.multiple_of %210, 256 : i32
        %212 = arith.index_cast %211 : i32 to index
        %c128_i32_62 = arith.constant 128 : i32
        %213 = arith.muli %arg30, %c128_i32_62 : i32
        %214 = tessera.multiple_of %213, 128 : i32
        %215 = arith.index_cast %214 : i32 to index
        %216 = tessera.view %arg2 [%212, %215] [256, 128] : memref<1024x128xbf16, #tessera.memory_space<any>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_63 = arith.constant 256 : i32
        %217 = arith.muli %arg28, %c256_i32_63 : i32
        %218 = tessera.multiple_of %217, 256 : i32
        %219 = arith.index_cast %218 : i32 to index
        %220 = tessera.view %arg8 [%219, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %216, %220, %209 : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %139 = arith.select %123, %125, %arg28 : i32
      %140 = arith.select %123, %c1_i32_1, %c0_i32_0 : i32
      %141 = arith.select %123, %73#4, %arg29 : i32
      %142 = arith.select %123, %73#5, %arg30 : i32
      %c0_i32_54 = arith.constant 0 : i32
      %143 = arith.cmpi ne, %arg38, %c0_i32_54 : i32
      scf.if %143 {
        %209 = tessera.view %arg11 [%68] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_61 = arith.constant 256 : i32
        %210 = arith.muli %arg36, %c256_i32_61 : i32
        %211 = tessera.multiple_of %210, 256 : i32
        %212 = arith.index_cast %211 : i32 to index
        %c128_i32_62 = arith.constant 128 : i32
        %213 = arith.muli %arg37, %c128_i32_62 : i32
        %214 = tessera.multiple_of %213, 128 : i32
        %215 = arith.index_cast %214 : i32 to index
        %216 = tessera.view %arg3 [%212, %215] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_63 = arith.constant 256 : i32
        %217 = arith.muli %arg35, %c256_i32_63 : i32
        %218 = tessera.multiple_of %217, 256 : i32
        %219 = arith.index_cast %218 : i32 to index
        %220 = tessera.view %arg10 [%219, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_wait %220, %216, %209 : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c256_i32_55 = arith.constant 256 : i32
      %144 = arith.muli %arg14, %c256_i32_55 : i32
      %145 = tessera.multiple_of %144, 256 : i32
      %146 = arith.index_cast %145 : i32 to index
      %147 = tessera.view %arg4 [%146, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c256_i32_56 = arith.constant 256 : i32
      %148 = arith.muli %arg21, %c256_i32_56 : i32
      %149 = tessera.multiple_of %148, 256 : i32
      %150 = arith.index_cast %149 : i32 to index
      %151 = tessera.view %arg6 [%150, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c256_i32_57 = arith.constant 256 : i32
      %152 = arith.muli %arg28, %c256_i32_57 : i32
      %153 = tessera.multiple_of %152, 256 : i32
      %154 = arith.index_cast %153 : i32 to index
      %155 = tessera.view %arg8 [%154, 0] [256, 128] : memref<768x128xbf16, #tessera.memory_space<vmem>> to memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %c256_i32_58 = arith.constant 256 : i32
      %156 = arith.muli %arg35, %c256_i32_58 : i32
      %157 = tessera.multiple_of %156, 256 : i32
      %158 = arith.index_cast %157 : i32 to index
      %159 = tessera.view %arg10 [%158, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %160 = tessera.view %147 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %161 = tessera.view %147 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %162 = tessera.load %160 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %163 = tessera.load %161 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %164 = tessera.view %151 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %165 = tessera.view %151 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %166 = tessera.load %164 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %167 = tessera.load %165 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %168 = tessera.dot %162, %166 {transpose_rhs = true} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %169 = tessera.dot %163, %167 {transpose_rhs = true} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %cst = arith.constant dense<0.0883883461> : vector<128x128xf32>
      %170 = arith.mulf %168, %cst : vector<128x128xf32>
      %cst_59 = arith.constant dense<0.0883883461> : vector<128x128xf32>
      %171 = arith.mulf %169, %cst_59 : vector<128x128xf32>
      %172 = tessera.reduce %170 {axis = 1 : i64, kind = "max"} : vector<128x128xf32> -> vector<128x1xf32>
      %173 = tessera.reduce %171 {axis = 1 : i64, kind = "max"} : vector<128x128xf32> -> vector<128x1xf32>
      %174 = tessera.broadcast %172 : vector<128x1xf32> -> vector<128x128xf32>
      %175 = arith.subf %170, %174 : vector<128x128xf32>
      %176 = tessera.broadcast %173 : vector<128x1xf32> -> vector<128x128xf32>
      %177 = arith.subf %171, %176 : vector<128x128xf32>
      %178 = math.exp %175 : vector<128x128xf32>
      %179 = math.exp %177 : vector<128x128xf32>
      %180 = arith.truncf %178 : vector<128x128xf32> to vector<128x128xbf16>
      %181 = arith.truncf %179 : vector<128x128xf32> to vector<128x128xbf16>
      %182 = tessera.view %155 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %183 = tessera.view %155 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %184 = tessera.load %182 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %185 = tessera.load %183 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %186 = tessera.dot %180, %184 : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %187 = tessera.dot %181, %185 : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %188 = tessera.reduce %178 {axis = 1 : i64, kind = "sum"} : vector<128x128xf32> -> vector<128x1xf32>
      %189 = tessera.reduce %179 {axis = 1 : i64, kind = "sum"} : vector<128x128xf32> -> vector<128x1xf32>
      %190 = tessera.broadcast %188 : vector<128x1xf32> -> vector<128x128xf32>
      %191 = arith.divf %186, %190 : vector<128x128xf32>
      %192 = tessera.broadcast %189 : vector<128x1xf32> -> vector<128x128xf32>
      %193 = arith.divf %187, %192 : vector<128x128xf32>
      %194 = tessera.view %159 [0, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %195 = tessera.view %159 [128, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %196 = tessera.view %159 [0, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %197 = tessera.view %159 [128, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %191, %196 : vector<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %193, %197 : vector<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %true = arith.constant true
      %198 = arith.xori %72, %true : i1
      %199 = arith.cmpi ne, %73#6, %arg36 : i32
      %200 = arith.cmpi ne, %73#7, %arg37 : i32
      %201 = arith.ori %199, %200 : i1
      %202 = arith.ori %198, %201 : i1
      scf.if %202 {
        %c1_i32_61 = arith.constant 1 : i32
        %209 = arith.muli %arg36, %c1_i32_61 : i32
        %210 = arith.addi %209, %arg37 : i32
        %211 = arith.index_cast %210 : i32 to index
        %212 = tessera.load_scalar %arg12[%211] : memref<4xi32, #tessera.memory_space<smem>> -> i32
        %c0_i32_62 = arith.constant 0 : i32
        %213 = arith.cmpi eq, %212, %c0_i32_62 : i32
        tessera.check %213, "Revisited block ({0}, {1}) of output 0 'o_hbm': it was written back at an earlier grid step and would now be overwritten; an output block must be visited in consecutive steps (put the reduction axis last)" [%arg36, %arg37 : i32, i32]
        %c1_i32_63 = arith.constant 1 : i32
        tessera.store_scalar %c1_i32_63, %arg12[%211] : i32, memref<4xi32, #tessera.memory_space<smem>>
        %214 = tessera.view %arg11 [%68] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
        %c256_i32_64 = arith.constant 256 : i32
        %215 = arith.muli %arg36, %c256_i32_64 : i32
        %216 = tessera.multiple_of %215, 256 : i32
        %217 = arith.index_cast %216 : i32 to index
        %c128_i32_65 = arith.constant 128 : i32
        %218 = arith.muli %arg37, %c128_i32_65 : i32
        %219 = tessera.multiple_of %218, 128 : i32
        %220 = arith.index_cast %219 : i32 to index
        %221 = tessera.view %arg3 [%217, %220] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
        %c256_i32_66 = arith.constant 256 : i32
        %222 = arith.muli %arg35, %c256_i32_66 : i32
        %223 = tessera.multiple_of %222, 256 : i32
        %224 = arith.index_cast %223 : i32 to index
        %225 = tessera.view %arg10 [%224, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.dma_start %225, %221, %214 : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      } else {
      }
      %c1_i32_60 = arith.constant 1 : i32
      %203 = arith.subi %c1_i32_60, %arg35 : i32
      %204 = arith.select %202, %203, %arg35 : i32
      %205 = arith.select %202, %arg39, %c0_i32_0 : i32
      %206 = arith.select %202, %c1_i32_1, %arg39 : i32
      %207 = arith.select %202, %73#6, %arg36 : i32
      %208 = arith.select %202, %73#7, %arg37 : i32
      scf.yield %93, %95, %96, %94, %89, %90, %91, %116, %118, %119, %117, %112, %113, %114, %139, %141, %142, %140, %135, %136, %137, %204, %207, %208, %205, %206 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
    }
    %65 = arith.index_cast %64#21 : i32 to index
    %c0_i32_34 = arith.constant 0 : i32
    %66 = arith.cmpi ne, %64#24, %c0_i32_34 : i32
    scf.if %66 {
      %68 = tessera.view %arg11 [%65] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_36 = arith.constant 256 : i32
      %69 = arith.muli %64#22, %c256_i32_36 : i32
      %70 = tessera.multiple_of %69, 256 : i32
      %71 = arith.index_cast %70 : i32 to index
      %c128_i32_37 = arith.constant 128 : i32
      %72 = arith.muli %64#23, %c128_i32_37 : i32
      %73 = tessera.multiple_of %72, 128 : i32
      %74 = arith.index_cast %73 : i32 to index
      %75 = tessera.view %arg3 [%71, %74] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_38 = arith.constant 256 : i32
      %76 = arith.muli %64#21, %c256_i32_38 : i32
      %77 = tessera.multiple_of %76, 256 : i32
      %78 = arith.index_cast %77 : i32 to index
      %79 = tessera.view %arg10 [%78, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %79, %75, %68 : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    %c0_i32_35 = arith.constant 0 : i32
    %67 = arith.cmpi ne, %64#25, %c0_i32_35 : i32
    scf.if %67 {
      %c1_i32_36 = arith.constant 1 : i32
      %68 = arith.subi %c1_i32_36, %64#21 : i32
      %69 = arith.index_cast %68 : i32 to index
      %70 = tessera.view %arg11 [%69] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
      %c256_i32_37 = arith.constant 256 : i32
      %71 = arith.muli %64#22, %c256_i32_37 : i32
      %72 = tessera.multiple_of %71, 256 : i32
      %73 = arith.index_cast %72 : i32 to index
      %c128_i32_38 = arith.constant 128 : i32
      %74 = arith.muli %64#23, %c128_i32_38 : i32
      %75 = tessera.multiple_of %74, 128 : i32
      %76 = arith.index_cast %75 : i32 to index
      %77 = tessera.view %arg3 [%73, %76] [256, 128] : memref<1024x128xf32, #tessera.memory_space<any>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
      %c256_i32_39 = arith.constant 256 : i32
      %78 = arith.muli %68, %c256_i32_39 : i32
      %79 = tessera.multiple_of %78, 256 : i32
      %80 = arith.index_cast %79 : i32 to index
      %81 = tessera.view %arg10 [%80, 0] [256, 128] : memref<512x128xf32, #tessera.memory_space<vmem>> to memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.dma_wait %81, %77, %70 : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
    } else {
    }
    return
  }
}
