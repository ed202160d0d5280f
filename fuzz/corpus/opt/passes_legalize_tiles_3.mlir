
func.func @rows_not_a_multiple_of_8(%x: memref<12x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<12x128xf32>' does not split into (8, 128) tiles: Tessera needs rank 2 with rows a multiple of 8 and columns a multiple of 128}}
  %v = tessera.load %x : memref<12x128xf32, #tessera.memory_space<vmem>> -> vector<12x128xf32>
  return
}

