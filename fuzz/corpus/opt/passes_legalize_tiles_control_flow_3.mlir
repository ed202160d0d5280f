
!v16 = memref<16x128xi32, #tessera.memory_space<vmem>>

// scf.while: the array passes through scf.condition into the after block
// and back through scf.yield, one tile per argument.

// CHECK-LABEL: func.func @while_carries_tiles
// CHECK: %[[R:.*]]:3 = scf.while (%[[B0:.*]] = %{{.*}}, %[[B1:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) : (vector<8x128xi32>, vector<8x128xi32>, i32) -> (vector<8x128xi32>, vector<8x128xi32>, i32) {
// CHECK:   %[[GO:.*]] = arith.cmpi slt, %[[K]]
// CHECK:   scf.condition(%[[GO]]) %[[B0]], %[[B1]], %[[K]] : vector<8x128xi32>, vector<8x128xi32>, i32
// CHECK: } do {
// CHECK: ^bb0(%[[D0:.*]]: vector<8x128xi32>, %[[D1:.*]]: vector<8x128xi32>, %[[J:.*]]: i32):
// CHECK:   %[[S0:.*]] = arith.addi %[[D0]], %{{.*}} : vector<8x128xi32>
// CHECK:   %[[S1:.*]] = arith.addi %[[D1]], %{{.*}} : vector<8x128xi32>
// CHECK:   scf.yield %[[S0]], %[[S1]], %{{.*}} : vector<8x128xi32>, vector<8x128xi32>, i32
// CHECK: }
// CHECK: tessera.store %[[R]]#0
// CHECK: tessera.store %[[R]]#1
// CHECK-NOT: vector<16x128xi32>

// CANON-LABEL: func.func @while_carries_tiles
// CANON: scf.while {{.*}} : (vector<8x128xi32>, vector<8x128xi32>, i32) -> (vector<8x128xi32>, vector<8x128xi32>, i32)
func.func @while_carries_tiles(%x: !v16, %o: !v16, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = tessera.load %x : !v16 -> vector<16x128xi32>
  %r:2 = scf.while (%a = %init, %k = %c0) : (vector<16x128xi32>, i32) -> (vector<16x128xi32>, i32) {
    %go = arith.cmpi slt, %k, %n : i32
    scf.condition(%go) %a, %k : vector<16x128xi32>, i32
  } do {
  ^bb0(%b: vector<16x128xi32>, %j: i32):
    %v = tessera.load %x : !v16 -> vector<16x128xi32>
    %s = arith.addi %b, %v : vector<16x128xi32>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %s, %j1 : vector<16x128xi32>, i32
  }
  tessera.store %r#0, %o : vector<16x128xi32>, !v16
  return
}

