
// tessera.transpose (x.T) and its tile-IR form tessera.transpose_tiles (a
// 128x128 block through the XLU's transpose buffer) round-trip.

// CHECK-LABEL: func.func @transpose
// CHECK: tessera.transpose %{{.*}} : vector<128x256xf32> -> vector<256x128xf32>
// CHECK: tessera.transpose %{{.*}} : vector<256x128xbf16> -> vector<128x256xbf16>
func.func @transpose(%x: vector<128x256xf32>, %y: vector<256x128xbf16>) -> (vector<256x128xf32>, vector<128x256xbf16>) {
  %t = tessera.transpose %x : vector<128x256xf32> -> vector<256x128xf32>
  %u = tessera.transpose %y : vector<256x128xbf16> -> vector<128x256xbf16>
  return %t, %u : vector<256x128xf32>, vector<128x256xbf16>
}

