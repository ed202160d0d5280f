
!buf = memref<24x256xf32, #tessera.memory_space<vmem>>
!row = memref<1x256xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>
!tile = memref<1x128xf32, strided<[256, 1], offset: ?>, #tessera.memory_space<vmem>>

// A vector load or store through a window whose rows start at a run-time
// row is checked once per block before its first access (the tiles of the
// window share it): row in [0, 24 - 1]. A window the analysis proves
// inside (a loop's induction variable under constant bounds) is not.
// BOUNDS-LABEL: func.func @vector_windows
// BOUNDS:       %[[ROOM:.*]] = arith.constant 24 : index
// BOUNDS-NEXT:  %[[IN:.*]] = arith.cmpi ult, %arg0, %[[ROOM]] : index
// BOUNDS:       %[[END:.*]] = arith.addi %arg0, %{{.*}} : index
// BOUNDS-NEXT:  tessera.check %[[IN]], "vld: rows [{0}, {1}) of x are outside [0, 24)" [%arg0, %[[END]] : index, index] {guards_reads}
// BOUNDS-NEXT:  tessera.load
// BOUNDS-NOT:   tessera.check
// BOUNDS:       tessera.load
// BOUNDS:       scf.for
// BOUNDS-NOT:   tessera.check
// BOUNDS:       tessera.store
// BOUNDS:       return
// NOBOUNDS-LABEL: func.func @vector_windows
// NOBOUNDS-NOT: tessera.check
func.func @vector_windows(%i: index, %x: !buf {tessera.name = "x"}, %o: !buf)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %w = tessera.view %x[%i, 0] [1, 256] : !buf to !row
  %t0 = tessera.view %w[0, 0] [1, 128] : !row to !tile
  %t1 = tessera.view %w[0, 128] [1, 128] : !row to !tile
  %a = tessera.load %t0 : !tile -> vector<1x128xf32>
  %b = tessera.load %t1 : !tile -> vector<1x128xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c24 = arith.constant 24 : i32
  scf.for %r = %c0 to %c24 step %c1 : i32 {
    %ri = arith.index_cast %r : i32 to index
    %d = tessera.view %o[%ri, 0] [1, 256] : !buf to !row
    %d0 = tessera.view %d[0, 0] [1, 128] : !row to !tile
    tessera.store %a, %d0 : vector<1x128xf32>, !tile
  }
  return
}
