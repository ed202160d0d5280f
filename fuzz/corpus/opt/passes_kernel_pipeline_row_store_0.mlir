
// Storing a [1, N] value into a one-row window: the value holds its row in
// every sublane, and a masked store (vst.msk, the mask viota.row == 3)
// writes sublane 3 of the window's tile only; the rows around it keep
// their contents.

// CHECK-DAG: viota.row [[IOTA:v[0-9]+]]
// CHECK-DAG: vimm.s32 [[K:v[0-9]+]], 3
// CHECK: vcmp.eq.s32 [[M:v[0-9]+]], [[IOTA]], [[K]]
// CHECK: vst.msk [vmem:0x{{[0-9a-f]+}}], v{{[0-9]+}}, [[M]]
// CHECK-NOT: vst.msk

// RESULT: completed

!f = memref<8x128xf32, #tessera.memory_space<vmem>>
!o = memref<16x128xf32, #tessera.memory_space<vmem>>
!r = memref<1x128xf32, strided<[128, 1], offset: 1408>, #tessera.memory_space<vmem>>
func.func @row_store(%x: !f, %o: !o) {
  %v = tessera.load %x : !f -> vector<8x128xf32>
  %s = tessera.reduce %v {axis = 0 : i64, kind = "sum"} : vector<8x128xf32> -> vector<1x128xf32>
  %w = tessera.view %o[11, 0] [1, 128] : !o to !r
  tessera.store %s, %w : vector<1x128xf32>, !r
  return
}
