
func.func @multiple_of_negative(%x: index) {
  // expected-error @+1 {{'tessera.multiple_of' op multiple must be positive, got -8}}
  %m = tessera.multiple_of %x, -8 : index
  return
}

