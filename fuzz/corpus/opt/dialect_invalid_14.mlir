
func.func @store_shape_mismatch(%x: memref<8x256xf32, #tessera.memory_space<vmem>>, %v: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.store' op value shape [8, 128] does not match the Ref shape [8, 256]}}
  tessera.store %v, %x : vector<8x128xf32>, memref<8x256xf32, #tessera.memory_space<vmem>>
  return
}

