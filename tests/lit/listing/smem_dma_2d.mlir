// A DMA of one row of a 2-D HBM array (tiled: 8-row tiles of 128 lanes,
// row-major) to or from a row of a 2-D SMEM Ref (row-major words) is one
// dma.hbm_to_smem / dma.smem_to_hbm of that row's words. Element (9, 128)
// of f32[16, 256] is word ((9 / 8 * 2 + 128 / 128) * 8 + 9 % 8) * 128 +
// 128 % 128 = 3200 past the array's base; row 1 of an SMEM [2, 128] is word
// 128. A run-time row r splits into r / 8 and r % 8 (sshrl, sand). The
// listing reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: FileCheck --check-prefix=ROW %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK: sshl s[[B:[0-9]+]], s{{[0-9]+}}, 7
// CHECK: sadd s[[A:[0-9]+]], s[[B]], 3200
// CHECK: dma.hbm_to_smem [hbm:s[[A]]], [smem:s{{[0-9]+}}], 0x80, [sem:0]
// CHECK: dma.smem_to_hbm [smem:s{{[0-9]+}}], [hbm:s{{[0-9]+}}], 0x80, [sem:0]
// CHECK: vwait.ge [sem:0], 512
// The run-time row's parts (scheduled among the first DMA's bundles):
// ROW-DAG: sshrl s[[HI:[0-9]+]], s{{[0-9]+}}, 3
// ROW-DAG: smul s{{[0-9]+}}, s[[HI]], 2048
// ROW-DAG: sand s[[LO:[0-9]+]], s{{[0-9]+}}, 7
// ROW-DAG: smul s{{[0-9]+}}, s[[LO]], 128
// RESULT: completed

module {
  func.func @smem_dma_2d(%n: memref<1xi32, #tessera.memory_space<smem>>,
                         %x: memref<16x256xf32, #tessera.memory_space<any>>,
                         %o: memref<16x256xf32, #tessera.memory_space<any>>,
                         %s: memref<2x128xf32, #tessera.memory_space<smem>>,
                         %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
      attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 1 : i64} {
    %c0 = arith.constant 0 : index
    %k = tessera.load_scalar %n[%c0] : memref<1xi32, #tessera.memory_space<smem>> -> i32
    %r = arith.index_cast %k : i32 to index
    %xw = tessera.view %x[9, 128] [1, 128] : memref<16x256xf32, #tessera.memory_space<any>> to memref<1x128xf32, strided<[256, 1], offset: 2432>, #tessera.memory_space<any>>
    %sw = tessera.view %s[1, 0] [1, 128] : memref<2x128xf32, #tessera.memory_space<smem>> to memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>
    tessera.dma_start %xw, %sw, %sem : memref<1x128xf32, strided<[256, 1], offset: 2432>, #tessera.memory_space<any>>, memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %xw, %sw, %sem : memref<1x128xf32, strided<[256, 1], offset: 2432>, #tessera.memory_space<any>>, memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    %ow = tessera.view %o[%r, 0] [1, 128] : memref<16x256xf32, #tessera.memory_space<any>> to memref<1x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>
    tessera.dma_start %sw, %ow, %sem : memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>, memref<1x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    tessera.dma_wait %sw, %ow, %sem : memref<1x128xf32, strided<[128, 1], offset: 128>, #tessera.memory_space<smem>>, memref<1x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
    return
  }
}
