
// expected-error @+1 {{needs 4194304 bytes, more than the 1048576 bytes of SMEM}}
func.func @smem_too_big(%s: memref<1048576xi32, #tessera.memory_space<smem>>)
    attributes {tessera.kernel} {
  return
}

