
func.func @roll_negative_shift(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.roll' op shift -1 is negative (pltpu.roll takes shift >= 0)}}
  %r = tessera.roll %x {axis = 1 : i64, shift = -1 : i64} : vector<8x128xf32>
  return
}

