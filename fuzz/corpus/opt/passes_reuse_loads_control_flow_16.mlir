
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!big = vector<256x128xf32>

// Register pressure: a load in a loop served from outside it keeps the
// value live through the loop. A loop that already carries 32 vregs (the
// vector registers) keeps its load; one carrying a tile reuses it.

// CHECK-LABEL: func.func @reuse_into_a_loop_within_the_registers
// CHECK: %[[A:.*]] = tessera.load
// CHECK: scf.for {{.*}} -> (vector<256x128xf32>)
// CHECK-NEXT: %[[E:.*]] = tessera.load
// CHECK-NEXT: tessera.store %[[E]]
// CHECK: scf.for {{.*}} -> (vector<8x128xf32>)
// CHECK-NEXT: arith.addf %{{.*}}, %[[A]]
func.func @reuse_into_a_loop_within_the_registers(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %n: i32, %big: !big, %y: !tile) -> (!big, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %u0 = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %t0 : !rows0 -> !tile
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %big) -> (!big) : i32 {
    %e = tessera.load %t0 : !rows0 -> !tile
    tessera.store %e, %u0 : !tile, !rows0
    %s = arith.addf %acc, %acc : !big
    scf.yield %s : !big
  }
  %q = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y) -> (!tile) : i32 {
    %e = tessera.load %t0 : !rows0 -> !tile
    %s = arith.addf %acc, %e : !tile
    scf.yield %s : !tile
  }
  return %r, %q : !big, !tile
}
