
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

