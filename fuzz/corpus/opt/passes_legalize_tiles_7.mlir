
!p = memref<12x128xf32, #tessera.memory_space<vmem>>

// A reduction over a padded axis: the last tile along it has its padding
// replaced by the neutral element (-inf for max) on a row iota first.

// CHECK-LABEL: func.func @padded_reduction
// CHECK: %[[ROW:.*]] = tessera.iota {dimension = 0 : i64} : vector<8x128xi32>
// CHECK: %[[FOUR:.*]] = arith.constant dense<4> : vector<8x128xi32>
// CHECK: %[[M:.*]] = arith.cmpi slt, %[[ROW]], %[[FOUR]]
// CHECK: %[[NEG:.*]] = arith.constant dense<0xFF800000> : vector<8x128xf32>
// CHECK: %[[LAST:.*]] = arith.select %[[M]], %{{.*}}, %[[NEG]]
// CHECK: arith.maximumf %{{.*}}, %[[LAST]]
// CHECK: tessera.reduce %{{.*}} {axis = 0 : i64, kind = "max"} : vector<8x128xf32> -> vector<1x128xf32>
func.func @padded_reduction(%x: !p, %o: memref<1x128xf32, #tessera.memory_space<vmem>>) {
  %v = tessera.load %x : !p -> vector<12x128xf32>
  %r = tessera.reduce %v {axis = 0 : i64, kind = "max"} : vector<12x128xf32> -> vector<1x128xf32>
  tessera.store %r, %o : vector<1x128xf32>, memref<1x128xf32, #tessera.memory_space<vmem>>
  return
}

