
!v16 = memref<16x128xf32, #tessera.memory_space<vmem>>

// scf.if returning an array: both branches yield its tiles.

// CHECK-LABEL: func.func @if_returns_tiles
// CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (vector<8x128xf32>, vector<8x128xf32>) {
// CHECK:   %[[L0:.*]] = tessera.load
// CHECK:   %[[L1:.*]] = tessera.load
// CHECK:   scf.yield %[[L0]], %[[L1]] : vector<8x128xf32>, vector<8x128xf32>
// CHECK: } else {
// CHECK:   %[[C:.*]] = arith.constant dense<1.000000e+00> : vector<8x128xf32>
// CHECK:   scf.yield %[[C]], %[[C]] : vector<8x128xf32>, vector<8x128xf32>
// CHECK: }
// CHECK: arith.mulf %[[R]]#0, %[[R]]#0
// CHECK: arith.mulf %[[R]]#1, %[[R]]#1
// CHECK-NOT: vector<16x128xf32>
// CHECK: return

// CANON-LABEL: func.func @if_returns_tiles
// CANON: scf.if %{{.*}} -> (vector<8x128xf32>, vector<8x128xf32>)
func.func @if_returns_tiles(%x: !v16, %o: !v16, %c: i1) {
  %r = scf.if %c -> (vector<16x128xf32>) {
    %v = tessera.load %x : !v16 -> vector<16x128xf32>
    scf.yield %v : vector<16x128xf32>
  } else {
    %one = arith.constant dense<1.0> : vector<16x128xf32>
    scf.yield %one : vector<16x128xf32>
  }
  %sq = arith.mulf %r, %r : vector<16x128xf32>
  tessera.store %sq, %o : vector<16x128xf32>, !v16
  return
}

