// RUN: tessera-opt %s -split-input-file -verify-diagnostics

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

// -----

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

// -----

func.func @grid_extent_i64(%n: i64) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%n' expects different type than prior uses: 'i32' vs 'i64'}}
  tessera.grid grid [%n] semantics ["arbitrary"] cores 1 blocks [] buffers [] body {
  ^bb0(%i: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

// -----

func.func @grid_static_negative(%n: i32) {
  // expected-error @+1 {{'tessera.grid' op grid extents must be at least 1, not -1}}
  tessera.grid grid [%n, -1] semantics ["arbitrary", "arbitrary"] cores 1 blocks [] buffers []
      body {
  ^bb0(%i: i32, %j: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}

// -----

func.func @grid_runtime_axis_two_cores_nothing_parallel(%n: i32) {
  // expected-error @+1 {{'tessera.grid' op splits the grid across 2 cores but has no parallel axis}}
  tessera.grid grid [%n] semantics ["arbitrary"] cores 2 blocks [] buffers [] body {
  ^bb0(%i: i32):
    tessera.yield
  } {labels = [], names = []}
  return
}
