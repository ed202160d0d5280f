//===- GridOperands.cpp - The blocked operands of a traced grid -----------===//
//
// Maps each operand pallas_call and emit_pipeline block to the 2-D block
// of its memory the tessera.grid moves (GridOperands.h): the block shape
// rules of ranks 1 and 3 to 5, squeezed rows, pl::Element and
// pl::BoundedSlice dimensions, checked at the user's line, and the index
// maps wrapped to give that block's indices.
//
//===----------------------------------------------------------------------===//
#include "dsl/GridOperands.h"

#include <algorithm>
#include <numeric>

#include "dsl/KernelTrace.h"
#include "dsl/RefOps.h"
#include "mlir/IR/ScalarFacts.h"
#include "sim/MachineDesc.h"
#include "llvm/Support/SaveAndRestore.h"

namespace tessera::pl::pipeline {

using ::tessera::detail::KernelTrace;
using ::tessera::detail::physicalShape;

/// The indices `map` gives for an array of `shape` (zeros without one),
/// one per dimension, with the sizes of its pl::ds entries: a user error
/// naming `what` otherwise.
/// Checks at run time that the block index `idx` of dimension `d` of
/// operand `what`, which has `blocks` blocks of `size` along its `extent`,
/// is one of them: checkOnlyBlock, one block of `size`, at index 0 (which
/// then sits at the static offset 0).
void checkBlocksOf(KernelTrace &trace, const Scalar &idx, size_t d, const std::string &what,
                   int64_t blocks, int64_t size, int64_t extent, const std::source_location &loc) {
  trace.checkAtRunTime(trace.unsignedBelow(idx, blocks, /*inclusive=*/false, loc),
                       "the block index {0} of dimension " + std::to_string(d) + " of " + what +
                           " is outside [0, " + std::to_string(blocks) + ") (" +
                           (blocks == 1 ? "one block" : std::to_string(blocks) + " blocks") +
                           " of " + std::to_string(size) +
                           (blocks == 1 ? std::string()
                                        : " in " + std::to_string(extent)) +
                           ")",
                       {idx}, loc);
}
void checkOnlyBlock(KernelTrace &trace, const Scalar &idx, size_t d, const std::string &what,
                    int64_t size, const std::source_location &loc) {
  checkBlocksOf(trace, idx, d, what, 1, size, size, loc);
}

/// Checks at run time that the leading block indices of a rank-3+ operand
/// are inside their dimensions' blocks (`sizes` the block's): one past
/// would be a block of the next matrices, inside the array.
void checkLeadingBlocks(KernelTrace &trace, const std::vector<Scalar> &idx, const Shape &shape,
                        const Shape &sizes, const std::string &what,
                        const std::source_location &loc) {
  for (size_t i = 0; i + 2 < shape.size(); ++i)
    checkBlocksOf(trace, idx[i], i, what, shape[i] / sizes[i], sizes[i], shape[i], loc);
}

// (GridOperands.h)
BlockIndices userSlices(const IndexMap &map, const Shape &shape, const std::string &what,
                        const IndexMapArgs &args, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "an index map");
  BlockIndices idx;
  if (map) {
    llvm::SaveAndRestore<bool> inIndexMap(trace.inIndexMap(), true);
    idx = map(args, loc);
  } else {
    idx = std::vector<Scalar>(shape.size(), trace.constant(0, loc));
  }
  if (idx.at.size() != shape.size())
    throwUserError(loc, "the index map of " + what + " returns " + std::to_string(idx.at.size()) +
                            " block indices; the array " + to_string(shape) + " has " +
                            std::to_string(shape.size()) +
                            (shape.size() == 1 ? " dimension" : " dimensions"));
  return idx;
}
/// userSlices without pl::ds entries (blocks that have no
/// pl::BoundedSlice dimension).
std::vector<Scalar> userIndices(const IndexMap &map, const Shape &shape, const std::string &what,
                                const IndexMapArgs &args, const std::source_location &loc) {
  return detail::withoutSizes(userSlices(map, shape, what, args, loc), what, loc);
}

// (GridOperands.h)
void checkBoundedDims(const std::vector<BlockDim> &block, const BlockIndices &slices,
                      const std::string &what, const std::source_location &at) {
  for (size_t d = 0; d < slices.size.size() && d < block.size(); ++d)
    if (block[d].bounded != slices.size[d].has_value())
      throwUserError(at, "the index map of " + what + " returns " +
                             (block[d].bounded ? "a block index" : "pl::ds(start, size)") +
                             " for dimension " + std::to_string(d) + ", which is " +
                             (block[d].bounded ? "a pl::BoundedSlice dimension: return "
                                                 "pl::ds(start, size) there"
                                               : "not a pl::BoundedSlice dimension"));
}

// (GridOperands.h; it keeps back the reads after it)
void checkBoundedSize(KernelTrace &t, const Scalar &size, int64_t n, const std::string &what,
                      const std::source_location &at) {
  t.checkAtRunTime(t.unsignedBelow(size, n, /*inclusive=*/true, at),
                   "the pl::BoundedSlice size {0} of " + what + " is outside [0, " +
                       std::to_string(n) + "]",
                   {size}, at, /*guardsReads=*/true);
}

// (GridOperands.h; `whose`: "its", "its matrices'"; the pipeline's DMAs
// are not bounds-checked apart)
void checkBoundedInside(KernelTrace &t, const Scalar &start, const Scalar &size, int64_t extent,
                        const std::string &units, const std::string &whose,
                        const std::string &what, const std::source_location &at) {
  t.checkAtRunTime(t.unsignedBelow(At<Scalar>(start, at) + size, extent, /*inclusive=*/true, at),
                   "the pl::BoundedSlice " + units + " [{0}, {0} + {1}) of " + what +
                       " are outside " + whose + " [0, " + std::to_string(extent) + ")",
                   {start, size}, at);
}

// (GridOperands.h)
std::vector<Scalar> blockIndex(const Operand &op, const std::vector<Scalar> &grid,
                               const std::vector<Ref> &prefetch,
                               const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "an index map");
  const std::source_location &at = op.spec.loc;
  const std::vector<BlockDim> *block = op.spec.block_shape ? &*op.spec.block_shape : nullptr;
  BlockIndices slices =
      userSlices(op.spec.index_map, op.outer.shape(), op.what, {grid, prefetch}, at);
  if (block)
    checkBoundedDims(*block, slices, op.what, at);
  // pl::BoundedSlice rows or columns (d): `size` of them from the start;
  // the index gets the rows' size, then the columns'.
  std::vector<Scalar> idx = slices.at;
  if (!block || block->size() != 2)  // (the 2-D operand; GridOperands maps the others to it)
    return idx;
  for (int d = 0; d < 2; ++d) {
    if (!(*block)[d].bounded)
      continue;
    Scalar start = slices.at[d], size = *slices.size[d];
    int64_t n = (*block)[d].size, extent = op.outer.shape()[d], lanes = machine::kLanes;
    checkBoundedSize(trace, size, n, op.what, at);
    // (Of matrices, mapBatchElementOperand checks them against their own.)
    if (d == 1 || !op.matrixRows)
      checkBoundedInside(trace, start, size, extent, d ? "columns" : "rows", "its", op.what,
                         at);
    // The window in whole tiles along it, as a DMA moves it: of 128 lanes;
    // of rows of a Ref wider than 128 lanes.
    bool wide = op.outer.shape()[1] > lanes;
    int64_t tile = d == 1 ? lanes : wide ? machine::kSublanes * packing(op.outer.dtype()) : 1;
    if (tile > 1 && (mlir::tessera::getKnownMultiple(trace.use(start, at)) % tile != 0 ||
                     mlir::tessera::getKnownMultiple(trace.use(size, at)) % tile != 0 ||
                     n % tile != 0))
      throwUserError(at, "the pl::BoundedSlice " + std::string(d ? "columns" : "rows") +
                             " of " + op.what + " " + to_string(op.outer.shape()) +
                             (d ? ": a step copies them in whole tiles of 128 lanes, so the "
                                  "block's columns and the index map's start and size must "
                                  "be multiples of 128"
                                : ": the array is wider than 128 lanes, so the rows each "
                                  "step copies are whole tiles: the block's rows and the "
                                  "index map's start and size must be multiples of " +
                                      std::to_string(tile)) +
                             " (promise them with pl::multiple_of)");
    idx.push_back(size);
  }
  return idx;
}

/// An operand of rank 3 to 5, [..., M, N], is the 2-D [B * Mp, N] in
/// memory (detail::physicalShape, B the leading dimensions' product, Mp
/// each matrix's rows padded to whole tiles), so its
/// blocks are 2-D blocks of it, each one run of rows: a part of one matrix
/// (every leading block dimension 1 or squeezed, bm dividing M), or whole
/// matrices (bm == M) whose leading block dimensions are 1 up to one that
/// divides its dimension, and whole after it. The index map's leading
/// block indices and row index become the one row-block index of the 2-D
/// operand. Rewrites `op` to that 2-D operand; returns the Ref shape the
/// kernel body sees: the block without its squeezed dimensions
/// (pl::Squeezed / std::nullopt), viewing its block buffer.
Shape mapBatchElementOperand(Operand &op, const std::source_location &loc);

Shape mapBatchOperand(Operand &op, const std::source_location &loc) {
  const Shape shape = op.outer.shape();
  const std::source_location at = op.spec.loc;
  KernelTrace::current(loc, "a pipeline");
  size_t rank = shape.size(), nlead = rank - 2;
  std::vector<BlockDim> block = op.spec.block_shape.value_or(
      std::vector<BlockDim>(shape.begin(), shape.end()));
  if (block.size() != rank)
    throwUserError(at, "the block shape of " + op.what + " has " + std::to_string(block.size()) +
                           " dimensions; the array " + to_string(shape) + " has " +
                           std::to_string(rank));
  if (block[nlead].squeezed || block[nlead + 1].squeezed)
    throwUserError(at, "the block of " + op.what + " " + to_string(shape) +
                           " squeezes a matrix dimension; only leading ones can be squeezed "
                           "(the block then keeps its matrices, [..., bm, bn])");
  Shape sizes;
  for (const BlockDim &d : block)
    sizes.push_back(d.size);
  auto text = [&] {
    std::string t = "block shape [";
    for (size_t i = 0; i < rank; ++i)
      t += (i ? ", " : "") + (block[i].squeezed ? std::string("squeezed") : std::to_string(sizes[i]));
    return t + "] of " + op.what + " " + to_string(shape);
  };
  int64_t m = shape[nlead], bm = sizes[nlead], bn = sizes[nlead + 1];
  for (size_t i = 0; i < rank; ++i)
    if (sizes[i] < 1 || (i < nlead + 1 && sizes[i] > shape[i]))
      throwUserError(at, text() + ": dimension " + std::to_string(i) + " of the block must be in [1, " +
                             std::to_string(shape[i]) + "]");
  // j: the one leading dimension whose block takes several indices.
  std::optional<size_t> j;
  for (size_t i = 0; i < nlead; ++i)
    if (sizes[i] > 1 && !j)
      j = i;
  bool oneRun = bm == m || !j;
  // (Rows in blocks that do not divide M: one run only of a lone matrix,
  // the 2-D [M, N] whose last block is a partial edge block.)
  if (bm != m && m % bm != 0 && numMatrices(shape) > 1)
    oneRun = false;
  for (size_t i = j ? *j + 1 : nlead; oneRun && i < nlead; ++i)
    oneRun = sizes[i] == shape[i];
  if (!oneRun) {
    // Not one run of memory (several matrices, a part of the rows of each,
    // or whole matrices not all of the later leading dimensions): each
    // matrix of the block its own copy, as a block of pl::Element rows at
    // row-block * bm is (mapBatchElementOperand), pipelined. Rows in
    // blocks that do not divide M: the last block of each matrix a partial
    // edge block (GridOp's matrix_rows clips each block to its matrix).
    if (bm % machine::kSublanes != 0 && bm != m)
      throwUserError(at, text() + ": the rows of a block of matrices must be a multiple of " +
                             std::to_string(machine::kSublanes) + " or all " +
                             std::to_string(m) + " (the (8, 128) tiling rule)");
    // (Whole matrices move with their padding rows: whole words of a
    // packed dtype, and whole tiles; the body sees their M rows. Blocks of
    // rows that do not divide M: each matrix's last block is clipped to
    // its rows in memory, padding included, so that it moves whole tiles:
    // GridOp's matrix_rows.)
    int64_t moved = bm == m ? matrixStride(shape) : bm;
    block[nlead] = BlockDim(Element{moved});
    op.blocksOfMatrices = true;
    op.spec.block_shape = block;
    IndexMap inner = op.spec.index_map;
    std::string what = op.what;
    op.spec.index_map = [inner, shape, sizes, what, nlead, bm, m](const IndexMapArgs &a,
                                                                   const std::source_location &l) {
      KernelTrace &t = KernelTrace::current(l, "an index map");
      std::vector<Scalar> idx = userIndices(inner, shape, what, a, l);
      checkLeadingBlocks(t, idx, shape, sizes, what, l);
      if (bm == m) {  // one block of rows: at 0, its index checked at run time
        checkOnlyBlock(t, idx[nlead], nlead, what, m, l);
        idx[nlead] = t.constant(0, l);
      } else {
        checkBlocksOf(t, idx[nlead], nlead, what, (m + bm - 1) / bm, bm, m, l);
        idx[nlead] = At<Scalar>(idx[nlead], l) * bm;
      }
      return BlockIndices(idx);
    };
    Shape body = mapBatchElementOperand(op, loc);
    body[body.size() - 2] = bm;
    return body;
  }
  if (j && shape[*j] % sizes[*j] != 0)
    throwUserError(at, text() + ": dimension " + std::to_string(*j) + " (" +
                           std::to_string(shape[*j]) + ") is not a multiple of the block's " +
                           std::to_string(sizes[*j]) +
                           " (partial blocks of matrices are not supported)");
  // The row-block index of the 2-D operand: sum of idx[i] * weight[i] over
  // the leading dimensions up to j, plus the row index within a matrix.
  // Whole matrices are Mp rows apart (matrixStride: M padded to whole
  // tiles), so a block of them is count * Mp rows (one matrix of M rows
  // not a multiple of 8: its Mp-row block's first M, bodyRef's window).
  int64_t count = j ? numElements(Shape(sizes.begin() + *j, sizes.begin() + nlead)) : 1;
  int64_t step = matrixStride(shape);
  int64_t rowsPerBlock = count * (bm == m ? step : bm);
  std::vector<int64_t> weight(nlead, 0);
  for (size_t i = 0; i < nlead && (!j || i <= *j); ++i) {
    // Matrices from index i's start to index i + 1's, in blocks.
    int64_t matrices = numElements(Shape(shape.begin() + i + 1, shape.begin() + nlead));
    weight[i] = j && i == *j ? 1 : matrices * step / rowsPerBlock;
  }
  int64_t perMatrix = bm == m ? 0 : m / bm;  // the row index counts within a matrix
  BlockSpec flat({BlockDim(rowsPerBlock), BlockDim(bn)}, at);
  flat.memory_space = op.spec.memory_space;
  flat.pipeline_mode = op.spec.pipeline_mode;
  IndexMap map = op.spec.index_map;
  std::string what = op.what;
  flat.index_map = [map, weight, perMatrix, shape, sizes, what, nlead, bm](
                       const IndexMapArgs &a, const std::source_location &l) {
    KernelTrace &t = KernelTrace::current(l, "an index map");
    std::vector<Scalar> idx = userIndices(map, shape, what, a, l);
    checkLeadingBlocks(t, idx, shape, sizes, what, l);
    // (A lone matrix's last block may be a partial edge block.)
    if (int64_t blocks = (shape[nlead] + bm - 1) / bm; perMatrix && blocks > 1)
      checkBlocksOf(t, idx[nlead], nlead, what, blocks, bm, shape[nlead], l);
    std::optional<Scalar> row;
    auto add = [&](const Scalar &term) { row = row ? At<Scalar>(*row, l) + term : term; };
    for (size_t i = 0; i < nlead; ++i)
      if (weight[i] == 1)
        add(idx[i]);
      else if (weight[i] > 1)
        add(At<Scalar>(idx[i], l) * weight[i]);
    if (perMatrix)
      add(idx[nlead]);
    if (!row)
      row = t.constant(0, l);
    return std::vector<Scalar>{*row, idx[nlead + 1]};
  };
  op.spec = flat;
  op.outer = ::tessera::detail::withShape(op.outer, physicalShape(shape));
  Shape body;
  for (size_t i = 0; i < rank; ++i)
    if (!block[i].squeezed)
      body.push_back(sizes[i]);
  return body;
}

/// Retypes the kernel's argument behind 1-D operand `op` to the 2-D array
/// of its words folded into rows of 128 lanes (detail::foldedShape) and
/// returns that shape: nothing may have used it yet (else a user error).
Shape foldRank1Argument(Operand &op) {
  const Shape shape = op.outer.shape();
  auto arg = llvm::dyn_cast<mlir::BlockArgument>(op.outer.meta().value);
  auto fn = arg ? llvm::dyn_cast<mlir::func::FuncOp>(arg.getOwner()->getParentOp()) : nullptr;
  if (!fn || !arg.use_empty())
    throwUserError(op.spec.loc, op.what + " " + to_string(shape) +
                                    ": a 1-D operand of pltpu::emit_pipeline is an argument of "
                                    "the kernel that nothing has used before the pipeline (its "
                                    "memory is then the pipeline's rows of 128); this one is a "
                                    "window or was used already");
  Shape folded = ::tessera::detail::foldedShape(shape[0]);
  auto old = llvm::cast<mlir::MemRefType>(arg.getType());
  arg.setType(mlir::tessera::getRefType(folded, old.getElementType(),
                                        mlir::tessera::getMemorySpace(old)));
  fn.setFunctionType(mlir::FunctionType::get(fn.getContext(), fn.getBody().getArgumentTypes(),
                                             fn.getFunctionType().getResults()));
  return folded;
}

/// Makes `op` the 2-D operand of the folded array `folded` of its 1-D
/// array's words (foldRank1Argument), blocked by `flat`.
void foldOperand(Operand &op, BlockSpec flat, const Shape &folded) {
  op.spec = std::move(flat);
  op.folded = true;
  op.outer = ::tessera::detail::withShape(op.outer, folded);
}

/// A 1-D operand [N] (32-bit) blocked in VMEM: Mosaic's rank-1 rule (the
/// block the whole array or a multiple of 128 elements), in memory the 2-D
/// array of its words folded into rows of 128 lanes (detail::foldedShape):
/// the kernel's argument is retyped to it (nothing has used it yet), and a
/// block of b elements is the 2-D block of b / 128 rows (the whole folded
/// array when b is N). Rewrites `op` to that 2-D operand; returns the body's
/// Ref shape, [b].
Shape mapRank1Operand(Operand &op, const std::source_location &loc) {
  const Shape shape = op.outer.shape();
  const std::source_location at = op.spec.loc;
  KernelTrace::current(loc, "a pipeline");
  int64_t n = shape[0];
  std::vector<BlockDim> block = op.spec.block_shape.value_or(std::vector<BlockDim>{BlockDim(n)});
  if (block.size() != 1)
    throwUserError(at, "the block shape of " + op.what + " has " + std::to_string(block.size()) +
                           " dimensions; the array " + to_string(shape) + " has 1");
  if (block[0].squeezed)
    throwUserError(at, "the block of " + op.what + " " + to_string(shape) +
                           " squeezes its only dimension; a block in VMEM has rank 1 at least");
  int64_t b = block[0].size, unit = machine::kLanes * packing(op.outer.dtype());
  if (b < 1 || (b != n && b % unit != 0))
    throwUserError(at, "block shape [" + std::to_string(b) + "] of " + op.what + " " +
                           to_string(ShapeDtypeStruct{shape, op.outer.dtype()}) +
                           ": a rank-1 block is the array's dimension (" + std::to_string(n) +
                           ") or a positive multiple of " + std::to_string(unit) +
                           " (128 * 32 / bitwidth, the tiling of a 1-D array)");
  Shape folded = foldRank1Argument(op);
  // b >= n: one block (whole, or larger than the array: an edge block).
  Shape block2 = b == n ? folded : b <= machine::kLanes ? Shape{1, b} : Shape{b / machine::kLanes, machine::kLanes};
  BlockSpec flat({BlockDim(block2[0]), BlockDim(block2[1])}, at);
  flat.memory_space = op.spec.memory_space;
  flat.pipeline_mode = op.spec.pipeline_mode;
  IndexMap map = op.spec.index_map;
  std::string what = op.what;
  flat.index_map = [map, what, shape](const IndexMapArgs &a, const std::source_location &l) {
    KernelTrace &t = KernelTrace::current(l, "an index map");
    return std::vector<Scalar>{userIndices(map, shape, what, a, l)[0], t.constant(0, l)};
  };
  foldOperand(op, std::move(flat), folded);
  return {b};
}

/// A 1-D operand [N] with a pl::Element block (pl::Element(b) or (b, (lo,
/// hi))) or a pl::BoundedSlice{b} one: element (or bounded) rows of the
/// folded array (its rows of 128 lanes), so b, lo, hi and the index map's
/// offsets (and sizes) are whole rows of words (multiples of 128 * 32 /
/// bitwidth elements; the offsets and sizes promised with
/// pl::multiple_of), as the 1-D block rule and the DMAs of 1-D arrays
/// take them. Rewrites `op` to that 2-D operand; returns the body's Ref
/// shape, [b].
Shape mapRank1ElementOperand(Operand &op, const std::source_location &loc) {
  const Shape shape = op.outer.shape();
  const std::source_location at = op.spec.loc;
  KernelTrace::current(loc, "a pipeline");
  const std::vector<BlockDim> &block = *op.spec.block_shape;
  if (block.size() != 1)
    throwUserError(at, "the block shape of " + op.what + " has " + std::to_string(block.size()) +
                           " dimensions; the array " + to_string(shape) + " has 1");
  int64_t n = shape[0], b = block[0].size, lanes = machine::kLanes;
  int64_t unit = lanes * packing(op.outer.dtype());
  auto [lo, hi] = block[0].padding;
  std::string what = "the pl::" + std::string(block[0].bounded ? "BoundedSlice" : "Element") +
                     " block of " + op.what + " " +
                     to_string(ShapeDtypeStruct{shape, op.outer.dtype()});
  if (n % unit != 0 || b % unit != 0 || lo % unit != 0 || hi % unit != 0)
    throwUserError(at, what + " (" + std::to_string(b) + ", padding (" + std::to_string(lo) +
                           ", " + std::to_string(hi) + ")): a 1-D array is rows of " +
                           std::to_string(lanes) + " lanes in VMEM, so its element blocks are " +
                           "whole rows of words: the array, the block and the padding must be "
                           "multiples of " + std::to_string(unit));
  Shape folded = foldRank1Argument(op);
  bool bounded = block[0].bounded;
  BlockSpec flat({bounded ? BlockDim(BoundedSlice{b / lanes})
                          : BlockDim(pl::Element(b / lanes, {lo / lanes, hi / lanes})),
                  BlockDim(lanes)},
                 at);
  flat.memory_space = op.spec.memory_space;
  flat.pipeline_mode = op.spec.pipeline_mode;
  IndexMap map = op.spec.index_map;
  flat.index_map = [map, what, operand = op.what, shape, unit, lanes, bounded, b, n,
                    block](const IndexMapArgs &a, const std::source_location &l) {
    KernelTrace &t = KernelTrace::current(l, "an index map");
    BlockIndices slices = userSlices(map, shape, operand, a, l);
    checkBoundedDims(block, slices, operand, l);
    // The offset (and a pl::BoundedSlice's size) in rows of the folded
    // array: whole rows, promised.
    auto rows = [&](const Scalar &elements, const std::string &which) {
      if (mlir::tessera::getKnownMultiple(t.use(elements, l)) % unit != 0)
        throwUserError(l, what + ": its " + which + "s are whole rows of " +
                              std::to_string(lanes) + " lanes, multiples of " +
                              std::to_string(unit) + " (promise them with pl::multiple_of(" +
                              which + ", " + std::to_string(unit) + "))");
      return pl::multiple_of(At<Scalar>(elements, l) / lanes, unit / lanes, l);
    };
    BlockIndices out(std::vector<Scalar>{rows(slices.at[0], bounded ? "start" : "offset"),
                                         t.constant(0, l)});
    if (bounded) {
      // Checked in elements here (blockIndex checks the folded rows after).
      Scalar start = slices.at[0], size = *slices.size[0];
      checkBoundedSize(t, size, b, operand, l);
      checkBoundedInside(t, start, size, n, "elements", "its", operand, l);
      out.size[0] = rows(size, "size");
    }
    return out;
  };
  foldOperand(op, std::move(flat), folded);
  return {b};
}

/// A BlockSpec with pl::Element dimensions of an array of rank 3 to 5,
/// [..., M, N]: a block of matrices (the leading block dimensions' blocks,
/// pl::Squeezed ones of one), each in memory a window of rows of the 2-D
/// [B * Mp, N] (detail::physicalShape) whose row offset is the matrix's
/// first row plus the offset in it (one copy per matrix: matrixCopies).
/// Rewrites `op` to that 2-D operand, its rows an element dimension;
/// returns the Ref shape the body sees (the block without its squeezed
/// dimensions).
Shape mapBatchElementOperand(Operand &op, const std::source_location &loc) {
  const Shape shape = op.outer.shape();
  const std::source_location at = op.spec.loc;
  KernelTrace::current(loc, "a pipeline");
  size_t rank = shape.size(), nlead = rank - 2;
  std::vector<BlockDim> block = *op.spec.block_shape;
  if (block.size() != rank)
    throwUserError(at, "the block shape of " + op.what + " has " + std::to_string(block.size()) +
                           " dimensions; the array " + to_string(shape) + " has " +
                           std::to_string(rank));
  for (size_t d = 0; d < nlead; ++d)
    if (block[d].bounded)
      throwUserError(at, "a pl::BoundedSlice dimension " + std::to_string(d) + " of " + op.what +
                             " " + to_string(shape) +
                             " is not supported yet (of the matrices' rows and columns it is)");
  // Leading dimensions: blocks of them (each matrix of the block its own
  // copy), whole blocks only.
  for (size_t i = 0; i < nlead; ++i) {
    if (block[i].element)
      throwUserError(at, "the block of " + op.what + " " + to_string(shape) +
                             " has a pl::Element leading dimension " + std::to_string(i) +
                             ": pl::Element and pl::BoundedSlice index the matrices' rows and "
                             "columns; the leading dimensions take blocks (or pl::Squeezed)");
    if (block[i].size < 1 || shape[i] % block[i].size != 0)
      throwUserError(at, "the block of " + op.what + " " + to_string(shape) +
                             " has pl::Element dimensions; its leading dimension " +
                             std::to_string(i) + " (" + std::to_string(shape[i]) +
                             ") must then be a multiple of the block's " +
                             std::to_string(block[i].size) +
                             " (partial blocks of matrices are not supported)");
  }
  const BlockDim &rows = block[nlead], &cols = block[nlead + 1];
  if (rows.squeezed || cols.squeezed)
    throwUserError(at, "the block of " + op.what + " " + to_string(shape) +
                           " squeezes a matrix dimension; only leading ones can be squeezed");
  int64_t m = shape[nlead];
  // Padded rows: each matrix padded on its own (the rows a step moves are
  // clipped to its matrix: GridOp's matrix_rows with row_padding).
  auto [lo, hi] = rows.padding;
  int64_t padded = m + lo + hi;
  // Unpadded, the row is the matrix's first in memory (Mp apart,
  // matrixStride) plus the offset; padded, the matrix's index times its
  // padded rows in memory (Mp + lo + hi: GridOp::paddedMatrixRows) plus
  // the offset, from which the expansion finds the matrix.
  int64_t perMatrix = matrixStride(shape) + lo + hi;
  std::vector<int64_t> stride(nlead, 1);
  for (size_t i = nlead; i-- > 1;)
    stride[i - 1] = stride[i] * shape[i];
  IndexMap map = op.spec.index_map;
  std::string what = op.what;
  int64_t bm = rows.size;
  bool rowsElement = rows.element, bounded = rows.bounded;
  Shape sizes;  // of the leading block dimensions
  for (size_t i = 0; i < nlead; ++i)
    sizes.push_back(block[i].size);
  BlockSpec flat({bounded ? BlockDim(BoundedSlice{bm}) : BlockDim(pl::Element(bm, rows.padding)),
                  cols},
                 at);
  flat.memory_space = op.spec.memory_space;
  flat.pipeline_mode = op.spec.pipeline_mode;
  bool ofBlocks = op.blocksOfMatrices;  // (its row index checked by mapBatchOperand)
  flat.index_map = [map, stride, m, bm, rowsElement, bounded, shape, what, nlead, padded,
                    perMatrix, sizes, ofBlocks](const IndexMapArgs &a,
                                               const std::source_location &l) {
    KernelTrace &t = KernelTrace::current(l, "an index map");
    // (pl::BoundedSlice rows: pl::ds(start, size), size checked against
    // the block by blockIndex, start + size against the matrix here.)
    BlockIndices slices = userSlices(map, shape, what, a, l);
    std::optional<Scalar> size = bounded ? slices.size[nlead] : std::nullopt;
    if (bounded && size && t.runtimeChecks())
      checkBoundedInside(t, slices.at[nlead], *size, m, "rows", "its matrices'", what, l);
    if (bounded)
      slices.size[nlead].reset();
    // (Bounded columns: their size as the 2-D operand's, which blockIndex
    // checks.)
    std::optional<Scalar> colSize = slices.size[nlead + 1];
    slices.size[nlead + 1].reset();
    std::vector<Scalar> idx = detail::withoutSizes(slices, what, l);
    // The matrix's first row, plus the row offset in it, which keeps the
    // block inside its matrix (checked at run time: the bounds checks see
    // only the rows of all the matrices).
    if (rowsElement && !bounded && !ofBlocks && t.runtimeChecks())
      t.checkAtRunTime(t.unsignedBelow(idx[nlead], padded - bm, /*inclusive=*/true, l),
                       "the block rows [{0}, {0} + " + std::to_string(bm) + ") of " + what +
                           " are outside its " + (padded != m ? "padded " : "") +
                           "matrices' [0, " + std::to_string(padded) + ")",
                       {idx[nlead]}, l);
    Scalar row = rowsElement ? idx[nlead] : At<Scalar>(idx[nlead], l) * bm;
    for (size_t i = 0; i < nlead; ++i)
      row = At<Scalar>(row, l) +
            At<Scalar>(idx[i], l) * (sizes[i] * stride[i] * perMatrix);
    BlockIndices out(std::vector<Scalar>{row, idx[nlead + 1]});
    out.size[0] = size;
    out.size[1] = colSize;
    return out;
  };
  // A block of several matrices: the first one's row (above) plus each
  // one's distance from it, in the block's row-major order.
  op.matrixCopies.clear();
  if (int64_t copies = numElements(sizes); copies > 1)
    for (int64_t k = 0; k < copies; ++k) {
      int64_t delta = 0, rest = k;
      for (size_t i = nlead; i-- > 0;) {
        delta += rest % sizes[i] * stride[i] * perMatrix;
        rest /= sizes[i];
      }
      op.matrixCopies.push_back(delta);
    }
  op.spec = flat;
  op.matrixRows = m;
  op.matrixStride = matrixStride(shape);
  op.outer = ::tessera::detail::withShape(op.outer, physicalShape(shape));
  Shape body;
  for (const BlockDim &d : block)
    if (!d.squeezed)
      body.push_back(d.size);
  return body;
}

/// A BlockSpec with pl::Element dimensions (rank 2; ranks 3 to 5 mapped to
/// it first, mapBatchElementOperand): each dimension's size in [1, dim]
/// (padded rows: the padded dim); the others follow the tiling rule as
/// checkBlock's do.
void checkElementBlock(Operand &op) {
  const Shape &shape = op.outer.shape();
  const std::source_location &at = op.spec.loc;
  const std::vector<BlockDim> &block = *op.spec.block_shape;
  if (block.size() != shape.size())
    throwUserError(at, "the block shape of " + op.what + " has " + std::to_string(block.size()) +
                           " dimensions; the array " + to_string(shape) + " has " +
                           std::to_string(shape.size()));
  if (shape.size() != 2)
    throwUserError(at, op.what + " has shape " + to_string(shape) +
                           ": pl::Element block dimensions are supported for arrays of rank 1 "
                           "to 5");
  for (size_t d = 0; d < 2; ++d) {
    const BlockDim &b = block[d];
    if (b.squeezed)
      throwUserError(at, "a squeezed block dimension of " + op.what + " " + to_string(shape) +
                             ": Pallas counts it as 1, which must be the array's dimension "
                             "(the tiling rule)");
    // Padding (the dimension virtually padded, its values undefined): each
    // step copies the rows (columns) inside the array; along the lanes in
    // whole 128-lane tiles (padding and block; the offsets promised so,
    // checkElementColumns); beside padded or bounded rows a step copies
    // the rectangle inside the array.
    auto [lo, hi] = b.padding;
    if (lo < 0 || hi < 0)
      throwUserError(at, "pl::Element of " + op.what + " with padding (" + std::to_string(lo) +
                             ", " + std::to_string(hi) + "): padding is not negative");
    int64_t lanes = machine::kLanes;
    if ((lo || hi) && d == 1 &&
        (lo % lanes != 0 || hi % lanes != 0 || b.size % lanes != 0))
      throwUserError(at, "pl::Element of " + op.what + " with padding (" + std::to_string(lo) +
                             ", " + std::to_string(hi) + ") along the lanes: a step copies "
                             "the columns inside the array in whole tiles of 128 lanes, so "
                             "the padding and the block's columns (" +
                             std::to_string(b.size) + ") must be multiples of 128");
    int64_t unit = d == 0 ? machine::kSublanes : machine::kLanes, padded = shape[d] + lo + hi;
    if (b.size < 1 || b.size > padded || (!b.element && b.size != shape[d] && b.size % unit != 0))
      throwUserError(at, "block dimension " + std::to_string(d) + " of " + op.what + " " +
                             to_string(ShapeDtypeStruct{shape, op.outer.dtype()}) + " is " +
                             std::to_string(b.size) +
                             ": it must be in [1, " + std::to_string(padded) + "]" +
                             (b.element ? std::string()
                                        : " and the array's or a multiple of " +
                                              std::to_string(unit)));
  }
  op.bm = block[0].size;
  op.bn = block[1].size;
}

// (GridOperands.h)
bool severalMatrices(const Operand &op) {
  return op.matrixRows && op.outer.shape()[0] != op.matrixRows;
}

/// What the rows a step copies of pl::Element(n, (lo, hi)) rows of `op`
/// (its rows, or a matrix's `rows` in memory) are whole multiples of, the
/// index map's offsets known multiples of `known`: a Ref wider than 128
/// lanes is moved from whole tiles of rows at a run-time row (8 rows in
/// HBM; 8 * packing in the VMEM buffer, at a run-time row only with low
/// padding), a packed one in whole words; padding, sizes and offsets
/// multiples of those keep them so, else a user error.
int64_t paddedRowsUnit(const Operand &op, int64_t known) {
  const std::source_location &at = op.spec.loc;
  auto [lo, hi] = (*op.spec.block_shape)[0].padding;
  int64_t n = (*op.spec.block_shape)[0].size;
  // (Of matrices: a matrix's rows in memory, each padded on its own, so
  // that the offsets of every matrix keep the unit too.)
  bool matrices = severalMatrices(op);
  int64_t rows = matrices ? op.matrixStride : op.outer.shape()[0];
  int64_t high = matrices ? hi : 0;
  bool wide = op.outer.shape()[1] > machine::kLanes;
  int64_t tile = (wide ? machine::kSublanes : 1) * (lo || !wide ? packing(op.outer.dtype()) : 1);
  if (tile > 1 && (lo % tile != 0 || high % tile != 0 || n % tile != 0 || rows % tile != 0 ||
                   known % tile != 0))
    throwUserError(at, "pl::Element of " + op.what + " with padding (" + std::to_string(lo) +
                           ", " + std::to_string(hi) + "): " +
                           (wide ? "the array is wider than 128 lanes, so the rows each step "
                                   "copies are whole tiles"
                                 : "its rows are packed " +
                                       std::to_string(packing(op.outer.dtype())) +
                                       " to a word, so the rows each step copies are whole "
                                       "words") +
                           ": the low padding" + (matrices ? " and the high" : "") +
                           ", the block's and the " + (matrices ? "matrices'" : "array's") +
                           " rows and the index map's row offsets must be multiples of " +
                           std::to_string(tile) + " (promise the offsets with pl::multiple_of)");
  return tile;
}

/// A blocked operand that is not the rank-2 array its pipeline moves:
/// rank 3 to 5 (mapBatchOperand) or rank 1 (mapRank1Operand). Rewrites
/// `op` to the 2-D operand and returns the shape of the Ref the body sees
/// (nullopt: `op` as it is).
std::optional<Shape> mapOperand(Operand &op, const std::source_location &loc) {
  if (isBatchShape(op.outer.shape()))
    return mapBatchOperand(op, loc);
  if (op.outer.shape().size() == 1)
    return mapRank1Operand(op, loc);
  return std::nullopt;
}

void GridOperands::add(size_t i, Operand op, const std::source_location &loc) {
  // A squeezed last dimension (Pallas counts it as 1, which must be the
  // array's; of ranks 3 to 5 with every leading dimension squeezed too, so
  // that the body's Ref is 1-D): the pipeline moves [bm, 1] blocks, the
  // body gets a 1-D copy (callBody). (Of another array checkBlock says
  // the rule.)
  if (std::optional<std::vector<BlockDim>> &block = op.spec.block_shape;
      block && block->size() == op.outer.shape().size() && block->size() >= 2 &&
      block->back().squeezed && !(*block)[block->size() - 2].squeezed &&
      op.outer.shape().back() == 1 &&
      std::all_of(block->begin(), block->end() - 2, [](const BlockDim &d) { return d.squeezed; })) {
    block->back() = BlockDim(1);
    columnRows_[i] = op.output;
  }
  // The rows of a [1, N] array squeezed (Pallas counts the dimension as 1,
  // the array's): the body's 1-D Ref is the block's row, beside
  // pl::Element columns too.
  if (std::optional<std::vector<BlockDim>> &block = op.spec.block_shape;
      block && block->size() == 2 && op.outer.shape().size() == 2 && (*block)[0].squeezed &&
      !(*block)[1].squeezed && op.outer.shape()[0] == 1) {
    (*block)[0] = BlockDim(1);
    shapes_[i] = Shape{(*block)[1].size};
  }
  auto elementDims = [&] {
    return op.spec.block_shape && std::ranges::any_of(*op.spec.block_shape, &BlockDim::element);
  };
  if (elementDims()) {
    if (isBatchShape(op.outer.shape()))
      shapes_[i] = mapBatchElementOperand(op, loc);
    else if (op.outer.shape().size() == 1)
      shapes_[i] = mapRank1ElementOperand(op, loc);
  } else if (std::optional<Shape> body = mapOperand(op, loc)) {
    shapes_[i] = *body;
  }
  // (mapOperand maps a block of several matrices that is not one run of
  // memory to pl::Element rows.) Element blocks go through the pipeline
  // as the others do (prefetched; an output's write-backs in order, as
  // its windows may overlap): padded rows as GridOp's row_padding (their
  // alignment rule checked on the traced index map), padded columns as
  // its col_padding, pl::BoundedSlice rows or columns with their size
  // (blockIndex; bounded_cols).
  if (elementDims()) {
    checkElementBlock(op);
    const BlockDim &rows = (*op.spec.block_shape)[0], &cols = (*op.spec.block_shape)[1];
    if (!rows.bounded)
      op.rowPadding = rows.padding;
    op.colPadding = cols.padding;
    op.boundedCols = cols.bounded;
  }
  position_[i] = pipelined_.size();
  pipelined_.push_back(std::move(op));
}

std::optional<Ref> GridOperands::bodyRef(size_t i, const std::vector<Ref> &blocks) const {
  std::optional<Ref> ref;
  if (auto at = position_.find(i); at != position_.end())
    ref = blocks[at->second];
  if (auto shape = shapes_.find(i); ref && shape != shapes_.end()) {
    // One matrix of M rows (not whole tiles) in its block of Mp rows
    // (mapBatchOperand): the first M.
    if (shape->second.size() >= 2 && ref->shape().size() == 2 &&
        physicalShape(shape->second)[0] < ref->shape()[0])
      ref = ref->at(Slice{0, physicalShape(shape->second)[0]}, pl::all);
    ref = ::tessera::detail::withShape(*ref, shape->second);
  }
  return ref;
}

// (GridOperands.h)
void GridOperands::callBody(std::vector<Ref> args, size_t first,
                            const std::function<void(const std::vector<Ref> &)> &body,
                            const std::source_location &loc) const {
  if (columnRows_.empty())
    return body(args);
  std::vector<pltpu::ScratchType> types;
  for (auto [i, output] : columnRows_) {
    const Ref &block = args[first + i];
    types.push_back(pltpu::VMEM({block.shape()[0]}, block.dtype()));
  }
  std::vector<Ref> rows = ::tessera::pl::detail::openScope(types, (int)types.size(), loc);
  std::vector<Ref> blocks;
  size_t k = 0;
  for (auto [i, output] : columnRows_) {
    Ref &arg = args[first + i];
    blocks.push_back(arg);
    pltpu::store(rows[k], jnp::reshape(pltpu::load(arg, loc), {arg.shape()[0]}, loc),
                 std::nullopt, loc);
    arg = rows[k++];
  }
  body(args);
  k = 0;
  for (auto [i, output] : columnRows_) {
    if (output)
      pltpu::store(blocks[k], jnp::reshape(pltpu::load(rows[k], loc), blocks[k].shape(), loc),
                   std::nullopt, loc);
    ++k;
  }
  ::tessera::pl::detail::closeScope(rows, loc);
}

}  // namespace tessera::pl::pipeline
