
func.func @dot_k_not_multiple_of_128(%a: vector<8x192xf32>, %b: vector<192x128xf32>) {
  // expected-error @+1 {{'tessera.dot' op K (192) must be a multiple of 128}}
  %r = tessera.dot %a, %b : vector<8x192xf32>, vector<192x128xf32> -> vector<8x128xf32>
  return
}

