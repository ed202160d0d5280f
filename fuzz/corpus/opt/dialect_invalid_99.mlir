
!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_index_map_arity(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op index map 0 must yield 2 i32 block indices}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 128, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i : i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

