
func.func @dot_k_mismatch_transposed(%a: vector<8x256xf32>, %b: vector<256x128xf32>) {
  // expected-error @+1 {{'tessera.dot' op contracting dimensions differ: K of the left operand is 256, K of the right operand is 128 (its dimension 1, transpose_rhs)}}
  %r = tessera.dot %a, %b {transpose_rhs = true} : vector<8x256xf32>, vector<256x128xf32> -> vector<8x256xf32>
  return
}

