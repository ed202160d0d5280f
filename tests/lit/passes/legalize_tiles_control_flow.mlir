// RUN: tessera-opt %s -split-input-file -tessera-legalize-tiles -verify-diagnostics | FileCheck %s
// Canonicalization afterwards keeps the tile IR valid (tessera-opt verifies
// after every pass) and the loops carrying tiles.
// RUN: tessera-opt %s -split-input-file -tessera-legalize-tiles -canonicalize -verify-diagnostics | FileCheck %s --check-prefix=CANON

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

// -----

!v32 = memref<32x256xf32, #tessera.memory_space<vmem>>
!win = memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>

// A window with a run-time row offset stays as it is; its tiles are views
// of it with the static tile offsets on top. Scalars carried next to the
// array keep their place.

// CHECK-LABEL: func.func @dynamic_window_in_loop
// CHECK: %{{.*}}:3 = scf.for %[[I:.*]] = {{.*}} iter_args(%[[K:.*]] = %{{.*}}, %[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}) -> (i32, vector<8x128xf32>, vector<8x128xf32>)
// CHECK:   tessera.multiple_of
// CHECK:   %[[ROW:.*]] = arith.index_cast
// CHECK:   %[[W:.*]] = tessera.view %{{.*}} [%[[ROW]], 0] [8, 256] : memref<32x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK:   %[[T0:.*]] = tessera.view %[[W]] [0, 0] [8, 128] : memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK:   tessera.load %[[T0]]
// CHECK:   %[[T1:.*]] = tessera.view %[[W]] [0, 128] [8, 128]
// CHECK:   tessera.load %[[T1]]
// CHECK:   scf.yield %{{.*}}, %{{.*}}, %{{.*}} : i32, vector<8x128xf32>, vector<8x128xf32>
func.func @dynamic_window_in_loop(%x: !v32, %o: memref<8x256xf32, #tessera.memory_space<vmem>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %zero = arith.constant dense<0.0> : vector<8x256xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0, %acc = %zero) -> (i32, vector<8x256xf32>) : i32 {
    %row32 = arith.muli %i, %c8 : i32
    %row8 = tessera.multiple_of %row32, 8 : i32
    %row = arith.index_cast %row8 : i32 to index
    %w = tessera.view %x[%row, 0] [8, 256] : !v32 to !win
    %v = tessera.load %w : !win -> vector<8x256xf32>
    %s = arith.addf %acc, %v : vector<8x256xf32>
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %k1, %s : i32, vector<8x256xf32>
  }
  tessera.store %r#1, %o : vector<8x256xf32>, memref<8x256xf32, #tessera.memory_space<vmem>>
  return
}

// -----

!v16 = memref<16x128xf32, #tessera.memory_space<vmem>>

// scf.if returning an array: both branches yield its tiles.

// CHECK-LABEL: func.func @if_returns_tiles
// CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (vector<8x128xf32>, vector<8x128xf32>) {
// CHECK:   %[[L0:.*]] = tessera.load
// CHECK:   %[[L1:.*]] = tessera.load
// CHECK:   scf.yield %[[L0]], %[[L1]] : vector<8x128xf32>, vector<8x128xf32>
// CHECK: } else {
// CHECK:   %[[C:.*]] = arith.constant dense<1.000000e+00> : vector<8x128xf32>
// CHECK:   scf.yield %[[C]], %[[C]] : vector<8x128xf32>, vector<8x128xf32>
// CHECK: }
// CHECK: arith.mulf %[[R]]#0, %[[R]]#0
// CHECK: arith.mulf %[[R]]#1, %[[R]]#1
// CHECK-NOT: vector<16x128xf32>
// CHECK: return

// CANON-LABEL: func.func @if_returns_tiles
// CANON: scf.if %{{.*}} -> (vector<8x128xf32>, vector<8x128xf32>)
func.func @if_returns_tiles(%x: !v16, %o: !v16, %c: i1) {
  %r = scf.if %c -> (vector<16x128xf32>) {
    %v = tessera.load %x : !v16 -> vector<16x128xf32>
    scf.yield %v : vector<16x128xf32>
  } else {
    %one = arith.constant dense<1.0> : vector<16x128xf32>
    scf.yield %one : vector<16x128xf32>
  }
  %sq = arith.mulf %r, %r : vector<16x128xf32>
  tessera.store %sq, %o : vector<16x128xf32>, !v16
  return
}

// -----

!v16 = memref<16x128xi32, #tessera.memory_space<vmem>>

// scf.while: the array passes through scf.condition into the after block
// and back through scf.yield, one tile per argument.

// CHECK-LABEL: func.func @while_carries_tiles
// CHECK: %[[R:.*]]:3 = scf.while (%[[B0:.*]] = %{{.*}}, %[[B1:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) : (vector<8x128xi32>, vector<8x128xi32>, i32) -> (vector<8x128xi32>, vector<8x128xi32>, i32) {
// CHECK:   %[[GO:.*]] = arith.cmpi slt, %[[K]]
// CHECK:   scf.condition(%[[GO]]) %[[B0]], %[[B1]], %[[K]] : vector<8x128xi32>, vector<8x128xi32>, i32
// CHECK: } do {
// CHECK: ^bb0(%[[D0:.*]]: vector<8x128xi32>, %[[D1:.*]]: vector<8x128xi32>, %[[J:.*]]: i32):
// CHECK:   %[[S0:.*]] = arith.addi %[[D0]], %{{.*}} : vector<8x128xi32>
// CHECK:   %[[S1:.*]] = arith.addi %[[D1]], %{{.*}} : vector<8x128xi32>
// CHECK:   scf.yield %[[S0]], %[[S1]], %{{.*}} : vector<8x128xi32>, vector<8x128xi32>, i32
// CHECK: }
// CHECK: tessera.store %[[R]]#0
// CHECK: tessera.store %[[R]]#1
// CHECK-NOT: vector<16x128xi32>

// CANON-LABEL: func.func @while_carries_tiles
// CANON: scf.while {{.*}} : (vector<8x128xi32>, vector<8x128xi32>, i32) -> (vector<8x128xi32>, vector<8x128xi32>, i32)
func.func @while_carries_tiles(%x: !v16, %o: !v16, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = tessera.load %x : !v16 -> vector<16x128xi32>
  %r:2 = scf.while (%a = %init, %k = %c0) : (vector<16x128xi32>, i32) -> (vector<16x128xi32>, i32) {
    %go = arith.cmpi slt, %k, %n : i32
    scf.condition(%go) %a, %k : vector<16x128xi32>, i32
  } do {
  ^bb0(%b: vector<16x128xi32>, %j: i32):
    %v = tessera.load %x : !v16 -> vector<16x128xi32>
    %s = arith.addi %b, %v : vector<16x128xi32>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %s, %j1 : vector<16x128xi32>, i32
  }
  tessera.store %r#0, %o : vector<16x128xi32>, !v16
  return
}

// -----

!v16 = memref<16x128xf32, #tessera.memory_space<vmem>>

// Nested: an scf.if carrying an array inside an scf.for carrying one.

// CHECK-LABEL: func.func @nested
// CHECK: scf.for {{.*}} -> (vector<8x128xf32>, vector<8x128xf32>)
// CHECK:   %[[IF:.*]]:2 = scf.if %{{.*}} -> (vector<8x128xf32>, vector<8x128xf32>)
// CHECK:     arith.addf
// CHECK:     arith.addf
// CHECK:     scf.yield %{{.*}}, %{{.*}} : vector<8x128xf32>, vector<8x128xf32>
// CHECK:   } else {
// CHECK:     scf.yield %{{.*}}, %{{.*}} : vector<8x128xf32>, vector<8x128xf32>
// CHECK:   }
// CHECK:   scf.yield %[[IF]]#0, %[[IF]]#1 : vector<8x128xf32>, vector<8x128xf32>
// CHECK-NOT: vector<16x128xf32>
// CHECK: return
func.func @nested(%x: !v16, %o: !v16, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : vector<16x128xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<16x128xf32>) : i32 {
    %odd = arith.remsi %i, %c2 : i32
    %isOdd = arith.cmpi eq, %odd, %c1 : i32
    %next = scf.if %isOdd -> (vector<16x128xf32>) {
      %v = tessera.load %x : !v16 -> vector<16x128xf32>
      %s = arith.addf %acc, %v : vector<16x128xf32>
      scf.yield %s : vector<16x128xf32>
    } else {
      scf.yield %acc : vector<16x128xf32>
    }
    scf.yield %next : vector<16x128xf32>
  }
  tessera.store %r, %o : vector<16x128xf32>, !v16
  return
}

// -----

// An array that does not split into tiles, carried by a loop.

func.func @carried_not_tileable(%n: i32, %init: vector<2x8x128xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op array of shape 'vector<2x8x128xf32>' does not split into (8, 128) tiles}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (vector<2x8x128xf32>) : i32 {
    scf.yield %acc : vector<2x8x128xf32>
  }
  return
}

// -----

!v16 = memref<16x128xf32, #tessera.memory_space<vmem>>

// An array argument of the function: legalization cannot split it, inside
// a loop as anywhere.

func.func @array_argument_in_loop(%o: !v16, %n: i32, %a: vector<16x128xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-error @+1 {{'tessera.store' op uses an array value that tile legalization could not split}}
    tessera.store %a, %o : vector<16x128xf32>, !v16
  }
  return
}
