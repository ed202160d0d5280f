//===- Device.cpp - tpu_init, devices and meshes --------------------------===//
#include "runtime/Device.h"

#include "runtime/Host.h"
#include "sim/MachineDesc.h"

namespace tessera {

std::string Device::str() const {
  std::string s = "TPU_" + std::to_string(id) + "(chip=" + std::to_string(chip);
  if (core >= 0)
    s += ",core=" + std::to_string(core);
  return s + ")";
}

namespace {
void openOrThrow(std::vector<int> chips, bool split, const std::source_location &loc) {
  if (auto st = runtime::Host::get().open(std::move(chips), split); !st.ok())
    throwUserError(loc, std::string(st.message()));
}
}  // namespace

namespace tpu_init {
void initialize_one_chip(int chip, std::source_location loc) {
  openOrThrow({chip}, false, loc);
}
void initialize_local_chips(LocalChips options, std::source_location loc) {
  std::vector<int> chips;
  for (int i = 0; i < machine::kChipsPerHost; ++i)
    chips.push_back(i);
  openOrThrow(chips, options.split_cores, loc);
}
void initialize_slice(SliceShape shape, std::source_location loc) {
  sim::TorusShape torus{shape.x, shape.y, shape.z};
  std::vector<int> chips;
  for (int i = 0; i < std::max(0, torus.chips()); ++i)
    chips.push_back(i);
  if (auto st = runtime::Host::get().open(chips, false, torus); !st.ok())
    throwUserError(loc, "initialize_slice: " + std::string(st.message()));
}
void initialize_one_core(int chip, std::source_location loc) {
  openOrThrow({chip}, true, loc);
}
}  // namespace tpu_init

const std::vector<Device> &devices() { return runtime::Host::get().devices(); }

namespace {
sim::TensorCore &coreOf(const Device &device, int core) {
  int c = device.core >= 0 ? device.core : core;
  if (c < 0 || c >= machine::kCoresPerChip)
    throw Error("TensorCore " + std::to_string(c) + " does not exist: a chip has cores 0 to " +
                std::to_string(machine::kCoresPerChip - 1));
  return runtime::Host::get().chip(device.chip).core(c);
}
}  // namespace

std::vector<std::pair<int, int32_t>> nonzero_semaphores(const Device &device, int core) {
  sim::TensorCore &tc = coreOf(device, core);
  std::vector<std::pair<int, int32_t>> out;
  for (int i = 0; i < machine::kNumSemaphores; ++i)
    if (tc.semaphore(i) != 0)
      out.push_back({i, tc.semaphore(i)});
  return out;
}

void reset_semaphores(const Device &device, int core) { coreOf(device, core).resetSemaphores(); }

int64_t Mesh::size() const { return numElements(shape); }

namespace {
/// The physical order make_mesh takes devices in (Device.h).
std::vector<Device> meshOrder(const std::vector<Device> &all, const Shape &shape) {
  std::vector<int> chips;
  for (const Device &d : all)
    if (chips.empty() || chips.back() != d.chip)
      chips.push_back(d.chip);
  const sim::TorusShape &torus = runtime::Host::get().slice().shape();
  std::vector<int> order;
  bool whole = (int)chips.size() == torus.chips();
  for (size_t i = 0; whole && i < chips.size(); ++i)
    whole = chips[i] == (int)i;
  if (!whole || torus.z != 1 || (torus.y != 2 && torus.y < 4))
    return all;  // not a whole plane of the slice: the order tpu_init opened them in
  bool wholeChips = all.size() == chips.size();
  if (torus.x == 2 && torus.y == 2 && wholeChips && shape == Shape{2, 2}) {
    order = {0, 2, 1, 3};  // mesh[x][y]
  } else {
    // The ring: row y of x forward on even rows, backward on odd ones.
    for (int y = 0; y < torus.y; ++y)
      for (int i = 0; i < torus.x; ++i)
        order.push_back(y * torus.x + (y % 2 == 0 ? i : torus.x - 1 - i));
  }
  std::vector<Device> out;
  for (int chip : order)
    for (const Device &d : all)
      if (d.chip == chip)
        out.push_back(d);
  return out;
}
}  // namespace

Mesh make_mesh(std::vector<int64_t> shape, std::vector<std::string> axis_names,
               std::source_location loc) {
  if (shape.size() != axis_names.size())
    throwUserError(loc, "make_mesh: " + std::to_string(shape.size()) +
                            " axis sizes but " + std::to_string(axis_names.size()) +
                            " axis names");
  for (size_t i = 0; i < axis_names.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (axis_names[i] == axis_names[j])
        throwUserError(loc, "make_mesh: axis name '" + axis_names[i] + "' appears twice");
  for (int64_t n : shape)
    if (n < 1)
      throwUserError(loc, "make_mesh: an axis of size " + std::to_string(n) +
                              "; every axis has at least one device");
  Mesh mesh{std::move(shape), std::move(axis_names), {}};
  const auto &all = devices();
  if (mesh.size() < 1 || mesh.size() > (int64_t)all.size())
    throwUserError(loc, "make_mesh needs " + std::to_string(mesh.size()) +
                            " devices, but tpu_init opened " +
                            std::to_string(all.size()));
  std::vector<Device> order = meshOrder(all, mesh.shape);
  mesh.devices.assign(order.begin(), order.begin() + mesh.size());
  return mesh;
}

}  // namespace tessera
