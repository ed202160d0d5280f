
// int8: four units per 32x128 tile, computed in i32 and wrapped by the
// pack. A logical right shift masks the sign-extended unit to 8 bits first.
// extsi is the unpack, trunci the pack. The int8 constant needs no unpack.

// CHECK-LABEL: func.func @int8
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<32x128xi8, {{.*}}>, %[[W:[a-z0-9]+]]: memref<32x128xi32, {{.*}}>)
// CHECK: %[[T:.*]] = tessera.load %[[X]] : memref<32x128xi8, #tessera.memory_space<vmem>> -> vector<32x128xi8>
// CHECK: %[[K:.*]] = arith.constant dense<3> : vector<8x128xi32>
// CHECK: %[[U0:.*]] = tessera.unpack %[[T]] {part = 0 : i64} : vector<32x128xi8> -> vector<8x128xi32>
// CHECK: %[[U1:.*]] = tessera.unpack %[[T]] {part = 1 : i64}
// CHECK: %[[U2:.*]] = tessera.unpack %[[T]] {part = 2 : i64}
// CHECK: %[[U3:.*]] = tessera.unpack %[[T]] {part = 3 : i64}
// CHECK: %[[MASK:.*]] = arith.constant dense<255> : vector<8x128xi32>
// CHECK: %[[Z0:.*]] = arith.andi %[[U0]], %[[MASK]]
// CHECK: %[[S0:.*]] = arith.shrui %[[Z0]], %[[K]] : vector<8x128xi32>
// CHECK: %[[Z1:.*]] = arith.andi %[[U1]], %[[MASK]]
// CHECK: %[[S1:.*]] = arith.shrui %[[Z1]], %[[K]]
// CHECK: %[[Z2:.*]] = arith.andi %[[U2]], %[[MASK]]
// CHECK: %[[S2:.*]] = arith.shrui %[[Z2]], %[[K]]
// CHECK: %[[Z3:.*]] = arith.andi %[[U3]], %[[MASK]]
// CHECK: %[[S3:.*]] = arith.shrui %[[Z3]], %[[K]]
// CHECK: %[[P:.*]] = tessera.pack %[[S0]], %[[S1]], %[[S2]], %[[S3]] : vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32> -> vector<32x128xi8>
// CHECK: %[[V0:.*]] = tessera.unpack %[[P]] {part = 0 : i64}
// CHECK: %[[V1:.*]] = tessera.unpack %[[P]] {part = 1 : i64}
// CHECK: %[[V2:.*]] = tessera.unpack %[[P]] {part = 2 : i64}
// CHECK: %[[V3:.*]] = tessera.unpack %[[P]] {part = 3 : i64}
// CHECK: tessera.view %[[W]] [0, 0] [8, 128]
// CHECK: tessera.store %[[V0]]
// CHECK: tessera.view %[[W]] [8, 0] [8, 128]
// CHECK: tessera.store %[[V1]]
// CHECK: tessera.view %[[W]] [16, 0] [8, 128]
// CHECK: tessera.store %[[V2]]
// CHECK: tessera.view %[[W]] [24, 0] [8, 128]
// CHECK: tessera.store %[[V3]]
// CHECK: %[[B:.*]] = tessera.pack %[[V0]], %[[V1]], %[[V2]], %[[V3]]
// CHECK: tessera.store %[[B]], %[[X]] : vector<32x128xi8>
// CHECK: return
func.func @int8(%x: memref<32x128xi8, #tessera.memory_space<vmem>>,
                %w: memref<32x128xi32, #tessera.memory_space<vmem>>) {
  %t = tessera.load %x : memref<32x128xi8, #tessera.memory_space<vmem>> -> vector<32x128xi8>
  %k = arith.constant dense<3> : vector<32x128xi8>
  %s = arith.shrui %t, %k : vector<32x128xi8>
  %wide = arith.extsi %s : vector<32x128xi8> to vector<32x128xi32>
  tessera.store %wide, %w : vector<32x128xi32>, memref<32x128xi32, #tessera.memory_space<vmem>>
  %back = arith.trunci %wide : vector<32x128xi32> to vector<32x128xi8>
  tessera.store %back, %x : vector<32x128xi8>, memref<32x128xi8, #tessera.memory_space<vmem>>
  return
}

