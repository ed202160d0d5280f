
// A run-time check with the values its message names.

// CHECK-LABEL: func.func @check
// CHECK-SAME: (%[[C:[a-z0-9]+]]: i1, %[[I:[a-z0-9]+]]: i32, %[[J:[a-z0-9]+]]: index)
// CHECK: tessera.check %[[C]], "Revisited block ({0}, {1})" [%[[I]], %[[J]] : i32, index]
// CHECK: tessera.check %[[C]], "no values"
// CHECK-NOT: [
// CHECK: return
func.func @check(%c: i1, %i: i32, %j: index) {
  tessera.check %c, "Revisited block ({0}, {1})" [%i, %j : i32, index]
  tessera.check %c, "no values"
  return
}

