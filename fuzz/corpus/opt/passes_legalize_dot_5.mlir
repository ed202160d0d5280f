
// int8: four 32-row tiles per block; the LHS units are the unpacked int8
// rows (the MXU reads their low 8 bits); i32 results.

// CHECK-LABEL: func.func @int8
// CHECK: %[[A:.*]] = tessera.load %{{.*}} -> vector<32x128xi8>
// CHECK: %[[B0:.*]] = tessera.load %{{.*}} : memref<32x128xi8, strided<[128, 1]>, #tessera.memory_space<vmem>> -> vector<32x128xi8>
// CHECK: %[[B1:.*]] = tessera.load %{{.*}} offset: 4096>
// CHECK: %[[B2:.*]] = tessera.load %{{.*}} offset: 8192>
// CHECK: %[[B3:.*]] = tessera.load %{{.*}} offset: 12288>
// CHECK: %[[L0:.*]] = tessera.unpack %[[A]] {part = 0 : i64} : vector<32x128xi8> -> vector<8x128xi32>
// CHECK: %[[L1:.*]] = tessera.unpack %[[A]] {part = 1 : i64}
// CHECK: %[[L2:.*]] = tessera.unpack %[[A]] {part = 2 : i64}
// CHECK: %[[L3:.*]] = tessera.unpack %[[A]] {part = 3 : i64}
// CHECK: %[[W:.*]] = tessera.mxu_weights %[[B0]], %[[B1]], %[[B2]], %[[B3]] : vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>
// CHECK: tessera.mxu_matmul %[[W]], %[[L0]] : vector<8x128xi32> -> vector<8x128xi32>
// CHECK: tessera.mxu_matmul %[[W]], %[[L1]]
// CHECK: tessera.mxu_matmul %[[W]], %[[L2]]
// CHECK: tessera.mxu_matmul %[[W]], %[[L3]]
func.func @int8(%a: memref<32x128xi8, #tessera.memory_space<vmem>>,
                %b: memref<128x128xi8, #tessera.memory_space<vmem>>,
                %o: memref<32x128xi32, #tessera.memory_space<vmem>>) {
  %x = tessera.load %a : memref<32x128xi8, #tessera.memory_space<vmem>> -> vector<32x128xi8>
  %y = tessera.load %b : memref<128x128xi8, #tessera.memory_space<vmem>> -> vector<128x128xi8>
  %c = tessera.dot %x, %y : vector<32x128xi8>, vector<128x128xi8> -> vector<32x128xi32>
  tessera.store %c, %o : vector<32x128xi32>, memref<32x128xi32, #tessera.memory_space<vmem>>
  return
}

