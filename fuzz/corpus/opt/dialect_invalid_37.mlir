
func.func @store_scalar_vector(%s: memref<4xi32, #tessera.memory_space<smem>>, %x: vector<8x128xi32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tessera.store_scalar' op operand #0 must be 32-bit signless integer or 32-bit float}}
  "tessera.store_scalar"(%x, %s, %c0) : (vector<8x128xi32>, memref<4xi32, #tessera.memory_space<smem>>, index) -> ()
  return
}

