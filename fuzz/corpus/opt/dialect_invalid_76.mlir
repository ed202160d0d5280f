
func.func @logistic_of_int(%x: vector<8x128xi32>) {
  // expected-error @+1 {{'tessera.logistic' op operand #0 must be vector of 32-bit float or bfloat16 type values of ranks 2}}
  %r = tessera.logistic %x : vector<8x128xi32>
  return
}

