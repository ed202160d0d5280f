

// Tile-IR forms of the reductions and broadcasts, the weights type as an
// argument, and broadcasts of scalars.

func.func @replicated_tiles(%f: vector<8x128xf32>, %i: vector<8x128xi32>, %w: !tessera.mxu_weights) {
  %r = tessera.reduce %f {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  %c = tessera.reduce %i {axis = 1 : i64, kind = "max"} : vector<8x128xi32> -> vector<8x1xi32>
  %rb = tessera.broadcast %r : vector<1x128xf32> -> vector<8x128xf32>
  %cb = tessera.broadcast %c : vector<8x1xi32> -> vector<8x128xi32>
  %m = tessera.mxu_matmul %w, %f : vector<8x128xf32> -> vector<8x128xf32>
  %s = arith.constant 1.0 : f32
  %sb = tessera.broadcast %s : f32 -> vector<8x128xf32>
  %k = arith.constant 3 : i32
  %kb = tessera.broadcast %k : i32 -> vector<4611686018427387904x256xi32>
  return
}

