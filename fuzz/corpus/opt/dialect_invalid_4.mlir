
func.func @view_out_of_range(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op window [12, 20) of dimension 0 is outside the Ref's [0, 16)}}
  %v = tessera.view %x[12, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1536>, #tessera.memory_space<vmem>>
  return
}

