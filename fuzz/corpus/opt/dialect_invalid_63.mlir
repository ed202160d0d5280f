
func.func @dot_wrong_result_shape(%a: vector<8x128xf32>, %b: vector<128x256xf32>) {
  // expected-error @+1 {{'tessera.dot' op result shape [8, 128] should be [8, 256]}}
  %r = tessera.dot %a, %b : vector<8x128xf32>, vector<128x256xf32> -> vector<8x128xf32>
  return
}

