// RUN: tessera-opt %s -split-input-file -tessera-insert-checks -verify-diagnostics | FileCheck %s
// RUN: tessera-opt %s -split-input-file -tessera-kernel-pipeline -verify-diagnostics | FileCheck --check-prefix=PIPE %s

// What a hostile user gave tessera-insert-checks (issue 10, item 6, and
// fuzz/OptFuzzer.cpp; the inputs are in fuzz/regressions/opt/): a clear
// error or correct IR, never a crash or IR the verifier rejects.

// A kernel with a scalar (non-Ref) argument: the pass once cast every
// argument to a memref type. Its DMA is checked, its semaphore too.

// CHECK-LABEL: func.func @index_argument
// CHECK: tessera.bounds_check
// CHECK: tessera.bounds_check
// CHECK: tessera.dma_start
// CHECK: tessera.semaphore_check %arg3 {scratch_index = 1 : i64}
// CHECK-NEXT: return
// PIPE-LABEL: func.func @index_argument
// PIPE: tessera.semaphore_check
func.func @index_argument(%i: index, %x: memref<8x128xf32, #tessera.memory_space<any>>,
                          %v: memref<8x128xf32, #tessera.memory_space<vmem>>,
                          %s: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 0 : i64} {
  tessera.dma_start %x, %v, %s : memref<8x128xf32, #tessera.memory_space<any>>, memref<8x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

// Only index arguments, no kernel attributes at all.

// CHECK-LABEL: func.func @only_scalars
// CHECK-NEXT: return
func.func @only_scalars(%i: index, %n: i32) {
  return
}

// -----

// Data in semaphore memory is not a semaphore array: the pass once built
// semaphore checks of f32 windows (invalid IR).

// expected-error @+1 {{'func.func' op scratch argument 0 of type 'memref<8x128xf32, #tessera.memory_space<semaphore_mem>>' is in semaphore memory but holds 'f32', not semaphores}}
func.func @data_in_semaphore_memory(%x: memref<8x128xf32, #tessera.memory_space<any>>,
                                    %s: memref<8x128xf32, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  return
}
