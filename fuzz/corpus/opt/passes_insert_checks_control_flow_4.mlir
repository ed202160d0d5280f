
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
