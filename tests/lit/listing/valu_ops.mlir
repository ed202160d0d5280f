// The vector-ALU rows the lowering picks for tile ops: max, compare,
// select, negation (vxor with the sign bit), bf16 packing, iota, a sublane
// reduction (vredsub), a one-row load (vld + vbcast.sub) and the bit
// counts (math.ctpop: vpopcnt, math.ctlz: vclz). The listing
// reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-DAG: vmax.f32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vcmp.lt.f32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vsel v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vimm.s32 v{{[0-9]+}}, -2147483648
// CHECK-DAG: vxor v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vpack.bf16 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vunpack.bf16.hi v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: viota.col v{{[0-9]+}}
// CHECK-DAG: vredsub.sum.f32 v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vbcast.sub v{{[0-9]+}}, v{{[0-9]+}}, 3
// CHECK-DAG: vpopcnt v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vclz v{{[0-9]+}}, v{{[0-9]+}}
// RESULT: completed

module {
  func.func @valu(%a: memref<16x128xf32, #tessera.memory_space<vmem>>,
                  %o: memref<64x128xf32, #tessera.memory_space<vmem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %wa = tessera.view %a[0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    %wb = tessera.view %a[8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    %x = tessera.load %wa : memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %y = tessera.load %wb : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %m = arith.maximumf %x, %y : vector<8x128xf32>
    %lt = arith.cmpf olt, %x, %y : vector<8x128xf32>
    %s = arith.select %lt, %x, %y : vector<8x128xi1>, vector<8x128xf32>
    %n = arith.negf %s : vector<8x128xf32>
    %p = tessera.pack %m, %n : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
    %u = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
    %i = tessera.iota {dimension = 1 : i64} : vector<8x128xi32>
    %r = tessera.reduce %u {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
    %rb = tessera.broadcast %r : vector<1x128xf32> -> vector<8x128xf32>
    %w3 = tessera.view %a[3, 0] [1, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[128, 1], offset: 384>, #tessera.memory_space<vmem>>
    %row = tessera.load %w3 : memref<1x128xf32, strided<[128, 1], offset: 384>, #tessera.memory_space<vmem>> -> vector<1x128xf32>
    %rowb = tessera.broadcast %row : vector<1x128xf32> -> vector<8x128xf32>
    %o0 = tessera.view %o[0, 0] [8, 128] : memref<64x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    %o1 = tessera.view %o[8, 0] [8, 128] : memref<64x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    %o2 = tessera.view %o[16, 0] [8, 128] : memref<64x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
    %pc = math.ctpop %i : vector<8x128xi32>
    %lz = math.ctlz %pc : vector<8x128xi32>
    %if = arith.bitcast %lz : vector<8x128xi32> to vector<8x128xf32>
    %o3 = tessera.view %o[24, 0] [8, 128] : memref<64x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 3072>, #tessera.memory_space<vmem>>
    tessera.store %rb, %o0 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    tessera.store %rowb, %o1 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    tessera.store %if, %o2 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
    tessera.store %s, %o3 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 3072>, #tessera.memory_space<vmem>>
    return
  }
}
