
func.func @mxu_weights_int8_transposed(%p: vector<32x128xi8>) {
  // expected-error @+1 {{'tessera.mxu_weights' op int8 weights cannot be transposed}}
  %w = tessera.mxu_weights %p, %p, %p, %p {transposed = true} : vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>
  return
}

