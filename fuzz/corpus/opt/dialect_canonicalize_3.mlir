
// A second rounding or unpack of the same value in a block is the first.

// CHECK-LABEL: func.func @repeated
// CHECK-SAME: (%[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[P:[a-z0-9]+]]: vector<16x128xbf16>)
// CHECK-NEXT: %[[R:.*]] = tessera.round_bf16 %[[A]]
// CHECK-NEXT: %[[U:.*]] = tessera.unpack %[[P]] {part = 1 : i64}
// CHECK-NEXT: %[[L:.*]] = tessera.unpack %[[P]] {part = 0 : i64}
// CHECK-NEXT: return %[[R]], %[[R]], %[[U]], %[[U]], %[[L]]
func.func @repeated(%a: vector<8x128xf32>, %p: vector<16x128xbf16>)
    -> (vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>) {
  %r1 = tessera.round_bf16 %a : vector<8x128xf32>
  %r2 = tessera.round_bf16 %a : vector<8x128xf32>
  %u1 = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %u2 = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %l = tessera.unpack %p {part = 0 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  return %r1, %r2, %u1, %u2, %l
      : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>
}
