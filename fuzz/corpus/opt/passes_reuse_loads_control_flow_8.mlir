
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// The old contents already known before the branch (a load there): the
// select uses it, no load is added. Inside a loop body, in its first and
// later iterations alike. (Two tiles: see @when_one_tile_keeps_the_load.)

// CHECK-LABEL: func.func @when_with_known_old_value
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[Y:[a-z0-9]+]]: vector<16x128xf32>
// CHECK: scf.for
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[C]], %[[Y]], %[[A]]
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.store %[[Y]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[SEL]]
// CHECK-NEXT: tessera.store %[[S]]
// CHECK-NEXT: }
func.func @when_with_known_old_value(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %n: i32, %c: i1, %y: vector<16x128xf32>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a = tessera.load %t : !vmem -> vector<16x128xf32>
    scf.if %c {
      tessera.store %y, %t : vector<16x128xf32>, !vmem
    }
    %b = tessera.load %t : !vmem -> vector<16x128xf32>
    %s = arith.addf %a, %b : vector<16x128xf32>
    tessera.store %s, %t : vector<16x128xf32>, !vmem
  }
  return
}

