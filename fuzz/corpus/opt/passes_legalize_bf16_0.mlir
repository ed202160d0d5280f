
// bf16 and int8 are packed in tiles and computed widened: every op unpacks
// its operands, computes in f32 or i32 and packs (rounds or wraps) again.

!bv = memref<32x128xbf16, #tessera.memory_space<vmem>>

// A bf16 array of two packed 16x128 tiles: one 16-row window per tile. The
// second op reads the first one's result through round_bf16 (unpack of a
// pack), so every op is rounded.

// CHECK-LABEL: func.func @bf16_chain
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<32x128xbf16, {{.*}}>, %[[O:[a-z0-9]+]]: memref<32x128xbf16, {{.*}}>)
// CHECK: %[[XV0:.*]] = tessera.view %[[X]] [0, 0] [16, 128] : memref<32x128xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[X0:.*]] = tessera.load %[[XV0]] : {{.*}} -> vector<16x128xbf16>
// CHECK: %[[XV1:.*]] = tessera.view %[[X]] [16, 0] [16, 128] : memref<32x128xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
// CHECK: %[[X1:.*]] = tessera.load %[[XV1]] : {{.*}} -> vector<16x128xbf16>
// CHECK: %[[U0:.*]] = tessera.unpack %[[X0]] {part = 0 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
// CHECK: %[[U1:.*]] = tessera.unpack %[[X0]] {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
// CHECK: %[[U2:.*]] = tessera.unpack %[[X1]] {part = 0 : i64}
// CHECK: %[[U3:.*]] = tessera.unpack %[[X1]] {part = 1 : i64}
// CHECK: %[[A0:.*]] = arith.addf %[[U0]], %[[U0]] : vector<8x128xf32>
// CHECK: %[[A1:.*]] = arith.addf %[[U1]], %[[U1]] : vector<8x128xf32>
// CHECK: %[[A2:.*]] = arith.addf %[[U2]], %[[U2]] : vector<8x128xf32>
// CHECK: %[[A3:.*]] = arith.addf %[[U3]], %[[U3]] : vector<8x128xf32>
// CHECK: tessera.pack %[[A0]], %[[A1]] : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: tessera.pack %[[A2]], %[[A3]]
// CHECK: %[[R0:.*]] = tessera.round_bf16 %[[A0]] : vector<8x128xf32>
// CHECK: %[[R1:.*]] = tessera.round_bf16 %[[A1]]
// CHECK: %[[R2:.*]] = tessera.round_bf16 %[[A2]]
// CHECK: %[[R3:.*]] = tessera.round_bf16 %[[A3]]
// CHECK: %[[M0:.*]] = arith.mulf %[[R0]], %[[U0]] : vector<8x128xf32>
// CHECK: %[[M1:.*]] = arith.mulf %[[R1]], %[[U1]]
// CHECK: %[[M2:.*]] = arith.mulf %[[R2]], %[[U2]]
// CHECK: %[[M3:.*]] = arith.mulf %[[R3]], %[[U3]]
// CHECK: %[[P0:.*]] = tessera.pack %[[M0]], %[[M1]] : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: %[[P1:.*]] = tessera.pack %[[M2]], %[[M3]]
// CHECK: %[[OV0:.*]] = tessera.view %[[O]] [0, 0] [16, 128]
// CHECK: tessera.store %[[P0]], %[[OV0]] : vector<16x128xbf16>, memref<16x128xbf16, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[OV1:.*]] = tessera.view %[[O]] [16, 0] [16, 128]
// CHECK: tessera.store %[[P1]], %[[OV1]]
// CHECK-NOT: vector<32x128xbf16>
// CHECK: return
func.func @bf16_chain(%x: !bv, %o: !bv) {
  %v = tessera.load %x : !bv -> vector<32x128xbf16>
  %a = arith.addf %v, %v : vector<32x128xbf16>
  %m = arith.mulf %a, %v : vector<32x128xbf16>
  tessera.store %m, %o : vector<32x128xbf16>, !bv
  return
}

