
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

