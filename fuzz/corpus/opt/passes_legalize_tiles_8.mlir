
func.func @constant_not_tileable() -> vector<16x64xbf16> {
  // expected-error @+1 {{'arith.constant' op array of shape 'vector<16x64xbf16>' does not split into (16, 128) tiles}}
  %c = arith.constant dense<1.0> : vector<16x64xbf16>
  return %c : vector<16x64xbf16>
}

