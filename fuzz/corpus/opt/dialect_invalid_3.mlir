
func.func @view_size_zero(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op size 0 of dimension 1 is outside [1, 128]}}
  %v = tessera.view %x[0, 0] [8, 0] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x0xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  return
}

