
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!win = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// A pipeline's block DMA (tessera.block_index) gets no bounds check: its
// block index is checked (tessera-expand-grid's tessera.check), and that
// check is a bounds check, gone with them.
// BOUNDS-LABEL: func.func @block_dma
// BOUNDS:       tessera.check %{{.*}}, "at grid point ({0})
// BOUNDS-NOT:   tessera.bounds_check
// NOBOUNDS-LABEL: func.func @block_dma
// NOBOUNDS-NOT: tessera.check
func.func @block_dma(%b: i32, %x: !hbm, %v: !vmem, %s: !sem)
    attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64} {
  %c2 = arith.constant 2 : i32
  %in = arith.cmpi ult, %b, %c2 : i32
  tessera.check %in, "at grid point ({0}) the index map of in_specs[0] 'x' returned block ({0}, 0)" [%b : i32] {tessera.block_index}
  %c8 = arith.constant 8 : i32
  %r = arith.muli %b, %c8 : i32
  %off = arith.index_cast %r : i32 to index
  %w = tessera.view %x[%off, 0] [8, 128] : !hbm to !win
  tessera.dma_start %w, %v, %s {tessera.block_index} : !win, !vmem, !sem
  tessera.dma_wait %w, %v, %s {tessera.block_index} : !win, !vmem, !sem
  return
}

