
// Every axis at run time, and the extents' order kept.

// CHECK-LABEL: func.func @grid_all_runtime
// CHECK: tessera.grid grid [%arg0, 3, %arg1] semantics ["arbitrary", "arbitrary", "arbitrary"] cores 1 blocks [] buffers [] body {
func.func @grid_all_runtime(%a: i32, %b: i32) {
  tessera.grid grid [%a, 3, %b] semantics ["arbitrary", "arbitrary", "arbitrary"] cores 1
      blocks [] buffers [] body {
  ^bb0(%i: i32, %j: i32, %k: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}
