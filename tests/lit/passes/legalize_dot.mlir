// RUN: tessera-opt %s -split-input-file -tessera-legalize-tiles | FileCheck %s

// tessera.dot becomes MXU weight blocks and passes. The order is the
// contract with the scheduler: weight blocks (kb, nb) nb-major, in groups of
// four (one per MXU); per group, its four mxu_weights, then for each LHS row
// tile one mxu_matmul per block; each output tile summed in kb order.

!a = memref<16x128xbf16, #tessera.memory_space<vmem>>
!b = memref<128x640xbf16, #tessera.memory_space<vmem>>
!o = memref<16x640xf32, #tessera.memory_space<vmem>>

// Five blocks (K = 128, N = 640): a group of four, then one. A block is the
// 8 packed tiles of one column of 128, rows 0-127.

// CHECK-LABEL: func.func @groups
// CHECK: %[[A:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
// CHECK: %[[B00:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, strided<[640, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[B01:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, strided<[640, 1], offset: 128>, #tessera.memory_space<vmem>>
// CHECK: %[[B02:.*]] = tessera.load %{{.*}} offset: 256>
// CHECK: %[[B03:.*]] = tessera.load %{{.*}} offset: 384>
// CHECK: %[[B04:.*]] = tessera.load %{{.*}} offset: 512>
// CHECK: %[[B10:.*]] = tessera.load %{{.*}} offset: 10240>
// CHECK: %[[L0:.*]] = tessera.unpack %[[A]] {part = 0 : i64}
// CHECK: %[[L1:.*]] = tessera.unpack %[[A]] {part = 1 : i64}
// CHECK: %[[W0:.*]] = tessera.mxu_weights %[[B00]], %[[B10]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<16x128xbf16>
// CHECK: %[[W1:.*]] = tessera.mxu_weights %[[B01]],
// CHECK: %[[W2:.*]] = tessera.mxu_weights %[[B02]],
// CHECK: %[[W3:.*]] = tessera.mxu_weights %[[B03]],
// CHECK: %[[R00:.*]] = tessera.mxu_matmul %[[W0]], %[[L0]] : vector<8x128xf32> -> vector<8x128xf32>
// CHECK: %[[R01:.*]] = tessera.mxu_matmul %[[W1]], %[[L0]]
// CHECK: %[[R02:.*]] = tessera.mxu_matmul %[[W2]], %[[L0]]
// CHECK: %[[R03:.*]] = tessera.mxu_matmul %[[W3]], %[[L0]]
// CHECK: %[[R10:.*]] = tessera.mxu_matmul %[[W0]], %[[L1]]
// CHECK: %[[R11:.*]] = tessera.mxu_matmul %[[W1]], %[[L1]]
// CHECK: %[[R12:.*]] = tessera.mxu_matmul %[[W2]], %[[L1]]
// CHECK: %[[R13:.*]] = tessera.mxu_matmul %[[W3]], %[[L1]]
// CHECK: %[[W4:.*]] = tessera.mxu_weights %[[B04]],
// CHECK: %[[R04:.*]] = tessera.mxu_matmul %[[W4]], %[[L0]]
// CHECK: %[[R14:.*]] = tessera.mxu_matmul %[[W4]], %[[L1]]
// CHECK: tessera.store %[[R00]]
// CHECK: tessera.store %[[R01]]
// CHECK: tessera.store %[[R02]]
// CHECK: tessera.store %[[R03]]
// CHECK: tessera.store %[[R04]]
// CHECK: tessera.store %[[R10]]
// CHECK-NOT: tessera.dot
// CHECK: return
func.func @groups(%a: !a, %b: !b, %o: !o) {
  %x = tessera.load %a : !a -> vector<16x128xbf16>
  %y = tessera.load %b : !b -> vector<128x640xbf16>
  %c = tessera.dot %x, %y : vector<16x128xbf16>, vector<128x640xbf16> -> vector<16x640xf32>
  tessera.store %c, %o : vector<16x640xf32>, !o
  return
}

// -----

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

// -----

// f32 at DEFAULT: the RHS is packed (rounded to bf16) in pairs of 8-row
// tiles; the f32 LHS goes in as it is (the MXU rounds it).

// CHECK-LABEL: func.func @f32_default
// CHECK: %[[A:.*]] = tessera.load %{{.*}} : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
// CHECK: %[[R0:.*]] = tessera.load %{{.*}} : memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[R1:.*]] = tessera.load %{{.*}} offset: 1024>
// CHECK: %[[R15:.*]] = tessera.load %{{.*}} offset: 15360>
// CHECK: %[[P0:.*]] = tessera.pack %[[R0]], %[[R1]] : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: %[[P7:.*]] = tessera.pack %{{.*}}, %[[R15]]
// CHECK: %[[W:.*]] = tessera.mxu_weights %[[P0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[P7]] : vector<16x128xbf16>
// CHECK: %[[C:.*]] = tessera.mxu_matmul %[[W]], %[[A]] : vector<8x128xf32> -> vector<8x128xf32>
// CHECK: tessera.store %[[C]]
func.func @f32_default(%a: memref<8x128xf32, #tessera.memory_space<vmem>>,
                       %b: memref<128x128xf32, #tessera.memory_space<vmem>>,
                       %o: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  %x = tessera.load %a : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
  %y = tessera.load %b : memref<128x128xf32, #tessera.memory_space<vmem>> -> vector<128x128xf32>
  %c = tessera.dot %x, %y : vector<8x128xf32>, vector<128x128xf32> -> vector<8x128xf32>
  tessera.store %c, %o : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
  return
}

// -----

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

// -----

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

// -----

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

// -----

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

// -----

// M = 12 and N = 208 with the right operand transposed (bf16[208, 128]):
// two LHS row tiles (the second's rows 12-15 padding), two weight blocks;
// the second block's rows 128-207 are tiles 8-12 of the operand and its
// rows past N take tile 0 (they make only output lanes past N, padding).

!a = memref<12x128xf32, #tessera.memory_space<vmem>>
!b = memref<208x128xbf16, #tessera.memory_space<vmem>>
!o = memref<12x208xf32, #tessera.memory_space<vmem>>

// CHECK-LABEL: func.func @padded_m_and_n
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} : memref<16x128xbf16, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[T8:.*]] = tessera.load %{{.*}} offset: 16384>
// CHECK: %[[T12:.*]] = tessera.load %{{.*}} offset: 24576>
// CHECK: tessera.mxu_weights %[[T0]], {{.*}} {transposed = true}
// CHECK: tessera.mxu_weights %[[T8]], %{{.*}}, %{{.*}}, %{{.*}}, %[[T12]], %[[T0]], %[[T0]], %[[T0]] {transposed = true}
// CHECK-COUNT-4: tessera.mxu_matmul
// CHECK-NOT: tessera.mxu_matmul
// CHECK-NOT: tessera.dot
// CHECK: return
func.func @padded_m_and_n(%a: !a, %b: !b, %o: !o) {
  %x = tessera.load %a : !a -> vector<12x128xf32>
  %y = tessera.load %b : !b -> vector<208x128xbf16>
  %c = tessera.dot %x, %y {transpose_rhs = true} : vector<12x128xf32>, vector<208x128xbf16> -> vector<12x208xf32>
  tessera.store %c, %o : vector<12x208xf32>, !o
  return
}

// -----

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

// -----

!a = memref<8x64xf32, #tessera.memory_space<vmem>>
!b = memref<64x128xbf16, #tessera.memory_space<vmem>>
!o = memref<8x128xf32, #tessera.memory_space<vmem>>

// K = 64: one partial K block. The LHS lanes from 64 on are zeroed (a lane
// iota compare and a select); the weight block takes the RHS's 4 packed
// tiles and, for its rows past K, a zero tile.
// CHECK-LABEL: func.func @partial_k
// CHECK: %[[X:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[I:.*]] = tessera.iota {dimension = 1 : i64} : vector<8x128xi32>
// CHECK: %[[M:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : vector<8x128xi32>
// CHECK: %[[L:.*]] = arith.select %[[M]], %[[X]], %{{.*}} : vector<8x128xi1>, vector<8x128xf32>
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16x128xbf16>
// CHECK: %[[W:.*]] = tessera.mxu_weights %[[T0]], %{{.*}}, %{{.*}}, %{{.*}}, %[[Z]], %[[Z]], %[[Z]], %[[Z]]
// CHECK: tessera.mxu_matmul %[[W]], %[[L]] : vector<8x128xf32> -> vector<8x128xf32>
func.func @partial_k(%a: !a, %b: !b, %o: !o) {
  %x = tessera.load %a : !a -> vector<8x64xf32>
  %y = tessera.load %b : !b -> vector<64x128xbf16>
  %c = tessera.dot %x, %y : vector<8x64xf32>, vector<64x128xbf16> -> vector<8x128xf32>
  tessera.store %c, %o : vector<8x128xf32>, !o
  return
}
