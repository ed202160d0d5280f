
func.func @load_from_hbm(%x: memref<8x128xf32, #tessera.memory_space<any>>) {
  // expected-error @+1 {{'tessera.load' op the vector unit can only access VMEM, but the Ref is in ANY (HBM); copy it to a VMEM scratch buffer with a DMA first}}
  %v = tessera.load %x : memref<8x128xf32, #tessera.memory_space<any>> -> vector<8x128xf32>
  return
}

