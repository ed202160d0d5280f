
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

