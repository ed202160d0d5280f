module {
  func.func @block_accumulate(%arg0: memref<1024x512xf32, #tessera.memory_space<any>> {tessera.name = "x_hbm"}, %arg1: memref<256x512xf32, #tessera.memory_space<any>> {tessera.name = "o_hbm"}) attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64, tessera.num_scalar_inputs = 0 : i64} {
    tessera.grid grid [2, 2, 4] semantics ["parallel", "parallel", "arbitrary"] cores 1 ins(%arg0 : memref<1024x512xf32, #tessera.memory_space<any>>) outs(%arg1 : memref<256x512xf32, #tessera.memory_space<any>>) blocks [array<i64: 128, 256>, array<i64: 128, 256>] buffers [2, 2] revisit_checks index_maps {
    ^bb0(%arg2: i32, %arg3: i32, %arg4: i32):
      %c2_i32 = arith.constant 2 : i32
      %0 = arith.muli %arg4, %c2_i32 : i32
      %1 = arith.addi %0, %arg2 : i32
      tessera.yield %1, %arg3 : i32, i32
    }, {
    ^bb0(%arg2: i32, %arg3: i32, %arg4: i32):
      tessera.yield %arg2, %arg3 : i32, i32
    } body {
    ^bb0(%arg2: i32, %arg3: i32, %arg4: i32, %arg5: memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>, %arg6: memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>):
      %c0_i32 = arith.constant 0 : i32
      %0 = arith.cmpi eq, %arg4, %c0_i32 : i32
      scf.if %0 {
        %cst = arith.constant dense<0.000000e+00> : vector<128x256xf32>
        tessera.store %cst, %arg6 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      } else {
      }
      %1 = tessera.load %arg6 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %2 = tessera.load %arg5 : memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<128x256xf32>
      %3 = arith.addf %1, %2 : vector<128x256xf32>
      tessera.store %3, %arg6 : vector<128x256xf32>, memref<128x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
      tessera.yield
    } {labels = ["in_specs[0]", "out_specs[0]"], names = ["x_hbm", "o_hbm"]}
    return
  }
}
