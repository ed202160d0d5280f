
func.func @element_of_a_wider_ref(%x: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  %w = tessera.view %x[0, 0] [1, 1] : memref<8x128xf32, #tessera.memory_space<vmem>> to memref<1x1xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  // expected-error @+1 {{'tessera.load' op cannot load an array of shape 'vector<1x1xf32>': Tessera moves whole (8, 128) tiles, rows of 128 columns, or all of a Ref of one column}}
  %v = tessera.load %w : memref<1x1xf32, strided<[128, 1]>, #tessera.memory_space<vmem>> -> vector<1x1xf32>
  return
}

