// RUN: tessera-opt %s -split-input-file -tessera-legalize-tiles -verify-diagnostics | FileCheck %s

// pltpu.bitcast, repeat and roll on tiles: whole tiles move for free; the
// rest of a roll inside a tile is a vrot.lane per tile joined by a select
// on a lane iota (lanes), or sublanes extracted and selected on a row iota.

!f = memref<16x256xf32, #tessera.memory_space<vmem>>
!b = memref<32x256xbf16, #tessera.memory_space<vmem>>

// A bitcast of whole tiles keeps each vreg: tile k to tile k, no unpack.

// CHECK-LABEL: func.func @bitcast_tiles
// CHECK-COUNT-4: tessera.bitcast %{{.*}} : vector<8x128xf32> -> vector<16x128xbf16>
// CHECK-NOT: tessera.unpack
// CHECK-NOT: tessera.pack
// CHECK: return
func.func @bitcast_tiles(%x: !f, %o: !b) {
  %v = tessera.load %x : !f -> vector<16x256xf32>
  %c = tessera.bitcast %v : vector<16x256xf32> -> vector<32x256xbf16>
  tessera.store %c, %o : vector<32x256xbf16>, !b
  return
}

// -----

!f = memref<16x128xf32, #tessera.memory_space<vmem>>
!o = memref<16x384xf32, #tessera.memory_space<vmem>>

// A repeat reuses the tiles: each loaded tile is stored three times.

// CHECK-LABEL: func.func @repeat_tiles
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK-NOT: tessera.repeat
// CHECK: tessera.store %[[T0]]
// CHECK: tessera.store %[[T0]]
// CHECK: tessera.store %[[T0]]
// CHECK: tessera.store %[[T1]]
// CHECK: tessera.store %[[T1]]
// CHECK: tessera.store %[[T1]]
func.func @repeat_tiles(%x: !f, %o: !o) {
  %v = tessera.load %x : !f -> vector<16x128xf32>
  %r = tessera.repeat %v {axis = 1 : i64, times = 3 : i64} : vector<16x128xf32> -> vector<16x384xf32>
  tessera.store %r, %o : vector<16x384xf32>, !o
  return
}

// -----

!f = memref<8x256xf32, #tessera.memory_space<vmem>>

// Lanes, shift 130 = one tile + 2: each tile rotated by 2 once, result
// tile j = select(lane >= 2, rot(tile j - 1), rot(tile j - 2)).

// CHECK-LABEL: func.func @roll_lanes
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[IOTA:.*]] = tessera.iota {dimension = 1 : i64} : vector<8x128xi32>
// CHECK: %[[M:.*]] = arith.cmpi sge, %[[IOTA]], %{{.*}} : vector<8x128xi32>
// CHECK: %[[R1:.*]] = tessera.roll %[[T1]] {axis = 1 : i64, shift = 2 : i64} : vector<8x128xf32>
// CHECK: %[[R0:.*]] = tessera.roll %[[T0]] {axis = 1 : i64, shift = 2 : i64} : vector<8x128xf32>
// CHECK: %[[O0:.*]] = arith.select %[[M]], %[[R1]], %[[R0]]
// CHECK: %[[O1:.*]] = arith.select %[[M]], %[[R0]], %[[R1]]
// CHECK: tessera.store %[[O0]]
// CHECK: tessera.store %[[O1]]
func.func @roll_lanes(%x: !f, %o: !f) {
  %v = tessera.load %x : !f -> vector<8x256xf32>
  %r = tessera.roll %v {axis = 1 : i64, shift = 130 : i64} : vector<8x256xf32>
  tessera.store %r, %o : vector<8x256xf32>, !f
  return
}

// -----

!f = memref<16x128xf32, #tessera.memory_space<vmem>>

// Sublanes, shift 8: the tiles swap (no instruction).

// CHECK-LABEL: func.func @roll_whole_tiles
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK-NOT: tessera.roll
// CHECK: tessera.store %[[T1]]
// CHECK: tessera.store %[[T0]]
func.func @roll_whole_tiles(%x: !f, %o: !f) {
  %v = tessera.load %x : !f -> vector<16x128xf32>
  %r = tessera.roll %v {axis = 0 : i64, shift = 8 : i64} : vector<16x128xf32>
  tessera.store %r, %o : vector<16x128xf32>, !f
  return
}

// -----

!f = memref<8x128xf32, #tessera.memory_space<vmem>>

// Sublanes, shift 3 of one tile: result sublane k is sublane k - 3 mod 8,
// one extract_sublane each, joined by selects on sublane == k.

// CHECK-LABEL: func.func @roll_sublanes
// CHECK: tessera.iota {dimension = 0 : i64} : vector<8x128xi32>
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 4 : i64} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 3 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 2 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 1 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 0 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 7 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 6 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 5 : i64}
// CHECK: arith.select
// CHECK-NOT: tessera.roll
func.func @roll_sublanes(%x: !f, %o: !f) {
  %v = tessera.load %x : !f -> vector<8x128xf32>
  %r = tessera.roll %v {axis = 0 : i64, shift = 3 : i64} : vector<8x128xf32>
  tessera.store %r, %o : vector<8x128xf32>, !f
  return
}

// -----

!b = memref<16x256xbf16, #tessera.memory_space<vmem>>

// A packed tile rotates along its lanes as 32-bit words: bitcast to i32
// and back, no unpack.

// CHECK-LABEL: func.func @roll_bf16_lanes
// CHECK-NOT: tessera.unpack
// CHECK: tessera.bitcast %{{.*}} : vector<16x128xbf16> -> vector<8x128xi32>
// CHECK: tessera.roll %{{.*}} {axis = 1 : i64, shift = 1 : i64} : vector<8x128xi32>
// CHECK: arith.select
// CHECK: tessera.bitcast %{{.*}} : vector<8x128xi32> -> vector<16x128xbf16>
// CHECK-NOT: tessera.unpack
// CHECK: return
func.func @roll_bf16_lanes(%x: !b, %o: !b) {
  %v = tessera.load %x : !b -> vector<16x256xbf16>
  %r = tessera.roll %v {axis = 1 : i64, shift = 1 : i64} : vector<16x256xbf16>
  tessera.store %r, %o : vector<16x256xbf16>, !b
  return
}

// -----

!f = memref<8x128xf32, #tessera.memory_space<vmem>>
!o = memref<16x256xf32, #tessera.memory_space<vmem>>

func.func @repeat_of_a_row(%x: !f, %o: !o) {
  %v = tessera.load %x : !f -> vector<8x128xf32>
  %row = tessera.reduce %v {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  // expected-error @+1 {{'tessera.repeat' op repeats a dimension of size 1 (use tessera.broadcast)}}
  %r = tessera.repeat %row {axis = 0 : i64, times = 8 : i64} : vector<1x128xf32> -> vector<8x128xf32>
  return
}

// -----

!f = memref<16x256xf32, #tessera.memory_space<vmem>>

// A traced Scalar as an operand (the DSL's x + pl::program_id(0)): one
// vbcast into a 1x1 tile, converted once, and the same 8x128 register for
// every tile of x.

// CHECK-LABEL: func.func @scalar_operand
// CHECK: %[[S:.*]] = tessera.broadcast %{{.*}} : i32 -> vector<1x1xi32>
// CHECK: %[[F:.*]] = arith.sitofp %[[S]] : vector<1x1xi32> to vector<1x1xf32>
// CHECK: %[[B:.*]] = tessera.broadcast %[[F]] : vector<1x1xf32> -> vector<8x128xf32>
// CHECK-NOT: tessera.broadcast
// CHECK-NOT: arith.sitofp
// CHECK-COUNT-4: arith.addf %{{.*}}, %[[B]] : vector<8x128xf32>
func.func @scalar_operand(%x: !f, %o: !f, %i: i32) {
  %v = tessera.load %x : !f -> vector<16x256xf32>
  %s = tessera.broadcast %i : i32 -> vector<1x1xi32>
  %f = arith.sitofp %s : vector<1x1xi32> to vector<1x1xf32>
  %b = tessera.broadcast %f : vector<1x1xf32> -> vector<16x256xf32>
  %r = arith.addf %v, %b : vector<16x256xf32>
  tessera.store %r, %o : vector<16x256xf32>, !f
  return
}

// -----

!f = memref<24x128xf32, #tessera.memory_space<vmem>>
!o = memref<24x128xf32, #tessera.memory_space<vmem>>

// A rank-3 value's reshapes: whole tiles cut out and joined again in
// another order reuse the loaded tiles (no instruction).

// CHECK-LABEL: func.func @slice_concat_tiles
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T2:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK-NOT: tessera.slice
// CHECK-NOT: tessera.concat
// CHECK: tessera.store %[[T2]]
// CHECK: tessera.store %[[T0]]
// CHECK: tessera.store %[[T1]]
func.func @slice_concat_tiles(%x: !f, %o: !o) {
  %v = tessera.load %x : !f -> vector<24x128xf32>
  %a = tessera.slice %v {offsets = array<i64: 0, 0>} : vector<24x128xf32> -> vector<16x128xf32>
  %b = tessera.slice %v {offsets = array<i64: 16, 0>} : vector<24x128xf32> -> vector<8x128xf32>
  %r = tessera.concat %b, %a {axis = 0 : i64} : vector<8x128xf32>, vector<16x128xf32> -> vector<24x128xf32>
  tessera.store %r, %o : vector<24x128xf32>, !o
  return
}

// -----

!f = memref<8x128xf32, #tessera.memory_space<vmem>>

// One-row values joined into a tile: each row broadcast and selected by a
// row iota (seven selects); a row taken out of a tile is one sublane.

// CHECK-LABEL: func.func @rows_into_a_tile
// CHECK: tessera.iota {{.*}}dimension = 0
// CHECK-COUNT-7: arith.select
// CHECK-NOT: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 5 : i64} : vector<8x128xf32> -> vector<1x128xf32>
func.func @rows_into_a_tile(%x: !f, %o: !f) {
  %v = tessera.load %x : !f -> vector<8x128xf32>
  %r = tessera.reduce %v {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  %t = tessera.concat %r, %r, %r, %r, %r, %r, %r, %r {axis = 0 : i64} : vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32> -> vector<8x128xf32>
  %s = tessera.slice %t {offsets = array<i64: 5, 0>} : vector<8x128xf32> -> vector<1x128xf32>
  %b = tessera.broadcast %s : vector<1x128xf32> -> vector<8x128xf32>
  tessera.store %b, %o : vector<8x128xf32>, !f
  return
}

// -----

!f3 = memref<3x128xf32, #tessera.memory_space<vmem>>
!f5 = memref<5x256xf32, #tessera.memory_space<vmem>>
!f8 = memref<8x256xf32, #tessera.memory_space<vmem>>

// Operands that are not whole tiles along the axis: the 5-row operand's
// tile is moved down by 3 rows (tessera.gather along the rows by
// (row + 5) & 7, its rows 5.. from the tile before and 0..4 from its own:
// the first of its two tiles is the one tile it has) and selected where its
// rows land (row >= 3); along the lanes likewise by 3 lanes.

// CHECK-LABEL: func.func @concat_of_part_tiles
// CHECK-DAG: tessera.gather %{{.*}}, %{{.*}} {axis = 0 : i64} : vector<8x128xf32>, vector<8x128xi32>
// CHECK-DAG: tessera.gather %{{.*}}, %{{.*}} {axis = 1 : i64} : vector<8x128xf32>, vector<8x128xi32>
// CHECK-NOT: tessera.concat
func.func @concat_of_part_tiles(%a: !f3, %b: !f5, %o: !f8, %o2: !f8) {
  %x = tessera.load %a : !f3 -> vector<3x128xf32>
  %y = tessera.load %b : !f5 -> vector<5x256xf32>
  %z = tessera.slice %y {offsets = array<i64: 0, 0>} : vector<5x256xf32> -> vector<5x128xf32>
  %t = tessera.concat %x, %z {axis = 0 : i64} : vector<3x128xf32>, vector<5x128xf32> -> vector<8x128xf32>
  %u = tessera.slice %y {offsets = array<i64: 0, 0>} : vector<5x256xf32> -> vector<5x125xf32>
  %w = tessera.concat %u, %y {axis = 1 : i64} : vector<5x125xf32>, vector<5x256xf32> -> vector<5x381xf32>
  return
}

// -----

func.func @concat_of_part_mask_tiles(%a: vector<8x128xi1>) {
  %r = tessera.slice %a {offsets = array<i64: 0, 0>} : vector<8x128xi1> -> vector<3x128xi1>
  // expected-error @+1 {{'tessera.concat' op joins operands that are not whole (8, 128) tiles along axis 0 (nor one-row operands along axis 0)}}
  %t = tessera.concat %r, %a {axis = 0 : i64} : vector<3x128xi1>, vector<8x128xi1> -> vector<11x128xi1>
  return
}
