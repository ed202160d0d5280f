
func.func @grid_two_cores_nothing_parallel() {
  // expected-error @+1 {{'tessera.grid' op splits the grid across 2 cores but has no parallel axis}}
  tessera.grid grid [4] semantics ["arbitrary"] cores 2 blocks [] buffers [] body {
  ^bb0(%i: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

