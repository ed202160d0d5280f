
// tessera.grid with run-time extents (Pallas' int32 grid scalars): `?` in
// the `grid` attribute, one i32 operand per such axis, printed in place.

// CHECK-LABEL: func.func @grid_runtime_axis
// CHECK:      %[[N:.*]] = tessera.load_scalar
// CHECK:      tessera.grid grid [%[[N]], 2] semantics ["parallel", "arbitrary"] cores 2
// CHECK-SAME: ins(%{{.*}} : memref<512x256xf32, #tessera.memory_space<any>>)
// CHECK-SAME: blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [2, 2] revisit_checks index_maps {
// CHECK:      ^bb0(%[[I:.*]]: i32, %[[J:.*]]: i32):
// CHECK-NEXT:   tessera.yield %[[I]], %[[J]] : i32, i32
// CHECK:      } {labels = ["input 0", "output 0"], names = ["x", "o"]}
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
func.func @grid_runtime_axis(%n_ref: memref<1xi32, #tessera.memory_space<smem>>,
                             %x: memref<512x256xf32, #tessera.memory_space<any>>,
                             %o: memref<512x128xf32, #tessera.memory_space<any>>) {
  %c0 = arith.constant 0 : index
  %n = tessera.load_scalar %n_ref[%c0] : memref<1xi32, #tessera.memory_space<smem>> -> i32
  tessera.grid grid [%n, 2] semantics ["parallel", "arbitrary"] cores 2
      ins(%x : memref<512x256xf32, #tessera.memory_space<any>>)
      outs(%o : memref<512x128xf32, #tessera.memory_space<any>>)
      blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [2, 2] revisit_checks
      index_maps {
      ^bb0(%i: i32, %j: i32):
        tessera.yield %i, %j : i32, i32
      }, {
      ^bb0(%i: i32, %j: i32):
        %z = arith.constant 0 : i32
        tessera.yield %i, %z : i32, i32
      } body {
      ^bb0(%i: i32, %j: i32, %xb: !blk, %ob: !blk):
        %v = tessera.load %xb : !blk -> vector<128x128xf32>
        tessera.store %v, %ob : vector<128x128xf32>, !blk
        tessera.yield
      } {labels = ["input 0", "output 0"], names = ["x", "o"]}
  return
}

