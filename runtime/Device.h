//===- Device.h - tpu_init, devices and meshes ----------------------------===//
//
// The first layer of the seed's program: which chips the runtime opens.
// A host has machine::kChipsPerHost simulated TPU v4 chips; tpu_init says
// which of them are devices (or, split-chip, which TensorCores are).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <source_location>
#include <string>
#include <utility>
#include <vector>

#include "runtime/Types.h"

namespace tessera {

/// One device: a whole chip (kernels choose their TensorCores through a
/// TensorCoreMesh), or one TensorCore of a split chip.
struct Device {
  int id = 0;
  int chip = 0;
  int core = -1;  // -1: the whole chip
  /// "TPU_0(chip=0)" / "TPU_1(chip=0,core=1)".
  std::string str() const;
  bool operator==(const Device &) const = default;
};

namespace tpu_init {
/// Opens chip `chip` alone (TPU_VISIBLE_CHIPS=chip). Must run before the
/// first device access, like the environment variables it stands for.
void initialize_one_chip(int chip = 0,
                         std::source_location loc = std::source_location::current());
struct LocalChips {
  /// Each TensorCore a device (as initialize_one_core, on every chip):
  /// machine::kChipsPerHost * kCoresPerChip single-core devices.
  bool split_cores = false;
};
/// Opens all chips of the host: machine::kChipsPerHost devices, each a
/// whole (megacore) chip, device i on chip i.
void initialize_local_chips(LocalChips options = {},
                            std::source_location loc = std::source_location::current());
/// Opens a simulated slice of x * y * z chips (a torus: sim/Slice.h), one
/// device per chip, chip i at (i % x, i / x % y, i / (x * y)); e.g.
/// {4, 4, 1}: 16 chips, 4 hosts' worth, in one process.
struct SliceShape {
  int x = 2, y = 2, z = 1;
};
void initialize_slice(SliceShape shape,
                      std::source_location loc = std::source_location::current());
/// Opens chip `chip` split: each TensorCore is a device (XLA baselines).
void initialize_one_core(int chip = 0,
                         std::source_location loc = std::source_location::current());
}  // namespace tpu_init

/// jax.devices(). Opens all local chips if tpu_init was not called.
const std::vector<Device> &devices();

/// The semaphores of TensorCore `core` of `device` that hold a nonzero value,
/// as (index, value). Semaphores persist across launches: a kernel that
/// skipped a .wait() (with semaphore checks off) leaves its DMA's bytes
/// there, and the next kernel on that core miscounts.
std::vector<std::pair<int, int32_t>> nonzero_semaphores(const Device &device, int core = 0);
/// Sets every semaphore of that TensorCore to zero.
void reset_semaphores(const Device &device, int core = 0);

/// jax.make_mesh: a device mesh.
struct Mesh {
  std::vector<int64_t> shape;
  std::vector<std::string> axis_names;
  std::vector<Device> devices;
  int64_t size() const;
  bool operator==(const Mesh &) const = default;
};
/// The devices are taken in the order JAX's make_mesh gives a v4 host's
/// 2x2 chips (chip c at x = c % 2, y = c / 2): a mesh of shape (2, 2) has
/// mesh[i][j] = the chip at x = i, y = j (devices 0, 2, 1, 3); any other
/// mesh lists the chips in ring order 0, 1, 3, 2, each an ICI hop from the
/// next and the last from the first. A larger slice's X x Y plane (z = 1)
/// is listed as a ring too: rows of x alternately forward and back, so
/// that neighbours are one hop apart and the last is one hop (y wraps
/// around) from the first. Split chips (initialize_one_core) list each
/// chip's TensorCores together.
Mesh make_mesh(std::vector<int64_t> shape, std::vector<std::string> axis_names,
               std::source_location loc = std::source_location::current());

}  // namespace tessera
