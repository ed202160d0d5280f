module {
  func.func @layer_norm(%arg0: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "scale_hbm"}, %arg2: memref<1x1024xf32, #tessera.memory_space<any>> {tessera.name = "bias_hbm"}, %arg3: memref<512x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}) attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    tessera.grid grid [8] semantics ["parallel"] cores 1 ins(%arg0, %arg1, %arg2 : memref<512x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<any>>, memref<1x1024xf32, #tessera.memory_space<any>>) outs(%arg3 : memref<512x1024xf32, #tessera.memory_space<any>>) blocks [array<i64: 64, 1024>, array<i64: 1, 1024>, array<i64: 1, 1024>, array<i64: 64, 1024>] buffers [2, 1, 1, 2] revisit_checks index_maps {
    ^bb0(%arg4: i32):
      %c0_i32 = arith.constant 0 : i32
      tessera.yield %arg4, %c0_i32 : i32, i32
    }, {
    ^bb0(%arg4: i32):
      %c0_i32 = arith.constant 0 : i32
      %c0_i32_0 = arith.constant 0 : i32
      tessera.yield %c0_i32, %c0_i32_0 : i32, i32
    }, {
    ^bb0(%arg4: i32):
      %c0_i32 = arith.constant 0 : i32
      %c0_i32_0 = arith.constant 0 : i32
      tessera.yield %c0_i32, %c0_i32_0 : i32, i32
    }, {
    ^bb0(%arg4: i32):
      %c0_i32 = arith.constant 0 : i32
      tessera.yield %arg4, %c0_i32 : i32, i32
    } body {
    ^bb0(%arg4: i32, %arg5: memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg6: memref<1x1024xf32, #tessera.memory_space<vmem>>, %arg7: memref<1x1024xf32, #tessera.memory_space<vmem>>, %arg8: memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>):
      %0 = tessera.load %arg6 : memref<1x1024xf32, #tessera.memory_space<vmem>> -> vector<1x1024xf32>
      %1 = tessera.load %arg7 : memref<1x1024xf32, #tessera.memory_space<vmem>> -> vector<1x1024xf32>
      %c0_i32 = arith.constant 0 : i32
      %c8_i32 = arith.constant 8 : i32
      %c1_i32 = arith.constant 1 : i32
      %c5_i32 = arith.constant 5 : i32
      %c4_i32 = arith.constant 4 : i32
      %2 = arith.muli %c1_i32, %c4_i32 : i32
      scf.for %arg9 = %c0_i32 to %c5_i32 step %2  : i32 {
        %c8_i32_0 = arith.constant 8 : i32
        %3 = arith.muli %arg9, %c8_i32_0 : i32
        %4 = tessera.multiple_of %3, 8 : i32
        %5 = arith.index_cast %4 : i32 to index
        %6 = tessera.view %arg5 [%5, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %7 = tessera.load %6 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %8 = tessera.reduce %7 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %9 = arith.divf %8, %cst : vector<8x1xf32>
        %10 = tessera.broadcast %9 : vector<8x1xf32> -> vector<8x1024xf32>
        %11 = arith.subf %7, %10 : vector<8x1024xf32>
        %12 = arith.mulf %11, %11 : vector<8x1024xf32>
        %13 = tessera.reduce %12 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_1 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %14 = arith.divf %13, %cst_1 : vector<8x1xf32>
        %cst_2 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %15 = arith.addf %14, %cst_2 : vector<8x1xf32>
        %16 = math.rsqrt %15 : vector<8x1xf32>
        %17 = tessera.broadcast %16 : vector<8x1xf32> -> vector<8x1024xf32>
        %18 = arith.mulf %11, %17 : vector<8x1024xf32>
        %19 = tessera.broadcast %0 : vector<1x1024xf32> -> vector<8x1024xf32>
        %20 = arith.mulf %18, %19 : vector<8x1024xf32>
        %21 = tessera.broadcast %1 : vector<1x1024xf32> -> vector<8x1024xf32>
        %22 = arith.addf %20, %21 : vector<8x1024xf32>
        %23 = tessera.view %arg8 [%5, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %22, %23 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c1_i32_3 = arith.constant 1 : i32
        %24 = arith.addi %arg9, %c1_i32_3 : i32
        %c8_i32_4 = arith.constant 8 : i32
        %25 = arith.muli %24, %c8_i32_4 : i32
        %26 = tessera.multiple_of %25, 8 : i32
        %27 = arith.index_cast %26 : i32 to index
        %28 = tessera.view %arg5 [%27, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %29 = tessera.load %28 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %30 = tessera.reduce %29 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_5 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %31 = arith.divf %30, %cst_5 : vector<8x1xf32>
        %32 = tessera.broadcast %31 : vector<8x1xf32> -> vector<8x1024xf32>
        %33 = arith.subf %29, %32 : vector<8x1024xf32>
        %34 = arith.mulf %33, %33 : vector<8x1024xf32>
        %35 = tessera.reduce %34 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_6 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %36 = arith.divf %35, %cst_6 : vector<8x1xf32>
        %cst_7 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %37 = arith.addf %36, %cst_7 : vector<8x1xf32>
        %38 = math.rsqrt %37 : vector<8x1xf32>
        %39 = tessera.broadcast %38 : vector<8x1xf32> -> vector<8x1024xf32>
        %40 = arith.mulf %33, %39 : vector<8x1024xf32>
        %41 = tessera.broadcast %0 : vector<1x1024xf32> -> vector<8x1024xf32>
        %42 = arith.mulf %40, %41 : vector<8x1024xf32>
        %43 = tessera.broadcast %1 : vector<1x1024xf32> -> vector<8x1024xf32>
        %44 = arith.addf %42, %43 : vector<8x1024xf32>
        %45 = tessera.view %arg8 [%27, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %44, %45 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c2_i32 = arith.constant 2 : i32
        %46 = arith.addi %arg9, %c2_i32 : i32
        %c8_i32_8 = arith.constant 8 : i32
        %47 = arith.muli %46, %c8_i32_8 : i32
        %48 = tessera.multiple_of %47, 8 : i32
        %49 = arith.index_cast %48 : i32 to index
        %50 = tessera.view %arg5 [%49, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %51 = tessera.load %50 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %52 = tessera.reduce %51 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_9 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %53 = arith.divf %52, %cst_9 : vector<8x1xf32>
        %54 = tessera.broadcast %53 : vector<8x1xf32> -> vector<8x1024xf32>
        %55 = arith.subf %51, %54 : vector<8x1024xf32>
        %56 = arith.mulf %55, %55 : vector<8x1024xf32>
        %57 = tessera.reduce %56 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_10 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %58 = arith.divf %57, %cst_10 : vector<8x1xf32>
        %cst_11 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %59 = arith.addf %58, %cst_11 : vector<8x1xf32>
        %60 = math.rsqrt %59 : vector<8x1xf32>
        %61 = tessera.broadcast %60 : vector<8x1xf32> -> vector<8x1024xf32>
        %62 = arith.mulf %55, %61 : vector<8x1024xf32>
        %63 = tessera.broadcast %0 : vector<1x1024xf32> -> vector<8x1024xf32>
        %64 = arith.mulf %62, %63 : vector<8x1024xf32>
        %65 = tessera.broadcast %1 : vector<1x1024xf32> -> vector<8x1024xf32>
        %66 = arith.addf %64, %65 : vector<8x1024xf32>
        %67 = tessera.view %arg8 [%49, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %66, %67 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c3_i32 = arith.constant 3 : i32
        %68 = arith.addi %arg9, %c3_i32 : i32
        %c8_i32_12 = arith.constant 8 : i32
        %69 = arith.muli %68, %c8_i32_12 : i32
        %70 = tessera.multiple_of %69, 8 : i32
        %71 = arith.index_cast %70 : i32 to index
        %72 = tessera.view %arg5 [%71, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %73 = tessera.load %72 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %74 = tessera.reduce %73 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_13 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %75 = arith.divf %74, %cst_13 : vector<8x1xf32>
        %76 = tessera.broadcast %75 : vector<8x1xf32> -> vector<8x1024xf32>
        %77 = arith.subf %73, %76 : vector<8x1024xf32>
        %78 = arith.mulf %77, %77 : vector<8x1024xf32>
        %79 = tessera.reduce %78 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %cst_14 = arith.constant dense<1.024000e+03> : vector<8x1xf32>
        %80 = arith.divf %79, %cst_14 : vector<8x1xf32>
        %cst_15 = arith.constant dense<9.99999974E-6> : vector<8x1xf32>
        %81 = arith.addf %80, %cst_15 : vector<8x1xf32>
        %82 = math.rsqrt %81 : vector<8x1xf32>
        %83 = tessera.broadcast %82 : vector<8x1xf32> -> vector<8x1024xf32>
        %84 = arith.mulf %77, %83 : vector<8x1024xf32>
        %85 = tessera.broadcast %0 : vector<1x1024xf32> -> vector<8x1024xf32>
        %86 = arith.mulf %84, %85 : vector<8x1024xf32>
        %87 = tessera.broadcast %1 : vector<1x1024xf32> -> vector<8x1024xf32>
        %88 = arith.addf %86, %87 : vector<8x1024xf32>
        %89 = tessera.view %arg8 [%71, 0] [8, 1024] : memref<64x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %88, %89 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      tessera.yield
    } {labels = ["in_specs[0]", "in_specs[1]", "in_specs[2]", "out_specs[0]"], names = ["x_hbm", "scale_hbm", "bias_hbm", "o_hbm"]}
    return
  }
}
