
// A scalar broadcast is one vreg-sized broadcast, shared by every tile.

// CHECK-LABEL: func.func @scalar_broadcast
// CHECK: %[[X:.*]] = tessera.load_scalar
// CHECK: %[[B:.*]] = tessera.broadcast %[[X]] : f32 -> vector<8x128xf32>
// CHECK-NOT: tessera.broadcast
// CHECK: tessera.store %[[B]]
// CHECK: tessera.store %[[B]]
// CHECK: tessera.store %[[B]]
// CHECK: tessera.store %[[B]]
// CHECK: return
func.func @scalar_broadcast(%s: memref<4xf32, #tessera.memory_space<smem>>,
                            %o: memref<16x256xf32, #tessera.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %x = tessera.load_scalar %s[%c0] : memref<4xf32, #tessera.memory_space<smem>> -> f32
  %b = tessera.broadcast %x : f32 -> vector<16x256xf32>
  tessera.store %b, %o : vector<16x256xf32>, memref<16x256xf32, #tessera.memory_space<vmem>>
  return
}
