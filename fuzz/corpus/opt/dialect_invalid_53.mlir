
func.func @iota_dimension_out_of_range() {
  // expected-error @+1 {{'tessera.iota' op dimension 2 is out of range for a rank-2 value (allowed: 0 or 1)}}
  %r = tessera.iota {dimension = 2 : i64} : vector<8x128xi32>
  return
}

