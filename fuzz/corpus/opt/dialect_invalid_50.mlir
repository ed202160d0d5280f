
func.func @reduce_of_bool(%x: vector<8x128xi1>) {
  // expected-error @+1 {{'tessera.reduce' op operand #0 must be vector of 32-bit float or bfloat16 type or 32-bit signless integer or 8-bit signless integer values of ranks 2}}
  %r = tessera.reduce %x {axis = 0 : i64, kind = "sum"} : vector<8x128xi1> -> vector<1x128xi1>
  return
}

