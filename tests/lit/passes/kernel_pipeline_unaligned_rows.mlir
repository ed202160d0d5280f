// RUN: tessera-opt %s --tessera-kernel-pipeline > %t.mlir
// RUN: tessera-lower-tile %t.mlir > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// 8-row windows at a run-time row i that is not a multiple of 8 (Pallas'
// x_ref[pl.ds(i, 8)]), of a Ref two column tiles wide: the window's rows
// are sublanes s = i % 8 .. 7 of tile A (at row i - s) and 0 .. s - 1 of
// tile B below it ((s + 7) & 8 rows further: A itself when s = 0). The
// load reads both tiles, moves their rows up by s (vgather.sub by
// (row + s) & 7) and joins them (vsel: A's rows where the index is at or
// above the row); the store moves the value's rows down by s and writes
// A's sublanes s.. and B's ..s-1 (two vst.msk).

// CHECK:     .L[[LOOP:[0-9a-f]+]]:
// CHECK-DAG: sand [[S:s[0-9]+]], [[I:s[0-9]+]], 7
// CHECK-DAG: ssub [[TILE:s[0-9]+]], [[I]], [[S]]
// CHECK-DAG: sadd [[UP:s[0-9]+]], [[S]], 7
// CHECK-DAG: sand [[STEP:s[0-9]+]], [[UP]], 8
// CHECK-DAG: vgather.sub v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vcmp.ge.s32 [[FROMA:v[0-9]+]], v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vsel v{{[0-9]+}}, [[FROMA]], v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vcmp.le.s32 [[INA:v[0-9]+]], v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vcmp.gt.s32 [[INB:v[0-9]+]], v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vst.msk [vmem:{{s[0-9]+}}+0x{{[0-9a-f]+}}], v{{[0-9]+}}, [[INA]]
// CHECK-DAG: vst.msk [vmem:{{s[0-9]+}}+0x{{[0-9a-f]+}}], v{{[0-9]+}}, [[INB]]
// CHECK:     sbr .L[[LOOP]]

// RESULT: completed

!x = memref<40x256xf32, #tessera.memory_space<vmem>>
!w = memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @unaligned_rows(%x: !x, %o: !x) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c32 = arith.constant 32 : i32
  scf.for %i = %c0 to %c32 step %c3 : i32 {
    %r = arith.index_cast %i : i32 to index
    %src = tessera.view %x[%r, 0] [8, 256] : !x to !w
    %v = tessera.load %src : !w -> vector<8x256xf32>
    %dst = tessera.view %o[%r, 0] [8, 256] : !x to !w
    tessera.store %v, %dst : vector<8x256xf32>, !w
  }
  return
}
