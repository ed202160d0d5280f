
func.func @view_wrong_result_space(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op result type 'memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<smem>>' should be 'memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>'}}
  %v = tessera.view %x[0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<smem>>
  return
}

