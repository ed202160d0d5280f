
// tessera.grid's run-time extents: one i32 operand per `?` of `grid`.

func.func @grid_extent_operand_missing(%n: i32) {
  // expected-error @+1 {{'tessera.grid' op has 0 run-time grid extents (?) but 1 extent operands}}
  "tessera.grid"(%n) <{block_shapes = [], buffer_counts = array<i64>,
                       dimension_semantics = ["arbitrary"], grid = array<i64: 4>, labels = [],
                       names = [], num_cores = 1 : i64,
                       operandSegmentSizes = array<i32: 0, 0, 1>}> ({
  ^bb0(%i: i32):
    tessera.yield
  }) : (i32) -> ()
  return
}

