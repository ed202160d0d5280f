
func.func @view_wrong_result_type(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // The window starts at row 8: the result's offset must say 1024.
  // expected-error @+1 {{'tessera.view' op result type 'memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>' should be 'memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>'}}
  %v = tessera.view %x[8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  return
}

