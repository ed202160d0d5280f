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
void initialize_local_chips(std::source_location loc) {
  std::vector<int> chips;
  for (int i = 0; i < machine::kChipsPerHost; ++i)
    chips.push_back(i);
  openOrThrow(chips, false, loc);
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

Mesh make_mesh(std::vector<int64_t> shape, std::vector<std::string> axis_names,
               std::source_location loc) {
  if (shape.size() != axis_names.size())
    throwUserError(loc, "make_mesh: " + std::to_string(shape.size()) +
                            " axis sizes but " + std::to_string(axis_names.size()) +
                            " axis names");
  Mesh mesh{std::move(shape), std::move(axis_names), {}};
  const auto &all = devices();
  if (mesh.size() < 1 || mesh.size() > (int64_t)all.size())
    throwUserError(loc, "make_mesh needs " + std::to_string(mesh.size()) +
                            " devices, but tpu_init opened " +
                            std::to_string(all.size()));
  mesh.devices.assign(all.begin(), all.begin() + mesh.size());
  return mesh;
}

}  // namespace tessera
