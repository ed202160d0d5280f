
func.func @dot_k_mismatch(%a: vector<8x256xf32>, %b: vector<128x128xf32>) {
  // expected-error @+1 {{'tessera.dot' op contracting dimensions differ: K of the left operand is 256, K of the right operand is 128 (its dimension 0)}}
  %r = tessera.dot %a, %b : vector<8x256xf32>, vector<128x128xf32> -> vector<8x128xf32>
  return
}

