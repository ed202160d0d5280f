// RUN: tessera-opt %s --split-input-file --tessera-insert-checks | FileCheck %s --check-prefixes=BOUNDS,SEMS
// RUN: tessera-opt %s --split-input-file --tessera-insert-checks=bounds=false | FileCheck %s --check-prefixes=NOBOUNDS,SEMS
// RUN: tessera-opt %s --split-input-file --tessera-insert-checks=semaphores=false | FileCheck %s --check-prefixes=BOUNDS,NOSEMS
// RUN: tessera-opt %s --split-input-file "--tessera-insert-checks=bounds=false semaphores=false" | FileCheck %s --check-prefixes=NOBOUNDS,NOSEMS

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!win = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// One check per DMA endpoint, named by the DMA's kind; one semaphore check
// per scratch semaphore, numbered among the scratch arguments.
// BOUNDS-LABEL: func.func @seed
// NOBOUNDS-LABEL: func.func @seed
// BOUNDS:        %[[W:.*]] = tessera.view
// BOUNDS-NEXT:   tessera.bounds_check %[[W]] {dma = "dma.hbm_to_vmem"}
// BOUNDS-NEXT:   tessera.bounds_check %arg3 {dma = "dma.hbm_to_vmem"}
// BOUNDS-NEXT:   tessera.dma_start %[[W]], %arg3, %arg4
// BOUNDS:        tessera.bounds_check %arg3 {dma = "dma.vmem_to_hbm"}
// BOUNDS-NEXT:   tessera.bounds_check %arg2 {dma = "dma.vmem_to_hbm"}
// BOUNDS-NEXT:   tessera.dma_start %arg3, %arg2, %arg4
// NOBOUNDS-NOT:  tessera.bounds_check
// SEMS:          tessera.semaphore_check %arg4 {scratch_index = 1 : i64}
// SEMS-NEXT:     return
// NOSEMS-NOT:    tessera.semaphore_check
func.func @seed(%off: index, %x: !hbm, %o: memref<8x128xf32, #tessera.memory_space<any>>, %v: !vmem, %s: !sem)
    attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64} {
  %w = tessera.view %x[%off, 0] [8, 128] : !hbm to !win
  tessera.dma_start %w, %v, %s : !win, !vmem, !sem
  tessera.dma_wait %w, %v, %s : !win, !vmem, !sem
  tessera.dma_start %v, %o, %s : !vmem, memref<8x128xf32, #tessera.memory_space<any>>, !sem
  tessera.dma_wait %v, %o, %s : !vmem, memref<8x128xf32, #tessera.memory_space<any>>, !sem
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!win = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// A semaphore array: one check per element, through a one-element view.
// SEMS-LABEL: func.func @array
// SEMS:       %[[S0:.*]] = tessera.view %arg1 [0] [1]
// SEMS-NEXT:  tessera.semaphore_check %[[S0]] {scratch_index = 0 : i64}
// SEMS-NEXT:  %[[S1:.*]] = tessera.view %arg1 [1] [1]
// SEMS-NEXT:  tessera.semaphore_check %[[S1]] {scratch_index = 0 : i64}
// SEMS-NEXT:  return
// NOSEMS-LABEL: func.func @array
// NOSEMS-NOT: tessera.semaphore_check
func.func @array(%x: !hbm, %s: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  return
}

// -----

!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!win = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// Semaphores passed in as inputs are not the kernel's own: not checked.
// SEMS-LABEL: func.func @not_scratch
// SEMS-NOT:   tessera.semaphore_check
func.func @not_scratch(%s: !sem)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  return
}

// -----

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

// -----

!buf = memref<24x256xf32, #tessera.memory_space<vmem>>
!row = memref<1x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
!tile = memref<1x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>

// A vector load or store through a window whose rows start at a run-time
// row is checked once per block before its first access (the tiles of the
// window share it): row in [0, 24 - 1]. A window the analysis proves
// inside (a loop's induction variable under constant bounds) is not.
// BOUNDS-LABEL: func.func @vector_windows
// BOUNDS:       %[[ROOM:.*]] = arith.constant 24 : index
// BOUNDS-NEXT:  %[[IN:.*]] = arith.cmpi ult, %arg0, %[[ROOM]] : index
// BOUNDS:       %[[END:.*]] = arith.addi %arg0, %{{.*}} : index
// BOUNDS-NEXT:  tessera.check %[[IN]], "vld: rows [{0}, {1}) of x are outside [0, 24)" [%arg0, %[[END]] : index, index] {guards_reads}
// BOUNDS-NEXT:  tessera.load
// BOUNDS-NOT:   tessera.check
// BOUNDS:       tessera.load
// BOUNDS:       scf.for
// BOUNDS-NOT:   tessera.check
// BOUNDS:       tessera.store
// BOUNDS:       return
// NOBOUNDS-LABEL: func.func @vector_windows
// NOBOUNDS-NOT: tessera.check
func.func @vector_windows(%i: index, %x: !buf {tessera.name = "x"}, %o: !buf)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %w = tessera.view %x[%i, 0] [1, 256] : !buf to !row
  %t0 = tessera.view %w[0, 0] [1, 128] : !row to !tile
  %t1 = tessera.view %w[0, 128] [1, 128] : !row to !tile
  %a = tessera.load %t0 : !tile -> vector<1x128xf32>
  %b = tessera.load %t1 : !tile -> vector<1x128xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c24 = arith.constant 24 : i32
  scf.for %r = %c0 to %c24 step %c1 : i32 {
    %ri = arith.index_cast %r : i32 to index
    %d = tessera.view %o[%ri, 0] [1, 256] : !buf to !row
    %d0 = tessera.view %d[0, 0] [1, 128] : !row to !tile
    tessera.store %a, %d0 : vector<1x128xf32>, !tile
  }
  return
}
