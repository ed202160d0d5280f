
func.func @multiple_of_float(%x: f32) {
  // expected-error @+1 {{'tessera.multiple_of' op operand #0 must be 32-bit signless integer or index}}
  %m = "tessera.multiple_of"(%x) <{multiple = 8 : i64}> : (f32) -> f32
  return
}

