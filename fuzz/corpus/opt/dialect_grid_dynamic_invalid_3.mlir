
func.func @grid_static_negative(%n: i32) {
  // expected-error @+1 {{'tessera.grid' op grid extents must be at least 1, not -1}}
  tessera.grid grid [%n, -1] semantics ["arbitrary", "arbitrary"] cores 1 blocks [] buffers []
      body {
  ^bb0(%i: i32, %j: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

