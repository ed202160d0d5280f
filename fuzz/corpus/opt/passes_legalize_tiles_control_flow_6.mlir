
!v16 = memref<16x128xf32, #tessera.memory_space<vmem>>

// An array argument of the function: legalization cannot split it, inside
// a loop as anywhere.

func.func @array_argument_in_loop(%o: !v16, %n: i32, %a: vector<16x128xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-error @+1 {{'tessera.store' op uses an array value that tile legalization could not split}}
    tessera.store %a, %o : vector<16x128xf32>, !v16
  }
  return
}
