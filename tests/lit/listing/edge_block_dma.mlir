// A pallas_call's partial edge block that its step copies itself (a
// pl::Element or pl::BoundedSlice block beside a blocked dimension): the
// array's last 105 columns (ending with f32[8, 233]) into the first 105 of
// the block buffer f32[8, 128], marked tessera.edge_block: the DMA moves
// the lane tile whole (4096 bytes, the buffer's lanes past 105 undefined)
// and its wait counts those bytes. The listing reads back unchanged and
// runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK: dma.hbm_to_vmem [hbm:s{{[0-9]+}}], [vmem:s{{[0-9]+}}], 0x8, [sem:0]
// CHECK: vwait.ge [sem:0], 4096
// CHECK: dma.vmem_to_hbm [vmem:s{{[0-9]+}}], [hbm:s{{[0-9]+}}], 0x8, [sem:0]
// CHECK: vwait.ge [sem:0], 4096
// RESULT: completed

!arr = memref<8x233xf32, #tessera.memory_space<any>>
!edge = memref<8x105xf32, strided<[233, 1], offset: 128>, #tessera.memory_space<any>>
!buf = memref<8x128xf32, #tessera.memory_space<vmem>>
!part = memref<8x105xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
module {
  func.func @edge_block(%x: !arr, %b: !buf, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %w = tessera.view %x[0, 128] [8, 105] : !arr to !edge
    %p = tessera.view %b[0, 0] [8, 105] : !buf to !part
    tessera.dma_start %w, %p, %sem {tessera.edge_block} : !edge, !part, !sem
    tessera.dma_wait %w, %p, %sem {tessera.edge_block} : !edge, !part, !sem
    tessera.dma_start %p, %w, %sem {tessera.edge_block} : !part, !edge, !sem
    tessera.dma_wait %p, %w, %sem {tessera.edge_block} : !part, !edge, !sem
    return
  }
}
