
func.func @dot_n_not_multiple_of_128(%a: vector<8x128xf32>, %b: vector<128x64xf32>) {
  // expected-error @+1 {{'tessera.dot' op N (64) must be a multiple of 128}}
  %r = tessera.dot %a, %b : vector<8x128xf32>, vector<128x64xf32> -> vector<8x64xf32>
  return
}

