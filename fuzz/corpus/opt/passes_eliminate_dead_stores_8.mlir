
!hbm = memref<16x256xf32, #tessera.memory_space<any>>
!vmem = memref<16x256xf32, #tessera.memory_space<vmem>>
!dyn = memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Run-time offsets: a store to the same window (same index value) covers;
// one to row j does not cover row i, and a load of row j may read row i.
// The output %o outlives the kernel, so only overwrites make stores dead.

// CHECK-LABEL: func.func @dynamic_offsets
// CHECK-SAME: %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>, %[[C:[a-z0-9]+]]: vector<8x128xf32>, %[[D:[a-z0-9]+]]: vector<8x128xf32>
// CHECK-NOT: tessera.store %[[A]]
// CHECK: tessera.store %[[B]]
// CHECK: tessera.load
// CHECK: tessera.store %[[C]]
// CHECK: tessera.store %[[D]]
// CHECK-NOT: tessera.store
// CHECK: return
func.func @dynamic_offsets(%x_hbm: !hbm, %o: !vmem, %i: index, %j: index, %a: !tile, %b: !tile, %c: !tile, %d: !tile) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %vi = tessera.view %o[%i, 0] [8, 128] : !vmem to !dyn
  tessera.store %a, %vi : !tile, !dyn
  %vi2 = tessera.view %o[%i, 0] [8, 128] : !vmem to !dyn
  tessera.store %b, %vi2 : !tile, !dyn
  %vj = tessera.view %o[%j, 0] [8, 128] : !vmem to !dyn
  %l = tessera.load %vj : !dyn -> !tile
  tessera.store %c, %vi : !tile, !dyn
  tessera.store %d, %vj : !tile, !dyn
  return %l : !tile
}

