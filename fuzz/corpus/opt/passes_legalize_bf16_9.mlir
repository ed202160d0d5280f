
// A bf16 row is held widened: its tiles load packed and extend, and store
// truncated and packed (the lowering unpacks on the load and writes its
// half of a sublane with vst.bmsk on the store).
// CHECK-LABEL: func.func @bf16_row_load
// CHECK: %[[P:.*]] = tessera.load %{{.*}} -> vector<1x128xbf16>
// CHECK: %[[W:.*]] = arith.extf %[[P]] : vector<1x128xbf16> to vector<1x128xf32>
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : vector<1x128xf32> to vector<1x128xbf16>
// CHECK: tessera.store %[[T]]
func.func @bf16_row_load(%x: memref<1x256xbf16, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : memref<1x256xbf16, #tessera.memory_space<vmem>> -> vector<1x256xbf16>
  %w = arith.addf %v, %v : vector<1x256xbf16>
  tessera.store %w, %x : vector<1x256xbf16>, memref<1x256xbf16, #tessera.memory_space<vmem>>
  return
}

