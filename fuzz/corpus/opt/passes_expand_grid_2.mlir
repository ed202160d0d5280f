
// Partial edge blocks: 200 rows in blocks of 128 leave a last block of 72
// rows, moved by a DMA of its own, chosen at run time.
!x3 = memref<200x128xf32, #tessera.memory_space<any>>
!b3 = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @edges
// CHECK:      %[[LASTROW:.*]] = arith.cmpi eq, %c0_i32, %c1_i32
// CHECK:      scf.if %[[LASTROW]] {
// CHECK:        tessera.view %arg0 [%{{.*}}, %{{.*}}] [72, 128]
// CHECK:        tessera.dma_start
// CHECK:      } else {
// CHECK:        tessera.view %arg0 [%{{.*}}, %{{.*}}] [128, 128]
// CHECK:        tessera.dma_start
func.func @edges(%x: !x3 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !x3)
      blocks [array<i64: 128, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b3):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

