
// Accumulation over the last axis: the output's block (i, 0) stays for the
// 3 steps of k; it is written back when the next step's block differs or
// at the last step (not hasNext), and its slot's previous write-back is
// waited for before the body.
!x2 = memref<256x384xf32, #tessera.memory_space<any>>
!o2 = memref<256x128xf32, #tessera.memory_space<any>>
!b2 = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @accumulate
// CHECK:      scf.for %{{.*}} = %{{.*}} to %c6_i32
// CHECK:        %[[K:.*]] = arith.remsi %{{.*}}, %c3_i32
// CHECK:        scf.if
// CHECK:          tessera.dma_wait
// CHECK:        } {tessera.predicate}
// CHECK:        tessera.load
// CHECK:        %[[LAST:.*]] = arith.xori
// CHECK:        %[[DIFF:.*]] = arith.ori
// CHECK:        %[[DONE:.*]] = arith.ori %[[LAST]], %[[DIFF]]
// CHECK:        scf.if %[[DONE]] {
// CHECK:          tessera.dma_start {{.*}} if %[[LAST]] {pieces = 8 : i64, tessera.block_index}
func.func @accumulate(%x: !x2 {tessera.name = "x"}, %o: !o2 {tessera.name = "o"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.grid grid [2, 3] semantics ["parallel", "arbitrary"] cores 1 ins(%x : !x2) outs(%o : !o2)
      blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [2, 2] index_maps {
      ^bb0(%i: i32, %k: i32):
        tessera.yield %i, %k : i32, i32
      }, {
      ^bb0(%i: i32, %k: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %k: i32, %xb: !b2, %ob: !b2):
        %v = tessera.load %xb : !b2 -> vector<128x128xf32>
        tessera.store %v, %ob : vector<128x128xf32>, !b2
        tessera.yield
      } {labels = ["input 0", "output 0"], names = ["x", "o"]}
  return
}

