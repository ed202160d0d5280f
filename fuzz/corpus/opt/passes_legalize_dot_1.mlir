
// K = 256: the two passes of an output tile are summed in kb order.

// CHECK-LABEL: func.func @accumulate
// CHECK: %[[A0:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[A1:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[L00:.*]] = tessera.unpack %[[A0]] {part = 0 : i64}
// CHECK: %[[L01:.*]] = tessera.unpack %[[A1]] {part = 0 : i64}
// CHECK: %[[L10:.*]] = tessera.unpack %[[A0]] {part = 1 : i64}
// CHECK: %[[L11:.*]] = tessera.unpack %[[A1]] {part = 1 : i64}
// CHECK: %[[W0:.*]] = tessera.mxu_weights
// CHECK: %[[W1:.*]] = tessera.mxu_weights
// CHECK: %[[P0:.*]] = tessera.mxu_matmul %[[W0]], %[[L00]]
// CHECK: %[[P1:.*]] = tessera.mxu_matmul %[[W1]], %[[L01]]
// CHECK: %[[S0:.*]] = arith.addf %[[P0]], %[[P1]] : vector<8x128xf32>
// CHECK: %[[Q0:.*]] = tessera.mxu_matmul %[[W0]], %[[L10]]
// CHECK: %[[Q1:.*]] = tessera.mxu_matmul %[[W1]], %[[L11]]
// CHECK: %[[S1:.*]] = arith.addf %[[Q0]], %[[Q1]] : vector<8x128xf32>
// CHECK: tessera.store %[[S0]]
// CHECK: tessera.store %[[S1]]
func.func @accumulate(%a: memref<16x256xbf16, #tessera.memory_space<vmem>>,
                      %b: memref<256x128xbf16, #tessera.memory_space<vmem>>,
                      %o: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  %x = tessera.load %a : memref<16x256xbf16, #tessera.memory_space<vmem>> -> vector<16x256xbf16>
  %y = tessera.load %b : memref<256x128xbf16, #tessera.memory_space<vmem>> -> vector<256x128xbf16>
  %c = tessera.dot %x, %y : vector<16x256xbf16>, vector<256x128xbf16> -> vector<16x128xf32>
  tessera.store %c, %o : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  return
}

