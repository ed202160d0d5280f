
func.func @view_not_strided(%x: memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op source Ref has no strided layout}}
  %v = tessera.view %x[0, 0] [8, 128] : memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>> to memref<8x128xf32, #tessera.memory_space<vmem>>
  return
}

