// A bf16 Ref of one column, [24, 1]: its rows sit packed in lane 0's words
// of two (16, 128) tiles. Each 8 rows load as their part of a packed tile,
// widened (vunpack) and replicated over the lanes (vbcast.lane), and store
// packed (vpack) through a byte mask of those rows (vst.bmsk): rows 8-15
// are part 1 of the first tile (the mask of rows [0, 16) xor [0, 8)), rows
// 16-23 part 0 of the second.
// The listing reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-DAG: vld [[T0:v[0-9]+]], [vmem:0x0]
// CHECK-DAG: vld [[T1:v[0-9]+]], [vmem:0x8]
// CHECK-DAG: vunpack.bf16.hi [[U0:v[0-9]+]], [[T0]]
// CHECK-DAG: vunpack.bf16.lo [[U1:v[0-9]+]], [[T1]]
// CHECK-DAG: vbcast.lane v{{[0-9]+}}, [[U0]], 0
// CHECK-DAG: vbcast.lane v{{[0-9]+}}, [[U1]], 0
// CHECK-DAG: vpack.bf16 [[P:v[0-9]+]]
// CHECK-DAG: vxor [[M:v[0-9]+]]
// CHECK-DAG: vst.bmsk [vmem:0x0], [[P]], [[M]]
// CHECK-DAG: vst.bmsk [vmem:0x8], v{{[0-9]+}}, v{{[0-9]+}}
// RESULT: completed

!ref = memref<24x1xbf16, #tessera.memory_space<vmem>>
!win = memref<8x1xbf16, strided<[1, 1], offset: 8>, #tessera.memory_space<vmem>>
!win2 = memref<8x1xbf16, strided<[1, 1], offset: 16>, #tessera.memory_space<vmem>>
module {
  func.func @packed_column(%x: !ref)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    // Tile IR, as tessera-legalize-tiles leaves a column's 8-row accesses.
    %a = tessera.view %x[8, 0] [8, 1] : !ref to !win
    %b = tessera.view %x[16, 0] [8, 1] : !ref to !win2
    %pa = tessera.load %a : !win -> vector<8x1xbf16>
    %pb = tessera.load %b : !win2 -> vector<8x1xbf16>
    %fa = arith.extf %pa : vector<8x1xbf16> to vector<8x1xf32>
    %fb = arith.extf %pb : vector<8x1xbf16> to vector<8x1xf32>
    %s = arith.addf %fa, %fb : vector<8x1xf32>
    %t = arith.truncf %s : vector<8x1xf32> to vector<8x1xbf16>
    tessera.store %t, %a : vector<8x1xbf16>, !win
    tessera.store %t, %b : vector<8x1xbf16>, !win2
    return
  }
}
