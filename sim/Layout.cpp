//===- Layout.cpp - Tiled, packed layouts and the runs of a DMA -----------===//
#include "sim/Layout.h"

#include <algorithm>
#include <cassert>
#include <map>

#include "sim/MachineDesc.h"

namespace tessera::layout {

using machine::kLanes;
using machine::kSublanes;

bool isTileAligned(int64_t rows, int64_t cols) {
  return rows > 0 && cols > 0 && rows % kSublanes == 0 && cols % kLanes == 0;
}

bool isOneRow(int64_t rows, int64_t cols) {
  return rows == 1 && cols > 0 && cols % kLanes == 0;
}

bool isOneColumn(int64_t rows, int64_t cols) {
  return cols == 1 && rows > 0 && rows % kSublanes == 0;
}

bool isTileAligned(const TiledShape &shape) {
  return (shape.packing == 1 || shape.packing == 2 || shape.packing == 4) &&
         shape.tileRows > 0 && shape.tileRows % shape.packing == 0 &&
         shape.rows > 0 && shape.cols > 0 && shape.rows % shape.tileRows == 0 &&
         shape.cols % kLanes == 0;
}

int64_t TiledShape::colTiles() const { return (cols + kLanes - 1) / kLanes; }

int64_t TiledShape::memRowsPerTile() const { return tileRows / packing; }

int64_t TiledShape::memRows() const {
  if (rows <= 0 || cols <= 0)
    return 0;
  // Whole tiles: a partial last tile row (a padded [1, N] array) still
  // reserves its tiles' rows, as XLA's T(8,128) does.
  int64_t tileRowsOfArray = (rows + tileRows - 1) / tileRows;
  return tileRowsOfArray * colTiles() * memRowsPerTile();
}

int64_t TiledShape::rowAddress(int64_t r, int64_t c) const {
  int64_t tile = (r / tileRows) * colTiles() + c / kLanes;
  return tile * memRowsPerTile() + (r % tileRows) / packing;
}

int64_t TiledShape::subElement(int64_t r) const { return r % packing; }

int64_t TiledShape::elementBits() const { return 32 / packing; }

int64_t TiledShape::lane(int64_t c) { return c % kLanes; }

std::vector<RowRun> copyRuns(const TiledShape &src, int64_t srcRow, int64_t srcCol,
                             const TiledShape &dst, int64_t dstRow, int64_t dstCol,
                             int64_t rows, int64_t cols) {
  assert(src.packing == dst.packing && "copyRuns cannot change the packing");
  int64_t p = src.packing;
  // A window of rows that end inside a word (bf16[3, 128]: rows 2 and 3
  // share one) moves that word whole, with the padding row beside it.
  assert(srcRow % p == 0 && dstRow % p == 0 &&
         "copyRuns moves whole memory rows of p element rows");
  std::vector<RowRun> pieces;
  pieces.reserve((rows + p - 1) / p * (cols / kLanes));
  // One piece per memory row: element rows i .. i + p - 1 share it.
  for (int64_t j = 0; j < cols; j += kLanes)
    for (int64_t i = 0; i < rows; i += p)
      pieces.push_back({src.rowAddress(srcRow + i, srcCol + j),
                        dst.rowAddress(dstRow + i, dstCol + j), 1});
  std::sort(pieces.begin(), pieces.end(),
            [](const RowRun &a, const RowRun &b) { return a.src < b.src; });
  std::vector<RowRun> runs;
  for (const RowRun &piece : pieces) {
    if (!runs.empty() && runs.back().src + runs.back().length == piece.src &&
        runs.back().dst + runs.back().length == piece.dst) {
      runs.back().length += 1;
      continue;
    }
    runs.push_back(piece);
  }
  return runs;
}

namespace {

/// The greedy fold of stridedRuns over `runs` as they are.
std::vector<StridedRun> foldRuns(const std::vector<RowRun> &runs,
                                 const StrideLimits &limits) {
  // Candidate steps: to each of the next kCandidates runs of the same
  // length. A bf16 progression down a block's tile rows skips the runs of
  // two HBM tile rows (2 x the block's column tiles), so this covers blocks
  // up to 32 column tiles (4096 columns) wide; wider ones still fold across
  // their column tiles.
  constexpr int kCandidates = 64;
  std::vector<RowRun> sorted = runs;
  std::sort(sorted.begin(), sorted.end(),
            [](const RowRun &a, const RowRun &b) { return a.src < b.src; });
  int64_t n = static_cast<int64_t>(sorted.size());
  std::vector<bool> taken(n, false);
  // The untaken run starting at source row `src` with this destination and
  // length, or -1 (sources are distinct: a copy reads each row once).
  auto find = [&](int64_t from, int64_t src, int64_t dst, int64_t length) {
    auto it = std::lower_bound(
        sorted.begin() + from, sorted.end(), src,
        [](const RowRun &r, int64_t s) { return r.src < s; });
    if (it == sorted.end() || it->src != src || it->dst != dst ||
        it->length != length || taken[it - sorted.begin()])
      return int64_t{-1};
    return static_cast<int64_t>(it - sorted.begin());
  };
  auto strideable = [&](int64_t length) {
    return length <= limits.maxLength && (length & (length - 1)) == 0 &&
           limits.maxCount > 1;
  };
  std::vector<StridedRun> out;
  for (int64_t i = 0; i < n; ++i) {
    if (taken[i])
      continue;
    const RowRun &r = sorted[i];
    StridedRun best{r.src, r.dst, r.length, 1, 0, 0};
    if (strideable(r.length)) {
      int tried = 0;
      for (int64_t j = i + 1; j < n && tried < kCandidates; ++j) {
        const RowRun &next = sorted[j];
        int64_t ds = next.src - r.src, dd = next.dst - r.dst;
        if (ds > limits.maxStride)
          break;  // sources only grow from here
        if (taken[j] || next.length != r.length || dd < 0 ||
            dd > limits.maxStride)
          continue;
        ++tried;
        int64_t count = 2;
        for (int64_t at = j; count < limits.maxCount; ++count) {
          at = find(at + 1, r.src + count * ds, r.dst + count * dd, r.length);
          if (at < 0)
            break;
        }
        if (count > best.count)
          best = StridedRun{r.src, r.dst, r.length, count, ds, dd};
        if (best.count == limits.maxCount)
          break;
      }
    }
    for (int64_t k = 0; k < best.count; ++k)
      taken[k == 0 ? i
                   : find(i + 1, r.src + k * best.srcStride,
                          r.dst + k * best.dstStride, r.length)] = true;
    out.push_back(best);
  }
  return out;
}

}  // namespace

std::vector<StridedRun> stridedRuns(const std::vector<RowRun> &runs,
                                    const StrideLimits &limits) {
  std::vector<StridedRun> asIs = foldRuns(runs, limits);
  // copyRuns merges runs that happen to continue on both sides (the last
  // HBM tile of one tile row and the first of the next, when a bf16 block
  // spans the array), which breaks the progressions. So also fold the runs
  // cut into pieces of the most common length, and keep the shorter result.
  std::map<int64_t, int64_t> lengths;
  for (const RowRun &run : runs)
    ++lengths[run.length];
  int64_t common = 0, seen = 0;
  for (auto [length, n] : lengths)
    if (n > seen) {
      common = length;
      seen = n;
    }
  bool cut = false;
  std::vector<RowRun> pieces;
  for (const RowRun &run : runs) {
    if (run.length <= common || run.length % common != 0) {
      pieces.push_back(run);
      continue;
    }
    cut = true;
    for (int64_t i = 0; i < run.length; i += common)
      pieces.push_back({run.src + i, run.dst + i, common});
  }
  if (!cut)
    return asIs;
  std::vector<StridedRun> folded = foldRuns(pieces, limits);
  // Pieces left plain that still continue each other join again.
  std::vector<StridedRun> joined;
  for (const StridedRun &run : folded) {
    if (!joined.empty() && run.count == 1 && joined.back().count == 1 &&
        joined.back().src + joined.back().length == run.src &&
        joined.back().dst + joined.back().length == run.dst) {
      joined.back().length += run.length;
      continue;
    }
    joined.push_back(run);
  }
  return joined.size() < asIs.size() ? joined : asIs;
}

void tileFromRowMajor(const TiledShape &shape, const uint32_t *elems, uint32_t *words) {
  if (shape.packing == 1) {
    for (int64_t r = 0; r < shape.rows; ++r)
      for (int64_t c = 0; c < shape.cols; c += kLanes)  // a padded column: fewer lanes
        std::copy_n(elems + r * shape.cols + c, std::min<int64_t>(kLanes, shape.cols - c),
                    words + shape.rowAddress(r, c) * kLanes);
    return;
  }
  int64_t bits = shape.elementBits();
  uint32_t mask = (uint32_t{1} << bits) - 1;
  for (int64_t r = 0; r < shape.rows; ++r) {
    int64_t shift = bits * shape.subElement(r);
    for (int64_t c = 0; c < shape.cols; ++c) {
      uint32_t &word = words[shape.rowAddress(r, c) * kLanes + c % kLanes];
      uint32_t e = elems[r * shape.cols + c] & mask;
      word = (word & ~(mask << shift)) | e << shift;
    }
  }
}

void rowMajorFromTile(const TiledShape &shape, const uint32_t *words, uint32_t *elems) {
  if (shape.packing == 1) {
    for (int64_t r = 0; r < shape.rows; ++r)
      for (int64_t c = 0; c < shape.cols; c += kLanes)
        std::copy_n(words + shape.rowAddress(r, c) * kLanes, std::min<int64_t>(kLanes, shape.cols - c),
                    elems + r * shape.cols + c);
    return;
  }
  int64_t bits = shape.elementBits();
  uint32_t mask = (uint32_t{1} << bits) - 1;
  for (int64_t r = 0; r < shape.rows; ++r) {
    int64_t shift = bits * shape.subElement(r);
    for (int64_t c = 0; c < shape.cols; ++c) {
      uint32_t e = (words[shape.rowAddress(r, c) * kLanes + c % kLanes] >> shift) & mask;
      elems[r * shape.cols + c] = e;
    }
  }
}

}  // namespace tessera::layout
