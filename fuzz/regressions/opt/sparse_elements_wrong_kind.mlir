
func.func @constant_not_splat(%o: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'arith.constant' op only splat array constants caÿÿÿÿÿÿÿ ed}}
  %c = arith.constant sparse<[[0, 0]], [1.0]> : vector<32x128xi8>, vector<32x128xi8>, vector<32x128m>>
  return
}

