module {
  func.func @matmul(%arg0: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<1024x1024xbf16, #tessera.memory_space<any>> {tessera.name = "y_hbm"}, %arg2: memref<1024x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}, %arg3: memref<512x256xf32, #tessera.memory_space<vmem>> {tessera.name = "acc"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    tessera.grid grid [2, 4, 1] semantics ["parallel", "parallel", "arbitrary"] cores 1 ins(%arg0, %arg1 : memref<1024x1024xbf16, #tessera.memory_space<any>>, memref<1024x1024xbf16, #tessera.memory_space<any>>) outs(%arg2 : memref<1024x1024xf32, #tessera.memory_space<any>>) blocks [array<i64: 512, 1024>, array<i64: 1024, 256>, array<i64: 512, 256>] buffers [2, 2, 2] revisit_checks index_maps {
    ^bb0(%arg4: i32, %arg5: i32, %arg6: i32):
      tessera.yield %arg4, %arg6 : i32, i32
    }, {
    ^bb0(%arg4: i32, %arg5: i32, %arg6: i32):
      tessera.yield %arg6, %arg5 : i32, i32
    }, {
    ^bb0(%arg4: i32, %arg5: i32, %arg6: i32):
      tessera.yield %arg4, %arg5 : i32, i32
    } body {
    ^bb0(%arg4: i32, %arg5: i32, %arg6: i32, %arg7: memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg8: memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg9: memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>):
      %c0_i32 = arith.constant 0 : i32
      %0 = arith.cmpi eq, %arg6, %c0_i32 : i32
      scf.if %0 {
        %cst = arith.constant dense<0.000000e+00> : vector<512x256xf32>
        tessera.store %cst, %arg3 : vector<512x256xf32>, memref<512x256xf32, #tessera.memory_space<vmem>>
      } else {
      }
      %1 = tessera.view %arg3 [0, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      %2 = tessera.load %1 : memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %3 = tessera.view %arg7 [0, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %4 = tessera.load %3 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %5 = tessera.load %arg8 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %6 = tessera.dot %4, %5 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %7 = arith.addf %2, %6 : vector<128x256xf32>
      %8 = tessera.view %arg3 [0, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      tessera.store %7, %8 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
      %9 = tessera.view %arg3 [128, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      %10 = tessera.load %9 : memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %11 = tessera.view %arg7 [128, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %12 = tessera.load %11 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %13 = tessera.load %arg8 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %14 = tessera.dot %12, %13 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %15 = arith.addf %10, %14 : vector<128x256xf32>
      %16 = tessera.view %arg3 [128, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      tessera.store %15, %16 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 32768>, #tessera.memory_space<vmem>>
      %17 = tessera.view %arg3 [256, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      %18 = tessera.load %17 : memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %19 = tessera.view %arg7 [256, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %20 = tessera.load %19 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %21 = tessera.load %arg8 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %22 = tessera.dot %20, %21 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %23 = arith.addf %18, %22 : vector<128x256xf32>
      %24 = tessera.view %arg3 [256, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      tessera.store %23, %24 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 65536>, #tessera.memory_space<vmem>>
      %25 = tessera.view %arg3 [384, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      %26 = tessera.load %25 : memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %27 = tessera.view %arg7 [384, 0] [128, 1024] : memref<512x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      %28 = tessera.load %27 : memref<128x1024xbf16, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x1024xbf16>
      %29 = tessera.load %arg8 : memref<1024x256xbf16, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<1024x256xbf16>
      %30 = tessera.dot %28, %29 : vector<128x1024xbf16>, vector<1024x256xbf16> -> vector<128x256xf32>
      %31 = arith.addf %26, %30 : vector<128x256xf32>
      %32 = tessera.view %arg3 [384, 0] [128, 256] : memref<512x256xf32, #tessera.memory_space<vmem>> to memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      tessera.store %31, %32 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: 98304>, #tessera.memory_space<vmem>>
      %c0_i32_0 = arith.constant 0 : i32
      %33 = arith.cmpi eq, %arg6, %c0_i32_0 : i32
      scf.if %33 {
        %34 = tessera.load %arg3 : memref<512x256xf32, #tessera.memory_space<vmem>> -> vector<512x256xf32>
        tessera.store %34, %arg9 : vector<512x256xf32>, memref<512x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      } else {
      }
      tessera.yield
    } {labels = ["in_specs[0]", "in_specs[1]", "out_specs[0]"], names = ["x_hbm", "y_hbm", "o_hbm"]}
    return
  }
}
