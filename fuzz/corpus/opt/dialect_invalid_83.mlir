
func.func @repeat_zero_times(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.repeat' op times must be at least 1, not 0}}
  %r = tessera.repeat %x {axis = 0 : i64, times = 0 : i64} : vector<8x128xf32> -> vector<8x128xf32>
  return
}

