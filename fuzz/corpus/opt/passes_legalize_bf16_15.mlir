
func.func @bitcast_bf16(%x: memref<16x128xbf16, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  // expected-error @+1 {{'arith.bitcast' op bitcast of bf16 or int8 values is not supported}}
  %b = arith.bitcast %v : vector<16x128xbf16> to vector<16x128xf16>
  return
}
