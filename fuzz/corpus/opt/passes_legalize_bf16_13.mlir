
func.func @bf16_column(%x: memref<16x1xbf16, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op cannot load a column of 'vector<16x1xbf16>': a Ref of one column holds 32-bit elements (lane 0 of each padded row)}}
  %v = tessera.load %x : memref<16x1xbf16, #tessera.memory_space<vmem>> -> vector<16x1xbf16>
  return
}

