
func.func @bitcast_partial_tile(%x: vector<8x128xbf16>) {
  // expected-error @+1 {{'tessera.bitcast' op operand shape [8, 128] is not whole (16, 128) tiles; a bitcast reinterprets whole vregs}}
  %r = tessera.bitcast %x : vector<8x128xbf16> -> vector<4x128xf32>
  return
}

