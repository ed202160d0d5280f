// The listing's comments name ops too ("kpl.mlir:13 vld"): the counts read
// the ops alone.

// The layout ops through the whole pipeline to instructions: a lane roll
// by 130 = one tile + 2 is one vrot.lane per tile (cross-lane unit) and a
// vsel per tile on a lane-iota mask; a sublane roll by 3 is eight
// vbcast.sub and seven vsel per tile; the bitcast and the repeat are no
// instruction at all: the registers stored to %o are stored again, twice
// each, as the bf16 tiles of %q (load reuse forwards the stored tiles).

// CHECK: vld
// CHECK: vld
// CHECK-COUNT-2: vrot.lane v{{[0-9]+}}, v{{[0-9]+}}, 2{{$| }}
// CHECK-COUNT-16: vbcast.sub
// CHECK: vst [vmem:0x10], v[[A:[0-9]+]]
// CHECK: vst [vmem:0x18], v[[B:[0-9]+]]
// CHECK: vst [vmem:0x20], v[[A]]
// CHECK: vst [vmem:0x28], v[[B]]
// CHECK: vst [vmem:0x30], v[[A]]
// CHECK: vst [vmem:0x38], v[[B]]
// RESULT: completed

!f = memref<8x256xf32, #tessera.memory_space<vmem>>
!b = memref<32x256xbf16, #tessera.memory_space<vmem>>
func.func @layout(%x: !f, %o: !f, %q: !b) {
  %v = tessera.load %x : !f -> vector<8x256xf32>
  %r = tessera.roll %v {axis = 1 : i64, shift = 130 : i64} : vector<8x256xf32>
  %s = tessera.roll %r {axis = 0 : i64, shift = 3 : i64} : vector<8x256xf32>
  tessera.store %s, %o : vector<8x256xf32>, !f
  %w = tessera.load %o : !f -> vector<8x256xf32>
  %c = tessera.bitcast %w : vector<8x256xf32> -> vector<16x256xbf16>
  %d = tessera.repeat %c {axis = 0 : i64, times = 2 : i64} : vector<16x256xbf16> -> vector<32x256xbf16>
  tessera.store %d, %q : vector<32x256xbf16>, !b
  return
}
