
// pl.Buffered(3): a ring of 3 buffers; the prologue fetches step 1's block
// too, and each step starts by fetching step s + 2's into the buffer after
// the last one started.
!x4 = memref<512x128xf32, #tessera.memory_space<any>>
!b4 = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @ring
// CHECK-SAME: memref<384x128xf32, #tessera.memory_space<vmem>> {tessera.name = "x_blocks"}
// CHECK-SAME: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_sems"}
// CHECK:      tessera.dma_start
// CHECK:      arith.remsi %{{.*}}, %c3_i32
// CHECK:      scf.if
// CHECK:        tessera.dma_start
// CHECK:      } else {
// CHECK-NEXT: }{{$}}
// CHECK:      scf.for %[[S:[a-z0-9]+]] =
// CHECK:        arith.addi %[[S]], %c2_i32{{.*}}
// CHECK:        arith.remsi %{{.*}}, %c3_i32
// CHECK:        scf.if
// CHECK:          tessera.dma_start
// CHECK:        } {tessera.predicate}
// CHECK:        tessera.load
func.func @ring(%x: !x4 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !x4)
      blocks [array<i64: 128, 128>] buffers [3] index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b4):
        %v = tessera.load %xb : !b4 -> vector<128x128xf32>
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

