
// Control flow carries packed tiles as they are, and a bf16 row as its
// rounded f32 1x128 tiles.

// CHECK-LABEL: func.func @carried
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[L:.*]]:2 = scf.for %{{.*}} iter_args(%[[A0:.*]] = %[[T0]], %[[A1:.*]] = %[[T1]]) -> (vector<16x128xbf16>, vector<16x128xbf16>) {
// CHECK: %[[U:.*]] = tessera.unpack %[[A0]] {part = 0 : i64}
// CHECK: scf.yield %{{.*}}, %{{.*}} : vector<16x128xbf16>, vector<16x128xbf16>
// CHECK: %[[S:.*]] = tessera.reduce %{{.*}} {axis = 0 : i64, kind = "max"} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: %[[R:.*]] = tessera.round_bf16 %[[S]] : vector<1x128xf32>
// CHECK: %[[IF:.*]] = scf.if %{{.*}} -> (vector<1x128xf32>) {
// CHECK: scf.yield %[[R]] : vector<1x128xf32>
// CHECK: } else {
// CHECK: %[[E:.*]] = math.exp %[[R]] : vector<1x128xf32>
// CHECK: %[[ER:.*]] = tessera.round_bf16 %[[E]] : vector<1x128xf32>
// CHECK: scf.yield %[[ER]] : vector<1x128xf32>
// CHECK: tessera.broadcast %[[IF]] : vector<1x128xf32> -> vector<8x128xf32>
// CHECK-NOT: vector<32x128xbf16>
// CHECK-NOT: vector<1x128xbf16>
// CHECK: return
func.func @carried(%x: memref<32x128xbf16, #tessera.memory_space<vmem>>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = tessera.load %x : memref<32x128xbf16, #tessera.memory_space<vmem>> -> vector<32x128xbf16>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (vector<32x128xbf16>) {
    %a = arith.addf %acc, %acc : vector<32x128xbf16>
    scf.yield %a : vector<32x128xbf16>
  }
  %s = tessera.reduce %r {axis = 0 : i64, kind = "max"} : vector<32x128xbf16> -> vector<1x128xbf16>
  %t = scf.if %c -> (vector<1x128xbf16>) {
    scf.yield %s : vector<1x128xbf16>
  } else {
    %e = math.exp %s : vector<1x128xbf16>
    scf.yield %e : vector<1x128xbf16>
  }
  %b = tessera.broadcast %t : vector<1x128xbf16> -> vector<32x128xbf16>
  tessera.store %b, %x : vector<32x128xbf16>, memref<32x128xbf16, #tessera.memory_space<vmem>>
  return
}

