
func.func @load_dtype_mismatch(%x: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op value dtype 'bf16' does not match the Ref dtype 'f32'}}
  %v = tessera.load %x : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xbf16>
  return
}

