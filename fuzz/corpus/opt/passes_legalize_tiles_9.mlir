
func.func @constant_not_tileable() -> vector<8x64xbf16> {
  // expected-error @+1 {{'arith.constant' op array of shape 'vector<8x64xbf16>' does not split into (16, 128) tiles}}
  %c = arith.constant dense<1.0> : vector<8x64xbf16>
  return %c : vector<8x64xbf16>
}

