
func.func @dot_mismatched_dtypes(%a: vector<32x128xi8>, %b: vector<128x128xf32>) {
  // expected-error @+1 {{'tessera.dot' op mismatched dtypes int8 x f32: the MXU multiplies bf16/f32 with bf16/f32, or int8 with int8}}
  %r = tessera.dot %a, %b : vector<32x128xi8>, vector<128x128xf32> -> vector<32x128xf32>
  return
}

