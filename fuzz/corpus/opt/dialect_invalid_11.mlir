
func.func @store_to_hbm(%x: memref<8x128xf32, #tessera.memory_space<hbm>>, %v: vector<8x128xf32>) {
  // expected-error @+1 {{'tessera.store' op the vector unit can only access VMEM, but the Ref is in HBM}}
  tessera.store %v, %x : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<hbm>>
  return
}

