
!f = memref<8x128xf32, #tessera.memory_space<vmem>>
!o = memref<16x256xf32, #tessera.memory_space<vmem>>

func.func @repeat_of_a_row(%x: !f, %o: !o) {
  %v = tessera.load %x : !f -> vector<8x128xf32>
  %row = tessera.reduce %v {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  // expected-error @+1 {{'tessera.repeat' op repeats a dimension of size 1 (use tessera.broadcast)}}
  %r = tessera.repeat %row {axis = 0 : i64, times = 8 : i64} : vector<1x128xf32> -> vector<8x128xf32>
  return
}

