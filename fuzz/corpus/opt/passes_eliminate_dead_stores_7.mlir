
!in = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Without the kernel attributes no argument is known to be scratch; with
// scalar inputs (counted among the inputs), the scratch arguments start
// after the inputs and outputs.

// CHECK-LABEL: func.func @not_a_kernel
// CHECK-COUNT-2: tessera.store
// CHECK-NOT: tessera.store
// CHECK: return
func.func @not_a_kernel(%a: !in, %b: !in, %y: !tile) {
  %av = tessera.view %a[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %av : !tile, !rows0
  %bv = tessera.view %b[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %bv : !tile, !rows0
  return
}

// CHECK-LABEL: func.func @scalar_inputs
// CHECK-SAME: %[[S:[a-z0-9]+]]: memref<4xi32, #tessera.memory_space<smem>>, %[[I:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[O:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>
// CHECK: tessera.view %[[O]]
// CHECK-NEXT: tessera.store
// CHECK-NOT: tessera.store
// CHECK: return
func.func @scalar_inputs(%s: memref<4xi32, #tessera.memory_space<smem>>, %i: !in, %o: !in, %t: !in, %y: !tile)
    attributes {tessera.kernel, tessera.num_scalar_inputs = 1 : i64, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64} {
  %ov = tessera.view %o[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %ov : !tile, !rows0
  %tv = tessera.view %t[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %tv : !tile, !rows0
  return
}

