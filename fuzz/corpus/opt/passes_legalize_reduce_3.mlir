
// bf16 reductions run in f32 on the unpacked units and round once; int8
// reductions wrap once.

// CHECK-LABEL: func.func @narrow_reductions
// CHECK: %[[B:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[LO:.*]] = tessera.unpack %[[B]] {part = 0 : i64}
// CHECK: %[[HI:.*]] = tessera.unpack %[[B]] {part = 1 : i64}
// CHECK: %[[S:.*]] = arith.addf %[[LO]], %[[HI]] : vector<8x128xf32>
// CHECK: %[[R:.*]] = tessera.reduce %[[S]] {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: tessera.round_bf16 %[[R]] : vector<1x128xf32>
// CHECK-NOT: round_bf16
// CHECK: %[[I:.*]] = tessera.load %{{.*}} -> vector<32x128xi8>
// CHECK: %[[I0:.*]] = tessera.unpack %[[I]] {part = 0 : i64}
// CHECK: %[[I1:.*]] = tessera.unpack %[[I]] {part = 1 : i64}
// CHECK: %[[I2:.*]] = tessera.unpack %[[I]] {part = 2 : i64}
// CHECK: %[[I3:.*]] = tessera.unpack %[[I]] {part = 3 : i64}
// CHECK: %[[J0:.*]] = tessera.reduce %[[I0]] {axis = 1 : i64, kind = "sum"} : vector<8x128xi32> -> vector<8x1xi32>
// CHECK: tessera.reduce %[[I1]]
// CHECK: tessera.reduce %[[I2]]
// CHECK: tessera.reduce %[[I3]]
// CHECK: %[[K:.*]] = arith.constant dense<24> : vector<8x1xi32>
// CHECK: %[[UP:.*]] = arith.shli %[[J0]], %[[K]] : vector<8x1xi32>
// CHECK: arith.shrsi %[[UP]], %[[K]] : vector<8x1xi32>
func.func @narrow_reductions(%b: memref<16x128xbf16, #tessera.memory_space<vmem>>,
                             %i: memref<32x128xi8, #tessera.memory_space<vmem>>) {
  %v = tessera.load %b : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  %s = tessera.reduce %v {axis = 0 : i64, kind = "sum"} : vector<16x128xbf16> -> vector<1x128xbf16>
  %w = tessera.load %i : memref<32x128xi8, #tessera.memory_space<vmem>> -> vector<32x128xi8>
  %t = tessera.reduce %w {axis = 1 : i64, kind = "sum"} : vector<32x128xi8> -> vector<32x1xi8>
  %sb = tessera.broadcast %s : vector<1x128xbf16> -> vector<16x128xbf16>
  tessera.store %sb, %b : vector<16x128xbf16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  %tb = tessera.broadcast %t : vector<32x1xi8> -> vector<32x128xi8>
  tessera.store %tb, %i : vector<32x128xi8>, memref<32x128xi8, #tessera.memory_space<vmem>>
  return
}

