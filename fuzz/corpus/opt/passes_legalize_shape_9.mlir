
!f = memref<8x128xf32, #tessera.memory_space<vmem>>

// One-row values joined into a tile: each row broadcast and selected by a
// row iota (seven selects); a row taken out of a tile is one sublane.

// CHECK-LABEL: func.func @rows_into_a_tile
// CHECK: tessera.iota {{.*}}dimension = 0
// CHECK-COUNT-7: arith.select
// CHECK-NOT: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 5 : i64} : vector<8x128xf32> -> vector<1x128xf32>
func.func @rows_into_a_tile(%x: !f, %o: !f) {
  %v = tessera.load %x : !f -> vector<8x128xf32>
  %r = tessera.reduce %v {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  %t = tessera.concat %r, %r, %r, %r, %r, %r, %r, %r {axis = 0 : i64} : vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32>, vector<1x128xf32> -> vector<8x128xf32>
  %s = tessera.slice %t {offsets = array<i64: 5, 0>} : vector<8x128xf32> -> vector<1x128xf32>
  %b = tessera.broadcast %s : vector<1x128xf32> -> vector<8x128xf32>
  tessera.store %b, %o : vector<8x128xf32>, !f
  return
}

