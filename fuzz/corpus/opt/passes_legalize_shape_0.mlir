
// pltpu.bitcast, repeat and roll on tiles: whole tiles move for free; the
// rest of a roll inside a tile is a vrot.lane per tile joined by a select
// on a lane iota (lanes), or sublanes extracted and selected on a row iota.

!f = memref<16x256xf32, #tessera.memory_space<vmem>>
!b = memref<32x256xbf16, #tessera.memory_space<vmem>>

// A bitcast of whole tiles keeps each vreg: tile k to tile k, no unpack.

// CHECK-LABEL: func.func @bitcast_tiles
// CHECK-COUNT-4: tessera.bitcast %{{.*}} : vector<8x128xf32> -> vector<16x128xbf16>
// CHECK-NOT: tessera.unpack
// CHECK-NOT: tessera.pack
// CHECK: return
func.func @bitcast_tiles(%x: !f, %o: !b) {
  %v = tessera.load %x : !f -> vector<16x256xf32>
  %c = tessera.bitcast %v : vector<16x256xf32> -> vector<32x256xbf16>
  tessera.store %c, %o : vector<32x256xbf16>, !b
  return
}

