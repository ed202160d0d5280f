
func.func @broadcast_scalar_mismatched_dtype(%x: i32) {
  // expected-error @+1 {{'tessera.broadcast' op result dtype f32 does not match the operand dtype int32}}
  %r = tessera.broadcast %x : i32 -> vector<8x128xf32>
  return
}

