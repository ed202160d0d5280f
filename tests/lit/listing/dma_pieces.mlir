// A DMA start with pieces = 4 is four strided DMAs of 16 rows each: its
// one strided run of 8-row tiles cut by chunks, in order, each a quarter
// of the bytes. Without the attribute it is one. With `if %c` (a grid's
// write-back, in pieces at its last step only) it is both: the pieces
// guarded by %c, the whole DMA by its negation. The wait is one, for all
// the bytes. The listing reads back and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK-LABEL: .kernel pieces
// CHECK-DAG: pimm [[P:p[0-9]+]], 1
// CHECK-COUNT-4: {{  }}dma.vmem_to_hbm.s [vmem:s{{[0-9]+}}], [hbm:s{{[0-9]+}}], 0x8004014, [sem:0]
// CHECK-NOT: dma.vmem_to_hbm.s [vmem:
// CHECK: vwait.ge [sem:0], 65536
// CHECK: {{  }}dma.vmem_to_hbm.s [vmem:{{.*}} 0x8004044, [sem:0]
// CHECK-NOT: dma.vmem_to_hbm.s [vmem:
// CHECK: vwait.ge [sem:0], 65536
// CHECK: @![[P]] dma.vmem_to_hbm.s [vmem:{{.*}} 0x8004044, [sem:0]
// CHECK-COUNT-4: @[[P]] dma.vmem_to_hbm.s [vmem:{{.*}} 0x8004014, [sem:0]
// CHECK-NOT: dma.vmem_to_hbm.s [vmem:
// CHECK: vwait.ge [sem:0], 65536
// RESULT: completed

!hbm = memref<64x1024xf32, #tessera.memory_space<any>>
!win = memref<64x256xf32, strided<[1024, 1], offset: 256>, #tessera.memory_space<any>>
!vmem = memref<64x256xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
module {
  func.func @pieces(%o: !hbm, %v: !vmem, %s: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %w = tessera.view %o[0, 256] [64, 256] : !hbm to !win
    tessera.dma_start %v, %w, %s {pieces = 4 : i64} : !vmem, !win, !sem
    tessera.dma_wait %v, %w, %s : !vmem, !win, !sem
    tessera.dma_start %v, %w, %s : !vmem, !win, !sem
    tessera.dma_wait %v, %w, %s : !vmem, !win, !sem
    %c = arith.constant true
    tessera.dma_start %v, %w, %s if %c {pieces = 4 : i64} : !vmem, !win, !sem
    tessera.dma_wait %v, %w, %s : !vmem, !win, !sem
    return
  }
}
