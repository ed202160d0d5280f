
func.func @view_offset_operand_count(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // The custom syntax cannot say this; the generic form can.
  // expected-error @+1 {{'tessera.view' op expects one index operand per dynamic offset}}
  %v = "tessera.view"(%x) <{static_offsets = array<i64: -9223372036854775808, 0>, sizes = array<i64: 8, 128>}> : (memref<16x128xf32, #tessera.memory_space<vmem>>) -> memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
  return
}

