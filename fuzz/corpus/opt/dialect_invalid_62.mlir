
func.func @dot_int8_result(%a: vector<32x128xi8>, %b: vector<128x128xi8>) {
  // expected-error @+1 {{'tessera.dot' op result dtype must be int32 for int8 x int8 operands, not f32}}
  %r = tessera.dot %a, %b : vector<32x128xi8>, vector<128x128xi8> -> vector<32x128xf32>
  return
}

