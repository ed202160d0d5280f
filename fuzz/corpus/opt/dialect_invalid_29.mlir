
func.func @view_of_dynamic_shape(%x: memref<?x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{needs a Ref of static shape}}
  %v = tessera.view %x[0, 0] [8, 128] : memref<?x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  return
}

