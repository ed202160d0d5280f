
// Once the second load is the first one's value, what was computed from
// each (the parts of a HIGHEST dot's operands) is computed once. Views and
// computations that do not depend on the reused load stay.

!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// CHECK-LABEL: func.func @merge_computations
// CHECK-SAME: %[[T:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[R:.*]] = tessera.round_bf16 %[[A]]
// CHECK-NEXT: %[[S:.*]] = arith.subf %[[A]], %[[R]]
// CHECK-NEXT: %[[U:.*]] = tessera.round_bf16 %[[T]]
// CHECK-NEXT: %[[V:.*]] = tessera.round_bf16 %[[T]]
// CHECK-NEXT: return %[[S]], %[[S]], %[[U]], %[[V]]
func.func @merge_computations(%x: !vmem, %t: !tile) -> (!tile, !tile, !tile, !tile) {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %ra = tessera.round_bf16 %a : !tile
  %sa = arith.subf %a, %ra : !tile
  %b = tessera.load %v : !rows0 -> !tile
  %rb = tessera.round_bf16 %b : !tile
  %sb = arith.subf %b, %rb : !tile
  %u = tessera.round_bf16 %t : !tile
  %w = tessera.round_bf16 %t : !tile
  return %sa, %sb, %u, %w : !tile, !tile, !tile, !tile
}

