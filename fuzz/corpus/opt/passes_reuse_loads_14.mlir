
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!out = memref<72x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
!tile = vector<8x128xf32>

!o0 = memref<8x128xf32, strided<[128, 1], offset: 0>, #tessera.memory_space<vmem>>
!o1 = memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
!o2 = memref<8x128xf32, strided<[128, 1], offset: 2048>, #tessera.memory_space<vmem>>
!o3 = memref<8x128xf32, strided<[128, 1], offset: 3072>, #tessera.memory_space<vmem>>
!o4 = memref<8x128xf32, strided<[128, 1], offset: 4096>, #tessera.memory_space<vmem>>
!o5 = memref<8x128xf32, strided<[128, 1], offset: 5120>, #tessera.memory_space<vmem>>
!o6 = memref<8x128xf32, strided<[128, 1], offset: 6144>, #tessera.memory_space<vmem>>
!o7 = memref<8x128xf32, strided<[128, 1], offset: 7168>, #tessera.memory_space<vmem>>
!o8 = memref<8x128xf32, strided<[128, 1], offset: 8192>, #tessera.memory_space<vmem>>

// Values stored before a DMA wait and read back after it stay live across
// the wait, where the work before it overlaps the DMA: the stores of one
// wait forward at most kWaitCarryVRegs (8) tiles past it. The ninth tile is
// reloaded (and its store stays).

// CHECK-LABEL: func.func @forward_past_a_wait
// CHECK: tessera.dma_wait
// CHECK-COUNT-1: tessera.load
// CHECK-NOT: tessera.load
// CHECK: return %arg4, %arg5, %arg6, %arg7, %arg8, %arg9, %arg10, %arg11, %{{[0-9]+}}
func.func @forward_past_a_wait(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %o: !out, %y0: !tile,
                               %y1: !tile, %y2: !tile, %y3: !tile, %y4: !tile, %y5: !tile,
                               %y6: !tile, %y7: !tile, %y8: !tile, %sem: !sem)
    -> (!tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.dma_start %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %v0 = tessera.view %o[0, 0] [8, 128] : !out to !o0
  tessera.store %y0, %v0 : !tile, !o0
  %v1 = tessera.view %o[8, 0] [8, 128] : !out to !o1
  tessera.store %y1, %v1 : !tile, !o1
  %v2 = tessera.view %o[16, 0] [8, 128] : !out to !o2
  tessera.store %y2, %v2 : !tile, !o2
  %v3 = tessera.view %o[24, 0] [8, 128] : !out to !o3
  tessera.store %y3, %v3 : !tile, !o3
  %v4 = tessera.view %o[32, 0] [8, 128] : !out to !o4
  tessera.store %y4, %v4 : !tile, !o4
  %v5 = tessera.view %o[40, 0] [8, 128] : !out to !o5
  tessera.store %y5, %v5 : !tile, !o5
  %v6 = tessera.view %o[48, 0] [8, 128] : !out to !o6
  tessera.store %y6, %v6 : !tile, !o6
  %v7 = tessera.view %o[56, 0] [8, 128] : !out to !o7
  tessera.store %y7, %v7 : !tile, !o7
  %v8 = tessera.view %o[64, 0] [8, 128] : !out to !o8
  tessera.store %y8, %v8 : !tile, !o8
  tessera.dma_wait %x_hbm, %x, %sem : !hbm, !vmem, !sem
  %r0 = tessera.load %v0 : !o0 -> !tile
  %r1 = tessera.load %v1 : !o1 -> !tile
  %r2 = tessera.load %v2 : !o2 -> !tile
  %r3 = tessera.load %v3 : !o3 -> !tile
  %r4 = tessera.load %v4 : !o4 -> !tile
  %r5 = tessera.load %v5 : !o5 -> !tile
  %r6 = tessera.load %v6 : !o6 -> !tile
  %r7 = tessera.load %v7 : !o7 -> !tile
  %r8 = tessera.load %v8 : !o8 -> !tile
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8 : !tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile, !tile
}

