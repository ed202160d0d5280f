
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// An scf.if that may store into the window: the load after it is a new
// load. A branch that only reads reuses what was loaded before it, and the
// value stored inside a branch is forwarded inside it.

// CHECK-LABEL: func.func @no_reuse_across_storing_if
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[Y:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: %[[A:.*]] = tessera.load
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.store %[[Y]]
// CHECK-NEXT: tessera.store %[[Y]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (vector<8x128xf32>) {
// CHECK-NEXT: scf.yield %[[B]]
// CHECK-NEXT: } else {
// CHECK-NEXT: tessera.store %[[Y]]
// CHECK-NEXT: scf.yield %[[Y]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[A]], %[[B]], %[[R]]
func.func @no_reuse_across_storing_if(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %o: !vmem, %c: i1, %y: !tile) -> (!tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %tv = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %ov = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %tv : !rows0 -> !tile
  scf.if %c {
    tessera.store %y, %tv : !tile, !rows0
    %f = tessera.load %tv : !rows0 -> !tile
    tessera.store %f, %ov : !tile, !rows0
  }
  %b = tessera.load %tv : !rows0 -> !tile
  %r = scf.if %c -> (!tile) {
    %d = tessera.load %tv : !rows0 -> !tile
    scf.yield %d : !tile
  } else {
    tessera.store %y, %ov : !tile, !rows0
    %e = tessera.load %ov : !rows0 -> !tile
    scf.yield %e : !tile
  }
  return %a, %b, %r : !tile, !tile, !tile
}

