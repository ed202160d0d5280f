
// Scalar state in SMEM and divisibility facts.

// CHECK-LABEL: func.func @scalar_state
// CHECK-SAME: (%[[S:[a-z0-9]+]]: memref<4xi32, #tessera.memory_space<smem>>, %[[F:[a-z0-9]+]]: memref<2x2xf32, #tessera.memory_space<smem>>, %[[X:[a-z0-9]+]]: i32, %[[I:[a-z0-9]+]]: index, %[[V:[a-z0-9]+]]: f32)
// CHECK: %[[M:.*]] = tessera.multiple_of %[[X]], 8 : i32
// CHECK: %[[MI:.*]] = tessera.multiple_of %[[I]], 128 : index
// CHECK: tessera.store_scalar %[[M]], %[[S]][%[[I]]] : i32, memref<4xi32, #tessera.memory_space<smem>>
// CHECK: tessera.store_scalar %[[V]], %[[F]][%[[I]], %[[MI]]] : f32, memref<2x2xf32, #tessera.memory_space<smem>>
func.func @scalar_state(%s: memref<4xi32, #tessera.memory_space<smem>>, %f: memref<2x2xf32, #tessera.memory_space<smem>>,
                        %x: i32, %i: index, %v: f32) {
  %m = tessera.multiple_of %x, 8 : i32
  %mi = tessera.multiple_of %i, 128 : index
  tessera.store_scalar %m, %s[%i] : i32, memref<4xi32, #tessera.memory_space<smem>>
  tessera.store_scalar %v, %f[%i, %mi] : f32, memref<2x2xf32, #tessera.memory_space<smem>>
  return
}

