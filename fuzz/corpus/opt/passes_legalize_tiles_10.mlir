
func.func @constant_not_splat(%o: memref<16x1xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'arith.constant' op only splat array constants can be tiled}}
  %c = arith.constant dense<[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]> : vector<16x1xf32>
  tessera.store %c, %o : vector<16x1xf32>, memref<16x1xf32, #tessera.memory_space<vmem>>
  return
}

