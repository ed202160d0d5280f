// The MXU rows: a weight block is 8 vmatpush.bf16 of packed (16,128) tiles
// and a vmatlatch; an mxu_matmul is one vmatmul.f32 and one vmatpop, at
// least kMxuResultLatency (16) bundles apart. Two weight blocks go to two
// MXUs (round-robin). The listing reads back and runs without a hazard
// fault (a pop too early or a push too soon would be one).
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: FileCheck --check-prefix=MXU1 %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-COUNT-8: vmatpush.bf16 mxu0, v{{[0-9]+}}
// CHECK: vmatlatch mxu0
// CHECK: vmatmul.f32 mxu0, v{{[0-9]+}}
// CHECK: vmatpop v{{[0-9]+}}, mxu0
// MXU1-COUNT-8: vmatpush.bf16 mxu1, v{{[0-9]+}}
// MXU1: vmatlatch mxu1
// MXU1: vmatmul.f32 mxu1, v{{[0-9]+}}
// MXU1: vmatpop v{{[0-9]+}}, mxu1
// RESULT: completed

module {
  func.func @mxu(%y: memref<128x256xbf16, #tessera.memory_space<vmem>>, %x: memref<8x128xf32, #tessera.memory_space<vmem>>, %o: memref<8x256xf32, #tessera.memory_space<vmem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %l = tessera.load %x : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
    %v0_0 = tessera.view %y[0, 0] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1]>, #tessera.memory_space<vmem>>
    %t0_0 = tessera.load %v0_0 : memref<16x128xbf16, strided<[256, 1]>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v0_1 = tessera.view %y[16, 0] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 4096>, #tessera.memory_space<vmem>>
    %t0_1 = tessera.load %v0_1 : memref<16x128xbf16, strided<[256, 1], offset: 4096>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v0_2 = tessera.view %y[32, 0] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 8192>, #tessera.memory_space<vmem>>
    %t0_2 = tessera.load %v0_2 : memref<16x128xbf16, strided<[256, 1], offset: 8192>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v0_3 = tessera.view %y[48, 0] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 12288>, #tessera.memory_space<vmem>>
    %t0_3 = tessera.load %v0_3 : memref<16x128xbf16, strided<[256, 1], offset: 12288>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v0_4 = tessera.view %y[64, 0] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 16384>, #tessera.memory_space<vmem>>
    %t0_4 = tessera.load %v0_4 : memref<16x128xbf16, strided<[256, 1], offset: 16384>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v0_5 = tessera.view %y[80, 0] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 20480>, #tessera.memory_space<vmem>>
    %t0_5 = tessera.load %v0_5 : memref<16x128xbf16, strided<[256, 1], offset: 20480>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v0_6 = tessera.view %y[96, 0] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 24576>, #tessera.memory_space<vmem>>
    %t0_6 = tessera.load %v0_6 : memref<16x128xbf16, strided<[256, 1], offset: 24576>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v0_7 = tessera.view %y[112, 0] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 28672>, #tessera.memory_space<vmem>>
    %t0_7 = tessera.load %v0_7 : memref<16x128xbf16, strided<[256, 1], offset: 28672>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %w0 = tessera.mxu_weights %t0_0, %t0_1, %t0_2, %t0_3, %t0_4, %t0_5, %t0_6, %t0_7 {transposed = false} : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
    %r0 = tessera.mxu_matmul %w0, %l : vector<8x128xf32> -> vector<8x128xf32>
    %o0 = tessera.view %o[0, 0] [8, 128] : memref<8x256xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
    tessera.store %r0, %o0 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
    %v1_0 = tessera.view %y[0, 128] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 128>, #tessera.memory_space<vmem>>
    %t1_0 = tessera.load %v1_0 : memref<16x128xbf16, strided<[256, 1], offset: 128>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v1_1 = tessera.view %y[16, 128] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 4224>, #tessera.memory_space<vmem>>
    %t1_1 = tessera.load %v1_1 : memref<16x128xbf16, strided<[256, 1], offset: 4224>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v1_2 = tessera.view %y[32, 128] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 8320>, #tessera.memory_space<vmem>>
    %t1_2 = tessera.load %v1_2 : memref<16x128xbf16, strided<[256, 1], offset: 8320>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v1_3 = tessera.view %y[48, 128] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 12416>, #tessera.memory_space<vmem>>
    %t1_3 = tessera.load %v1_3 : memref<16x128xbf16, strided<[256, 1], offset: 12416>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v1_4 = tessera.view %y[64, 128] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 16512>, #tessera.memory_space<vmem>>
    %t1_4 = tessera.load %v1_4 : memref<16x128xbf16, strided<[256, 1], offset: 16512>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v1_5 = tessera.view %y[80, 128] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 20608>, #tessera.memory_space<vmem>>
    %t1_5 = tessera.load %v1_5 : memref<16x128xbf16, strided<[256, 1], offset: 20608>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v1_6 = tessera.view %y[96, 128] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 24704>, #tessera.memory_space<vmem>>
    %t1_6 = tessera.load %v1_6 : memref<16x128xbf16, strided<[256, 1], offset: 24704>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %v1_7 = tessera.view %y[112, 128] [16, 128] : memref<128x256xbf16, #tessera.memory_space<vmem>> to memref<16x128xbf16, strided<[256, 1], offset: 28800>, #tessera.memory_space<vmem>>
    %t1_7 = tessera.load %v1_7 : memref<16x128xbf16, strided<[256, 1], offset: 28800>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
    %w1 = tessera.mxu_weights %t1_0, %t1_1, %t1_2, %t1_3, %t1_4, %t1_5, %t1_6, %t1_7 {transposed = false} : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
    %r1 = tessera.mxu_matmul %w1, %l : vector<8x128xf32> -> vector<8x128xf32>
    %o1 = tessera.view %o[0, 128] [8, 128] : memref<8x256xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: 128>, #tessera.memory_space<vmem>>
    tessera.store %r1, %o1 : vector<8x128xf32>, memref<8x128xf32, strided<[256, 1], offset: 128>, #tessera.memory_space<vmem>>
    return
  }
}
