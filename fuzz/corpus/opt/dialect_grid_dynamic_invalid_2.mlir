
func.func @grid_extent_i64(%n: i64) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%n' expects different type than prior uses: 'i32' vs 'i64'}}
  tessera.grid grid [%n] semantics ["arbitrary"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

