
!b = memref<16x256xbf16, #tessera.memory_space<vmem>>

// A packed tile rotates along its lanes as 32-bit words: bitcast to i32
// and back, no unpack.

// CHECK-LABEL: func.func @roll_bf16_lanes
// CHECK-NOT: tessera.unpack
// CHECK: tessera.bitcast %{{.*}} : vector<16x128xbf16> -> vector<8x128xi32>
// CHECK: tessera.roll %{{.*}} {axis = 1 : i64, shift = 1 : i64} : vector<8x128xi32>
// CHECK: arith.select
// CHECK: tessera.bitcast %{{.*}} : vector<8x128xi32> -> vector<16x128xbf16>
// CHECK-NOT: tessera.unpack
// CHECK: return
func.func @roll_bf16_lanes(%x: !b, %o: !b) {
  %v = tessera.load %x : !b -> vector<16x256xbf16>
  %r = tessera.roll %v {axis = 1 : i64, shift = 1 : i64} : vector<16x256xbf16>
  tessera.store %r, %o : vector<16x256xbf16>, !b
  return
}

