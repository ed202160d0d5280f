
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A load in a loop whose value only leaves its region (every use a yield)
// would become a vmov of the value known for it, as the load cost; known
// from outside the loop, that value kept live through the loop costs a
// copy more (before the loop when it starts the loop's carried value, on a
// back edge when it is another carry). Such a load stays (@yielded_loads):
// in a branch of the body, the value an init of the loop or not; as the
// inner loop's yield of the outer loop's carried value. It is replaced when
// the value is made in the loop, and when it is the loop's own yield of
// the value the loop starts that carry with: the carry never changes.

// CHECK-LABEL: func.func @yielded_loads
// CHECK-SAME: %[[Y:[a-z0-9]+]]: vector<8x128xf32>)
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[Y]])
// CHECK-NEXT: scf.if
// CHECK-NEXT: tessera.load
// CHECK-NEXT: scf.yield
// CHECK: scf.for {{.*}} iter_args
// CHECK-NEXT: scf.if
// CHECK-NEXT: tessera.load
// CHECK-NEXT: scf.yield
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[Y]])
// CHECK-NEXT: scf.yield %[[Y]]
// CHECK: scf.for {{.*}} iter_args
// CHECK-NEXT: %[[M:.*]] = arith.addf
// CHECK-NEXT: tessera.store %[[M]]
// CHECK-NEXT: scf.if
// CHECK-NEXT: scf.yield %[[M]]
// CHECK: scf.for {{.*}} iter_args(%[[OUTER:.*]] = %[[Y]])
// CHECK-NEXT: tessera.store %[[OUTER]]
// CHECK-NEXT: scf.for {{.*}} iter_args
// CHECK-NEXT: %[[L:.*]] = tessera.load
// CHECK-NEXT: scf.yield %[[L]]
func.func @yielded_loads(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %n: i32, %c: i1, %y: !tile) -> (!tile, !tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %y, %t0 : !tile, !rows0
  %a = tessera.load %t0 : !rows0 -> !tile
  // In a branch, the value the loop's carry starts with.
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!tile) : i32 {
    %v = scf.if %c -> (!tile) {
      %e = tessera.load %t0 : !rows0 -> !tile
      scf.yield %e : !tile
    } else {
      scf.yield %acc : !tile
    }
    %s = arith.addf %acc, %v : !tile
    scf.yield %s : !tile
  }
  // In a branch, a value from outside the loop.
  %z = arith.mulf %a, %a : !tile
  %q = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (!tile) : i32 {
    %v = scf.if %c -> (!tile) {
      %e = tessera.load %t0 : !rows0 -> !tile
      scf.yield %e : !tile
    } else {
      scf.yield %acc : !tile
    }
    %s = arith.addf %acc, %v : !tile
    scf.yield %s : !tile
  }
  // The loop's own yield of its carry's first value: replaced.
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!tile) : i32 {
    %e = tessera.load %t0 : !rows0 -> !tile
    scf.yield %e : !tile
  }
  // Made in the loop: replaced.
  %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (!tile) : i32 {
    %m = arith.addf %acc, %acc : !tile
    tessera.store %m, %t0 : !tile, !rows0
    %v = scf.if %c -> (!tile) {
      %e = tessera.load %t0 : !rows0 -> !tile
      scf.yield %e : !tile
    } else {
      scf.yield %acc : !tile
    }
    %s = arith.addf %m, %v : !tile
    scf.yield %s : !tile
  }
  // The inner loop's yield of the outer loop's carried value.
  %u = scf.for %i = %c0 to %n step %c1 iter_args(%outer = %a) -> (!tile) : i32 {
    tessera.store %outer, %t0 : !tile, !rows0
    %w = scf.for %j = %c0 to %n step %c1 iter_args(%inner = %a) -> (!tile) : i32 {
      %e = tessera.load %t0 : !rows0 -> !tile
      scf.yield %e : !tile
    }
    scf.yield %w : !tile
  }
  return %r, %q, %u, %p, %k : !tile, !tile, !tile, !tile, !tile
}

