
func.func @row_not_a_multiple_of_128(%x: memref<1x200xbf16, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<1x200xbf16>' does not split into (1, 128) tiles: Tessera needs rank 2 with columns a multiple of 128}}
  %v = tessera.load %x : memref<1x200xbf16, #tessera.memory_space<vmem>> -> vector<1x200xbf16>
  return
}

