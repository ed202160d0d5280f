module {
  func.func @softmax(%arg0: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    tessera.grid grid [8] semantics ["parallel"] cores 1 ins(%arg0 : memref<256x1024xf32, #tessera.memory_space<any>>) outs(%arg1 : memref<256x1024xf32, #tessera.memory_space<any>>) blocks [array<i64: 32, 1024>, array<i64: 32, 1024>] buffers [2, 2] revisit_checks index_maps {
    ^bb0(%arg2: i32):
      %c0_i32 = arith.constant 0 : i32
      tessera.yield %arg2, %c0_i32 : i32, i32
    }, {
    ^bb0(%arg2: i32):
      %c0_i32 = arith.constant 0 : i32
      tessera.yield %arg2, %c0_i32 : i32, i32
    } body {
    ^bb0(%arg2: i32, %arg3: memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg4: memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>):
      %c0_i32 = arith.constant 0 : i32
      %c4_i32 = arith.constant 4 : i32
      %c1_i32 = arith.constant 1 : i32
      %c1_i32_0 = arith.constant 1 : i32
      %c4_i32_1 = arith.constant 4 : i32
      %0 = arith.muli %c1_i32, %c4_i32_1 : i32
      scf.for %arg5 = %c0_i32 to %c1_i32_0 step %0  : i32 {
        %c8_i32 = arith.constant 8 : i32
        %1 = arith.muli %arg5, %c8_i32 : i32
        %2 = tessera.multiple_of %1, 8 : i32
        %3 = arith.index_cast %2 : i32 to index
        %4 = tessera.view %arg3 [%3, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %5 = tessera.load %4 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %6 = tessera.reduce %5 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %7 = tessera.broadcast %6 : vector<8x1xf32> -> vector<8x1024xf32>
        %8 = arith.subf %5, %7 : vector<8x1024xf32>
        %9 = math.exp %8 : vector<8x1024xf32>
        %10 = tessera.reduce %9 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %11 = tessera.broadcast %10 : vector<8x1xf32> -> vector<8x1024xf32>
        %12 = arith.divf %9, %11 : vector<8x1024xf32>
        %13 = tessera.view %arg4 [%3, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %12, %13 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c1_i32_2 = arith.constant 1 : i32
        %14 = arith.addi %arg5, %c1_i32_2 : i32
        %c8_i32_3 = arith.constant 8 : i32
        %15 = arith.muli %14, %c8_i32_3 : i32
        %16 = tessera.multiple_of %15, 8 : i32
        %17 = arith.index_cast %16 : i32 to index
        %18 = tessera.view %arg3 [%17, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %19 = tessera.load %18 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %20 = tessera.reduce %19 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %21 = tessera.broadcast %20 : vector<8x1xf32> -> vector<8x1024xf32>
        %22 = arith.subf %19, %21 : vector<8x1024xf32>
        %23 = math.exp %22 : vector<8x1024xf32>
        %24 = tessera.reduce %23 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %25 = tessera.broadcast %24 : vector<8x1xf32> -> vector<8x1024xf32>
        %26 = arith.divf %23, %25 : vector<8x1024xf32>
        %27 = tessera.view %arg4 [%17, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %26, %27 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c2_i32 = arith.constant 2 : i32
        %28 = arith.addi %arg5, %c2_i32 : i32
        %c8_i32_4 = arith.constant 8 : i32
        %29 = arith.muli %28, %c8_i32_4 : i32
        %30 = tessera.multiple_of %29, 8 : i32
        %31 = arith.index_cast %30 : i32 to index
        %32 = tessera.view %arg3 [%31, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %33 = tessera.load %32 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %34 = tessera.reduce %33 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %35 = tessera.broadcast %34 : vector<8x1xf32> -> vector<8x1024xf32>
        %36 = arith.subf %33, %35 : vector<8x1024xf32>
        %37 = math.exp %36 : vector<8x1024xf32>
        %38 = tessera.reduce %37 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %39 = tessera.broadcast %38 : vector<8x1xf32> -> vector<8x1024xf32>
        %40 = arith.divf %37, %39 : vector<8x1024xf32>
        %41 = tessera.view %arg4 [%31, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %40, %41 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %c3_i32 = arith.constant 3 : i32
        %42 = arith.addi %arg5, %c3_i32 : i32
        %c8_i32_5 = arith.constant 8 : i32
        %43 = arith.muli %42, %c8_i32_5 : i32
        %44 = tessera.multiple_of %43, 8 : i32
        %45 = arith.index_cast %44 : i32 to index
        %46 = tessera.view %arg3 [%45, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        %47 = tessera.load %46 : memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x1024xf32>
        %48 = tessera.reduce %47 {axis = 1 : i64, kind = "max"} : vector<8x1024xf32> -> vector<8x1xf32>
        %49 = tessera.broadcast %48 : vector<8x1xf32> -> vector<8x1024xf32>
        %50 = arith.subf %47, %49 : vector<8x1024xf32>
        %51 = math.exp %50 : vector<8x1024xf32>
        %52 = tessera.reduce %51 {axis = 1 : i64, kind = "sum"} : vector<8x1024xf32> -> vector<8x1xf32>
        %53 = tessera.broadcast %52 : vector<8x1xf32> -> vector<8x1024xf32>
        %54 = arith.divf %51, %53 : vector<8x1024xf32>
        %55 = tessera.view %arg4 [%45, 0] [8, 1024] : memref<32x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
        tessera.store %54, %55 : vector<8x1024xf32>, memref<8x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      }
      tessera.yield
    } {labels = ["in_specs[0]", "out_specs[0]"], names = ["x_hbm", "o_hbm"]}
    return
  }
}
