// RUN: tessera-opt %s -split-input-file -tessera-eliminate-dead-stores | FileCheck %s

// Dead-store elimination around scf.for / scf.if. Kernels here: arguments
// are x_hbm (input), o_hbm (output), then scratch.

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store in a loop body that the next iteration reads is kept, although
// nothing reads the scratch buffer after the loop. A store overwritten in
// the same iteration before anything reads it goes.

// CHECK-LABEL: func.func @store_read_by_next_iteration
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: scf.for
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = arith.addf %[[A]], %[[Y]]
// CHECK-NOT: tessera.store %[[Y]]
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @store_read_by_next_iteration(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %n: i32, %y: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tv = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = tessera.load %tv : !rows0 -> !tile
    %b = arith.addf %a, %y : !tile
    tessera.store %y, %tv : !tile, !rows0
    tessera.store %b, %tv : !tile, !rows0
  }
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store before an scf.if whose branch reads it is kept, although a later
// store overwrites it. When the branch reads another buffer, it goes. (The
// branches' stores are read by the copy out of u at the end.)

// CHECK-LABEL: func.func @store_read_in_branch
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]], %[[T:[0-9]+]]
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.load %[[T]]
// CHECK: }
// CHECK-NOT: tessera.store %[[B]]
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: tessera.load
// CHECK-NOT: tessera.store %[[B]]
// CHECK: tessera.store %[[A]], %[[T]]
// CHECK-NEXT: tessera.dma_start
func.func @store_read_in_branch(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %c: i1, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %tv = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %uv = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  %uv8 = tessera.view %u[8, 0] [8, 128] : !vmem to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
  tessera.store %a, %tv : !tile, !rows0
  scf.if %c {
    %r = tessera.load %tv : !rows0 -> !tile
    tessera.store %r, %uv8 : !tile, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
  }
  tessera.store %b, %tv : !tile, !rows0
  scf.if %c {
    %r = tessera.load %uv : !rows0 -> !tile
    tessera.store %r, %uv8 : !tile, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
  }
  tessera.store %a, %tv : !tile, !rows0
  tessera.dma_start %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_start %u, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %u, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store in a branch may not run: the store before the scf.if stays. A
// store in a loop body does not end the kernel: it stays too.

// CHECK-LABEL: func.func @branch_store_covers_nothing
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]]
// CHECK-NEXT: scf.if
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: }
// CHECK-NEXT: tessera.dma_start
func.func @branch_store_covers_nothing(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %s: !vmem, %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %c: i1, %n: i32, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tv = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %sv = tessera.view %s[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %tv : !tile, !rows0
  scf.if %c {
    tessera.store %b, %tv : !tile, !rows0
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    tessera.store %b, %sv : !tile, !rows0
  }
  tessera.dma_start %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

!hbm = memref<64x128xf32, #tessera.memory_space<any>>
!hwin = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!buf = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!tile = vector<8x128xf32>

// A copy out of the buffer started in one iteration and waited in the next,
// in a branch (the first iteration has nothing to wait for): the wait may
// not run, so the copy may read the buffer throughout the next iteration.
// A store there covers nothing: both stores before the start stay, and the
// store after it is read by the copy.

// CHECK-LABEL: func.func @wait_in_branch_completes_nothing
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tessera.dma_wait
// CHECK-NEXT: }
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: tessera.store %[[B]]
// CHECK: tessera.dma_start
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: }
func.func @wait_in_branch_completes_nothing(%x_hbm: !hbm, %o_hbm: !hbm, %buf: !buf, %sem: !sem, %n: i32, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %notFirst = arith.cmpi sgt, %i, %c0 : i32
    scf.if %notFirst {
      %p = arith.subi %i, %c1 : i32
      %p8 = arith.muli %p, %c8 : i32
      %pi = arith.index_cast %p8 : i32 to index
      %pw = tessera.view %o_hbm[%pi, 0] [8, 128] : !hbm to !hwin
      tessera.dma_wait %buf, %pw, %sem : !buf, !hwin, !sem
    }
    tessera.store %a, %buf : !tile, !buf
    tessera.store %b, %buf : !tile, !buf
    %r8 = arith.muli %i, %c8 : i32
    %ri = arith.index_cast %r8 : i32 to index
    %w = tessera.view %o_hbm[%ri, 0] [8, 128] : !hbm to !hwin
    tessera.dma_start %buf, %w, %sem : !buf, !hwin, !sem
    tessera.store %a, %buf : !tile, !buf
  }
  return
}

// -----

!hbm = memref<64x128xf32, #tessera.memory_space<any>>
!hwin = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!buf = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!tile = vector<8x128xf32>

// The copy out waited in the same iteration: the store overwritten before
// the start goes; the one after the wait is read by the next iteration
// (nothing after the loop reads the scratch buffer, but the body's next
// run does not see it as dead either: the end of a loop body is not the
// end of the kernel).

// CHECK-LABEL: func.func @copy_out_each_iteration
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: scf.for
// CHECK-NOT: tessera.store %[[A]]
// CHECK: tessera.store %[[B]]
// CHECK-NEXT: tessera.view
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: }
func.func @copy_out_each_iteration(%x_hbm: !hbm, %o_hbm: !hbm, %buf: !buf, %sem: !sem, %n: i32, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %r8 = arith.muli %i, %c8 : i32
    %ri = arith.index_cast %r8 : i32 to index
    tessera.store %a, %buf : !tile, !buf
    tessera.store %b, %buf : !tile, !buf
    %w = tessera.view %o_hbm[%ri, 0] [8, 128] : !hbm to !hwin
    tessera.dma_start %buf, %w, %sem : !buf, !hwin, !sem
    tessera.dma_wait %buf, %w, %sem : !buf, !hwin, !sem
    tessera.store %a, %buf : !tile, !buf
  }
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A branch continues with the rest of its block: a store in it that the
// block overwrites after the branch, before anything reads it, is dead (in
// a loop body too: the overwrite is in the same iteration). One read after
// the branch (rows 8) keeps that store; a store the block overwrites only
// in a later branch (which may not run) stays.

// CHECK-LABEL: func.func @branch_store_overwritten_after
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: scf.for
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.store %[[A]], %[[R8:[0-9]+]]
// CHECK-NEXT: tessera.store %[[A]], %[[U0:[0-9]+]]
// CHECK-NEXT: }
// CHECK-NEXT: tessera.load %[[R8]]
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.store %[[B]], %[[U0]]
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @branch_store_overwritten_after(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %n: i32, %c: i1, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %t8 = tessera.view %t[8, 0] [8, 128] : !vmem to !rows8
  %u0 = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.if %c {
      tessera.store %a, %t0 : !tile, !rows0
      tessera.store %a, %t8 : !tile, !rows8
      tessera.store %a, %u0 : !tile, !rows0
    }
    %r = tessera.load %t8 : !rows8 -> !tile
    tessera.store %b, %t0 : !tile, !rows0
    tessera.store %b, %t8 : !tile, !rows8
    scf.if %c {
      tessera.store %b, %u0 : !tile, !rows0
    }
  }
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store in a branch while a copy out of the buffer, started before the
// branch and waited after the overwrite, may read it: kept. The store in
// the branch of the entry block whose buffer the kernel's end overwrites
// (scratch, nothing reads it after the kernel) goes.

// CHECK-LABEL: func.func @branch_store_read_by_dma
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.dma_start
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: }
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @branch_store_read_by_dma(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %sem: !sem, %c: i1, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %u0 = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  tessera.dma_start %t, %o_hbm, %sem : !vmem, !hbm, !sem
  scf.if %c {
    tessera.store %a, %t0 : !tile, !rows0
  }
  tessera.store %b, %t0 : !tile, !rows0
  tessera.dma_wait %t, %o_hbm, %sem : !vmem, !hbm, !sem
  scf.if %c {
    tessera.store %a, %u0 : !tile, !rows0
  }
  return
}
