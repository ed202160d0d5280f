
func.func @view_negative_offset(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op window [-8, 0) of dimension 0 is outside the Ref's [0, 16)}}
  %v = tessera.view %x[-8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: -1024>, #tessera.memory_space<vmem>>
  return
}

