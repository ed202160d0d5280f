
// The vector math and MXU ops.

func.func @reduce_bad_kind(%x: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.reduce' op kind must be "sum", "max" or "min", not "prod"}}
  %r = tessera.reduce %x {axis = 0 : i64, kind = "prod"} : vector<8x128xf32> -> vector<1x128xf32>
  return
}

