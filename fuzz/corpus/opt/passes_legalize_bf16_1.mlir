
// Conversions between a storage dtype and its compute dtype are the unpack
// and the pack: extf is the unpack, truncf the pack (which rounds). A
// 16x128 bf16 value is one tile, but its arithmetic is still widened.

// CHECK-LABEL: func.func @convert
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<16x128xbf16, {{.*}}>, %[[F:[a-z0-9]+]]: memref<16x128xf32, {{.*}}>)
// CHECK: %[[B:.*]] = tessera.load %[[X]] : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
// CHECK: %[[LO:.*]] = tessera.unpack %[[B]] {part = 0 : i64}
// CHECK: %[[HI:.*]] = tessera.unpack %[[B]] {part = 1 : i64}
// CHECK: %[[E0:.*]] = math.exp %[[LO]] : vector<8x128xf32>
// CHECK: %[[E1:.*]] = math.exp %[[HI]] : vector<8x128xf32>
// CHECK: %[[V0:.*]] = tessera.view %[[F]] [0, 0] [8, 128]
// CHECK: tessera.store %[[E0]], %[[V0]] : vector<8x128xf32>
// CHECK: %[[V1:.*]] = tessera.view %[[F]] [8, 0] [8, 128]
// CHECK: tessera.store %[[E1]], %[[V1]] : vector<8x128xf32>
// CHECK: %[[T:.*]] = tessera.pack %[[E0]], %[[E1]] : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: tessera.store %[[T]], %[[X]] : vector<16x128xbf16>
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: return
func.func @convert(%x: memref<16x128xbf16, #tessera.memory_space<vmem>>,
                   %f: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  %b = tessera.load %x : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  %w = arith.extf %b : vector<16x128xbf16> to vector<16x128xf32>
  %e = math.exp %w : vector<16x128xf32>
  tessera.store %e, %f : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  %t = arith.truncf %e : vector<16x128xf32> to vector<16x128xbf16>
  tessera.store %t, %x : vector<16x128xbf16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  return
}

