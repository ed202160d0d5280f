
func.func @not_elementwise(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) -> vector<16x128xf32> {
  %v = tessera.load %x : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<16x128xf32>
  // expected-error @+1 {{'func.return' op cannot be split into tiles}}
  return %v : vector<16x128xf32>
}
