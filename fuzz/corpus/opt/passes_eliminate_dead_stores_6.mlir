
!in = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Inputs and outputs in VMEM outlive the kernel: their last stores stay,
// even with nothing reading them inside it. (Scratch %s loses its store.)

// CHECK-LABEL: func.func @outputs_live_at_end
// CHECK-SAME: %[[I:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[O:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>
// CHECK: tessera.view %[[I]]
// CHECK-NEXT: tessera.store
// CHECK-NEXT: tessera.view %[[O]]
// CHECK-NEXT: tessera.store
// CHECK-NEXT: return
func.func @outputs_live_at_end(%i: !in, %o: !in, %s: !in, %y: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %iv = tessera.view %i[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %iv : !tile, !rows0
  %ov = tessera.view %o[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %ov : !tile, !rows0
  %sv = tessera.view %s[0, 0] [8, 128] : !in to !rows0
  tessera.store %y, %sv : !tile, !rows0
  return
}

