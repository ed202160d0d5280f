
func.func @load_from_smem(%x: memref<8x128xf32, #tessera.memory_space<smem>>) {
  // expected-error @+1 {{'tessera.load' op the vector unit can only access VMEM, but the Ref is in SMEM}}
  %v = tessera.load %x : memref<8x128xf32, #tessera.memory_space<smem>> -> vector<8x128xf32>
  return
}

