
// The kernel pipeline's canonicalizer makes an scf.if result a select of
// the two values its sides yield from outside the if only where the select
// is cheaper than the branch: a scalar (one ssel). A vector select on a
// scalar condition is the condition made a mask (sselect + vbcast) and a
// vsel per tile, where the branch yields the value with a vmov per side,
// predicated when the lowering if-converts a small if (upstream's
// ConvertTrivialIfToSelect would make the select).

!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// The if stays for the store: the vector result stays in it.

// CHECK-LABEL: func.func @vector_result_of_an_if_that_stays
// CHECK-NOT:   arith.select
// CHECK:       %[[R:.*]] = scf.if %{{.*}} -> (vector<8x128xf32>) {
// CHECK-NEXT:    scf.yield %{{.*}} : vector<8x128xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:    tessera.store
// CHECK-NEXT:    scf.yield %{{.*}} : vector<8x128xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  tessera.store %[[R]]
func.func @vector_result_of_an_if_that_stays(%x: !vmem, %o: !vmem, %n: i32)
    attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64} {
  %c0 = arith.constant 0 : i32
  %a = tessera.load %x : !vmem -> !tile
  %b = arith.addf %a, %a : !tile
  %p = arith.cmpi slt, %n, %c0 : i32
  %r = scf.if %p -> !tile {
    scf.yield %a : !tile
  } else {
    tessera.store %a, %o : !tile, !vmem
    scf.yield %b : !tile
  }
  tessera.store %r, %o : !tile, !vmem
  return
}

