
// Reductions, broadcasts and iota on tiles.

!v = memref<16x256xf32, #tessera.memory_space<vmem>>

// Along the lanes (axis 1): the tiles of a row of tiles are combined in
// order, then one cross-lane reduce per row of tiles gives an 8x1 tile. The
// broadcast back is one op per 8x1 tile, shared by the tiles of its row.

// CHECK-LABEL: func.func @row_max
// CHECK: %[[X0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X2:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X3:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[C0:.*]] = arith.maximumf %[[X0]], %[[X1]] : vector<8x128xf32>
// CHECK: %[[M0:.*]] = tessera.reduce %[[C0]] {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
// CHECK: %[[C1:.*]] = arith.maximumf %[[X2]], %[[X3]] : vector<8x128xf32>
// CHECK: %[[M1:.*]] = tessera.reduce %[[C1]] {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
// CHECK: %[[B0:.*]] = tessera.broadcast %[[M0]] : vector<8x1xf32> -> vector<8x128xf32>
// CHECK: %[[B1:.*]] = tessera.broadcast %[[M1]] : vector<8x1xf32> -> vector<8x128xf32>
// CHECK: arith.subf %[[X0]], %[[B0]]
// CHECK: arith.subf %[[X1]], %[[B0]]
// CHECK: arith.subf %[[X2]], %[[B1]]
// CHECK: arith.subf %[[X3]], %[[B1]]
// CHECK-NOT: vector<16x1xf32>
// CHECK: return
func.func @row_max(%x: !v, %o: !v) {
  %v = tessera.load %x : !v -> vector<16x256xf32>
  %m = tessera.reduce %v {axis = 1 : i64, kind = "max"} : vector<16x256xf32> -> vector<16x1xf32>
  %b = tessera.broadcast %m : vector<16x1xf32> -> vector<16x256xf32>
  %d = arith.subf %v, %b : vector<16x256xf32>
  tessera.store %d, %o : vector<16x256xf32>, !v
  return
}

