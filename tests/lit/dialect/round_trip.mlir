// RUN: tessera-opt %s -split-input-file | tessera-opt -split-input-file | FileCheck %s

// Every memory space, the semaphore type and semaphore arrays, as argument
// types.

// CHECK-LABEL: func.func @memory_spaces
// CHECK-SAME: memref<8x128xf32, #tessera.memory_space<any>>
// CHECK-SAME: memref<8x128xf32, #tessera.memory_space<hbm>>
// CHECK-SAME: memref<8x128xf32, #tessera.memory_space<vmem>>
// CHECK-SAME: memref<16xi32, #tessera.memory_space<smem>>
// CHECK-SAME: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
// CHECK-SAME: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
func.func @memory_spaces(%any: memref<8x128xf32, #tessera.memory_space<any>>,
                         %hbm: memref<8x128xf32, #tessera.memory_space<hbm>>,
                         %vmem: memref<8x128xf32, #tessera.memory_space<vmem>>,
                         %smem: memref<16xi32, #tessera.memory_space<smem>>,
                         %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
                         %sems: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  return
}

// -----

// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<16x256xf32, #tessera.memory_space<vmem>>, %[[I:[a-z0-9]+]]: index, %[[SEMS:[a-z0-9]+]]: memref<4x!tessera.dma_semaphore
func.func @views(%x: memref<16x256xf32, #tessera.memory_space<vmem>>, %i: index,
                 %sems: memref<4x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // CHECK: %[[S:[0-9]+]] = tessera.view %[[X]] [8, 128] [8, 128] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: 2176>, #tessera.memory_space<vmem>>
  %s = tessera.view %x[8, 128] [8, 128] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: 2176>, #tessera.memory_space<vmem>>
  // CHECK: tessera.view %[[X]] [%[[I]], 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
  %d = tessera.view %x[%i, 0] [8, 256] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
  // CHECK: tessera.view %[[X]] [%[[I]], %[[I]]] [8, 128] : {{.*}} to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
  %dd = tessera.view %x[%i, %i] [8, 128] : memref<16x256xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
  // A view of a view.
  // CHECK: tessera.view %[[S]] [0, 64] [8, 64] : memref<8x128xf32, strided<[256, 1], offset: 2176>, #tessera.memory_space<vmem>> to memref<8x64xf32, strided<[256, 1], offset: 2240>, #tessera.memory_space<vmem>>
  %ss = tessera.view %s[0, 64] [8, 64] : memref<8x128xf32, strided<[256, 1], offset: 2176>, #tessera.memory_space<vmem>> to memref<8x64xf32, strided<[256, 1], offset: 2240>, #tessera.memory_space<vmem>>
  // One semaphore of an array.
  // CHECK: tessera.view %[[SEMS]] [%[[I]]] [1] : memref<4x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  %sem = tessera.view %sems[%i] [1] : memref<4x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

// CHECK-LABEL: func.func @load_store
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<8x128xf32, #tessera.memory_space<vmem>>, %[[B:[a-z0-9]+]]: memref<16x128xbf16, #tessera.memory_space<vmem>>)
func.func @load_store(%x: memref<8x128xf32, #tessera.memory_space<vmem>>,
                      %b: memref<16x128xbf16, #tessera.memory_space<vmem>>) {
  // CHECK: %[[V:[0-9]+]] = tessera.load %[[X]] : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
  %v = tessera.load %x : memref<8x128xf32, #tessera.memory_space<vmem>> -> vector<8x128xf32>
  // CHECK: tessera.store %[[V]], %[[X]] : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
  tessera.store %v, %x : vector<8x128xf32>, memref<8x128xf32, #tessera.memory_space<vmem>>
  // CHECK: %[[W:[0-9]+]] = tessera.load %[[B]] : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  %w = tessera.load %b : memref<16x128xbf16, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
  // CHECK: tessera.store %[[W]], %[[B]] : vector<16x128xbf16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  tessera.store %w, %b : vector<16x128xbf16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  return
}

// -----

// CHECK-LABEL: func.func @dma
// CHECK-SAME: (%[[H:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<any>>, %[[V:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[SEM:[a-z0-9]+]]: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %[[SEMS:[a-z0-9]+]]: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>, %[[I:[a-z0-9]+]]: index)
func.func @dma(%hbm: memref<16x128xf32, #tessera.memory_space<any>>,
               %vmem: memref<16x128xf32, #tessera.memory_space<vmem>>,
               %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
               %sems: memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>,
               %i: index) {
  // CHECK: tessera.dma_start %[[H]], %[[V]], %[[SEM]] : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_start %hbm, %vmem, %sem : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_wait %[[H]], %[[V]], %[[SEM]] : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %hbm, %vmem, %sem : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // Windows of a Ref move by DMA too, in both directions, with run-time offsets.
  // CHECK: %[[HV:[0-9]+]] = tessera.view %[[H]] [%[[I]], 0] [8, 128]
  %hv = tessera.view %hbm[%i, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<any>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>
  // CHECK: %[[VV:[0-9]+]] = tessera.view %[[V]] [8, 0] [8, 128]
  %vv = tessera.view %vmem[8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
  // CHECK: tessera.dma_start %[[VV]], %[[HV]], %[[SEM]] : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>, memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_start %vv, %hv, %sem : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>, memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_wait %[[VV]], %[[HV]], %[[SEM]]
  tessera.dma_wait %vv, %hv, %sem : memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>, memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // In pieces, always or when a condition holds.
  // CHECK: tessera.dma_start %[[V]], %[[H]], %[[SEM]] {pieces = 4 : i64} :
  tessera.dma_start %vmem, %hbm, %sem {pieces = 4 : i64} : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // CHECK: %[[C:.*]] = arith.cmpi
  %c = arith.cmpi eq, %i, %i : index
  // CHECK: tessera.dma_start %[[V]], %[[H]], %[[SEM]] if %[[C]] {pieces = 8 : i64} :
  tessera.dma_start %vmem, %hbm, %sem if %c {pieces = 8 : i64} : memref<16x128xf32, #tessera.memory_space<vmem>>, memref<16x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // One element of a semaphore array, picked at run time, is one semaphore.
  // CHECK: %[[S1:[0-9]+]] = tessera.view %[[SEMS]] [%[[I]]] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  %s1 = tessera.view %sems[%i] [1] : memref<2x!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>> to memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_start %[[H]], %[[V]], %[[S1]] : {{.*}}, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  tessera.dma_start %hbm, %vmem, %s1 : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_wait %[[H]], %[[V]], %[[S1]] : {{.*}}, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  tessera.dma_wait %hbm, %vmem, %s1 : memref<16x128xf32, #tessera.memory_space<any>>, memref<16x128xf32, #tessera.memory_space<vmem>>, memref<1x!tessera.dma_semaphore, strided<[1], offset: ?>, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

// A DMA between dtypes (a bitcast Ref's memory at one end) copies the same
// bits, the second-minor dimension scaled by the widths' ratio.
// CHECK-LABEL: func.func @dma_bitcast
func.func @dma_bitcast(%hbm: memref<8x128xf32, #tessera.memory_space<any>>,
                       %vmem: memref<16x128xbf16, #tessera.memory_space<vmem>>,
                       %i8: memref<32x128xi8, #tessera.memory_space<vmem>>,
                       %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  // CHECK: tessera.dma_start %{{.*}} : memref<8x128xf32, #tessera.memory_space<any>>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  tessera.dma_start %hbm, %vmem, %sem : memref<8x128xf32, #tessera.memory_space<any>>, memref<16x128xbf16, #tessera.memory_space<vmem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_wait %{{.*}} : memref<32x128xi8, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>
  tessera.dma_wait %i8, %hbm, %sem : memref<32x128xi8, #tessera.memory_space<vmem>>, memref<8x128xf32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

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

// -----

// Scalar state in SMEM and divisibility facts.

// CHECK-LABEL: func.func @scalar_state
// CHECK-SAME: (%[[S:[a-z0-9]+]]: memref<4xi32, #tessera.memory_space<smem>>, %[[F:[a-z0-9]+]]: memref<2x2xf32, #tessera.memory_space<smem>>, %[[X:[a-z0-9]+]]: i32, %[[I:[a-z0-9]+]]: index, %[[V:[a-z0-9]+]]: f32)
// CHECK: %[[M:.*]] = tessera.multiple_of %[[X]], 8 : i32
// CHECK: %[[MI:.*]] = tessera.multiple_of %[[I]], 128 : index
// CHECK: tessera.store_scalar %[[M]], %[[S]][%[[I]]] : i32, memref<4xi32, #tessera.memory_space<smem>>
// CHECK: tessera.store_scalar %[[V]], %[[F]][%[[I]], %[[MI]]] : f32, memref<2x2xf32, #tessera.memory_space<smem>>
func.func @scalar_state(%s: memref<4xi32, #tessera.memory_space<smem>>, %f: memref<2x2xf32, #tessera.memory_space<smem>>,
                        %x: i32, %i: index, %v: f32) {
  %m = tessera.multiple_of %x, 8 : i32
  %mi = tessera.multiple_of %i, 128 : index
  tessera.store_scalar %m, %s[%i] : i32, memref<4xi32, #tessera.memory_space<smem>>
  tessera.store_scalar %v, %f[%i, %mi] : f32, memref<2x2xf32, #tessera.memory_space<smem>>
  return
}

// -----

// The core's index in a launch on both TensorCores (lax.axis_index).
// CHECK-LABEL: func.func @core_index
// CHECK-SAME: attributes {tessera.num_cores = 2 : i64}
// CHECK: %{{.*}} = tessera.core_index : i32
func.func @core_index() -> i32 attributes {tessera.num_cores = 2 : i64} {
  %c = tessera.core_index : i32
  return %c : i32
}

// -----

// The device's index in its shard_map mesh (lax.axis_index of a mesh axis).
// CHECK-LABEL: func.func @device_id
// CHECK: %{{.*}} = tessera.device_id : i32
func.func @device_id() -> i32 {
  %d = tessera.device_id : i32
  return %d : i32
}

// -----

// REGULAR semaphores: signal (own core, another core), wait, read.
// CHECK-LABEL: func.func @regular_semaphores
// CHECK: tessera.semaphore_signal %[[S:[a-z0-9]+]], %[[N:[a-z0-9]+]] : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
// CHECK: tessera.semaphore_signal %[[S]], %[[N]] core %[[C:[a-z0-9]+]] : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
// CHECK: tessera.semaphore_wait %[[S]], %[[N]] : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
// CHECK: %{{.*}} = tessera.semaphore_read %[[S]] : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
func.func @regular_semaphores(%s: memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>,
                              %n: i32, %c: i32) -> i32 {
  tessera.semaphore_signal %s, %n : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.semaphore_signal %s, %n core %c : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.semaphore_wait %s, %n : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  %v = tessera.semaphore_read %s : memref<!tessera.semaphore, #tessera.memory_space<semaphore_mem>>
  return %v : i32
}

// -----

// Kernel IR with control flow: scalars and tiles carried by scf.for, an
// scf.if returning a tile, a run-time VMEM window in a loop.
// CHECK-LABEL: func.func @control_flow
// CHECK: %{{.*}}:2 = scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, vector<8x128xf32>)  : i32 {
// CHECK:   %[[ROW:.*]] = tessera.multiple_of %{{.*}}, 8 : i32
// CHECK:   tessera.view %{{.*}} [%{{.*}}, 0] [8, 128] : memref<32x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK:   scf.if %{{.*}} -> (vector<8x128xf32>) {
// CHECK:   } else {
// CHECK:   scf.yield %{{.*}}, %{{.*}} : i32, vector<8x128xf32>
func.func @control_flow(%x: memref<32x128xf32, #tessera.memory_space<vmem>>, %n: i32) -> vector<8x128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %zero = arith.constant dense<0.0> : vector<8x128xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0, %acc = %zero) -> (i32, vector<8x128xf32>) : i32 {
    %r8 = arith.muli %i, %c8 : i32
    %row = tessera.multiple_of %r8, 8 : i32
    %ri = arith.index_cast %row : i32 to index
    %w = tessera.view %x[%ri, 0] [8, 128] : memref<32x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
    %odd = arith.andi %i, %c1 : i32
    %isOdd = arith.cmpi ne, %odd, %c0 : i32
    %t = scf.if %isOdd -> (vector<8x128xf32>) {
      %v = tessera.load %w : memref<8x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
      scf.yield %v : vector<8x128xf32>
    } else {
      scf.yield %acc : vector<8x128xf32>
    }
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %k1, %t : i32, vector<8x128xf32>
  }
  return %r#1 : vector<8x128xf32>
}

// -----

// A run-time check with the values its message names.

// CHECK-LABEL: func.func @check
// CHECK-SAME: (%[[C:[a-z0-9]+]]: i1, %[[I:[a-z0-9]+]]: i32, %[[J:[a-z0-9]+]]: index)
// CHECK: tessera.check %[[C]], "Revisited block ({0}, {1})" [%[[I]], %[[J]] : i32, index]
// CHECK: tessera.check %[[C]], "no values"
// CHECK-NOT: [
// CHECK: return
func.func @check(%c: i1, %i: i32, %j: index) {
  tessera.check %c, "Revisited block ({0}, {1})" [%i, %j : i32, index]
  tessera.check %c, "no values"
  return
}

// -----

// Vector math of the kernel IR: the transcendental-unit ops, reductions in
// both axes, broadcasts of rows, columns and 1x1 values, iota with and
// without an offset. Attributes with their default value are not printed.

// CHECK-LABEL: func.func @vector_math
// CHECK-SAME: (%[[X:[a-z0-9]+]]: vector<16x256xf32>, %[[B:[a-z0-9]+]]: vector<16x256xbf16>, %[[I:[a-z0-9]+]]: vector<32x128xi8>)
// CHECK: tessera.logistic %[[X]] : vector<16x256xf32>
// CHECK: tessera.reciprocal %[[B]] : vector<16x256xbf16>
// CHECK: %[[ROWS:.*]] = tessera.reduce %[[X]] {axis = 1 : i64, kind = "sum"} : vector<16x256xf32> -> vector<16x1xf32>
// CHECK: %[[COLS:.*]] = tessera.reduce %[[B]] {axis = 0 : i64, kind = "max"} : vector<16x256xbf16> -> vector<1x256xbf16>
// CHECK: %[[ONE:.*]] = tessera.reduce %[[I]] {axis = 0 : i64, kind = "min"} : vector<32x128xi8> -> vector<1x128xi8>
// CHECK: tessera.broadcast %[[ROWS]] : vector<16x1xf32> -> vector<16x256xf32>
// CHECK: tessera.broadcast %[[COLS]] : vector<1x256xbf16> -> vector<16x256xbf16>
// CHECK: %[[S:.*]] = tessera.reduce %[[ONE]] {axis = 1 : i64, kind = "sum"} : vector<1x128xi8> -> vector<1x1xi8>
// CHECK: tessera.broadcast %[[S]] : vector<1x1xi8> -> vector<32x128xi8>
// CHECK: tessera.iota {dimension = 0 : i64} : vector<16x256xi32>
// CHECK: tessera.iota {dimension = 1 : i64, offset = 128 : i64} : vector<8x128xi32>
// CHECK: math.exp %[[X]] : vector<16x256xf32>
func.func @vector_math(%x: vector<16x256xf32>, %b: vector<16x256xbf16>, %i: vector<32x128xi8>) {
  %0 = tessera.logistic %x : vector<16x256xf32>
  %1 = tessera.reciprocal %b : vector<16x256xbf16>
  %rows = tessera.reduce %x {axis = 1 : i64, kind = "sum"} : vector<16x256xf32> -> vector<16x1xf32>
  %cols = tessera.reduce %b {axis = 0 : i64, kind = "max"} : vector<16x256xbf16> -> vector<1x256xbf16>
  %one = tessera.reduce %i {axis = 0 : i64, kind = "min"} : vector<32x128xi8> -> vector<1x128xi8>
  %2 = tessera.broadcast %rows : vector<16x1xf32> -> vector<16x256xf32>
  %3 = tessera.broadcast %cols : vector<1x256xbf16> -> vector<16x256xbf16>
  %s = tessera.reduce %one {axis = 1 : i64, kind = "sum"} : vector<1x128xi8> -> vector<1x1xi8>
  %4 = tessera.broadcast %s : vector<1x1xi8> -> vector<32x128xi8>
  %5 = tessera.iota {dimension = 0 : i64, offset = 0 : i64} : vector<16x256xi32>
  %6 = tessera.iota {dimension = 1 : i64, offset = 128 : i64} : vector<8x128xi32>
  %7 = math.exp %x : vector<16x256xf32>
  return
}

// -----

// Matrix products of every dtype pair, both precisions, transposed.

// CHECK-LABEL: func.func @dots
// CHECK-SAME: (%[[A:[a-z0-9]+]]: vector<16x256xbf16>, %[[B:[a-z0-9]+]]: vector<256x128xbf16>, %[[F:[a-z0-9]+]]: vector<8x128xf32>, %[[G:[a-z0-9]+]]: vector<128x256xf32>, %[[I:[a-z0-9]+]]: vector<32x128xi8>, %[[J:[a-z0-9]+]]: vector<128x128xi8>)
// CHECK: tessera.dot %[[A]], %[[B]] : vector<16x256xbf16>, vector<256x128xbf16> -> vector<16x128xf32>
// CHECK: tessera.dot %[[F]], %[[G]] {precision = "highest"} : vector<8x128xf32>, vector<128x256xf32> -> vector<8x256xf32>
// CHECK: tessera.dot %[[A]], %[[G]] {transpose_rhs = true} : vector<16x256xbf16>, vector<128x256xf32> -> vector<16x128xf32>
// CHECK: tessera.dot %[[I]], %[[J]] : vector<32x128xi8>, vector<128x128xi8> -> vector<32x128xi32>
// CHECK: tessera.dot %[[F]], %[[B]] {transpose_rhs = true} : vector<8x128xf32>, vector<256x128xbf16> -> vector<8x256xf32>
func.func @dots(%a: vector<16x256xbf16>, %b: vector<256x128xbf16>, %f: vector<8x128xf32>,
                %g: vector<128x256xf32>, %i: vector<32x128xi8>, %j: vector<128x128xi8>) {
  %0 = tessera.dot %a, %b {precision = "default", transpose_rhs = false} : vector<16x256xbf16>, vector<256x128xbf16> -> vector<16x128xf32>
  %1 = tessera.dot %f, %g {precision = "highest"} : vector<8x128xf32>, vector<128x256xf32> -> vector<8x256xf32>
  %2 = tessera.dot %a, %g {transpose_rhs = true} : vector<16x256xbf16>, vector<128x256xf32> -> vector<16x128xf32>
  %3 = tessera.dot %i, %j : vector<32x128xi8>, vector<128x128xi8> -> vector<32x128xi32>
  %4 = tessera.dot %f, %b {transpose_rhs = true} : vector<8x128xf32>, vector<256x128xbf16> -> vector<8x256xf32>
  return
}

// -----

// Tile IR: packing, unpacking, rounding, MXU weights (bf16, transposed bf16,
// int8) and passes.

// CHECK-LABEL: func.func @tile_ops
// CHECK-SAME: (%[[F:[a-z0-9]+]]: vector<8x128xf32>, %[[I:[a-z0-9]+]]: vector<8x128xi32>)
// CHECK: %[[P:.*]] = tessera.pack %[[F]], %[[F]] : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
// CHECK: %[[Q:.*]] = tessera.pack %[[I]], %[[I]], %[[I]], %[[I]] : vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32> -> vector<32x128xi8>
// CHECK: tessera.unpack %[[P]] {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
// CHECK: tessera.unpack %[[Q]] {part = 3 : i64} : vector<32x128xi8> -> vector<8x128xi32>
// CHECK: tessera.round_bf16 %[[F]] : vector<8x128xf32>
// CHECK: %[[W:.*]] = tessera.mxu_weights %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]], %[[P]] : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
// CHECK: tessera.mxu_matmul %[[W]], %[[F]] : vector<8x128xf32> -> vector<8x128xf32>
// CHECK: %[[WT:.*]] = tessera.mxu_weights {{.*}} {transposed = true} : vector<16x128xbf16>
// CHECK: tessera.mxu_matmul %[[WT]], %[[F]] : vector<8x128xf32> -> vector<8x128xf32>
// CHECK: %[[WI:.*]] = tessera.mxu_weights %[[Q]], %[[Q]], %[[Q]], %[[Q]] : vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>
// CHECK: tessera.mxu_matmul %[[WI]], %[[I]] : vector<8x128xi32> -> vector<8x128xi32>
func.func @tile_ops(%f: vector<8x128xf32>, %i: vector<8x128xi32>) {
  %p = tessera.pack %f, %f : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
  %q = tessera.pack %i, %i, %i, %i : vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32>, vector<8x128xi32> -> vector<32x128xi8>
  %u = tessera.unpack %p {part = 1 : i64} : vector<16x128xbf16> -> vector<8x128xf32>
  %v = tessera.unpack %q {part = 3 : i64} : vector<32x128xi8> -> vector<8x128xi32>
  %r = tessera.round_bf16 %f : vector<8x128xf32>
  %w = tessera.mxu_weights %p, %p, %p, %p, %p, %p, %p, %p : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
  %m = tessera.mxu_matmul %w, %f : vector<8x128xf32> -> vector<8x128xf32>
  %wt = tessera.mxu_weights %p, %p, %p, %p, %p, %p, %p, %p {transposed = true} : vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>, vector<16x128xbf16>
  %mt = tessera.mxu_matmul %wt, %f : vector<8x128xf32> -> vector<8x128xf32>
  %wi = tessera.mxu_weights %q, %q, %q, %q : vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>, vector<32x128xi8>
  %mi = tessera.mxu_matmul %wi, %i : vector<8x128xi32> -> vector<8x128xi32>
  return
}

// -----

// Tile-IR forms of the reductions and broadcasts, the weights type as an
// argument, and broadcasts of scalars.

// CHECK-LABEL: func.func @replicated_tiles
// CHECK-SAME: %[[W:[a-z0-9]+]]: !tessera.mxu_weights
// CHECK: tessera.reduce %{{.*}} {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
// CHECK: tessera.reduce %{{.*}} {axis = 1 : i64, kind = "max"} : vector<8x128xi32> -> vector<8x1xi32>
// CHECK: tessera.broadcast %{{.*}} : vector<1x128xf32> -> vector<8x128xf32>
// CHECK: tessera.broadcast %{{.*}} : vector<8x1xi32> -> vector<8x128xi32>
// CHECK: tessera.mxu_matmul %[[W]]
// CHECK: tessera.broadcast %{{.*}} : f32 -> vector<8x128xf32>
// CHECK: tessera.broadcast %{{.*}} : i32 -> vector<16x256xi32>
func.func @replicated_tiles(%f: vector<8x128xf32>, %i: vector<8x128xi32>, %w: !tessera.mxu_weights) {
  %r = tessera.reduce %f {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  %c = tessera.reduce %i {axis = 1 : i64, kind = "max"} : vector<8x128xi32> -> vector<8x1xi32>
  %rb = tessera.broadcast %r : vector<1x128xf32> -> vector<8x128xf32>
  %cb = tessera.broadcast %c : vector<8x1xi32> -> vector<8x128xi32>
  %m = tessera.mxu_matmul %w, %f : vector<8x128xf32> -> vector<8x128xf32>
  %s = arith.constant 1.0 : f32
  %sb = tessera.broadcast %s : f32 -> vector<8x128xf32>
  %k = arith.constant 3 : i32
  %kb = tessera.broadcast %k : i32 -> vector<16x256xi32>
  return
}

// -----

// The layout ops: bitcast of whole tiles, repeat, roll in kernel IR and in
// tile IR (one tile along the lanes), and a sublane extracted from a tile.

// CHECK-LABEL: func.func @layout_ops
// CHECK: tessera.bitcast %{{.*}} : vector<16x256xf32> -> vector<32x256xbf16>
// CHECK: tessera.bitcast %{{.*}} : vector<16x128xbf16> -> vector<32x128xi8>
// CHECK: tessera.repeat %{{.*}} {axis = 1 : i64, times = 3 : i64} : vector<16x256xf32> -> vector<16x768xf32>
// CHECK: tessera.roll %{{.*}} {axis = 0 : i64, shift = 13 : i64} : vector<16x256xf32>
// CHECK: tessera.roll %{{.*}} {axis = 1 : i64, shift = 5 : i64} : vector<8x128xi1>
// CHECK: tessera.extract_sublane %{{.*}} {sublane = 7 : i64} : vector<8x128xi32> -> vector<1x128xi32>
// CHECK: tessera.extract %{{.*}} {position = array<i64: 9, 130>} : vector<16x256xf32> -> f32
func.func @layout_ops(%x: vector<16x256xf32>, %p: vector<16x128xbf16>, %m: vector<8x128xi1>,
                      %i: vector<8x128xi32>) {
  %b = tessera.bitcast %x : vector<16x256xf32> -> vector<32x256xbf16>
  %q = tessera.bitcast %p : vector<16x128xbf16> -> vector<32x128xi8>
  %r = tessera.repeat %x {axis = 1 : i64, times = 3 : i64} : vector<16x256xf32> -> vector<16x768xf32>
  %s = tessera.roll %x {axis = 0 : i64, shift = 13 : i64} : vector<16x256xf32>
  %t = tessera.roll %m {axis = 1 : i64, shift = 5 : i64} : vector<8x128xi1>
  %e = tessera.extract_sublane %i {sublane = 7 : i64} : vector<8x128xi32> -> vector<1x128xi32>
  %f = tessera.extract %x {position = array<i64: 9, 130>} : vector<16x256xf32> -> f32
  return
}

// -----

// The reshapes of rank-3 values: values joined along the rows (or
// columns) and a static window of one.

// CHECK-LABEL: func.func @concat_slice
// CHECK: tessera.concat %{{.*}}, %{{.*}} {axis = 0 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xf32>
// CHECK: tessera.concat %{{.*}}, %{{.*}} {axis = 1 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
// CHECK: tessera.slice %{{.*}} {offsets = array<i64: 8, 0>} : vector<16x128xf32> -> vector<8x128xf32>
func.func @concat_slice(%a: vector<8x128xf32>, %b: vector<8x128xf32>) {
  %r = tessera.concat %a, %b {axis = 0 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xf32>
  %c = tessera.concat %a, %b {axis = 1 : i64} : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
  %s = tessera.slice %r {offsets = array<i64: 8, 0>} : vector<16x128xf32> -> vector<8x128xf32>
  return
}

// -----

// A gridded launch: the grid, its semantics and cores, the blocked HBM
// operands with their block shapes and buffer counts, one index map per
// operand and the body on the grid indices and the blocks.

// CHECK-LABEL: func.func @grid
// CHECK:      tessera.grid grid [4, 2] semantics ["parallel", "arbitrary"] cores 2
// CHECK-SAME: ins(%{{.*}} : memref<512x256xf32, #tessera.memory_space<any>>)
// CHECK-SAME: outs(%{{.*}} : memref<512x128xf32, #tessera.memory_space<any>>)
// CHECK-SAME: blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [3, 2] revisit_checks index_maps {
// CHECK:      ^bb0(%[[I:.*]]: i32, %[[J:.*]]: i32):
// CHECK-NEXT:   tessera.yield %[[I]], %[[J]] : i32, i32
// CHECK-NEXT: }, {
// CHECK:      } body {
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32, %[[XB:.*]]: memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>, %[[OB:.*]]: memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>):
// CHECK-NEXT:   %[[V:.*]] = tessera.load %[[XB]]
// CHECK-NEXT:   tessera.store %[[V]], %[[OB]]
// CHECK-NEXT:   tessera.yield
// CHECK-NEXT: } {labels = ["input 0", "output 0"], names = ["x", "o"]}
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid(%x: memref<512x256xf32, #tessera.memory_space<any>>,
                %o: memref<512x128xf32, #tessera.memory_space<any>>) {
  tessera.grid grid [4, 2] semantics ["parallel", "arbitrary"] cores 2
      ins(%x : memref<512x256xf32, #tessera.memory_space<any>>)
      outs(%o : memref<512x128xf32, #tessera.memory_space<any>>)
      blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [3, 2] revisit_checks
      index_maps {
      ^bb0(%i: i32, %j: i32):
        tessera.yield %i, %j : i32, i32
      }, {
      ^bb0(%i: i32, %j: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %j: i32, %xb: !blk, %ob: !blk):
        %v = tessera.load %xb : !blk -> vector<128x128xf32>
        tessera.store %v, %ob : vector<128x128xf32>, !blk
        tessera.yield
      } {labels = ["input 0", "output 0"], names = ["x", "o"]}
  return
}

// -----

// A grid without blocked operands (its Refs all ANY, used directly), and a
// whole-array block: one buffer, the block the buffer itself.

// CHECK-LABEL: func.func @grid_unblocked
// CHECK:      tessera.grid grid [3] semantics ["arbitrary"] cores 1 blocks [] buffers [] body {
// CHECK:      tessera.grid grid [] semantics [] cores 1 ins(
// CHECK-SAME: blocks [array<i64: 8, 128>] buffers [1] index_maps {
// CHECK:      ^bb0(%{{.*}}: memref<8x128xf32, #tessera.memory_space<vmem>>):
func.func @grid_unblocked(%x: memref<8x128xf32, #tessera.memory_space<any>>) {
  tessera.grid grid [3] semantics ["arbitrary"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32):
    tessera.yield
  } {labels = [], names = []}
  tessera.grid grid [] semantics [] cores 1 ins(%x : memref<8x128xf32, #tessera.memory_space<any>>)
      blocks [array<i64: 8, 128>] buffers [1] index_maps {
      ^bb0:
        %c0 = arith.constant 0 : i32
        tessera.yield %c0, %c0 : i32, i32
      } body {
      ^bb0(%xb: memref<8x128xf32, #tessera.memory_space<vmem>>):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

// -----

// pltpu.store(ref, v, mask=m).
// CHECK-LABEL: func.func @masked_store
// CHECK: tessera.masked_store %{{.*}}, %{{.*}}, %{{.*}} : vector<8x128xf32>, vector<8x128xi1>, memref<8x128xf32, #tessera.memory_space<vmem>>
func.func @masked_store(%v: vector<8x128xf32>, %m: vector<8x128xi1>,
                        %o: memref<8x128xf32, #tessera.memory_space<vmem>>) {
  tessera.masked_store %v, %m, %o : vector<8x128xf32>, vector<8x128xi1>, memref<8x128xf32, #tessera.memory_space<vmem>>
  return
}

// CHECK-LABEL: func.func @masked_store_packed
// CHECK: tessera.masked_store %{{.*}}, %{{.*}}, %{{.*}} : vector<16x128xbf16>, vector<16x128xi16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
func.func @masked_store_packed(%v: vector<16x128xbf16>, %m: vector<16x128xi16>,
                               %o: memref<16x128xbf16, #tessera.memory_space<vmem>>) {
  tessera.masked_store %v, %m, %o : vector<16x128xbf16>, vector<16x128xi16>, memref<16x128xbf16, #tessera.memory_space<vmem>>
  return
}

// -----

// A DMA between a 1-D HBM array and an SMEM Ref (dma.hbm_to_smem), whole
// and from a window.

// CHECK-LABEL: func.func @smem_dma
func.func @smem_dma(%x: memref<300xi32, #tessera.memory_space<any>>,
                    %s: memref<8xi32, #tessera.memory_space<smem>>,
                    %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  %w = tessera.view %x[16] [8] : memref<300xi32, #tessera.memory_space<any>> to memref<8xi32, strided<[1], offset: 16>, #tessera.memory_space<any>>
  // CHECK: tessera.dma_start %{{.*}}, %{{.*}}, %{{.*}} : memref<8xi32, strided<[1], offset: 16>, #tessera.memory_space<any>>, memref<8xi32, #tessera.memory_space<smem>>
  tessera.dma_start %w, %s, %sem : memref<8xi32, strided<[1], offset: 16>, #tessera.memory_space<any>>, memref<8xi32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  // CHECK: tessera.dma_wait
  tessera.dma_wait %w, %s, %sem : memref<8xi32, strided<[1], offset: 16>, #tessera.memory_space<any>>, memref<8xi32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}

// -----

// One row of a 2-D HBM array and a 1-D SMEM Ref of its words (an SMEM
// block whose rows are squeezed), both ways.

// CHECK-LABEL: func.func @smem_row_of_an_hbm_array
// CHECK: tessera.dma_start %{{.*}}, %{{.*}}, %{{.*}} : memref<1x128xi32, #tessera.memory_space<any>>, memref<128xi32, #tessera.memory_space<smem>>
// CHECK: tessera.dma_start %{{.*}}, %{{.*}}, %{{.*}} : memref<128xi32, #tessera.memory_space<smem>>, memref<1x128xi32, #tessera.memory_space<any>>
func.func @smem_row_of_an_hbm_array(%row: memref<1x128xi32, #tessera.memory_space<any>>,
                                    %words: memref<128xi32, #tessera.memory_space<smem>>,
                                    %sem: memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>) {
  tessera.dma_start %row, %words, %sem : memref<1x128xi32, #tessera.memory_space<any>>, memref<128xi32, #tessera.memory_space<smem>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  tessera.dma_start %words, %row, %sem : memref<128xi32, #tessera.memory_space<smem>>, memref<1x128xi32, #tessera.memory_space<any>>, memref<!tessera.dma_semaphore, #tessera.memory_space<semaphore_mem>>
  return
}
