
// The errors of tessera.transpose and tessera.transpose_tiles.

func.func @transpose_shape(%x: vector<128x256xf32>) {
  // expected-error @+1 {{'tessera.transpose' op result shape [128, 256] should be [256, 128]}}
  %t = tessera.transpose %x : vector<128x256xf32> -> vector<128x256xf32>
  return
}

