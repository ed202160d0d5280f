
!hbm = memref<16x256xf32, #tessera.memory_space<any>>
!vmem = memref<16x256xf32, #tessera.memory_space<vmem>>
!dyn = memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Run-time offsets: the same index value is the same window; a different
// one may be anywhere in the dimension. Offsets built from the same value
// and constants compare by their constant parts.

// CHECK-LABEL: func.func @dynamic_offsets
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: %[[A:.*]] = tessera.load
// CHECK: tessera.store
// CHECK: tessera.store
// CHECK-NOT: tessera.load
// CHECK: tessera.store
// CHECK-NEXT: %[[D:.*]] = tessera.load
// CHECK-NEXT: return %[[A]], %[[A]], %[[Y]], %[[D]]
func.func @dynamic_offsets(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %i: index, %j: index, %y: !tile) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c8 = arith.constant 8 : index
  %i8 = arith.addi %i, %c8 : index
  %v = tessera.view %x[%i, 0] [8, 128] : !vmem to !dyn
  %a = tessera.load %v : !dyn -> !tile
  // Rows [i+8, i+16) and columns [128, 256) of row i: both miss %v.
  %below = tessera.view %x[%i8, 0] [8, 128] : !vmem to !dyn
  tessera.store %y, %below : !tile, !dyn
  %right = tessera.view %x[%j, 128] [8, 128] : !vmem to !dyn
  tessera.store %y, %right : !tile, !dyn
  %v2 = tessera.view %x[%i, 0] [8, 128] : !vmem to !dyn
  %b = tessera.load %v2 : !dyn -> !tile
  // Forwarded: the same window as the store above.
  %c = tessera.load %right : !dyn -> !tile
  // Row j may be row i.
  %other = tessera.view %x[%j, 0] [8, 128] : !vmem to !dyn
  tessera.store %y, %other : !tile, !dyn
  %d = tessera.load %v : !dyn -> !tile
  return %a, %b, %c, %d : !tile, !tile, !tile, !tile
}

