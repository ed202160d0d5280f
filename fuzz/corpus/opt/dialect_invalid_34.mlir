
func.func @store_scalar_to_vmem(%v: memref<8x128xi32, #tessera.memory_space<vmem>>, %x: i32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tessera.store_scalar' op the scalar unit writes only SMEM, but the Ref is in VMEM}}
  tessera.store_scalar %x, %v[%c0, %c0] : i32, memref<8x128xi32, #tessera.memory_space<vmem>>
  return
}

