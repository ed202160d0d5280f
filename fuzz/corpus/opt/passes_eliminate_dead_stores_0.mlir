
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

