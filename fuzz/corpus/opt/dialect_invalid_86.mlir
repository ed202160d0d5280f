
func.func @extract_sublane_range(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.extract_sublane' op sublane 8 is out of range [0, 7]}}
  %r = tessera.extract_sublane %x {sublane = 8 : i64} : vector<8x128xf32> -> vector<1x128xf32>
  return
}

