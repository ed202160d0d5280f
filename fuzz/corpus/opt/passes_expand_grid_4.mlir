
// Megacore: 2 cores split the 4 parallel points; core c runs the steps
// [2c, min(2c + 2, 4)).
!x5 = memref<512x128xf32, #tessera.memory_space<any>>
!b5 = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @megacore
// CHECK:      %[[CORE:.*]] = tessera.core_index : i32
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[LO:.*]] = arith.muli %[[CORE]], %[[C2]] : i32
// CHECK:      %[[END:.*]] = arith.addi %[[LO]]
// CHECK:      %[[IN:.*]] = arith.cmpi slt, %[[END]], %c4_i32
// CHECK:      %[[HI:.*]] = arith.select %[[IN]], %[[END]], %{{.*}} : i32
// CHECK:      scf.for %{{.*}} = %[[LO]] to %[[HI]] step
func.func @megacore(%x: !x5 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64, tessera.num_cores = 2 : i64} {
  tessera.grid grid [4] semantics ["parallel"] cores 2 ins(%x : !x5)
      blocks [array<i64: 128, 128>] buffers [2] index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b5):
        tessera.yield
      } {labels = ["input 0"], names = ["x"]}
  return
}

