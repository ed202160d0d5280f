// RUN: tessera-opt %s -split-input-file -tessera-legalize-tiles -verify-diagnostics | FileCheck %s

// x.T on tiles: the value's 32-bit units in 128x128 blocks, each block
// through tessera.transpose_tiles (the XLU), block (I, J) becoming block
// (J, I). bf16 is transposed in its widened form (unpacked, then packed).

!f = memref<128x256xf32, #tessera.memory_space<vmem>>
!g = memref<256x128xf32, #tessera.memory_space<vmem>>

// Two blocks side by side become two blocks one above the other: the first
// 16 results are the first 16 tiles stored.

// CHECK-LABEL: func.func @transpose_f32
// CHECK-COUNT-32: tessera.load
// CHECK: %[[A:.*]]:16 = tessera.transpose_tiles
// CHECK: %[[B:.*]]:16 = tessera.transpose_tiles
// CHECK-NOT: tessera.transpose_tiles
// CHECK: tessera.store %[[A]]#0,
// CHECK: tessera.store %[[A]]#1,
// CHECK-COUNT-14: tessera.store %[[A]]#
// CHECK: tessera.store %[[B]]#0,
// CHECK-NOT: tessera.transpose
// CHECK: return
func.func @transpose_f32(%x: !f, %o: !g) {
  %v = tessera.load %x : !f -> vector<128x256xf32>
  %t = tessera.transpose %v : vector<128x256xf32> -> vector<256x128xf32>
  tessera.store %t, %o : vector<256x128xf32>, !g
  return
}

// -----

!b = memref<128x128xbf16, #tessera.memory_space<vmem>>

// CHECK-LABEL: func.func @transpose_bf16
// CHECK-COUNT-16: tessera.unpack
// CHECK: tessera.transpose_tiles {{.*}} : vector<8x128xf32>,
// CHECK-COUNT-8: tessera.pack
// CHECK: return
func.func @transpose_bf16(%x: !b, %o: !b) {
  %v = tessera.load %x : !b -> vector<128x128xbf16>
  %t = tessera.transpose %v : vector<128x128xbf16> -> vector<128x128xbf16>
  tessera.store %t, %o : vector<128x128xbf16>, !b
  return
}

// -----

!f = memref<128x128xf32, #tessera.memory_space<vmem>>

// A mask has no transpose (the DSL says so at the user's line).

func.func @transpose_mask(%x: !f) {
  %v = tessera.load %x : !f -> vector<128x128xf32>
  %m = arith.cmpf olt, %v, %v : vector<128x128xf32>
  // expected-error @+1 {{'tessera.transpose' op transposes numbers whose both dimensions are multiples of 128 (whole 128x128 blocks for the XLU), or 32-bit ones of whole 8-row units, not 'vector<128x128xi1>'}}
  %t = tessera.transpose %m : vector<128x128xi1> -> vector<128x128xi1>
  return
}

// -----

// f32[8, 128].T: one unit, the block's other 15 units zero; the 16 results
// are the [128, 8] value's units (8 lanes each, the rest padding).

// CHECK-LABEL: func.func @transpose_unit
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<8x128xf32>
// CHECK: %[[T:.*]]:16 = tessera.transpose_tiles %{{.*}}, %[[Z]], %[[Z]],
// CHECK-COUNT-16: tessera.store %[[T]]#
func.func @transpose_unit(%x: memref<8x128xf32, #tessera.memory_space<vmem>>,
                          %o: memref<128x8xf32, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
  %t = tessera.transpose %v : vector<8x128xf32> -> vector<128x8xf32>
  tessera.store %t, %o : vector<128x8xf32>, memref<128x8xf32, #tessera.memory_space<vmem>>
  return
}
