
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A DMA into the buffer started before the loop and waited after it is in
// flight throughout the body: nothing loaded from it there is reused. A
// DMA started in a branch and waited after it completes at that wait.

// CHECK-LABEL: func.func @dma_across_regions
// CHECK: tessera.dma_start
// CHECK: scf.for
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: arith.addf %[[A]], %[[B]]
// CHECK: tessera.dma_wait
// CHECK: scf.if
// CHECK-NEXT: tessera.dma_start
// CHECK-NEXT: }
// CHECK-NEXT: %[[C:.*]] = tessera.load
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: %[[D:.*]] = tessera.load
// CHECK-NEXT: return %[[C]], %[[D]], %[[D]]
func.func @dma_across_regions(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !vmem, %sem: !sem, %n: i32, %c: i1) -> (!tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %w = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = tessera.load %v : !rows0 -> !tile
    %b = tessera.load %v : !rows0 -> !tile
    %s = arith.addf %a, %b : !tile
    tessera.store %s, %w : !tile, !rows0
  }
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  scf.if %c {
    tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  }
  %cc = tessera.load %v : !rows0 -> !tile
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %d = tessera.load %v : !rows0 -> !tile
  %e = tessera.load %v : !rows0 -> !tile
  return %cc, %d, %e : !tile, !tile, !tile
}

