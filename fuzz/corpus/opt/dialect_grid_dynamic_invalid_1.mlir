
func.func @grid_extent_attr_without_operand() {
  // expected-error @+1 {{'tessera.grid' op has 1 run-time grid extents (?) but 0 extent operands}}
  "tessera.grid"() <{block_shapes = [], buffer_counts = array<i64>,
                     dimension_semantics = ["arbitrary"],
                     grid = array<i64: -9223372036854775808>, labels = [], names = [],
                     num_cores = 1 : i64, operandSegmentSizes = array<i32: 0, 0, 0>}> ({
  ^bb0(%i: i32):
    tessera.yield
  }) : () -> ()
  return
}

