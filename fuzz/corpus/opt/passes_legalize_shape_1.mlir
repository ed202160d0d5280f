
!f = memref<16x128xf32, #tessera.memory_space<vmem>>
!o = memref<16x384xf32, #tessera.memory_space<vmem>>

// A repeat reuses the tiles: each loaded tile is stored three times.

// CHECK-LABEL: func.func @repeat_tiles
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK-NOT: tessera.repeat
// CHECK: tessera.store %[[T0]]
// CHECK: tessera.store %[[T0]]
// CHECK: tessera.store %[[T0]]
// CHECK: tessera.store %[[T1]]
// CHECK: tessera.store %[[T1]]
// CHECK: tessera.store %[[T1]]
func.func @repeat_tiles(%x: !f, %o: !o) {
  %v = tessera.load %x : !f -> vector<16x128xf32>
  %r = tessera.repeat %v {axis = 1 : i64, times = 3 : i64} : vector<16x128xf32> -> vector<16x384xf32>
  tessera.store %r, %o : vector<16x384xf32>, !o
  return
}

