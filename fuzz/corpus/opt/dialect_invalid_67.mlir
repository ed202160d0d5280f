
func.func @pack_wrong_dtype(%a: vector<8x128xi32>) {
  // expected-error @+1 {{'tessera.pack' op packs 2 operands of type 'vector<8x128xf32>' into 'vector<16x128xbf16>'}}
  %r = tessera.pack %a, %a : vector<8x128xi32>, vector<8x128xi32> -> vector<16x128xbf16>
  return
}

