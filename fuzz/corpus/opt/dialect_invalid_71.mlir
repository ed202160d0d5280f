
func.func @unpack_not_a_tile(%p: vector<32x128xbf16>) {
  // expected-error @+1 {{'tessera.unpack' op operand must be vector<16x128xbf16> or vector<32x128xi8>}}
  %r = tessera.unpack %p {part = 0 : i64} : vector<32x128xbf16> -> vector<8x128xf32>
  return
}

