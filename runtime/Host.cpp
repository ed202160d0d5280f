//===- Host.cpp - Chips, HBM allocation and host copies -------------------===//
#include "runtime/Host.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <span>

#include "absl/strings/str_cat.h"
#include "sim/Layout.h"
#include "sim/MachineDesc.h"

namespace tessera::runtime {

Buffer::~Buffer() {
  if (!viewOf)
    Host::get().release(*this);
}

Host &Host::get() {
  static Host *host = new Host();  // lives as long as the process
  return *host;
}

absl::Status Host::open(std::vector<int> chips, bool splitCores, sim::TorusShape torus) {
  if (devices_)
    return absl::FailedPreconditionError(
        "tpu_init must run before the first device access (devices are already open)");
  if (torus.x < 1 || torus.y < 1 || torus.z < 1 || torus.chips() > sim::kMaxSliceChips)
    return absl::InvalidArgumentError(absl::StrCat(
        "a slice of ", torus.x, "x", torus.y, "x", torus.z,
        " chips; each extent is at least 1 and a simulated slice has at most ",
        sim::kMaxSliceChips, " chips"));
  std::vector<Device> devices;
  for (int chip : chips) {
    if (chip < 0 || chip >= torus.chips())
      return absl::InvalidArgumentError(absl::StrCat(
          "chip ", chip, " does not exist: ",
          torus.chips() == machine::kChipsPerHost ? "a host" : "the slice", " has chips 0 to ",
          torus.chips() - 1));
    if (splitCores) {
      for (int core = 0; core < machine::kCoresPerChip; ++core)
        devices.push_back({(int)devices.size(), chip, core});
    } else {
      devices.push_back({(int)devices.size(), chip, -1});
    }
  }
  torus_ = torus;
  devices_ = std::move(devices);
  return absl::OkStatus();
}

const std::vector<Device> &Host::devices() {
  if (!devices_) {
    std::vector<int> all;
    for (int i = 0; i < machine::kChipsPerHost; ++i)
      all.push_back(i);
    (void)open(all, false);
  }
  return *devices_;
}

sim::Slice &Host::slice() {
  if (!slice_) {
    static_assert(sim::kHostTorus.chips() == machine::kChipsPerHost);
    slice_ = std::make_unique<sim::Slice>(torus_);
  }
  return *slice_;
}

sim::Chip &Host::chip(int index) { return slice().chip(index); }

bool isTiledType(const ShapeDtypeStruct &type) {
  const Shape &s = type.shape;
  // Ranks 3 to 5, [..., M, N]: tiled as XLA tiles the minor two
  // dimensions (T(8,128), packed T(8,128)(2,1) / (4,1)): each matrix's
  // rows padded to whole 8-row tiles (matrixStride) and its last lane
  // tile padded, the matrices one after another, as the 2-D
  // [B * Mp, N] array is (B the product of the leading dimensions).
  if (isBatchShape(s)) {
    for (size_t i = 0; i + 2 < s.size(); ++i)
      if (s[i] < 1)
        return false;
    int64_t m = s[s.size() - 2];
    return m > 0 && s.back() >= 1 && checkedMul(numMatrices(s), matrixStride(s)).has_value();
  }
  // A 1-D array of a packed dtype: the rows of 128 that hold it (as a 1-D
  // VMEM Ref does), tiled as the 2-D [ceil(N / 128), 128] array of its
  // dtype is (T(8,128)(2,1), (4,1)); 1-D 32-bit arrays are words.
  if (s.size() == 1)
    return s[0] >= 1 && packing(type.dtype) > 1 && type.dtype != DType::bool_;
  // Any shape: the last tiles padded, as XLA's T(8,128) (and T(8,128)(2,1),
  // T(8,128)(4,1) for the packed dtypes) pads them; a one-row or one-column
  // array is such a case.
  return s.size() == 2 && s[0] >= 1 && s[1] >= 1;
}

bool isBitcast(const ShapeDtypeStruct &from, const ShapeDtypeStruct &to) {
  if (from.dtype != to.dtype || numElements(from.shape) != numElements(to.shape))
    return false;
  // A 1-D 32-bit array (its words, row-major) and the [N / 128, 128] one of
  // whole (8, 128) tiles: the same rows.
  auto words = [](const ShapeDtypeStruct &t) {
    return t.shape.size() == 1 && itemsize(t.dtype) == 4 && t.shape[0] > 0 &&
           t.shape[0] % (machine::kSublanes * machine::kLanes) == 0;
  };
  auto rows = [](const ShapeDtypeStruct &t) {
    return t.shape.size() == 2 && t.shape[1] == machine::kLanes &&
           t.shape[0] % machine::kSublanes == 0;
  };
  if ((words(from) && rows(to)) || (rows(from) && words(to)))
    return true;
  if (!isTiledType(from) || !isTiledType(to))
    return false;
  layout::TiledShape a = hbmTiledShape(from), b = hbmTiledShape(to);
  return a.rows == b.rows && a.cols == b.cols;
}

layout::TiledShape hbmTiledShape(const ShapeDtypeStruct &type) {
  const Shape &s = type.shape;
  if (s.size() == 1) {  // a packed 1-D array: its rows of 128
    int64_t lanes = machine::kLanes;
    return layout::TiledShape{.rows = s[0] <= lanes ? 1 : (s[0] + lanes - 1) / lanes,
                              .cols = std::min(s[0], lanes),
                              .packing = packing(type.dtype),
                              .tileRows = machine::kSublanes};
  }
  return layout::TiledShape{.rows = memoryRows(s),
                            .cols = s.back(),
                            .packing = packing(type.dtype),
                            .tileRows = machine::kSublanes};
}

std::string layoutString(const ShapeDtypeStruct &type) {
  if (isTiledType(type)) {
    // XLA's v4 HBM tiling: (8,128) tiles for every dtype; narrower dtypes
    // add the (p,1) sub-tiling that packs p rows into one 32-bit word.
    int p = packing(type.dtype);
    std::string dims = "{";
    for (size_t i = type.shape.size(); i-- > 0;)
      dims += std::to_string(i) + (i ? "," : "");
    return dims + (p == 1 ? ":T(8,128)}" : ":T(8,128)(" + std::to_string(p) + ",1)}");
  }
  std::string s = "{";
  for (size_t i = type.shape.size(); i-- > 0;)
    s += std::to_string(i) + (i ? "," : "");
  return s + "}";
}

namespace {
/// Rows an array of `type` takes in HBM, or an error when it cannot fit in
/// `capacity` bytes, the HBM of `where`.
absl::StatusOr<int64_t> rowsFor(const ShapeDtypeStruct &type, int64_t capacity,
                                const std::string &where) {
  if (std::string problem = shapeProblem(type.shape, type.dtype); !problem.empty())
    return absl::InvalidArgumentError(problem);
  int64_t bytes = numBytes(type.shape, type.dtype);
  // A tiled array reserves whole (8, 128) tiles: a one-row array 8 rows per
  // tile (row 0 of each holds data), a one-column array 128 lanes per row.
  bool padded = false;
  if (isTiledType(type) && bytes <= capacity) {
    int64_t tiled = hbmTiledShape(type).memRows() * machine::kRowBytes;
    padded = tiled > bytes;
    bytes = std::max(bytes, tiled);
  }
  if (bytes > capacity)
    return absl::ResourceExhaustedError(absl::StrCat(
        to_string(type), " needs ", bytes, " bytes", padded ? " in (8, 128) tiles" : "",
        ", more than the ", capacity, " bytes (", capacity >> 30, " GiB) of HBM of ", where));
  return std::max<int64_t>(1, (bytes + machine::kRowBytes - 1) / machine::kRowBytes);
}

/// Takes [row, row + rows) out of a free list that has it free.
void take(std::map<int64_t, int64_t> &freeList, int64_t row, int64_t rows) {
  auto it = std::prev(freeList.upper_bound(row));
  int64_t start = it->first, length = it->second;
  freeList.erase(it);
  if (row > start)
    freeList[start] = row - start;
  if (start + length > row + rows)
    freeList[row + rows] = start + length - (row + rows);
}

/// Whether [row, row + rows) is free in `freeList`.
bool isFree(const std::map<int64_t, int64_t> &freeList, int64_t row, int64_t rows) {
  auto it = freeList.upper_bound(row);
  if (it == freeList.begin())
    return false;
  --it;
  return it->first + it->second >= row + rows;
}
}  // namespace

absl::StatusOr<std::shared_ptr<Buffer>> Host::allocate(const Device &device,
                                                        const ShapeDtypeStruct &type) {
  auto all = allocateSymmetric({device}, type);
  if (!all.ok())
    return all.status();
  return all->front();
}

Host::HbmRegion Host::hbmRegion(const Device &device) {
  if (device.core < 0)
    return {device.chip * machine::kCoresPerChip, 0, machine::kHbmRows};
  int64_t rows = machine::kHbmRows / machine::kCoresPerChip;
  return {device.chip * machine::kCoresPerChip + device.core, device.core * rows, rows};
}

std::map<int64_t, int64_t> &Host::freeRows(const Device &device) {
  HbmRegion region = hbmRegion(device);
  auto [it, fresh] = free_.try_emplace(region.key);
  if (fresh)
    it->second[0] = region.rows;
  return it->second;
}

absl::StatusOr<std::vector<std::shared_ptr<Buffer>>> Host::allocateSymmetric(
    const std::vector<Device> &devices, const ShapeDtypeStruct &type) {
  // The same rows of every device's region (each device's own HBM rows):
  // the first run start of any of them that is free on all.
  for (const Device &d : devices)
    chip(d.chip);
  const Device &first = devices.front();
  auto rows = rowsFor(type, hbmRegion(first).rows * machine::kRowBytes,
                      first.core < 0 ? absl::StrCat("chip ", first.chip)
                                     : absl::StrCat(first.str(), " (its half of chip ",
                                                    first.chip, "'s)"));
  if (!rows.ok())
    return rows.status();
  std::vector<int64_t> starts;
  for (const Device &d : devices)
    for (auto [start, length] : freeRows(d))
      if (length >= *rows)
        starts.push_back(start);
  std::sort(starts.begin(), starts.end());
  std::optional<int64_t> found;
  for (int64_t start : starts)
    if (std::all_of(devices.begin(), devices.end(),
                    [&](const Device &o) { return isFree(freeRows(o), start, *rows); })) {
      found = start;
      break;
    }
  if (!found)
    return absl::ResourceExhaustedError(absl::StrCat(
        "HBM of ", first.core >= 0 ? first.str() : absl::StrCat("chip ", first.chip),
        " is full: no room for ", to_string(type),
        devices.size() > 1 ? " at the same rows on every device of the mesh" : ""));
  std::vector<std::shared_ptr<Buffer>> byDevice;
  for (const Device &d : devices) {
    take(freeRows(d), *found, *rows);
    auto buffer = std::make_shared<Buffer>();
    buffer->device = d;
    buffer->type = type;
    buffer->tiled = isTiledType(type);
    buffer->row = hbmRegion(d).base + *found;
    buffer->rows = *rows;
    byDevice.push_back(std::move(buffer));
  }
  return byDevice;
}

void Host::release(const Buffer &buffer) {
  auto &freeList = freeRows(buffer.device);
  auto [it, inserted] = freeList.emplace(buffer.row - hbmRegion(buffer.device).base, buffer.rows);
  if (!inserted)
    return;
  auto next = std::next(it);
  if (next != freeList.end() && it->first + it->second == next->first) {
    it->second += next->second;
    freeList.erase(next);
  }
  if (it != freeList.begin()) {
    auto prev = std::prev(it);
    if (prev->first + prev->second == it->first) {
      prev->second += it->second;
      freeList.erase(it);
    }
  }
}

namespace {
/// Row-major (untiled) arrays of a narrow dtype are stored byte-packed:
/// element i in bytes [i * itemsize, +itemsize), little-endian.
void packRowMajor(DType dtype, std::span<const uint32_t> elems, uint32_t *words) {
  int size = itemsize(dtype);
  if (size == 4) {
    std::copy(elems.begin(), elems.end(), words);
    return;
  }
  auto *bytes = reinterpret_cast<uint8_t *>(words);
  for (size_t i = 0; i < elems.size(); ++i)
    std::memcpy(bytes + i * size, &elems[i], size);  // the low bytes (little-endian)
}

void unpackRowMajor(DType dtype, const uint32_t *words, std::span<uint32_t> elems) {
  int size = itemsize(dtype);
  if (size == 4) {
    std::copy_n(words, elems.size(), elems.begin());
    return;
  }
  const auto *bytes = reinterpret_cast<const uint8_t *>(words);
  for (size_t i = 0; i < elems.size(); ++i) {
    uint32_t bits = 0;
    std::memcpy(&bits, bytes + i * size, size);  // the low bytes (little-endian)
    elems[i] = bits;
  }
}

/// A piece of a buffer that host copies move at once: the row-major
/// elements [first, first + count) of its memory's 2-D array occupy memory
/// rows [memRow, memRow + memRows) of the buffer, as `shape` (tiled
/// buffers) lays them out. Those are the array's own elements but for the
/// rows that pad matrices of rank 3 to 5 (matrixStride): forEachRun.
struct Band {
  int64_t first = 0, count = 0;
  int64_t memRow = 0, memRows = 0;
  layout::TiledShape shape;
};

/// Calls fn(element, count, at) for the runs of the array's own elements
/// in `band` of `buffer`: elements [element, element + count) of the
/// row-major array are the band's [at, at + count) (rows padding a matrix
/// belong to none).
template <typename Fn> void forEachRun(const Buffer &buffer, const Band &band, Fn fn) {
  const Shape &s = buffer.type.shape;
  int64_t total = numElements(s);
  int64_t m = isBatchShape(s) ? s[s.size() - 2] : 0, step = matrixStride(s);
  if (!buffer.tiled || !isBatchShape(s) || m == step) {
    fn(band.first, std::min(band.count, total - band.first), int64_t{0});
    return;
  }
  int64_t cols = s.back();
  for (int64_t r = band.first / cols, end = (band.first + band.count) / cols; r < end;) {
    int64_t matrix = r / step, row = r % step;
    if (row >= m) {
      r += step - row;
      continue;
    }
    int64_t rows = std::min(m - row, end - r);
    fn((matrix * m + row) * cols, rows * cols, r * cols - band.first);
    r += rows;
  }
}

/// Calls fn(band) for the bands of about Host::kCopyBandBytes that cover
/// `buffer`, in order: whole tile rows of a tiled buffer, whole memory rows
/// of a row-major one. Stops at the first error.
template <typename Fn> absl::Status forEachBand(const Buffer &buffer, Fn fn) {
  const int64_t total = numElements(buffer.type.shape);
  if (buffer.tiled) {
    layout::TiledShape tiled = hbmTiledShape(buffer.type);
    int64_t tileRowRows = tiled.colTiles() * tiled.memRowsPerTile();
    int64_t step = std::max<int64_t>(1, Host::kCopyBandBytes / (tileRowRows * machine::kRowBytes)) *
                   tiled.tileRows;
    for (int64_t r0 = 0; r0 < tiled.rows; r0 += step) {
      layout::TiledShape band = tiled;
      band.rows = std::min(step, tiled.rows - r0);
      if (absl::Status st = fn(Band{r0 * tiled.cols, band.rows * tiled.cols,
                                    r0 / tiled.tileRows * tileRowRows, band.memRows(), band});
          !st.ok())
        return st;
    }
    return absl::OkStatus();
  }
  int64_t perRow = machine::kRowBytes / itemsize(buffer.type.dtype);
  int64_t step = Host::kCopyBandBytes / machine::kRowBytes * perRow;
  for (int64_t e0 = 0; e0 < total; e0 += step) {
    int64_t count = std::min(step, total - e0);
    if (absl::Status st = fn(Band{e0, count, e0 / perRow, (count + perRow - 1) / perRow, {}});
        !st.ok())
      return st;
  }
  return absl::OkStatus();
}
}  // namespace

absl::Status Host::write(const Buffer &buffer, const std::vector<uint32_t> &rowMajor) {
  return write(buffer, [&](int64_t first, int64_t count, uint32_t *out) {
    std::copy_n(rowMajor.data() + first, count, out);
  });
}

absl::Status Host::write(const Buffer &buffer, ElementFill fill) {
  sim::Hbm &hbm = chip(buffer.device.chip).hbm();
  std::vector<uint32_t> elems, image;
  return forEachBand(buffer, [&](const Band &band) {
    // (A packed 1-D array's last row of 128 is partly past its elements.)
    elems.assign(band.count, 0);
    forEachRun(buffer, band, [&](int64_t element, int64_t count, int64_t at) {
      fill(element, count, elems.data() + at);
    });
    image.assign(band.memRows * machine::kLanes, 0);
    if (buffer.tiled)
      layout::tileFromRowMajor(band.shape, elems.data(), image.data());
    else
      packRowMajor(buffer.type.dtype, elems, image.data());
    return hbm.writeRows(buffer.row + band.memRow,
                         std::as_bytes(std::span<const uint32_t>(image)));
  });
}

absl::StatusOr<std::vector<uint32_t>> Host::read(const Buffer &buffer) {
  std::vector<uint32_t> rowMajor(numElements(buffer.type.shape));
  absl::Status st = read(buffer, [&](int64_t first, int64_t count, const uint32_t *words) {
    std::copy_n(words, count, rowMajor.data() + first);
  });
  if (!st.ok())
    return st;
  return rowMajor;
}

absl::Status Host::read(const Buffer &buffer, ElementTake take, int64_t begin, int64_t end) {
  if (end < 0)
    end = numElements(buffer.type.shape);
  sim::Hbm &hbm = chip(buffer.device.chip).hbm();
  std::vector<uint32_t> elems, image;
  return forEachBand(buffer, [&](const Band &band) -> absl::Status {
    // The band's runs of [begin, end).
    std::vector<std::array<int64_t, 3>> runs;
    forEachRun(buffer, band, [&](int64_t element, int64_t count, int64_t at) {
      int64_t lo = std::max(begin, element), hi = std::min(end, element + count);
      if (lo < hi)
        runs.push_back({lo, hi - lo, at + lo - element});
    });
    if (runs.empty())
      return absl::OkStatus();
    image.resize(band.memRows * machine::kLanes);
    if (absl::Status st = hbm.readRows(buffer.row + band.memRow,
                                       std::as_writable_bytes(std::span<uint32_t>(image)));
        !st.ok())
      return st;
    elems.resize(band.count);
    if (buffer.tiled)
      layout::rowMajorFromTile(band.shape, image.data(), elems.data());
    else
      unpackRowMajor(buffer.type.dtype, image.data(), elems);
    // The element words: signed narrow integers sign-extended.
    if (itemsize(buffer.type.dtype) < 4)
      for (uint32_t &e : elems)
        e = elementWordOf(buffer.type.dtype, e);
    for (auto [element, count, at] : runs)
      take(element, count, elems.data() + at);
    return absl::OkStatus();
  });
}

absl::Status Host::zero(const Buffer &buffer) {
  // Chunks of 1 MiB; a chunk already zero (e.g. untouched HBM, which reads
  // as zeros without host memory) is not written, so it stays unallocated.
  constexpr int64_t kChunkRows = (int64_t{1} << 20) / machine::kRowBytes;
  static const std::vector<std::byte> zeros(kChunkRows * machine::kRowBytes);
  std::vector<std::byte> chunk(std::min(buffer.rows, kChunkRows) * machine::kRowBytes);
  sim::Hbm &hbm = chip(buffer.device.chip).hbm();
  for (int64_t done = 0; done < buffer.rows;) {
    int64_t n = std::min(kChunkRows, buffer.rows - done);
    std::span<std::byte> bytes(chunk.data(), n * machine::kRowBytes);
    if (auto st = hbm.readRows(buffer.row + done, bytes); !st.ok())
      return st;
    if (std::memcmp(bytes.data(), zeros.data(), bytes.size()) != 0)
      if (auto st = hbm.writeRows(buffer.row + done, std::span(zeros.data(), bytes.size()));
          !st.ok())
        return st;
    done += n;
  }
  return absl::OkStatus();
}

}  // namespace tessera::runtime
