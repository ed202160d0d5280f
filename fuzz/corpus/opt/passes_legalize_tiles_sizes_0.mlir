
// Outside a kernel function too (no tessera.kernel: the verifier does not
// look), tile legalization refuses a value it could not tile.
func.func @not_a_kernel(%r: vector<1x128xf32>) {
  // expected-error @+1 {{'tessera.broadcast' op a result of type 'vector<4611686018427387904x128xf32>' needs more than 9223372036854775807 bytes}}
  %rb = tessera.broadcast %r : vector<1x128xf32> -> vector<4611686018427387904x128xf32>
  return
}
