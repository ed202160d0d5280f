
// x.T.T is x: the pair folds away; a single transpose stays.

// CHECK-LABEL: func.func @twice
// CHECK-NOT: tessera.transpose
// CHECK: return %arg0
func.func @twice(%x: vector<128x256xf32>) -> vector<128x256xf32> {
  %t = tessera.transpose %x : vector<128x256xf32> -> vector<256x128xf32>
  %u = tessera.transpose %t : vector<256x128xf32> -> vector<128x256xf32>
  return %u : vector<128x256xf32>
}

// CHECK-LABEL: func.func @thrice
// CHECK: %[[T:.*]] = tessera.transpose %arg0 : vector<128x256xbf16> -> vector<256x128xbf16>
// CHECK-NOT: tessera.transpose
// CHECK: return %[[T]]
func.func @thrice(%x: vector<128x256xbf16>) -> vector<256x128xbf16> {
  %t = tessera.transpose %x : vector<128x256xbf16> -> vector<256x128xbf16>
  %u = tessera.transpose %t : vector<256x128xbf16> -> vector<128x256xbf16>
  %v = tessera.transpose %u : vector<128x256xbf16> -> vector<256x128xbf16>
  return %v : vector<256x128xbf16>
}
