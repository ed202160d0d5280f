
// An array that does not split into tiles, carried by a loop.

func.func @carried_not_tileable(%n: i32, %init: vector<24x128xbf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op array of shape 'vector<24x128xbf16>' does not split into (16, 128) tiles}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (vector<24x128xbf16>) : i32 {
    scf.yield %acc : vector<24x128xbf16>
  }
  return
}

