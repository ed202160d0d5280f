
// Every error the tessera verifiers report, with its message.

func.func @view_wrong_rank(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.view' op expects 2 offsets and sizes for a Ref of rank 2}}
  %v = tessera.view %x[0] [8] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8xf32, strided<[128]>, #tessera.memory_space<vmem>>
  return
}

