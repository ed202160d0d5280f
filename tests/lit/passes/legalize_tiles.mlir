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

// Rows that are not whole packed tiles: the last (16, 128) tile is padded,
// loaded whole from a view of its 8 rows and stored into one (vst.bmsk
// writes those rows only).

// CHECK-LABEL: func.func @rows_not_whole_packed_tiles
// CHECK: %[[A:.*]] = tessera.view %arg0 [0, 0] [16, 128]
// CHECK: %[[TA:.*]] = tessera.load %[[A]] {{.*}} -> vector<16x128xbf16>
// CHECK: %[[B:.*]] = tessera.view %arg0 [16, 0] [8, 128]
// CHECK: %[[TB:.*]] = tessera.load %[[B]] {{.*}} -> vector<16x128xbf16>
// CHECK: tessera.store %[[TA]], {{.*}} : vector<16x128xbf16>, memref<16x128xbf16
// CHECK: %[[D:.*]] = tessera.view %arg1 [16, 0] [8, 128]
// CHECK: tessera.store %[[TB]], %[[D]] : vector<16x128xbf16>, memref<8x128xbf16
func.func @rows_not_whole_packed_tiles(%x: memref<24x128xbf16, #tessera.memory_space<vmem>>,
                                       %o: memref<24x128xbf16, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<24x128xbf16, #tessera.memory_space<vmem>> -> vector<24x128xbf16>
  tessera.store %v, %o : vector<24x128xbf16>, memref<24x128xbf16, #tessera.memory_space<vmem>>
  return
}

// -----

!b = memref<16x200xbf16, #tessera.memory_space<vmem>>

// A packed array of whole tiles of rows and any columns: its last column
// tile is padded along the lanes (read whole, stored through a window of
// its 72 lanes).

// CHECK-LABEL: func.func @packed_padded_columns
// CHECK: %[[V:.*]] = tessera.view %{{.*}} [0, 128] [16, 72]
// CHECK: tessera.load %[[V]] : memref<16x72xbf16, strided<[200, 1], offset: 128>, #tessera.memory_space<vmem>> -> vector<16x128xbf16>
func.func @packed_padded_columns(%x: !b, %o: !b) {
  %v = tessera.load %x : !b -> vector<16x200xbf16>
  tessera.store %v, %o : vector<16x200xbf16>, !b
  return
}

// -----

!p = memref<12x200xf32, #tessera.memory_space<vmem>>

// A 32-bit array that is not whole tiles sits in padded ones: the last
// row and column of tiles are read whole through windows of their valid
// part (rows 8-11, lanes 128-199), and stored through the same windows
// (the selector masks those stores).

// CHECK-LABEL: func.func @padded_tiles
// CHECK: tessera.view %{{.*}} [0, 0] [8, 128]
// CHECK: tessera.view %{{.*}} [0, 128] [8, 72]
// CHECK: tessera.view %{{.*}} [8, 0] [4, 128]
// CHECK: %[[V:.*]] = tessera.view %{{.*}} [8, 128] [4, 72]
// CHECK: tessera.load %[[V]] : memref<4x72xf32, strided<[200, 1], offset: 1728>, #tessera.memory_space<vmem>> -> vector<8x128xf32>
// CHECK-COUNT-4: tessera.store
func.func @padded_tiles(%x: !p, %o: !p) {
  %v = tessera.load %x : !p -> vector<12x200xf32>
  %w = arith.addf %v, %v : vector<12x200xf32>
  tessera.store %w, %o : vector<12x200xf32>, !p
  return
}

// -----

!p = memref<12x128xf32, #tessera.memory_space<vmem>>

// A reduction over a padded axis: the last tile along it has its padding
// replaced by the neutral element (-inf for max) on a row iota first.

// CHECK-LABEL: func.func @padded_reduction
// CHECK: %[[ROW:.*]] = tessera.iota {dimension = 0 : i64} : vector<8x128xi32>
// CHECK: %[[FOUR:.*]] = arith.constant dense<4> : vector<8x128xi32>
// CHECK: %[[M:.*]] = arith.cmpi slt, %[[ROW]], %[[FOUR]]
// CHECK: %[[NEG:.*]] = arith.constant dense<0xFF800000> : vector<8x128xf32>
// CHECK: %[[LAST:.*]] = arith.select %[[M]], %{{.*}}, %[[NEG]]
// CHECK: arith.maximumf %{{.*}}, %[[LAST]]
// CHECK: tessera.reduce %{{.*}} {axis = 0 : i64, kind = "max"} : vector<8x128xf32> -> vector<1x128xf32>
func.func @padded_reduction(%x: !p, %o: memref<1x128xf32, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : !p -> vector<12x128xf32>
  %r = tessera.reduce %v {axis = 0 : i64, kind = "max"} : vector<12x128xf32> -> vector<1x128xf32>
  tessera.store %r, %o : vector<1x128xf32>, memref<1x128xf32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @rank_3(%x: memref<2x8x128xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'tessera.load' op array of shape 'vector<2x8x128xf32>' does not split into (8, 128) tiles: Tessera needs rank 2}}
  %v = tessera.load %x : memref<2x8x128xf32, #tessera.memory_space<vmem>> -> vector<2x8x128xf32>
  return
}

// -----

func.func @constant_not_splat(%o: memref<16x1xf32, #tessera.memory_space<vmem>>) {
  // expected-error @+1 {{'arith.constant' op only splat array constants can be tiled}}
  %c = arith.constant dense<[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]> : vector<16x1xf32>
  tessera.store %c, %o : vector<16x1xf32>, memref<16x1xf32, #tessera.memory_space<vmem>>
  return
}

// -----

func.func @not_elementwise(%x: memref<16x128xf32, #tessera.memory_space<vmem>>) -> vector<16x128xf32> {
  %v = tessera.load %x : memref<16x128xf32, #tessera.memory_space<vmem>> -> vector<16x128xf32>
  // expected-error @+1 {{'func.return' op cannot be split into tiles}}
  return %v : vector<16x128xf32>
}
