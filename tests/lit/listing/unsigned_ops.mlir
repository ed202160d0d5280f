// The unsigned and 16-bit integer rows: u32 division and remainder have
// their own instructions (vdiv.u32, vrem.u32); the unsigned extremum flips
// the sign bits around vmax.s32; uitofp converts the two 16-bit halves
// (vshrl.s32, vand, two vcvt.f32.s32) and adds them; fptoui selects between
// the conversions of x and x - 2^31 (vimm.f32 of 2^31 is 0x4f000000); a
// 16-bit tile packs with vpack.s16 and unpacks with vunpack.s16. The listing
// reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-DAG: vdiv.u32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vrem.u32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vmax.s32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vshrl.s32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vcvt.f32.s32 v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vcvt.s32.f32 v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vcmp.ge.f32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vpack.s16 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vunpack.s16 v{{[0-9]+}}, v{{[0-9]+}}, 1
// RESULT: completed

module {
  func.func @unsigned(%a: memref<16x128xi32, #tessera.memory_space<vmem>>,
                      %o: memref<48x128xi32, #tessera.memory_space<vmem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %wa = tessera.view %a[0, 0] [8, 128] : memref<16x128xi32, #tessera.memory_space<vmem>> to memref<8x128xi32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    %wb = tessera.view %a[8, 0] [8, 128] : memref<16x128xi32, #tessera.memory_space<vmem>> to memref<8x128xi32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    %x = tessera.load %wa : memref<8x128xi32, strided<[128, 1]>, #tessera.memory_space<vmem>> -> vector<8x128xi32>
    %y = tessera.load %wb : memref<8x128xi32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>> -> vector<8x128xi32>
    %q = arith.divui %x, %y : vector<8x128xi32>
    %r = arith.remui %q, %y : vector<8x128xi32>
    %m = arith.maxui %r, %x : vector<8x128xi32>
    %f = arith.uitofp %m : vector<8x128xi32> to vector<8x128xf32>
    %u = arith.fptoui %f : vector<8x128xf32> to vector<8x128xi32>
    %p = tessera.pack %u, %q : vector<8x128xi32>, vector<8x128xi32> -> vector<16x128xi16>
    %h = tessera.unpack %p {part = 1 : i64} : vector<16x128xi16> -> vector<8x128xi32>
    %o0 = tessera.view %o[0, 0] [8, 128] : memref<48x128xi32, #tessera.memory_space<vmem>> to memref<8x128xi32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    %o1 = tessera.view %o[8, 0] [8, 128] : memref<48x128xi32, #tessera.memory_space<vmem>> to memref<8x128xi32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    tessera.store %u, %o0 : vector<8x128xi32>, memref<8x128xi32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    tessera.store %h, %o1 : vector<8x128xi32>, memref<8x128xi32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    return
  }
}
