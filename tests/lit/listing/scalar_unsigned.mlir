// uint32 on the scalar unit: division and remainder have their own
// instructions (sdiv.u32, srem.u32; a zero divisor faults, as sdiv's);
// uitofp adds the converted 16-bit halves (sshrl, sand, scvt.f32.s32,
// smul.f32 by 2^16 = 1199570944); fptoui selects between the conversions of
// max(x, 0) and x - 2^31 (1325400064) with the sign bit set (sxor). The
// listing reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-DAG: sdiv.u32 s{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: srem.u32 s{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: sshrl s{{[0-9]+}}, s{{[0-9]+}}, 16
// CHECK-DAG: sand s{{[0-9]+}}, s{{[0-9]+}}, 65535
// CHECK-DAG: smov s{{[0-9]+}}, 1199570944
// CHECK-DAG: smov s{{[0-9]+}}, 1325400064
// CHECK-DAG: scmp.ge.f32 p{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
// CHECK-DAG: sxor s{{[0-9]+}}, s{{[0-9]+}}, -2147483648
// RESULT: completed

module {
  func.func @scalar_unsigned(%o: memref<8x128xi32, #tessera.memory_space<vmem>>,
                             %k: memref<2xi32, #tessera.memory_space<smem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = tessera.load_scalar %k[%c0] : memref<2xi32, #tessera.memory_space<smem>> -> i32
    %b = tessera.load_scalar %k[%c1] : memref<2xi32, #tessera.memory_space<smem>> -> i32
    %one = arith.constant 1 : i32
    %d = arith.addi %b, %one : i32
    %q = arith.divui %a, %d : i32
    %r = arith.remui %q, %d : i32
    %f = arith.uitofp %r : i32 to f32
    %u = arith.fptoui %f : f32 to i32
    %v = tessera.broadcast %u : i32 -> vector<8x128xi32>
    tessera.store %v, %o : vector<8x128xi32>, memref<8x128xi32, #tessera.memory_space<vmem>>
    return
  }
}
