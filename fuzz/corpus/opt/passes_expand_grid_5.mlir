
// Revisit checks: an SMEM flag per output block, zeroed in the prologue,
// checked and set at each write-back. A whole-array input: one buffer,
// fetched once, the block the buffer itself.
!x6 = memref<8x128xf32, #tessera.memory_space<any>>
!o6 = memref<16x128xf32, #tessera.memory_space<any>>
!b6 = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @revisits
// CHECK-SAME: memref<8x128xf32, #tessera.memory_space<vmem>> {tessera.name = "x_blocks"}
// CHECK-SAME: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_sems"}
// CHECK-SAME: %[[WRITTEN:[a-z0-9]+]]: memref<2xi32, #tessera.memory_space<smem>> {tessera.name = "o_written"}
// CHECK:      tessera.dma_start %arg0, %arg2, %arg3
// CHECK:      tessera.store_scalar %{{.*}}, %[[WRITTEN]]
// CHECK:      tessera.store_scalar %{{.*}}, %[[WRITTEN]]
// CHECK:      scf.for %[[S:[a-z0-9]+]] =
// CHECK:        tessera.load %arg2 :
// CHECK:        scf.if
// CHECK:          %[[SEEN:.*]] = tessera.load_scalar %[[WRITTEN]]
// CHECK:          %[[FRESH:.*]] = arith.cmpi eq, %[[SEEN]]
// CHECK:          tessera.check %[[FRESH]], "Revisited block ({0}, {1}) of output 0 'o': it was written back at an earlier grid step
// CHECK:          tessera.store_scalar %{{.*}}, %[[WRITTEN]]
// CHECK:          tessera.dma_start
// CHECK:      } {tessera.grid_loop}
func.func @revisits(%x: !x6 {tessera.name = "x"}, %o: !o6 {tessera.name = "o"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !x6) outs(%o : !o6)
      blocks [array<i64: 8, 128>, array<i64: 8, 128>] buffers [1, 2] revisit_checks index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %c0, %c0 : i32, i32
      }, {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: memref<8x128xf32, #tessera.memory_space<vmem>>, %ob: !b6):
        %v = tessera.load %xb : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
        tessera.store %v, %ob : vector<8x128xf32>, !b6
        tessera.yield
      } {labels = ["input 0", "output 0"], names = ["x", "o"]}
  return
}

