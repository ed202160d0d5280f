// A DMA of one row of a 2-D VMEM Ref to or from a row of a 2-D SMEM Ref is
// one dma.vmem_to_smem / dma.smem_to_vmem of that row's words, VMEM words
// counted as memory row * 128 + lane (tiled as in HBM). Element (9, 128)
// of a f32[16, 256] scratch at VMEM row 0x0 is word 3200; row 1 of an SMEM
// [2, 128] is word 128. The listing reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK: dma.vmem_to_smem [vmem:s{{[0-9]+}}], [smem:s{{[0-9]+}}], 0x80, [sem:0]
// CHECK: vwait.ge [sem:0], 512
// CHECK: dma.smem_to_vmem [smem:s{{[0-9]+}}], [vmem:s{{[0-9]+}}], 0x80, [sem:0]
// CHECK: vwait.ge [sem:0], 512
// RESULT: completed

module {
  func.func @smem_dma_vmem(%x: memref<16x256xf32, #tessera.memory_space<any>>,
                           %v: memref<16x256xf32, #tessera.memory_space<vmem>>,
                           %s: memref<2x128xf32, #tessera.memory_space<smem>>,
                           %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %x, %v, %sem : memref<16x256xf32, #tessera.memory_space<any>>, memref<16x256xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %x, %v, %sem : memref<16x256xf32, #tessera.memory_space<any>>, memref<16x256xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %vw = tessera.view %v[9, 128] [1, 128] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[256, 1], offset: 2432>, #tessera.memory_space<vmem>>
    %sw = tessera.view %s[1, 0] [1, 128] : memref<2x128xf32, #tessera.memory_space<smem>> to memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>
    tessera.dma_start %vw, %sw, %sem : memref<1x128xf32, strided<[256, 1], offset: 2432>, #tessera.memory_space<vmem>>, memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %vw, %sw, %sem : memref<1x128xf32, strided<[256, 1], offset: 2432>, #tessera.memory_space<vmem>>, memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %vo = tessera.view %v[0, 0] [1, 128] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
    tessera.dma_start %sw, %vo, %sem : memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>, memref<1x128xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %sw, %vo, %sem : memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>, memref<1x128xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    return
  }
}
