
!f = memref<24x128xf32, #tessera.memory_space<vmem>>
!o = memref<24x128xf32, #tessera.memory_space<vmem>>

// A rank-3 value's reshapes: whole tiles cut out and joined again in
// another order reuse the loaded tiles (no instruction).

// CHECK-LABEL: func.func @slice_concat_tiles
// CHECK: %[[T0:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T1:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK: %[[T2:.*]] = tessera.load %{{.*}} -> vector<8x128xf32>
// CHECK-NOT: tessera.slice
// CHECK-NOT: tessera.concat
// CHECK: tessera.store %[[T2]]
// CHECK: tessera.store %[[T0]]
// CHECK: tessera.store %[[T1]]
func.func @slice_concat_tiles(%x: !f, %o: !o) {
  %v = tessera.load %x : !f -> vector<24x128xf32>
  %a = tessera.slice %v {offsets = array<i64: 0, 0>} : vector<24x128xf32> -> vector<16x128xf32>
  %b = tessera.slice %v {offsets = array<i64: 16, 0>} : vector<24x128xf32> -> vector<8x128xf32>
  %r = tessera.concat %b, %a {axis = 0 : i64} : vector<8x128xf32>, vector<16x128xf32> -> vector<24x128xf32>
  tessera.store %r, %o : vector<24x128xf32>, !o
  return
}

