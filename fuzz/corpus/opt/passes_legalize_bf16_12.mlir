
func.func @bf16_element(%x: memref<1x1xbf16, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op cannot load a column of 'vector<1x1xbf16>': a Ref of one column holds 32-bit elements (lane 0 of each padded row)}}
  %v = tessera.load %x : memref<1x1xbf16, #tessera.memory_space<vmem>> -> vector<1x1xbf16>
  return
}

