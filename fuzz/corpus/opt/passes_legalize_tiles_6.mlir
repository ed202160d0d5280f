
func.func @constant_not_tileable() -> vector<8x64xf32> {
  // expected-error @+1 {{'arith.constant' op array of shape 'vector<8x64xf32>' does not split into (8, 128) tiles}}
  %c = arith.constant dense<1.0> : vector<8x64xf32>
  return %c : vector<8x64xf32>
}

