
!v = memref<24x128xf32, #tessera.memory_space<vmem>>

// Along the sublanes (axis 0): three tiles summed in order (t0 + t1) + t2,
// then one sublane reduce to a 1x128 row; that row reduced along the lanes
// is 1x1, broadcast to every tile.

// CHECK-LABEL: func.func @column_sum
// CHECK: %[[X0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X2:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[S01:.*]] = arith.addf %[[X0]], %[[X1]] : vector<8x128xf32>
// CHECK: %[[S:.*]] = arith.addf %[[S01]], %[[X2]] : vector<8x128xf32>
// CHECK: %[[R:.*]] = tessera.reduce %[[S]] {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: %[[T:.*]] = tessera.reduce %[[R]] {axis = 1 : i64, kind = "min"} : vector<1x128xf32> -> vector<1x1xf32>
// CHECK: %[[B:.*]] = tessera.broadcast %[[T]] : vector<1x1xf32> -> vector<8x128xf32>
// CHECK-NOT: tessera.broadcast
// CHECK: arith.addf %[[X0]], %[[B]]
// CHECK: arith.addf %[[X1]], %[[B]]
// CHECK: arith.addf %[[X2]], %[[B]]
// CHECK: return
func.func @column_sum(%x: !v, %o: !v) {
  %v = tessera.load %x : !v -> vector<24x128xf32>
  %s = tessera.reduce %v {axis = 0 : i64, kind = "sum"} : vector<24x128xf32> -> vector<1x128xf32>
  %t = tessera.reduce %s {axis = 1 : i64, kind = "min"} : vector<1x128xf32> -> vector<1x1xf32>
  %b = tessera.broadcast %t : vector<1x1xf32> -> vector<24x128xf32>
  %y = arith.addf %v, %b : vector<24x128xf32>
  tessera.store %y, %o : vector<24x128xf32>, !v
  return
}

