
// bf16 constants: one f32 unit constant packed twice; its units need no
// rounding (the constant is exact).

// CHECK-LABEL: func.func @bf16_constant
// CHECK: %[[C:.*]] = arith.constant dense<1.500000e+00> : vector<8x128xf32>
// CHECK: tessera.pack %[[C]], %[[C]] : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: %[[LO:.*]] = tessera.unpack %{{.*}} {part = 0 : i64}
// CHECK: %[[HI:.*]] = tessera.unpack %{{.*}} {part = 1 : i64}
// CHECK-NOT: round_bf16
// CHECK: arith.addf %[[LO]], %[[C]] : vector<8x128xf32>
// CHECK: arith.addf %[[HI]], %[[C]] : vector<8x128xf32>
// CHECK: return
func.func @bf16_constant(%x: memref<16x128xbf16, #tessera.memory_space<vmem>>) {
  %c = arith.constant dense<1.5> : vector<16x128xbf16>
  %b = tessera.load %x : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  %s = arith.addf %b, %c : vector<16x128xbf16>
  tessera.store %s, %x : vector<16x128xbf16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  return
}

