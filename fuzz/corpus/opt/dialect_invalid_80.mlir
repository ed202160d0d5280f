
func.func @bitcast_columns(%x: vector<8x256xf32>) {
  // expected-error @+1 {{'tessera.bitcast' op columns change from 256 to 128; a bitcast scales the rows only}}
  %r = tessera.bitcast %x : vector<8x256xf32> -> vector<32x128xbf16>
  return
}

