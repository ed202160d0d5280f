
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

