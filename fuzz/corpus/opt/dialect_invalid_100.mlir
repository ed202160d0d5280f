
!any = memref<512x128xf32, #tessera.memory_space<any>>
func.func @grid_block_type(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op the block of operand 0 must be 'memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>', not 'memref<128x128xf32, #tessera.memory_space<vmem>>'}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 128, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: memref<128x128xf32, #tessera.memory_space<vmem>>):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

