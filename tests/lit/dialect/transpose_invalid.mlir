// RUN: tessera-opt %s -split-input-file -verify-diagnostics

// The errors of tessera.transpose and tessera.transpose_tiles.

func.func @transpose_shape(%x: vector<128x256xf32>) {
  // expected-error @+1 {{'tessera.transpose' op result shape [128, 256] should be [256, 128]}}
  %t = tessera.transpose %x : vector<128x256xf32> -> vector<128x256xf32>
  return
}

// -----

func.func @transpose_dtype(%x: vector<128x128xf32>) {
  // expected-error @+1 {{'tessera.transpose' op changes the dtype}}
  %t = tessera.transpose %x : vector<128x128xf32> -> vector<128x128xi32>
  return
}

// -----

func.func @transpose_tiles_count(%t0: vector<8x128xf32>, %t1: vector<8x128xf32>, %t2: vector<8x128xf32>, %t3: vector<8x128xf32>, %t4: vector<8x128xf32>, %t5: vector<8x128xf32>, %t6: vector<8x128xf32>, %t7: vector<8x128xf32>, %t8: vector<8x128xf32>, %t9: vector<8x128xf32>, %t10: vector<8x128xf32>, %t11: vector<8x128xf32>, %t12: vector<8x128xf32>, %t13: vector<8x128xf32>, %t14: vector<8x128xf32>, %t15: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.transpose_tiles' op transposes a 128x128 block: 16 tiles in, 16 out, not 15 in and 15 out}}
  %r:15 = tessera.transpose_tiles %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14 : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>
  return
}

// -----

func.func @transpose_tiles_type(%t0: vector<8x128xf32>, %t1: vector<8x128xf32>, %t2: vector<8x128xf32>, %t3: vector<8x128xf32>, %t4: vector<8x128xf32>, %t5: vector<8x128xf32>, %t6: vector<8x128xf32>, %t7: vector<8x128xf32>, %t8: vector<8x128xf32>, %t9: vector<8x128xf32>, %t10: vector<8x128xf32>, %t11: vector<8x128xf32>, %t12: vector<8x128xf32>, %t13: vector<8x128xf32>, %t14: vector<8x128xf32>, %t15: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.transpose_tiles' op results must have the operands' type 'vector<8x128xf32>'}}
  %r:16 = tessera.transpose_tiles %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14, %t15 : vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xf32>, vector<8x128xi32>
  return
}

// -----

func.func @transpose_tiles_tile(%x: vector<16x128xf32>) {
  // expected-error @+1 {{'tessera.transpose_tiles' op takes 8x128 tiles, not [16, 128]}}
  %r:16 = tessera.transpose_tiles %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x : vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32> -> vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>, vector<16x128xf32>
  return
}
