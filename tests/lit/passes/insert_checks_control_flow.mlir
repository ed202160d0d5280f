// RUN: tessera-opt %s --split-input-file --tessera-insert-checks -verify-diagnostics | FileCheck %s
// RUN: tessera-opt %s --split-input-file "--tessera-insert-checks=semaphores=false" -verify-diagnostics | FileCheck %s --check-prefix=NOSEMS
// RUN: tessera-opt %s --split-input-file "--tessera-insert-checks=bounds=false" -verify-diagnostics | FileCheck %s --check-prefix=NOBOUNDS

!hbm = memref<64x128xf32, #tessera.memory_space<any>>
!win = memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!sem = memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>

// A DMA in a loop, in a branch, with a window computed from the induction
// variable: checked right before it, each time it runs, with the window's
// own values. Scalar arguments (index, i32) are not Refs and need nothing.

// CHECK-LABEL: func.func @checks_in_loop
// CHECK:       scf.for %[[I:.*]] = {{.*}} : i32 {
// CHECK:         %[[ROW:.*]] = arith.index_cast
// CHECK-NEXT:    %[[W:.*]] = tessera.view %{{.*}} [%[[ROW]], 0] [8, 128]
// CHECK-NEXT:    tessera.bounds_check %[[W]] {dma = "dma.hbm_to_vmem"} : memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
// CHECK-NEXT:    tessera.bounds_check %[[V:.*]] {dma = "dma.hbm_to_vmem"}
// CHECK-NEXT:    tessera.dma_start %[[W]], %[[V]]
// CHECK-NEXT:    tessera.dma_wait
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      tessera.bounds_check %[[V]] {dma = "dma.vmem_to_hbm"}
// CHECK-NEXT:      tessera.bounds_check %[[W]] {dma = "dma.vmem_to_hbm"}
// CHECK-NEXT:      tessera.dma_start %[[V]], %[[W]]
// CHECK:       }
// CHECK:       tessera.semaphore_check %{{.*}} {scratch_index = 1 : i64}
// CHECK-NEXT:  return
// NOSEMS-LABEL: func.func @checks_in_loop
// NOSEMS-COUNT-4: tessera.bounds_check
// NOSEMS-NOT:   tessera.semaphore_check
func.func @checks_in_loop(%x: !hbm, %o: !hbm, %v: !vmem, %s: !sem, %n: i32, %k: index, %c: i1)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %r = arith.muli %i, %c8 : i32
    %row = arith.index_cast %r : i32 to index
    %w = tessera.view %x[%row, 0] [8, 128] : !hbm to !win
    tessera.dma_start %w, %v, %s : !win, !vmem, !sem
    tessera.dma_wait %w, %v, %s : !win, !vmem, !sem
    scf.if %c {
      tessera.dma_start %v, %w, %s : !vmem, !win, !sem
      tessera.dma_wait %v, %w, %s : !vmem, !win, !sem
    }
  }
  return
}

// -----

// A rank-2 semaphore array: one check per element, through a 1x1 view at
// its row and column.

// CHECK-LABEL: func.func @semaphore_grid
// CHECK:      %[[S0:.*]] = tessera.view %arg1 [0, 0] [1, 1] : memref<2x3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x1x!tessera.dma_semaphore, strided<[3, 1]>, #tessera.memory_space<semaphore_mem>>
// CHECK-NEXT: tessera.semaphore_check %[[S0]] {scratch_index = 0 : i64}
// CHECK-NEXT: %[[S1:.*]] = tessera.view %arg1 [0, 1] [1, 1] : {{.*}} to memref<1x1x!tessera.dma_semaphore, strided<[3, 1], offset: 1>, #tessera.memory_space<semaphore_mem>>
// CHECK-NEXT: tessera.semaphore_check %[[S1]] {scratch_index = 0 : i64}
// CHECK-NEXT: tessera.view %arg1 [0, 2] [1, 1]
// CHECK-NEXT: tessera.semaphore_check
// CHECK-NEXT: tessera.view %arg1 [1, 0] [1, 1]
// CHECK-NEXT: tessera.semaphore_check
// CHECK-NEXT: tessera.view %arg1 [1, 1] [1, 1]
// CHECK-NEXT: tessera.semaphore_check
// CHECK-NEXT: %[[S5:.*]] = tessera.view %arg1 [1, 2] [1, 1] : {{.*}} to memref<1x1x!tessera.dma_semaphore, strided<[3, 1], offset: 5>, #tessera.memory_space<semaphore_mem>>
// CHECK-NEXT: tessera.semaphore_check %[[S5]] {scratch_index = 0 : i64}
// CHECK-NEXT: return
func.func @semaphore_grid(%x: memref<8x128xf32, #tessera.memory_space<any>>,
                          %s: memref<2x3x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  return
}

// -----

// A function declaration (no body) has nothing to check.

// CHECK-LABEL: func.func private @declaration
// NOSEMS-LABEL: func.func private @declaration
func.func private @declaration(%s: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64}

// -----

// pl::multiple_of promises: one the compiler cannot prove (an SMEM value)
// is checked where it is made, a power of two by its low bits, another by a
// remainder; the check guards the reads after it. One it can prove (i * 8)
// costs nothing. Without bounds checks there is no check.

// CHECK-LABEL: func.func @promises
// CHECK:      %[[P:.*]] = tessera.load_scalar
// CHECK-NEXT: %[[M:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[LOW:.*]] = arith.andi %[[P]], %[[M]] : i32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[LOW]], %[[Z]] : i32
// CHECK-NEXT: tessera.check %[[OK]], "pl::multiple_of(x, 8): x = {0} is not a multiple of 8" [%[[P]] : i32] {guards_reads}
// CHECK-NEXT: tessera.multiple_of %[[P]], 8
// CHECK:      arith.remsi %[[P]], %{{.*}} : i32
// CHECK:      tessera.check {{.*}} "pl::multiple_of(x, 24): x = {0} is not a multiple of 24"
// CHECK-NEXT: tessera.multiple_of %[[P]], 24
// CHECK-NOT:  tessera.check
// CHECK:      return
// NOSEMS-LABEL: func.func @promises
// NOSEMS-COUNT-2: tessera.check
// NOSEMS-NOT: tessera.check
// NOBOUNDS-LABEL: func.func @promises
// NOBOUNDS-NOT: tessera.check
func.func @promises(%s: memref<4xi32, #tessera.memory_space<smem>>, %n: i32)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  %c0 = arith.constant 0 : index
  %p = tessera.load_scalar %s[%c0] : memref<4xi32, #tessera.memory_space<smem>> -> i32
  %a = tessera.multiple_of %p, 8 : i32
  %b = tessera.multiple_of %p, 24 : i32
  %c8 = arith.constant 8 : i32
  %i8 = arith.muli %n, %c8 : i32
  %c = tessera.multiple_of %i8, 8 : i32
  return
}

// -----

// Run-time SMEM indices and semaphore elements: one unsigned compare each
// against the dimension, before the access. A constant index, one the range
// analysis proves in range (a loop over [0, 4)), and the compiler's own
// accesses (tessera.compiler_index) get none.

// CHECK-LABEL: func.func @indices
// CHECK:      %[[I:.*]] = arith.index_cast
// CHECK:      %[[OK:.*]] = arith.cmpi ult, %[[I]], %{{.*}} : index
// CHECK-NEXT: tessera.check %[[OK]], "index {0} of table is outside [0, 4)" [%[[I]] : index] {guards_reads}
// CHECK-NEXT: tessera.load_scalar %arg0[%[[I]]]
// CHECK:      tessera.check {{.*}} "index {0} of table is outside [0, 4)"
// CHECK-NEXT: tessera.store_scalar
// CHECK:      tessera.check {{.*}} "semaphore {0} of sems is outside [0, 2)"
// CHECK-NEXT: tessera.semaphore_signal
// CHECK-NOT:  tessera.check {{.*}} "index
// CHECK:      scf.for
// CHECK-NOT:  tessera.check
// CHECK:      return
// NOSEMS-LABEL: func.func @indices
// NOBOUNDS-LABEL: func.func @indices
// NOBOUNDS-NOT: tessera.check
func.func @indices(%t: memref<4xi32, #tessera.memory_space<smem>> {tessera.name = "table"},
                   %s: memref<2x!tessera.semaphore, #tessera.memory_space<semaphore_mem>> {tessera.name = "sems"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %p = tessera.load_scalar %t[%c0] : memref<4xi32, #tessera.memory_space<smem>> -> i32
  %i = arith.index_cast %p : i32 to index
  %v = tessera.load_scalar %t[%i] : memref<4xi32, #tessera.memory_space<smem>> -> i32
  tessera.store_scalar %v, %t[%i] : i32, memref<4xi32, #tessera.memory_space<smem>>
  %w = tessera.view %s [%i] [1] : memref<2x!tessera.semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  tessera.semaphore_signal %w, %c1 : memref<1x!tessera.semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  %u = tessera.load_scalar %t[%i] {tessera.compiler_index} : memref<4xi32, #tessera.memory_space<smem>> -> i32
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : index
  scf.for %k = %c0 to %c4 step %one {
    %x = tessera.load_scalar %t[%k] : memref<4xi32, #tessera.memory_space<smem>> -> i32
  }
  return
}
