
func.func @load_scalar_from_vmem(%v: memref<8x128xi32, #tessera.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{the scalar unit reads only SMEM, but the Ref is in VMEM}}
  %s = tessera.load_scalar %v[%c0, %c0] : memref<8x128xi32, #tessera.memory_space<vmem>> -> i32
  return
}

