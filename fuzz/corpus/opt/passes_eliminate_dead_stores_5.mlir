
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Scratch is dead when the kernel ends: a store nothing reads goes, with
// the arithmetic behind it, even though another tile of the same buffer is
// read. The store that is read stays.

// CHECK-LABEL: func.func @scratch_never_read
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[T:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>
// CHECK-NEXT: tessera.view %[[X]] [0, 0]
// CHECK-NEXT: %[[A:.*]] = tessera.load
// CHECK-NEXT: %[[T0:.*]] = tessera.view %[[T]] [0, 0]
// CHECK-NEXT: tessera.store %[[A]], %[[T0]]
// CHECK-NEXT: %[[C:.*]] = tessera.load %[[T0]]
// CHECK-NEXT: return %[[C]]
func.func @scratch_never_read(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %t: !vmem) -> !tile
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %xv = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %xv : !rows0 -> !tile
  %b = arith.addf %a, %a : !tile
  %tv = tessera.view %t[8, 0] [8, 128] : !vmem to !rows8
  tessera.store %b, %tv : !tile, !rows8
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  tessera.store %a, %t0 : !tile, !rows0
  %c = tessera.load %t0 : !rows0 -> !tile
  return %c : !tile
}

