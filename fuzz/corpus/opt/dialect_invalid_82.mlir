
func.func @repeat_wrong_shape(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.repeat' op result shape [8, 256] should be [8, 384]}}
  %r = tessera.repeat %x {axis = 1 : i64, times = 3 : i64} : vector<8x128xf32> -> vector<8x256xf32>
  return
}

