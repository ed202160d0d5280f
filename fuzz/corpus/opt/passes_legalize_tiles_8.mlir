
func.func @rank_3(%x: memref<2x8x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<2x8x128xf32>' does not split into (8, 128) tiles: Tessera needs rank 2}}
  %v = tessera.load %x : memref<2x8x128xf32, #tessera.memory_space<vmem>> -> vector<2x8x128xf32>
  return
}

