
func.func @load_scalar_type(%s: memref<4xi32, #tessera.memory_space<smem>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{result type 'f32' does not match the Ref dtype 'i32'}}
  %x = tessera.load_scalar %s[%c0] : memref<4xi32, #tessera.memory_space<smem>> -> f32
  return
}

