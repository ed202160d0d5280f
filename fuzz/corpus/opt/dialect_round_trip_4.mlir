
// Scalars in SMEM and the run-time checks.

// CHECK-LABEL: func.func @scalars_and_checks
// CHECK:       %[[OFF:.*]] = tessera.load_scalar %{{.*}}[%{{.*}}] : memref<4xi32, #tessera.memory_space<smem>> -> i32
// CHECK:       tessera.bounds_check %{{.*}} {dma = "dma.hbm_to_vmem"} : memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
// CHECK:       tessera.semaphore_check %{{.*}} {scratch_index = 1 : i64} : memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
func.func @scalars_and_checks(%s: memref<4xi32, #tessera.memory_space<smem>>,
                              %x: memref<16x128xf32, #tessera.memory_space<any>>,
                              %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  %c1 = arith.constant 1 : index
  %off = tessera.load_scalar %s[%c1] : memref<4xi32, #tessera.memory_space<smem>> -> i32
  %i = arith.index_cast %off : i32 to index
  %w = tessera.view %x[%i, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<any>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
  tessera.bounds_check %w {dma = "dma.hbm_to_vmem"} : memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
  tessera.semaphore_check %sem {scratch_index = 1 : i64} : memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

