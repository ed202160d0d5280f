
func.func @reduce_wrong_shape(%x: vector<16x256xf32>) {
  // expected-error @+1 {{'tessera.reduce' op result shape [16, 1] should be [1, 256] (the reduced axis 0 is kept with size 1)}}
  %r = tessera.reduce %x {axis = 0 : i64, kind = "sum"} : vector<16x256xf32> -> vector<16x1xf32>
  return
}

