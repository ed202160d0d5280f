
func.func @concat_of_part_tiles(%a: vector<8x128xf32>) {
  %r = tessera.reduce %a {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  // expected-error @+1 {{'tessera.concat' op joins operands that are not whole (8, 128) tiles along axis 0 (nor one-row operands along axis 0)}}
  %t = tessera.concat %a, %r, %r, %r, %r, %r, %r, %r, %r {axis = 0 : i64} : vector<8x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32> -> vector<16x128xf32>
  return
}
