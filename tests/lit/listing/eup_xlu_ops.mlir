// The transcendental unit (EUP) and the cross-lane unit (XLU): divf is one
// vdiv.f32, exp one vexp.f32, logistic one vlogistic.f32 (three EUP ops,
// kEupIssueInterval = 2 apart at least: no two in one bundle), a lane
// reduction one vredlane on the XLU; tan, erf_inv and remf (C's fmod) one
// vtan.f32, verfinv.f32 and vrem.f32; tessera.gather a vgather.lane or
// vgather.sub on the XLU. The listing reads back and runs without a hazard
// fault.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-DAG: vdiv.f32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vexp.f32 v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vlogistic.f32 v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vredlane.max.f32 v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vtan.f32 v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: verfinv.f32 v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vrem.f32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vgather.lane v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vgather.sub v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-NOT: {{(vexp|vdiv|vlogistic|vtan|verfinv|vrem).*(vexp|vdiv|vlogistic|vtan|verfinv|vrem)}}
// RESULT: completed

module {
  func.func @units(%a: memref<16x128xf32, #tessera.memory_space<vmem>>,
                   %o: memref<32x128xf32, #tessera.memory_space<vmem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %wa = tessera.view %a[0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    %wb = tessera.view %a[8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    %x = tessera.load %wa : memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %y = tessera.load %wb : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %d = arith.divf %x, %y : vector<8x128xf32>
    %e = math.exp %x : vector<8x128xf32>
    %l = tessera.logistic %y : vector<8x128xf32>
    %t = math.tan %x : vector<8x128xf32>
    %ei = tessera.erf_inv %y : vector<8x128xf32>
    %rm = arith.remf %t, %ei : vector<8x128xf32>
    %s0 = arith.addf %e, %l : vector<8x128xf32>
    %s1 = arith.addf %s0, %rm : vector<8x128xf32>
    %iv = arith.fptosi %y : vector<8x128xf32> to vector<8x128xi32>
    %gl = tessera.gather %x, %iv {axis = 1 : i64} : vector<8x128xf32>, vector<8x128xi32>
    %gs = tessera.gather %gl, %iv {axis = 0 : i64} : vector<8x128xf32>, vector<8x128xi32>
    %s = arith.addf %s1, %gs : vector<8x128xf32>
    %m = tessera.reduce %d {axis = 1 : i64, kind = "max"} : vector<8x128xf32> -> vector<8x1xf32>
    %mb = tessera.broadcast %m : vector<8x1xf32> -> vector<8x128xf32>
    %o0 = tessera.view %o[0, 0] [8, 128] : memref<32x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    %o1 = tessera.view %o[8, 0] [8, 128] : memref<32x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    tessera.store %s, %o0 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    tessera.store %mb, %o1 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    return
  }
}
