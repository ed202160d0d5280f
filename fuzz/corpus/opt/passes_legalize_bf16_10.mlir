
func.func @column_load(%x: memref<8x1xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op cannot load an array of shape 'vector<8x1xf32>': Tessera moves whole (8, 128) tiles or rows of 128 columns}}
  %v = tessera.load %x : memref<8x1xf32, #tessera.memory_space<vmem>> -> vector<8x1xf32>
  return
}

