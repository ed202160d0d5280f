// pltpu.store(ref, v, mask=m) of a packed tile: tile legalization widens the
// mask's units to 0 / -1 and packs them as the values are packed (an i16
// tile for bf16), ones at the bytes of the elements written, and the store
// is one vst.bmsk of those bytes. The listing reads back unchanged and runs.
// RUN: tessera-opt %s -tessera-legalize-tiles | FileCheck --check-prefix=TILES %s
// RUN: tessera-opt %s -tessera-legalize-tiles > %t.mlir
// RUN: tessera-lower-tile %t.mlir > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// TILES: %[[W0:.*]] = arith.extsi %{{.*}} : vector<8x128xi1> to vector<8x128xi32>
// TILES: %[[W1:.*]] = arith.extsi %{{.*}} : vector<8x128xi1> to vector<8x128xi32>
// TILES: %[[M:.*]] = tessera.pack %[[W0]], %[[W1]] : vector<8x128xi32>, vector<8x128xi32> -> vector<16x128xi16>
// TILES: tessera.masked_store %{{.*}}, %[[M]], %{{.*}} : vector<16x128xbf16>, vector<16x128xi16>

// CHECK-DAG: vpack.s16 [[BYTES:v[0-9]+]], v{{[0-9]+}}, v{{[0-9]+}}
// CHECK-DAG: vst.bmsk [vmem:0x0], v{{[0-9]+}}, [[BYTES]]
// RESULT: completed

module {
  func.func @masked(%o: memref<16x128xbf16, #tessera.memory_space<vmem>>)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c = arith.constant dense<1.5> : vector<16x128xbf16>
    %col = tessera.iota {dimension = 1 : i64} : vector<16x128xi32>
    %n = arith.constant dense<64> : vector<16x128xi32>
    %m = arith.cmpi slt, %col, %n : vector<16x128xi32>
    tessera.masked_store %c, %m, %o : vector<16x128xbf16>, vector<16x128xi1>, memref<16x128xbf16, #tessera.memory_space<vmem>>
    return
  }
}
