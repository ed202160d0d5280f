
func.func @store_scalar_type(%s: memref<4xi32, #tessera.memory_space<smem>>, %x: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tessera.store_scalar' op value type 'f32' does not match the Ref dtype 'i32'}}
  tessera.store_scalar %x, %s[%c0] : f32, memref<4xi32, #tessera.memory_space<smem>>
  return
}

