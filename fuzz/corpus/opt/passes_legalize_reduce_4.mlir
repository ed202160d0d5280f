
// Iota: each tile starts at its first row (dimension 0) or column
// (dimension 1), plus the op's offset; equal tiles are one op. Along a
// dimension of size 1 it is a constant.

// CHECK-LABEL: func.func @iota
// CHECK: %[[R0:.*]] = tessera.iota {dimension = 0 : i64} : vector<8x128xi32>
// CHECK: %[[R1:.*]] = tessera.iota {dimension = 0 : i64, offset = 8 : i64} : vector<8x128xi32>
// CHECK-NOT: tessera.iota {dimension = 0
// CHECK: %[[C0:.*]] = tessera.iota {dimension = 1 : i64, offset = 5 : i64} : vector<8x128xi32>
// CHECK: %[[C1:.*]] = tessera.iota {dimension = 1 : i64, offset = 133 : i64} : vector<8x128xi32>
// CHECK: %[[L0:.*]] = tessera.iota {dimension = 1 : i64} : vector<1x128xi32>
// CHECK: %[[L1:.*]] = tessera.iota {dimension = 1 : i64, offset = 128 : i64} : vector<1x128xi32>
// CHECK: arith.constant dense<0> : vector<1x128xi32>
// CHECK: tessera.view %{{.*}} [0, 0] [8, 128]
// CHECK: tessera.store %[[R0]]
// CHECK: tessera.view %{{.*}} [0, 128] [8, 128]
// CHECK: tessera.store %[[R0]]
// CHECK: tessera.view %{{.*}} [8, 0] [8, 128]
// CHECK: tessera.store %[[R1]]
// CHECK: tessera.view %{{.*}} [8, 128] [8, 128]
// CHECK: tessera.store %[[R1]]
func.func @iota(%o: memref<16x256xi32, #tessera.memory_space<vmem>>,
                %p: memref<16x256xi32, #tessera.memory_space<vmem>>,
                %q: memref<1x256xi32, #tessera.memory_space<vmem>>) -> vector<1x128xi32> {
  %r = tessera.iota {dimension = 0 : i64} : vector<16x256xi32>
  %c = tessera.iota {dimension = 1 : i64, offset = 5 : i64} : vector<16x256xi32>
  %l = tessera.iota {dimension = 1 : i64} : vector<1x256xi32>
  %z = tessera.iota {dimension = 0 : i64} : vector<1x128xi32>
  tessera.store %r, %o : vector<16x256xi32>, memref<16x256xi32, #tessera.memory_space<vmem>>
  tessera.store %c, %p : vector<16x256xi32>, memref<16x256xi32, #tessera.memory_space<vmem>>
  tessera.store %l, %q : vector<1x256xi32>, memref<1x256xi32, #tessera.memory_space<vmem>>
  return %z : vector<1x128xi32>
}

