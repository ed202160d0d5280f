func.func @k(%x: memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>>, %o: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<16x128xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>, #tessera.memory_space<vmem>> -> vector<16x128xf32>
  tessera.store %v, %o : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  return
}
