
// tessera-expand-grid: each tessera.grid becomes the tracer's double-
// buffered DMA pipeline (an scf.for over the steps), its buffers scratch
// arguments after the kernel's.

!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>

// Blocks A, A, B (index i / 2 over 3 steps): the step evaluates the index
// map at s + 1 and at s + 2 and fetches only a block whose index changed;
// the input's wait and the next fetch are predicated regions.
// CHECK-LABEL: func.func @fetch_changed
// CHECK-SAME: %{{.*}}: memref<256x128xf32, #tessera.memory_space<vmem>> {tessera.name = "x_blocks"}
// CHECK-SAME: %{{.*}}: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "x_sems"}
// CHECK-SAME: {tessera.name = "o_blocks"}
// CHECK-SAME: {tessera.name = "o_sems"}
// Step 0's block, fetched before the loop; step 1's index map, then its
// fetch when the block differs, then the wait for step 0's.
// CHECK:      %[[B0:.*]] = arith.divsi %c0_i32, %{{.*}} : i32
// CHECK:      tessera.dma_start
// CHECK:      scf.if
// CHECK:        arith.divsi %c1_i32
// CHECK:      arith.cmpi ne
// CHECK:      scf.if
// CHECK:        tessera.dma_start
// CHECK:      } {tessera.predicate}
// CHECK:      scf.if
// CHECK:        tessera.dma_wait
// CHECK:      } {tessera.predicate}
// CHECK:      scf.for %[[S:[a-z0-9]+]] = %{{.*}} to %c3_i32{{.*}} iter_args(%{{.*}} = %c0_i32, %{{.*}} = %[[B0]],
// The index maps at s + 1; the wait for the output slot's last
// write-back; the body on the blocks; the index maps at s + 2, the fetch of
// its block when it differs; the write-back (in pieces at the last step);
// the wait for step s + 1's block.
// CHECK:        %[[S1:.*]] = arith.addi %[[S]], %c1_i32
// CHECK:        scf.if
// CHECK:          arith.divsi %[[S1]]
// CHECK:        scf.if
// CHECK:          tessera.dma_wait
// CHECK:        } {tessera.predicate}
// CHECK:        tessera.load
// CHECK-NEXT:   tessera.store
// CHECK:        %[[S2:.*]] = arith.addi %[[S]], %c2_i32{{.*}}
// CHECK:        scf.if
// CHECK:          arith.divsi %[[S2]]
// CHECK:        scf.if
// CHECK:          tessera.dma_start
// CHECK:        } {tessera.predicate}
// CHECK:        %[[LAST:.*]] = arith.xori
// CHECK:        scf.if
// CHECK:          tessera.dma_start %{{.*}}, %{{.*}}, %{{.*}} if %[[LAST]] {pieces = 8 : i64, tessera.block_index}
// CHECK:        } {tessera.predicate}
// CHECK:        scf.if
// CHECK:          tessera.dma_wait
// CHECK:        } {tessera.predicate}
// CHECK:      } {tessera.grid_loop}
// The write-backs still in flight.
// CHECK:      scf.if
// CHECK:        tessera.dma_wait
// CHECK:      scf.if
// CHECK:        tessera.dma_wait
// CHECK-NOT:  tessera.grid
// CHECK:      return
func.func @fetch_changed(%x: !any {tessera.name = "x"}, %o: !any {tessera.name = "o"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.grid grid [3] semantics ["arbitrary"] cores 1 ins(%x : !any) outs(%o : !any)
      blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [2, 2] index_maps {
      ^bb0(%i: i32):
        %c2 = arith.constant 2 : i32
        %b = arith.divsi %i, %c2 : i32
        %c0 = arith.constant 0 : i32
        tessera.yield %b, %c0 : i32, i32
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

