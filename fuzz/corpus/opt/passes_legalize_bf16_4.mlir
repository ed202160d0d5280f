
// Masks from bf16 comparisons are i1 tiles, one per unit; select works on
// the units and packs its bf16 result.

// CHECK-LABEL: func.func @compare_select
// CHECK: %[[B:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[LO:.*]] = tessera.unpack %[[B]] {part = 0 : i64}
// CHECK: %[[HI:.*]] = tessera.unpack %[[B]] {part = 1 : i64}
// CHECK: %[[M0:.*]] = arith.cmpf olt, %[[LO]], %{{.*}} : vector<8x128xf32>
// CHECK: %[[M1:.*]] = arith.cmpf olt, %[[HI]], %{{.*}} : vector<8x128xf32>
// CHECK: %[[S0:.*]] = arith.select %[[M0]], %[[LO]], %{{.*}} : vector<8x128xi1>, vector<8x128xf32>
// CHECK: %[[S1:.*]] = arith.select %[[M1]], %[[HI]], %{{.*}} : vector<8x128xi1>, vector<8x128xf32>
// CHECK: tessera.pack %[[S0]], %[[S1]]
func.func @compare_select(%x: memref<16x128xbf16, #tessera.memory_space<vmem>>) {
  %b = tessera.load %x : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  %z = arith.constant dense<0.0> : vector<16x128xbf16>
  %m = arith.cmpf olt, %b, %z : vector<16x128xbf16>
  %r = arith.select %m, %b, %z : vector<16x128xi1>, vector<16x128xbf16>
  tessera.store %r, %x : vector<16x128xbf16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  return
}

