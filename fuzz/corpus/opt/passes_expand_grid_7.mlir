
// Block indices: an index map whose blocks interval arithmetic proves inside
// the array (%i + 1 of grid [2] over 3 blocks) gets no check; one read from
// SMEM (scalar prefetch) is checked where it runs (at its line), with the
// grid point and the block in the message; the pipeline's DMAs carry
// tessera.block_index (tessera-insert-checks adds no bounds check to them).
!x8 = memref<24x128xf32, #tessera.memory_space<any>>
!b8 = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @checked_blocks
// CHECK-NOT:  tessera.check
// CHECK:      %[[B:.*]] = tessera.load_scalar
// CHECK:      %[[IN0:.*]] = arith.cmpi ult, %[[B]], %c3_i32
// CHECK:      %[[IN1:.*]] = arith.cmpi ult, %c0_i32{{.*}}, %c1_i32
// CHECK:      %[[IN:.*]] = arith.andi %[[IN0]], %[[IN1]]
// CHECK:      tessera.check %[[IN]], "at grid point ({0}) the index map of in_specs[1] 'y' returned block ({1}, {2}), outside its array's 3 x 1 blocks of [8, 128] (block indices in [0, 3) x [0, 1))" [%{{.*}}, %[[B]], %{{.*}} : i32, i32, i32] {tessera.block_index}
// CHECK:      tessera.dma_start {{.*}} {tessera.block_index}
func.func @checked_blocks(%idx: memref<2xi32, #tessera.memory_space<smem>> {tessera.name = "idx"},
                          %x: !x8 {tessera.name = "x"}, %y: !x8 {tessera.name = "y"},
                          %o: !x8 {tessera.name = "o"})
    attributes {tessera.kernel, tessera.num_inputs = 3 : i64, tessera.num_outputs = 1 : i64} {
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x, %y : !x8, !x8) outs(%o : !x8)
      blocks [array<i64: 8, 128>, array<i64: 8, 128>, array<i64: 8, 128>] buffers [2, 2, 2]
      index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %c1 = arith.constant 1 : i32
        %n = arith.addi %i, %c1 : i32
        tessera.yield %n, %c0 : i32, i32
      }, {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %k = arith.index_cast %i : i32 to index
        %b = tessera.load_scalar %idx[%k] : memref<2xi32, #tessera.memory_space<smem>> -> i32
        tessera.yield %b, %c0 : i32, i32 loc("k.cc":12:3)
      }, {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b8, %yb: !b8, %ob: !b8):
        %v = tessera.load %xb : !b8 -> vector<8x128xf32>
        %w = tessera.load %yb : !b8 -> vector<8x128xf32>
        %s = arith.addf %v, %w : vector<8x128xf32>
        tessera.store %s, %ob : vector<8x128xf32>, !b8
        tessera.yield
      } {labels = ["in_specs[0]", "in_specs[1]", "out_specs[0]"], names = ["x", "y", "o"]}
  return
}
