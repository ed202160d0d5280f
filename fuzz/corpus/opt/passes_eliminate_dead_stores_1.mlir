
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows4 = memref<8x128xf32, strided<[128, 1], offset: 512>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A load of part of the window in between keeps the store; a load of
// another window does not.

// CHECK-LABEL: func.func @loads_in_between
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>, %[[Z:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[Y]], %[[V0:[0-9]+]]
// CHECK-NEXT: tessera.load
// CHECK-NEXT: tessera.load
// CHECK-NEXT: tessera.store %[[Y]], %[[V0]]
// CHECK-NEXT: tessera.dma_start
// CHECK-NOT: tessera.store
// CHECK: return
func.func @loads_in_between(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %y: !tile, %z: !tile) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v0 = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  %v4 = tessera.view %o[4, 0] [8, 128] : !vmem to !rows4
  %v8 = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %y, %v0 : !tile, !rows0
  // Rows 4-11 read rows 4-7 of the store above.
  %a = tessera.load %v4 : !rows4 -> !tile
  tessera.store %z, %v0 : !tile, !rows0
  // Rows 8-15: not this window, so the store above is dead.
  %b = tessera.load %v8 : !rows8 -> !tile
  tessera.store %y, %v0 : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return %a, %b : !tile, !tile
}

