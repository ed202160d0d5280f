
!hbm = memref<8x256xf32, #tessera.memory_space<any>>
!vmem = memref<8x256xf32, #tessera.memory_space<vmem>>
!dyn = memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A store of the whole Ref covers any window of it, run-time offset or not.

// CHECK-LABEL: func.func @whole_covers_dynamic
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[W:[a-z0-9]+]]: vector<8x256xf32>
// CHECK-NOT: tessera.store %[[A]]
// CHECK: tessera.store %[[W]]
// CHECK-NEXT: return
func.func @whole_covers_dynamic(%x_hbm: !hbm, %o: !vmem, %i: index, %a: !tile, %w: vector<8x256xf32>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %o[0, %i] [8, 128] : !vmem to !dyn
  tessera.store %a, %v : !tile, !dyn
  tessera.store %w, %o : vector<8x256xf32>, !vmem
  return
}

