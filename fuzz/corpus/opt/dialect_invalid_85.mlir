
func.func @roll_axis(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.roll' op axis 2 is out of range for a rank-2 value (allowed: 0 or 1)}}
  %r = tessera.roll %x {axis = 2 : i64, shift = 1 : i64} : vector<8x128xf32>
  return
}

