
// The Pallas matmul accumulator, on tile IR, in a grid loop whose step
// computes d on the MXU:
//
//   pl::when(k == 0, [&] { acc_ref[___] = 0.0; });
//   acc_ref[___] += d;
//   pl::when(k == nk - 1, [&] { o_ref[___] = acc_ref[___]; });
//
// Load reuse turns the load of acc after the first branch into
// select(k == 0, 0, acc as loaded before the branch), moved below the add
// (select(k == 0, 0 + d, acc + d): in a block with MXU ops the lowering
// then fetches acc just before its add), and forwards the sum stored to
// acc into the second branch; the first branch's stores are then
// overwritten before anything reads them, dead-store elimination removes
// them, and the empty branch goes. No pass over the accumulator is left
// but the load and the store of `+=`. The selects cost the condition's
// mask beyond the stores and reloads they replace; they are made for
// their cycles in MXU blocks only (@accumulate_without_mxu).

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// CHECK-LABEL: func.func @accumulate
// CHECK-SAME: %[[ACC:[a-z0-9_]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[NK:[a-z0-9]+]]: i32
// CHECK: scf.for %[[K:[a-z0-9]+]] =
// CHECK: %[[D:.*]] = tessera.mxu_matmul
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[K]]
// CHECK-NEXT: tessera.view %[[ACC]] [0, 0]
// CHECK-NEXT: %[[OLD0:.*]] = tessera.load
// CHECK-NEXT: tessera.view %[[ACC]] [8, 0]
// CHECK-NEXT: %[[OLD8:.*]] = tessera.load
// CHECK-NEXT: tessera.view %[[ACC]] [0, 0]
// CHECK-NEXT: %[[Z0:.*]] = arith.addf %[[D]], %{{.*}}
// CHECK-NEXT: %[[A0:.*]] = arith.addf %[[OLD0]], %[[D]]
// CHECK-NEXT: %[[S0:.*]] = arith.select %[[FIRST]], %[[Z0]], %[[A0]]
// CHECK-NEXT: tessera.store %[[S0]]
// CHECK-NEXT: tessera.view %[[ACC]] [8, 0]
// CHECK-NEXT: %[[Z8:.*]] = arith.addf %[[D]], %{{.*}}
// CHECK-NEXT: %[[A8:.*]] = arith.addf %[[OLD8]], %[[D]]
// CHECK-NEXT: %[[S8:.*]] = arith.select %[[FIRST]], %[[Z8]], %[[A8]]
// CHECK-NEXT: tessera.store %[[S8]]
// CHECK-NEXT: %[[LAST:.*]] = arith.cmpi eq, %[[K]]
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-NEXT: tessera.view
// CHECK-NEXT: tessera.store %[[S0]]
// CHECK-NEXT: tessera.view
// CHECK-NEXT: tessera.store %[[S8]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @accumulate(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %acc: !vmem, %nk: i32, %t: vector<16x128xbf16>, %l: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : !tile
  %last_k = arith.subi %nk, %c1 : i32
  scf.for %k = %c0 to %nk step %c1 : i32 {
    %w = tessera.mxu_weights %t, %t, %t, %t, %t, %t, %t, %t : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
    %d = tessera.mxu_matmul %w, %l : vector<8x128xf32> -> vector<8x128xf32>
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
      %z0 = tessera.view %acc[0, 0] [8, 128] : !vmem to !rows0
      tessera.store %zero, %z0 : !tile, !rows0
      %z8 = tessera.view %acc[8, 0] [8, 128] : !vmem to !rows8
      tessera.store %zero, %z8 : !tile, !rows8
    }
    %a0v = tessera.view %acc[0, 0] [8, 128] : !vmem to !rows0
    %a0 = tessera.load %a0v : !rows0 -> !tile
    %s0 = arith.addf %a0, %d : !tile
    tessera.store %s0, %a0v : !tile, !rows0
    %a8v = tessera.view %acc[8, 0] [8, 128] : !vmem to !rows8
    %a8 = tessera.load %a8v : !rows8 -> !tile
    %s8 = arith.addf %a8, %d : !tile
    tessera.store %s8, %a8v : !tile, !rows8
    %last = arith.cmpi eq, %k, %last_k : i32
    scf.if %last {
      %r0v = tessera.view %acc[0, 0] [8, 128] : !vmem to !rows0
      %r0 = tessera.load %r0v : !rows0 -> !tile
      %o0v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
      tessera.store %r0, %o0v : !tile, !rows0
      %r8v = tessera.view %acc[8, 0] [8, 128] : !vmem to !rows8
      %r8 = tessera.load %r8v : !rows8 -> !tile
      %o8v = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
      tessera.store %r8, %o8v : !tile, !rows8
    }
  }
  return
}

// The same accumulator with d from outside the loop (no MXU op in the
// block): the zeroing branch stays and acc is reloaded after it (two
// predicated stores and two loads, where the selects would cost the two
// loads, the mask and two vsel).

// CHECK-LABEL: func.func @accumulate_without_mxu
// CHECK: scf.for
// CHECK-NOT: arith.select
// CHECK: scf.if
// CHECK-NEXT: tessera.view
// CHECK-NEXT: tessera.store
// CHECK-NEXT: tessera.view
// CHECK-NEXT: tessera.store
// CHECK-NEXT: }
// CHECK-NEXT: tessera.view
// CHECK-NEXT: tessera.load
// CHECK-NOT: arith.select
// CHECK: return
func.func @accumulate_without_mxu(%x_hbm: !hbm, %o_hbm: !hbm, %o: !vmem, %acc: !vmem, %nk: i32, %d: !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : !tile
  %last_k = arith.subi %nk, %c1 : i32
  scf.for %k = %c0 to %nk step %c1 : i32 {
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
      %z0 = tessera.view %acc[0, 0] [8, 128] : !vmem to !rows0
      tessera.store %zero, %z0 : !tile, !rows0
      %z8 = tessera.view %acc[8, 0] [8, 128] : !vmem to !rows8
      tessera.store %zero, %z8 : !tile, !rows8
    }
    %a0v = tessera.view %acc[0, 0] [8, 128] : !vmem to !rows0
    %a0 = tessera.load %a0v : !rows0 -> !tile
    %s0 = arith.addf %a0, %d : !tile
    tessera.store %s0, %a0v : !tile, !rows0
    %a8v = tessera.view %acc[8, 0] [8, 128] : !vmem to !rows8
    %a8 = tessera.load %a8v : !rows8 -> !tile
    %s8 = arith.addf %a8, %d : !tile
    tessera.store %s8, %a8v : !tile, !rows8
    %last = arith.cmpi eq, %k, %last_k : i32
    scf.if %last {
      %r0v = tessera.view %acc[0, 0] [8, 128] : !vmem to !rows0
      %r0 = tessera.load %r0v : !rows0 -> !tile
      %o0v = tessera.view %o[0, 0] [8, 128] : !vmem to !rows0
      tessera.store %r0, %o0v : !tile, !rows0
      %r8v = tessera.view %acc[8, 0] [8, 128] : !vmem to !rows8
      %r8 = tessera.load %r8v : !rows8 -> !tile
      %o8v = tessera.view %o[8, 0] [8, 128] : !vmem to !rows8
      tessera.store %r8, %o8v : !tile, !rows8
    }
  }
  return
}
