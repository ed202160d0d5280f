
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

