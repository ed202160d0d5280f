
// Matrix products of every dtype pair, both precisions, transposed.

// CHECK-LABEL: func.func @dots
// CHECK-SAME: (%[[A:[a-z0-9]+]]: vector<16x256xbf16>, %[[B:[a-z0-9]+]]: vector<256x128xbf16>, %[[F:[a-z0-9]+]]: vector<8x128xf32>, %[[G:[a-z0-9]+]]: vector<128x256xf32>, %[[I:[a-z0-9]+]]: vector<32x128xi8>, %[[J:[a-z0-9]+]]: vector<128x128xi8>)
// CHECK: tessera.dot %[[A]], %[[B]] : vector<16x256xbf16>, vector<256x128xbf16> -> vector<16x128xf32>
// CHECK: tessera.dot %[[F]], %[[G]] {precision = "highest"} : vector<8x128xf32>, vector<128x256xf32> -> vector<8x256xf32>
// CHECK: tessera.dot %[[A]], %[[G]] {transpose_rhs = true} : vector<16x256xbf16>, vector<128x256xf32> -> vector<16x128xf32>
// CHECK: tessera.dot %[[I]], %[[J]] : vector<32x128xi8>, vector<128x128xi8> -> vector<32x128xi32>
// CHECK: tessera.dot %[[F]], %[[B]] {transpose_rhs = true} : vector<8x128xf32>, vector<256x128xbf16> -> vector<8x256xf32>
func.func @dots(%a: vector<16x256xbf16>, %b: vector<256x128xbf16>, %f: vector<8x128xf32>,
                %g: vector<128x256xf32>, %i: vector<32x128xi8>, %j: vector<128x128xi8>) {
  %0 = tessera.dot %a, %b {precision = "default", transpose_rhs = false} : vector<16x256xbf16>, vector<256x128xbf16> -> vector<16x128xf32>
  %1 = tessera.dot %f, %g {precision = "highest"} : vector<8x128xf32>, vector<128x256xf32> -> vector<8x256xf32>
  %2 = tessera.dot %a, %g {transpose_rhs = true} : vector<16x256xbf16>, vector<128x256xf32> -> vector<16x128xf32>
  %3 = tessera.dot %i, %j : vector<32x128xi8>, vector<128x128xi8> -> vector<32x128xi32>
  %4 = tessera.dot %f, %b {transpose_rhs = true} : vector<8x128xf32>, vector<256x128xbf16> -> vector<8x256xf32>
  return
}

