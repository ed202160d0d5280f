
func.func @broadcast_scalar_of_index(%x: index) {
  // expected-error @+1 {{'tessera.broadcast' op operand #0 must be vector of 32-bit float or bfloat16 type or 32-bit signless integer or 8-bit signless integer or 1-bit signless integer values of ranks 2 or 32-bit signless integer or 32-bit float}}
  %r = tessera.broadcast %x : index -> vector<8x128xi32>
  return
}

