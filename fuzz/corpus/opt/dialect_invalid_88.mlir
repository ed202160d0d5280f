
func.func @concat_other_dimension(%a: vector<8x128xf32>, %b: vector<8x256xf32>) {
  // expected-error @+1 {{'tessera.concat' op operand shape [8, 256] differs from the result [16, 128] in dimension 1}}
  %r = tessera.concat %a, %b {axis = 0 : i64} : vector<8x128xf32>, vector<8x256xf32> -> vector<16x128xf32>
  return
}

