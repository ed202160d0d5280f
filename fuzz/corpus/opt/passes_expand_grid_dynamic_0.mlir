
// tessera-expand-grid on grids with run-time extents (`grid [%n]`): the
// extent is checked (a negative one stops the kernel at the op's line),
// the step loop runs to the product of the extents, the first block is
// fetched (and waited for) only when the core has a step, and a step is
// decomposed by the extents (at least 1, so that a grid of 0 steps never
// divides by 0). Static grids expand as before (expand_grid.mlir).

!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>

// CHECK-LABEL: func.func @runtime_1d
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<512x128xf32, #tessera.memory_space<any>> {tessera.name = "x"}
// CHECK-SAME: %[[N:[a-z0-9]+]]: i32
// CHECK:      %[[NONNEG:.*]] = arith.cmpi sge, %[[N]], %{{.*}} : i32
// CHECK-NEXT: tessera.check %[[NONNEG]], "grid axis 0 has the run-time extent {0}; a grid extent is at least 0 (0 runs no grid point)" [%[[N]] : i32]
// CHECK:      %[[HAS:.*]] = arith.cmpi slt, %c0_i32, %[[N]] : i32
// The first input block only when there is a step, and the flag that it
// was fetched (the prologue's wait) with it.
// CHECK:      scf.if %[[HAS]] {
// CHECK:        tessera.dma_start %{{.*}}, %{{.*}}, %{{.*}} {tessera.block_index}
// CHECK:      }
// CHECK:      %[[FETCHED:.*]] = arith.select %[[HAS]], %c1_i32, %c0_i32 : i32
// CHECK:      %[[LAST1:.*]] = arith.subi %[[N]], %{{.*}} : i32
// CHECK:      scf.for %{{.*}} = %c0_i32 to %[[N]] step %{{.*}} iter_args(%{{.*}} = %c0_i32, %{{.*}} = %c0_i32, %{{.*}} = %{{.*}}, %{{.*}} = %[[FETCHED]],
// Inside, the last step is the one before %n.
// CHECK:        arith.subi %[[N]], %c1_i32
// CHECK:        tessera.load
// CHECK-NEXT:   tessera.store
// CHECK:      } {tessera.grid_loop}
// The epilogue waits only for write-backs in flight (none after 0 steps).
// CHECK:      scf.if
// CHECK:        tessera.dma_wait
// CHECK-NOT:  tessera.grid
// CHECK:      return
func.func @runtime_1d(%x: !any {tessera.name = "x"}, %o: !any {tessera.name = "o"}, %n: i32)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.grid grid [%n] semantics ["arbitrary"] cores 1 ins(%x : !any) outs(%o : !any)
      blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [2, 2] index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      }, {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk, %ob: !blk):
        %v = tessera.load %xb : !blk -> vector<128x128xf32>
        tessera.store %v, %ob : vector<128x128xf32>, !blk
        tessera.yield
      } {labels = ["input 0", "output 0"], names = ["x", "o"]}
  return
}

