
func.func @mxu_matmul_wrong_kind(%p: vector<32x128xi8>, %x: vector<8x128xf32>) {
  %w = tessera.mxu_weights %p, %p, %p, %p : vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>
  // expected-error @+1 {{'tessera.mxu_matmul' op int8 weights need an i32 (int8 in the low bits) LHS tile}}
  %r = tessera.mxu_matmul %w, %x : vector<8x128xf32> -> vector<8x128xf32>
  return
}

