
// One row by one column (M = N = 1): the LHS row (a 1x128 tile replicated
// over the sublanes) and each 8x1 unit of the RHS column (replicated over
// the lanes) are broadcast to the 8x128 units the MXU takes, the column's
// units packed in pairs; the result's sublanes and lanes are then equal,
// and a max over each leaves the 1x1 tile.

!a = memref<1x128xf32, #tessera.memory_space<vmem>>
!b = memref<128x1xf32, #tessera.memory_space<vmem>>
!o = memref<1x1xf32, #tessera.memory_space<vmem>>

// CHECK-LABEL: func.func @one_row_by_one_column
// CHECK: %[[ROW:.*]] = tessera.load %{{.*}} -> vector<1x128xf32>
// CHECK: %[[U0:.*]] = tessera.load %{{.*}} -> vector<8x1xf32>
// CHECK: %[[L:.*]] = tessera.broadcast %[[ROW]] : vector<1x128xf32> -> vector<8x128xf32>
// CHECK: %[[W0:.*]] = tessera.broadcast %[[U0]] : vector<8x1xf32> -> vector<8x128xf32>
// CHECK: %[[P0:.*]] = tessera.pack %[[W0]], %{{.*}} : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: %[[W:.*]] = tessera.mxu_weights %[[P0]],
// CHECK: %[[R:.*]] = tessera.mxu_matmul %[[W]], %[[L]] : vector<8x128xf32> -> vector<8x128xf32>
// CHECK: %[[R1:.*]] = tessera.reduce %[[R]] {axis = 0 : i64, kind = "max"} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: %[[R2:.*]] = tessera.reduce %[[R1]] {axis = 1 : i64, kind = "max"} : vector<1x128xf32> -> vector<1x1xf32>
// CHECK: tessera.store %[[R2]]
func.func @one_row_by_one_column(%a: !a, %b: !b, %o: !o) {
  %x = tessera.load %a : !a -> vector<1x128xf32>
  %y = tessera.load %b : !b -> vector<128x1xf32>
  %c = tessera.dot %x, %y : vector<1x128xf32>, vector<128x1xf32> -> vector<1x1xf32>
  tessera.store %c, %o : vector<1x1xf32>, !o
  return
}
