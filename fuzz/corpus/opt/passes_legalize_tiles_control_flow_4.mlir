
!v16 = memref<16x128xf32, #tessera.memory_space<vmem>>

// Nested: an scf.if carrying an array inside an scf.for carrying one.

// CHECK-LABEL: func.func @nested
// CHECK: scf.for {{.*}} -> (vector<8x128xf32>, vector<8x128xf32>)
// CHECK:   %[[IF:.*]]:2 = scf.if %{{.*}} -> (vector<8x128xf32>, vector<8x128xf32>)
// CHECK:     arith.addf
// CHECK:     arith.addf
// CHECK:     scf.yield %{{.*}}, %{{.*}} : vector<8x128xf32>, vector<8x128xf32>
// CHECK:   } else {
// CHECK:     scf.yield %{{.*}}, %{{.*}} : vector<8x128xf32>, vector<8x128xf32>
// CHECK:   }
// CHECK:   scf.yield %[[IF]]#0, %[[IF]]#1 : vector<8x128xf32>, vector<8x128xf32>
// CHECK-NOT: vector<16x128xf32>
// CHECK: return
func.func @nested(%x: !v16, %o: !v16, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : vector<16x128xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<16x128xf32>) : i32 {
    %odd = arith.remsi %i, %c2 : i32
    %isOdd = arith.cmpi eq, %odd, %c1 : i32
    %next = scf.if %isOdd -> (vector<16x128xf32>) {
      %v = tessera.load %x : !v16 -> vector<16x128xf32>
      %s = arith.addf %acc, %v : vector<16x128xf32>
      scf.yield %s : vector<16x128xf32>
    } else {
      scf.yield %acc : vector<16x128xf32>
    }
    scf.yield %next : vector<16x128xf32>
  }
  tessera.store %r, %o : vector<16x128xf32>, !v16
  return
}

