
// pl::multiple_of promises: one the compiler cannot prove (an SMEM value)
// is checked where it is made, a power of two by its low bits, another by a
// remainder; the check guards the reads after it. One it can prove (i * 8)
// costs nothing. Without bounds checks there is no check.

// CHECK-LABEL: func.func @promises
// CHECK:      %[[P:.*]] = tessera.load_scalar
// CHECK-NEXT: %[[M:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[LOW:.*]] = arith.andi %[[P]], %[[M]] : i32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[LOW]], %[[Z]] : i32
// CHECK-NEXT: tessera.check %[[OK]], "pl::multiple_of(x, 8): x = {0} is not a multiple of 8" [%[[P]] : i32] {guards_reads}
// CHECK-NEXT: tessera.multiple_of %[[P]], 8
// CHECK:      arith.remsi %[[P]], %{{.*}} : i32
// CHECK:      tessera.check {{.*}} "pl::multiple_of(x, 24): x = {0} is not a multiple of 24"
// CHECK-NEXT: tessera.multiple_of %[[P]], 24
// CHECK-NOT:  tessera.check
// CHECK:      return
// NOSEMS-LABEL: func.func @promises
// NOSEMS-COUNT-2: tessera.check
// NOSEMS-NOT: tessera.check
// NOBOUNDS-LABEL: func.func @promises
// NOBOUNDS-NOT: tessera.check
func.func @promises(%s: memref<4xi32, #tessera.memory_space<smem>>, %n: i32)
    attributes {tessera.kernel, tessera.num_inputs = 1 : i64, tessera.num_outputs = 0 : i64} {
  %c0 = arith.constant 0 : index
  %p = tessera.load_scalar %s[%c0] : memref<4xi32, #tessera.memory_space<smem>> -> i32
  %a = tessera.multiple_of %p, 8 : i32
  %b = tessera.multiple_of %p, 24 : i32
  %c8 = arith.constant 8 : i32
  %i8 = arith.muli %n, %c8 : i32
  %c = tessera.multiple_of %i8, 8 : i32
  return
}

