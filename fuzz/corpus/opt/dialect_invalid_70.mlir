
func.func @unpack_wrong_result(%p: vector<32x128xi8>) {
  // expected-error @+1 {{'tessera.unpack' op result must be 'vector<8x128xi32>'}}
  %r = tessera.unpack %p {part = 0 : i64} : vector<32x128xi8> -> vector<8x128xf32>
  return
}

