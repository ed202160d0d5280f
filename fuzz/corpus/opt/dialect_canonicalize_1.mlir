
// int8 keeps its unpack (one vunpack.s8 is cheaper than two shifts); a
// pack of the parts in the wrong order is not the tile.

// CHECK-LABEL: func.func @kept
// CHECK: %[[Q:.*]] = tessera.pack
// CHECK: %[[U:.*]] = tessera.unpack %[[Q]] {part = 2 : i64}
// CHECK: tessera.pack %{{.*}}, %{{.*}} : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: return %[[U]]
func.func @kept(%i: vector<8x128xi32>, %p: vector<16x128xbf16>) -> (vector<8x128xi32>, vector<16x128xbf16>) {
  %q = tessera.pack %i, %i, %i, %i : vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32> -> vector<32x128xi8>
  %u = tessera.unpack %q {part = 2 : i64} : vector<32x128xi8> -> vector<8x128xi32>
  %lo = tessera.unpack %p {part = 0 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %hi = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %swapped = tessera.pack %hi, %lo : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
  return %u, %swapped : vector<8x128xi32>, vector<16x128xbf16>
}

