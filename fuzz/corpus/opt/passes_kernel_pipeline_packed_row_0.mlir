// Legalizing tile IR again changes nothing (the packed row access is tile IR):

// One row of a packed bf16 Ref: word (s, l) of a (16,128) tile holds rows
// 2s and 2s + 1 in its halves. Loading row 3 unpacks rows 0-7 and takes
// sublane 3 everywhere; storing it as row 5 packs the row into every row
// of a tile and writes the high half of sublane 2 only (vst.bmsk, its
// mask vsel(viota.row == 2, 0xffff0000, 0)).

// CHECK: vld [[T:v[0-9]+]], [vmem:0x0]
// CHECK-DAG: vunpack.bf16.lo [[U:v[0-9]+]], [[T]]
// CHECK-DAG: viota.row [[IOTA:v[0-9]+]]
// CHECK-DAG: vimm.s32 [[K:v[0-9]+]], 2
// CHECK-DAG: vimm.s32 [[HI:v[0-9]+]], -65536
// CHECK-DAG: vcmp.eq.s32 [[ROWS:v[0-9]+]], [[IOTA]], [[K]]
// CHECK-DAG: vsel [[M:v[0-9]+]], [[ROWS]], [[HI]], v{{[0-9]+}}
// CHECK: vbcast.sub [[R:v[0-9]+]], [[U]], 3
// CHECK: vpack.bf16 [[P:v[0-9]+]], [[R]], [[R]]
// CHECK: vst.bmsk [vmem:0x8], [[P]], [[M]]

// RESULT: completed

!x = memref<16x128xbf16, #tessera.memory_space<vmem>>
!r = memref<1x128xbf16, strided<[128, 1], offset: 384>, #tessera.memory_space<vmem>>
!w = memref<1x128xbf16, strided<[128, 1], offset: 640>, #tessera.memory_space<vmem>>
func.func @packed_row(%x: !x, %o: !x) {
  %rv = tessera.view %x[3, 0] [1, 128] : !x to !r
  %v = tessera.load %rv : !r -> vector<1x128xbf16>
  %wv = tessera.view %o[5, 0] [1, 128] : !x to !w
  tessera.store %v, %wv : vector<1x128xbf16>, !w
  return
}
