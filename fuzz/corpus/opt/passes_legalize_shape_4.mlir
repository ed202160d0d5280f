
!f = memref<8x128xf32, #tessera.memory_space<vmem>>

// Sublanes, shift 3 of one tile: result sublane k is sublane k - 3 mod 8,
// one extract_sublane each, joined by selects on sublane == k.

// CHECK-LABEL: func.func @roll_sublanes
// CHECK: tessera.iota {dimension = 0 : i64} : vector<8x128xi32>
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 4 : i64} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 3 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 2 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 1 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 0 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 7 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 6 : i64}
// CHECK: arith.select
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 5 : i64}
// CHECK: arith.select
// CHECK-NOT: tessera.roll
func.func @roll_sublanes(%x: !f, %o: !f) {
  %v = tessera.load %x : !f -> vector<8x128xf32>
  %r = tessera.roll %v {axis = 0 : i64, shift = 3 : i64} : vector<8x128xf32>
  tessera.store %r, %o : vector<8x128xf32>, !f
  return
}

