//===- Host.h - The simulated host: chips, HBM allocation, buffers --------===//
//
// Runtime internals (not for kernel authors): the host's chips, which of
// them tpu_init opened, and a first-fit allocator of HBM rows per chip. A
// Buffer is one allocation holding one array; it frees its rows when the
// last Array referring to it goes away.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "runtime/Device.h"
#include "runtime/Types.h"
#include "sim/Chip.h"
#include "sim/Slice.h"
#include "sim/Layout.h"

namespace tessera::runtime {

struct Buffer {
  Device device;
  ShapeDtypeStruct type;
  bool tiled = false;   // {1,0:T(8,128)}; else row-major, padded to rows
  int64_t row = 0;      // first HBM row
  int64_t rows = 0;
  /// A bitcast (a reshape that moves no data): another buffer's rows read
  /// as `type`; it keeps that buffer alive and frees nothing itself.
  std::shared_ptr<Buffer> viewOf = nullptr;
  ~Buffer();
};

class Host {
public:
  static Host &get();

  /// Opens `chips`; `splitCores` makes each TensorCore a device. `torus`:
  /// the simulated slice the chips belong to (default: one host's 2x2x1).
  /// Fails once devices have been handed out.
  absl::Status open(std::vector<int> chips, bool splitCores,
                    sim::TorusShape torus = sim::kHostTorus);
  const std::vector<Device> &devices();
  Device defaultDevice() { return devices().front(); }

  sim::Chip &chip(int index);
  /// The host's chips, joined by the interconnect (sim::kHostTorus, or
  /// the torus opened).
  sim::Slice &slice();
  const sim::TorusShape &torus() const { return torus_; }

  /// An HBM allocation for an array of `type` on `device`.
  absl::StatusOr<std::shared_ptr<Buffer>> allocate(const Device &device,
                                                   const ShapeDtypeStruct &type);
  /// One allocation per device of `devices`, at the same rows of every
  /// device's HBM region (hbmRegion: a shard_map's per-device values; a
  /// remote copy names its target buffer by this device's address of it
  /// plus the distance between the regions, sim/Executable.h).
  absl::StatusOr<std::vector<std::shared_ptr<Buffer>>> allocateSymmetric(
      const std::vector<Device> &devices, const ShapeDtypeStruct &type);
  void release(const Buffer &buffer);
  /// The HBM rows a device's arrays live in: a whole chip's HBM, or for a
  /// chip split into single-core devices, core c's half (as JAX gives each
  /// TensorCore device of a non-megacore v4 half the chip's memory).
  struct HbmRegion {
    int key = 0;  // one per region
    int64_t base = 0, rows = 0;
  };
  static HbmRegion hbmRegion(const Device &device);

  /// Host <-> device copies of a whole buffer: row-major, one element per
  /// 32-bit word (bf16 bits in the low 16, int8 in the low 8: sign-extended
  /// when read), packed into the buffer's layout here.
  absl::Status write(const Buffer &buffer, const std::vector<uint32_t> &rowMajor);
  absl::StatusOr<std::vector<uint32_t>> read(const Buffer &buffer);

  /// The same copies streamed: the buffer goes through in bands of about
  /// kCopyBandBytes (whole tile rows), so a copy of any size holds no host
  /// memory of its size besides the caller's own. `fill(first, count, out)`
  /// writes the row-major element words [first, first + count) to `out`;
  /// `take(first, count, words)` gets them. read visits the elements
  /// [begin, end) only (end -1: to the last).
  using ElementFill = absl::FunctionRef<void(int64_t first, int64_t count, uint32_t *out)>;
  using ElementTake =
      absl::FunctionRef<void(int64_t first, int64_t count, const uint32_t *words)>;
  static constexpr int64_t kCopyBandBytes = int64_t{1} << 20;
  absl::Status write(const Buffer &buffer, ElementFill fill);
  absl::Status read(const Buffer &buffer, ElementTake take, int64_t begin = 0,
                    int64_t end = -1);
  /// Zero-fills a whole buffer (chunk by chunk: no host copy of its size).
  absl::Status zero(const Buffer &buffer);

private:
  Host() = default;
  std::optional<std::vector<Device>> devices_;
  std::unique_ptr<sim::Slice> slice_;
  sim::TorusShape torus_ = sim::kHostTorus;
  /// Free HBM rows per region (hbmRegion's key), relative to its base:
  /// start -> length.
  std::map<int, std::map<int64_t, int64_t>> free_;
  std::map<int64_t, int64_t> &freeRows(const Device &device);
};

/// Whether arrays of this type are stored tiled: an array of any rank-2
/// shape, its last tiles padded (one row [1, N] padded to 8-row tiles, one
/// column [R, 1] each row padded to 128 lanes, f32[3, 128], f32[8, 64],
/// bf16[3, 5] one T(8,128)(2,1) tile); or ranks 3 to 5 [..., M, N], each
/// matrix padded so (stored as [B * Mp, N], B the leading dims' product,
/// Mp = matrixStride); or a 1-D array of a packed dtype, as [ceil(N / 128), 128]
/// (one row [1, N] when N <= 128).
bool isTiledType(const ShapeDtypeStruct &type);
/// Whether an array of type `from` reshaped to `to` keeps its HBM bytes
/// (XLA's bitcast): both tiled, of one dtype and one tiling, e.g. [B, M, N]
/// <-> [B * M, N] with M whole tiles, or [1, M, N] <-> [M, N]; or a 1-D
/// 32-bit array of a multiple of 1024 words and [N / 128, 128] (its words
/// row-major are that array's whole (8, 128) tiles).
bool isBitcast(const ShapeDtypeStruct &from, const ShapeDtypeStruct &to);
/// The HBM tiling of a tiled array: (8,128) tiles, rows packed per dtype.
layout::TiledShape hbmTiledShape(const ShapeDtypeStruct &type);
/// "{1,0:T(8,128)}", "{1,0:T(8,128)(2,1)}" (bf16), "{1,0:T(8,128)(4,1)}"
/// (int8), or "{1,0}" / "{0}" for row-major arrays.
std::string layoutString(const ShapeDtypeStruct &type);

}  // namespace tessera::runtime
