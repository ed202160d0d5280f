
!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_output_ring(%o: !any) {
  // expected-error @+1 {{'tessera.grid' op output 0 is written back from 2 buffers, not 3}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 1 outs(%o : !any)
      blocks [array<i64: 128, 128>] buffers [3] index_maps {
      ^bb0(%i: i32):
        tessera.yield %i, %i : i32, i32
      } body {
      ^bb0(%i: i32, %ob: !blk):
        tessera.yield
      } {labels = ["output 0"], names = ["o"]}
  return
}

