
func.func @multiple_of_zero(%x: i32) {
  // expected-error @+1 {{'tessera.multiple_of' op multiple must be positive, got 0}}
  %m = tessera.multiple_of %x, 0 : i32
  return
}

