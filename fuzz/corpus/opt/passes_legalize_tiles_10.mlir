
func.func @constant_not_splat(%o: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'arith.constant' op only splat array constants can be tiled}}
  %c = arith.constant sparse<[[0, 0]], [1.0]> : vector<16x128xf32>
  tessera.store %c, %o : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  return
}

