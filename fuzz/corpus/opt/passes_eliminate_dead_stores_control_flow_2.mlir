
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store in a branch may not run: the store before the scf.if stays. A
// store in a loop body does not end the kernel: it stays too.

// CHECK-LABEL: func.func @branch_store_covers_nothing
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]]
// CHECK-NEXT: scf.if
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: }
// CHECK-NEXT: tessera.dma_start
func.func @branch_store_covers_nothing(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %s: !vmem, %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %c: i1, %n: i32, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tv = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %sv = tessera.view %s[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %tv : !tile, !rows0
  scf.if %c {
    tessera.store %b, %tv : !tile, !rows0
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    tessera.store %b, %sv : !tile, !rows0
  }
  tessera.dma_start %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

