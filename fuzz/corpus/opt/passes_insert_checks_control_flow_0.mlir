
!hbm = memref<64x128xf32, #tessera.memory_space<any>>
!win = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// A DMA in a loop, in a branch, with a window computed from the induction
// variable: checked right before it, each time it runs, with the window's
// own values. Scalar arguments (index, i32) are not Refs and need nothing.

// CHECK-LABEL: func.func @checks_in_loop
// CHECK:       scf.for %[[I:.*]] = {{.*}} : i32 {
// CHECK:         %[[ROW:.*]] = arith.index_cast
// CHECK-NEXT:    %[[W:.*]] = tessera.view %{{.*}} [%[[ROW]], 0] [8, 128]
// CHECK-NEXT:    tessera.bounds_check %[[W]] {dma = "dma.hbm_to_vmem"} : memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
// CHECK-NEXT:    tessera.bounds_check %[[V:.*]] {dma = "dma.hbm_to_vmem"}
// CHECK-NEXT:    tessera.dma_start %[[W]], %[[V]]
// CHECK-NEXT:    tessera.dma_wait
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      tessera.bounds_check %[[V]] {dma = "dma.vmem_to_hbm"}
// CHECK-NEXT:      tessera.bounds_check %[[W]] {dma = "dma.vmem_to_hbm"}
// CHECK-NEXT:      tessera.dma_start %[[V]], %[[W]]
// CHECK:       }
// CHECK:       tessera.semaphore_check %{{.*}} {scratch_index = 1 : i64}
// CHECK-NEXT:  return
// NOSEMS-LABEL: func.func @checks_in_loop
// NOSEMS-COUNT-4: tessera.bounds_check
// NOSEMS-NOT:   tessera.semaphore_check
func.func @checks_in_loop(%x: !hbm, %o: !hbm, %v: !vmem, %s: !sem, %n: i32, %k: index, %c: i1)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %r = arith.muli %i, %c8 : i32
    %row = arith.index_cast %r : i32 to index
    %w = tessera.view %x[%row, 0] [8, 128] : !hbm to !win
    tessera.dma_start %w, %v, %s : !win, !vmem, !sem
    tessera.dma_wait %w, %v, %s : !win, !vmem, !sem
    scf.if %c {
      tessera.dma_start %v, %w, %s : !vmem, !win, !sem
      tessera.dma_wait %v, %w, %s : !vmem, !win, !sem
    }
  }
  return
}

