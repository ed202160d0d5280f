
// A Ref of one column (f32[16, 1] scratch: 16 rows padded to 128 lanes,
// lane 0 holding the data). Loading it takes lane 0 of each row everywhere
// (vbcast.lane 0: a DMA may have left other values in the padding lanes);
// storing the [16, 1] row maximum writes its two 8x1 tiles whole (the
// column is replicated over the lanes in registers).

// CHECK: vld [[L:v[0-9]+]], [vmem:0x20]
// CHECK: vbcast.lane v{{[0-9]+}}, [[L]], 0
// CHECK: vredlane.max.f32 [[R:v[0-9]+]]
// CHECK: vst [vmem:0x20], [[R]]

// RESULT: completed

!x = memref<16x128xf32, #tessera.memory_space<vmem>>
!m = memref<16x1xf32, #tessera.memory_space<vmem>>
func.func @column_ref(%x: !x, %o: !x, %m: !m) {
  %v = tessera.load %x : !x -> vector<16x128xf32>
  %c = tessera.load %m : !m -> vector<16x1xf32>
  %b = tessera.broadcast %c : vector<16x1xf32> -> vector<16x128xf32>
  %d = arith.subf %v, %b : vector<16x128xf32>
  tessera.store %d, %o : vector<16x128xf32>, !x
  %r = tessera.reduce %v {axis = 1 : i64, kind = "max"} : vector<16x128xf32> -> vector<16x1xf32>
  tessera.store %r, %m : vector<16x1xf32>, !m
  return
}
