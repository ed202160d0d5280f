
!hbm = memref<64x128xf32, #tessera.memory_space<any>>
!hwin = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!buf = memref<16x128xf32, #tessera.memory_space<vmem>>
!slot = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
!out = memref<8x128xf32, #tessera.memory_space<vmem>>
!sems = memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!sem = memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
!tile = vector<8x128xf32>

// Double buffering with a slot carried by the loop: the next block is
// started into the other slot (in an scf.if), then the current one is
// waited for. In iteration i the wait completes what iteration i - 1
// started (and, in iteration 0, what the prologue started), and the copy
// in flight writes the other slot: the repeated load is reused.

// CHECK-LABEL: func.func @pipeline_carried_slot
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tessera.dma_start
// CHECK: }
// CHECK: tessera.dma_wait
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT: tessera.store %[[S]]
func.func @pipeline_carried_slot(%x_hbm: !hbm, %o_hbm: !hbm, %buf: !buf, %out: !out, %sems: !sems, %n: i32)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %z = arith.constant 0 : index
  %h0 = tessera.view %x_hbm[%z, 0] [8, 128] : !hbm to !hwin
  %b0 = tessera.view %buf[%z, 0] [8, 128] : !buf to !slot
  %s0 = tessera.view %sems[%z] [1] : !sems to !sem
  tessera.dma_start %h0, %b0, %s0 : !hwin, !slot, !sem
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%slot = %c0) -> (i32) : i32 {
    %next = arith.subi %c1, %slot : i32
    %i1 = arith.addi %i, %c1 : i32
    %more = arith.cmpi slt, %i1, %n : i32
    %hn32 = arith.muli %i1, %c8 : i32
    %hn = arith.index_cast %hn32 : i32 to index
    %bn32 = arith.muli %next, %c8 : i32
    %bn = arith.index_cast %bn32 : i32 to index
    %sn = arith.index_cast %next : i32 to index
    %hnv = tessera.view %x_hbm[%hn, 0] [8, 128] : !hbm to !hwin
    %bnv = tessera.view %buf[%bn, 0] [8, 128] : !buf to !slot
    %snv = tessera.view %sems[%sn] [1] : !sems to !sem
    scf.if %more {
      tessera.dma_start %hnv, %bnv, %snv : !hwin, !slot, !sem
    }
    %hc32 = arith.muli %i, %c8 : i32
    %hc = arith.index_cast %hc32 : i32 to index
    %bc32 = arith.muli %slot, %c8 : i32
    %bc = arith.index_cast %bc32 : i32 to index
    %sc = arith.index_cast %slot : i32 to index
    %hcv = tessera.view %x_hbm[%hc, 0] [8, 128] : !hbm to !hwin
    %bcv = tessera.view %buf[%bc, 0] [8, 128] : !buf to !slot
    %scv = tessera.view %sems[%sc] [1] : !sems to !sem
    tessera.dma_wait %hcv, %bcv, %scv : !hwin, !slot, !sem
    %a = tessera.load %bcv : !slot -> !tile
    %b = tessera.load %bcv : !slot -> !tile
    %s = arith.addf %a, %b : !tile
    tessera.store %s, %out : !tile, !out
    scf.yield %next : i32
  }
  return
}

