
func.func @reduce_axis_out_of_range(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.reduce' op axis 2 is out of range for a rank-2 value (allowed: 0 or 1)}}
  %r = tessera.reduce %x {axis = 2 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x128xf32>
  return
}

