//===- Memory.cpp - Bounds-checked HBM, VMEM and SMEM storage -------------===//
#include "sim/Memory.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <new>

#include "absl/strings/str_format.h"

namespace tessera::sim {
namespace {

using machine::kRowBytes;

/// OK if [row * kRowBytes, + bytes) lies inside a memory of `limitRows` rows.
absl::Status checkRowBytes(std::string_view memory, int64_t row, int64_t bytes,
                           int64_t limitRows) {
  int64_t limitBytes = limitRows * kRowBytes;
  if (row < 0 || bytes < 0 || row > limitRows ||
      bytes > limitBytes - row * kRowBytes)
    return absl::OutOfRangeError(absl::StrFormat(
        "%s access of %d bytes at row 0x%x is outside %s rows [0, 0x%x)",
        memory, bytes, row, memory, limitRows));
  return absl::OkStatus();
}

bool allZero(std::span<const std::byte> data) {
  return std::all_of(data.begin(), data.end(),
                     [](std::byte b) { return b == std::byte{0}; });
}

}  // namespace

// --- ZeroedPages ---

ZeroedPages::ZeroedPages(size_t bytes) : bytes_(bytes) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    throw std::bad_alloc();
  data_ = static_cast<std::byte *>(p);
}

ZeroedPages::~ZeroedPages() { munmap(data_, bytes_); }

void ZeroedPages::clear() {
  // Private anonymous pages read as zeros again after MADV_DONTNEED.
  if (madvise(data_, bytes_, MADV_DONTNEED) != 0)
    std::memset(data_, 0, bytes_);
}

// --- Hbm ---

Hbm::Hbm() : pages_(kNumPages) {}

absl::Status Hbm::checkBytes(int64_t row, int64_t bytes) const {
  return checkRowBytes("HBM", row, bytes, machine::kHbmRows);
}

absl::Status Hbm::checkRows(int64_t row, int64_t rows) const {
  if (rows < 0 || rows > machine::kHbmRows)
    return absl::OutOfRangeError(absl::StrFormat(
        "HBM access of %d rows at row 0x%x is outside HBM rows [0, 0x%x)", rows,
        row, machine::kHbmRows));
  return checkBytes(row, rows * kRowBytes);
}

std::byte *Hbm::page(int64_t index) {
  std::unique_ptr<ZeroedPages> &p = pages_[index];
  if (!p) {
    p = std::make_unique<ZeroedPages>(kPageBytes);
    ++pagesAllocated_;
  }
  return p->data();
}

template <typename Fn>
void Hbm::forEachPageChunk(int64_t row, size_t bytes, Fn fn) {
  int64_t offset = row * kRowBytes;
  for (size_t done = 0; done < bytes;) {
    int64_t at = offset + done;
    int64_t inPage = at % kPageBytes;
    size_t n = std::min<size_t>(bytes - done, kPageBytes - inPage);
    fn(at / kPageBytes, inPage, done, n);
    done += n;
  }
}

absl::Status Hbm::readRows(int64_t row, std::span<std::byte> out) const {
  if (absl::Status s = checkBytes(row, out.size()); !s.ok())
    return s;
  forEachPageChunk(row, out.size(), [&](int64_t page, int64_t inPage, size_t done, size_t n) {
    if (const ZeroedPages *p = pages_[page].get())
      std::memcpy(out.data() + done, p->data() + inPage, n);
    else
      std::memset(out.data() + done, 0, n);
  });
  return absl::OkStatus();
}

absl::Status Hbm::writeRows(int64_t row, std::span<const std::byte> data) {
  if (absl::Status s = checkBytes(row, data.size()); !s.ok())
    return s;
  forEachPageChunk(row, data.size(), [&](int64_t index, int64_t inPage, size_t done, size_t n) {
    // Zeros into an untouched page change nothing: keep it unallocated, so
    // copying empty HBM around (or clearing it) costs no host memory.
    if (pages_[index] || !allZero(data.subspan(done, n)))
      std::memcpy(page(index) + inPage, data.data() + done, n);
  });
  return absl::OkStatus();
}

absl::Status Hbm::copyRows(int64_t dstRow, int64_t srcRow, int64_t rows) {
  if (absl::Status s = checkRows(srcRow, rows); !s.ok())
    return s;
  if (absl::Status s = checkRows(dstRow, rows); !s.ok())
    return s;
  // Page-sized chunks through a bounce buffer; walk backwards when the
  // destination overlaps the source from above (memmove semantics).
  constexpr int64_t kChunkRows = kPageBytes / kRowBytes;
  std::vector<std::byte> buffer(std::min(rows, kChunkRows) * kRowBytes);
  bool backwards = dstRow > srcRow && dstRow < srcRow + rows;
  for (int64_t done = 0; done < rows;) {
    int64_t n = std::min(kChunkRows, rows - done);
    int64_t first = backwards ? rows - done - n : done;
    std::span<std::byte> chunk(buffer.data(), n * kRowBytes);
    if (absl::Status s = readRows(srcRow + first, chunk); !s.ok())
      return s;
    if (absl::Status s = writeRows(dstRow + first, chunk); !s.ok())
      return s;
    done += n;
  }
  return absl::OkStatus();
}

// --- Vmem ---

Vmem::Vmem() : storage_(machine::kVmemRows * machine::kRowBytes) {}

void Vmem::clear() { storage_.clear(); }

absl::Status Vmem::checkBytes(int64_t row, int64_t bytes) const {
  return checkRowBytes("VMEM", row, bytes, machine::kVmemRows);
}

absl::Status Vmem::checkRows(int64_t row, int64_t rows) const {
  if (rows < 0 || rows > machine::kVmemRows)
    return absl::OutOfRangeError(absl::StrFormat(
        "VMEM access of %d rows at row 0x%x is outside VMEM rows [0, 0x%x)",
        rows, row, machine::kVmemRows));
  return checkBytes(row, rows * kRowBytes);
}

absl::Status Vmem::readRows(int64_t row, std::span<std::byte> out) const {
  if (absl::Status s = checkBytes(row, out.size()); !s.ok())
    return s;
  std::memcpy(out.data(), rowData(row), out.size());
  return absl::OkStatus();
}

absl::Status Vmem::writeRows(int64_t row, std::span<const std::byte> data) {
  if (absl::Status s = checkBytes(row, data.size()); !s.ok())
    return s;
  std::memcpy(rowData(row), data.data(), data.size());
  return absl::OkStatus();
}

// --- Smem ---

Smem::Smem() : storage_(machine::kSmemBytes) {}

void Smem::clear() { storage_.clear(); }

absl::Status Smem::checkWords(int64_t word, int64_t count) const {
  if (word < 0 || count < 0 || word > machine::kSmemWords ||
      count > machine::kSmemWords - word)
    return absl::OutOfRangeError(absl::StrFormat(
        "SMEM access of %d words at word 0x%x is outside SMEM words [0, 0x%x)",
        count, word, machine::kSmemWords));
  return absl::OkStatus();
}

absl::Status Smem::read(int64_t word, std::span<uint32_t> out) const {
  if (absl::Status s = checkWords(word, out.size()); !s.ok())
    return s;
  std::copy_n(words() + word, out.size(), out.begin());
  return absl::OkStatus();
}

absl::Status Smem::write(int64_t word, std::span<const uint32_t> data) {
  if (absl::Status s = checkWords(word, data.size()); !s.ok())
    return s;
  std::copy(data.begin(), data.end(), words() + word);
  return absl::OkStatus();
}

}  // namespace tessera::sim
