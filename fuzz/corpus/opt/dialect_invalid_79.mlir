
func.func @bitcast_rows_not_scaled(%x: vector<16x128xf32>) {
  // expected-error @+1 {{'tessera.bitcast' op rows 16 x 32 bits != 16 x 16 bits: shape[-2] must scale by the bit-width ratio}}
  %r = tessera.bitcast %x : vector<16x128xf32> -> vector<16x128xbf16>
  return
}

