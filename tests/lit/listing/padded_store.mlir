// A store into a padded tile's window (rows 8-10, lanes 0-71 of an
// f32[11, 200] Ref) writes only that part: vst.msk with the mask of the
// first 3 sublanes and 72 lanes, built once from viota.row / viota.col.
// The listing reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-DAG: viota.row [[ROW:v[0-9]+]]
// CHECK-DAG: viota.col [[COL:v[0-9]+]]
// CHECK-DAG: vimm.s32 [[THREE:v[0-9]+]], 3
// CHECK-DAG: vimm.s32 [[SEVENTYTWO:v[0-9]+]], 72
// CHECK-DAG: vcmp.lt.s32 [[R:v[0-9]+]], [[ROW]], [[THREE]]
// CHECK-DAG: vcmp.lt.s32 [[C:v[0-9]+]], [[COL]], [[SEVENTYTWO]]
// CHECK-DAG: vand [[M:v[0-9]+]], [[R]], [[C]]
// CHECK: vst.msk [vmem:0x{{[0-9a-f]+}}], v{{[0-9]+}}, [[M]]
// RESULT: completed

module {
  func.func @padded(%o: memref<11x200xf32, #tessera.memory_space<vmem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %w = tessera.view %o[8, 128] [3, 72] : memref<11x200xf32, #tessera.memory_space<vmem>> to memref<3x72xf32, strided<[200, 1], offset: 1728>, #tessera.memory_space<vmem>>
    %c = arith.constant dense<1.5> : vector<8x128xf32>
    tessera.store %c, %w : vector<8x128xf32>, memref<3x72xf32, strided<[200, 1], offset: 1728>, #tessera.memory_space<vmem>>
    return
  }
}
