
!hbm = memref<16x128xf32, #tessera.memory_space<any>>
!vmem = memref<16x128xf32, #tessera.memory_space<vmem>>
!rows0 = memref<8x128xf32, strided<[128, 1]>, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>
!wt = vector<16x128xbf16>

// A tile loaded again after MXU matmuls is loaded again, not kept live
// through the dot (whose weights and row tiles take the registers); a
// second load with no matmul in between is the first one's value.

// CHECK-LABEL: func.func @reload_after_a_dot
// CHECK: %[[A:.*]] = tessera.load
// CHECK: %[[E:.*]] = arith.addf %[[A]]
// CHECK: tessera.mxu_matmul
// CHECK: %[[B:.*]] = tessera.load
// CHECK-NOT: tessera.load
// CHECK: return %[[E]], %[[B]], %[[B]]
func.func @reload_after_a_dot(%x_hbm: !hbm, %o_hbm: !hbm, %x: !vmem, %w: !wt, %t: !tile)
    -> (!tile, !tile, !tile, !tile)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 1 : i64} {
  %v = tessera.view %x[0, 0] [8, 128] : !vmem to !rows0
  %a = tessera.load %v : !rows0 -> !tile
  %e = arith.addf %a, %t : !tile
  %weights = tessera.mxu_weights %w, %w, %w, %w, %w, %w, %w, %w : !wt, !wt, !wt, !wt, !wt, !wt, !wt, !wt
  %d = tessera.mxu_matmul %weights, %t : vector<8x128xf32> -> vector<8x128xf32>
  %b = tessera.load %v : !rows0 -> !tile
  %c = tessera.load %v : !rows0 -> !tile
  return %e, %b, %c, %d : !tile, !tile, !tile, !tile
}
