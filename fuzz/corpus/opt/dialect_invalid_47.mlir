
func.func @reduce_negative_axis(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.reduce' op axis -1 is out of range for a rank-2 value (allowed: 0 or 1)}}
  %r = tessera.reduce %x {axis = -1 : i64, kind = "sum"} : vector<8x128xf32> -> vector<8x1xf32>
  return
}

