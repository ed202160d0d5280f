
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!win = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// One check per DMA endpoint, named by the DMA's kind; one semaphore check
// per scratch semaphore, numbered among the scratch arguments.
// BOUNDS-LABEL: func.func @seed
// NOBOUNDS-LABEL: func.func @seed
// BOUNDS:        %[[W:.*]] = tessera.view
// BOUNDS-NEXT:   tessera.bounds_check %[[W]] {dma = "dma.hbm_to_vmem"}
// BOUNDS-NEXT:   tessera.bounds_check %arg3 {dma = "dma.hbm_to_vmem"}
// BOUNDS-NEXT:   tessera.dma_start %[[W]], %arg3, %arg4
// BOUNDS:        tessera.bounds_check %arg3 {dma = "dma.vmem_to_hbm"}
// BOUNDS-NEXT:   tessera.bounds_check %arg2 {dma = "dma.vmem_to_hbm"}
// BOUNDS-NEXT:   tessera.dma_start %arg3, %arg2, %arg4
// NOBOUNDS-NOT:  tessera.bounds_check
// SEMS:          tessera.semaphore_check %arg4 {scratch_index = 1 : i64}
// SEMS-NEXT:     return
// NOSEMS-NOT:    tessera.semaphore_check
func.func @seed(%off: index, %x: !hbm, %o: memref<8x128xf32, #tessera.memory_space<any>>, %v: !vmem, %s: !sem)
    attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64} {
  %w = tessera.view %x[%off, 0] [8, 128] : !hbm to !win
  tessera.dma_start %w, %v, %s : !win, !vmem, !sem
  tessera.dma_wait %w, %v, %s : !win, !vmem, !sem
  tessera.dma_start %v, %o, %s : !vmem, memref<8x128xf32, #tessera.memory_space<any>>, !sem
  tessera.dma_wait %v, %o, %s : !vmem, memref<8x128xf32, #tessera.memory_space<any>>, !sem
  return
}

