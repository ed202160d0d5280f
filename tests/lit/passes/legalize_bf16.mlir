// RUN: tessera-opt %s -split-input-file -tessera-legalize-tiles -verify-diagnostics | FileCheck %s

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

// -----

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

// -----

// bf16 constants: one f32 unit constant packed twice; its units need no
// rounding (the constant is exact).

// CHECK-LABEL: func.func @bf16_constant
// CHECK: %[[C:.*]] = arith.constant dense<1.500000e+00> : vector<8x128xf32>
// CHECK: tessera.pack %[[C]], %[[C]] : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: %[[LO:.*]] = tessera.unpack %{{.*}} {part = 0 : i64}
// CHECK: %[[HI:.*]] = tessera.unpack %{{.*}} {part = 1 : i64}
// CHECK-NOT: round_bf16
// CHECK: arith.addf %[[LO]], %[[C]] : vector<8x128xf32>
// CHECK: arith.addf %[[HI]], %[[C]] : vector<8x128xf32>
// CHECK: return
func.func @bf16_constant(%x: memref<16x128xbf16, #tessera.memory_space<vmem>>) {
  %c = arith.constant dense<1.5> : vector<16x128xbf16>
  %b = tessera.load %x : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  %s = arith.addf %b, %c : vector<16x128xbf16>
  tessera.store %s, %x : vector<16x128xbf16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  return
}

// -----

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

// -----

// 16-bit integers: two units per 16x128 tile (vunpack.s16 sign-extends).
// Ops that read the bits as unsigned see the units masked to 16 bits and
// are then their signed twins: divui is divsi, an unsigned compare a signed
// one; extui is the mask itself.

// CHECK-LABEL: func.func @uint16
// CHECK: %[[T:.*]] = tessera.load %{{.*}} -> vector<16x128xi16>
// CHECK: %[[U0:.*]] = tessera.unpack %[[T]] {part = 0 : i64} : vector<16x128xi16> -> vector<8x128xi32>
// CHECK: %[[U1:.*]] = tessera.unpack %[[T]] {part = 1 : i64}
// CHECK: %[[MASK:.*]] = arith.constant dense<65535> : vector<8x128xi32>
// CHECK: %[[A0:.*]] = arith.andi %[[U0]], %[[MASK]]
// CHECK: %[[B0:.*]] = arith.andi %[[U0]], %[[MASK]]
// CHECK: arith.divsi %[[A0]], %[[B0]] : vector<8x128xi32>
// CHECK: arith.divsi
// CHECK: tessera.pack %{{.*}}, %{{.*}} : vector<8x128xi32>, vector<8x128xi32> -> vector<16x128xi16>
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi slt
// CHECK-NOT: arith.extui
// CHECK: return
func.func @uint16(%x: memref<16x128xi16, #tessera.memory_space<vmem>>,
                  %w: memref<16x128xi32, #tessera.memory_space<vmem>>) {
  %t = tessera.load %x : memref<16x128xi16, #tessera.memory_space<vmem>> -> vector<16x128xi16>
  %q = arith.divui %t, %t : vector<16x128xi16>
  %lt = arith.cmpi ult, %q, %t : vector<16x128xi16>
  %z = arith.extui %q : vector<16x128xi16> to vector<16x128xi32>
  %zero = arith.constant dense<0> : vector<16x128xi32>
  %s = arith.select %lt, %z, %zero : vector<16x128xi1>, vector<16x128xi32>
  tessera.store %s, %w : vector<16x128xi32>, memref<16x128xi32, #tessera.memory_space<vmem>>
  return
}

// -----

// Masks from bf16 comparisons are i1 tiles, one per unit; select works on
// the units and packs its bf16 result.

// CHECK-LABEL: func.func @compare_select
// CHECK: %[[B:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[LO:.*]] = tessera.unpack %[[B]] {part = 0 : i64}
// CHECK: %[[HI:.*]] = tessera.unpack %[[B]] {part = 1 : i64}
// CHECK: %[[M0:.*]] = arith.cmpf olt, %[[LO]], %{{.*}} : vector<8x128xf32>
// CHECK: %[[M1:.*]] = arith.cmpf olt, %[[HI]], %{{.*}} : vector<8x128xf32>
// CHECK: %[[S0:.*]] = arith.select %[[M0]], %[[LO]], %{{.*}} : vector<8x128xi1>, vector<8x128xf32>
// CHECK: %[[S1:.*]] = arith.select %[[M1]], %[[HI]], %{{.*}} : vector<8x128xi1>, vector<8x128xf32>
// CHECK: tessera.pack %[[S0]], %[[S1]]
func.func @compare_select(%x: memref<16x128xbf16, #tessera.memory_space<vmem>>) {
  %b = tessera.load %x : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  %z = arith.constant dense<0.0> : vector<16x128xbf16>
  %m = arith.cmpf olt, %b, %z : vector<16x128xbf16>
  %r = arith.select %m, %b, %z : vector<16x128xi1>, vector<16x128xbf16>
  tessera.store %r, %x : vector<16x128xbf16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  return
}

// -----

// Control flow carries packed tiles as they are, and a bf16 row as its
// rounded f32 1x128 tiles.

// CHECK-LABEL: func.func @carried
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[L:.*]]:2 = scf.for %{{.*}} iter_args(%[[A0:.*]] = %[[T0]], %[[A1:.*]] = %[[T1]]) -> (vector<16x128xbf16>, vector<16x128xbf16>) {
// CHECK: %[[U:.*]] = tessera.unpack %[[A0]] {part = 0 : i64}
// CHECK: scf.yield %{{.*}}, %{{.*}} : vector<16x128xbf16>, vector<16x128xbf16>
// CHECK: %[[S:.*]] = tessera.reduce %{{.*}} {axis = 0 : i64, kind = "max"} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: %[[R:.*]] = tessera.round_bf16 %[[S]] : vector<1x128xf32>
// CHECK: %[[IF:.*]] = scf.if %{{.*}} -> (vector<1x128xf32>) {
// CHECK: scf.yield %[[R]] : vector<1x128xf32>
// CHECK: } else {
// CHECK: %[[E:.*]] = math.exp %[[R]] : vector<1x128xf32>
// CHECK: %[[ER:.*]] = tessera.round_bf16 %[[E]] : vector<1x128xf32>
// CHECK: scf.yield %[[ER]] : vector<1x128xf32>
// CHECK: tessera.broadcast %[[IF]] : vector<1x128xf32> -> vector<8x128xf32>
// CHECK-NOT: vector<32x128xbf16>
// CHECK-NOT: vector<1x128xbf16>
// CHECK: return
func.func @carried(%x: memref<32x128xbf16, #tessera.memory_space<vmem>>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = tessera.load %x : memref<32x128xbf16, #tessera.memory_space<vmem>> -> vector<32x128xbf16>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (vector<32x128xbf16>) {
    %a = arith.addf %acc, %acc : vector<32x128xbf16>
    scf.yield %a : vector<32x128xbf16>
  }
  %s = tessera.reduce %r {axis = 0 : i64, kind = "max"} : vector<32x128xbf16> -> vector<1x128xbf16>
  %t = scf.if %c -> (vector<1x128xbf16>) {
    scf.yield %s : vector<1x128xbf16>
  } else {
    %e = math.exp %s : vector<1x128xbf16>
    scf.yield %e : vector<1x128xbf16>
  }
  %b = tessera.broadcast %t : vector<1x128xbf16> -> vector<32x128xbf16>
  tessera.store %b, %x : vector<32x128xbf16>, memref<32x128xbf16, #tessera.memory_space<vmem>>
  return
}

// -----

// A row of f32 loads as 1x128 windows (each replicated over the sublanes).

// CHECK-LABEL: func.func @row_load
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<1x256xf32, {{.*}}>
// CHECK: %[[V0:.*]] = tessera.view %[[X]] [0, 0] [1, 128] : memref<1x256xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
// CHECK: tessera.load %[[V0]] : {{.*}} -> vector<1x128xf32>
// CHECK: %[[V1:.*]] = tessera.view %[[X]] [0, 128] [1, 128]
// CHECK: tessera.load %[[V1]] : {{.*}} -> vector<1x128xf32>
func.func @row_load(%x: memref<1x256xf32, #tessera.memory_space<vmem>>, %o: memref<8x256xf32, #tessera.memory_space<vmem>>) {
  %r = tessera.load %x : memref<1x256xf32, #tessera.memory_space<vmem>> -> vector<1x256xf32>
  %b = tessera.broadcast %r : vector<1x256xf32> -> vector<8x256xf32>
  tessera.store %b, %o : vector<8x256xf32>, memref<8x256xf32, #tessera.memory_space<vmem>>
  return
}

// -----

// bf16[8, 128]: one padded (16, 128) tile whose rows 8-15 are no unit's:
// only part 0 is unpacked and summed (the padding never reaches the sum).

// CHECK-LABEL: func.func @bf16_sum_of_8_rows
// CHECK: %[[T:.*]] = tessera.load {{.*}} -> vector<16x128xbf16>
// CHECK: %[[U:.*]] = tessera.unpack %[[T]] {part = 0 : i64}
// CHECK-NOT: part = 1
// CHECK: tessera.reduce %[[U]] {axis = 0 : i64, kind = "sum"}
func.func @bf16_sum_of_8_rows(%x: memref<8x128xbf16, #tessera.memory_space<vmem>>,
                              %o: memref<1x128xf32, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<8x128xbf16, #tessera.memory_space<vmem>> -> vector<8x128xbf16>
  %f = arith.extf %v : vector<8x128xbf16> to vector<8x128xf32>
  %s = tessera.reduce %f {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  tessera.store %s, %o : vector<1x128xf32>, memref<1x128xf32, #tessera.memory_space<vmem>>
  return
}

// -----

// A bf16 row is held widened: its tiles load packed and extend, and store
// truncated and packed (the lowering unpacks on the load and writes its
// half of a sublane with vst.bmsk on the store).
// CHECK-LABEL: func.func @bf16_row_load
// CHECK: %[[P:.*]] = tessera.load %{{.*}} -> vector<1x128xbf16>
// CHECK: %[[W:.*]] = arith.extf %[[P]] : vector<1x128xbf16> to vector<1x128xf32>
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : vector<1x128xf32> to vector<1x128xbf16>
// CHECK: tessera.store %[[T]]
func.func @bf16_row_load(%x: memref<1x256xbf16, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<1x256xbf16, #tessera.memory_space<vmem>> -> vector<1x256xbf16>
  %w = arith.addf %v, %v : vector<1x256xbf16>
  tessera.store %w, %x : vector<1x256xbf16>, memref<1x256xbf16, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @column_of_a_wider_ref(%x: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  %w = tessera.view %x[0, 0] [8, 1] : memref<8x128xf32, #tessera.memory_space<vmem>> to memref<8x1xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  // expected-error @+1 {{'tessera.load' op cannot load an array of shape 'vector<8x1xf32>': Tessera moves whole (8, 128) tiles, rows of 128 columns, or all of a Ref of one column}}
  %v = tessera.load %w : memref<8x1xf32, strided<[128, 1]>, #tessera.memory_space<vmem>> -> vector<8x1xf32>
  return
}

// -----

func.func @element_of_a_wider_ref(%x: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  %w = tessera.view %x[0, 0] [1, 1] : memref<8x128xf32, #tessera.memory_space<vmem>> to memref<1x1xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  // expected-error @+1 {{'tessera.load' op cannot load an array of shape 'vector<1x1xf32>': Tessera moves whole (8, 128) tiles, rows of 128 columns, or all of a Ref of one column}}
  %v = tessera.load %w : memref<1x1xf32, strided<[128, 1]>, #tessera.memory_space<vmem>> -> vector<1x1xf32>
  return
}

// -----

func.func @bf16_element(%x: memref<1x1xbf16, #tessera.memory_space<vmem>>) {
  // CHECK-LABEL: func.func @bf16_element
  // CHECK: %[[P:.*]] = tessera.load %{{.*}} {tessera.packed_row} : memref<1x1xbf16, {{.*}}> -> vector<1x1xbf16>
  // CHECK: arith.extf %[[P]] : vector<1x1xbf16> to vector<1x1xf32>
  %v = tessera.load %x : memref<1x1xbf16, #tessera.memory_space<vmem>> -> vector<1x1xbf16>
  return
}

// -----

// A bf16 column: each 8 rows a packed 8x1 access, widened.
func.func @bf16_column(%x: memref<16x1xbf16, #tessera.memory_space<vmem>>) {
  // CHECK-LABEL: func.func @bf16_column
  // CHECK: %[[A:.*]] = tessera.load %{{.*}} {tessera.packed_row} : memref<8x1xbf16, {{.*}}> -> vector<8x1xbf16>
  // CHECK: arith.extf %[[A]] : vector<8x1xbf16> to vector<8x1xf32>
  // CHECK: %[[B:.*]] = tessera.load %{{.*}} {tessera.packed_row} : memref<8x1xbf16, {{.*}}> -> vector<8x1xbf16>
  // CHECK: arith.extf %[[B]] : vector<8x1xbf16> to vector<8x1xf32>
  %v = tessera.load %x : memref<16x1xbf16, #tessera.memory_space<vmem>> -> vector<16x1xbf16>
  return
}

// -----

func.func @bitcast_bf16(%x: memref<16x128xbf16, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  // expected-error @+1 {{'arith.bitcast' op bitcast of packed (16- or 8-bit) values is not supported}}
  %b = arith.bitcast %v : vector<16x128xbf16> to vector<16x128xf16>
  return
}
