
// The layout ops: bitcast of whole tiles, repeat, roll in kernel IR and in
// tile IR (one tile along the lanes), and a sublane extracted from a tile.

// CHECK-LABEL: func.func @layout_ops
// CHECK: tessera.bitcast %{{.*}} : vector<16x256xf32> -> vector<32x256xbf16>
// CHECK: tessera.bitcast %{{.*}} : vector<16x128xbf16> -> vector<32x128xi8>
// CHECK: tessera.repeat %{{.*}} {axis = 1 : i64, times = 3 : i64} : vector<16x256xf32> -> vector<16x768xf32>
// CHECK: tessera.roll %{{.*}} {axis = 0 : i64, shift = 13 : i64} : vector<16x256xf32>
// CHECK: tessera.roll %{{.*}} {axis = 1 : i64, shift = 5 : i64} : vector<8x128xi1>
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 7 : i64} : vector<8x128xi32> -> vector<1x128xi32>
func.func @layout_ops(%x: vector<16x256xf32>, %p: vector<16x128xbf16>, %m: vector<8x128xi1>,
                      %i: vector<8x128xi32>) {
  %b = tessera.bitcast %x : vector<16x256xf32> -> vector<32x256xbf16>
  %q = tessera.bitcast %p : vector<16x128xbf16> -> vector<32x128xi8>
  %r = tessera.repeat %x {axis = 1 : i64, times = 3 : i64} : vector<16x256xf32> -> vector<16x768xf32>
  %s = tessera.roll %x {axis = 0 : i64, shift = 13 : i64} : vector<16x256xf32>
  %t = tessera.roll %m {axis = 1 : i64, shift = 5 : i64} : vector<8x128xi1>
  %e = tessera.extract_sublane %i {sublane = 7 : i64} : vector<8x128xi32> -> vector<1x128xi32>
  return
}

