
func.func @reduce_mismatched_dtypes(%x: vector<16x128xbf16>) {
  // expected-error @+1 {{'tessera.reduce' op result dtype f32 does not match the operand dtype bf16}}
  %r = tessera.reduce %x {axis = 0 : i64, kind = "sum"} : vector<16x128xbf16> -> vector<1x128xf32>
  return
}

