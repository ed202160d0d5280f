
!hbm = memref<64x128xf32, #tessera.memory_space<any>>
!vmem = memref<64x128xf32, #tessera.memory_space<vmem>>
!win = memref<16x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
!tile = vector<16x128xf32>

// A run-time window read before the branch: the branch stores acc[%r], a
// load of acc[%r] after it is the select over the value read before
// (acc[%r] is overwritten after it); a load of acc[%s] (which may or may
// not be the same rows) is not.

// CHECK-LABEL: func.func @when_runtime_window
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[Y:[a-z0-9]+]]: vector<16x128xf32>
// CHECK: %[[OLD:.*]] = tessera.load
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[C]], %[[Y]], %[[OLD]]
// CHECK-NEXT: scf.if %[[C]] {
// CHECK: }
// CHECK-NEXT: tessera.store %[[Y]]
// CHECK-NEXT: %[[B:.*]] = tessera.load
// CHECK-NEXT: %[[AB:.*]] = arith.addf %[[SEL]], %[[OLD]]
// CHECK-NEXT: return %[[AB]], %[[B]]
func.func @when_runtime_window(%x_hbm: !hbm, %o_hbm: !hbm, %acc: !vmem, %r: index, %s: index, %c: i1, %y: !tile) -> (!tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %vr = tessera.view %acc[%r, 0] [16, 128] : !vmem to !win
  %vs = tessera.view %acc[%s, 0] [16, 128] : !vmem to !win
  %before = tessera.load %vr : !win -> !tile
  scf.if %c {
    tessera.store %y, %vr : !tile, !win
  }
  %a = tessera.load %vr : !win -> !tile
  tessera.store %y, %vr : !tile, !win
  %b = tessera.load %vs : !win -> !tile
  %ab = arith.addf %a, %before : !tile
  return %ab, %b : !tile, !tile
}

