
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// An op we cannot see into may read anything, and may have started a DMA
// that reads until the end: every store stays. Pure arithmetic between two
// stores does not read.

// CHECK-LABEL: func.func @unknown_op
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: tessera.store %[[A]]
// CHECK-NEXT: "test.unknown"()
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: tessera.store %[[A]]
// CHECK-NEXT: return
func.func @unknown_op(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %v : !tile, !rows0
  "test.unknown"() : () -> ()
  tessera.store %b, %v : !tile, !rows0
  tessera.store %a, %v : !tile, !rows0
  return
}

// CHECK-LABEL: func.func @pure_op_between
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>
// CHECK-NEXT: tessera.view
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tessera.store
// CHECK-NEXT: tessera.dma_start
func.func @pure_op_between(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %a: !tile, %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %v : !tile, !rows0
  %b = arith.addf %a, %a : !tile
  tessera.store %b, %v : !tile, !rows0
  tessera.dma_start %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %t, %o_hbm, %sem : !vmem, !hbm, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

