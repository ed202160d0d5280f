// RUN: tessera-opt %s -split-input-file -tessera-legalize-tiles -verify-diagnostics | FileCheck %s

// Two tiles stacked by rows: one view, load, op and store per tile.

// CHECK-LABEL: func.func @rows_16x128
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>, %[[O:[a-z0-9]+]]: memref<16x128xf32, #tessera.memory_space<vmem>>)
// CHECK: %[[XV0:.*]] = tessera.view %[[X]] [0, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[X0:.*]] = tessera.load %[[XV0]] : {{.*}} -> vector<8x128xf32>
// CHECK: %[[XV1:.*]] = tessera.view %[[X]] [8, 0] [8, 128] : memref<16x128xf32, #tessera.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
// CHECK: %[[X1:.*]] = tessera.load %[[XV1]] : {{.*}} -> vector<8x128xf32>
// CHECK: %[[Y0:.*]] = arith.mulf %[[X0]], %[[X0]] : vector<8x128xf32>
// CHECK: %[[Y1:.*]] = arith.mulf %[[X1]], %[[X1]] : vector<8x128xf32>
// CHECK: %[[Z0:.*]] = arith.addf %[[Y0]], %[[X0]] : vector<8x128xf32>
// CHECK: %[[Z1:.*]] = arith.addf %[[Y1]], %[[X1]] : vector<8x128xf32>
// CHECK: %[[OV0:.*]] = tessera.view %[[O]] [0, 0] [8, 128]
// CHECK: tessera.store %[[Z0]], %[[OV0]] : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[OV1:.*]] = tessera.view %[[O]] [8, 0] [8, 128]
// CHECK: tessera.store %[[Z1]], %[[OV1]] : vector<8x128xf32>, memref<8x128xf32, strided<[128, 1], offset: 1024>, #tessera.memory_space<vmem>>
// CHECK-NOT: vector<16x128xf32>
// CHECK: return
func.func @rows_16x128(%x: memref<16x128xf32, #tessera.memory_space<vmem>>,
                       %o: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<16x128xf32>
  %y = arith.mulf %v, %v : vector<16x128xf32>
  %z = arith.addf %y, %v : vector<16x128xf32>
  tessera.store %z, %o : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  return
}

// -----

// Four tiles side by side; one splat constant tile serves all four.

// CHECK-LABEL: func.func @columns_8x512
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<8x512xf32, {{.*}}>, %[[O:[a-z0-9]+]]: memref<8x512xf32, {{.*}}>)
// CHECK: tessera.view %[[X]] [0, 0] [8, 128] : {{.*}} to memref<8x128xf32, strided<[512, 1]>, #tessera.memory_space<vmem>>
// CHECK: %[[X0:.*]] = tessera.load
// CHECK: tessera.view %[[X]] [0, 128] [8, 128] : {{.*}} to memref<8x128xf32, strided<[512, 1], offset: 128>, #tessera.memory_space<vmem>>
// CHECK: %[[X1:.*]] = tessera.load
// CHECK: tessera.view %[[X]] [0, 256] [8, 128] : {{.*}} to memref<8x128xf32, strided<[512, 1], offset: 256>, #tessera.memory_space<vmem>>
// CHECK: %[[X2:.*]] = tessera.load
// CHECK: tessera.view %[[X]] [0, 384] [8, 128] : {{.*}} to memref<8x128xf32, strided<[512, 1], offset: 384>, #tessera.memory_space<vmem>>
// CHECK: %[[X3:.*]] = tessera.load
// CHECK: %[[C:.*]] = arith.constant dense<2.000000e+00> : vector<8x128xf32>
// CHECK-NOT: arith.constant
// CHECK: arith.mulf %[[X0]], %[[C]]
// CHECK: arith.mulf %[[X1]], %[[C]]
// CHECK: arith.mulf %[[X2]], %[[C]]
// CHECK: arith.mulf %[[X3]], %[[C]]
// CHECK: tessera.view %[[O]] [0, 0] [8, 128]
// CHECK: tessera.view %[[O]] [0, 128] [8, 128]
// CHECK: tessera.view %[[O]] [0, 256] [8, 128]
// CHECK: tessera.view %[[O]] [0, 384] [8, 128]
// CHECK-NOT: vector<8x512xf32>
// CHECK: return
func.func @columns_8x512(%x: memref<8x512xf32, #tessera.memory_space<vmem>>,
                         %o: memref<8x512xf32, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<8x512xf32, #tessera.memory_space<vmem>> -> vector<8x512xf32>
  %c = arith.constant dense<2.0> : vector<8x512xf32>
  %y = arith.mulf %v, %c : vector<8x512xf32>
  tessera.store %y, %o : vector<8x512xf32>, memref<8x512xf32, #tessera.memory_space<vmem>>
  return
}

// -----

// A 2x2 grid of tiles stored from a constant alone: row-major tile order,
// and already tile-sized ops are left as they are.

// CHECK-LABEL: func.func @constant_grid
// CHECK-SAME: (%[[O:[a-z0-9]+]]: memref<16x256xi32, {{.*}}>, %[[T:[a-z0-9]+]]: memref<8x128xi32, {{.*}}>)
// CHECK: %[[C:.*]] = arith.constant dense<7> : vector<8x128xi32>
// CHECK-NEXT: %[[V0:.*]] = tessera.view %[[O]] [0, 0] [8, 128]
// CHECK-NEXT: tessera.store %[[C]], %[[V0]]
// CHECK-NEXT: %[[V1:.*]] = tessera.view %[[O]] [0, 128] [8, 128]
// CHECK-NEXT: tessera.store %[[C]], %[[V1]]
// CHECK-NEXT: %[[V2:.*]] = tessera.view %[[O]] [8, 0] [8, 128]
// CHECK-NEXT: tessera.store %[[C]], %[[V2]]
// CHECK-NEXT: %[[V3:.*]] = tessera.view %[[O]] [8, 128] [8, 128]
// CHECK-NEXT: tessera.store %[[C]], %[[V3]]
// CHECK-NEXT: %[[TV:.*]] = tessera.load %[[T]] : memref<8x128xi32, #tessera.memory_space<vmem>> -> vector<8x128xi32>
// CHECK-NEXT: tessera.store %[[TV]], %[[T]] : vector<8x128xi32>, memref<8x128xi32, #tessera.memory_space<vmem>>
// CHECK-NEXT: return
func.func @constant_grid(%o: memref<16x256xi32, #tessera.memory_space<vmem>>,
                         %t: memref<8x128xi32, #tessera.memory_space<vmem>>) {
  %c = arith.constant dense<7> : vector<16x256xi32>
  tessera.store %c, %o : vector<16x256xi32>, memref<16x256xi32, #tessera.memory_space<vmem>>
  %v = tessera.load %t : memref<8x128xi32, #tessera.memory_space<vmem>> -> vector<8x128xi32>
  tessera.store %v, %t : vector<8x128xi32>, memref<8x128xi32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @rows_not_a_multiple_of_8(%x: memref<12x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<12x128xf32>' does not split into (8, 128) tiles: Tessera needs rank 2 with rows a multiple of 8 and columns a multiple of 128}}
  %v = tessera.load %x : memref<12x128xf32, #tessera.memory_space<vmem>> -> vector<12x128xf32>
  return
}

// -----

func.func @columns_not_a_multiple_of_128(%x: memref<8x200xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<8x200xf32>' does not split into (8, 128) tiles}}
  %v = tessera.load %x : memref<8x200xf32, #tessera.memory_space<vmem>> -> vector<8x200xf32>
  return
}

// -----

func.func @rank_3(%x: memref<2x8x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<2x8x128xf32>' does not split into (8, 128) tiles: Tessera needs rank 2}}
  %v = tessera.load %x : memref<2x8x128xf32, #tessera.memory_space<vmem>> -> vector<2x8x128xf32>
  return
}

// -----

func.func @constant_not_tileable() -> vector<8x64xf32> {
  // expected-error @+1 {{'arith.constant' op array of shape 'vector<8x64xf32>' does not split into (8, 128) tiles}}
  %c = arith.constant dense<1.0> : vector<8x64xf32>
  return %c : vector<8x64xf32>
}

// -----

func.func @constant_not_splat(%o: memref<16x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'arith.constant' op only splat array constants can be tiled}}
  %c = arith.constant sparse<[[0, 0]], [1.0]> : vector<16x128xf32>
  tessera.store %c, %o : vector<16x128xf32>, memref<16x128xf32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @not_elementwise(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) -> vector<16x128xf32> {
  %v = tessera.load %x : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<16x128xf32>
  // expected-error @+1 {{'func.return' op cannot be split into tiles}}
  return %v : vector<16x128xf32>
}
