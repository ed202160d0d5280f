//===- Layout.h - Where an array's elements live: tiled, packed layouts ---===//
//
// HBM and VMEM hold rank-2 arrays tiled (XLA's {1,0:T(8,128)} and friends):
// the array is cut into tileRows x 128 tiles, stored row-major, and each
// tile is tileRows / packing consecutive 512-byte memory rows. Narrow dtypes
// pack `packing` consecutive rows of a tile into one 32-bit word: local row
// lr = r % tileRows lives in memory row lr / p of its tile, lane c % 128, bits
// [32/p * (lr % p), +32/p) of the word (XLA's (2,1) / (4,1) sub-tiling).
//
//   dtype  packing  HBM tile (tileRows 8)      VMEM tile (tileRows 8p)
//   f32    1        T(8,128):      8 rows      (8,128):  8 rows = one vreg
//   bf16   2        T(8,128)(2,1): 4 rows      (16,128): 8 rows = one vreg
//   int8   4        T(8,128)(4,1): 2 rows      (32,128): 8 rows = one vreg
//
// A 32-bit array of one row ([1, N], e.g. a layer-norm scale) is padded as
// XLA pads T(8,128): each of its tiles still takes 8 memory rows, of which
// row 0 holds the data (a DMA of it moves every 8th row: one strided copy).
//
// Addresses here count memory rows, as the ISA does. A DMA moves whole
// memory rows, so copies between an HBM array (tileRows 8) and a VMEM block
// (tileRows 16 for bf16) are retilings that copyRuns expresses as row runs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::layout {

/// A rank-2 array in a tiled layout.
struct TiledShape {
  /// Multiples of (tileRows, 128), one row, or (in VMEM) one column: a
  /// partial tile is padded to a whole one (XLA's T(8,128)).
  int64_t rows = 0, cols = 0;
  /// Elements per 32-bit word along rows: 1 (32-bit), 2 (bf16), 4 (int8).
  int64_t packing = 1;
  /// Element rows per tile: 8 in HBM for every dtype, 8 * packing in VMEM.
  int64_t tileRows = 8;

  int64_t colTiles() const;
  /// Memory rows one tile occupies (tileRows / packing).
  int64_t memRowsPerTile() const;
  /// Memory rows the array occupies: its rows rounded up to whole tiles
  /// (a one-row array reserves a whole tile of rows per column tile).
  int64_t memRows() const;
  /// Memory row holding element (r, c), counted from the array's start.
  int64_t rowAddress(int64_t r, int64_t c) const;
  /// Which of the `packing` sub-elements of its word element row r is.
  int64_t subElement(int64_t r) const;
  /// Bits of one element inside a word (32 / packing).
  int64_t elementBits() const;
  /// Index into the row (0..127) of element (r, c).
  static int64_t lane(int64_t c);
};

/// True when (rows, cols) can be tiled with 8-row tiles: both multiples of
/// (8, 128) (the T(8,128) HBM tiling of every dtype).
bool isTileAligned(int64_t rows, int64_t cols);
/// True when (rows, cols) is one padded row: rows 1, cols a multiple of 128
/// (32-bit dtypes only: a packed row would share its words with padding).
bool isOneRow(int64_t rows, int64_t cols);
/// True when (rows, cols) is one padded column: cols 1, rows a multiple of
/// 8 (32-bit dtypes only: each row padded to 128 lanes, lane 0 the data).
bool isOneColumn(int64_t rows, int64_t cols);
/// True when `shape` is whole tiles: rows a multiple of tileRows, cols of
/// 128, tileRows a multiple of packing, packing 1, 2 or 4.
bool isTileAligned(const TiledShape &shape);

/// One contiguous piece of a copy: `length` memory rows from src to dst.
struct RowRun {
  int64_t src = 0, dst = 0, length = 0;
  bool operator==(const RowRun &) const = default;
};

/// The contiguous runs that copy a window of `rows` x `cols` elements from
/// (srcRow, srcCol) of `src` to (dstRow, dstCol) of `dst`. The two shapes
/// may differ in tileRows (HBM T(8,128)(2,1) vs a VMEM (16,128) block) but
/// not in packing. Columns must be lane-aligned (multiples of 128); row
/// offsets multiples of the packing, because a memory row holds `packing`
/// element rows; rows that end inside a word (a padded bf16[3, N]) move the
/// word whole. Runs are sorted by
/// source address and merged where both sides stay contiguous.
std::vector<RowRun> copyRuns(const TiledShape &src, int64_t srcRow, int64_t srcCol,
                             const TiledShape &dst, int64_t dstRow, int64_t dstCol,
                             int64_t rows, int64_t cols);

/// Runs of equal length at constant distances on both sides, as one
/// strided copy: chunk i copies `length` rows from src + i * srcStride to
/// dst + i * dstStride, for i in [0, count). count 1 is a plain run.
struct StridedRun {
  int64_t src = 0, dst = 0, length = 0;
  int64_t count = 1;
  int64_t srcStride = 0, dstStride = 0;
  bool operator==(const StridedRun &) const = default;
};

/// What one strided copy can express (the DMA descriptor's fields,
/// isa::DmaStride): lengths that are powers of two up to maxLength, up to
/// maxCount chunks, strides in [0, maxStride].
struct StrideLimits {
  int64_t maxLength = 0;
  int64_t maxCount = 0;
  int64_t maxStride = 0;
};

/// Folds `runs` (from copyRuns) into strided runs, greedily: in source
/// order, each run not yet taken starts the longest progression of untaken
/// runs of its length whose source and destination advance by the same
/// (non-negative) deltas, over the deltas to the next few runs (a bf16
/// block is both one progression per tile row, across its column tiles, and
/// one per column tile and half-tile, down its tile rows: the longer wins).
/// A run that starts no progression stays plain (count 1). Runs that
/// copyRuns merged only because they happen to continue each other (a bf16
/// block as wide as its array) are also tried cut back into pieces of the
/// most common run length; the shorter result wins. The result covers
/// exactly the (source, destination) row pairs of `runs`.
std::vector<StridedRun> stridedRuns(const std::vector<RowRun> &runs,
                                    const StrideLimits &limits);

/// Host <-> tiled memory image. `elems` is row-major, one element per
/// uint32 (its bit pattern in the low bits: bf16 in the low 16, int8 in the
/// low 8); element (r, c) goes to bits elementBits() * subElement(r) of word
/// rowAddress(r, c) * 128 + lane(c) of `words` (memRows() * 128 words).
/// Packing ignores the bits above the element; unpacking gives each
/// element's bits zero-extended (the layout knows widths, not dtypes: the
/// host widens signed integers, tessera::elementWordOf).
void tileFromRowMajor(const TiledShape &shape, const uint32_t *elems, uint32_t *words);
void rowMajorFromTile(const TiledShape &shape, const uint32_t *words, uint32_t *elems);

}  // namespace tessera::layout
