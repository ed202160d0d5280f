
func.func @pack_wrong_result(%a: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.pack' op result must be vector<16x128xbf16> or vector<32x128xi8>, not 'vector<32x128xbf16>'}}
  %r = tessera.pack %a, %a : vector<8x128xf32>, vector<8x128xf32> -> vector<32x128xbf16>
  return
}

