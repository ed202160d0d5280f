
// The core's index in a launch on both TensorCores (lax.axis_index).
// CHECK-LABEL: func.func @core_index
// CHECK-SAME: attributes {tessera.num_cores = 2 : i64}
// CHECK: %{{.*}} = tessera.core_index : i32
func.func @core_index() -> i32 attributes {tessera.num_cores = 2 : i64} {
  %c = tessera.core_index : i32
  return %c : i32
}

