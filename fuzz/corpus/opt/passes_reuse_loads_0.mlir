
// Kernels here: arguments are x_hbm (input), o_hbm (output), then scratch.

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// The same window loaded twice: the second load is the first value, and its
// view goes with it.

// CHECK-LABEL: func.func @same_window
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>
// CHECK: %[[V:.*]] = tessera.view %[[X]] [8, 0] [8, 128]
// CHECK-NEXT: %[[A:.*]] = tessera.load %[[V]]
// CHECK-NEXT: arith.addf %[[A]], %[[A]]
// CHECK-NOT: tessera.view
// CHECK-NOT: tessera.load
// CHECK: return
func.func @same_window(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  %v2 = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %b = tessera.load %v2 : !rows8 -> !tile
  %s = arith.addf %a, %b : !tile
  return %s : !tile
}

