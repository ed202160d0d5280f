
// A Ref of one column whose rows are not whole tiles (f32[12, 1]: two 8x1
// tiles, rows 12-15 of the second padding) and a [1, 1] Ref. The column's
// maximum over its rows replaces the padding rows by -inf first (one vsel
// on the last tile); storing the [12, 1] row maxima writes the first tile
// whole and the second through the row mask viota.row < 4. The [1, 1]
// total is its tile's sublane 0 and lane 0 replicated (vbcast.sub,
// vbcast.lane), stored through the mask of row 0.

// CHECK-DAG: vld [[C1:v[0-9]+]], [vmem:0x18]
// CHECK-DAG: vbcast.lane [[B1:v[0-9]+]], [[C1]], 0
// CHECK-DAG: viota.row [[ROW:v[0-9]+]]
// CHECK-DAG: vcmp.lt.s32 [[PAD:v[0-9]+]], [[ROW]], [[FOUR:v[0-9]+]]
// CHECK-DAG: vimm.s32 [[FOUR]], 4
// CHECK-DAG: vimm.f32 [[NEGINF:v[0-9]+]], 0xff800000
// CHECK-DAG: vsel v{{[0-9]+}}, [[PAD]], [[B1]], [[NEGINF]]
// CHECK-DAG: vld [[S:v[0-9]+]], [vmem:0x20]
// CHECK-DAG: vbcast.sub [[S0:v[0-9]+]], [[S]], 0
// CHECK-DAG: vbcast.lane v{{[0-9]+}}, [[S0]], 0
// CHECK-DAG: vst [vmem:0x10], v{{[0-9]+}}
// CHECK-DAG: vst.msk [vmem:0x18], v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vst.msk [vmem:0x20], v{{[0-9]+}}, v{{[0-9]+}}

// RESULT: completed

!x = memref<12x128xf32, #tessera.memory_space<vmem>>
!m = memref<12x1xf32, #tessera.memory_space<vmem>>
!s = memref<1x1xf32, #tessera.memory_space<vmem>>
func.func @padded_column(%x: !x, %m: !m, %s: !s) {
  %v = tessera.load %x : !x -> vector<12x128xf32>
  %c = tessera.load %m : !m -> vector<12x1xf32>
  %t = tessera.load %s : !s -> vector<1x1xf32>
  %top = tessera.reduce %c {axis = 0 : i64, kind = "max"} : vector<12x1xf32> -> vector<1x1xf32>
  %sum = arith.addf %top, %t : vector<1x1xf32>
  tessera.store %sum, %s : vector<1x1xf32>, !s
  %r = tessera.reduce %v {axis = 1 : i64, kind = "max"} : vector<12x128xf32> -> vector<12x1xf32>
  tessera.store %r, %m : vector<12x1xf32>, !m
  return
}
