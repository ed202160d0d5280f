
// A grid without blocked operands (its Refs all ANY, used directly), and a
// whole-array block: one buffer, the block the buffer itself.

// CHECK-LABEL: func.func @grid_unblocked
// CHECK:      tessera.grid grid [3] semantics ["arbitrary"] cores 1 blocks [] buffers [] body {
// CHECK:      tessera.grid grid [] semantics [] cores 1 ins(
// CHECK-SAME: blocks [array<i64: 8, 128>] buffers [1] index_maps {
// CHECK:      ^bb0(%{{.*}}: memref<8x128xf32, #tessera.memory_space<vmem>>):
func.func @grid_unblocked(%x: memref<8x128xf32, #tessera.memory_space<any>>) {
  tessera.grid grid [3] semantics ["arbitrary"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32):
    tessera.yield
  } {labels = [], names = []}
  tessera.grid grid [] semantics [] cores 1 ins(%x : memref<8x128xf32, #tessera.memory_space<any>>)
      blocks [array<i64: 8, 128>] buffers [1] index_maps {
      ^bb0:
        %c0 = arith.constant 0 : i32
        tessera.yield %c0, %c0 : i32, i32
      } body {
      ^bb0(%xb: memref<8x128xf32, #tessera.memory_space<vmem>>):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}
