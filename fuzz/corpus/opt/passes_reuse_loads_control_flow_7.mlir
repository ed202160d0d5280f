
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// The Pallas accumulator: `pl::when(k == 0, acc = 0); acc += d`, d from
// the MXU. After the branch each tile holds 0 if it ran and its old
// contents if not: the load after it becomes a select on the condition over
// a load moved above the branch (its view cloned there), then moved below
// the add (select(first, 0 + d, old + d): in an MXU block the lowering
// fetches old just before its add). The one defined inside the branch is a
// constant: it is cloned too. The branch itself stays (dead-store
// elimination removes its stores, which the block overwrites: that is what
// makes the select pay). Without MXU ops in the block the loads of old
// would cost more than the selects save
// (reuse_loads_when_accumulate.mlir).

// CHECK-LABEL: func.func @when_zero_then_accumulate
// CHECK-SAME: %[[ACC:[a-z0-9_]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[K:[a-z0-9]+]]: i32
// CHECK: %[[D:.*]] = tessera.mxu_matmul
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00>
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]]
// CHECK-NEXT: %[[V0:.*]] = tessera.view %[[ACC]] [0, 0] [8, 128]
// CHECK-NEXT: %[[OLD0:.*]] = tessera.load %[[V0]]
// CHECK-NEXT: %[[ONE:.*]] = arith.constant dense<1.000000e+00>
// CHECK-NEXT: %[[V8:.*]] = tessera.view %[[ACC]] [8, 0] [8, 128]
// CHECK-NEXT: %[[OLD8:.*]] = tessera.load %[[V8]]
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: }
// CHECK-NOT: tessera.load
// CHECK: %[[Z0:.*]] = arith.addf %[[ZERO]], %[[D]]
// CHECK-NEXT: %[[A0:.*]] = arith.addf %[[OLD0]], %[[D]]
// CHECK-NEXT: arith.select %[[FIRST]], %[[Z0]], %[[A0]]
// CHECK-NOT: tessera.load
// CHECK: %[[Z8:.*]] = arith.addf %[[ONE]], %[[D]]
// CHECK-NEXT: %[[A8:.*]] = arith.addf %[[OLD8]], %[[D]]
// CHECK-NEXT: arith.select %[[FIRST]], %[[Z8]], %[[A8]]
func.func @when_zero_then_accumulate(%x_hbm: !hbm, %o_hbm: !hbm, %acc: !vmem, %k: i32, %t: vector<16x128xbf16>, %l: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %w = tessera.mxu_weights %t, %t, %t, %t, %t, %t, %t, %t : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
  %d = tessera.mxu_matmul %w, %l : vector<8x128xf32> -> vector<8x128xf32>
  %zero = arith.constant dense<0.0> : !tile
  %first = arith.cmpi eq, %k, %c0 : i32
  scf.if %first {
    %v0 = tessera.view %acc[0, 0] [8, 128] : !vmem to !rows0
    tessera.store %zero, %v0 : !tile, !rows0
    %one = arith.constant dense<1.0> : !tile
    %v8 = tessera.view %acc[8, 0] [8, 128] : !vmem to !rows8
    tessera.store %one, %v8 : !tile, !rows8
  }
  %w0 = tessera.view %acc[0, 0] [8, 128] : !vmem to !rows0
  %a0 = tessera.load %w0 : !rows0 -> !tile
  %s0 = arith.addf %a0, %d : !tile
  tessera.store %s0, %w0 : !tile, !rows0
  %w8 = tessera.view %acc[8, 0] [8, 128] : !vmem to !rows8
  %a8 = tessera.load %w8 : !rows8 -> !tile
  %s8 = arith.addf %a8, %d : !tile
  tessera.store %s8, %w8 : !tile, !rows8
  return
}

