
// Two tiles stacked by rows: one view, load, op and store per tile.

// CHECK-LABEL: func.func @rows_16x128
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[O:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>)
// CHECK: %[[XV0:.*]] = tessera.view %[[X]] [0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[X0:.*]] = tessera.load %[[XV0]] : {{.*}} -> vector<8x128xf32>
// CHECK: %[[XV1:.*]] = tessera.view %[[X]] [8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
// CHECK: %[[X1:.*]] = tessera.load %[[XV1]] : {{.*}} -> vector<8x128xf32>
// CHECK: %[[Y0:.*]] = arith.mulf %[[X0]], %[[X0]] : vector<8x128xf32>
// CHECK: %[[Y1:.*]] = arith.mulf %[[X1]], %[[X1]] : vector<8x128xf32>
// CHECK: %[[Z0:.*]] = arith.addf %[[Y0]], %[[X0]] : vector<8x128xf32>
// CHECK: %[[Z1:.*]] = arith.addf %[[Y1]], %[[X1]] : vector<8x128xf32>
// CHECK: %[[OV0:.*]] = tessera.view %[[O]] [0, 0] [8, 128]
// CHECK: tessera.store %[[Z0]], %[[OV0]] : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[OV1:.*]] = tessera.view %[[O]] [8, 0] [8, 128]
// CHECK: tessera.store %[[Z1]], %[[OV1]] : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
// CHECK-NOT: vector<16x128xf32>
// CHECK: return
func.func @rows_16x128(%x: memref<16x128xf32, #tessera.memory_space<vmem>>,
                       %o: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<16x128xf32>
  %y = arith.mulf %v, %v : vector<16x128xf32>
  %z = arith.addf %y, %v : vector<16x128xf32>
  tessera.store %z, %o : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  return
}

