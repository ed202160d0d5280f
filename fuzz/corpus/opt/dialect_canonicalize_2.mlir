
// Reducing an axis of size 1 and broadcasting to the same shape are the
// operand.

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[R:[a-z0-9]+]]: vector<1x128xf32>, %[[T:[a-z0-9]+]]: vector<8x128xf32>)
// CHECK-NEXT: return %[[R]], %[[T]]
func.func @identities(%r: vector<1x128xf32>, %t: vector<8x128xf32>) -> (vector<1x128xf32>, vector<8x128xf32>) {
  %s = tessera.reduce %r {axis = 0 : i64, kind = "sum"} : vector<1x128xf32> -> vector<1x128xf32>
  %b = tessera.broadcast %t : vector<8x128xf32> -> vector<8x128xf32>
  return %s, %b : vector<1x128xf32>, vector<8x128xf32>
}

