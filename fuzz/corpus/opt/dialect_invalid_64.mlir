
func.func @dot_bad_precision(%a: vector<8x128xf32>, %b: vector<128x128xf32>) {
  // expected-error @+1 {{'tessera.dot' op precision must be "default" or "highest", not "high"}}
  %r = tessera.dot %a, %b {precision = "high"} : vector<8x128xf32>, vector<128x128xf32> -> vector<8x128xf32>
  return
}

