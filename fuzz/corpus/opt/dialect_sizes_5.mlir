
func.func @value_too_big(%v: memref<8x128xf32, #tessera.memory_space<vmem>>)
    attributes {tessera.kernel} {
  // expected-error @+1 {{'arith.constant' op a result of type 'vector<8192x1024xf32>' needs 33554432 bytes, more than the 16777216 bytes of VMEM a value can live in}}
  %c = arith.constant dense<1.0> : vector<8192x1024xf32>
  return
}

