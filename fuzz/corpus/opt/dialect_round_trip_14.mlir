
// Tile-IR forms of the reductions and broadcasts, the weights type as an
// argument, and broadcasts of scalars.

// CHECK-LABEL: func.func @replicated_tiles
// CHECK-SAME: %[[W:[a-z0-9]+]]: !tessera.mxu_weights
// CHECK: tessera.reduce %{{.*}} {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: tessera.reduce %{{.*}} {axis = 1 : i64, kind = "max"} : vector<8x128xi32> -> vector<8x1xi32>
// CHECK: tessera.broadcast %{{.*}} : vector<1x128xf32> -> vector<8x128xf32>
// CHECK: tessera.broadcast %{{.*}} : vector<8x1xi32> -> vector<8x128xi32>
// CHECK: tessera.mxu_matmul %[[W]]
// CHECK: tessera.broadcast %{{.*}} : f32 -> vector<8x128xf32>
// CHECK: tessera.broadcast %{{.*}} : i32 -> vector<16x256xi32>
func.func @replicated_tiles(%f: vector<8x128xf32>, %i: vector<8x128xi32>, %w: !tessera.mxu_weights) {
  %r = tessera.reduce %f {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  %c = tessera.reduce %i {axis = 1 : i64, kind = "max"} : vector<8x128xi32> -> vector<8x1xi32>
  %rb = tessera.broadcast %r : vector<1x128xf32> -> vector<8x128xf32>
  %cb = tessera.broadcast %c : vector<8x1xi32> -> vector<8x128xi32>
  %m = tessera.mxu_matmul %w, %f : vector<8x128xf32> -> vector<8x128xf32>
  %s = arith.constant 1.0 : f32
  %sb = tessera.broadcast %s : f32 -> vector<8x128xf32>
  %k = arith.constant 3 : i32
  %kb = tessera.broadcast %k : i32 -> vector<16x256xi32>
  return
}

