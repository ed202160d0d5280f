
!vmem = memref<8x128xf32, #tessera.memory_space<vmem>>
!smem = memref<4xi32, #tessera.memory_space<smem>>
!tile = vector<8x128xf32>

// A scalar result is a select (one ssel) even though the if stays; a
// vector result both sides yield the same value of is that value.

// CHECK-LABEL: func.func @scalar_and_same_value_results
// CHECK:       %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:  scf.if %{{.*}} {
// CHECK-NEXT:  } else {
// CHECK-NEXT:    tessera.store
// CHECK-NEXT:  }
// CHECK-NEXT:  tessera.store %{{.*}}, %{{.*}} : vector<8x128xf32>
// CHECK-NEXT:  tessera.store_scalar %[[S]]
func.func @scalar_and_same_value_results(%x: !vmem, %o: !vmem, %t: !smem, %n: i32)
    attributes {tessera.kernel, tessera.num_inputs = 0 : i64, tessera.num_outputs = 0 : i64} {
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %i0 = arith.constant 0 : index
  %a = tessera.load %x : !vmem -> !tile
  %p = arith.cmpi slt, %n, %c0 : i32
  %r, %s = scf.if %p -> (!tile, i32) {
    scf.yield %a, %n : !tile, i32
  } else {
    tessera.store %a, %o : !tile, !vmem
    scf.yield %a, %c7 : !tile, i32
  }
  tessera.store %r, %o : !tile, !vmem
  tessera.store_scalar %s, %t[%i0] : i32, !smem
  return
}
