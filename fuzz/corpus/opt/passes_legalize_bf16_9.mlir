
func.func @bf16_row_load(%x: memref<1x128xbf16, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op cannot load a single row of 'vector<1x128xbf16>': a bf16 or int8 row is half or a quarter of a packed memory row; use at least a whole tile}}
  %v = tessera.load %x : memref<1x128xbf16, #tessera.memory_space<vmem>> -> vector<1x128xbf16>
  return
}

