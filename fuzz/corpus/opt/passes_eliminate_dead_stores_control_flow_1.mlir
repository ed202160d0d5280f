
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store before an scf.if whose branch reads it is kept, although a later
// store overwrites it. When the branch reads another buffer, it goes. (The
// branches' stores are read by the copy out of u at the end.)

// CHECK-LABEL: func.func @store_read_in_branch
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]], %[[T:[0-9]+]]
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.load %[[T]]
// CHECK: }
// CHECK-NOT: tessera.store %[[B]]
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: tessera.load
// CHECK-NOT: tessera.store %[[B]]
// CHECK: tessera.store %[[A]], %[[T]]
// CHECK-NEXT: tessera.dma_start
func.func @store_read_in_branch(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %c: i1, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %tv = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %uv = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  %uv8 = tessera.view %u[8, 0] [8, 128] : !vmem to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
  tessera.store %a, %tv : !tile, !rows0
  scf.if %c {
    %r = tessera.load %tv : !rows0 -> !tile
    tessera.store %r, %uv8 : !tile, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
  }
  tessera.store %b, %tv : !tile, !rows0
  scf.if %c {
    %r = tessera.load %uv : !rows0 -> !tile
    tessera.store %r, %uv8 : !tile, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
  }
  tessera.store %a, %tv : !tile, !rows0
  tessera.dma_start %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_start %u, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %u, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

