
// A 2x2 grid of tiles stored from a constant alone: row-major tile order,
// and already tile-sized ops are left as they are.

// CHECK-LABEL: func.func @constant_grid
// CHECK-SAME: (%[[O:[a-z0-9]+]]: memref<16x256xi32, {{.*}}>, %[[T:[a-z0-9]+]]: memref<8x128xi32, {{.*}}>)
// CHECK: %[[C:.*]] = arith.constant dense<7> : vector<8x128xi32>
// CHECK-NEXT: %[[V0:.*]] = tessera.view %[[O]] [0, 0] [8, 128]
// CHECK-NEXT: tessera.store %[[C]], %[[V0]]
// CHECK-NEXT: %[[V1:.*]] = tessera.view %[[O]] [0, 128] [8, 128]
// CHECK-NEXT: tessera.store %[[C]], %[[V1]]
// CHECK-NEXT: %[[V2:.*]] = tessera.view %[[O]] [8, 0] [8, 128]
// CHECK-NEXT: tessera.store %[[C]], %[[V2]]
// CHECK-NEXT: %[[V3:.*]] = tessera.view %[[O]] [8, 128] [8, 128]
// CHECK-NEXT: tessera.store %[[C]], %[[V3]]
// CHECK-NEXT: %[[TV:.*]] = tessera.load %[[T]] : memref<8x128xi32, #tessera.memory_space<vmem>> -> vector<8x128xi32>
// CHECK-NEXT: tessera.store %[[TV]], %[[T]] : vector<8x128xi32>, memref<8x128xi32, #tessera.memory_space<vmem>>
// CHECK-NEXT: return
func.func @constant_grid(%o: memref<16x256xi32, #tessera.memory_space<vmem>>,
                         %t: memref<8x128xi32, #tessera.memory_space<vmem>>) {
  %c = arith.constant dense<7> : vector<16x256xi32>
  tessera.store %c, %o : vector<16x256xi32>, memref<16x256xi32, #tessera.memory_space<vmem>>
  %v = tessera.load %t : memref<8x128xi32, #tessera.memory_space<vmem>> -> vector<8x128xi32>
  tessera.store %v, %t : vector<8x128xi32>, memref<8x128xi32, #tessera.memory_space<vmem>>
  return
}

