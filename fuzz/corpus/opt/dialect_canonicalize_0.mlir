
// The folds of the tile-IR ops.

// unpack(pack(a, b)) of bf16 is round_bf16 of the part; rounding a value
// that is already bf16 (rounded, unpacked, or an exact constant) is the
// value; an inexact constant is rounded at compile time.

// CHECK-LABEL: func.func @bf16_folds
// CHECK-SAME: (%[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[P:[a-z0-9]+]]: vector<16x128xbf16>)
// CHECK-DAG: %[[C:.*]] = arith.constant dense<1.000000e+00> : vector<8x128xf32>
// CHECK-DAG: %[[R:.*]] = tessera.round_bf16 %[[B]] : vector<8x128xf32>
// CHECK-DAG: %[[U:.*]] = tessera.unpack %[[P]] {part = 0 : i64}
// CHECK: return %[[R]], %[[R]], %[[U]], %[[C]], %[[P]]
func.func @bf16_folds(%a: vector<8x128xf32>, %b: vector<8x128xf32>, %p: vector<16x128xbf16>)
    -> (vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<16x128xbf16>) {
  %packed = tessera.pack %a, %b : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
  %hi = tessera.unpack %packed {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %twice = tessera.round_bf16 %hi : vector<8x128xf32>
  %u = tessera.unpack %p {part = 0 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %ru = tessera.round_bf16 %u : vector<8x128xf32>
  // 1 + 2^-10 rounds to 1 in bf16 (8 bits of mantissa).
  %c = arith.constant dense<1.0009765625> : vector<8x128xf32>
  %rc = tessera.round_bf16 %c : vector<8x128xf32>
  %u1 = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %repacked = tessera.pack %u, %u1 : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
  return %hi, %twice, %ru, %rc, %repacked
      : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<16x128xbf16>
}

