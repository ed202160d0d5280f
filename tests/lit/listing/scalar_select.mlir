// A select of tiles on a scalar condition (the merge tessera-reuse-loads
// makes after a `pl::when`): the condition becomes a mask once per block
// (ssel 1/0, vbcast), then one vsel per tile. The listing reads back
// unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK: vbcast v{{[0-9]+}}, s{{[0-9]+}}
// CHECK-NOT: vbcast
// CHECK: vsel v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-NOT: vbcast
// CHECK: vsel v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-NOT: vbcast
// RESULT: completed

module {
  func.func @scalar_select(%a: memref<16x128xf32, #tessera.memory_space<vmem>>,
                           %k: memref<1xi32, #tessera.memory_space<smem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %zero = arith.constant dense<0.0> : vector<8x128xf32>
    %kv = tessera.load_scalar %k[%c0] : memref<1xi32, #tessera.memory_space<smem>> -> i32
    %first = arith.cmpi eq, %kv, %z : i32
    %wa = tessera.view %a[0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    %wb = tessera.view %a[8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    %x = tessera.load %wa : memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %y = tessera.load %wb : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %sx = arith.select %first, %zero, %x : vector<8x128xf32>
    %sy = arith.select %first, %zero, %y : vector<8x128xf32>
    tessera.store %sx, %wa : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
    tessera.store %sy, %wb : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
    return
  }
}
