
func.func @dot_wrong_result_dtype(%a: vector<16x128xbf16>, %b: vector<128x128xbf16>) {
  // expected-error @+1 {{'tessera.dot' op result dtype must be f32 for bf16 x bf16 operands, not bf16}}
  %r = tessera.dot %a, %b : vector<16x128xbf16>, vector<128x128xbf16> -> vector<16x128xbf16>
  return
}

