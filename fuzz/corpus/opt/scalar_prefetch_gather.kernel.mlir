module {
  func.func @scalar_prefetch_gather(%arg0: memref<10xi32, #tessera.memory_space<smem>> {tessera.name = "idx_smem"}, %arg1: memref<128x256xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg2: memref<80x256xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}) attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 1 : i64} {
    tessera.grid grid [10] semantics ["arbitrary"] cores 1 ins(%arg1 : memref<128x256xf32, #tessera.memory_space<any>>) outs(%arg2 : memref<80x256xf32, #tessera.memory_space<any>>) blocks [array<i64: 8, 256>, array<i64: 8, 256>] buffers [2, 2] revisit_checks index_maps {
    ^bb0(%arg3: i32):
      %0 = arith.index_cast %arg3 : i32 to index
      %1 = tessera.load_scalar %arg0[%0] : memref<10xi32, #tessera.memory_space<smem>> -> i32
      %c0_i32 = arith.constant 0 : i32
      tessera.yield %1, %c0_i32 : i32, i32
    }, {
    ^bb0(%arg3: i32):
      %c0_i32 = arith.constant 0 : i32
      tessera.yield %arg3, %c0_i32 : i32, i32
    } body {
    ^bb0(%arg3: i32, %arg4: memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg5: memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>):
      %0 = tessera.load %arg4 : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x256xf32>
      %cst = arith.constant dense<5.000000e-01> : vector<8x256xf32>
      %1 = arith.addf %0, %cst : vector<8x256xf32>
      tessera.store %1, %arg5 : vector<8x256xf32>, memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.yield
    } {labels = ["in_specs[0]", "out_specs[0]"], names = ["x_hbm", "o_hbm"]}
    return
  }
}
