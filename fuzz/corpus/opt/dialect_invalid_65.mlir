
func.func @dot_int8_transposed(%a: vector<32x128xi8>, %b: vector<128x128xi8>) {
  // expected-error @+1 {{'tessera.dot' op transpose_rhs is not supported for int8 operands (the MXU pushes int8 weights only untransposed)}}
  %r = tessera.dot %a, %b {transpose_rhs = true} : vector<32x128xi8>, vector<128x128xi8> -> vector<32x128xi32>
  return
}

