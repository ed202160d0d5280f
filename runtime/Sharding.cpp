//===- Sharding.cpp - PartitionSpec, NamedSharding and shards -------------===//
#include "runtime/Sharding.h"

#include <algorithm>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tessera {

std::string to_string(const P &spec) {
  return absl::StrCat("P(", absl::StrJoin(spec.axes, ", ", [](std::string *s, const std::string &a) {
                        s->append(a.empty() ? "None" : absl::StrCat("'", a, "'"));
                      }),
                      ")");
}

bool NamedSharding::operator==(const NamedSharding &o) const {
  // Trailing unsplit dimensions do not change a spec.
  auto trimmed = [](std::vector<std::string> axes) {
    while (!axes.empty() && axes.back().empty())
      axes.pop_back();
    return axes;
  };
  return mesh == o.mesh && trimmed(spec.axes) == trimmed(o.spec.axes);
}

std::string to_string(const NamedSharding &sharding) {
  std::vector<std::string> axes;
  for (size_t i = 0; i < sharding.mesh.shape.size(); ++i)
    axes.push_back(absl::StrCat("'", sharding.mesh.axis_names[i], "': ", sharding.mesh.shape[i]));
  return absl::StrCat("NamedSharding(mesh={", absl::StrJoin(axes, ", "),
                      "}, spec=", to_string(sharding.spec), ")");
}

namespace runtime {

absl::StatusOr<std::vector<int>> splitAxes(const NamedSharding &sharding, size_t rank) {
  const P &spec = sharding.spec;
  const auto &names = sharding.mesh.axis_names;
  if (spec.axes.size() > rank)
    return absl::InvalidArgumentError(absl::StrCat(to_string(spec), " has ", spec.axes.size(),
                                                   " entries, more than the array's rank ",
                                                   rank));
  std::vector<int> out(rank, -1);
  for (size_t d = 0; d < spec.axes.size(); ++d) {
    if (spec.axes[d].empty())
      continue;
    auto it = std::find(names.begin(), names.end(), spec.axes[d]);
    if (it == names.end())
      return absl::InvalidArgumentError(
          absl::StrCat(to_string(spec), " names axis '", spec.axes[d],
                       "', which is not an axis of the mesh (its axes: ",
                       absl::StrJoin(names, ", "), ")"));
    int axis = it - names.begin();
    if (std::find(out.begin(), out.end(), axis) != out.end())
      return absl::InvalidArgumentError(absl::StrCat(
          to_string(spec), " names mesh axis '", spec.axes[d], "' twice; an axis splits one dimension"));
    out[d] = axis;
  }
  return out;
}

absl::StatusOr<Shape> shardShape(const ShapeDtypeStruct &type, const NamedSharding &sharding) {
  auto axes = splitAxes(sharding, type.shape.size());
  if (!axes.ok())
    return axes.status();
  Shape shard = type.shape;
  for (size_t d = 0; d < shard.size(); ++d) {
    if ((*axes)[d] < 0)
      continue;
    int64_t n = sharding.mesh.shape[(*axes)[d]];
    if (shard[d] % n != 0)
      return absl::InvalidArgumentError(absl::StrCat(
          "dimension ", d, " of ", to_string(type), " (", shard[d],
          ") does not split evenly over mesh axis '", sharding.mesh.axis_names[(*axes)[d]],
          "' of ", n, " devices"));
    shard[d] /= n;
  }
  return shard;
}

namespace {
/// Device d's coordinate along each mesh axis (the mesh is row-major).
std::vector<int64_t> meshCoords(const Mesh &mesh, int d) {
  std::vector<int64_t> coords(mesh.shape.size());
  for (int a = (int)mesh.shape.size() - 1; a >= 0; --a) {
    coords[a] = d % mesh.shape[a];
    d /= mesh.shape[a];
  }
  return coords;
}
}  // namespace

Shape shardOrigin(const Shape &shard, const NamedSharding &sharding, int d) {
  std::vector<int> axes = *splitAxes(sharding, shard.size());
  std::vector<int64_t> coords = meshCoords(sharding.mesh, d);
  Shape origin(shard.size(), 0);
  for (size_t i = 0; i < shard.size(); ++i)
    if (axes[i] >= 0)
      origin[i] = coords[axes[i]] * shard[i];
  return origin;
}

std::string hloSharding(const NamedSharding &sharding, size_t rank) {
  std::vector<int> axes = *splitAxes(sharding, rank);
  const Mesh &mesh = sharding.mesh;
  if (std::all_of(axes.begin(), axes.end(), [](int a) { return a < 0; }))
    return "{replicated}";
  // The tile assignment: array dims (with their split counts), then one
  // dim of the replicated mesh axes; devices listed with the array dims
  // major, each dim's mesh axis in the mesh's order.
  std::vector<int> order;  // mesh axes, array dims' first
  std::vector<int64_t> dims;
  for (int a : axes) {
    dims.push_back(a < 0 ? 1 : mesh.shape[a]);
    if (a >= 0)
      order.push_back(a);
  }
  int64_t replicated = 1;
  for (int a = 0; a < (int)mesh.shape.size(); ++a)
    if (std::find(order.begin(), order.end(), a) == order.end()) {
      order.push_back(a);
      replicated *= mesh.shape[a];
    }
  if (replicated > 1)
    dims.push_back(replicated);
  std::vector<int> ids;
  for (int64_t t = 0; t < mesh.size(); ++t) {
    // Tile t's coordinates along `order`, row-major; its mesh index.
    std::vector<int64_t> coords(mesh.shape.size());
    int64_t rest = t;
    for (int i = (int)order.size() - 1; i >= 0; --i) {
      coords[order[i]] = rest % mesh.shape[order[i]];
      rest /= mesh.shape[order[i]];
    }
    int64_t index = 0;
    for (size_t a = 0; a < mesh.shape.size(); ++a)
      index = index * mesh.shape[a] + coords[a];
    ids.push_back(mesh.devices[index].id);
  }
  return absl::StrCat("{devices=[", absl::StrJoin(dims, ","), "]", absl::StrJoin(ids, ","),
                      replicated > 1 ? " last_tile_dim_replicate" : "", "}");
}

namespace {
/// Calls f(wholeIndex, shardIndex) for every element of the shard.
template <class F>
void forEachShardElement(const Shape &wholeShape, const Shape &shard, const Shape &origin, F f) {
  const size_t rank = shard.size();
  int64_t n = numElements(shard);
  std::vector<int64_t> idx(rank, 0);
  for (int64_t s = 0; s < n; ++s) {
    int64_t w = 0;
    for (size_t d = 0; d < rank; ++d)
      w = w * wholeShape[d] + origin[d] + idx[d];
    f(w, s);
    for (int d = (int)rank - 1; d >= 0 && ++idx[d] == shard[d]; --d)
      idx[d] = 0;
  }
}
}  // namespace

std::vector<uint32_t> sliceShard(const std::vector<uint32_t> &whole, const Shape &wholeShape,
                                 const Shape &shard, const Shape &origin) {
  std::vector<uint32_t> out(numElements(shard));
  forEachShardElement(wholeShape, shard, origin,
                      [&](int64_t w, int64_t s) { out[s] = whole[w]; });
  return out;
}

void placeShard(std::vector<uint32_t> &whole, const Shape &wholeShape,
                const std::vector<uint32_t> &shard, const Shape &shardShape,
                const Shape &origin) {
  forEachShardElement(wholeShape, shardShape, origin,
                      [&](int64_t w, int64_t s) { whole[w] = shard[s]; });
}

}  // namespace runtime
}  // namespace tessera
