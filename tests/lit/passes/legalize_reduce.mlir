// RUN: tessera-opt %s -split-input-file -tessera-legalize-tiles -verify-diagnostics | FileCheck %s

// Reductions, broadcasts and iota on tiles.

!v = memref<16x256xf32, #tessera.memory_space<vmem>>

// Along the lanes (axis 1): the tiles of a row of tiles are combined in
// order, then one cross-lane reduce per row of tiles gives an 8x1 tile. The
// broadcast back is one op per 8x1 tile, shared by the tiles of its row.

// CHECK-LABEL: func.func @row_max
// CHECK: %[[X0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X2:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X3:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[C0:.*]] = arith.maximumf %[[X0]], %[[X1]] : vector<8x128xf32>
// CHECK: %[[M0:.*]] = tessera.reduce %[[C0]] {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
// CHECK: %[[C1:.*]] = arith.maximumf %[[X2]], %[[X3]] : vector<8x128xf32>
// CHECK: %[[M1:.*]] = tessera.reduce %[[C1]] {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
// CHECK: %[[B0:.*]] = tessera.broadcast %[[M0]] : vector<8x1xf32> -> vector<8x128xf32>
// CHECK: %[[B1:.*]] = tessera.broadcast %[[M1]] : vector<8x1xf32> -> vector<8x128xf32>
// CHECK: arith.subf %[[X0]], %[[B0]]
// CHECK: arith.subf %[[X1]], %[[B0]]
// CHECK: arith.subf %[[X2]], %[[B1]]
// CHECK: arith.subf %[[X3]], %[[B1]]
// CHECK-NOT: vector<16x1xf32>
// CHECK: return
func.func @row_max(%x: !v, %o: !v) {
  %v = tessera.load %x : !v -> vector<16x256xf32>
  %m = tessera.reduce %v {axis = 1 : i64, kind = "max"} : vector<16x256xf32> -> vector<16x1xf32>
  %b = tessera.broadcast %m : vector<16x1xf32> -> vector<16x256xf32>
  %d = arith.subf %v, %b : vector<16x256xf32>
  tessera.store %d, %o : vector<16x256xf32>, !v
  return
}

// -----

!v = memref<24x128xf32, #tessera.memory_space<vmem>>

// Along the sublanes (axis 0): three tiles summed in order (t0 + t1) + t2,
// then one sublane reduce to a 1x128 row; that row reduced along the lanes
// is 1x1, broadcast to every tile.

// CHECK-LABEL: func.func @column_sum
// CHECK: %[[X0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[X2:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[S01:.*]] = arith.addf %[[X0]], %[[X1]] : vector<8x128xf32>
// CHECK: %[[S:.*]] = arith.addf %[[S01]], %[[X2]] : vector<8x128xf32>
// CHECK: %[[R:.*]] = tessera.reduce %[[S]] {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: %[[T:.*]] = tessera.reduce %[[R]] {axis = 1 : i64, kind = "min"} : vector<1x128xf32> -> vector<1x1xf32>
// CHECK: %[[B:.*]] = tessera.broadcast %[[T]] : vector<1x1xf32> -> vector<8x128xf32>
// CHECK-NOT: tessera.broadcast
// CHECK: arith.addf %[[X0]], %[[B]]
// CHECK: arith.addf %[[X1]], %[[B]]
// CHECK: arith.addf %[[X2]], %[[B]]
// CHECK: return
func.func @column_sum(%x: !v, %o: !v) {
  %v = tessera.load %x : !v -> vector<24x128xf32>
  %s = tessera.reduce %v {axis = 0 : i64, kind = "sum"} : vector<24x128xf32> -> vector<1x128xf32>
  %t = tessera.reduce %s {axis = 1 : i64, kind = "min"} : vector<1x128xf32> -> vector<1x1xf32>
  %b = tessera.broadcast %t : vector<1x1xf32> -> vector<24x128xf32>
  %y = arith.addf %v, %b : vector<24x128xf32>
  tessera.store %y, %o : vector<24x128xf32>, !v
  return
}

// -----

// Integer reductions use the integer ops; a row of a 1xC array stays a row.

// CHECK-LABEL: func.func @int_reductions
// CHECK: %[[X0:.*]] = tessera.load %{{.*}} -> vector<8x128xi32>
// CHECK: %[[X1:.*]] = tessera.load %{{.*}} -> vector<8x128xi32>
// CHECK: %[[A:.*]] = arith.minsi %[[X0]], %[[X1]] : vector<8x128xi32>
// CHECK: tessera.reduce %[[A]] {axis = 0 : i64, kind = "min"} : vector<8x128xi32> -> vector<1x128xi32>
// CHECK: %[[B:.*]] = tessera.reduce %[[X0]] {axis = 1 : i64, kind = "max"} : vector<8x128xi32> -> vector<8x1xi32>
// CHECK: %[[C:.*]] = tessera.reduce %[[X1]] {axis = 1 : i64, kind = "max"} : vector<8x128xi32> -> vector<8x1xi32>
// CHECK: %[[D:.*]] = arith.addi %[[B]], %[[C]] : vector<8x1xi32>
// CHECK: tessera.reduce %[[D]] {axis = 0 : i64, kind = "sum"} : vector<8x1xi32> -> vector<1x1xi32>
func.func @int_reductions(%x: memref<16x128xi32, #tessera.memory_space<vmem>>) -> (vector<1x128xi32>, vector<1x1xi32>) {
  %v = tessera.load %x : memref<16x128xi32, #tessera.memory_space<vmem>> -> vector<16x128xi32>
  %m = tessera.reduce %v {axis = 0 : i64, kind = "min"} : vector<16x128xi32> -> vector<1x128xi32>
  %r = tessera.reduce %v {axis = 1 : i64, kind = "max"} : vector<16x128xi32> -> vector<16x1xi32>
  %s = tessera.reduce %r {axis = 0 : i64, kind = "sum"} : vector<16x1xi32> -> vector<1x1xi32>
  return %m, %s : vector<1x128xi32>, vector<1x1xi32>
}

// -----

// bf16 reductions run in f32 on the unpacked units and round once; int8
// reductions wrap once.

// CHECK-LABEL: func.func @narrow_reductions
// CHECK: %[[B:.*]] = tessera.load %{{.*}} -> vector<16x128xbf16>
// CHECK: %[[LO:.*]] = tessera.unpack %[[B]] {part = 0 : i64}
// CHECK: %[[HI:.*]] = tessera.unpack %[[B]] {part = 1 : i64}
// CHECK: %[[S:.*]] = arith.addf %[[LO]], %[[HI]] : vector<8x128xf32>
// CHECK: %[[R:.*]] = tessera.reduce %[[S]] {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: tessera.round_bf16 %[[R]] : vector<1x128xf32>
// CHECK-NOT: round_bf16
// CHECK: %[[I:.*]] = tessera.load %{{.*}} -> vector<32x128xi8>
// CHECK: %[[I0:.*]] = tessera.unpack %[[I]] {part = 0 : i64}
// CHECK: %[[I1:.*]] = tessera.unpack %[[I]] {part = 1 : i64}
// CHECK: %[[I2:.*]] = tessera.unpack %[[I]] {part = 2 : i64}
// CHECK: %[[I3:.*]] = tessera.unpack %[[I]] {part = 3 : i64}
// CHECK: %[[J0:.*]] = tessera.reduce %[[I0]] {axis = 1 : i64, kind = "sum"} : vector<8x128xi32> -> vector<8x1xi32>
// CHECK: tessera.reduce %[[I1]]
// CHECK: tessera.reduce %[[I2]]
// CHECK: tessera.reduce %[[I3]]
// CHECK: %[[K:.*]] = arith.constant dense<24> : vector<8x1xi32>
// CHECK: %[[UP:.*]] = arith.shli %[[J0]], %[[K]] : vector<8x1xi32>
// CHECK: arith.shrsi %[[UP]], %[[K]] : vector<8x1xi32>
func.func @narrow_reductions(%b: memref<16x128xbf16, #tessera.memory_space<vmem>>,
                             %i: memref<32x128xi8, #tessera.memory_space<vmem>>) {
  %v = tessera.load %b : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  %s = tessera.reduce %v {axis = 0 : i64, kind = "sum"} : vector<16x128xbf16> -> vector<1x128xbf16>
  %w = tessera.load %i : memref<32x128xi8, #tessera.memory_space<vmem>> -> vector<32x128xi8>
  %t = tessera.reduce %w {axis = 1 : i64, kind = "sum"} : vector<32x128xi8> -> vector<32x1xi8>
  %sb = tessera.broadcast %s : vector<1x128xbf16> -> vector<16x128xbf16>
  tessera.store %sb, %b : vector<16x128xbf16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  %tb = tessera.broadcast %t : vector<32x1xi8> -> vector<32x128xi8>
  tessera.store %tb, %i : vector<32x128xi8>, memref<32x128xi8, #tessera.memory_space<vmem>>
  return
}

// -----

// Iota: each tile starts at its first row (dimension 0) or column
// (dimension 1), plus the op's offset; equal tiles are one op. Along a
// dimension of size 1 it is a constant.

// CHECK-LABEL: func.func @iota
// CHECK: %[[R0:.*]] = tessera.iota {dimension = 0 : i64} : vector<8x128xi32>
// CHECK: %[[R1:.*]] = tessera.iota {dimension = 0 : i64, offset = 8 : i64} : vector<8x128xi32>
// CHECK-NOT: tessera.iota {dimension = 0
// CHECK: %[[C0:.*]] = tessera.iota {dimension = 1 : i64, offset = 5 : i64} : vector<8x128xi32>
// CHECK: %[[C1:.*]] = tessera.iota {dimension = 1 : i64, offset = 133 : i64} : vector<8x128xi32>
// CHECK: %[[L0:.*]] = tessera.iota {dimension = 1 : i64} : vector<1x128xi32>
// CHECK: %[[L1:.*]] = tessera.iota {dimension = 1 : i64, offset = 128 : i64} : vector<1x128xi32>
// CHECK: arith.constant dense<0> : vector<1x128xi32>
// CHECK: tessera.view %{{.*}} [0, 0] [8, 128]
// CHECK: tessera.store %[[R0]]
// CHECK: tessera.view %{{.*}} [0, 128] [8, 128]
// CHECK: tessera.store %[[R0]]
// CHECK: tessera.view %{{.*}} [8, 0] [8, 128]
// CHECK: tessera.store %[[R1]]
// CHECK: tessera.view %{{.*}} [8, 128] [8, 128]
// CHECK: tessera.store %[[R1]]
func.func @iota(%o: memref<16x256xi32, #tessera.memory_space<vmem>>,
                %p: memref<16x256xi32, #tessera.memory_space<vmem>>,
                %q: memref<1x256xi32, #tessera.memory_space<vmem>>) -> vector<1x128xi32> {
  %r = tessera.iota {dimension = 0 : i64} : vector<16x256xi32>
  %c = tessera.iota {dimension = 1 : i64, offset = 5 : i64} : vector<16x256xi32>
  %l = tessera.iota {dimension = 1 : i64} : vector<1x256xi32>
  %z = tessera.iota {dimension = 0 : i64} : vector<1x128xi32>
  tessera.store %r, %o : vector<16x256xi32>, memref<16x256xi32, #tessera.memory_space<vmem>>
  tessera.store %c, %p : vector<16x256xi32>, memref<16x256xi32, #tessera.memory_space<vmem>>
  tessera.store %l, %q : vector<1x256xi32>, memref<1x256xi32, #tessera.memory_space<vmem>>
  return %z : vector<1x128xi32>
}

// -----

// A scalar broadcast is one vreg-sized broadcast, shared by every tile.

// CHECK-LABEL: func.func @scalar_broadcast
// CHECK: %[[X:.*]] = tessera.load_scalar
// CHECK: %[[B:.*]] = tessera.broadcast %[[X]] : f32 -> vector<8x128xf32>
// CHECK-NOT: tessera.broadcast
// CHECK: tessera.store %[[B]]
// CHECK: tessera.store %[[B]]
// CHECK: tessera.store %[[B]]
// CHECK: tessera.store %[[B]]
// CHECK: return
func.func @scalar_broadcast(%s: memref<4xf32, #tessera.memory_space<smem>>,
                            %o: memref<16x256xf32, #tessera.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %x = tessera.load_scalar %s[%c0] : memref<4xf32, #tessera.memory_space<smem>> -> f32
  %b = tessera.broadcast %x : f32 -> vector<16x256xf32>
  tessera.store %b, %o : vector<16x256xf32>, memref<16x256xf32, #tessera.memory_space<vmem>>
  return
}
