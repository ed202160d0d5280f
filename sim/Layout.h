//===- Layout.h - Where an array's elements live: the T(8,128) layout -----===//
//
// HBM and VMEM both hold rank-2 arrays tiled as {1,0:T(8,128)}: the array is
// cut into 8x128 tiles, tiles are stored row-major, and each tile is 8
// consecutive 512-byte rows. Addresses here count rows, as the ISA does.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::layout {

/// A rank-2 array in the tiled layout.
struct TiledShape {
  int64_t rows = 0, cols = 0;  // both multiples of (8, 128)

  int64_t colTiles() const;
  /// Rows of memory the array occupies (rows * cols / 128).
  int64_t memRows() const;
  /// Memory row holding element (r, c), counted from the array's start.
  int64_t rowAddress(int64_t r, int64_t c) const;
  /// Index into the row (0..127) of element (r, c).
  static int64_t lane(int64_t c);
};

/// True when (rows, cols) can be tiled: both multiples of (8, 128).
bool isTileAligned(int64_t rows, int64_t cols);

/// One contiguous piece of a copy: `length` rows from src to dst.
struct RowRun {
  int64_t src = 0, dst = 0, length = 0;
  bool operator==(const RowRun &) const = default;
};

/// The contiguous runs that copy a window of `rows` x `cols` elements from
/// (srcRow, srcCol) of `src` to (dstRow, dstCol) of `dst`. Columns must be
/// lane-aligned (multiples of 128); rows are free. Runs are sorted by source
/// address and merged where both sides stay contiguous.
std::vector<RowRun> copyRuns(const TiledShape &src, int64_t srcRow, int64_t srcCol,
                             const TiledShape &dst, int64_t dstRow, int64_t dstCol,
                             int64_t rows, int64_t cols);

/// Host <-> tiled memory image: element (r, c) of a row-major host array
/// goes to word rowAddress(r, c) * 128 + lane(c) of the image.
void tileFromRowMajor(const TiledShape &shape, const uint32_t *rowMajor, uint32_t *tiled);
void rowMajorFromTile(const TiledShape &shape, const uint32_t *tiled, uint32_t *rowMajor);

}  // namespace tessera::layout
