
!f = memref<16x128xf32, #tessera.memory_space<vmem>>

// Sublanes, shift 8: the tiles swap (no instruction).

// CHECK-LABEL: func.func @roll_whole_tiles
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK-NOT: tessera.roll
// CHECK: tessera.store %[[T1]]
// CHECK: tessera.store %[[T0]]
func.func @roll_whole_tiles(%x: !f, %o: !f) {
  %v = tessera.load %x : !f -> vector<16x128xf32>
  %r = tessera.roll %v {axis = 0 : i64, shift = 8 : i64} : vector<16x128xf32>
  tessera.store %r, %o : vector<16x128xf32>, !f
  return
}

