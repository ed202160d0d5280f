
// One-row windows at a run-time row i that is not a multiple of 8 (Pallas'
// x_ref[pl.ds(i, 1)]), of a Ref two column tiles wide. The tile holding
// row i starts at row i - i % 8, the column tiles of that row block
// interleaved ((i - i % 8) * 2 rows in); its sublane i % 8 is an sreg. The
// load keeps that sublane (vsel with the mask viota.row == i % 8) and sums
// the sublanes as words, which replicates the row exactly; the store
// writes that sublane only (vst.msk with the same mask).

// CHECK:     .L[[LOOP:[0-9a-f]+]]:
// CHECK-DAG: sand [[SUB:s[0-9]+]], [[I:s[0-9]+]], 7
// CHECK-DAG: ssub [[TILE:s[0-9]+]], [[I]], [[SUB]]
// CHECK-DAG: smul [[ROW:s[0-9]+]], [[TILE]], 2
// CHECK-DAG: vbcast [[K:v[0-9]+]], [[SUB]]
// CHECK-DAG: vcmp.eq.s32 [[MASK:v[0-9]+]], [[IOTA:v[0-9]+]], [[K]]
// CHECK-DAG: vld [[T:v[0-9]+]], [vmem:[[ROW]]+0x8]
// CHECK-DAG: vsel [[KEPT:v[0-9]+]], [[MASK]], [[T]], v{{[0-9]+}}
// CHECK-DAG: vredsub.sum.s32 [[V:v[0-9]+]], [[KEPT]]
// CHECK-DAG: vst.msk [vmem:[[ROW]]+0x38], [[V]], [[MASK]]
// CHECK:     sbr .L[[LOOP]]

// RESULT: completed

!x = memref<24x256xf32, #tessera.memory_space<vmem>>
!row = memref<1x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @run_time_rows(%x: !x, %o: !x) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c24 = arith.constant 24 : i32
  scf.for %i = %c0 to %c24 step %c1 : i32 {
    %r = arith.index_cast %i : i32 to index
    %src = tessera.view %x[%r, 0] [1, 256] : !x to !row
    %v = tessera.load %src : !row -> vector<1x256xf32>
    %dst = tessera.view %o[%r, 0] [1, 256] : !x to !row
    tessera.store %v, %dst : vector<1x256xf32>, !row
  }
  return
}
