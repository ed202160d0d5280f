// RUN: tessera-opt %s -split-input-file | tessera-opt -split-input-file | FileCheck %s

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

// -----

// CHECK-LABEL: func.func @transpose_tiles
// CHECK: %{{.*}}:16 = tessera.transpose_tiles %{{.*}} : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>
func.func @transpose_tiles(%t0: vector<8x128xf32>, %t1: vector<8x128xf32>, %t2: vector<8x128xf32>, %t3: vector<8x128xf32>, %t4: vector<8x128xf32>, %t5: vector<8x128xf32>, %t6: vector<8x128xf32>, %t7: vector<8x128xf32>, %t8: vector<8x128xf32>, %t9: vector<8x128xf32>, %t10: vector<8x128xf32>, %t11: vector<8x128xf32>, %t12: vector<8x128xf32>, %t13: vector<8x128xf32>, %t14: vector<8x128xf32>, %t15: vector<8x128xf32>) -> vector<8x128xf32> {
  %r:16 = tessera.transpose_tiles %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14, %t15 : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>
  return %r#15 : vector<8x128xf32>
}
