//===- PallasCall.cpp - The grid as a loop, blocks as a DMA pipeline ------===//
//
// pallas_call and emit_pipeline trace the same thing into the kernel being
// traced: one scf.for over the grid's steps (row-major, last axis fastest),
// with the DMA pipeline of PALLAS_REFERENCE.md section 1 written out around
// the user's body in ordinary kernel IR:
//
//   prologue: fetch step 0's input blocks into slot 0; fetch step 1's
//             into the other slot when its block index differs; wait for
//             step 0's
//   step s:   wait for the writeback that last used this output slot
//             body(blocks of the current slots)
//             fetch step s+2's input block into the slot step s used, when
//             its block index differs from step s+1's
//             write the output block back when step s+1's index differs,
//             or at the last step; the next block goes to the other slot
//             wait for step s+1's input blocks (if fetched for it)
//   epilogue: wait for the writebacks still in flight
//
// What comes before step s+1's body ends step s, in the same block of code
// as its work, so that the scheduler overlaps it with the step's last MXU
// and store work (the regions are predicated: kPredicateAttr). A ring of
// pl.Buffered(n >= 3) buffers fetches step s+n-1's block at the start of
// step s instead (its buffer is free then).
//
// Per operand the state carried from step to step is its slot, its current
// block index and, for inputs, whether that block was fetched for this step;
// for outputs, whether each slot has a writeback in flight. A full-array
// block (Pallas' Buffered(1) case) has one buffer, fetched once.
//
//===----------------------------------------------------------------------===//
#include "dsl/PallasCall.h"

#include "dsl/KernelTrace.h"
#include "interpret/Interpreter.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/TesseraDialect.h"
#include "runtime/Device.h"
#include "sim/MachineDesc.h"

namespace tessera {

using detail::Carried;
using detail::CarriedList;
using detail::KernelTrace;
using detail::RefMeta;
using detail::physicalShape;

namespace pl {
namespace detail {
Scalar indexScalar(const Scalar &s, const std::source_location &loc) {
  KernelTrace::check(s.traceId(), loc, "a block index");
  if (s.dtype() != DType::int32)
    throwUserError(loc, "an index map returns int32 block indices, not a " +
                            to_string(s.dtype()) + " scalar");
  return s;
}
Scalar indexScalar(int64_t v, const std::source_location &loc) {
  return KernelTrace::current(loc, "an index map").constant(v, loc);
}
}  // namespace detail

Scalar program_id(int axis, std::source_location loc) {
  KernelTrace &trace = KernelTrace::current(loc, "pl::program_id");
  if (trace.grids().empty())
    throwUserError(loc, "pl::program_id is used outside a pallas_call or emit_pipeline body");
  const auto &g = trace.grids().back();
  if (axis < 0 || axis >= (int)g.ids.size())
    throwUserError(loc, "pl::program_id(" + std::to_string(axis) + "): the grid has " +
                            std::to_string(g.ids.size()) + " axes");
  return g.ids[axis];
}

namespace {
/// The mesh axis `axis` of the kernel being traced (its TensorCoreMesh).
KernelTrace &coreAxis(std::string_view axis, const char *what, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, what);
  if (trace.coreAxis().empty() || axis != trace.coreAxis())
    throwUserError(loc, std::string(what) + "('" + std::string(axis) + "'): " +
                            (trace.coreAxis().empty()
                                 ? std::string("the kernel has no TensorCoreMesh axis (a "
                                               "pallas_call's grid points are pl::program_id)")
                                 : "the kernel's TensorCoreMesh axis is '" + trace.coreAxis() +
                                       "'"));
  return trace;
}
}  // namespace

int64_t num_programs(int axis, std::source_location loc) {
  KernelTrace &trace = KernelTrace::current(loc, "pl::num_programs");
  if (trace.grids().empty())
    throwUserError(loc, "pl::num_programs is used outside a pallas_call or emit_pipeline body");
  const auto &g = trace.grids().back();
  if (axis < 0 || axis >= (int)g.sizes.size())
    throwUserError(loc, "pl::num_programs(" + std::to_string(axis) + "): the grid has " +
                            std::to_string(g.sizes.size()) + " axes");
  return g.sizes[axis];
}

namespace pipeline {

/// One blocked operand of the pipeline.
struct Operand {
  Ref outer;            // the HBM Ref
  Ref written;          // output with checks: SMEM flags of blocks written back
  bool checkRevisits = false;
  BlockSpec spec;
  bool output = false;
  std::string what;     // "input 1", for messages
  int64_t bm = 0, bn = 0;
  /// Rows between the buffers' slots: bm, or a whole 8-row tile for the
  /// one-row blocks of a [1, N] array (padded as in HBM).
  int64_t slotRows = 0;
  bool single = false;  // one buffer (a full-array block), fetched once
  /// Buffers the blocks rotate through (pl.Buffered; 1 when `single`).
  int nbuf = 2;
  Ref buffers, sems;    // VMEM [nbuf * slotRows, bn] and DMA semaphores (nbuf)
};

/// An input whose blocks rotate through a ring of other than 2 buffers
/// (pl.Buffered(1), pl.Buffered(3) ...): it carries the last block it
/// started fetching ahead of the current one.
bool ring(const Operand &op) { return !op.output && !op.single && op.nbuf != 2; }

/// The revisit check keeps one SMEM word per output block; beyond this many
/// blocks (a quarter of SMEM) the check is left out.
constexpr int64_t kMaxRevisitTableWords = machine::kSmemWords / 4;
/// Words of a revisit table zeroed per trip of its loop.
constexpr int kRevisitZeroUnroll = 8;
/// DMAs the last step's write-back starts as (DmaStartOp's pieces).
/// Measured on matmul's default blocks, before the rotation of the MXU fill
/// (lowering/Rotation.h): 1 piece 19,799 cycles, 4 19,442, 8 19,385, 16
/// 19,356 (with it: 8 19,232, 16 19,215).
constexpr int64_t kWritebackPieces = 8;

/// The traced state of one operand at a step.
struct State {
  Scalar slot;
  std::vector<Scalar> index;
  Scalar flag;   // input: fetched for this step; output: writeback in flight on `slot`
  Scalar other;  // output: writeback in flight on the other slot
  /// A ring input: the block of the last fetch started (for step s + nbuf -
  /// 2 at the start of step s) and its slot.
  Scalar aheadSlot;
  std::vector<Scalar> aheadIndex;
  /// Output with partial edge blocks: the blocks of those writebacks (their
  /// waits must match their sizes).
  std::vector<Scalar> flagIndex, otherIndex;
  /// The blocks of the next step (the current ones at the last step).
  std::vector<Scalar> next;
};

std::vector<Scalar> blockIndex(const Operand &op, const std::vector<Scalar> &grid,
                               const std::vector<Ref> &prefetch,
                               const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "an index map");
  std::vector<Scalar> idx;
  if (op.spec.index_map)
    idx = op.spec.index_map({grid, prefetch}, op.spec.loc);
  else
    idx = {trace.constant(0, loc), trace.constant(0, loc)};
  if (idx.size() != op.outer.shape().size())
    throwUserError(op.spec.loc, "the index map of " + op.what + " returns " +
                                    std::to_string(idx.size()) + " block indices; the array " +
                                    to_string(op.outer.shape()) + " has " +
                                    std::to_string(op.outer.shape().size()) + " dimensions");
  return idx;
}

/// Blocks along each dimension, and the extent of the last (partial) one.
int64_t blocksAlong(const Operand &op, int d) {
  int64_t b = d == 0 ? op.bm : op.bn;
  return (op.outer.shape()[d] + b - 1) / b;
}
int64_t lastExtent(const Operand &op, int d) {
  int64_t b = d == 0 ? op.bm : op.bn;
  return op.outer.shape()[d] - (blocksAlong(op, d) - 1) * b;
}
bool hasEdges(const Operand &op) {
  return lastExtent(op, 0) != op.bm || lastExtent(op, 1) != op.bn;
}

/// Starts (or waits for) the DMA of block `idx` to or from buffer `slot`.
/// A partial edge block (PALLAS_REFERENCE.md section 1) moves only its
/// in-bounds part: the DMA's extent is static, so the last block along a
/// dimension gets a DMA of its own, chosen at run time. The rest of an input
/// buffer keeps what it held (unspecified, as in Pallas); the rest of an
/// output buffer is not written back. With `inPiecesIf`, a start is in
/// kWritebackPieces DMAs when that holds at run time (DmaStartOp's pieces).
void transfer(const Operand &op, const std::vector<Scalar> &idx, const Scalar &slot, bool start,
              const std::source_location &loc, const Scalar *inPiecesIf = nullptr) {
  auto S = [&](const Scalar &x) { return At<Scalar>(x, loc); };
  Ref sem = op.single ? op.sems : op.sems.at(slot, loc);
  auto move = [&](int64_t rows, int64_t cols) {
    Ref hbm = op.outer, vmem = op.buffers;
    if (!op.single) {
      // A padded block (all the rows of a one-row or f32[3, N] array, all
      // the columns of an f32[M, 200] one) is the one block along them:
      // its offset is 0 (its size is no tile multiple to promise).
      Slice hbmRows = op.slotRows != op.bm
                          ? pl::ds(0, rows)
                          : pl::ds(pl::multiple_of(S(idx[0]) * op.bm, op.bm, loc), rows);
      Slice hbmCols = op.bn % machine::kLanes != 0
                          ? pl::ds(0, cols)
                          : pl::ds(pl::multiple_of(S(idx[1]) * op.bn, op.bn, loc), cols);
      hbm = op.outer.at(hbmRows, hbmCols, loc);
      vmem = op.buffers.at(
          pl::ds(pl::multiple_of(S(slot) * op.slotRows, op.slotRows, loc), rows),
          pl::ds(0, cols), loc);
    }
    auto d = op.output ? pltpu::make_async_copy(vmem, hbm, sem, loc)
                       : pltpu::make_async_copy(hbm, vmem, sem, loc);
    if (!start)
      return d.wait(loc);
    d.start(loc);
    if (inPiecesIf) {
      KernelTrace &trace = KernelTrace::current(loc, "a pipeline");
      auto dma = llvm::cast<mlir::tessera::DmaStartOp>(trace.builder().getInsertionBlock()->back());
      dma.setPieces(kWritebackPieces);
      dma->insertOperands(dma->getNumOperands(), trace.use(*inPiecesIf, loc));
    }
  };
  // One DMA per combination of full and partial extents that can occur.
  auto alongCols = [&](int64_t rows) {
    if (lastExtent(op, 1) == op.bn)
      return move(rows, op.bn);
    lax::cond(S(idx[1]) == blocksAlong(op, 1) - 1, [&] { move(rows, lastExtent(op, 1)); },
              [&] { move(rows, op.bn); }, loc);
  };
  if (lastExtent(op, 0) == op.bm)
    return alongCols(op.bm);
  lax::cond(S(idx[0]) == blocksAlong(op, 0) - 1, [&] { alongCols(lastExtent(op, 0)); },
            [&] { alongCols(op.bm); }, loc);
}

/// pl::when for the pipeline's own regions (its prefetches, waits and
/// write-backs): marked to be selected as guarded code, checks included,
/// so that a grid step stays one block of code (kPredicateAttr).
void predicatedWhen(const Scalar &cond, const std::function<void()> &fn,
                    const std::source_location &loc) {
  mlir::OpBuilder &b = KernelTrace::current(loc, "a pipeline").builder();
  mlir::Block *block = b.getInsertionBlock();
  mlir::Operation *last = block->empty() ? nullptr : &block->back();
  pl::when(cond, fn, loc);
  if (!block->empty() && &block->back() != last)
    if (auto made = llvm::dyn_cast<mlir::scf::IfOp>(block->back()))
      made->setAttr(mlir::tessera::kPredicateAttr, b.getUnitAttr());
}

/// The VMEM buffer of `slot`: the kernel's Ref for the block.
Ref vmemSlot(const Operand &op, const Scalar &slot, const std::source_location &loc) {
  if (op.single)
    return op.buffers;
  return op.buffers.at(
      pl::ds(pl::multiple_of(At<Scalar>(slot, loc) * op.slotRows, op.slotRows, loc), op.bm),
      loc);
}

Scalar anyDifferent(const std::vector<Scalar> &a, const std::vector<Scalar> &b,
                    const std::source_location &loc) {
  Scalar d = At<Scalar>(a[0], loc) != b[0];
  for (size_t k = 1; k < a.size(); ++k)
    d = At<Scalar>(d, loc) || Scalar(At<Scalar>(a[k], loc) != b[k]);
  return d;
}

Scalar select(const Scalar &c, const Scalar &a, const Scalar &b, const std::source_location &loc) {
  return jnp::where(c, a, b, loc);
}

/// Pallas' "Revisited block" check (interpret mode raises it; the hardware
/// silently writes an uninitialized buffer over the block): an output block
/// may be written back once. Records the writeback of block `idx` and stops
/// the kernel at the second one.
void checkFirstWriteback(const Operand &op, const std::vector<Scalar> &idx,
                         const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "a pipeline");
  auto S = [&](const Scalar &x) { return At<Scalar>(x, loc); };
  int64_t colBlocks = blocksAlong(op, 1);
  Scalar block = S(S(idx[0]) * colBlocks) + idx[1];
  Scalar fresh = S(Scalar(op.written[S(block)])) == 0;
  auto &b = trace.builder();
  std::string message = "Revisited block ({0}, {1}) of " + op.what + " '" + op.outer.name() +
                        "': it was written back at an earlier grid step and would now be "
                        "overwritten; an output block must be visited in consecutive steps "
                        "(put the reduction axis last)";
  b.create<mlir::tessera::CheckOp>(trace.loc(loc), trace.use(fresh, loc),
                                   b.getStringAttr(message),
                                   mlir::ValueRange{trace.use(idx[0], loc), trace.use(idx[1], loc)});
  op.written[S(block)] = 1;
}

/// A rank-3 operand [B, M, N] is the 2-D [B * M, N] in memory
/// (detail::physicalShape), so its blocks are 2-D blocks of it: a block
/// (bb, bm, bn) of whole matrices (bm == M) is rows of bb * M, one of a
/// single matrix (bb == 1, or squeezed) rows of bm; the index map's
/// (i, j, k) becomes (i, k) or (i * M / bm + j, k). Rewrites `op` to that
/// 2-D operand; returns the Ref shape the kernel body sees: [bb, bm, bn]
/// (its block buffer, viewed as rank 3), or [bm, bn] when the leading
/// dimension is squeezed (pl::Squeezed / std::nullopt).
Shape mapRank3Operand(Operand &op, const std::source_location &loc) {
  const Shape shape = op.outer.shape();
  const std::source_location at = op.spec.loc;
  KernelTrace &trace = KernelTrace::current(loc, "a pipeline");
  std::vector<BlockDim> block = op.spec.block_shape.value_or(
      std::vector<BlockDim>{BlockDim(shape[0]), BlockDim(shape[1]), BlockDim(shape[2])});
  if (block.size() != 3)
    throwUserError(at, "the block shape of " + op.what + " has " + std::to_string(block.size()) +
                           " dimensions; the array " + to_string(shape) + " has 3");
  if (block[1].squeezed || block[2].squeezed)
    throwUserError(at, "the block of " + op.what + " " + to_string(shape) +
                           " squeezes a matrix dimension; only the leading one can be squeezed "
                           "(the block is then one matrix, [bm, bn])");
  int64_t bb = block[0].size, bm = block[1].size, bn = block[2].size;
  int64_t m = shape[1];
  bool wholeMatrices = bm == m;
  if (bb < 1 || bb > shape[0] || bm < 1 || bm > m || (!wholeMatrices && (bb != 1 || m % bm)))
    throwUserError(at, "block shape [" + std::to_string(bb) + ", " + std::to_string(bm) + ", " +
                           std::to_string(bn) + "] of " + op.what + " " + to_string(shape) +
                           ": a block of a rank-3 array holds whole matrices (bm = " +
                           std::to_string(m) + ", any number of them) or a part of one (bb = 1, "
                           "bm dividing " + std::to_string(m) +
                           "): its rows are then one run of the array's memory");
  if (shape[0] % bb != 0)
    throwUserError(at, "block shape [" + std::to_string(bb) + ", " + std::to_string(bm) + ", " +
                           std::to_string(bn) + "] of " + op.what + " " + to_string(shape) +
                           ": the leading dimension " + std::to_string(shape[0]) +
                           " is not a multiple of the block's " + std::to_string(bb) +
                           " (partial blocks of matrices are not supported)");
  IndexMap map = op.spec.index_map;
  int64_t perMatrix = m / bm;
  BlockSpec flat({BlockDim(bb * bm), BlockDim(bn)}, at);
  flat.memory_space = op.spec.memory_space;
  flat.pipeline_mode = op.spec.pipeline_mode;
  std::string what = op.what;
  Shape logical = shape;
  flat.index_map = [map, wholeMatrices, perMatrix, logical, what](
                       const IndexMapArgs &a, const std::source_location &l) {
    KernelTrace &t = KernelTrace::current(l, "an index map");
    std::vector<Scalar> idx =
        map ? map(a, l) : std::vector<Scalar>(3, t.constant(0, l));
    if (idx.size() != 3)
      throwUserError(l, "the index map of " + what + " returns " + std::to_string(idx.size()) +
                            " block indices; the array " + to_string(logical) +
                            " has 3 dimensions");
    if (wholeMatrices)
      return std::vector<Scalar>{idx[0], idx[2]};
    return std::vector<Scalar>{At<Scalar>(idx[0], l) * perMatrix + idx[1], idx[2]};
  };
  op.spec = flat;
  RefMeta meta = op.outer.meta();
  meta.shape = physicalShape(shape);
  op.outer = trace.makeRef(std::move(meta));
  if (block[0].squeezed)
    return {bm, bn};
  return {bb, bm, bn};
}

/// Checks a BlockSpec against its array and fills in the block shape.
void checkBlock(Operand &op, int64_t vmemLimit, int64_t &vmemUsed,
                const std::source_location &loc) {
  const Shape &shape = op.outer.shape();
  const std::source_location &at = op.spec.loc;
  if (shape.size() != 2)
    throwUserError(at, op.what + " has shape " + to_string(shape) +
                           "; pallas_call blocks arrays of rank 2 or 3");
  std::vector<BlockDim> block = op.spec.block_shape.value_or(
      std::vector<BlockDim>{BlockDim(shape[0]), BlockDim(shape[1])});
  if (block.size() != shape.size())
    throwUserError(at, "the block shape of " + op.what + " has " + std::to_string(block.size()) +
                           " dimensions; the array " + to_string(shape) + " has " +
                           std::to_string(shape.size()));
  for (const BlockDim &d : block)
    if (d.squeezed)
      throwUserError(at, "a squeezed block dimension of " + op.what +
                             " would leave a rank-1 block, which the vector unit cannot hold; "
                             "use a block of 8 rows");
  op.bm = block[0].size;
  op.bn = block[1].size;
  auto rule = [&](int64_t b, int64_t dim, int64_t unit, const char *which) {
    if (b <= 0 || b > dim || (b != dim && b % unit != 0))
      throwUserError(at, "block shape [" + std::to_string(op.bm) + ", " + std::to_string(op.bn) +
                             "] of " + op.what + " " + to_string(shape) + ": the " + which +
                             " dimension must be the array's (" + std::to_string(dim) +
                             ") or a multiple of " + std::to_string(unit) +
                             " in [1, " + std::to_string(dim) + "] (the (8, 128) tiling rule)");
  };
  rule(op.bm, shape[0], machine::kSublanes, "second-to-last");
  rule(op.bn, shape[1], machine::kLanes, "last");
  DType dtype = op.outer.dtype();
  if (dtype == DType::bool_)
    throwUserError(at, op.what + " is a pred (bool_) array; its blocks would be DMAs of "
                           "bools, which TPU does not have: pass an int32 array (x != 0 "
                           "makes the mask in the kernel)");
  int64_t tileRows = machine::kSublanes * packing(dtype);
  // A block of all the rows of a 32-bit array (f32[3, 128], a one-row
  // [1, N]) is padded to whole 8-row tiles in VMEM as in HBM.
  bool oneRow = op.bm == shape[0] && packing(dtype) == 1;
  if (op.bm % tileRows != 0 && !oneRow)
    throwUserError(at, "block shape [" + std::to_string(op.bm) + ", " + std::to_string(op.bn) +
                           "] of " + op.what + " " + to_string(dtype) + to_string(shape) +
                           ": " + (dtype == DType::bfloat16 ? "a " : "an ") + to_string(dtype) +
                           " block in VMEM needs rows a multiple of " +
                           std::to_string(tileRows) + " (its (" + std::to_string(tileRows) +
                           ", 128) tiles)");
  op.single = op.bm == shape[0] && op.bn == shape[1];
  op.slotRows = (op.bm + tileRows - 1) / tileRows * tileRows;
  if (op.spec.pipeline_mode) {
    int n = op.spec.pipeline_mode->buffer_count;
    if (n < 1)
      throwUserError(at, "pl::Buffered(" + std::to_string(n) + ") of " + op.what +
                             ": a block needs at least 1 buffer");
    if (op.output && n != 2)
      throwUserError(at, "pl::Buffered(" + std::to_string(n) + ") of " + op.what +
                             ": outputs are written back from 2 buffers; pipeline_mode "
                             "applies to inputs");
    op.nbuf = n;
  }
  if (op.single)
    op.nbuf = 1;
  // A buffer of whole (8, 128) tiles, as VMEM scratch (a block of one
  // column, [bm, 1], is padded to 128 lanes).
  int64_t bytes = op.nbuf *
                  pltpu::VMEM({op.slotRows, op.bn}, dtype).vmemBytes().value_or(INT64_MAX / 4);
  vmemUsed += bytes;
  if (vmemUsed > vmemLimit)
    throwUserError(at, "the block buffers of " + op.what + " need " + std::to_string(bytes) +
                           " bytes of VMEM (" + std::to_string(op.nbuf) +
                           (op.nbuf == 1 ? " buffer" : " buffers") + " of [" +
                           std::to_string(op.bm) + ", " + std::to_string(op.bn) + "] " +
                           to_string(op.outer.dtype()) + "); with the other blocks and scratch " +
                           std::to_string(vmemUsed) + " bytes, over vmem_limit_bytes = " +
                           std::to_string(vmemLimit));
}

/// Whether the kernel being traced runs in interpret mode (Kernel.cpp marks
/// its function).
bool tracedForInterpreter(KernelTrace &trace) {
  mlir::Operation *op = trace.builder().getInsertionBlock()->getParentOp();
  auto fn = llvm::dyn_cast<mlir::func::FuncOp>(op);
  if (!fn)
    fn = op->getParentOfType<mlir::func::FuncOp>();
  return fn && fn->hasAttr(interpret::kInterpretAttr);
}

/// The pipeline around `body` (see the file comment). The first
/// `parallelAxes` axes of the grid are parallel (dimension_semantics).
void emitPipeline(const std::vector<int64_t> &grid, const std::vector<Ref> &prefetch,
                  std::vector<Operand> ops,
                  const std::function<void(const std::vector<Ref> &)> &body,
                  int64_t vmemLimit, int64_t vmemUsed, int parallelAxes,
                  const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "a pipeline");
  // Interpret mode visits the parallel grid points in a shuffled order: the
  // step a grid point is computed from is marked, so that the interpreter
  // can map it (interpret/Interpreter.h, kGridStepAttr). The compiled
  // program has no marks.
  bool interpreted = tracedForInterpreter(trace);
  int64_t steps = 1;
  for (int64_t g : grid) {
    if (g < 1)
      throwUserError(loc, "grid " + to_string(grid) + ": every axis needs at least 1 step");
    steps *= g;
    if (steps > INT32_MAX)
      throwUserError(loc, "grid " + to_string(grid) + " has more than 2^31 - 1 steps");
  }
  for (size_t i = 0; i < ops.size(); ++i) {
    Operand &op = ops[i];
    checkBlock(op, vmemLimit, vmemUsed, loc);
    std::string name = op.outer.name() + "_blocks";
    int64_t bufferRows = op.single ? op.bm : op.nbuf * op.slotRows;
    op.buffers = trace.addScratch(pltpu::VMEM({bufferRows, op.bn}, op.outer.dtype()), name);
    op.sems = trace.addScratch(op.single ? pltpu::ScratchType(pltpu::SemaphoreType::DMA)
                                         : pltpu::SemaphoreType::DMA(op.nbuf),
                               op.outer.name() + "_sems");
    int64_t blocks = blocksAlong(op, 0) * blocksAlong(op, 1);
    if (op.output && trace.runtimeChecks() && blocks <= kMaxRevisitTableWords) {
      op.written = trace.addScratch(pltpu::SMEM({blocks}, DType::int32),
                                    op.outer.name() + "_written");
      op.checkRevisits = true;
    }
  }
  // Grid indices of step s: row-major, the last axis fastest.
  auto gridOf = [&](const Scalar &step) {
    Scalar s = step;
    if (interpreted) {
      s = pl::multiple_of(step, 1, loc);
      mlir::Operation *mark = trace.use(s, loc).getDefiningOp();
      mlir::OpBuilder &b = trace.builder();
      mark->setAttr(interpret::kGridStepAttr, b.getDenseI64ArrayAttr(grid));
      mark->setAttr(interpret::kParallelAxesAttr, b.getI64IntegerAttr(parallelAxes));
    }
    std::vector<Scalar> g(grid.size());
    int64_t stride = 1;
    for (int k = (int)grid.size() - 1; k >= 0; --k) {
      Scalar q = stride == 1 ? s : At<Scalar>(s, loc) / stride;
      g[k] = k == 0 ? q : At<Scalar>(q, loc) % grid[k];
      stride *= grid[k];
    }
    return g;
  };

  // Megacore (PALLAS_REFERENCE.md section 1, model (b), as interpret mode
  // splits): the points of the parallel axes (a prefix of the grid), in
  // row-major order, are cut into one contiguous chunk per core, each point
  // with all of its arbitrary steps; so a core's steps are one range
  // [lo, hi) of the grid's steps, and it runs the whole pipeline (prologue
  // to epilogue) over it. PallasCall::call splits only grids with at least
  // one point per core. On one core the range is [0, steps), in constants.
  auto S = [&](const Scalar &x) { return At<Scalar>(x, loc); };
  const bool split = trace.numCores() > 1 && parallelAxes > 0;
  Scalar zero = trace.constant(0, loc), one = trace.constant(1, loc);
  Scalar lo = zero, hi;
  if (split) {
    int64_t points = 1;
    for (int k = 0; k < parallelAxes; ++k)
      points *= grid[k];
    int64_t chunk = (points + trace.numCores() - 1) / trace.numCores() * (steps / points);
    lo = S(trace.coreIndex(loc)) * chunk;
    Scalar end = S(lo) + chunk;
    hi = jnp::where(S(end) < steps, end, trace.constant(steps, loc), loc);
  }
  // Whether step t is before the core's last k steps (t < hi - k).
  auto before = [&](const Scalar &t, int64_t k) -> Scalar {
    return split ? Scalar(S(t) < Scalar(S(hi) - k)) : Scalar(S(t) < steps - k);
  };
  // The core's step lo + k.
  auto stepAfterFirst = [&](int64_t k) {
    return split ? Scalar(S(lo) + k) : trace.constant(k, loc);
  };

  // Prologue: the core's first step's blocks.
  std::vector<Scalar> grid0 = interpreted || split ? gridOf(lo)
                                                   : std::vector<Scalar>(grid.size(), zero);
  CarriedList init;
  for (Operand &op : ops) {
    std::vector<Scalar> idx = blockIndex(op, grid0, prefetch, loc);
    if (!op.output && !(ring(op) && op.nbuf == 1))  // (a ring of 1 starts at step 0)
      transfer(op, idx, zero, /*start=*/true, loc);
    init.push_back({true, {}, zero});  // slot
    for (const Scalar &i : idx)
      init.push_back({true, {}, i});
    init.push_back({true, {}, op.output ? zero : one});  // fetched / in flight here
    if (op.output)
      init.push_back({true, {}, zero});  // in flight on the other slot
    if (op.output && hasEdges(op))
      for (int k = 0; k < 4; ++k)
        init.push_back({true, {}, idx[k % 2]});  // blocks of those writebacks
    if (!ring(op))
      continue;
    // A ring: the blocks of steps 1 .. nbuf - 2 too, each new one into the
    // next buffer; with 1 buffer none (step 0 starts its own, after an
    // index no block has).
    Scalar aheadSlot = zero;
    std::vector<Scalar> ahead = idx;
    if (op.nbuf == 1)
      ahead.assign(2, trace.constant(-1, loc));
    for (int64_t k = 1; k <= op.nbuf - 2 && k < steps; ++k) {
      Scalar t = stepAfterFirst(k);
      std::vector<Scalar> b = blockIndex(op, gridOf(t), prefetch, loc);
      Scalar isNew = anyDifferent(b, ahead, loc);
      if (split)
        isNew = S(isNew) && before(t, 0);
      Scalar slot = At<Scalar>(At<Scalar>(aheadSlot, loc) + 1, loc) % op.nbuf;
      pl::when(isNew, [&] { transfer(op, b, slot, true, loc); }, loc);
      aheadSlot = select(isNew, slot, aheadSlot, loc);
      for (size_t d = 0; d < 2; ++d)
        ahead[d] = select(isNew, b[d], ahead[d], loc);
    }
    init.push_back({true, {}, aheadSlot});
    for (const Scalar &i : ahead)
      init.push_back({true, {}, i});
  }
  // The revisit tables start at zero: zeroed while the first blocks move
  // (after the prologue's DMA starts, 8 words per trip).
  for (Operand &op : ops)
    if (op.checkRevisits)
      pl::loop(0, blocksAlong(op, 0) * blocksAlong(op, 1), 1, {.unroll = kRevisitZeroUnroll},
               loc)([&](Scalar b) { op.written[At<Scalar>(b, loc)] = 0; });
  auto unpack = [&](const CarriedList &c) {
    std::vector<State> st(ops.size());
    size_t k = 0;
    for (size_t i = 0; i < ops.size(); ++i) {
      st[i].slot = c[k++].scalar;
      for (size_t d = 0; d < 2; ++d)
        st[i].index.push_back(c[k++].scalar);
      st[i].flag = c[k++].scalar;
      if (ops[i].output)
        st[i].other = c[k++].scalar;
      if (ops[i].output && hasEdges(ops[i])) {
        st[i].flagIndex = {c[k].scalar, c[k + 1].scalar};
        st[i].otherIndex = {c[k + 2].scalar, c[k + 3].scalar};
        k += 4;
      } else {
        st[i].flagIndex = st[i].otherIndex = st[i].index;  // sizes all equal
      }
      if (ring(ops[i])) {
        st[i].aheadSlot = c[k++].scalar;
        st[i].aheadIndex = {c[k].scalar, c[k + 1].scalar};
        k += 2;
      }
    }
    return st;
  };
  auto pack = [&](const std::vector<State> &st) {
    CarriedList c;
    for (size_t i = 0; i < ops.size(); ++i) {
      c.push_back({true, {}, st[i].slot});
      for (const Scalar &x : st[i].index)
        c.push_back({true, {}, x});
      c.push_back({true, {}, st[i].flag});
      if (ops[i].output)
        c.push_back({true, {}, st[i].other});
      if (ops[i].output && hasEdges(ops[i]))
        for (const auto *v : {&st[i].flagIndex, &st[i].otherIndex})
          for (const Scalar &x : *v)
            c.push_back({true, {}, x});
      if (ring(ops[i])) {
        c.push_back({true, {}, st[i].aheadSlot});
        for (const Scalar &x : st[i].aheadIndex)
          c.push_back({true, {}, x});
      }
    }
    return c;
  };
  // Each operand's `next`: its block at step t, or its current one when t
  // is past the grid (index maps see only grid points). A step evaluates
  // the index maps at s + 1 and at s + 2 rather than carrying the first
  // from the step before: scalar work overlaps the step's MXU work, a
  // carried index would hold a register through all of it (measured: more
  // spills, a longer step).
  auto setNext = [&](const Scalar &t, std::vector<State> &st) {
    CarriedList cur;
    for (const State &x : st)
      for (const Scalar &i : x.index)
        cur.push_back({true, {}, i});
    CarriedList got = tessera::detail::traceIf(
        before(t, 0),
        [&] {
          std::vector<Scalar> g = gridOf(t);
          CarriedList out;
          for (const Operand &op : ops)
            for (const Scalar &i : blockIndex(op, g, prefetch, loc))
              out.push_back({true, {}, i});
          return out;
        },
        [&] { return cur; }, true, loc);
    for (size_t i = 0, k = 0; i < ops.size(); ++i)
      st[i].next = {got[k].scalar, got[k + 1].scalar}, k += 2;
  };
  // What comes before the body of step t, for input i, in two parts.
  // `st` is the state of step t, with `next` the blocks of step t + 1.
  // Past the last step (t == steps) neither does anything: no block is new
  // and none was fetched for it.
  //
  // The fetch ahead: the block of step t + 1 (t + nbuf - 1 for a ring)
  // into a free buffer, when it is a new one; a ring's `ahead` moves on.
  auto fetchAhead = [&](size_t i, const Scalar &t, State &st) {
    const Operand &op = ops[i];
    if (op.single)
      return;
    if (!ring(op)) {
      Scalar changed = S(before(t, 1)) && anyDifferent(st.next, st.index, loc);
      Scalar nextSlot = 1 - S(st.slot);
      predicatedWhen(changed, [&] { transfer(op, st.next, nextSlot, true, loc); }, loc);
      return;
    }
    // The block of step t + nbuf - 1, if new, into the buffer after the
    // last one started (the one the current block's predecessor used).
    Scalar inGrid = before(t, op.nbuf - 1);
    CarriedList have;
    for (const Scalar &x : st.aheadIndex)
      have.push_back({true, {}, x});
    CarriedList later = tessera::detail::traceIf(
        inGrid,
        [&] {
          CarriedList r;
          for (const Scalar &x : blockIndex(op, gridOf(S(t) + (op.nbuf - 1)), prefetch, loc))
            r.push_back({true, {}, x});
          return r;
        },
        [&] { return have; }, true, loc);
    std::vector<Scalar> b = {later[0].scalar, later[1].scalar};
    Scalar isNew = S(inGrid) && anyDifferent(b, st.aheadIndex, loc);
    Scalar slot = S(S(st.aheadSlot) + 1) % op.nbuf;
    predicatedWhen(isNew, [&] { transfer(op, b, slot, true, loc); }, loc);
    st.aheadSlot = select(isNew, slot, st.aheadSlot, loc);
    for (size_t d = 0; d < 2; ++d)
      st.aheadIndex[d] = select(isNew, b[d], st.aheadIndex[d], loc);
  };
  // The wait for step t's own block, if one was fetched for it.
  auto waitFor = [&](size_t i, const State &st) {
    predicatedWhen(S(st.flag) != 0, [&] { transfer(ops[i], st.index, st.slot, false, loc); },
                   loc);
  };

  // A ring of 3 or more buffers fetches ahead at the start of a step: the
  // buffer it fills is not the step's (nor the next one's), so the DMA can
  // start before the step's work. The others fetch ahead at the end of the
  // step before: a double buffer is free only when that step is done with
  // it, and a ring of one fetches the next step's block before its wait.
  auto fetchesAtStart = [&](const Operand &op) { return ring(op) && op.nbuf >= 3; };

  // The first step's inputs: the prologue runs what comes before its body
  // (each input's fetch ahead, then its wait: the step starts as soon as
  // its blocks are in), so that every step can end with what comes before
  // the next.
  {
    std::vector<State> st = unpack(init);
    setNext(split ? stepAfterFirst(1) : one, st);
    for (size_t i = 0; i < ops.size(); ++i)
      if (!ops[i].output) {
        if (!fetchesAtStart(ops[i]))
          fetchAhead(i, lo, st[i]);
        waitFor(i, st[i]);
      }
    init = pack(st);
  }

  // Step s: the body on the blocks waited for, then what comes before step
  // s + 1's body: the fetches ahead (as soon as the body is done with
  // their buffers: as early as at the start of step s + 1), the write-backs
  // and the waits. At the end of step s rather than at the start of s + 1
  // they are in the same block of code as the step's work: its last MXU
  // and store work overlaps them, and step s + 1 starts with its loads.
  tessera::detail::LoopBody step = [&](const Scalar &s, const CarriedList &carried) {
    std::vector<State> st = unpack(carried);
    std::vector<Scalar> g = gridOf(s);
    Scalar hasNext = before(s, 1);
    setNext(S(s) + 1, st);
    for (size_t i = 0; i < ops.size(); ++i)
      if (fetchesAtStart(ops[i]))
        fetchAhead(i, s, st[i]);
    std::vector<State> out = st;
    // Outputs: the slot must be free of its last writeback (a wait that the
    // scheduler keeps only ahead of the slot's first store).
    for (size_t i = 0; i < ops.size(); ++i)
      if (ops[i].output)
        predicatedWhen(S(st[i].flag) != 0,
                       [&] { transfer(ops[i], st[i].flagIndex, st[i].slot, false, loc); }, loc);
    // The body, on the current slots.
    std::vector<Ref> views;
    for (size_t i = 0; i < ops.size(); ++i)
      views.push_back(vmemSlot(ops[i], st[i].slot, loc));
    trace.grids().push_back({g, grid});
    body(views);
    trace.grids().pop_back();
    // Inputs at step s + 1: a new block is in the next buffer (fetched
    // ahead before this step's body).
    for (size_t i = 0; i < ops.size(); ++i) {
      const Operand &op = ops[i];
      if (op.output)
        continue;
      if (op.single) {
        out[i].flag = zero;
        continue;
      }
      Scalar changed = S(hasNext) && anyDifferent(st[i].next, st[i].index, loc);
      Scalar nextSlot = op.nbuf == 2 ? 1 - S(st[i].slot) : S(S(st[i].slot) + 1) % op.nbuf;
      out[i].slot = select(changed, nextSlot, st[i].slot, loc);
      out[i].flag = select(changed, one, zero, loc);
      for (size_t d = 0; d < 2; ++d)
        out[i].index[d] = select(changed, st[i].next[d], st[i].index[d], loc);
    }
    Scalar s1 = S(s) + 1;
    // The DMAs start in the order their data is needed: a double-buffered
    // input's block of step s + 2, the write-backs (the slot is written
    // again at step s + 2), then a ring of one's block of step s + 1.
    setNext(S(s) + 2, out);
    for (size_t i = 0; i < ops.size(); ++i)
      if (!ops[i].output && !ring(ops[i]))
        fetchAhead(i, s1, out[i]);
    // Outputs: write back when the block is done.
    for (size_t i = 0; i < ops.size(); ++i) {
      const Operand &op = ops[i];
      if (!op.output)
        continue;
      // The last step's write-back is exposed: it starts in pieces, each of
      // which the scheduler starts after the body's last store to its rows,
      // so that all but the last overlap the step's remaining work. The
      // others overlap the next step anyway and stay whole: in flight beside
      // its fetch, more DMAs would take more of the HBM path from it.
      Scalar last = !S(hasNext);
      Scalar done = S(last) || anyDifferent(st[i].next, st[i].index, loc);
      predicatedWhen(done, [&] {
        if (op.checkRevisits)
          checkFirstWriteback(op, st[i].index, loc);
        transfer(op, st[i].index, st[i].slot, true, loc, &last);
      }, loc);
      if (op.single) {
        out[i].flag = select(done, one, zero, loc);
        continue;
      }
      // Done: the next block goes to the other slot, whose writeback (if
      // any) is now the one to wait for; this slot's is in flight.
      out[i].slot = select(done, 1 - S(st[i].slot), st[i].slot, loc);
      out[i].flag = select(done, st[i].other, zero, loc);
      out[i].other = select(done, one, st[i].other, loc);
      for (size_t d = 0; d < 2; ++d) {
        out[i].index[d] = select(done, st[i].next[d], st[i].index[d], loc);
        if (hasEdges(op)) {
          out[i].flagIndex[d] = select(done, st[i].otherIndex[d], st[i].flagIndex[d], loc);
          out[i].otherIndex[d] = select(done, st[i].index[d], st[i].otherIndex[d], loc);
        }
      }
    }
    for (size_t i = 0; i < ops.size(); ++i)
      if (ring(ops[i]) && !fetchesAtStart(ops[i]))
        fetchAhead(i, s1, out[i]);
    // Then the waits for step s + 1's input blocks.
    for (size_t i = 0; i < ops.size(); ++i)
      if (!ops[i].output)
        waitFor(i, out[i]);
    return pack(out);
  };
  CarriedList final = split ? tessera::detail::traceFor(lo, hi, 1, init, step, 1, loc)
                            : tessera::detail::traceFor(0, steps, 1, init, step, 1, loc);
  // The grid loop: the last loop of the block.
  for (mlir::Operation &op : llvm::reverse(*trace.builder().getInsertionBlock()))
    if (auto loop = llvm::dyn_cast<mlir::scf::ForOp>(op)) {
      loop->setAttr(mlir::tessera::kGridLoopAttr, trace.builder().getUnitAttr());
      if (interpreted) {
        loop->setAttr(interpret::kGridAttr, trace.builder().getDenseI64ArrayAttr(grid));
        loop->setAttr(interpret::kParallelAxesAttr,
                      trace.builder().getI64IntegerAttr(parallelAxes));
      }
      break;
    }

  // Epilogue: the writebacks still in flight. Their block index no longer
  // matters for the wait (same bytes), so the last one is used.
  std::vector<State> st = unpack(final);
  for (size_t i = 0; i < ops.size(); ++i) {
    const Operand &op = ops[i];
    if (!op.output)
      continue;
    pl::when(S(st[i].flag) != 0, [&] { transfer(op, st[i].flagIndex, st[i].slot, false, loc); },
             loc);
    if (!op.single)
      pl::when(S(st[i].other) != 0,
               [&] { transfer(op, st[i].otherIndex, 1 - S(st[i].slot), false, loc); }, loc);
  }
}

std::vector<Ref> slice(const std::vector<Ref> &v, size_t begin, size_t n) {
  return std::vector<Ref>(v.begin() + begin, v.begin() + begin + n);
}

}  // namespace pipeline

using namespace pipeline;

void emitGrid(const PallasCallSpec &spec, const std::vector<Ref> &refs,
              const std::function<void(const std::vector<Ref> &)> &body,
              const std::source_location &loc) {
  const pltpu::PrefetchScalarGridSpec *gs = spec.grid_spec ? &*spec.grid_spec : nullptr;
  int numPrefetch = gs ? gs->num_scalar_prefetch : 0;
  const auto &grid = gs ? gs->grid : spec.grid;
  const auto &inSpecs = gs ? gs->in_specs : spec.in_specs;
  const auto &outSpecs = gs ? gs->out_specs : spec.out_specs;
  const auto &scratch = gs ? gs->scratch_shapes : spec.scratch_shapes;
  size_t numOutputs = spec.out_shape.types.size();
  size_t numInputs = refs.size() - numPrefetch - numOutputs - scratch.size();
  if (!inSpecs.empty() && inSpecs.size() != numInputs)
    throwUserError(loc, "in_specs has " + std::to_string(inSpecs.size()) + " BlockSpecs for " +
                            std::to_string(numInputs) + " inputs");
  if (!outSpecs.empty() && outSpecs.size() != numOutputs)
    throwUserError(loc, "out_specs has " + std::to_string(outSpecs.size()) +
                            " BlockSpecs for " + std::to_string(numOutputs) + " outputs");
  const auto &sem = spec.compiler_params.dimension_semantics;
  if (!sem.empty()) {
    if (sem.size() != grid.size())
      throwUserError(loc, "dimension_semantics has " + std::to_string(sem.size()) +
                              " entries for a grid of " + std::to_string(grid.size()) + " axes");
    for (size_t k = 1; k < sem.size(); ++k)
      if (sem[k] == pltpu::PARALLEL && sem[k - 1] == pltpu::ARBITRARY)
        throwUserError(loc, "dimension_semantics: parallel axes must come before arbitrary ones");
  }
  std::vector<Ref> prefetch = slice(refs, 0, numPrefetch);
  int64_t limit = spec.compiler_params.vmem_limit_bytes > 0
                      ? spec.compiler_params.vmem_limit_bytes
                      : machine::kVmemBytes;
  int64_t used = 0;
  for (const pltpu::ScratchType &s : scratch)
    if (s.space == MemorySpace::VMEM)
      used += s.vmemBytes().value_or(INT64_MAX / 2);
  if (used > limit)
    throwUserError(loc, "scratch_shapes need " + std::to_string(used) +
                            " bytes of VMEM, over vmem_limit_bytes = " + std::to_string(limit));

  // Blocked operands go through the pipeline; ANY ones are passed as they are.
  std::vector<Operand> ops;
  std::map<size_t, Shape> bodyShape;  // rank-3 operands: the block as the body sees it
  std::vector<int> position(numInputs + numOutputs, -1);
  for (size_t i = 0; i < numInputs + numOutputs; ++i) {
    bool output = i >= numInputs;
    size_t k = output ? i - numInputs : i;
    BlockSpec bs = output ? (outSpecs.empty() ? BlockSpec(loc) : outSpecs[k])
                          : (inSpecs.empty() ? BlockSpec(loc) : inSpecs[k]);
    if (bs.memory_space == MemorySpace::ANY || bs.memory_space == MemorySpace::HBM)
      continue;
    position[i] = ops.size();
    Operand op;
    op.outer = refs[numPrefetch + i];
    op.spec = bs;
    op.output = output;
    op.what = (output ? "output " : "input ") + std::to_string(output ? k : numPrefetch + k);
    if (op.outer.shape().size() == 3)
      bodyShape[ops.size()] = mapRank3Operand(op, loc);
    ops.push_back(std::move(op));
  }
  auto inner = [&](const std::vector<Ref> &blocks) {
    std::vector<Ref> args = prefetch;
    KernelTrace &trace = KernelTrace::current(loc, "a pipeline");
    for (size_t i = 0; i < numInputs + numOutputs; ++i) {
      if (position[i] < 0) {
        args.push_back(refs[numPrefetch + i]);
        continue;
      }
      Ref block = blocks[position[i]];
      if (auto it = bodyShape.find(position[i]); it != bodyShape.end()) {
        // A rank-3 operand's block buffer, as the body sees it.
        RefMeta meta = block.meta();
        meta.shape = it->second;
        block = trace.makeRef(std::move(meta));
      }
      args.push_back(block);
    }
    for (size_t i = 0; i < scratch.size(); ++i)
      args.push_back(refs[numPrefetch + numInputs + numOutputs + i]);
    body(args);
  };
  int parallelAxes = 0;
  while (parallelAxes < (int)sem.size() && sem[parallelAxes] == pltpu::PARALLEL)
    ++parallelAxes;
  emitPipeline(grid, prefetch, std::move(ops), inner, limit, used, parallelAxes, loc);
}

/// The TensorCores a pallas_call runs on: both cores of a whole chip
/// (tpu_init::initialize_one_chip, the megacore device) when its parallel
/// grid axes have a point for each, as Mosaic splits them on v4; else one
/// (a split chip's device is one core; DebugOptions::megacore = false).
int megacoreCores(const PallasCallSpec &spec) {
  if (!spec.debug.megacore || devices().front().core >= 0)
    return 1;
  const auto &grid = spec.grid_spec ? spec.grid_spec->grid : spec.grid;
  const auto &sem = spec.compiler_params.dimension_semantics;
  int64_t points = 1;
  for (size_t k = 0; k < sem.size() && k < grid.size() && sem[k] == pltpu::PARALLEL; ++k)
    points *= std::max<int64_t>(grid[k], 1);
  return points >= machine::kCoresPerChip ? machine::kCoresPerChip : 1;
}

PallasCall::PallasCall(PallasCallSpec spec, int arity,
                       std::function<void(const std::vector<Ref> &)> body,
                       std::source_location loc)
    : spec_(std::move(spec)), arity_(arity), body_(std::move(body)), loc_(loc) {}

std::vector<Array> PallasCall::call(const std::vector<Array> &args) const {
  const pltpu::PrefetchScalarGridSpec *gs = spec_.grid_spec ? &*spec_.grid_spec : nullptr;
  KernelSpec k;
  k.out_type = spec_.out_shape;
  k.scratch_types = gs ? gs->scratch_shapes : spec_.scratch_shapes;
  k.name = spec_.name;
  k.compiler_params = spec_.compiler_params;
  k.num_scalar_prefetch = gs ? gs->num_scalar_prefetch : 0;
  k.debug = spec_.debug;
  k.arg_names = spec_.arg_names;
  k.interpret = spec_.interpret;
  k.mesh = {"", megacoreCores(spec_)};
  std::vector<std::pair<int, int>> aliases;
  for (auto [in, out] : spec_.input_output_aliases) {
    if (in < 0 || in >= (int)args.size() || out < 0 || out >= (int)k.out_type.types.size())
      throwUserError(loc_, "input_output_aliases {" + std::to_string(in) + ": " +
                               std::to_string(out) + "}: there are " +
                               std::to_string(args.size()) + " inputs and " +
                               std::to_string(k.out_type.types.size()) + " outputs");
    if (in < k.num_scalar_prefetch)
      throwUserError(loc_, "input_output_aliases: input " + std::to_string(in) +
                               " is a scalar-prefetch input in SMEM");
    ShapeDtypeStruct t{args[in].shape(), args[in].dtype()};
    if (!(t == k.out_type.types[out]))
      throwUserError(loc_, "input_output_aliases {" + std::to_string(in) + ": " +
                               std::to_string(out) + "}: input " + to_string(t) +
                               " and output " + to_string(k.out_type.types[out]) +
                               " differ");
    aliases.push_back({in, out});
  }
  PallasCallSpec spec = spec_;
  auto body = body_;
  std::source_location loc = loc_;
  Kernel kernel(std::move(k), arity_,
                [spec, body, loc](const std::vector<Ref> &refs) { emitGrid(spec, refs, body, loc); },
                loc_);
  kernel.setAliases(std::move(aliases));
  return kernel.call(args);
}

}  // namespace pl

namespace lax {
Scalar axis_index(std::string_view axis, std::source_location loc) {
  KernelTrace &trace = pl::coreAxis(axis, "lax::axis_index", loc);
  // One core: the index is 0, no SMEM read.
  return trace.numCores() == 1 ? trace.constant(0, loc) : trace.coreIndex(loc);
}
int64_t axis_size(std::string_view axis, std::source_location loc) {
  return pl::coreAxis(axis, "lax::axis_size", loc).numCores();
}
}  // namespace lax

namespace pltpu {
void run_on_first_core(std::string_view axis, const std::function<void()> &fn,
                       std::source_location loc) {
  pl::when(lax::axis_index(axis, loc) == 0, fn, loc);
}

void Pipeline::run(const std::vector<Ref> &refs) const {
  size_t n = spec_.in_specs.size() + spec_.out_specs.size();
  if (refs.size() != n)
    throwUserError(loc_, "the pipeline has " + std::to_string(n) + " BlockSpecs but got " +
                             std::to_string(refs.size()) + " Refs");
  KernelTrace &trace = KernelTrace::current(loc_, "pltpu::emit_pipeline");
  (void)trace;
  std::vector<pl::pipeline::Operand> ops;
  for (size_t i = 0; i < n; ++i) {
    pl::pipeline::Operand op;
    op.outer = refs[i];
    op.output = i >= spec_.in_specs.size();
    op.spec = op.output ? spec_.out_specs[i - spec_.in_specs.size()] : spec_.in_specs[i];
    op.what = "pipeline operand " + std::to_string(i) + " ('" + refs[i].name() + "')";
    if (refs[i].memory_space() != MemorySpace::ANY && refs[i].memory_space() != MemorySpace::HBM)
      throwUserError(loc_, op.what + " is in " + to_string(refs[i].memory_space()) +
                               "; emit_pipeline streams HBM Refs");
    ops.push_back(std::move(op));
  }
  pl::pipeline::emitPipeline(spec_.grid, {}, std::move(ops), body_, machine::kVmemBytes, 0,
                             /*parallelAxes=*/0, loc_);
}
}  // namespace pltpu

}  // namespace tessera
