
// The reshapes of rank-3 values: values joined along the rows (or
// columns) and a static window of one.

// CHECK-LABEL: func.func @concat_slice
// CHECK: tessera.concat %{{.*}}, %{{.*}} {axis = 0 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xf32>
// CHECK: tessera.concat %{{.*}}, %{{.*}} {axis = 1 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
// CHECK: tessera.slice %{{.*}} {offsets = array<i64: 8, 0>} : vector<16x128xf32> -> vector<8x128xf32>
func.func @concat_slice(%a: vector<8x128xf32>, %b: vector<8x128xf32>) {
  %r = tessera.concat %a, %b {axis = 0 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xf32>
  %c = tessera.concat %a, %b {axis = 1 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
  %s = tessera.slice %r {offsets = array<i64: 8, 0>} : vector<16x128xf32> -> vector<8x128xf32>
  return
}

