
func.func @grid_semantics_count() {
  // expected-error @+1 {{'tessera.grid' op has 1 dimension_semantics for a grid of 2 axes}}
  tessera.grid grid [4, 2] semantics ["parallel"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32, %j: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

