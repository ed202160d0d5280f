// pltpu.store(ref, v, mask=m): a tessera.masked_store of a 32-bit tile is
// one vst.msk of the mask's words; into a padded tile's window the mask is
// also and-ed with the window's valid rows (vand). The listing reads back
// unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-DAG: viota.col [[COL:v[0-9]+]]
// CHECK-DAG: viota.row [[ROW:v[0-9]+]]
// CHECK-DAG: vcmp.lt.s32 [[M:v[0-9]+]], [[COL]], {{v[0-9]+}}
// CHECK-DAG: vcmp.lt.s32 [[R:v[0-9]+]], [[ROW]], {{v[0-9]+}}
// CHECK-DAG: vand [[BOTH:v[0-9]+]], [[M]], [[R]]
// CHECK-DAG: vst.msk [vmem:0x0], v{{[0-9]+}}, [[M]]
// CHECK-DAG: vst.msk [vmem:0x8], v{{[0-9]+}}, [[BOTH]]
// RESULT: completed

module {
  func.func @masked(%o: memref<8x128xf32, #tessera.memory_space<vmem>>,
                    %p: memref<3x128xf32, #tessera.memory_space<vmem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c = arith.constant dense<1.5> : vector<8x128xf32>
    %col = tessera.iota {dimension = 1 : i64} : vector<8x128xi32>
    %n = arith.constant dense<64> : vector<8x128xi32>
    %m = arith.cmpi slt, %col, %n : vector<8x128xi32>
    tessera.masked_store %c, %m, %o : vector<8x128xf32>, vector<8x128xi1>, memref<8x128xf32, #tessera.memory_space<vmem>>
    tessera.masked_store %c, %m, %p : vector<8x128xf32>, vector<8x128xi1>, memref<3x128xf32, #tessera.memory_space<vmem>>
    return
  }
}
