
!f = memref<8x256xf32, #tessera.memory_space<vmem>>

// Lanes, shift 130 = one tile + 2: each tile rotated by 2 once, result
// tile j = select(lane >= 2, rot(tile j - 1), rot(tile j - 2)).

// CHECK-LABEL: func.func @roll_lanes
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[IOTA:.*]] = tessera.iota {dimension = 1 : i64} : vector<8x128xi32>
// CHECK: %[[M:.*]] = arith.cmpi sge, %[[IOTA]], %{{.*}} : vector<8x128xi32>
// CHECK: %[[R1:.*]] = tessera.roll %[[T1]] {axis = 1 : i64, shift = 2 : i64} : vector<8x128xf32>
// CHECK: %[[R0:.*]] = tessera.roll %[[T0]] {axis = 1 : i64, shift = 2 : i64} : vector<8x128xf32>
// CHECK: %[[O0:.*]] = arith.select %[[M]], %[[R1]], %[[R0]]
// CHECK: %[[O1:.*]] = arith.select %[[M]], %[[R0]], %[[R1]]
// CHECK: tessera.store %[[O0]]
// CHECK: tessera.store %[[O1]]
func.func @roll_lanes(%x: !f, %o: !f) {
  %v = tessera.load %x : !f -> vector<8x256xf32>
  %r = tessera.roll %v {axis = 1 : i64, shift = 130 : i64} : vector<8x256xf32>
  tessera.store %r, %o : vector<8x256xf32>, !f
  return
}

