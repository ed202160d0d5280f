
func.func @load_scalar_index_count(%s: memref<4xi32, #tessera.memory_space<smem>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{expects 1 indices, got 2}}
  %x = tessera.load_scalar %s[%c0, %c0] : memref<4xi32, #tessera.memory_space<smem>> -> i32
  return
}

