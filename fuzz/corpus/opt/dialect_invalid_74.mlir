
func.func @mxu_matmul_not_a_tile(%w: !tessera.mxu_weights, %x: vector<16x128xf32>) {
  // expected-error @+1 {{'tessera.mxu_matmul' op streams one 8x128 LHS tile, not 'vector<16x128xf32>'}}
  %r = tessera.mxu_matmul %w, %x : vector<16x128xf32> -> vector<16x128xf32>
  return
}

