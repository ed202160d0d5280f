
func.func @multiple_of_type_change(%x: i32) {
  // expected-error @+1 {{'tessera.multiple_of' op failed to verify that all of {value, result} have same type}}
  %m = "tessera.multiple_of"(%x) <{multiple = 8 : i64}> : (i32) -> index
  return
}

