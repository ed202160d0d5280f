//===- Memory.h - The simulated memories: HBM, VMEM, SMEM -----------------===//
//
// Host-side storage of the chip's memories. Every access, whether from the
// host (runtime, tests) or from a simulated program, is bounds-checked
// against the simulated size and fails with an absl::Status: a simulated
// program can never reach host memory outside these buffers.
//
// HBM is 32 GiB per chip, so it is allocated lazily in zero-filled pages on
// the first write of nonzero data; reading an untouched page reads zeros
// without allocating. All storage comes from ZeroedPages: memory the OS maps
// in zero-filled when it is first touched, so a chip whose 2 x 16 MiB of
// VMEM (and 2 x 1 MiB of SMEM) a kernel barely uses costs neither the time
// to zero it nor the RSS.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "sim/MachineDesc.h"

namespace tessera::sim {

/// `bytes` of zero-filled host memory, mapped anonymously: its pages cost
/// nothing until touched (the OS zero-fills each on first access). clear()
/// hands the pages back, so the memory reads zeros again at the cost of
/// the pages touched, not of its size.
class ZeroedPages {
public:
  explicit ZeroedPages(size_t bytes);
  ~ZeroedPages();
  ZeroedPages(const ZeroedPages &) = delete;
  ZeroedPages &operator=(const ZeroedPages &) = delete;

  std::byte *data() const { return data_; }
  size_t size() const { return bytes_; }
  /// Zero-fills the whole memory.
  void clear();

private:
  std::byte *data_;
  size_t bytes_;
};

/// Typed conveniences of a row-addressed memory (HBM, VMEM) over its byte
/// copies readRows/writeRows: f32 and int32 spans, row-major.
template <typename Memory>
class TypedRows {
public:
  absl::Status readF32(int64_t row, std::span<float> out) const {
    return self().readRows(row, std::as_writable_bytes(out));
  }
  absl::Status writeF32(int64_t row, std::span<const float> data) {
    return self().writeRows(row, std::as_bytes(data));
  }
  absl::Status readS32(int64_t row, std::span<int32_t> out) const {
    return self().readRows(row, std::as_writable_bytes(out));
  }
  absl::Status writeS32(int64_t row, std::span<const int32_t> data) {
    return self().writeRows(row, std::as_bytes(data));
  }

private:
  const Memory &self() const { return static_cast<const Memory &>(*this); }
  Memory &self() { return static_cast<Memory &>(*this); }
};

/// One chip's HBM. Addresses are rows (machine::kRowBytes) as in the ISA;
/// a transfer may end inside a row. Not thread-safe.
class Hbm : public TypedRows<Hbm> {
public:
  /// Host allocation granule (an implementation detail, not a machine fact).
  static constexpr int64_t kPageBytes = int64_t{1} << 20;
  static constexpr int64_t kNumPages = machine::kHbmBytes / kPageBytes;
  static_assert(kPageBytes % machine::kRowBytes == 0);

  Hbm();

  /// Copies `out.size()` bytes starting at row `row` into `out`.
  absl::Status readRows(int64_t row, std::span<std::byte> out) const;
  /// Copies `data` into HBM starting at row `row`.
  absl::Status writeRows(int64_t row, std::span<const std::byte> data);
  /// Copies `rows` rows from `srcRow` to `dstRow`; overlapping ranges behave
  /// like memmove.
  absl::Status copyRows(int64_t dstRow, int64_t srcRow, int64_t rows);

  /// OK if rows [row, row + rows) lie inside HBM.
  absl::Status checkRows(int64_t row, int64_t rows) const;
  /// Pages backed by host memory so far (each kPageBytes).
  int64_t pagesAllocated() const { return pagesAllocated_; }

private:
  absl::Status checkBytes(int64_t row, int64_t bytes) const;
  std::byte *page(int64_t index);  // allocates on first touch
  /// Calls fn(page, offset in page, bytes done, length) for each piece of
  /// the byte range starting at `row` that lies within one page.
  template <typename Fn>
  static void forEachPageChunk(int64_t row, size_t bytes, Fn fn);

  std::vector<std::unique_ptr<ZeroedPages>> pages_;
  int64_t pagesAllocated_ = 0;
};

/// A TensorCore's VMEM: machine::kVmemRows rows of machine::kRowBytes.
class Vmem : public TypedRows<Vmem> {
public:
  Vmem();

  absl::Status readRows(int64_t row, std::span<std::byte> out) const;
  absl::Status writeRows(int64_t row, std::span<const std::byte> data);
  /// OK if rows [row, row + rows) lie inside VMEM.
  absl::Status checkRows(int64_t row, int64_t rows) const;

  /// Unchecked access for the executor, which checks ranges first.
  uint32_t *rowData(int64_t row) { return words() + row * kRowWords; }
  const uint32_t *rowData(int64_t row) const { return words() + row * kRowWords; }
  /// Zero-fills the whole VMEM.
  void clear();

  static constexpr int64_t kRowWords = machine::kRowBytes / 4;

private:
  absl::Status checkBytes(int64_t row, int64_t bytes) const;
  uint32_t *words() const { return reinterpret_cast<uint32_t *>(storage_.data()); }
  ZeroedPages storage_;
};

/// A TensorCore's SMEM: machine::kSmemWords 32-bit words.
class Smem {
public:
  Smem();

  absl::Status read(int64_t word, std::span<uint32_t> out) const;
  absl::Status write(int64_t word, std::span<const uint32_t> data);
  /// OK if words [word, word + count) lie inside SMEM.
  absl::Status checkWords(int64_t word, int64_t count) const;

  /// Unchecked access for the executor, which checks ranges first.
  uint32_t &at(int64_t word) { return words()[word]; }
  /// Zero-fills the whole SMEM.
  void clear();

private:
  uint32_t *words() const { return reinterpret_cast<uint32_t *>(storage_.data()); }
  ZeroedPages storage_;
};

}  // namespace tessera::sim
