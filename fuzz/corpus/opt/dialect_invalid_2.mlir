
func.func @view_size_too_big(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op size 32 of dimension 0 is outside [1, 16]}}
  %v = tessera.view %x[0, 0] [32, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<32x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  return
}

