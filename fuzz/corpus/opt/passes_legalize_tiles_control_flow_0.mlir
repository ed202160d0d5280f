// Canonicalization afterwards keeps the tile IR valid (tessera-opt verifies
// after every pass) and the loops carrying tiles.

// Arrays carried through loops and branches become one carried tile each.

!v16 = memref<16x128xf32, #tessera.memory_space<vmem>>

// An f32[16,128] accumulator carried through scf.for: two tiles in, two
// yielded, two results.

// CHECK-LABEL: func.func @for_carries_tiles
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[O:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[N:[a-z0-9]+]]: i32)
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<8x128xf32>
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A0:.*]] = %[[Z]], %[[A1:.*]] = %[[Z]]) -> (vector<8x128xf32>, vector<8x128xf32>)  : i32 {
// CHECK:   %[[XV0:.*]] = tessera.view %[[X]] [0, 0] [8, 128]
// CHECK:   %[[X0:.*]] = tessera.load %[[XV0]]
// CHECK:   %[[XV1:.*]] = tessera.view %[[X]] [8, 0] [8, 128]
// CHECK:   %[[X1:.*]] = tessera.load %[[XV1]]
// CHECK:   %[[S0:.*]] = arith.addf %[[A0]], %[[X0]] : vector<8x128xf32>
// CHECK:   %[[S1:.*]] = arith.addf %[[A1]], %[[X1]] : vector<8x128xf32>
// CHECK:   scf.yield %[[S0]], %[[S1]] : vector<8x128xf32>, vector<8x128xf32>
// CHECK: }
// CHECK: tessera.store %[[R]]#0, %{{.*}} : vector<8x128xf32>
// CHECK: tessera.store %[[R]]#1, %{{.*}} : vector<8x128xf32>
// CHECK-NOT: vector<16x128xf32>
// CHECK: return

// CANON-LABEL: func.func @for_carries_tiles
// CANON: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (vector<8x128xf32>, vector<8x128xf32>)
// CANON-NOT: vector<16x128xf32>
func.func @for_carries_tiles(%x: !v16, %o: !v16, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : vector<16x128xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<16x128xf32>) : i32 {
    %v = tessera.load %x : !v16 -> vector<16x128xf32>
    %s = arith.addf %acc, %v : vector<16x128xf32>
    scf.yield %s : vector<16x128xf32>
  }
  tessera.store %r, %o : vector<16x128xf32>, !v16
  return
}

