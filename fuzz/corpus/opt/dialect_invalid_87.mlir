
func.func @concat_wrong_sum(%a: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.concat' op result dimension 0 is 24, not the operands' sum 16}}
  %r = tessera.concat %a, %a {axis = 0 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<24x128xf32>
  return
}

