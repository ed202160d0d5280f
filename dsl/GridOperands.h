//===- GridOperands.h - The blocked operands of a traced grid -------------===//
//
// The operands pallas_call and emit_pipeline block, as the tessera.grid
// takes them: every array a 2-D one in memory. Arrays of rank 1 (their
// words folded into rows of 128 lanes) and of ranks 3 to 5 (batches of
// padded matrices), squeezed rows, pl::Element and pl::BoundedSlice
// dimensions are mapped here to 2-D blocks of that memory, their index maps
// wrapped to give the 2-D block's indices (checked against the user's
// block shape, at the user's line); the body gets its Ref in the user's
// shape. Internal to dsl/ (PallasCall.cpp traces the grid of them).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
#include <optional>
#include <source_location>
#include <string>
#include <utility>
#include <vector>

#include "dsl/PallasCall.h"
#include "mlir/IR/TesseraDialect.h"

namespace tessera::pl::pipeline {

/// One blocked operand of the pipeline.
struct Operand {
  Ref outer;            // the HBM Ref
  BlockSpec spec;
  bool output = false;
  std::string what;     // "input 1", for messages
  int64_t bm = 0, bn = 0;
  bool single = false;  // one buffer (a full-array block), fetched once
  bool folded = false;  // a 1-D array as its rows of 128 (mapRank1Operand)
  /// Dimensions the index map gives element offsets of (pl::Element) in a
  /// pipelined block: bit 0 the rows, bit 1 the columns (GridOp's
  /// element_dims).
  int64_t elementDims = 0;
  /// Rank 3 to 5 element-indexed operands: the rows of one matrix
  /// (mapBatchElementOperand), and the rows from one matrix's start to the
  /// next's in memory (matrixStride), to which padded rows are clipped.
  int64_t matrixRows = 0, matrixStride = 0;
  /// Those of blocks of several matrices: each one's first row after the
  /// first's, in the 2-D operand's rows (with padding, in the padded
  /// matrices' rows: matrixStride + lo + hi apart).
  std::vector<int64_t> matrixCopies;
  /// Element rows that are the blocks of rows of matrices (mapBatchOperand):
  /// each block is inside its matrix, the last one of each clipped to its
  /// matrixStride rows when the blocks do not divide M (GridOp's
  /// matrix_rows); no two overlap.
  bool blocksOfMatrices = false;
  /// pl::Element(n, (lo, hi)) rows (GridOp's row_padding; of each matrix
  /// with matrix_rows).
  std::pair<int64_t, int64_t> rowPadding = {0, 0};
  /// pl::Element(n, (lo, hi)) columns, whole 128-lane tiles (GridOp's
  /// col_padding).
  std::pair<int64_t, int64_t> colPadding = {0, 0};
  /// pl::BoundedSlice columns (GridOp's bounded_cols).
  bool boundedCols = false;
  /// The rows of the block buffer: bm, or its copies' (GridOp::bufferRows).
  int64_t bufferRows() const {
    return mlir::tessera::GridOp::bufferRows(bm, std::max<size_t>(1, matrixCopies.size()));
  }
  /// Buffers the blocks rotate through (pl.Buffered; 1 when `single`).
  int nbuf = 2;
  /// VMEM bytes of one buffer.
  int64_t slotBytes = 0;
};

/// The blocked operands of a grid, as pallas_call and emit_pipeline both
/// take them: the pipeline moves them all (mapped to its 2-D operands by
/// mapOperand and its element forms). Gives the body each operand's Ref.
class GridOperands {
public:
  /// Takes operand `i`.
  void add(size_t i, Operand op, const std::source_location &loc);
  /// The operands the pipeline moves, in order (taken once, for traceGrid).
  std::vector<Operand> takePipelined() { return std::move(pipelined_); }
  /// Operand i's Ref as the body sees it: its pipeline block (of
  /// `blocks`, the pipeline's), in its own shape; nullopt if it is not
  /// one (an ANY or semaphore operand).
  std::optional<Ref> bodyRef(size_t i, const std::vector<Ref> &blocks) const;
  /// Calls `body` with `args` (the operands' body Refs from `first` on),
  /// an operand whose block squeezes its last dimension (`{bm,
  /// pl::Squeezed}` of an [R, 1] array: the body's Ref is the 1-D [bm])
  /// given as a 1-D VMEM copy of its [bm, 1] block, made before the call
  /// (a column turned into a row) and, of an output, written back after it.
  void callBody(std::vector<Ref> args, size_t first,
                const std::function<void(const std::vector<Ref> &)> &body,
                const std::source_location &loc) const;

private:
  std::vector<Operand> pipelined_;
  std::map<size_t, size_t> position_;  // of each pipelined operand among them
  std::map<size_t, Shape> shapes_;     // the Ref the body sees, where not the block's
  std::map<size_t, bool> columnRows_;  // squeezed last dimensions (callBody): output?
};

/// What the index map of the pipeline's 2-D operand `op` gives at a grid
/// point: its block indices (element offsets along element dimensions),
/// and after them the size of pl::BoundedSlice rows or columns (GridOp's third
/// value), checked at run time against the block (and, with the start,
/// against the array).
std::vector<Scalar> blockIndex(const Operand &op, const std::vector<Scalar> &grid,
                               const std::vector<Ref> &prefetch,
                               const std::source_location &loc);
/// The index map `map` of `what` (an array of `shape`) at `args`: one
/// entry per dimension (a user error at `loc` otherwise); all zeros
/// without a map.
BlockIndices userSlices(const IndexMap &map, const Shape &shape, const std::string &what,
                        const IndexMapArgs &args, const std::source_location &loc);
/// That the index map of `what` returns pl::ds(start, size) exactly for
/// the pl::BoundedSlice dimensions of `block` (a user error at `at`).
void checkBoundedDims(const std::vector<BlockDim> &block, const BlockIndices &slices,
                      const std::string &what, const std::source_location &at);
/// The run-time check that a pl::BoundedSlice `size` of `what` is in [0,
/// n], the block's.
void checkBoundedSize(::tessera::detail::KernelTrace &t, const Scalar &size, int64_t n,
                      const std::string &what, const std::source_location &at);
/// The run-time check that the pl::BoundedSlice window [start, start +
/// size) of `what` is inside the `extent` `units` of `whose`.
void checkBoundedInside(::tessera::detail::KernelTrace &t, const Scalar &start,
                        const Scalar &size, int64_t extent, const std::string &units,
                        const std::string &whose, const std::string &what,
                        const std::source_location &at);
/// Whether `op` is the rows of several matrices of a rank-3+ array (one
/// matrix is the rank-2 array of its rows).
bool severalMatrices(const Operand &op);
/// What the rows a step copies of pl::Element(n, (lo, hi)) rows of `op`
/// are whole multiples of, the index map's offsets known multiples of
/// `known` (a user error when they cannot be).
int64_t paddedRowsUnit(const Operand &op, int64_t known);

}  // namespace tessera::pl::pipeline
