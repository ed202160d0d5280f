
func.func @slice_outside(%a: vector<16x128xf32>) {
  // expected-error @+1 {{'tessera.slice' op window [8, 128] at [12, 0] is outside the operand [16, 128]}}
  %r = tessera.slice %a {offsets = array<i64: 12, 0>} : vector<16x128xf32> -> vector<8x128xf32>
  return
}

