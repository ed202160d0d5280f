// A DMA between dtypes (a bitcast Ref's memory at one end) copies the same
// bits: its rows are those of a copy in one dtype. uint32[16, 256] in HBM
// into a bf16[32, 256] VMEM buffer is the 32 memory rows of the uint32
// array (a VMEM tile holds the same bytes in either dtype); a bf16[32, 128]
// HBM array (one column tile) into an f32[16, 128] VMEM buffer is 16 rows
// too, whose bf16 tiles of 8 rows (4 memory rows) follow each other. The
// listing reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK: dma.hbm_to_vmem [hbm:s{{[0-9]+}}], [vmem:s{{[0-9]+}}], 0x20, [sem:0]
// CHECK: vwait.ge [sem:0], 16384
// CHECK: dma.hbm_to_vmem [hbm:s{{[0-9]+}}], [vmem:s{{[0-9]+}}], 0x10, [sem:0]
// CHECK: vwait.ge [sem:0], 8192
// RESULT: completed

module {
  func.func @dma_bitcast(%x: memref<16x256xi32, #tessera.memory_space<any>>,
                         %y: memref<32x128xbf16, #tessera.memory_space<any>>,
                         %a: memref<32x256xbf16, #tessera.memory_space<vmem>>,
                         %b: memref<16x128xf32, #tessera.memory_space<vmem>>,
                         %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %x, %a, %sem : memref<16x256xi32, #tessera.memory_space<any>>, memref<32x256xbf16, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %x, %a, %sem : memref<16x256xi32, #tessera.memory_space<any>>, memref<32x256xbf16, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_start %y, %b, %sem : memref<32x128xbf16, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %y, %b, %sem : memref<32x128xbf16, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    return
  }
}
