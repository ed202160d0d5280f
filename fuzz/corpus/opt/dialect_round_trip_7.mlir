
// The device's index in its shard_map mesh (lax.axis_index of a mesh axis).
// CHECK-LABEL: func.func @device_id
// CHECK: %{{.*}} = tessera.device_id : i32
func.func @device_id() -> i32 {
  %d = tessera.device_id : i32
  return %d : i32
}

