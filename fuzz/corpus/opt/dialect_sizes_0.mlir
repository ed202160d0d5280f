
// A kernel's Refs and values fit the memory they name (issue 29, item 4):
// what no TensorCore can hold is a verifier error, so that no pass sizes
// anything by it (a VMEM Ref of 2^62 rows once made tile legalization ask
// for 2^59 tiles).

// expected-error @+1 {{'func.func' op an argument of type 'memref<4611686018427387904x128xf32, #tessera.memory_space<vmem>>' needs more than 9223372036854775807 bytes, more than the 16777216 bytes of VMEM}}
func.func @vmem_overflows(%v: memref<4611686018427387904x128xf32, #tessera.memory_space<vmem>>)
    attributes {tessera.kernel} {
  return
}

