
// expected-error @+1 {{more than the 34359738368 bytes of a chip's HBM}}
func.func @hbm_too_big(%x: memref<67108864x256xf32, #tessera.memory_space<any>>)
    attributes {tessera.kernel} {
  return
}

