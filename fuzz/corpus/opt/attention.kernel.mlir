module {
  func.func @attention(%arg0: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "q_hbm"}, %arg1: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "k_hbm"}, %arg2: memref<1024x128xbf16, #tessera.memory_space<any>> {tessera.name = "v_hbm"}, %arg3: memref<1024x128xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}) attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    tessera.grid grid [4] semantics ["parallel"] cores 1 ins(%arg0, %arg1, %arg2 : memref<1024x128xbf16, #tessera.memory_space<any>>, memref<1024x128xbf16, #tessera.memory_space<any>>, memref<1024x128xbf16, #tessera.memory_space<any>>) outs(%arg3 : memref<1024x128xf32, #tessera.memory_space<any>>) blocks [array<i64: 256, 128>, array<i64: 256, 128>, array<i64: 256, 128>, array<i64: 256, 128>] buffers [3, 3, 3, 2] revisit_checks index_maps {
    ^bb0(%arg4: i32):
      %c0_i32 = arith.constant 0 : i32
      %c0_i32_0 = arith.constant 0 : i32
      tessera.yield %arg4, %c0_i32_0 : i32, i32
    }, {
    ^bb0(%arg4: i32):
      %c0_i32 = arith.constant 0 : i32
      %c0_i32_0 = arith.constant 0 : i32
      tessera.yield %arg4, %c0_i32_0 : i32, i32
    }, {
    ^bb0(%arg4: i32):
      %c0_i32 = arith.constant 0 : i32
      %c0_i32_0 = arith.constant 0 : i32
      tessera.yield %arg4, %c0_i32_0 : i32, i32
    }, {
    ^bb0(%arg4: i32):
      %c0_i32 = arith.constant 0 : i32
      %c0_i32_0 = arith.constant 0 : i32
      tessera.yield %arg4, %c0_i32_0 : i32, i32
    } body {
    ^bb0(%arg4: i32, %arg5: memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg6: memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg7: memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg8: memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>):
      %0 = tessera.view %arg5 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %1 = tessera.view %arg5 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %2 = tessera.load %0 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %3 = tessera.load %1 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %4 = tessera.view %arg6 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %5 = tessera.view %arg6 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %6 = tessera.load %4 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %7 = tessera.load %5 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %8 = tessera.dot %2, %6 {transpose_rhs = true} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %9 = tessera.dot %3, %7 {transpose_rhs = true} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %cst = arith.constant dense<0.0883883461> : vector<128x128xf32>
      %10 = arith.mulf %8, %cst : vector<128x128xf32>
      %cst_0 = arith.constant dense<0.0883883461> : vector<128x128xf32>
      %11 = arith.mulf %9, %cst_0 : vector<128x128xf32>
      %12 = tessera.reduce %10 {axis = 1 : i64, kind = "max"} : vector<128x128xf32> -> vector<128x1xf32>
      %13 = tessera.reduce %11 {axis = 1 : i64, kind = "max"} : vector<128x128xf32> -> vector<128x1xf32>
      %14 = tessera.broadcast %12 : vector<128x1xf32> -> vector<128x128xf32>
      %15 = arith.subf %10, %14 : vector<128x128xf32>
      %16 = tessera.broadcast %13 : vector<128x1xf32> -> vector<128x128xf32>
      %17 = arith.subf %11, %16 : vector<128x128xf32>
      %18 = math.exp %15 : vector<128x128xf32>
      %19 = math.exp %17 : vector<128x128xf32>
      %20 = arith.truncf %18 : vector<128x128xf32> to vector<128x128xbf16>
      %21 = arith.truncf %19 : vector<128x128xf32> to vector<128x128xbf16>
      %22 = tessera.view %arg7 [0, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %23 = tessera.view %arg7 [128, 0] [128, 128] : memref<256x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %24 = tessera.load %22 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %25 = tessera.load %23 : memref<128x128xbf16, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x128xbf16>
      %26 = tessera.dot %20, %24 : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %27 = tessera.dot %21, %25 : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
      %28 = tessera.reduce %18 {axis = 1 : i64, kind = "sum"} : vector<128x128xf32> -> vector<128x1xf32>
      %29 = tessera.reduce %19 {axis = 1 : i64, kind = "sum"} : vector<128x128xf32> -> vector<128x1xf32>
      %30 = tessera.broadcast %28 : vector<128x1xf32> -> vector<128x128xf32>
      %31 = arith.divf %26, %30 : vector<128x128xf32>
      %32 = tessera.broadcast %29 : vector<128x1xf32> -> vector<128x128xf32>
      %33 = arith.divf %27, %32 : vector<128x128xf32>
      %34 = tessera.view %arg8 [0, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %35 = tessera.view %arg8 [128, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %36 = tessera.view %arg8 [0, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      %37 = tessera.view %arg8 [128, 0] [128, 128] : memref<256x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %31, %36 : vector<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.store %33, %37 : vector<128x128xf32>, memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.yield
    } {labels = ["in_specs[0]", "in_specs[1]", "in_specs[2]", "out_specs[0]"], names = ["q_hbm", "k_hbm", "v_hbm", "o_hbm"]}
    return
  }
}
