
func.func @broadcast_bad_shape(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.broadcast' op cannot broadcast shape [8, 128] to [16, 128]: dimension 0 must be 1 or 16}}
  %r = tessera.broadcast %x : vector<8x128xf32> -> vector<16x128xf32>
  return
}

