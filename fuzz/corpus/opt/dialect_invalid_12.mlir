
func.func @load_shape_mismatch(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op value shape [8, 128] does not match the Ref shape [16, 128]}}
  %v = tessera.load %x : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
  return
}

