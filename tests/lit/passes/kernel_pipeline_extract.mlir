// RUN: tessera-opt %s --tessera-kernel-pipeline > %t.mlir
// RUN: FileCheck --check-prefix=IR %s < %t.mlir
// RUN: tessera-lower-tile %t.mlir > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// One element of a value as a scalar (Pallas' v[i, j]): tile legalization
// picks the tile that holds element (9, 130) of a 16x256 value (tile 3,
// at (1, 2) in it), and the selector moves word 1 * 128 + 2 = 130 of that
// vreg to the scalar unit (vextract). Of a one-row value (a 1x128 tile,
// the row in every sublane) it reads sublane 0. The scalars then add on
// the scalar unit and fill the output (vbcast).

// IR: tessera.extract %{{.*}} {position = array<i64: 1, 2>} : vector<8x128xf32> -> f32
// IR: tessera.extract %{{.*}} {position = array<i64: 0, 5>} : vector<1x128xf32> -> f32

// CHECK-DAG: vextract [[A:s[0-9]+]], v{{[0-9]+}}, 130
// CHECK-DAG: vextract [[B:s[0-9]+]], v{{[0-9]+}}, 5
// CHECK:     sadd.f32 [[S:s[0-9]+]], {{s[0-9]+}}, {{s[0-9]+}}
// CHECK:     vbcast v{{[0-9]+}}, [[S]]
// RESULT: completed

!x = memref<16x256xf32, #tessera.memory_space<vmem>>
!row = memref<1x128xf32, #tessera.memory_space<vmem>>
!o = memref<8x128xf32, #tessera.memory_space<vmem>>
func.func @extract(%x: !x, %r: !row, %o: !o) {
  %v = tessera.load %x : !x -> vector<16x256xf32>
  %a = tessera.extract %v {position = array<i64: 9, 130>} : vector<16x256xf32> -> f32
  %w = tessera.load %r : !row -> vector<1x128xf32>
  %b = tessera.extract %w {position = array<i64: 0, 5>} : vector<1x128xf32> -> f32
  %s = arith.addf %a, %b : f32
  %f = tessera.broadcast %s : f32 -> vector<8x128xf32>
  tessera.store %f, %o : vector<8x128xf32>, !o
  return
}
