
// The compiler's whole kernel pipeline on a kernel with a grid loop, as the
// front end emits it: f32[64,128] in blocks of 16 rows, the input double
// buffered (the next block is fetched into the other slot while this one is
// computed), the output block written back each step.
//
//   y = x_blk * x_blk;  o_blk = y;  o_blk = y + x_blk
//
// After it: each array is two tiles; x_blk is loaded once per tile (the
// second read reuses it, in every iteration: the wait completes the fetch
// of this slot, and the fetch in flight writes the other one); the first
// store to o_blk is dead; every DMA, in the loop and in the branch, is
// bounds-checked right before it; both elements of the semaphore array and
// the output semaphore are checked before the return.

!x_hbm = memref<64x128xf32, #tessera.memory_space<any>>
!blk_hbm = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!xbuf = memref<32x128xf32, #tessera.memory_space<vmem>>
!blk = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
!obuf = memref<16x128xf32, #tessera.memory_space<vmem>>
!sems = memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!one = memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// CHECK-LABEL: func.func @pipelined_square
// CHECK:       tessera.bounds_check
// CHECK-NEXT:  tessera.bounds_check
// CHECK-NEXT:  tessera.dma_start
// CHECK:       scf.for
// CHECK:         scf.if
// CHECK-NEXT:      tessera.bounds_check %{{.*}} {dma = "dma.hbm_to_vmem"}
// CHECK-NEXT:      tessera.bounds_check %{{.*}} {dma = "dma.hbm_to_vmem"}
// CHECK-NEXT:      tessera.dma_start
// CHECK-NEXT:    }
// CHECK:         tessera.dma_wait
// CHECK-NEXT:    %[[V0:.*]] = tessera.view %[[BLK:.*]] [0, 0] [8, 128]
// CHECK-NEXT:    %[[X0:.*]] = tessera.load %[[V0]]
// CHECK-NEXT:    %[[V1:.*]] = tessera.view %[[BLK]] [8, 0] [8, 128]
// CHECK-NEXT:    %[[X1:.*]] = tessera.load %[[V1]]
// CHECK-NEXT:    %[[Y0:.*]] = arith.mulf %[[X0]], %[[X0]] : vector<8x128xf32>
// CHECK-NEXT:    %[[Y1:.*]] = arith.mulf %[[X1]], %[[X1]] : vector<8x128xf32>
// CHECK-NEXT:    %[[Z0:.*]] = arith.addf %[[Y0]], %[[X0]] : vector<8x128xf32>
// CHECK-NEXT:    %[[Z1:.*]] = arith.addf %[[Y1]], %[[X1]] : vector<8x128xf32>
// CHECK-NEXT:    %[[O0:.*]] = tessera.view %{{.*}} [0, 0] [8, 128]
// CHECK-NEXT:    tessera.store %[[Z0]], %[[O0]]
// CHECK-NEXT:    %[[O1:.*]] = tessera.view %{{.*}} [8, 0] [8, 128]
// CHECK-NEXT:    tessera.store %[[Z1]], %[[O1]]
// CHECK:         tessera.bounds_check %{{.*}} {dma = "dma.vmem_to_hbm"}
// CHECK-NEXT:    tessera.bounds_check %{{.*}} {dma = "dma.vmem_to_hbm"}
// CHECK-NEXT:    tessera.dma_start
// CHECK-NEXT:    tessera.dma_wait
// CHECK-NEXT:  }
// CHECK:       tessera.semaphore_check %{{.*}} {scratch_index = 2 : i64}
// CHECK:       tessera.semaphore_check %{{.*}} {scratch_index = 2 : i64}
// CHECK-NEXT:  tessera.semaphore_check %{{.*}} {scratch_index = 3 : i64}
// CHECK-NEXT:  return
// CHECK-NOT:   vector<16x128xf32>

// Without the optimizations: four loads and four stores per iteration, no checks.
// NOOPT-LABEL: func.func @pipelined_square
// NOOPT:       scf.for
// NOOPT-COUNT-4: tessera.load
// NOOPT-COUNT-4: tessera.store
// NOOPT-NOT:   tessera.load
// NOOPT-NOT:   tessera.bounds_check
// NOOPT-NOT:   tessera.semaphore_check
func.func @pipelined_square(%x_hbm: !x_hbm, %o_hbm: !x_hbm, %xbuf: !xbuf, %obuf: !obuf, %sems: !sems, %osem: !sem)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c16 = arith.constant 16 : i32
  %z = arith.constant 0 : index
  %h0 = tessera.view %x_hbm[%z, 0] [16, 128] : !x_hbm to !blk_hbm
  %b0 = tessera.view %xbuf[%z, 0] [16, 128] : !xbuf to !blk
  %s0 = tessera.view %sems[%z] [1] : !sems to !one
  tessera.dma_start %h0, %b0, %s0 : !blk_hbm, !blk, !one
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %slot = arith.remsi %i, %c2 : i32
    %i1 = arith.addi %i, %c1 : i32
    %next = arith.remsi %i1, %c2 : i32
    %more = arith.cmpi slt, %i1, %c4 : i32
    %hn32 = arith.muli %i1, %c16 : i32
    %hn = arith.index_cast %hn32 : i32 to index
    %bn32 = arith.muli %next, %c16 : i32
    %bn8 = tessera.multiple_of %bn32, 8 : i32
    %bn = arith.index_cast %bn8 : i32 to index
    %sn = arith.index_cast %next : i32 to index
    %hnv = tessera.view %x_hbm[%hn, 0] [16, 128] : !x_hbm to !blk_hbm
    %bnv = tessera.view %xbuf[%bn, 0] [16, 128] : !xbuf to !blk
    %snv = tessera.view %sems[%sn] [1] : !sems to !one
    scf.if %more {
      tessera.dma_start %hnv, %bnv, %snv : !blk_hbm, !blk, !one
    }
    %hc32 = arith.muli %i, %c16 : i32
    %hc = arith.index_cast %hc32 : i32 to index
    %bc32 = arith.muli %slot, %c16 : i32
    %bc8 = tessera.multiple_of %bc32, 8 : i32
    %bc = arith.index_cast %bc8 : i32 to index
    %sc = arith.index_cast %slot : i32 to index
    %hcv = tessera.view %x_hbm[%hc, 0] [16, 128] : !x_hbm to !blk_hbm
    %bcv = tessera.view %xbuf[%bc, 0] [16, 128] : !xbuf to !blk
    %scv = tessera.view %sems[%sc] [1] : !sems to !one
    tessera.dma_wait %hcv, %bcv, %scv : !blk_hbm, !blk, !one
    %a = tessera.load %bcv : !blk -> vector<16x128xf32>
    %b = tessera.load %bcv : !blk -> vector<16x128xf32>
    %y = arith.mulf %a, %b : vector<16x128xf32>
    tessera.store %y, %obuf : vector<16x128xf32>, !obuf
    %w = arith.addf %y, %a : vector<16x128xf32>
    tessera.store %w, %obuf : vector<16x128xf32>, !obuf
    %ov = tessera.view %o_hbm[%hc, 0] [16, 128] : !x_hbm to !blk_hbm
    tessera.dma_start %obuf, %ov, %osem : !obuf, !blk_hbm, !sem
    tessera.dma_wait %obuf, %ov, %osem : !obuf, !blk_hbm, !sem
  }
  return
}
