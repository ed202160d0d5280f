//===- Sharding.h - PartitionSpec, NamedSharding and shards ---------------===//
//
// jax.sharding for the simulated host: a PartitionSpec names, per array
// dimension, the mesh axis that splits it; a NamedSharding pairs it with a
// mesh. Mesh axes a spec does not name replicate the array: every device
// along them holds the same shard. A sharded Array keeps one HBM buffer per
// device of its mesh, in the mesh's device order (README, "Meshes and
// shardings").
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <source_location>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/Device.h"
#include "runtime/Types.h"

namespace tessera {

/// jax.sharding.PartitionSpec. P() replicates (no dimension is split);
/// P("x", "y") splits dimension 0 over mesh axis x and dimension 1 over y;
/// P(nullptr, "x") leaves dimension 0 whole and splits dimension 1 over x.
/// Dimensions past the spec's length are whole.
struct P {
  /// Per dimension: a mesh axis name, or "" (not split).
  std::vector<std::string> axes;
  P() = default;
  template <class... S>
  explicit P(S... names) : axes{axisName(names)...} {}

private:
  static std::string axisName(std::nullptr_t) { return ""; }
  static std::string axisName(const char *name) { return name ? name : ""; }
  static std::string axisName(std::string name) { return name; }
};
/// "P('device', None)".
std::string to_string(const P &spec);

/// jax.sharding.NamedSharding.
struct NamedSharding {
  Mesh mesh;
  P spec;
  bool operator==(const NamedSharding &o) const;
};
/// "NamedSharding(mesh={'x': 2, 'y': 2}, spec=P('x', 'y'))".
std::string to_string(const NamedSharding &sharding);

namespace runtime {

/// How `sharding` splits an array of rank `rank`: per dimension, the index
/// of the mesh axis splitting it, or -1. An error (user text, no position)
/// when the spec is longer than the rank, names an axis the mesh does not
/// have, or names one axis twice.
absl::StatusOr<std::vector<int>> splitAxes(const NamedSharding &sharding, size_t rank);

/// The shape of each device's shard of an array of `type` under
/// `sharding`; an error when a split dimension does not divide evenly
/// ("dimension 0 of f32[30,128] (30) does not split evenly over mesh axis
/// 'device' of 4 devices").
absl::StatusOr<Shape> shardShape(const ShapeDtypeStruct &type, const NamedSharding &sharding);

/// Where device `d`'s shard (d: its index in sharding.mesh.devices) starts
/// in the whole array, per dimension.
Shape shardOrigin(const Shape &shard, const NamedSharding &sharding, int d);

/// The HLO sharding attribute: "{replicated}", "{devices=[4,1]0,1,3,2}" or,
/// with mesh axes the spec leaves out, "{devices=[2,1,2]0,1,2,3
/// last_tile_dim_replicate}" (device ids as Device::id).
std::string hloSharding(const NamedSharding &sharding, size_t rank);

/// Copies a row-major shard out of / into a row-major whole array (one
/// element per word, as Host::read/write use).
std::vector<uint32_t> sliceShard(const std::vector<uint32_t> &whole, const Shape &wholeShape,
                                 const Shape &shard, const Shape &origin);
void placeShard(std::vector<uint32_t> &whole, const Shape &wholeShape,
                const std::vector<uint32_t> &shard, const Shape &shardShape,
                const Shape &origin);

}  // namespace runtime
}  // namespace tessera
