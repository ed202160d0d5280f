// f32 on the scalar unit: an f32 SMEM word loads into an s-register (its
// bits); arithmetic, max, compares and conversions are one instruction
// each (sadd.f32 ... scvt.s32.f32), negation flips the sign bit (sxor),
// an f32 constant is an smov of its bits, and the scalar broadcasts to a
// vreg with vbcast. The listing reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-DAG: sld s{{[0-9]+}}, [smem:{{.*}}]
// CHECK-DAG: smov s{{[0-9]+}}, 1069547520
// CHECK-DAG: smul.f32 s{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: sadd.f32 s{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: sdiv.f32 s{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: smax.f32 s{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: sxor s{{[0-9]+}}, s{{[0-9]+}}, -2147483648
// CHECK-DAG: scmp.lt.f32 p{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: scvt.s32.f32 s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: scvt.f32.s32 s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: ssel s{{[0-9]+}}, p{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: vbcast v{{[0-9]+}}, s{{[0-9]+}}
// RESULT: completed

module {
  func.func @scalar_float(%o: memref<8x128xf32, #tessera.memory_space<vmem>>,
                          %k: memref<2xf32, #tessera.memory_space<smem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %half = arith.constant 1.5 : f32
    %a = tessera.load_scalar %k[%c0] : memref<2xf32, #tessera.memory_space<smem>> -> f32
    %b = tessera.load_scalar %k[%c1] : memref<2xf32, #tessera.memory_space<smem>> -> f32
    %m = arith.mulf %a, %half : f32
    %s = arith.addf %m, %b : f32
    %q = arith.divf %s, %a : f32
    %x = arith.maximumf %q, %b : f32
    %n = arith.negf %x : f32
    %lt = arith.cmpf olt, %a, %b : f32
    %i = arith.fptosi %n : f32 to i32
    %f = arith.sitofp %i : i32 to f32
    %r = arith.select %lt, %f, %n : f32
    %v = tessera.broadcast %r : f32 -> vector<8x128xf32>
    tessera.store %v, %o : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
    return
  }
}
