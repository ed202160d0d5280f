
// expected-error @+1 {{'func.func' op an argument of type 'memref<32776x128xf32, #tessera.memory_space<vmem>>' needs 16781312 bytes, more than the 16777216 bytes of VMEM}}
func.func @vmem_too_big(%v: memref<32776x128xf32, #tessera.memory_space<vmem>>)
    attributes {tessera.kernel} {
  return
}

