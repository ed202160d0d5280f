
// Megacore with a static parallel axis of 2 and a run-time arbitrary one:
// each core's range of steps [lo, hi) is computed at run time by the
// static grids' rule (ceil(P / 2) parallel points per core, each with all
// of its arbitrary steps), and a step's point divides by the extent.

!any = memref<512x128xf32, #tessera.memory_space<any>>
!blk = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>

// CHECK-LABEL: func.func @runtime_megacore
// CHECK-SAME: %[[N:[a-z0-9]+]]: i32
// CHECK:      tessera.check %{{.*}}, "grid axis 1 has the run-time extent {0};
// CHECK:      %[[SAFE:.*]] = arith.select %{{.*}}, %[[N]], %c1_i32 : i32
// The steps so far (2) times the extent must fit in int32.
// CHECK:      %[[FITS:.*]] = arith.cmpi sle, %c2_i32, %{{.*}} : i32
// CHECK:      tessera.check %{{.*}}, "the grid's run-time extents make more than 2^31 - 1 steps ({0} x {1} and more)" [%c2_i32, %[[N]] : i32, i32]
// CHECK:      %[[STEPS:.*]] = arith.muli %c2_i32, %[[N]] : i32
// CHECK:      %[[P1:.*]] = arith.addi %c2_i32, %{{.*}} : i32
// CHECK:      %[[HALF:.*]] = arith.divsi %[[P1]], %{{.*}} : i32
// CHECK:      %[[CHUNK:.*]] = arith.muli %[[HALF]], %[[N]] : i32
// CHECK:      %[[CORE:.*]] = tessera.core_index : i32
// CHECK:      %[[LO:.*]] = arith.muli %[[CORE]], %[[CHUNK]] : i32
// CHECK:      %[[END:.*]] = arith.addi %[[LO]], %[[CHUNK]] : i32
// CHECK:      %[[IN:.*]] = arith.cmpi slt, %[[END]], %[[STEPS]] : i32
// CHECK:      %[[HI:.*]] = arith.select %[[IN]], %[[END]], %[[STEPS]] : i32
// CHECK:      arith.remsi %[[LO]], %[[SAFE]] : i32
// CHECK:      arith.divsi %[[LO]], %[[SAFE]] : i32
// CHECK:      %[[HAS:.*]] = arith.cmpi slt, %[[LO]], %[[HI]] : i32
// CHECK:      scf.if %[[HAS]] {
// CHECK:        tessera.dma_start
// CHECK:      scf.for %{{.*}} = %[[LO]] to %[[HI]] step
// CHECK:      } {tessera.grid_loop}
func.func @runtime_megacore(%x: !any {tessera.name = "x"}, %o: !any {tessera.name = "o"}, %n: i32)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  tessera.grid grid [2, %n] semantics ["parallel", "arbitrary"] cores 2 ins(%x : !any) outs(%o : !any)
      blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [2, 2] index_maps {
      ^bb0(%i: i32, %j: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %j, %c0 : i32, i32
      }, {
      ^bb0(%i: i32, %j: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %j, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %j: i32, %xb: !blk, %ob: !blk):
        %v = tessera.load %xb : !blk -> vector<128x128xf32>
        tessera.store %v, %ob : vector<128x128xf32>, !blk
        tessera.yield
      } {labels = ["input 0", "output 0"], names = ["x", "o"]}
  return
}
