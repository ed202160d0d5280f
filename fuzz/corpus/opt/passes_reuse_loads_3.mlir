
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows4 = memref<8x128xf32, strided<[128, 1], offset: 512>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store to rows 4-11 overlaps rows 8-15: load again (and the stored value
// is not forwarded: the windows differ). The load after that is reused.

// CHECK-LABEL: func.func @no_reuse_across_overlapping_store
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: tessera.view
// CHECK-NEXT: tessera.store
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[B]], %[[B]]
func.func @no_reuse_across_overlapping_store(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %y: !tile) -> (!tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[8, 0] [8, 128] : !vmem to !rows8
  %a = tessera.load %v : !rows8 -> !tile
  %w = tessera.view %x[4, 0] [8, 128] : !vmem to !rows4
  tessera.store %y, %w : !tile, !rows4
  %b = tessera.load %v : !rows8 -> !tile
  %c = tessera.load %v : !rows8 -> !tile
  return %a, %b, %c : !tile, !tile, !tile
}

