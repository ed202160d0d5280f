
func.func @int8_rows_not_a_multiple_of_32(%x: memref<16x200xi8, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<16x200xi8>' does not split into (32, 128) tiles}}
  %v = tessera.load %x : memref<16x200xi8, #tessera.memory_space<vmem>> -> vector<16x200xi8>
  return
}

