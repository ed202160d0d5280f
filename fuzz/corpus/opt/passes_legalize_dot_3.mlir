
// f32 at HIGHEST: x = x1 + x2 + x3 in bf16 parts (x2 from x - bf16(x), x3
// from that minus its bf16 rounding; pack and the MXU round each part), six
// passes summed in the order (a3,b1), (a2,b2), (a1,b3), (a2,b1), (a1,b2),
// (a1,b1): the first four blocks are one group, the last two another.

// CHECK-LABEL: func.func @f32_highest
// CHECK: %[[A:.*]] = tessera.load %{{.*}} : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
// CHECK: %[[R0:.*]] = tessera.load %{{.*}} : memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[R1:.*]] = tessera.load %{{.*}} offset: 1024>
// CHECK: %[[B1:.*]] = tessera.pack %[[R0]], %[[R1]]
// CHECK: %[[WB1:.*]] = tessera.mxu_weights %[[B1]],
// CHECK: %[[R0H:.*]] = tessera.round_bf16 %[[R0]]
// CHECK: %[[R0L:.*]] = arith.subf %[[R0]], %[[R0H]]
// CHECK: %[[R1H:.*]] = tessera.round_bf16 %[[R1]]
// CHECK: %[[R1L:.*]] = arith.subf %[[R1]], %[[R1H]]
// CHECK: %[[B2:.*]] = tessera.pack %[[R0L]], %[[R1L]]
// CHECK: %[[WB2:.*]] = tessera.mxu_weights %[[B2]],
// CHECK: %[[R0LH:.*]] = tessera.round_bf16 %[[R0L]]
// CHECK: %[[R0LL:.*]] = arith.subf %[[R0L]], %[[R0LH]]
// CHECK: %[[R1LH:.*]] = tessera.round_bf16 %[[R1L]]
// CHECK: %[[R1LL:.*]] = arith.subf %[[R1L]], %[[R1LH]]
// CHECK: %[[B3:.*]] = tessera.pack %[[R0LL]], %[[R1LL]]
// CHECK: %[[WB3:.*]] = tessera.mxu_weights %[[B3]],
// CHECK: %[[WB1B:.*]] = tessera.mxu_weights %[[B1]],
// CHECK: %[[AH:.*]] = tessera.round_bf16 %[[A]]
// CHECK: %[[A2:.*]] = arith.subf %[[A]], %[[AH]]
// CHECK: %[[A2H:.*]] = tessera.round_bf16 %[[A2]]
// CHECK: %[[A3:.*]] = arith.subf %[[A2]], %[[A2H]]
// CHECK: %[[T1:.*]] = tessera.mxu_matmul %[[WB1]], %[[A3]]
// CHECK: %[[T2:.*]] = tessera.mxu_matmul %[[WB2]], %[[A2]]
// CHECK: %[[S2:.*]] = arith.addf %[[T1]], %[[T2]]
// CHECK: %[[T3:.*]] = tessera.mxu_matmul %[[WB3]], %[[A]]
// CHECK: %[[S3:.*]] = arith.addf %[[S2]], %[[T3]]
// CHECK: %[[T4:.*]] = tessera.mxu_matmul %[[WB1B]], %[[A2]]
// CHECK: %[[S4:.*]] = arith.addf %[[S3]], %[[T4]]
// CHECK: %[[WB2B:.*]] = tessera.mxu_weights %[[B2]],
// CHECK: %[[WB1C:.*]] = tessera.mxu_weights %[[B1]],
// CHECK: %[[T5:.*]] = tessera.mxu_matmul %[[WB2B]], %[[A]]
// CHECK: %[[S5:.*]] = arith.addf %[[S4]], %[[T5]]
// CHECK: %[[T6:.*]] = tessera.mxu_matmul %[[WB1C]], %[[A]]
// CHECK: %[[S6:.*]] = arith.addf %[[S5]], %[[T6]]
// CHECK: tessera.store %[[S6]]
func.func @f32_highest(%a: memref<8x128xf32, #tessera.memory_space<vmem>>,
                       %b: memref<128x128xf32, #tessera.memory_space<vmem>>,
                       %o: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  %x = tessera.load %a : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
  %y = tessera.load %b : memref<128x128xf32, #tessera.memory_space<vmem>> -> vector<128x128xf32>
  %c = tessera.dot %x, %y {precision = "highest"} : vector<8x128xf32>, vector<128x128xf32> -> vector<8x128xf32>
  tessera.store %c, %o : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
  return
}

