
// transpose_rhs: the RHS is NxK; block (kb, nb) is the 8 tiles of rows
// nb*128.. in column kb, pushed transposed.

// CHECK-LABEL: func.func @transposed
// CHECK: %[[A0:.*]] = tessera.load %{{.*}} : memref<8x128xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[A1:.*]] = tessera.load %{{.*}} : memref<8x128xf32, strided<[256, 1], offset: 128>, #tessera.memory_space<vmem>>
// CHECK: %[[T00:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, strided<[256, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[T01:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, strided<[256, 1], offset: 128>, #tessera.memory_space<vmem>>
// CHECK: %[[T10:.*]] = tessera.load %{{.*}} offset: 4096>
// CHECK: %[[T80:.*]] = tessera.load %{{.*}} offset: 32768>
// CHECK: %[[T81:.*]] = tessera.load %{{.*}} offset: 32896>
// CHECK: %[[W00:.*]] = tessera.mxu_weights %[[T00]], %[[T10]], {{.*}} {transposed = true} : vector<16x128xbf16>
// CHECK: %[[W10:.*]] = tessera.mxu_weights %[[T01]], {{.*}} {transposed = true}
// CHECK: %[[W01:.*]] = tessera.mxu_weights %[[T80]], {{.*}} {transposed = true}
// CHECK: %[[W11:.*]] = tessera.mxu_weights %[[T81]], {{.*}} {transposed = true}
// CHECK: %[[P0:.*]] = tessera.mxu_matmul %[[W00]], %[[A0]]
// CHECK: %[[P1:.*]] = tessera.mxu_matmul %[[W10]], %[[A1]]
// CHECK: arith.addf %[[P0]], %[[P1]]
// CHECK: %[[Q0:.*]] = tessera.mxu_matmul %[[W01]], %[[A0]]
// CHECK: %[[Q1:.*]] = tessera.mxu_matmul %[[W11]], %[[A1]]
// CHECK: arith.addf %[[Q0]], %[[Q1]]
func.func @transposed(%a: memref<8x256xf32, #tessera.memory_space<vmem>>,
                      %b: memref<256x256xbf16, #tessera.memory_space<vmem>>,
                      %o: memref<8x256xf32, #tessera.memory_space<vmem>>) {
  %x = tessera.load %a : memref<8x256xf32, #tessera.memory_space<vmem>> -> vector<8x256xf32>
  %y = tessera.load %b : memref<256x256xbf16, #tessera.memory_space<vmem>> -> vector<256x256xbf16>
  %c = tessera.dot %x, %y {transpose_rhs = true} : vector<8x256xf32>, vector<256x256xbf16> -> vector<8x256xf32>
  tessera.store %c, %o : vector<8x256xf32>, memref<8x256xf32, #tessera.memory_space<vmem>>
  return
}

