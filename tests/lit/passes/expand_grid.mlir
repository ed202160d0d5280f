// RUN: tessera-opt %s --split-input-file --tessera-expand-grid | FileCheck %s

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

// -----

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

// -----

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

// -----

// pl.Buffered(3): a ring of 3 buffers; the prologue fetches step 1's block
// too, waits for step 0's and then fetches step 2's; each step s ends by
// fetching step s + 3's into the buffer after the last one started, before
// the wait for step s + 1's.
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
// CHECK:        tessera.dma_wait
// CHECK:      } {tessera.predicate}
// CHECK:      arith.remsi %{{.*}}, %c3_i32
// CHECK:      scf.if
// CHECK:        tessera.dma_start
// CHECK:      } {tessera.predicate}
// CHECK:      scf.for %[[S:[a-z0-9]+]] =
// CHECK:        tessera.load
// CHECK:        arith.addi %[[S]], %c2_i32{{.*}}
// CHECK:        arith.remsi %{{.*}}, %c3_i32
// CHECK:        scf.if
// CHECK:          tessera.dma_start
// CHECK:        } {tessera.predicate}
// CHECK:        scf.if
// CHECK:          tessera.dma_wait
// CHECK:        } {tessera.predicate}
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

// -----

// Megacore: 2 cores split the 4 parallel points; core c runs the steps
// [2c, min(2c + 2, 4)).
!x5 = memref<512x128xf32, #tessera.memory_space<any>>
!b5 = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @megacore
// CHECK:      %[[CORE:.*]] = tessera.core_index : i32
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[LO:.*]] = arith.muli %[[CORE]], %[[C2]] : i32
// CHECK:      %[[END:.*]] = arith.addi %[[LO]]
// CHECK:      %[[IN:.*]] = arith.cmpi slt, %[[END]], %c4_i32
// CHECK:      %[[HI:.*]] = arith.select %[[IN]], %[[END]], %{{.*}} : i32
// CHECK:      scf.for %{{.*}} = %[[LO]] to %[[HI]] step
func.func @megacore(%x: !x5 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64, tessera.num_cores = 2 : i64} {
  tessera.grid grid [4] semantics ["parallel"] cores 2 ins(%x : !x5)
      blocks [array<i64: 128, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b5):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

// -----

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

// -----

// Aliasing: one HBM Ref blocked as both input and output (an in-place
// update, input_output_aliases): each side gets its own buffers, the input
// fetched from it and the output written back to it.
!x7 = memref<256x128xf32, #tessera.memory_space<any>>
!b7 = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @in_place
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<256x128xf32, #tessera.memory_space<any>> {tessera.name = "x"}
// CHECK-SAME: {tessera.name = "x_in_blocks"}
// CHECK-SAME: {tessera.name = "x_in_sems"}
// CHECK-SAME: {tessera.name = "x_out_blocks"}
// CHECK-SAME: {tessera.name = "x_out_sems"}
// CHECK:      %[[FROM:[0-9]+]] = tessera.view %[[X]]
// CHECK:      tessera.dma_start %[[FROM]], %{{[0-9]+}}, %{{[0-9]+}} {tessera.block_index} :
// CHECK:      scf.for
// CHECK:        scf.if
// CHECK:          %[[TO:[0-9]+]] = tessera.view %[[X]]
// CHECK:          tessera.dma_start %{{[0-9]+}}, %[[TO]], %{{[0-9]+}} if
func.func @in_place(%x: !x7 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !x7) outs(%x : !x7)
      blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [2, 2] index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      }, {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b7, %ob: !b7):
        %v = tessera.load %xb : !b7 -> vector<128x128xf32>
        %w = arith.addf %v, %v : vector<128x128xf32>
        tessera.store %w, %ob : vector<128x128xf32>, !b7
        tessera.yield
      } {labels = ["input 0", "output 0"], names = ["x_in", "x_out"]}
  return
}

// -----

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

// -----

// pl::Element rows (element_dims bit 0): the index map's entry is the
// block's first row, checked in [0, 24 - 8] with the offsets' message; the
// DMA's window starts there (no multiple of the block's rows).
!x9 = memref<24x128xf32, #tessera.memory_space<any>>
!b9 = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @element_rows
// CHECK:      %[[B:.*]] = tessera.load_scalar
// CHECK:      %[[R:.*]] = arith.index_cast %[[B]]
// CHECK:      arith.cmpi ult, %[[B]], %c17_i32
// CHECK:      tessera.check %{{.*}}, "at grid point ({0}) the index map of in_specs[0] 'x' returned ({1}, {2}), outside its array [24, 128] for a block of [8, 128] (offsets in [0, 16], block indices in [0, 1))"
// CHECK:      tessera.view %{{.*}} [%[[R]], %{{.*}}] [8, 128]
// CHECK:      tessera.dma_start {{.*}} {tessera.block_index}
func.func @element_rows(%idx: memref<2xi32, #tessera.memory_space<smem>> {tessera.name = "idx"},
                        %x: !x9 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !x9)
      blocks [array<i64: 8, 128>] buffers [2]
      index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %k = arith.index_cast %i : i32 to index
        %b = tessera.load_scalar %idx[%k] : memref<2xi32, #tessera.memory_space<smem>> -> i32
        tessera.yield %b, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b9):
        %v = tessera.load %xb : !b9 -> vector<8x128xf32>
        tessera.yield
      } {element_dims = array<i64: 1>, labels = ["in_specs[0]"], names = ["x"]}
  return
}

// -----

// A block of two copies of its box (copy_rows [0, 16]: two matrices of a
// [2 * 16, 128] operand, 8 element rows of each): one DMA per copy, the
// second 16 rows further in the array and 8 rows further in the buffer
// (whose slots hold both: [2 * 16, 128]); the offsets i * 8 are proven
// inside [0, 8] (no check).
!x10 = memref<32x128xf32, #tessera.memory_space<any>>
!b10 = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @copies
// CHECK-SAME: memref<32x128xf32, #tessera.memory_space<vmem>> {tessera.name = "x_blocks"}
// CHECK-NOT:  tessera.check
// CHECK:      %[[R0:.*]] = tessera.view %{{.*}} [%{{.*}}, %{{.*}}] [8, 128]
// CHECK:      %[[SLOT:.*]] = tessera.view %{{.*}} [%{{.*}}, 0] [16, 128]
// CHECK:      %[[HIGH:.*]] = tessera.view %[[SLOT]] [0, 0] [8, 128]
// CHECK:      tessera.dma_start %[[R0]], %[[HIGH]]
// CHECK:      arith.addi %{{.*}}, %c16_i32
// CHECK:      %[[SLOT1:.*]] = tessera.view %{{.*}} [%{{.*}}, 0] [16, 128]
// CHECK:      %[[LOW:.*]] = tessera.view %[[SLOT1]] [8, 0] [8, 128]
// CHECK:      tessera.dma_start %{{.*}}, %[[LOW]]
func.func @copies(%x: !x10 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !x10)
      blocks [array<i64: 8, 128>] buffers [2]
      index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %c8 = arith.constant 8 : i32
        %r = arith.muli %i, %c8 : i32
        tessera.yield %r, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b10):
        %v = tessera.load %xb : !b10 -> vector<16x128xf32>
        tessera.yield
      } {copy_rows = [array<i64: 0, 16>], element_dims = array<i64: 1>, labels = ["in_specs[0]"], names = ["x"]}
  return
}

// -----

// An output written back from a ring of 3 buffers: the slot's flag is
// picked out of the ring's three, the next block goes to slot (s + 1) % 3,
// and the epilogue waits for each slot's write-back still in flight.
!x11 = memref<512x128xf32, #tessera.memory_space<any>>
!b11 = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @output_ring
// CHECK-SAME: memref<384x128xf32, #tessera.memory_space<vmem>> {tessera.name = "o_blocks"}
// CHECK-SAME: memref<3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "o_sems"}
// CHECK:      scf.for
// CHECK:        arith.select
// CHECK:        scf.if
// CHECK:          tessera.dma_wait
// CHECK:        } {tessera.predicate}
// CHECK:        tessera.store
// CHECK:        tessera.dma_start
// CHECK:        arith.remsi %{{.*}}, %c3_i32
// CHECK:      }
// CHECK-COUNT-3: tessera.dma_wait
func.func @output_ring(%o: !x11 {tessera.name = "o"})
    attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 1 : i64} {
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 outs(%o : !x11)
      blocks [array<i64: 128, 128>] buffers [3] index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %ob: !b11):
        %v = arith.constant dense<1.0> : vector<128x128xf32>
        tessera.store %v, %ob : vector<128x128xf32>, !b11
        tessera.yield
      } {labels = ["output 0"], names = ["o"]}
  return
}

// -----

// Blocks of rows of matrices (matrix_rows 24: two matrices of a [2 * 24,
// 128] operand in 16-row blocks): the last block of each matrix (offset
// 16 in it) moves its 8 rows, the others 16; offsets a * 24 + b * 16 are
// proven inside [0, 48 - 8] (no check).
!x12 = memref<48x128xf32, #tessera.memory_space<any>>
!b12 = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @matrix_rows
// CHECK-NOT:  tessera.check
// CHECK:      %[[IN:.*]] = arith.remsi %{{.*}}, %c24_i32
// CHECK:      %[[LAST:.*]] = arith.cmpi eq, %[[IN]], %c16_i32
// CHECK:      scf.if %[[LAST]] {
// CHECK:        tessera.view %{{.*}} [%{{.*}}, %{{.*}}] [8, 128] : memref<48x128xf32
// CHECK:        tessera.dma_start %{{.*}} : memref<8x128xf32
// CHECK:      } else {
// CHECK:        tessera.view %{{.*}} [%{{.*}}, %{{.*}}] [16, 128] : memref<48x128xf32
// CHECK:        tessera.dma_start %{{.*}} : memref<16x128xf32
func.func @matrix_rows(%x: !x12 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [2, 2] semantics ["arbitrary", "arbitrary"] cores 1 ins(%x : !x12)
      blocks [array<i64: 16, 128>] buffers [2]
      index_maps {
      ^bb0(%a: i32, %b: i32):
        %c0 = arith.constant 0 : i32
        %c16 = arith.constant 16 : i32
        %c24 = arith.constant 24 : i32
        %m = arith.muli %a, %c24 : i32
        %j = arith.muli %b, %c16 : i32
        %r = arith.addi %m, %j : i32
        tessera.yield %r, %c0 : i32, i32
      } body {
      ^bb0(%a: i32, %b: i32, %xb: !b12):
        %v = tessera.load %xb : !b12 -> vector<16x128xf32>
        tessera.yield
      } {element_dims = array<i64: 1>, matrix_rows = array<i64: 24>, labels = ["in_specs[0]"], names = ["x"]}
  return
}

// -----

// The index map's own checks (the tracer's, e.g. a leading block index
// against its dimension) that hold at every grid point are left out of
// its copies: %i < 4 over grid [4]; %i < 3 is not proven and stays.
!x13 = memref<512x128xf32, #tessera.memory_space<any>>
!b13 = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @proven_checks
// CHECK-NOT:  "four"
// CHECK:      tessera.check %{{.*}}, "three"
// CHECK-NOT:  "four"
func.func @proven_checks(%x: !x13 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !x13)
      blocks [array<i64: 128, 128>] buffers [2]
      index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %c3 = arith.constant 3 : i32
        %c4 = arith.constant 4 : i32
        %four = arith.cmpi ult, %i, %c4 : i32
        tessera.check %four, "four"
        %three = arith.cmpi ult, %i, %c3 : i32
        tessera.check %three, "three"
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b13):
        %v = tessera.load %xb : !b13 -> vector<128x128xf32>
        tessera.yield
      } {labels = ["in_specs[0]"], names = ["x"]}
  return
}

// -----

// Padded element rows (row_padding (1, 1): pl::Element(18, (1, 1)) of a
// [64, 128] operand, offsets 16 i of the padded rows): a block's rows
// [16 i - 1, 16 i + 17) clipped to the array move to the buffer rows they
// fill, their count known at run time: one DMA when it is all 18 (a block
// inside the array), else one DMA per bit of it, 16 rows down to 1, each
// under a test of its bit.
!x14 = memref<64x128xf32, #tessera.memory_space<any>>
!b14 = memref<18x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @row_padding
// CHECK:      %[[FIRST:.*]] = arith.maxsi %{{.*}}, %c0_i32
// CHECK:      arith.minsi %{{.*}}, %c64_i32
// CHECK:      %[[COUNT:.*]] = arith.maxsi
// CHECK:      %[[ALL:.*]] = arith.cmpi eq, %[[COUNT]], %c18_i32
// CHECK:      scf.if %[[ALL]]
// CHECK:        tessera.dma_start %{{.*}} : memref<18x128xf32
// CHECK:      } else {
// CHECK:        arith.andi %[[COUNT]], %c16_i32
// CHECK:        scf.if
// CHECK:          tessera.dma_start %{{.*}} : memref<16x128xf32
// CHECK:        arith.andi %[[COUNT]], %c8_i32
// CHECK:        tessera.dma_start %{{.*}} : memref<8x128xf32
// CHECK:        tessera.dma_start %{{.*}} : memref<4x128xf32
// CHECK:        tessera.dma_start %{{.*}} : memref<2x128xf32
// CHECK:        tessera.dma_start %{{.*}} : memref<1x128xf32
func.func @row_padding(%x: !x14 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !x14)
      blocks [array<i64: 18, 128>] buffers [2]
      index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %c16 = arith.constant 16 : i32
        %r = arith.muli %i, %c16 : i32
        tessera.yield %r, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b14):
        %v = tessera.load %xb : !b14 -> vector<18x128xf32>
        tessera.yield
      } {element_dims = array<i64: 1>, row_padding = array<i64: 1, 1>, labels = ["in_specs[0]"], names = ["x"]}
  return
}

// -----

// Padded element columns (col_padding (128, 128): pl::Element(512, (128,
// 128)) of an [8, 1000] operand, offsets 256 i of the padded columns): a
// block's columns [256 i - 128, 256 i + 384) clipped to the array's whole
// tiles (896) move to the buffer columns they fill, one DMA per bit of
// their count, 256 and 128 columns; the array's last, partial tile (104
// columns at 896) one DMA of its own when the block covers it.
!x16 = memref<8x1000xf32, #tessera.memory_space<any>>
!b16 = memref<8x512xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @col_padding
// CHECK:      arith.maxsi %{{.*}}, %c0_i32
// CHECK:      arith.minsi %{{.*}}, %c896_i32
// CHECK:      %[[COUNT:.*]] = arith.maxsi
// CHECK:      arith.andi %[[COUNT]], %c256_i32
// CHECK:      scf.if
// CHECK:        tessera.dma_start %{{.*}} : memref<8x256xf32
// CHECK:      arith.andi %[[COUNT]], %c128_i32
// CHECK:        tessera.dma_start %{{.*}} : memref<8x128xf32
// CHECK:      arith.cmpi sle, %{{.*}}, %c896_i32
// CHECK:        tessera.dma_start %{{.*}} : memref<8x104xf32
func.func @col_padding(%x: !x16 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [3] semantics ["arbitrary"] cores 1 ins(%x : !x16)
      blocks [array<i64: 8, 512>] buffers [2]
      index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %c256 = arith.constant 256 : i32
        %c = arith.muli %i, %c256 : i32
        %m = tessera.multiple_of %c, 256 : i32
        tessera.yield %c0, %m : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b16):
        %v = tessera.load %xb : !b16 -> vector<8x512xf32>
        tessera.yield
      } {element_dims = array<i64: 2>, col_padding = array<i64: 128, 128>, labels = ["in_specs[0]"], names = ["x"]}
  return
}

// -----

// Bounded element columns (bounded_cols: pl::BoundedSlice(256) along the
// lanes of an [8, 1024] operand): the index map's third value is the
// columns' size; they move from the start to the buffer's first columns,
// one DMA per bit of their count (256 and 128 columns).
!x17 = memref<8x1024xf32, #tessera.memory_space<any>>
!b17 = memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @bounded_cols
// CHECK:      arith.minsi %{{.*}}, %c1024_i32
// CHECK:      %[[COUNT:.*]] = arith.maxsi
// CHECK:      arith.andi %[[COUNT]], %c256_i32
// CHECK:        tessera.dma_start %{{.*}} : memref<8x256xf32
// CHECK:      arith.andi %[[COUNT]], %c128_i32
// CHECK:        tessera.dma_start %{{.*}} : memref<8x128xf32
func.func @bounded_cols(%x: !x17 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !x17)
      blocks [array<i64: 8, 256>] buffers [2]
      index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %c256 = arith.constant 256 : i32
        %c = arith.muli %i, %c256 : i32
        %m = tessera.multiple_of %c, 256 : i32
        tessera.yield %c0, %m, %c256 : i32, i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b17):
        %v = tessera.load %xb : !b17 -> vector<8x256xf32>
        tessera.yield
      } {element_dims = array<i64: 2>, bounded_cols = array<i64: 1>, labels = ["in_specs[0]"], names = ["x"]}
  return
}

// -----

// Bounded rows and columns (pl::BoundedSlice(16) x pl::BoundedSlice(256)
// of a [64, 1024] operand): the index map yields four values, the rows'
// size third and the columns' last; each DMA of 2^k rows (whole 8-row
// tiles: 16, 8) is split by the bits of the columns' count (256, 128).
!x18 = memref<64x1024xf32, #tessera.memory_space<any>>
!b18 = memref<16x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @bounded_rows_and_cols
// CHECK:      arith.maxsi
// CHECK:      %[[COLS:.*]] = arith.maxsi
// CHECK:      %[[ROWS:.*]] = arith.maxsi
// CHECK:      arith.andi %[[ROWS]], %c16_i32
// CHECK:      scf.if
// CHECK:        arith.andi %[[COLS]], %c256_i32
// CHECK:        scf.if
// CHECK:          tessera.dma_start %{{.*}} : memref<16x256xf32
// CHECK:        arith.andi %[[COLS]], %c128_i32
// CHECK:          tessera.dma_start %{{.*}} : memref<16x128xf32
// CHECK:      arith.andi %[[ROWS]], %c8_i32
// CHECK:          tessera.dma_start %{{.*}} : memref<8x256xf32
// CHECK:          tessera.dma_start %{{.*}} : memref<8x128xf32
func.func @bounded_rows_and_cols(%x: !x18 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !x18)
      blocks [array<i64: 16, 256>] buffers [2]
      index_maps {
      ^bb0(%i: i32):
        %c8 = arith.constant 8 : i32
        %c16 = arith.constant 16 : i32
        %c256 = arith.constant 256 : i32
        %r = arith.muli %i, %c16 : i32
        %rm = tessera.multiple_of %r, 16 : i32
        %c = arith.muli %i, %c256 : i32
        %cm = tessera.multiple_of %c, 256 : i32
        %n = tessera.multiple_of %c8, 8 : i32
        tessera.yield %rm, %cm, %n, %c256 : i32, i32, i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b18):
        %v = tessera.load %xb : !b18 -> vector<16x256xf32>
        tessera.yield
      } {element_dims = array<i64: 3>, bounded_cols = array<i64: 1>, labels = ["in_specs[0]"], names = ["x"]}
  return
}

// -----

// Padded rows of matrices (row_padding (1, 1) with matrix_rows 16: two
// [16, 128] matrices, each padded on its own, offsets i * 18 + r): the
// offset's matrix (i / 18) and row in it, the block's rows clipped to
// rows [16 i, 16 i + 16) of the array.
!x15 = memref<32x128xf32, #tessera.memory_space<any>>
!b15 = memref<18x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @padded_matrices
// CHECK:      %[[M:.*]] = arith.divsi %{{.*}}, %c18_i32
// CHECK:      arith.muli %[[M]], %c16_i32
// CHECK:      arith.maxsi
// CHECK:      arith.minsi
// CHECK:        tessera.dma_start %{{.*}} : memref<16x128xf32
func.func @padded_matrices(%x: !x15 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !x15)
      blocks [array<i64: 18, 128>] buffers [2]
      index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %c18 = arith.constant 18 : i32
        %r = arith.muli %i, %c18 : i32
        tessera.yield %r, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b15):
        %v = tessera.load %xb : !b15 -> vector<18x128xf32>
        tessera.yield
      } {element_dims = array<i64: 1>, matrix_rows = array<i64: 16>, row_padding = array<i64: 1, 1>, labels = ["in_specs[0]"], names = ["x"]}
  return
}

// -----

// pl::BoundedSlice rows (the index map's third value, the rows' size): the
// block's first `size` rows from the start move, one DMA per bit of the
// size (16 down to 1 for a 16-row block), into the buffer's first rows.
!x16 = memref<64x128xf32, #tessera.memory_space<any>>
!b16 = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @bounded_rows
// CHECK:      %[[SIZE:.*]] = arith.addi %{{.*}}, %c3_i32 : i32
// CHECK:      %[[END:.*]] = arith.addi %[[START:.*]], %[[SIZE]] : i32
// CHECK:      arith.minsi %{{.*}}, %[[END]]
// CHECK:      scf.if
// CHECK:        tessera.dma_start %{{.*}} : memref<16x128xf32
// CHECK:        tessera.dma_start %{{.*}} : memref<1x128xf32
func.func @bounded_rows(%x: !x16 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !x16)
      blocks [array<i64: 16, 128>] buffers [2]
      index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        %c3 = arith.constant 3 : i32
        %c16 = arith.constant 16 : i32
        %r = arith.muli %i, %c16 : i32
        %n = arith.addi %i, %c3 : i32
        tessera.yield %r, %c0, %n : i32, i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b16):
        %v = tessera.load %xb : !b16 -> vector<16x128xf32>
        tessera.yield
      } {element_dims = array<i64: 1>, labels = ["in_specs[0]"], names = ["x"]}
  return
}
