
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// No select when: a DMA into the buffer is in flight across the branch;
// the load after the branch comes after a run-time check, which may stop
// the core before it (a load moved above the branch would read the window
// when the kernel does not); the load is in a later branch, which may not
// run; the branch itself may stop the core.

// CHECK-LABEL: func.func @when_no_select_dma_check_branch
// CHECK-NOT: arith.select
// CHECK: return
func.func @when_no_select_dma_check_branch(%x_hbm: !hbm, %o_hbm: !hbm, %t: !vmem, %u: !vmem, %w: !vmem, %z: !vmem, %sem: !sem, %c: i1, %ok: i1, %y: !tile) -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %t0 = tessera.view %t[0, 0] [8, 128] : !vmem to !rows0
  tessera.dma_start %x_hbm, %t, %sem : !hbm, !vmem, !sem
  scf.if %c {
    tessera.store %y, %t0 : !tile, !rows0
  }
  %a = tessera.load %t0 : !rows0 -> !tile
  tessera.dma_wait %x_hbm, %t, %sem : !hbm, !vmem, !sem

  %u0 = tessera.view %u[0, 0] [8, 128] : !vmem to !rows0
  scf.if %c {
    tessera.store %y, %u0 : !tile, !rows0
  }
  tessera.check %ok, "stop"
  %b = tessera.load %u0 : !rows0 -> !tile

  %w0 = tessera.view %w[0, 0] [8, 128] : !vmem to !rows0
  scf.if %c {
    tessera.store %y, %w0 : !tile, !rows0
  }
  %r = scf.if %ok -> (!tile) {
    %e = tessera.load %w0 : !rows0 -> !tile
    scf.yield %e : !tile
  } else {
    scf.yield %y : !tile
  }

  %z0 = tessera.view %z[0, 0] [8, 128] : !vmem to !rows0
  scf.if %c {
    tessera.check %ok, "stop"
    tessera.store %y, %z0 : !tile, !rows0
  }
  %f = tessera.load %z0 : !rows0 -> !tile
  return %a, %b, %r, %f : !tile, !tile, !tile, !tile
}

