
// bf16 x f32 at HIGHEST: the bf16 side has one part, so three passes:
// (a1,b3), (a1,b2), (a1,b1).

// CHECK-LABEL: func.func @mixed_highest
// CHECK: %[[L0:.*]] = tessera.unpack %{{.*}} {part = 0 : i64}
// CHECK: %[[W3:.*]] = tessera.mxu_weights
// CHECK: %[[W2:.*]] = tessera.mxu_weights
// CHECK: %[[W1:.*]] = tessera.mxu_weights
// CHECK-NOT: tessera.mxu_weights
// CHECK: %[[T3:.*]] = tessera.mxu_matmul %[[W3]], %[[L0]]
// CHECK: %[[T2:.*]] = tessera.mxu_matmul %[[W2]], %[[L0]]
// CHECK: %[[S2:.*]] = arith.addf %[[T3]], %[[T2]]
// CHECK: %[[T1:.*]] = tessera.mxu_matmul %[[W1]], %[[L0]]
// CHECK: arith.addf %[[S2]], %[[T1]]
func.func @mixed_highest(%a: memref<16x128xbf16, #tessera.memory_space<vmem>>,
                         %b: memref<128x128xf32, #tessera.memory_space<vmem>>,
                         %o: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  %x = tessera.load %a : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  %y = tessera.load %b : memref<128x128xf32, #tessera.memory_space<vmem>> -> vector<128x128xf32>
  %c = tessera.dot %x, %y {precision = "highest"} : vector<16x128xbf16>, vector<128x128xf32> -> vector<16x128xf32>
  tessera.store %c, %o : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  return
}

