
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!tile = vector<8x128xf32>

// Nothing else in the if: it stays for its result all the same (the
// lowering makes a small if predicated moves).

// CHECK-LABEL: func.func @vector_result_of_an_empty_if
// CHECK-NOT:   arith.select
// CHECK:       %[[R:.*]] = scf.if %{{.*}} -> (vector<8x128xf32>) {
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  tessera.store %[[R]]
func.func @vector_result_of_an_empty_if(%x: !vmem, %o: !vmem, %n: i32)
    attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64} {
  %c0 = arith.constant 0 : i32
  %a = tessera.load %x : !vmem -> !tile
  %b = arith.addf %a, %a : !tile
  %p = arith.cmpi slt, %n, %c0 : i32
  %r = scf.if %p -> !tile {
    scf.yield %a : !tile
  } else {
    scf.yield %b : !tile
  }
  tessera.store %r, %o : !tile, !vmem
  return
}

