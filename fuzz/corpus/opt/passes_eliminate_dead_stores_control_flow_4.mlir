
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

