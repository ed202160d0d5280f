
!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_parallel_after_arbitrary(%x: !any) {
  // expected-error @+1 {{'tessera.grid' op parallel axes must come before arbitrary ones}}
  tessera.grid grid [4, 2] semantics ["arbitrary", "parallel"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32, %j: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

