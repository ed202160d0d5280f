
func.func @unpack_part_out_of_range(%p: vector<16x128xbf16>) {
  // expected-error @+1 {{'tessera.unpack' op part 2 is out of range for a 'vector<16x128xbf16>' tile (allowed: 0 to 1)}}
  %r = tessera.unpack %p {part = 2 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  return
}

