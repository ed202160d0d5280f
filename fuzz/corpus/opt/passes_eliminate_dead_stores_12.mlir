
// Packed bf16 tiles: a 16x128 store is overwritten only by a store covering
// its 16 rows; a store to the other 16 rows leaves it live.

!hbm = memref<32x128xbf16, #tessera.memory_space<any>>
!vmem = memref<32x128xbf16, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<16x128xbf16, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<16x128xbf16, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!rows16 = memref<16x128xbf16, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
!tile = vector<16x128xbf16>

// CHECK-LABEL: func.func @bf16_overwritten
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<16x128xbf16>, %[[Z:[a-z0-9]+]]: vector<16x128xbf16>
// CHECK: %[[V0:.*]] = tessera.view %{{.*}} [0, 0] [16, 128]
// CHECK-NEXT: %[[V8:.*]] = tessera.view %{{.*}} [8, 0] [16, 128]
// CHECK-NEXT: tessera.store %[[Y]], %[[V8]]
// CHECK-NEXT: %[[V16:.*]] = tessera.view %{{.*}} [16, 0] [16, 128]
// CHECK-NEXT: tessera.store %[[Z]], %[[V16]]
// CHECK-NEXT: tessera.store %[[Z]], %[[V0]]
// CHECK-NEXT: tessera.dma_start
func.func @bf16_overwritten(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %sem: !sem, %y: !tile, %z: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v0 = tessera.view %o[0, 0] [16, 128] : !vmem to !rows0
  tessera.store %y, %v0 : !tile, !rows0
  %v8 = tessera.view %o[8, 0] [16, 128] : !vmem to !rows8
  tessera.store %y, %v8 : !tile, !rows8
  %v16 = tessera.view %o[16, 0] [16, 128] : !vmem to !rows16
  tessera.store %z, %v16 : !tile, !rows16
  tessera.store %z, %v0 : !tile, !rows0
  tessera.dma_start %o, %o_hbm, %sem : !vmem, !hbm, !sem
  tessera.dma_wait %o, %o_hbm, %sem : !vmem, !hbm, !sem
  return
}

