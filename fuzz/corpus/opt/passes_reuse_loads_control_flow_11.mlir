
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!rows4 = memref<8x128xf32, strided<[128, 1], offset: 512>, #tessera.memory_space<vmem>>
!rows8 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// No select when: the branch stores another window (rows 8, the load reads
// rows 0); a store between the branch and the load may write part of the
// window (rows 4-11); the branch has an else; the stored value is computed
// inside the branch (it does not exist after it).

// CHECK-LABEL: func.func @when_no_select
// CHECK-NOT: arith.select
// CHECK: return
func.func @when_no_select(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %w: !vmem, %z: !vmem, %c: i1, %y: !tile) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  %t8 = tessera.view %t[8, 0] [8, 128] : !vmem to !rows8
  scf.if %c {
    tessera.store %y, %t8 : !tile, !rows8
  }
  %a = tessera.load %t0 : !rows0 -> !tile

  %u0 = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  %u4 = tessera.view %u[4, 0] [8, 128] : !vmem to !rows4
  scf.if %c {
    tessera.store %y, %u0 : !tile, !rows0
  }
  tessera.store %y, %u4 : !tile, !rows4
  %b = tessera.load %u0 : !rows0 -> !tile

  %w0 = tessera.view %w[0, 0] [8, 128] : !vmem to !rows0
  scf.if %c {
    tessera.store %y, %w0 : !tile, !rows0
  } else {
    %e = tessera.load %w0 : !rows0 -> !tile
    tessera.store %e, %t0 : !tile, !rows0
  }
  %d = tessera.load %w0 : !rows0 -> !tile

  %z0 = tessera.view %z[0, 0] [8, 128] : !vmem to !rows0
  scf.if %c {
    %p = arith.addf %y, %y : !tile
    tessera.store %p, %z0 : !tile, !rows0
  }
  %f = tessera.load %z0 : !rows0 -> !tile
  return %a, %b, %d, %f : !tile, !tile, !tile, !tile
}

