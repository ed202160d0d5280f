
func.func @iota_not_int32() {
  // expected-error @+1 {{'tessera.iota' op result #0 must be vector of 32-bit signless integer values of ranks 2}}
  %r = tessera.iota {dimension = 0 : i64} : vector<8x128xf32>
  return
}

