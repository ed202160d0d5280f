
func.func @dot_m_not_whole_bf16_tiles(%a: vector<8x128xbf16>, %b: vector<128x128xbf16>) {
  // expected-error @+1 {{'tessera.dot' op M (8) must be a multiple of 16 (the rows of a bf16 tile)}}
  %r = tessera.dot %a, %b : vector<8x128xbf16>, vector<128x128xbf16> -> vector<8x128xf32>
  return
}

