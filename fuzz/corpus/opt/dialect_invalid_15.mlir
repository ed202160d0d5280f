
func.func @store_dtype_mismatch(%x: memref<8x128xi32, #tessera.memory_space<vmem>>, %v: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.store' op value dtype 'f32' does not match the Ref dtype 'i32'}}
  tessera.store %v, %x : vector<8x128xf32>, memref<8x128xi32, #tessera.memory_space<vmem>>
  return
}

