// A DMA between a 1-D HBM array and an SMEM Ref is one dma.hbm_to_smem /
// dma.smem_to_hbm of words: the HBM side's word address is its base row
// times 128 (sshl by 7), the length counts words, and the wait takes 4 bytes
// a word. The sld and sst of the copied words stay between the waits and
// the starts. The listing reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK: sshl s{{[0-9]+}}, s{{[0-9]+}}, 7
// CHECK: dma.hbm_to_smem [hbm:s{{[0-9]+}}], [smem:s{{[0-9]+}}], 0x10, [sem:0]
// CHECK: vwait.ge [sem:0], 64
// CHECK: sld s{{[0-9]+}}, [smem:0x3]
// CHECK: sst [smem:0x3], s{{[0-9]+}}
// CHECK: dma.smem_to_hbm [smem:s{{[0-9]+}}], [hbm:s{{[0-9]+}}], 0x10, [sem:0]
// CHECK: vwait.ge [sem:0], 64
// RESULT: completed

module {
  func.func @smem_dma(%x: memref<16xf32, #tessera.memory_space<any>>,
                      %o: memref<16xf32, #tessera.memory_space<any>>,
                      %s: memref<16xf32, #tessera.memory_space<smem>>,
                      %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c1 = arith.constant 1 : index
    %half = arith.constant 0.5 : f32
    tessera.dma_start %x, %s, %sem : memref<16xf32, #tessera.memory_space<any>>, memref<16xf32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %x, %s, %sem : memref<16xf32, #tessera.memory_space<any>>, memref<16xf32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %a = tessera.load_scalar %s[%c1] : memref<16xf32, #tessera.memory_space<smem>> -> f32
    %m = arith.mulf %a, %half : f32
    tessera.store_scalar %m, %s[%c1] : f32, memref<16xf32, #tessera.memory_space<smem>>
    tessera.dma_start %s, %o, %sem : memref<16xf32, #tessera.memory_space<smem>>, memref<16xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %s, %o, %sem : memref<16xf32, #tessera.memory_space<smem>>, memref<16xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    return
  }
}
