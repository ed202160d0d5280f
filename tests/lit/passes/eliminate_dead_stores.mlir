// RUN: tessera-opt %s -split-input-file -allow-unregistered-dialect -tessera-eliminate-dead-stores | FileCheck %s

// Kernels here: arguments are x_hbm (input), o_hbm (output), then scratch,
// unless a case says otherwise.

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store overwritten before anything reads it goes, and so do the load and
// arithmetic that only fed it; the DMA out reads the second store.

// CHECK-LABEL: func.func @overwritten
// CHECK-SAME: %[[O:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %{{[a-z0-9]+}}: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK-NEXT: %[[V:.*]] = tessera.view %[[O]] [0, 0] [8, 128]
// CHECK-NEXT: tessera.store %[[Y]], %[[V]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: return
func.func @overwritten(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem, %y: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %xv = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %xv : !rows0 -> !tile
  %p = arith.mulf %a, %a : !tile
  %v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %p, %v : !tile, !rows0
  tessera.store %y, %v : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows4 = memref<8x128xf32, strided<[128, 1], offset: 512>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A load of part of the window in between keeps the store; a load of
// another window does not.

// CHECK-LABEL: func.func @loads_in_between
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>, %[[Z:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[Y]], %[[V0:[0-9]+]]
// CHECK-NEXT: tessera.load
// CHECK-NEXT: tessera.load
// CHECK-NEXT: tessera.store %[[Y]], %[[V0]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NOT: tessera.store
// CHECK: return
func.func @loads_in_between(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %y: !tile, %z: !tile) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v0 = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  %v4 = tessera.view %o[4, 0] [8, 128] : !vmem to !rows4
  %v8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %y, %v0 : !tile, !rows0
  // Rows 4-11 read rows 4-7 of the store above.
  %a = tessera.load %v4 : !rows4 -> !tile
  tessera.store %z, %v0 : !tile, !rows0
  // Rows 8-15: not this window, so the store above is dead.
  %b = tessera.load %v8 : !rows8 -> !tile
  tessera.store %y, %v0 : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return %a, %b : !tile, !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A DMA out of the buffer reads it at some time between its start and its
// wait: a store before the start, or while the copy is in flight, is read.

// CHECK-LABEL: func.func @dma_reads
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[C:[a-z0-9]+]]: vector<8x128xf32>, %[[D:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: tessera.store %[[C]]
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.store %[[D]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: return
func.func @dma_reads(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %a: !tile, %b: !tile, %c: !tile, %d: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %v : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.store %b, %v : !tile, !rows0
  tessera.store %c, %v : !tile, !rows0
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.store %d, %v : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A wait alone (its start is before the kernel) reads until it returns; a
// DMA out of another buffer, or out of the other half, reads nothing here.

// CHECK-LABEL: func.func @dma_reads_elsewhere
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[C:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]]
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.store %[[C]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: return
func.func @dma_reads_elsewhere(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem, %a: !tile, %b: !tile, %c: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  %v8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  %h8 = tessera.view %o_hbm[8, 0] [8, 128] : !hbm to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<any>>
  tessera.store %a, %v : !tile, !rows0
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.store %b, %v : !tile, !rows0
  tessera.dma_start %x, %x_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %x, %x_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_start %v8, %h8, %sem : !rows8, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<any>>, !sem
  tessera.dma_wait %v8, %h8, %sem : !rows8, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<any>>, !sem
  tessera.store %c, %v : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A two-tile array stored, then its first tile stored again: only the
// first tile's first store is dead.

// CHECK-LABEL: func.func @partial_overwrite
// CHECK-SAME: %[[P0:[a-z0-9]+]]: vector<8x128xf32>, %[[P1:[a-z0-9]+]]: vector<8x128xf32>, %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK-NOT: tessera.store %[[P0]]
// CHECK: tessera.store %[[P1]]
// CHECK-NEXT: tessera.store %[[Y]]
// CHECK-NEXT: tessera.dma_start
func.func @partial_overwrite(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %p0: !tile, %p1: !tile, %y: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v0 = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %p0, %v0 : !tile, !rows0
  %v8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %p1, %v8 : !tile, !rows8
  tessera.store %y, %v0 : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Scratch is dead when the kernel ends: a store nothing reads goes, with
// the arithmetic behind it, even though another tile of the same buffer is
// read. The store that is read stays.

// CHECK-LABEL: func.func @scratch_never_read
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[T:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>
// CHECK-NEXT: tessera.view %[[X]] [0, 0]
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[T0:.*]] = tessera.view %[[T]] [0, 0]
// CHECK-NEXT: tessera.store %[[A]], %[[T0]]
// CHECK-NEXT: %[[C:.*]] = tessera.load %[[T0]]
// CHECK-NEXT: return %[[C]]
func.func @scratch_never_read(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %t: !vmem) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %xv = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %xv : !rows0 -> !tile
  %b = arith.addf %a, %a : !tile
  %tv = tessera.view %t[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %b, %tv : !tile, !rows8
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %t0 : !tile, !rows0
  %c = tessera.load %t0 : !rows0 -> !tile
  return %c : !tile
}

// -----

!in = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Inputs and outputs in VMEM outlive the kernel: their last stores stay,
// even with nothing reading them inside it. (Scratch %s loses its store.)

// CHECK-LABEL: func.func @outputs_live_at_end
// CHECK-SAME: %[[I:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[O:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>
// CHECK: tessera.view %[[I]]
// CHECK-NEXT: tessera.store
// CHECK-NEXT: tessera.view %[[O]]
// CHECK-NEXT: tessera.store
// CHECK-NEXT: return
func.func @outputs_live_at_end(%i: !in, %o: !in, %s: !in, %y: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %iv = tessera.view %i[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %iv : !tile, !rows0
  %ov = tessera.view %o[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %ov : !tile, !rows0
  %sv = tessera.view %s[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %sv : !tile, !rows0
  return
}

// -----

!in = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Without the kernel attributes no argument is known to be scratch; with
// scalar inputs (counted among the inputs), the scratch arguments start
// after the inputs and outputs.

// CHECK-LABEL: func.func @not_a_kernel
// CHECK-COUNT-2: tessera.store
// CHECK-NOT: tessera.store
// CHECK: return
func.func @not_a_kernel(%a: !in, %b: !in, %y: !tile) {
  %av = tessera.view %a[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %av : !tile, !rows0
  %bv = tessera.view %b[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %bv : !tile, !rows0
  return
}

// CHECK-LABEL: func.func @scalar_inputs
// CHECK-SAME: %[[S:[a-z0-9]+]]: memref<4xi32, #tessera.memory_space<smem>>, %[[I:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[O:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>
// CHECK: tessera.view %[[O]]
// CHECK-NEXT: tessera.store
// CHECK-NOT: tessera.store
// CHECK: return
func.func @scalar_inputs(%s: memref<4xi32, #tessera.memory_space<smem>>, %i: !in, %o: !in, %t: !in, %y: !tile)
    attributes {tessera.kernel, tessera.num_scalar_inputs = 1 : i64, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64} {
  %ov = tessera.view %o[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %ov : !tile, !rows0
  %tv = tessera.view %t[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %tv : !tile, !rows0
  return
}

// -----

!hbm = memref<16x256xf32, #tessera.memory_space<any>>
!vmem = memref<16x256xf32, #tessera.memory_space<vmem>>
!dyn = memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Run-time offsets: a store to the same window (same index value) covers;
// one to row j does not cover row i, and a load of row j may read row i.
// The output %o outlives the kernel, so only overwrites make stores dead.

// CHECK-LABEL: func.func @dynamic_offsets
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[C:[a-z0-9]+]]: vector<8x128xf32>, %[[D:[a-z0-9]+]]: vector<8x128xf32>
// CHECK-NOT: tessera.store %[[A]]
// CHECK: tessera.store %[[B]]
// CHECK: tessera.load
// CHECK: tessera.store %[[C]]
// CHECK: tessera.store %[[D]]
// CHECK-NOT: tessera.store
// CHECK: return
func.func @dynamic_offsets(%x_hbm: !hbm, %o: !vmem, %i: index, %j: index, %a: !tile, %b: !tile, %c: !tile, %d: !tile) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %vi = tessera.view %o[%i, 0] [8, 128] : !vmem to !dyn
  tessera.store %a, %vi : !tile, !dyn
  %vi2 = tessera.view %o[%i, 0] [8, 128] : !vmem to !dyn
  tessera.store %b, %vi2 : !tile, !dyn
  %vj = tessera.view %o[%j, 0] [8, 128] : !vmem to !dyn
  %l = tessera.load %vj : !dyn -> !tile
  tessera.store %c, %vi : !tile, !dyn
  tessera.store %d, %vj : !tile, !dyn
  return %l : !tile
}

// -----

!hbm = memref<8x256xf32, #tessera.memory_space<any>>
!vmem = memref<8x256xf32, #tessera.memory_space<vmem>>
!dyn = memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store of the whole Ref covers any window of it, run-time offset or not.

// CHECK-LABEL: func.func @whole_covers_dynamic
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[W:[a-z0-9]+]]: vector<8x256xf32>
// CHECK-NOT: tessera.store %[[A]]
// CHECK: tessera.store %[[W]]
// CHECK-NEXT: return
func.func @whole_covers_dynamic(%x_hbm: !hbm, %o: !vmem, %i: index, %a: !tile, %w: vector<8x256xf32>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %o[0, %i] [8, 128] : !vmem to !dyn
  tessera.store %a, %v : !tile, !dyn
  tessera.store %w, %o : vector<8x256xf32>, !vmem
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// An op we cannot see into may read anything, and may have started a DMA
// that reads until the end: every store stays. Pure arithmetic between two
// stores does not read.

// CHECK-LABEL: func.func @unknown_op
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]]
// CHECK-NEXT: "test.unknown"()
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: return
func.func @unknown_op(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %v : !tile, !rows0
  "test.unknown"() : () -> ()
  tessera.store %b, %v : !tile, !rows0
  tessera.store %a, %v : !tile, !rows0
  return
}

// CHECK-LABEL: func.func @pure_op_between
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>
// CHECK-NEXT: tessera.view
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tessera.store
// CHECK-NEXT: tessera.dma_start
func.func @pure_op_between(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %a: !tile, %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %v : !tile, !rows0
  %b = arith.addf %a, %a : !tile
  tessera.store %b, %v : !tile, !rows0
  tessera.dma_start %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Two DMAs on one semaphore: the first wait may have taken the other copy's
// bytes, so the copy out of %o may still be reading it until the second
// wait. The store between the waits is read; the one after both is not.

// CHECK-LABEL: func.func @shared_semaphore
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[C:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.dma_wait
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.store %[[C]]
// CHECK-NEXT: tessera.dma_start
func.func @shared_semaphore(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem, %a: !tile, %b: !tile, %c: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.store %a, %v : !tile, !rows0
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  tessera.store %b, %v : !tile, !rows0
  tessera.store %c, %v : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

// -----

// Packed bf16 tiles: a 16x128 store is overwritten only by a store covering
// its 16 rows; a store to the other 16 rows leaves it live.

!hbm = memref<32x128xbf16, #tessera.memory_space<any>>
!vmem = memref<32x128xbf16, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<16x128xbf16, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<16x128xbf16, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!rows16 = memref<16x128xbf16, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
!tile = vector<16x128xbf16>

// CHECK-LABEL: func.func @bf16_overwritten
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<16x128xbf16>, %[[Z:[a-z0-9]+]]: vector<16x128xbf16>
// CHECK: %[[V0:.*]] = tessera.view %{{.*}} [0, 0] [16, 128]
// CHECK-NEXT: %[[V8:.*]] = tessera.view %{{.*}} [8, 0] [16, 128]
// CHECK-NEXT: tessera.store %[[Y]], %[[V8]]
// CHECK-NEXT: %[[V16:.*]] = tessera.view %{{.*}} [16, 0] [16, 128]
// CHECK-NEXT: tessera.store %[[Z]], %[[V16]]
// CHECK-NEXT: tessera.store %[[Z]], %[[V0]]
// CHECK-NEXT: tessera.dma_start
func.func @bf16_overwritten(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %y: !tile, %z: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v0 = tessera.view %o[0, 0] [16, 128] : !vmem to !rows0
  tessera.store %y, %v0 : !tile, !rows0
  %v8 = tessera.view %o[8, 0] [16, 128] : !vmem to !rows8
  tessera.store %y, %v8 : !tile, !rows8
  %v16 = tessera.view %o[16, 0] [16, 128] : !vmem to !rows16
  tessera.store %z, %v16 : !tile, !rows16
  tessera.store %z, %v0 : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

// -----

!hbm = memref<32x128xf32, #tessera.memory_space<any>>
!vmem = memref<32x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!rows12 = memref<8x128xf32, strided<[128, 1], offset: 1536>, #tessera.memory_space<vmem>>
!rows16 = memref<8x128xf32, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
!half = memref<16x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!pair = vector<16x128xf32>

// Windows of several extents on one buffer (the pass finds the events that
// may decide a store by their rows, per extent): a 16-row store covers the
// 8-row tile stores before it; the store to rows 8-15 stays, since rows
// 12-19 are loaded in between, and the store to rows 0-7 goes.

// CHECK-LABEL: func.func @extents
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>, %[[Z:[a-z0-9]+]]: vector<16x128xf32>
// CHECK-NOT: tessera.store %[[Y]], %{{[0-9]+}} : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>,
// CHECK: tessera.store %[[Y]], %{{[0-9]+}} : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 1024>
// CHECK-NEXT: tessera.load
// CHECK-NEXT: tessera.store %[[Z]]
// CHECK-NEXT: tessera.store %[[Y]]
// CHECK-NEXT: tessera.dma_start
func.func @extents(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %y: !tile, %z: !pair) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v0 = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  %v8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  %v12 = tessera.view %o[12, 0] [8, 128] : !vmem to !rows12
  %v16 = tessera.view %o[16, 0] [8, 128] : !vmem to !rows16
  %h = tessera.view %o[0, 0] [16, 128] : !vmem to !half
  tessera.store %y, %v0 : !tile, !rows0
  tessera.store %y, %v8 : !tile, !rows8
  %r = tessera.load %v12 : !rows12 -> !tile
  tessera.store %z, %h : !pair, !half
  tessera.store %y, %v16 : !tile, !rows16
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return %r : !tile
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!mask = vector<8x128xi1>

// A masked store is dead as a store is: into scratch nothing reads after
// it (s), or overwritten by a whole store before anything reads it (the
// first one into o), with the compare that made its mask. A masked store
// covers nothing: the plain store into o before the second masked one
// stays, since the DMA out reads the lanes the mask leaves.

// CHECK-LABEL: func.func @masked
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>, %[[M:[a-z0-9]+]]: vector<8x128xi1>
// CHECK-NOT:  arith.cmpf
// CHECK:      %[[V:.*]] = tessera.view %{{.*}} [0, 0] [8, 128]
// CHECK-NEXT: tessera.store %[[Y]], %[[V]]
// CHECK-NEXT: tessera.masked_store %[[Y]], %[[M]], %[[V]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NOT:  tessera.masked_store
// CHECK:      return
func.func @masked(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %s: !vmem, %sem: !sem, %y: !tile, %m: !mask)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c = arith.cmpf ogt, %y, %y : !tile
  %sv = tessera.view %s[0, 0] [8, 128] : !vmem to !rows0
  tessera.masked_store %y, %c, %sv : !tile, !mask, !rows0
  %v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  tessera.masked_store %y, %c, %v : !tile, !mask, !rows0
  tessera.store %y, %v : !tile, !rows0
  tessera.masked_store %y, %m, %v : !tile, !mask, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}
