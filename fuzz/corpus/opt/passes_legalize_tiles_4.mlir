
func.func @columns_not_a_multiple_of_128(%x: memref<8x200xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<8x200xf32>' does not split into (8, 128) tiles}}
  %v = tessera.load %x : memref<8x200xf32, #tessera.memory_space<vmem>> -> vector<8x200xf32>
  return
}

