
// A gridded launch: the grid, its semantics and cores, the blocked HBM
// operands with their block shapes and buffer counts, one index map per
// operand and the body on the grid indices and the blocks.

// CHECK-LABEL: func.func @grid
// CHECK:      tessera.grid grid [4, 2] semantics ["parallel", "arbitrary"] cores 2
// CHECK-SAME: ins(%{{.*}} : memref<512x256xf32, #tessera.memory_space<any>>)
// CHECK-SAME: outs(%{{.*}} : memref<512x128xf32, #tessera.memory_space<any>>)
// CHECK-SAME: blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [3, 2] revisit_checks index_maps {
// CHECK:      ^bb0(%[[I:.*]]: i32, %[[J:.*]]: i32):
// CHECK-NEXT:   tessera.yield %[[I]], %[[J]] : i32, i32
// CHECK-NEXT: }, {
// CHECK:      } body {
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32, %[[XB:.*]]: memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, %[[OB:.*]]: memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>):
// CHECK-NEXT:   %[[V:.*]] = tessera.load %[[XB]]
// CHECK-NEXT:   tessera.store %[[V]], %[[OB]]
// CHECK-NEXT:   tessera.yield
// CHECK-NEXT: } {labels = ["input 0", "output 0"], names = ["x", "o"]}
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid(%x: memref<512x256xf32, #tessera.memory_space<any>>,
                %o: memref<512x128xf32, #tessera.memory_space<any>>) {
  tessera.grid grid [4, 2] semantics ["parallel", "arbitrary"] cores 2
      ins(%x : memref<512x256xf32, #tessera.memory_space<any>>)
      outs(%o : memref<512x128xf32, #tessera.memory_space<any>>)
      blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [3, 2] revisit_checks
      index_maps {
      ^bb0(%i: i32, %j: i32):
        tessera.yield %i, %j : i32, i32
      }, {
      ^bb0(%i: i32, %j: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %j: i32, %xb: !blk, %ob: !blk):
        %v = tessera.load %xb : !blk -> vector<128x128xf32>
        tessera.store %v, %ob : vector<128x128xf32>, !blk
        tessera.yield
      } {labels = ["input 0", "output 0"], names = ["x", "o"]}
  return
}

