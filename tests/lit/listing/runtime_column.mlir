// A window at a run-time column of whole lane tiles (x_ref[:, pl.ds(j *
// 128, 128)] in a loop over an f32[8, 512] Ref's lane tiles): its address
// is the column's lane tiles' memory rows, one shift of the offset (j * 128
// >> 4 = j * 8 rows), the register part of the vld / vst address. The
// listing reads back unchanged and runs.
// RUN: tessera-lower-tile %s > %t.lst
// RUN: FileCheck %s < %t.lst
// RUN: tessera-asm %t.lst | diff %t.lst -
// RUN: tessera-asm --run %t.lst | FileCheck --check-prefix=RESULT %s

// CHECK: smul [[COL:s[0-9]+]], s{{[0-9]+}}, 128
// CHECK: sshra [[ROWS:s[0-9]+]], [[COL]], 4
// CHECK: vld v{{[0-9]+}}, [vmem:[[ROWS]]+0x0]
// CHECK: vst [vmem:[[ROWS]]+0x0], v{{[0-9]+}}
// RESULT: completed

!ref = memref<8x512xf32, #tessera.memory_space<vmem>>
!win = memref<8x128xf32, strided<[512, 1], offset: ?>, #tessera.memory_space<vmem>>
module {
  func.func @runtime_column(%x: !ref)
      attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %c128 = arith.constant 128 : i32
    %two = arith.constant dense<2.0> : vector<8x128xf32>
    scf.for %j = %c0 to %c4 step %c1 : i32 {
      %col32 = arith.muli %j, %c128 : i32
      %col128 = tessera.multiple_of %col32, 128 : i32
      %col = arith.index_cast %col128 : i32 to index
      %w = tessera.view %x[0, %col] [8, 128] : !ref to !win
      %v = tessera.load %w : !win -> vector<8x128xf32>
      %d = arith.mulf %v, %two : vector<8x128xf32>
      tessera.store %d, %w : vector<8x128xf32>, !win
    }
    return
  }
}
