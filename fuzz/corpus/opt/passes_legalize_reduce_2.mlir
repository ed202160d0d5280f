
// Integer reductions use the integer ops; a row of a 1xC array stays a row.

// CHECK-LABEL: func.func @int_reductions
// CHECK: %[[X0:.*]] = tessera.load %{{.*}} -> vector<8x128xi32>
// CHECK: %[[X1:.*]] = tessera.load %{{.*}} -> vector<8x128xi32>
// CHECK: %[[A:.*]] = arith.minsi %[[X0]], %[[X1]] : vector<8x128xi32>
// CHECK: tessera.reduce %[[A]] {axis = 0 : i64, kind = "min"} : vector<8x128xi32> -> vector<1x128xi32>
// CHECK: %[[B:.*]] = tessera.reduce %[[X0]] {axis = 1 : i64, kind = "max"} : vector<8x128xi32> -> vector<8x1xi32>
// CHECK: %[[C:.*]] = tessera.reduce %[[X1]] {axis = 1 : i64, kind = "max"} : vector<8x128xi32> -> vector<8x1xi32>
// CHECK: %[[D:.*]] = arith.addi %[[B]], %[[C]] : vector<8x1xi32>
// CHECK: tessera.reduce %[[D]] {axis = 0 : i64, kind = "sum"} : vector<8x1xi32> -> vector<1x1xi32>
func.func @int_reductions(%x: memref<16x128xi32, #tessera.memory_space<vmem>>) -> (vector<1x128xi32>, vector<1x1xi32>) {
  %v = tessera.load %x : memref<16x128xi32, #tessera.memory_space<vmem>> -> vector<16x128xi32>
  %m = tessera.reduce %v {axis = 0 : i64, kind = "min"} : vector<16x128xi32> -> vector<1x128xi32>
  %r = tessera.reduce %v {axis = 1 : i64, kind = "max"} : vector<16x128xi32> -> vector<16x1xi32>
  %s = tessera.reduce %r {axis = 0 : i64, kind = "sum"} : vector<16x1xi32> -> vector<1x1xi32>
  return %m, %s : vector<1x128xi32>, vector<1x1xi32>
}

