
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// A branch continues with the rest of its block: a store in it that the
// block overwrites after the branch, before anything reads it, is dead (in
// a loop body too: the overwrite is in the same iteration). One read after
// the branch (rows 8) keeps that store; a store the block overwrites only
// in a later branch (which may not run) stays.

// CHECK-LABEL: func.func @branch_store_overwritten_after
// CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %[[A:[a-z0-9]+]]: vector<8x128xf32>, %[[B:[a-z0-9]+]]: vector<8x128xf32>
// CHECK: scf.for
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.store %[[A]], %[[R8:[0-9]+]]
// CHECK-NEXT: tessera.store %[[A]], %[[U0:[0-9]+]]
// CHECK-NEXT: }
// CHECK-NEXT: tessera.load %[[R8]]
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: tessera.store %[[B]]
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: tessera.store %[[B]], %[[U0]]
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @branch_store_overwritten_after(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %n: i32, %c: i1, %a: !tile, %b: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %t8 = tessera.view %t[8, 0] [8, 128] : !vmem to !rows8
  %u0 = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.if %c {
      tessera.store %a, %t0 : !tile, !rows0
      tessera.store %a, %t8 : !tile, !rows8
      tessera.store %a, %u0 : !tile, !rows0
    }
    %r = tessera.load %t8 : !rows8 -> !tile
    tessera.store %b, %t0 : !tile, !rows0
    tessera.store %b, %t8 : !tile, !rows8
    scf.if %c {
      tessera.store %b, %u0 : !tile, !rows0
    }
  }
  return
}

