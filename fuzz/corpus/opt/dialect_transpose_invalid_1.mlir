
func.func @transpose_dtype(%x: vector<128x128xf32>) {
  // expected-error @+1 {{'tessera.transpose' op changes the dtype}}
  %t = tessera.transpose %x : vector<128x128xf32> -> vector<128x128xi32>
  return
}

