
// A row of f32 loads as 1x128 windows (each replicated over the sublanes).

// CHECK-LABEL: func.func @row_load
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<1x256xf32, {{.*}}>
// CHECK: %[[V0:.*]] = tessera.view %[[X]] [0, 0] [1, 128] : memref<1x256xf32, #tessera.memory_space<vmem>> to memref<1x128xf32, strided<[256, 1]>, #tessera.memory_space<vmem>>
// CHECK: tessera.load %[[V0]] : {{.*}} -> vector<1x128xf32>
// CHECK: %[[V1:.*]] = tessera.view %[[X]] [0, 128] [1, 128]
// CHECK: tessera.load %[[V1]] : {{.*}} -> vector<1x128xf32>
func.func @row_load(%x: memref<1x256xf32, #tessera.memory_space<vmem>>, %o: memref<8x256xf32, #tessera.memory_space<vmem>>) {
  %r = tessera.load %x : memref<1x256xf32, #tessera.memory_space<vmem>> -> vector<1x256xf32>
  %b = tessera.broadcast %r : vector<1x256xf32> -> vector<8x256xf32>
  tessera.store %b, %o : vector<8x256xf32>, memref<8x256xf32, #tessera.memory_space<vmem>>
  return
}

