// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -tessera-reuse-loads | FileCheck %s

// Kernels here: arguments are x_hbm (input), o_hbm (output), then scratch.

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// The same window loaded twice: the second load is the first value, and its
// view goes with it.

// CHECK-LABEL: func.func @same_window
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>
// CHECK: %[[V:.*]] = tessera.view %[[X]] [8, 0] [8, 128]
// CHECK-NEXT: %[[A:.*]] = tessera.load %[[V]]
// CHECK-NEXT: arith.addf %[[A]], %[[A]]
// CHECK-NOT: tessera.view
// CHECK-NOT: tessera.load
// CHECK: return
func.func @same_window(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  %v2 = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %b = tessera.load %v2 : !rows8 -> !tile
  %s = arith.addf %a, %b : !tile
  return %s : !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Store-to-load forwarding, also through a view of a view.

// CHECK-LABEL: func.func @forward_store
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[Y]]
// CHECK-NOT: tessera.load
// CHECK: return %[[Y]], %[[Y]]
func.func @forward_store(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %y: !tile) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %y, %v : !tile, !rows8
  %a = tessera.load %v : !rows8 -> !tile
  %top = tessera.view %x[0, 0] [16, 128] : !vmem to memref<16x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  %vv = tessera.view %top[8, 0] [8, 128] : memref<16x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>> to !rows8
  %b = tessera.load %vv : !rows8 -> !tile
  return %a, %b : !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Stores that cannot touch the window: the other tile of the same buffer,
// another scratch buffer.

// CHECK-LABEL: func.func @reuse_across_disjoint_stores
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NOT: tessera.load
// CHECK: arith.addf %[[A]], %[[A]]
func.func @reuse_across_disjoint_stores(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %y: !tile) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  %x0 = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %y, %x0 : !tile, !rows0
  %o8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %y, %o8 : !tile, !rows8
  %b = tessera.load %v : !rows8 -> !tile
  %s = arith.addf %a, %b : !tile
  return %s : !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows4 = memref<8x128xf32, strided<[128, 1], offset: 512>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store to rows 4-11 overlaps rows 8-15: load again (and the stored value
// is not forwarded: the windows differ). The load after that is reused.

// CHECK-LABEL: func.func @no_reuse_across_overlapping_store
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: tessera.view
// CHECK-NEXT: tessera.store
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[B]], %[[B]]
func.func @no_reuse_across_overlapping_store(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %y: !tile) -> (!tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  %w = tessera.view %x[4, 0] [8, 128] : !vmem to !rows4
  tessera.store %y, %w : !tile, !rows4
  %b = tessera.load %v : !rows8 -> !tile
  %c = tessera.load %v : !rows8 -> !tile
  return %a, %b, %c : !tile, !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A DMA into the buffer, already completed: the old value is stale.

// CHECK-LABEL: func.func @no_reuse_across_completed_dma
// CHECK: %[[A:.*]] = tessera.load
// CHECK: tessera.dma_start
// CHECK: tessera.dma_wait
// CHECK: %[[B:.*]] = tessera.load
// CHECK: return %[[A]], %[[B]]
func.func @no_reuse_across_completed_dma(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %sem: !sem) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %b = tessera.load %v : !rows8 -> !tile
  return %a, %b : !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// While a DMA may be writing the window, two loads of it may differ, and a
// value stored into it may be overwritten: nothing is reused until the wait.

// CHECK-LABEL: func.func @no_reuse_while_dma_in_flight
// CHECK: tessera.dma_start
// CHECK: %[[A:.*]] = tessera.load
// CHECK: %[[B:.*]] = tessera.load
// CHECK: tessera.store
// CHECK: %[[C:.*]] = tessera.load
// CHECK: tessera.dma_wait
// CHECK: %[[D:.*]] = tessera.load
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @no_reuse_while_dma_in_flight(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %sem: !sem, %y: !tile) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %a = tessera.load %v : !rows8 -> !tile
  %b = tessera.load %v : !rows8 -> !tile
  tessera.store %y, %v : !tile, !rows8
  %c = tessera.load %v : !rows8 -> !tile
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %d = tessera.load %v : !rows8 -> !tile
  return %a, %b, %c, %d : !tile, !tile, !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A DMA into another scratch buffer, and one out of this one (it only
// reads it), change nothing here: after the wait the first load still holds.

// CHECK-LABEL: func.func @reuse_across_other_dmas
// CHECK: %[[A:.*]] = tessera.load
// CHECK: tessera.dma_start %{{.*}}, %[[O:[a-z0-9]+]],
// CHECK: tessera.dma_wait
// CHECK: tessera.dma_start
// CHECK: tessera.dma_wait
// CHECK-NOT: tessera.load
// CHECK: return %[[A]], %[[A]]
func.func @reuse_across_other_dmas(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  tessera.dma_start %x_hbm, %o, %sem : !hbm, !vmem, !sem
  %b = tessera.load %v : !rows8 -> !tile
  tessera.dma_wait %x_hbm, %o, %sem : !hbm, !vmem, !sem
  tessera.dma_start %x, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %x, %o_hbm, %sem : !vmem, !hbm, !sem
  %c = tessera.load %v : !rows8 -> !tile
  return %b, %c : !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Two DMAs on one semaphore: the semaphore counts bytes, so the first wait
// may have been satisfied by the other copy. Both count as in flight until
// both are waited.

// CHECK-LABEL: func.func @shared_semaphore
// CHECK: tessera.dma_wait %{{.*}}, %[[O:[a-z0-9]+]],
// CHECK-NEXT: tessera.view
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: %[[C:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[C]]
func.func @shared_semaphore(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  tessera.dma_start %o_hbm, %o, %sem : !hbm, !vmem, !sem
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %b = tessera.load %v : !rows0 -> !tile
  tessera.dma_wait %o_hbm, %o, %sem : !hbm, !vmem, !sem
  %c = tessera.load %v : !rows0 -> !tile
  %d = tessera.load %v : !rows0 -> !tile
  return %a, %b, %c, %d : !tile, !tile, !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A wait whose start is not in the kernel: that DMA writes from the start of
// the block until the wait. A start never waited for: until the end.

// CHECK-LABEL: func.func @unpaired_dmas
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: %[[C:.*]] = tessera.load
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: %[[E:.*]] = tessera.load
// CHECK-NEXT: %[[F:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[C]], %[[E]], %[[F]]
func.func @unpaired_dmas(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem, %sem2: !sem) -> (!tile, !tile, !tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %b = tessera.load %v : !rows0 -> !tile
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %c = tessera.load %v : !rows0 -> !tile
  %d = tessera.load %v : !rows0 -> !tile
  tessera.dma_start %o_hbm, %x, %sem2 : !hbm, !vmem, !sem
  %e = tessera.load %v : !rows0 -> !tile
  %f = tessera.load %v : !rows0 -> !tile
  return %a, %b, %c, %d, %e, %f : !tile, !tile, !tile, !tile, !tile, !tile
}

// -----

!hbm = memref<16x256xf32, #tessera.memory_space<any>>
!vmem = memref<16x256xf32, #tessera.memory_space<vmem>>
!dyn = memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Run-time offsets: the same index value is the same window; a different
// one may be anywhere in the dimension. Offsets built from the same value
// and constants compare by their constant parts.

// CHECK-LABEL: func.func @dynamic_offsets
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: %[[A:.*]] = tessera.load
// CHECK: tessera.store
// CHECK: tessera.store
// CHECK-NOT: tessera.load
// CHECK: tessera.store
// CHECK-NEXT: %[[D:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[A]], %[[Y]], %[[D]]
func.func @dynamic_offsets(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %i: index, %j: index, %y: !tile) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c8 = arith.constant 8 : index
  %i8 = arith.addi %i, %c8 : index
  %v = tessera.view %x[%i, 0] [8, 128] : !vmem to !dyn
  %a = tessera.load %v : !dyn -> !tile
  // Rows [i+8, i+16) and columns [128, 256) of row i: both miss %v.
  %below = tessera.view %x[%i8, 0] [8, 128] : !vmem to !dyn
  tessera.store %y, %below : !tile, !dyn
  %right = tessera.view %x[%j, 128] [8, 128] : !vmem to !dyn
  tessera.store %y, %right : !tile, !dyn
  %v2 = tessera.view %x[%i, 0] [8, 128] : !vmem to !dyn
  %b = tessera.load %v2 : !dyn -> !tile
  // Forwarded: the same window as the store above.
  %c = tessera.load %right : !dyn -> !tile
  // Row j may be row i.
  %other = tessera.view %x[%j, 0] [8, 128] : !vmem to !dyn
  tessera.store %y, %other : !tile, !dyn
  %d = tessera.load %v : !dyn -> !tile
  return %a, %b, %c, %d : !tile, !tile, !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// An op we cannot see into may write anything, and may leave a DMA running
// for the rest of the kernel; pure arithmetic is no obstacle.

// CHECK-LABEL: func.func @unknown_op
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: "test.unknown"()
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: %[[C:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[A]], %[[B]], %[[C]]
func.func @unknown_op(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %m = arith.mulf %a, %a : !tile
  %b = tessera.load %v : !rows0 -> !tile
  "test.unknown"() : () -> ()
  %c = tessera.load %v : !rows0 -> !tile
  %d = tessera.load %v : !rows0 -> !tile
  return %a, %b, %c, %d : !tile, !tile, !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sems = memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!one = memref<1x!tessera.dma_semaphore, strided<[1]>, #tessera.memory_space<semaphore_mem>>
!oneat1 = memref<1x!tessera.dma_semaphore, strided<[1], offset: 1>, #tessera.memory_space<semaphore_mem>>
!dynsem = memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Elements of a semaphore array: sems[0] and sems[1] are different
// counters, so waiting on sems[0] completes its DMA while the other is
// still running; sems[i] and sems[j] may be the same counter.

// CHECK-LABEL: func.func @semaphore_array_static
// CHECK: tessera.dma_wait
// CHECK-NEXT: tessera.view
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: return %[[A]], %[[A]]
func.func @semaphore_array_static(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sems: !sems) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %s0 = tessera.view %sems[0] [1] : !sems to !one
  %s1 = tessera.view %sems[1] [1] : !sems to !oneat1
  tessera.dma_start %x_hbm, %x, %s0 : !hbm, !vmem, !one
  tessera.dma_start %o_hbm, %o, %s1 : !hbm, !vmem, !oneat1
  tessera.dma_wait %x_hbm, %x, %s0 : !hbm, !vmem, !one
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %b = tessera.load %v : !rows0 -> !tile
  tessera.dma_wait %o_hbm, %o, %s1 : !hbm, !vmem, !oneat1
  return %a, %b : !tile, !tile
}

// CHECK-LABEL: func.func @semaphore_array_dynamic
// CHECK: tessera.dma_wait
// CHECK-NEXT: tessera.view
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @semaphore_array_dynamic(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sems: !sems, %i: index, %j: index) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %si = tessera.view %sems[%i] [1] : !sems to !dynsem
  %sj = tessera.view %sems[%j] [1] : !sems to !dynsem
  tessera.dma_start %x_hbm, %x, %si : !hbm, !vmem, !dynsem
  tessera.dma_start %o_hbm, %o, %sj : !hbm, !vmem, !dynsem
  tessera.dma_wait %x_hbm, %x, %si : !hbm, !vmem, !dynsem
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %b = tessera.load %v : !rows0 -> !tile
  tessera.dma_wait %o_hbm, %o, %sj : !hbm, !vmem, !dynsem
  return %a, %b : !tile, !tile
}

// -----

// Packed bf16 tiles: windows are compared as element boxes (16x128 for a
// bf16 tile), not as 8-row tiles. Pure vector math and MXU ops between the
// loads touch no memory (the first load's value is used after the MXU ops
// too: it is live through them anyway, see @reload_after_a_dot).

!hbm = memref<32x128xbf16, #tessera.memory_space<any>>
!vmem = memref<32x128xbf16, #tessera.memory_space<vmem>>
!rows0 = memref<16x128xbf16, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows16 = memref<16x128xbf16, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
!row20 = memref<1x128xbf16, strided<[128, 1], offset: 2560>, #tessera.memory_space<vmem>>
!tile = vector<16x128xbf16>

// CHECK-LABEL: func.func @bf16_windows
// CHECK: %[[V16:.*]] = tessera.view %{{.*}} [16, 0] [16, 128]
// CHECK-NEXT: %[[A:.*]] = tessera.load %[[V16]]
// CHECK: %[[V0:.*]] = tessera.view %{{.*}} [0, 0] [16, 128]
// CHECK-NEXT: tessera.store %{{.*}}, %[[V0]]
// CHECK-NOT: tessera.load %[[V16]]
// CHECK: %[[R:.*]] = tessera.view %{{.*}} [20, 0] [1, 128]
// CHECK-NEXT: tessera.store %{{.*}}, %[[R]]
// CHECK-NEXT: %[[C:.*]] = tessera.load %[[V16]]
// CHECK-NEXT: return %[[A]], %[[A]], %[[C]]
func.func @bf16_windows(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %t: vector<8x128xf32>, %row: vector<1x128xbf16>) -> (!tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v16 = tessera.view %x[16, 0] [16, 128] : !vmem to !rows16
  %a = tessera.load %v16 : !rows16 -> !tile
  %lo = tessera.unpack %a {part = 0 : i64} : !tile -> vector<8x128xf32>
  %p = tessera.pack %lo, %t : vector<8x128xf32>, vector<8x128xf32> -> !tile
  %w = tessera.mxu_weights %p, %p, %p, %p, %p, %p, %p, %p : !tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile
  %m = tessera.mxu_matmul %w, %t : vector<8x128xf32> -> vector<8x128xf32>
  %s = tessera.reduce %m {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  %hi = tessera.unpack %a {part = 1 : i64} : !tile -> vector<8x128xf32>
  %v0 = tessera.view %x[0, 0] [16, 128] : !vmem to !rows0
  tessera.store %p, %v0 : !tile, !rows0
  %b = tessera.load %v16 : !rows16 -> !tile
  %r = tessera.view %x[20, 0] [1, 128] : !vmem to !row20
  tessera.store %row, %r : vector<1x128xbf16>, !row20
  %c = tessera.load %v16 : !rows16 -> !tile
  return %a, %b, %c : !tile, !tile, !tile
}

// -----

// Once the second load is the first one's value, what was computed from
// each (the parts of a HIGHEST dot's operands) is computed once. Views and
// computations that do not depend on the reused load stay.

!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// CHECK-LABEL: func.func @merge_computations
// CHECK-SAME: %[[T:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[R:.*]] = tessera.round_bf16 %[[A]]
// CHECK-NEXT: %[[S:.*]] = arith.subf %[[A]], %[[R]]
// CHECK-NEXT: %[[U:.*]] = tessera.round_bf16 %[[T]]
// CHECK-NEXT: %[[V:.*]] = tessera.round_bf16 %[[T]]
// CHECK-NEXT: return %[[S]], %[[S]], %[[U]], %[[V]]
func.func @merge_computations(%x: !vmem, %t: !tile) -> (!tile, !tile, !tile, !tile) {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %ra = tessera.round_bf16 %a : !tile
  %sa = arith.subf %a, %ra : !tile
  %b = tessera.load %v : !rows0 -> !tile
  %rb = tessera.round_bf16 %b : !tile
  %sb = arith.subf %b, %rb : !tile
  %u = tessera.round_bf16 %t : !tile
  %w = tessera.round_bf16 %t : !tile
  return %sa, %sb, %u, %w : !tile, !tile, !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!out = memref<72x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!tile = vector<8x128xf32>

!o0 = memref<8x128xf32, strided<[128, 1], offset: 0>, #tessera.memory_space<vmem>>
!o1 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!o2 = memref<8x128xf32, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
!o3 = memref<8x128xf32, strided<[128, 1], offset: 3072>, #tessera.memory_space<vmem>>
!o4 = memref<8x128xf32, strided<[128, 1], offset: 4096>, #tessera.memory_space<vmem>>
!o5 = memref<8x128xf32, strided<[128, 1], offset: 5120>, #tessera.memory_space<vmem>>
!o6 = memref<8x128xf32, strided<[128, 1], offset: 6144>, #tessera.memory_space<vmem>>
!o7 = memref<8x128xf32, strided<[128, 1], offset: 7168>, #tessera.memory_space<vmem>>
!o8 = memref<8x128xf32, strided<[128, 1], offset: 8192>, #tessera.memory_space<vmem>>

// Values stored before a DMA wait and read back after it stay live across
// the wait, where the work before it overlaps the DMA: the stores of one
// wait forward at most kWaitCarryVRegs (8) tiles past it. The ninth tile is
// reloaded (and its store stays).

// CHECK-LABEL: func.func @forward_past_a_wait
// CHECK: tessera.dma_wait
// CHECK-COUNT-1: tessera.load
// CHECK-NOT: tessera.load
// CHECK: return %arg4, %arg5, %arg6, %arg7, %arg8, %arg9, %arg10, %arg11, %{{[0-9]+}}
func.func @forward_past_a_wait(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !out, %y0: !tile,
                               %y1: !tile, %y2: !tile, %y3: !tile, %y4: !tile, %y5: !tile,
                               %y6: !tile, %y7: !tile, %y8: !tile, %sem: !sem)
    -> (!tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %v0 = tessera.view %o[0, 0] [8, 128] : !out to !o0
  tessera.store %y0, %v0 : !tile, !o0
  %v1 = tessera.view %o[8, 0] [8, 128] : !out to !o1
  tessera.store %y1, %v1 : !tile, !o1
  %v2 = tessera.view %o[16, 0] [8, 128] : !out to !o2
  tessera.store %y2, %v2 : !tile, !o2
  %v3 = tessera.view %o[24, 0] [8, 128] : !out to !o3
  tessera.store %y3, %v3 : !tile, !o3
  %v4 = tessera.view %o[32, 0] [8, 128] : !out to !o4
  tessera.store %y4, %v4 : !tile, !o4
  %v5 = tessera.view %o[40, 0] [8, 128] : !out to !o5
  tessera.store %y5, %v5 : !tile, !o5
  %v6 = tessera.view %o[48, 0] [8, 128] : !out to !o6
  tessera.store %y6, %v6 : !tile, !o6
  %v7 = tessera.view %o[56, 0] [8, 128] : !out to !o7
  tessera.store %y7, %v7 : !tile, !o7
  %v8 = tessera.view %o[64, 0] [8, 128] : !out to !o8
  tessera.store %y8, %v8 : !tile, !o8
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %r0 = tessera.load %v0 : !o0 -> !tile
  %r1 = tessera.load %v1 : !o1 -> !tile
  %r2 = tessera.load %v2 : !o2 -> !tile
  %r3 = tessera.load %v3 : !o3 -> !tile
  %r4 = tessera.load %v4 : !o4 -> !tile
  %r5 = tessera.load %v5 : !o5 -> !tile
  %r6 = tessera.load %v6 : !o6 -> !tile
  %r7 = tessera.load %v7 : !o7 -> !tile
  %r8 = tessera.load %v8 : !o8 -> !tile
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8 : !tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!wt = vector<16x128xbf16>

// A tile loaded again after MXU matmuls is loaded again, not kept live
// through the dot (whose weights and row tiles take the registers); a
// second load with no matmul in between is the first one's value.

// CHECK-LABEL: func.func @reload_after_a_dot
// CHECK: %[[A:.*]] = tessera.load
// CHECK: %[[E:.*]] = arith.addf %[[A]]
// CHECK: tessera.mxu_matmul
// CHECK: %[[B:.*]] = tessera.load
// CHECK-NOT: tessera.load
// CHECK: return %[[E]], %[[B]], %[[B]]
func.func @reload_after_a_dot(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %w: !wt, %t: !tile)
    -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %e = arith.addf %a, %t : !tile
  %weights = tessera.mxu_weights %w, %w, %w, %w, %w, %w, %w, %w : !wt, !wt, !wt, !wt, !wt, !wt, !wt, !wt
  %d = tessera.mxu_matmul %weights, %t : vector<8x128xf32> -> vector<8x128xf32>
  %b = tessera.load %v : !rows0 -> !tile
  %c = tessera.load %v : !rows0 -> !tile
  return %e, %b, %c, %d : !tile, !tile, !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!big = vector<256x128xf32>
!half = vector<128x128xf32>

// Register pressure of a load served by an earlier load's value
// (VRegPressure.h): the value stays live from the store that reads it to
// the add. Beside a 256-row value live through the kernel (32 vector
// registers, all of them) the second load stays; beside a 128-row one it is
// the first load's value.

// CHECK-LABEL: func.func @reload_where_the_registers_are_full
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: arith.addf %[[B]]
func.func @reload_where_the_registers_are_full(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %u: !vmem, %big: !big, %t: !tile) -> (!tile, !big)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %w = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  tessera.store %a, %w : !tile, !rows0
  %b = tessera.load %v : !rows0 -> !tile
  %c = arith.addf %b, %t : !tile
  return %c, %big : !tile, !big
}

// CHECK-LABEL: func.func @reuse_within_the_registers
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: arith.addf %[[A]]
func.func @reuse_within_the_registers(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %u: !vmem, %half: !half, %t: !tile) -> (!tile, !half)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %w = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  tessera.store %a, %w : !tile, !rows0
  %b = tessera.load %v : !rows0 -> !tile
  %c = arith.addf %b, %t : !tile
  return %c, %half : !tile, !half
}
