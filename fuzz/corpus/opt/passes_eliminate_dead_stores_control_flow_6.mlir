
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store in a branch while a copy out of the buffer, started before the
// branch and waited after the overwrite, may read it: kept. The store in
// the branch of the entry block whose buffer the kernel's end overwrites
// (scratch, nothing reads it after the kernel) goes.

// CHECK-LABEL: func.func @branch_store_read_by_dma
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.dma_start
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: }
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: tessera.dma_wait
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @branch_store_read_by_dma(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %sem: !sem, %c: i1, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %u0 = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  tessera.dma_start %t, %o_hbm, %sem : !vmem, !hbm, !sem
  scf.if %c {
    tessera.store %a, %t0 : !tile, !rows0
  }
  tessera.store %b, %t0 : !tile, !rows0
  tessera.dma_wait %t, %o_hbm, %sem : !vmem, !hbm, !sem
  scf.if %c {
    tessera.store %a, %u0 : !tile, !rows0
  }
  return
}
