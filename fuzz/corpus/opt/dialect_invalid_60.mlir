
func.func @dot_int32(%a: vector<8x128xi32>, %b: vector<128x128xi32>) {
  // expected-error @+1 {{'tessera.dot' op int32 operands are not supported by the MXU (int32 x int32); use int8, bf16 or f32}}
  %r = tessera.dot %a, %b : vector<8x128xi32>, vector<128x128xi32> -> vector<8x128xi32>
  return
}

