
!f = memref<128x128xf32, #tessera.memory_space<vmem>>

// A mask has no transpose (the DSL says so at the user's line).

func.func @transpose_mask(%x: !f) {
  %v = tessera.load %x : !f -> vector<128x128xf32>
  %m = arith.cmpf olt, %v, %v : vector<128x128xf32>
  // expected-error @+1 {{'tessera.transpose' op transposes numbers whose both dimensions are multiples of 128 (whole 128x128 blocks for the XLU), not 'vector<128x128xi1>'}}
  %t = tessera.transpose %m : vector<128x128xi1> -> vector<128x128xi1>
  return
}
