
func.func @check_condition_not_i1(%c: i32) {
  // expected-error @+1 {{'tessera.check' op operand #0 must be 1-bit signless integer}}
  "tessera.check"(%c) <{message = "m"}> : (i32) -> ()
  return
}

