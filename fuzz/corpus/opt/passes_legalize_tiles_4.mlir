
func.func @columns_not_a_multiple_of_128(%x: memref<16x200xbf16, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<16x200xbf16>' does not split into (16, 128) tiles}}
  %v = tessera.load %x : memref<16x200xbf16, #tessera.memory_space<vmem>> -> vector<16x200xbf16>
  return
}

