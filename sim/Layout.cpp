//===- Layout.cpp - The T(8,128) layout and the runs of a DMA -------------===//
#include "sim/Layout.h"

#include <algorithm>

#include "sim/MachineDesc.h"

namespace tessera::layout {

using machine::kLanes;
using machine::kSublanes;

bool isTileAligned(int64_t rows, int64_t cols) {
  return rows > 0 && cols > 0 && rows % kSublanes == 0 && cols % kLanes == 0;
}

int64_t TiledShape::colTiles() const { return cols / kLanes; }

int64_t TiledShape::memRows() const { return rows * colTiles(); }

int64_t TiledShape::rowAddress(int64_t r, int64_t c) const {
  int64_t tile = (r / kSublanes) * colTiles() + c / kLanes;
  return tile * kSublanes + r % kSublanes;
}

int64_t TiledShape::lane(int64_t c) { return c % kLanes; }

std::vector<RowRun> copyRuns(const TiledShape &src, int64_t srcRow, int64_t srcCol,
                             const TiledShape &dst, int64_t dstRow, int64_t dstCol,
                             int64_t rows, int64_t cols) {
  std::vector<RowRun> pieces;
  pieces.reserve(rows * (cols / kLanes));
  for (int64_t j = 0; j < cols; j += kLanes)
    for (int64_t i = 0; i < rows; ++i)
      pieces.push_back({src.rowAddress(srcRow + i, srcCol + j),
                        dst.rowAddress(dstRow + i, dstCol + j), 1});
  std::sort(pieces.begin(), pieces.end(),
            [](const RowRun &a, const RowRun &b) { return a.src < b.src; });
  std::vector<RowRun> runs;
  for (const RowRun &p : pieces) {
    if (!runs.empty() && runs.back().src + runs.back().length == p.src &&
        runs.back().dst + runs.back().length == p.dst) {
      runs.back().length += 1;
      continue;
    }
    runs.push_back(p);
  }
  return runs;
}

void tileFromRowMajor(const TiledShape &shape, const uint32_t *rowMajor, uint32_t *tiled) {
  for (int64_t r = 0; r < shape.rows; ++r)
    for (int64_t c = 0; c < shape.cols; c += kLanes)
      std::copy_n(rowMajor + r * shape.cols + c, kLanes,
                  tiled + shape.rowAddress(r, c) * kLanes);
}

void rowMajorFromTile(const TiledShape &shape, const uint32_t *tiled, uint32_t *rowMajor) {
  for (int64_t r = 0; r < shape.rows; ++r)
    for (int64_t c = 0; c < shape.cols; c += kLanes)
      std::copy_n(tiled + shape.rowAddress(r, c) * kLanes, kLanes,
                  rowMajor + r * shape.cols + c);
}

}  // namespace tessera::layout
