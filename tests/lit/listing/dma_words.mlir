// A DMA between a 1-D HBM array (its words, row-major) and a VMEM buffer
// of rows of 128 lanes (a 1-D VMEM Ref's layout) moves whole rows: f32[1000]
// into [8, 128] is 8 memory rows (4096 bytes, the last row's tail the
// array's padding), int32[8] into [1, 8] one row. The listing reads back
// unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK: dma.hbm_to_vmem [hbm:s{{[0-9]+}}], [vmem:s{{[0-9]+}}], 0x8, [sem:0]
// CHECK: vwait.ge [sem:0], 4096
// CHECK: dma.vmem_to_hbm [vmem:s{{[0-9]+}}], [hbm:s{{[0-9]+}}], 0x8, [sem:0]
// CHECK: vwait.ge [sem:0], 4096
// CHECK: dma.hbm_to_vmem [hbm:s{{[0-9]+}}], [vmem:s{{[0-9]+}}], 0x1, [sem:0]
// CHECK: vwait.ge [sem:0], 512
// RESULT: completed

module {
  func.func @dma_words(%x: memref<1000xf32, #tessera.memory_space<any>>,
                       %y: memref<8xi32, #tessera.memory_space<any>>,
                       %a: memref<8x128xf32, #tessera.memory_space<vmem>>,
                       %b: memref<1x8xi32, #tessera.memory_space<vmem>>,
                       %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %x, %a, %sem : memref<1000xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %x, %a, %sem : memref<1000xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_start %a, %x, %sem : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<1000xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %a, %x, %sem : memref<8x128xf32, #tessera.memory_space<vmem>>, memref<1000xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_start %y, %b, %sem : memref<8xi32, #tessera.memory_space<any>>, memref<1x8xi32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %y, %b, %sem : memref<8xi32, #tessera.memory_space<any>>, memref<1x8xi32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    return
  }
}
