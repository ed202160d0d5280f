
func.func @grid_empty_axis() {
  // expected-error @+1 {{'tessera.grid' op grid extents must be at least 1, not 0}}
  tessera.grid grid [0] semantics ["arbitrary"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

