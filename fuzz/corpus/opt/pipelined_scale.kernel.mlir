module {
  func.func @pipelined_scale(%arg0: memref<16384x1024xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<16384x1024xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    tessera.grid grid [32] semantics ["parallel"] cores 1 ins(%arg0 : memref<16384x1024xf32, #tessera.memory_space<any>>) outs(%arg1 : memref<16384x1024xf32, #tessera.memory_space<any>>) blocks [array<i64: 512, 1024>, array<i64: 512, 1024>] buffers [2, 2] revisit_checks index_maps {
    ^bb0(%arg2: i32):
      %c0_i32 = arith.constant 0 : i32
      tessera.yield %arg2, %c0_i32 : i32, i32
    }, {
    ^bb0(%arg2: i32):
      %c0_i32 = arith.constant 0 : i32
      tessera.yield %arg2, %c0_i32 : i32, i32
    } body {
    ^bb0(%arg2: i32, %arg3: memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg4: memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>):
      %0 = tessera.load %arg3 : memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<512x1024xf32>
      %cst = arith.constant dense<2.000000e+00> : vector<512x1024xf32>
      %1 = arith.mulf %0, %cst : vector<512x1024xf32>
      %cst_0 = arith.constant dense<1.000000e+00> : vector<512x1024xf32>
      %2 = arith.addf %1, %cst_0 : vector<512x1024xf32>
      tessera.store %2, %arg4 : vector<512x1024xf32>, memref<512x1024xf32, strided<[1024, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.yield
    } {labels = ["in_specs[0]", "out_specs[0]"], names = ["x_hbm", "o_hbm"]}
    return
  }
}
