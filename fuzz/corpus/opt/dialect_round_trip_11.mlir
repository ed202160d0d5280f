
// Vector math of the kernel IR: the transcendental-unit ops, reductions in
// both axes, broadcasts of rows, columns and 1x1 values, iota with and
// without an offset. Attributes with their default value are not printed.

// CHECK-LABEL: func.func @vector_math
// CHECK-SAME: (%[[X:[a-z0-9]+]]: vector<16x256xf32>, %[[B:[a-z0-9]+]]: vector<16x256xbf16>, %[[I:[a-z0-9]+]]: vector<32x128xi8>)
// CHECK: tessera.logistic %[[X]] : vector<16x256xf32>
// CHECK: tessera.reciprocal %[[B]] : vector<16x256xbf16>
// CHECK: %[[ROWS:.*]] = tessera.reduce %[[X]] {axis = 1 : i64, kind = "sum"} : vector<16x256xf32> -> vector<16x1xf32>
// CHECK: %[[COLS:.*]] = tessera.reduce %[[B]] {axis = 0 : i64, kind = "max"} : vector<16x256xbf16> -> vector<1x256xbf16>
// CHECK: %[[ONE:.*]] = tessera.reduce %[[I]] {axis = 0 : i64, kind = "min"} : vector<32x128xi8> -> vector<1x128xi8>
// CHECK: tessera.broadcast %[[ROWS]] : vector<16x1xf32> -> vector<16x256xf32>
// CHECK: tessera.broadcast %[[COLS]] : vector<1x256xbf16> -> vector<16x256xbf16>
// CHECK: %[[S:.*]] = tessera.reduce %[[ONE]] {axis = 1 : i64, kind = "sum"} : vector<1x128xi8> -> vector<1x1xi8>
// CHECK: tessera.broadcast %[[S]] : vector<1x1xi8> -> vector<32x128xi8>
// CHECK: tessera.iota {dimension = 0 : i64} : vector<16x256xi32>
// CHECK: tessera.iota {dimension = 1 : i64, offset = 128 : i64} : vector<8x128xi32>
// CHECK: math.exp %[[X]] : vector<16x256xf32>
func.func @vector_math(%x: vector<16x256xf32>, %b: vector<16x256xbf16>, %i: vector<32x128xi8>) {
  %0 = tessera.logistic %x : vector<16x256xf32>
  %1 = tessera.reciprocal %b : vector<16x256xbf16>
  %rows = tessera.reduce %x {axis = 1 : i64, kind = "sum"} : vector<16x256xf32> -> vector<16x1xf32>
  %cols = tessera.reduce %b {axis = 0 : i64, kind = "max"} : vector<16x256xbf16> -> vector<1x256xbf16>
  %one = tessera.reduce %i {axis = 0 : i64, kind = "min"} : vector<32x128xi8> -> vector<1x128xi8>
  %2 = tessera.broadcast %rows : vector<16x1xf32> -> vector<16x256xf32>
  %3 = tessera.broadcast %cols : vector<1x256xbf16> -> vector<16x256xbf16>
  %s = tessera.reduce %one {axis = 1 : i64, kind = "sum"} : vector<1x128xi8> -> vector<1x1xi8>
  %4 = tessera.broadcast %s : vector<1x1xi8> -> vector<32x128xi8>
  %5 = tessera.iota {dimension = 0 : i64, offset = 0 : i64} : vector<16x256xi32>
  %6 = tessera.iota {dimension = 1 : i64, offset = 128 : i64} : vector<8x128xi32>
  %7 = math.exp %x : vector<16x256xf32>
  return
}

