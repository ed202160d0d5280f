
// Aliasing: one HBM Ref blocked as both input and output (an in-place
// update, input_output_aliases): each side gets its own buffers, the input
// fetched from it and the output written back to it.
!x7 = memref<256x128xf32, #tessera.memory_space<any>>
!b7 = memref<128x128xf32, strided<[128, 1], offset: ?>, #tessera.memory_space<vmem>>
// CHECK-LABEL: func.func @in_place
// CHECK-SAME: (%[[X:[a-z0-9]+]]: memref<256x128xf32, #tessera.memory_space<any>> {tessera.name = "x"}
// CHECK-SAME: {tessera.name = "x_in_blocks"}
// CHECK-SAME: {tessera.name = "x_in_sems"}
// CHECK-SAME: {tessera.name = "x_out_blocks"}
// CHECK-SAME: {tessera.name = "x_out_sems"}
// CHECK:      %[[FROM:[0-9]+]] = tessera.view %[[X]]
// CHECK:      tessera.dma_start %[[FROM]], %{{[0-9]+}}, %{{[0-9]+}} {tessera.block_index} :
// CHECK:      scf.for
// CHECK:        scf.if
// CHECK:          %[[TO:[0-9]+]] = tessera.view %[[X]]
// CHECK:          tessera.dma_start %{{[0-9]+}}, %[[TO]], %{{[0-9]+}} if
func.func @in_place(%x: !x7 {tessera.name = "x"})
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  tessera.grid grid [2] semantics ["arbitrary"] cores 1 ins(%x : !x7) outs(%x : !x7)
      blocks [array<i64: 128, 128>, array<i64: 128, 128>] buffers [2, 2] index_maps {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      }, {
      ^bb0(%i: i32):
        %c0 = arith.constant 0 : i32
        tessera.yield %i, %c0 : i32, i32
      } body {
      ^bb0(%i: i32, %xb: !b7, %ob: !b7):
        %v = tessera.load %xb : !b7 -> vector<128x128xf32>
        %w = arith.addf %v, %v : vector<128x128xf32>
        tessera.store %w, %ob : vector<128x128xf32>, !b7
        tessera.yield
      } {labels = ["input 0", "output 0"], names = ["x_in", "x_out"]}
  return
}

