
func.func @rows_of_part_of_a_packed_tile(%x: memref<8x200xbf16, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<8x200xbf16>' does not split into (16, 128) tiles: Tessera needs rank 2 with rows a multiple of 16 (a packed dtype's last tiles may be padded along the lanes only)}}
  %v = tessera.load %x : memref<8x200xbf16, #tessera.memory_space<vmem>> -> vector<8x200xbf16>
  return
}

