
!b = memref<128x128xbf16, #tessera.memory_space<vmem>>

// CHECK-LABEL: func.func @transpose_bf16
// CHECK-COUNT-16: tessera.unpack
// CHECK: tessera.transpose_tiles {{.*}} : vector<8x128xf32>,
// CHECK-COUNT-8: tessera.pack
// CHECK: return
func.func @transpose_bf16(%x: !b, %o: !b) {
  %v = tessera.load %x : !b -> vector<128x128xbf16>
  %t = tessera.transpose %v : vector<128x128xbf16> -> vector<128x128xbf16>
  tessera.store %t, %o : vector<128x128xbf16>, !b
  return
}

