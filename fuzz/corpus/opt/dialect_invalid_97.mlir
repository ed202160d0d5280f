
!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_block_empty(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op block shape 0 array<i64: 0, 128> is empty}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 ins(%x : !any)
      blocks [array<i64: 0, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !blk):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

