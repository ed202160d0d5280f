
func.func @mxu_weights_too_few(%p: vector<16x128xbf16>) {
  // expected-error @+1 {{'tessera.mxu_weights' op needs 8 tiles of 'vector<16x128xbf16>' or 4 tiles of 'vector<32x128xi8>' (128 weight rows), got 4 operands}}
  %w = tessera.mxu_weights %p, %p, %p, %p : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
  return
}

