
func.func @broadcast_mismatched_dtypes(%x: vector<1x128xf32>) {
  // expected-error @+1 {{'tessera.broadcast' op result dtype int32 does not match the operand dtype f32}}
  %r = tessera.broadcast %x : vector<1x128xf32> -> vector<8x128xi32>
  return
}

