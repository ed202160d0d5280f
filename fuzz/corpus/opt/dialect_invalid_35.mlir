
func.func @store_scalar_index_count(%s: memref<4xi32, #tessera.memory_space<smem>>, %x: i32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tessera.store_scalar' op expects 1 indices, got 2}}
  tessera.store_scalar %x, %s[%c0, %c0] : i32, memref<4xi32, #tessera.memory_space<smem>>
  return
}

