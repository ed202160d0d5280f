// The seed's "值与 Ref" experiment (values vs Refs) through the compiler's
// pipeline. Kernel body:
//   x = x_vmem[...]; y = x * x; o_vmem[...] = y * x + y + x
//   o_vmem[0:8, :] = x_vmem[8:16, :]
// The listing has one vld (x rows 8-15), two vmul, two vadd and two vst:
// x_vmem[8:16, :] reuses the loaded x, and rows 0-7 of the polynomial are
// overwritten before anything reads them, so their store, their arithmetic
// and the load of x rows 0-7 all go.


// The same without cse, as lowering/Pipeline.cpp runs it: the two views of
// x_vmem rows 8-15 stay distinct values, and the windows still match.

// Halfway, after load reuse: both tiles of x are loaded once each, and all
// three stores are still there.

// CHECK-LABEL: func.func @value_vs_ref
// CHECK-SAME: (%[[X_HBM:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<any>>, %[[O_HBM:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<any>>, %[[X_VMEM:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[O_VMEM:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[SEM:[a-z0-9]+]]: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
// CHECK-NEXT: tessera.dma_start %[[X_HBM]], %[[X_VMEM]], %[[SEM]]
// CHECK-NEXT: tessera.dma_wait %[[X_HBM]], %[[X_VMEM]], %[[SEM]]
// CHECK-DAG: %[[XV:.*]] = tessera.view %[[X_VMEM]] [8, 0] [8, 128]
// CHECK-DAG: %[[X:.*]] = tessera.load %[[XV]] : {{.*}} -> vector<8x128xf32>
// CHECK-DAG: %[[Y:.*]] = arith.mulf %[[X]], %[[X]] : vector<8x128xf32>
// CHECK-DAG: %[[YX:.*]] = arith.mulf %[[Y]], %[[X]] : vector<8x128xf32>
// CHECK-DAG: %[[S:.*]] = arith.addf %[[YX]], %[[Y]] : vector<8x128xf32>
// CHECK-DAG: %[[P:.*]] = arith.addf %[[S]], %[[X]] : vector<8x128xf32>
// CHECK-DAG: %[[O0:.*]] = tessera.view %[[O_VMEM]] [0, 0] [8, 128]
// CHECK-DAG: %[[O8:.*]] = tessera.view %[[O_VMEM]] [8, 0] [8, 128]
// CHECK-DAG: tessera.store %[[P]], %[[O8]]
// CHECK-DAG: tessera.store %[[X]], %[[O0]]
// CHECK: tessera.dma_start %[[O_VMEM]], %[[O_HBM]], %[[SEM]]
// CHECK-NEXT: tessera.dma_wait %[[O_VMEM]], %[[O_HBM]], %[[SEM]]
// CHECK-NEXT: return

// LOAD: tessera.load
// LOAD-NOT: tessera.load
// MUL-COUNT-2: arith.mulf
// MUL-NOT: arith.mulf
// ADD-COUNT-2: arith.addf
// ADD-NOT: arith.addf
// STORE-COUNT-2: tessera.store
// STORE-NOT: tessera.store

// REUSED-LABEL: func.func @value_vs_ref
// REUSED-COUNT-2: tessera.load
// REUSED-NOT: tessera.load
// REUSED-COUNT-3: tessera.store
// REUSED-NOT: tessera.store
// REUSED: return

func.func @value_vs_ref(%x_hbm: memref<16x128xf32, #tessera.memory_space<any>>,
                        %o_hbm: memref<16x128xf32, #tessera.memory_space<any>>,
                        %x_vmem: memref<16x128xf32, #tessera.memory_space<vmem>>,
                        %o_vmem: memref<16x128xf32, #tessera.memory_space<vmem>>,
                        %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.dma_start %x_hbm, %x_vmem, %sem : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %x_hbm, %x_vmem, %sem : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // x = x_vmem[...]; y = x * x
  %x = tessera.load %x_vmem : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<16x128xf32>
  %y = arith.mulf %x, %x : vector<16x128xf32>
  // o_vmem[...] = y * x + y + x
  %yx = arith.mulf %y, %x : vector<16x128xf32>
  %s = arith.addf %yx, %y : vector<16x128xf32>
  %p = arith.addf %s, %x : vector<16x128xf32>
  tessera.store %p, %o_vmem : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  // o_vmem[0:8, :] = x_vmem[8:16, :]
  %x_rows_8 = tessera.view %x_vmem[8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
  %o_rows_0 = tessera.view %o_vmem[0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  %t = tessera.load %x_rows_8 : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
  tessera.store %t, %o_rows_0 : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
  tessera.dma_start %o_vmem, %o_hbm, %sem : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %o_vmem, %o_hbm, %sem : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}
