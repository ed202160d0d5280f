
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

