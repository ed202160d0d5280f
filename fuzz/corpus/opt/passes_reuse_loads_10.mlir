
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// An op we cannot see into may write anything, and may leave a DMA running
// for the rest of the kernel; pure arithmetic is no obstacle.

// CHECK-LABEL: func.func @unknown_op
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: "test.unknown"()
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: %[[C:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[A]], %[[B]], %[[C]]
func.func @unknown_op(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %m = arith.mulf %a, %a : !tile
  %b = tessera.load %v : !rows0 -> !tile
  "test.unknown"() : () -> ()
  %c = tessera.load %v : !rows0 -> !tile
  %d = tessera.load %v : !rows0 -> !tile
  return %a, %b, %c, %d : !tile, !tile, !tile, !tile
}

