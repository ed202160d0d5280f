//===- PallasCall.cpp - pallas_call, emit_pipeline: a traced tessera.grid -===//
//
// pallas_call and emit_pipeline trace the same thing into the kernel being
// traced: one tessera.grid (mlir/IR/TesseraOps.td) holding the grid, the
// operands' block shapes and buffer counts, the index maps (traced once
// each, on the grid indices of their regions) and the body (traced once, on
// the grid indices, pl::program_id, and one VMEM block per operand). The
// DMA pipeline around the body is tessera-expand-grid's
// (mlir/Transforms/ExpandGrid.cpp); interpret mode runs the op itself
// (interpret/Interpreter.cpp), from the same traced IR.
//
// What stays here is what the user must hear about at their own line: the
// block shape rules (of arrays of other ranks and of element dimensions:
// dsl/GridOperands.cpp, which maps those to the 2-D blocks of their
// memory), the index maps' arity, the VMEM budget of the block buffers,
// the order of dimension_semantics.
//
//===----------------------------------------------------------------------===//
#include <sstream>
#include "dsl/PallasCall.h"

#include <algorithm>

#include "dsl/GridOperands.h"
#include "dsl/SmemBlocks.h"

#include "dsl/ArrayOps.h"
#include "dsl/Jit.h"
#include "dsl/KernelTrace.h"
#include "dsl/RefOps.h"
#include "dsl/ValueBuilder.h"
#include "mlir/IR/ScalarFacts.h"
#include "mlir/IR/TesseraDialect.h"
#include "runtime/Device.h"
#include "sim/MachineDesc.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/SaveAndRestore.h"

namespace tessera {

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
std::pair<Scalar, Scalar> sliceIndex(const Slice &s, const std::source_location &loc) {
  if (!s.dynamicSize && s.size < 0)
    throwUserError(loc, "an index map returns pl::ds(start, size) for a pl::BoundedSlice "
                        "dimension: give the size");
  Scalar start = s.dynamicStart ? indexScalar(*s.dynamicStart, loc) : indexScalar(s.start, loc);
  Scalar size = s.dynamicSize ? indexScalar(*s.dynamicSize, loc) : indexScalar(s.size, loc);
  return {start, size};
}
std::vector<Scalar> withoutSizes(const BlockIndices &idx, const std::string &what,
                                 const std::source_location &loc) {
  for (size_t d = 0; d < idx.size.size(); ++d)
    if (idx.size[d])
      throwUserError(loc, "the index map of " + what + " returns pl::ds(start, size) for "
                          "dimension " + std::to_string(d) + ", which is not a "
                          "pl::BoundedSlice dimension (a block index or an element offset "
                          "there)");
  return idx.at;
}
void floatBlockIndex(double v, const std::source_location &loc) {
  std::ostringstream os;
  os << v;
  throwUserError(loc, "an index map returns integer block indices, not the floating-point " +
                          os.str() + " (it would be truncated to a block silently); return an "
                          "int or an int32 Scalar");
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

NumPrograms num_programs(int axis, std::source_location loc) {
  KernelTrace &trace = KernelTrace::current(loc, "pl::num_programs");
  if (trace.grids().empty())
    throwUserError(loc, "pl::num_programs is used outside a pallas_call or emit_pipeline body");
  const auto &g = trace.grids().back();
  if (axis < 0 || axis >= (int)g.sizes.size())
    throwUserError(loc, "pl::num_programs(" + std::to_string(axis) + "): the grid has " +
                            std::to_string(g.sizes.size()) + " axes");
  if (g.sizes[axis] == KernelTrace::kRuntimeExtent)
    return NumPrograms(g.extents[axis], loc);
  return NumPrograms(g.sizes[axis], loc);
}

NumPrograms::operator int64_t() const {
  if (!size_)
    throwUserError(loc_, "pl::num_programs of a grid axis whose extent is known only at run "
                         "time is an int32 Scalar, not an integer: use it as a Scalar "
                         "(Scalar n = pl::num_programs(axis))");
  return *size_;
}

NumPrograms::operator Scalar() const {
  if (size_)
    return KernelTrace::current(loc_, "pl::num_programs").constant(*size_, loc_);
  return value_;
}

// Integers keep a static extent static; a run-time one makes Scalars.
#define TESSERA_NUM_PROGRAMS_OPS(OP, NAME)                                                         \
  NumPrograms detail::NAME(const NumPrograms &a, const NumPrograms &b) {                           \
    if (a.is_static() && b.is_static()) {                                                          \
      int64_t x = a, y = b;                                                                        \
      if ((#OP[0] == '/' || #OP[0] == '%') && y == 0)                                              \
        throw Error("pl::num_programs: a division by 0");                                          \
      return NumPrograms(x OP y, std::source_location::current());                                 \
    }                                                                                              \
    return NumPrograms(At<Scalar>(Scalar(a)) OP Scalar(b), std::source_location::current());       \
  }                                                                                                \
  Scalar operator OP(At<Scalar> a, const NumPrograms &b) {                                         \
    return At<Scalar>(a.value, a.loc) OP Scalar(b);                                                \
  }                                                                                                \
  Scalar operator OP(const NumPrograms &a, At<Scalar> b) {                                         \
    return At<Scalar>(Scalar(a), b.loc) OP b.value;                                                \
  }
TESSERA_NUM_PROGRAMS_OPS(+, add)
TESSERA_NUM_PROGRAMS_OPS(-, sub)
TESSERA_NUM_PROGRAMS_OPS(*, mul)
TESSERA_NUM_PROGRAMS_OPS(/, div)
TESSERA_NUM_PROGRAMS_OPS(%, rem)
#undef TESSERA_NUM_PROGRAMS_OPS
#define TESSERA_NUM_PROGRAMS_CMP(OP)                                                               \
  Scalar operator OP(At<Scalar> a, const NumPrograms &b) {                                         \
    return At<Scalar>(a.value, a.loc) OP Scalar(b);                                                \
  }                                                                                                \
  Scalar operator OP(const NumPrograms &a, At<Scalar> b) {                                         \
    return At<Scalar>(Scalar(a), b.loc) OP b.value;                                                \
  }
TESSERA_NUM_PROGRAMS_CMP(<)
TESSERA_NUM_PROGRAMS_CMP(<=)
TESSERA_NUM_PROGRAMS_CMP(>)
TESSERA_NUM_PROGRAMS_CMP(>=)
TESSERA_NUM_PROGRAMS_CMP(==)
TESSERA_NUM_PROGRAMS_CMP(!=)
#undef TESSERA_NUM_PROGRAMS_CMP

namespace pipeline {


/// Checks a BlockSpec against its array and fills in the block shape.
void checkBlock(Operand &op, int64_t vmemLimit, int64_t &vmemUsed,
                const std::source_location &loc) {
  const Shape &shape = op.outer.shape();
  const std::source_location &at = op.spec.loc;
  if (shape.size() != 2)
    throwUserError(at, op.what + " has shape " + to_string(shape) +
                           "; pallas_call blocks arrays of rank 2 to " + std::to_string(kMaxRank));
  std::vector<BlockDim> block = op.spec.block_shape.value_or(
      std::vector<BlockDim>{BlockDim(shape[0]), BlockDim(shape[1])});
  if (block.size() != shape.size())
    throwUserError(at, "the block shape of " + op.what + " has " + std::to_string(block.size()) +
                           " dimensions; the array " + to_string(shape) + " has " +
                           std::to_string(shape.size()));
  for (size_t d = 0; d < block.size(); ++d)
    if (block[d].squeezed)
      throwUserError(at, "a squeezed block dimension of " + op.what + " " + to_string(shape) +
                             ": Pallas counts it as 1, which must be the array's dimension " +
                             "(the tiling rule)" +
                             (d == 0 ? std::string(": squeeze the rows of a [1, N] array")
                                     : std::string(": squeeze the column of an [R, 1] array")));
  op.bm = block[0].size;
  op.bn = block[1].size;
  // Pallas' TPU rule: each of the last two block dimensions is the array's
  // or a multiple of the tile's (8 rows, 128 lanes), larger than the array
  // too (every block along it is then partly outside, as an edge block is).
  auto rule = [&](int64_t b, int64_t dim, int64_t unit, const char *which) {
    if (b <= 0 || (b != dim && b % unit != 0))
      throwUserError(at, "block shape [" + std::to_string(op.bm) + ", " + std::to_string(op.bn) +
                             "] of " + op.what + " " + to_string(shape) + ": the " + which +
                             " dimension must be the array's (" + std::to_string(dim) +
                             ") or a positive multiple of " + std::to_string(unit) +
                             " (the (8, 128) tiling rule)");
  };
  if (!op.folded) {  // (a 1-D array's rule is mapRank1Operand's; pl::Element dims are free)
    if (!block[0].element)
      rule(op.bm, shape[0], machine::kSublanes, "second-to-last");
    if (!block[1].element)
      rule(op.bn, shape[1], machine::kLanes, "last");
  }
  op.elementDims = (block[0].element ? 1 : 0) | (block[1].element ? 2 : 0);
  // Packed dtypes too (Mosaic on v4 takes bf16 blocks of 8 rows): a block
  // of rows that are not whole (16, 128) / (32, 128) tiles is padded in
  // VMEM, and 8 rows are still whole 32-bit words of the HBM tiling
  // (T(8,128)(2,1), (4,1)), so its DMAs move whole memory rows.
  DType dtype = op.outer.dtype();
  op.single =
      mlir::tessera::GridOp::isWholeArray({op.bm, op.bn}, shape, op.rowPadding, op.colPadding);
  int64_t slotRows = mlir::tessera::GridOp::slotRows(op.bufferRows(),
                                                     tessera::detail::memoryElementType(dtype));
  if (op.spec.pipeline_mode) {
    int n = op.spec.pipeline_mode->buffer_count;
    if (n < 1)
      throwUserError(at, "pl::Buffered(" + std::to_string(n) + ") of " + op.what +
                             ": a block needs at least 1 buffer");
    if (op.output && n < 2)
      throwUserError(at, "pl::Buffered(" + std::to_string(n) + ") of " + op.what +
                             ": an output is written back from at least 2 buffers (one is "
                             "written while the other's write-back is in flight)");
    op.nbuf = n;
  }
  if (op.single)
    op.nbuf = 1;
  // A buffer of whole (8, 128) tiles, as VMEM scratch (a block of one
  // column, [bm, 1], is padded to 128 lanes).
  op.slotBytes = pltpu::VMEM({slotRows, op.bn}, dtype).vmemBytes().value_or(INT64_MAX / 4);
  int64_t bytes = op.nbuf * op.slotBytes;
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

/// An output whose index map ignores a PARALLEL axis: every point along it
/// writes the same block, so the result depends on the points' order, and
/// two TensorCores splitting the axis would race on the block. Pallas cannot
/// see it; the traced map shows it. An error when the axis is split across
/// cores (megacore), else a warning.
void checkParallelOutput(const Operand &op, mlir::Block &map, const std::vector<int64_t> &grid,
                         int parallelAxes, int cores) {
  llvm::SmallBitVector used =
      detail::axesUsed(map, llvm::to_vector(map.getTerminator()->getOperands()));
  for (int k = 0; k < parallelAxes && k < (int)grid.size(); ++k) {
    bool runtime = grid[k] == KernelTrace::kRuntimeExtent;
    if ((!runtime && grid[k] < 2) || used.test(k))
      continue;
    std::string what = "the index map of " + op.what + " '" + op.outer.name() +
                       "' does not use grid axis " + std::to_string(k) +
                       ", which dimension_semantics makes PARALLEL: all " +
                       (runtime ? std::string("the") : std::to_string(grid[k])) +
                       " points along it write the same output block";
    if (cores > 1)
      throwUserError(op.spec.loc, what + ", and the chip's " + std::to_string(cores) +
                                      " TensorCores split that axis (megacore): they would race "
                                      "on the block; make the axis ARBITRARY (an accumulation) "
                                      "or index the block by it");
    std::fprintf(stderr, "%s: warning: %s, so the result depends on the order of the points; "
                         "make the axis ARBITRARY (an accumulation) or index the block by it\n",
                 positionString(op.spec.loc).c_str(), what.c_str());
  }
}

/// pl.Buffered's default, chosen once the body is traced: the blocks whose
/// BlockSpec names no pipeline_mode get a third buffer (a ring: an input's
/// blocks fetched two steps ahead instead of one, an output's written back
/// while two later steps fill the others) when a step's DMAs outlast the
/// step: the DMA start-up plus the bytes of the step's blocks at the HBM
/// rate against kStepOverlap times the body's serial estimate
/// (GridOp::serialStepCycles), when the grid has more than two steps on a
/// core and VMEM holds the buffers (`vmemUsed`: the kernel's scratch, the
/// pipeline's buffers and the body's scopes, against `vmemLimit`). Pallas
/// always takes 2; the numbers are the same either way.
void chooseDefaultBuffers(mlir::tessera::GridOp grid, const std::vector<Operand> &ops,
                          int64_t vmemLimit, int64_t vmemUsed) {
  constexpr int kDefaultRing = 3;
  // The scheduler overlaps a step's independent ops: the steps of the
  // kernel suite (tessera_kernels) issue in 0.4 to 0.8 of their serial
  // estimate. A ring pays where the DMAs take longer than this much of it
  // (flash attention's 643 cycles against 0.8 x 749, softmax's 729
  // against 0.8 x 622) and costs a little where they do not (layer norm's
  // 959 against 0.8 x 1,448: 10,836 cycles with rings against 10,489,
  // when it was chosen). The estimate does not see how far the scheduler
  // overlaps a step's groups: layer norm's step now issues in about 560
  // cycles, where a ring pays (7,400 -> 6,411), while matmul's, 0.63 of
  // its estimate against layer norm's 0.66, still outlasts its DMAs (a
  // ring: 19,248 -> 19,745); no factor tells them apart.
  constexpr double kStepOverlap = 0.8;
  std::vector<size_t> ring;
  double stepBytes = 0;
  int64_t extra = 0;
  for (size_t k = 0; k < ops.size(); ++k) {
    const Operand &o = ops[k];
    if (o.single)
      continue;
    stepBytes += (double)o.slotBytes;
    // (Not an output of pl::BoundedSlice blocks: its write-back waits go
    // by bits of a run-time size, and a ring waits for each other slot's
    // whose window overlaps: ragged f32[1024, 256] groups took 11,382
    // cycles with a ring of 3 against 11,093 with 2.)
    bool bounded = o.spec.block_shape && std::ranges::any_of(*o.spec.block_shape, &BlockDim::bounded);
    if (!o.spec.pipeline_mode && !(o.output && bounded)) {
      ring.push_back(k);
      extra += o.slotBytes * (kDefaultRing - o.nbuf);
    }
  }
  if (ring.empty() || (!grid.hasDynamicGrid() && grid.getStepsPerCore() < kDefaultRing) ||
      vmemUsed + extra > vmemLimit)
    return;
  double dmas = (double)machine::kDmaStartupCycles + stepBytes / machine::kHbmBytesPerCyclePerCore;
  if (dmas <= kStepOverlap * (double)grid.serialStepCycles())
    return;
  llvm::SmallVector<int64_t> counts(grid.getBufferCounts());
  for (size_t k : ring)
    counts[k] = kDefaultRing;
  grid.setBufferCounts(counts);
}

/// Element columns of `op` (pl::Element along the lanes) start at a whole
/// 128-lane tile of the (padded) array, as a DMA moves them (Mosaic's rule
/// for a run-time lane offset), unless the block spans the array's
/// unpadded columns (its one offset 0): the index map's offsets, known multiples of `known`, are
/// promised so (pl::multiple_of), in both modes, else a user error at the
/// BlockSpec's line.
void checkElementColumns(const Operand &op, int64_t known) {
  bool padded = op.colPadding != std::pair<int64_t, int64_t>{0, 0};
  if (!(op.elementDims & 2) || (op.bn == op.outer.shape()[1] && !padded) ||
      known % machine::kLanes == 0)
    return;
  throwUserError(op.spec.loc,
                 "the pl::Element columns of " + op.what + " " + to_string(op.outer.shape()) +
                     " start at the index map's offset, which a DMA takes at whole tiles of " +
                     std::to_string(machine::kLanes) + " lanes: promise the offsets with "
                     "pl::multiple_of(offset, 128)");
}

/// The tessera.grid of `body` (see the file comment), its index maps and
/// body traced into its regions. The first `parallelAxes` axes of the grid
/// are parallel (dimension_semantics).
/// `extents` holds, for each axis of `grid` that is kRuntimeExtent, its
/// int32 Scalar (read when the kernel runs).
void traceGrid(const std::vector<int64_t> &grid, const std::vector<Scalar> &extents,
               const std::vector<Ref> &prefetch, std::vector<Operand> ops,
               const std::function<void(const std::vector<Ref> &)> &body, int64_t vmemLimit,
               int64_t vmemUsed, int parallelAxes, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "a pipeline");
  int64_t steps = 1;
  for (int64_t g : grid) {
    if (g == KernelTrace::kRuntimeExtent)
      continue; // checked when the kernel runs
    if (g < 1)
      throwUserError(loc, "grid " + to_string(grid) + ": every axis needs at least 1 step");
    steps *= g;
    if (steps > INT32_MAX)
      throwUserError(loc, "grid " + to_string(grid) + " has more than 2^31 - 1 steps");
  }
  for (Operand &op : ops)
    checkBlock(op, vmemLimit, vmemUsed, loc);

  mlir::OpBuilder &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  llvm::SmallVector<mlir::Value> inputs, outputs;
  llvm::SmallVector<mlir::Attribute> semantics, blockShapes, names, labels;
  llvm::SmallVector<int64_t> buffers, elementDims, matrixRows, rowPadding, colPadding,
      boundedCols;
  llvm::SmallVector<mlir::Attribute> copyRows;
  for (const Operand &op : ops) {
    (op.output ? outputs : inputs).push_back(op.outer.meta().value);
    blockShapes.push_back(b.getDenseI64ArrayAttr({op.bm, op.bn}));
    buffers.push_back(op.nbuf);
    elementDims.push_back(op.elementDims);
    copyRows.push_back(b.getDenseI64ArrayAttr(op.matrixCopies));
    bool padded = op.rowPadding != std::pair<int64_t, int64_t>{0, 0};
    matrixRows.push_back(op.blocksOfMatrices || (padded && severalMatrices(op)) ? op.matrixStride
                                                                                : 0);
    rowPadding.append({op.rowPadding.first, op.rowPadding.second});
    colPadding.append({op.colPadding.first, op.colPadding.second});
    boundedCols.push_back(op.boundedCols);
    names.push_back(b.getStringAttr(op.outer.name()));
    labels.push_back(b.getStringAttr(op.what));
  }
  for (size_t k = 0; k < grid.size(); ++k)
    semantics.push_back(b.getStringAttr((int)k < parallelAxes ? "parallel" : "arbitrary"));
  // Megacore: a pallas_call with parallel axes on a kernel of 2 cores splits
  // their points across the cores (PallasCall::call decides).
  int cores = trace.numCores() > 1 && parallelAxes > 0 ? trace.numCores() : 1;
  llvm::SmallVector<mlir::Value> dynamicGrid;
  for (size_t k = 0; k < grid.size(); ++k)
    if (grid[k] == KernelTrace::kRuntimeExtent)
      dynamicGrid.push_back(trace.use(extents[k], loc));
  // (An optional per-operand attribute only where some operand needs it.)
  auto ifAny = [&](llvm::ArrayRef<int64_t> entries) {
    return llvm::any_of(entries, [](int64_t e) { return e != 0; })
               ? b.getDenseI64ArrayAttr(entries)
               : mlir::DenseI64ArrayAttr();
  };
  auto op = b.create<mlir::tessera::GridOp>(
      l, inputs, outputs, dynamicGrid, grid, b.getArrayAttr(semantics), cores,
      b.getArrayAttr(blockShapes), buffers, trace.runtimeChecks(), b.getArrayAttr(names),
      b.getArrayAttr(labels), ifAny(elementDims),
      llvm::any_of(ops, [](const Operand &o) { return o.matrixCopies.size() > 1; })
          ? b.getArrayAttr(copyRows)
          : mlir::ArrayAttr(),
      ifAny(matrixRows), ifAny(rowPadding), ifAny(colPadding), ifAny(boundedCols),
      (unsigned)ops.size());
  mlir::OpBuilder::InsertionGuard guard(b);
  auto gridArgs = [&](mlir::Block *block) {
    std::vector<Scalar> ids;
    for (size_t k = 0; k < grid.size(); ++k)
      ids.push_back(trace.addScalar(block->addArgument(b.getI32Type(), l), DType::int32));
    return ids;
  };
  // The index maps, each once on the grid indices of its region.
  for (size_t i = 0; i < ops.size(); ++i) {
    mlir::Block *block = b.createBlock(&op.getIndexMaps()[i]);
    std::vector<Scalar> mapIds = gridArgs(block);
    // pl::num_programs works in an index map (Pallas allows it).
    trace.grids().push_back({mapIds, grid, extents});
    std::vector<Scalar> idx = blockIndex(ops[i], mapIds, prefetch, loc);
    trace.grids().pop_back();
    llvm::SmallVector<mlir::Value> values;
    for (const Scalar &x : idx)
      values.push_back(trace.use(x, loc));
    // At the BlockSpec's line: a block index out of range names it.
    b.create<mlir::tessera::YieldOp>(trace.loc(ops[i].spec.loc), values);
    if (ops[i].rowPadding != std::pair<int64_t, int64_t>{0, 0})
      paddedRowsUnit(ops[i], mlir::tessera::getKnownMultiple(values[0]));
    checkElementColumns(ops[i], mlir::tessera::getKnownMultiple(values[1]));
    if (ops[i].output)
      checkParallelOutput(ops[i], *block, grid, parallelAxes, cores);
  }
  // The body, on the grid indices (pl::program_id) and one block per
  // operand: a window of its ring of buffers, or the one buffer of a
  // whole-array block (named as the expansion's windows of them are).
  mlir::Block *block = b.createBlock(&op.getBody());
  std::vector<Scalar> ids = gridArgs(block);
  std::vector<Ref> views;
  for (const Operand &o : ops) {
    int64_t rows = o.bufferRows();
    auto type = mlir::tessera::GridOp::blockType(
        {rows, o.bn}, o.single, tessera::detail::memoryElementType(o.outer.dtype()));
    std::string name = o.outer.name() + "_blocks";
    if (!o.single)
      name += "[pl.ds(?, " + std::to_string(rows) + "), 0:" + std::to_string(o.bn) + "]";
    views.push_back(trace.makeRef({.trace = trace.id(),
                                   .value = block->addArgument(type, l),
                                   .shape = {rows, o.bn},
                                   .dtype = o.outer.dtype(),
                                   .space = MemorySpace::VMEM,
                                   .name = name}));
  }
  trace.grids().push_back({ids, grid, extents});
  body(views);
  trace.grids().pop_back();
  b.create<mlir::tessera::YieldOp>(l, mlir::ValueRange{});
  // (The VMEM the kernel holds: its scratch, its scopes and these blocks;
  // a pallas_call's vmemUsed counts its scratch too, an emit_pipeline's
  // does not.)
  int64_t blocks = 0;
  for (const Operand &o : ops)
    blocks += o.nbuf * o.slotBytes;
  chooseDefaultBuffers(op, ops, vmemLimit,
                       std::max(vmemUsed, blocks + trace.vmemScratchBytes()) +
                           trace.scopedVmemBytes());
}

std::vector<Ref> slice(const std::vector<Ref> &v, size_t begin, size_t n) {
  return std::vector<Ref>(v.begin() + begin, v.begin() + begin + n);
}

}  // namespace pipeline

using namespace pipeline;

/// How many leading axes of dimension_semantics are PARALLEL (the axes a
/// megacore call splits; the rest must be ARBITRARY).
static int leadingParallelAxes(const std::vector<pltpu::GridDimensionSemantics> &sem) {
  int n = 0;
  while (n < (int)sem.size() && sem[n] == pltpu::PARALLEL)
    ++n;
  return n;
}

/// The grid of a pallas_call without its SMEM operands (emitGrid,
/// dsl/SmemBlocks.cpp, handles them around it).
void emitGridOf(const PallasCallSpec &spec, const std::vector<int64_t> &grid,
                const std::vector<Scalar> &extents, const std::vector<Ref> &refs,
                const std::function<void(const std::vector<Ref> &)> &body,
                const std::source_location &loc) {
  const pltpu::PrefetchScalarGridSpec *gs = spec.grid_spec ? &*spec.grid_spec : nullptr;
  int numPrefetch = gs ? gs->num_scalar_prefetch : 0;
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

  // Blocked operands (element-indexed ones too) go through the pipeline;
  // ANY ones are passed as they are.
  GridOperands operands;
  for (size_t i = 0; i < numInputs + numOutputs; ++i) {
    bool output = i >= numInputs;
    size_t k = output ? i - numInputs : i;
    bool specified = !(output ? outSpecs : inSpecs).empty();
    BlockSpec bs = output ? (specified ? outSpecs[k] : BlockSpec(loc))
                          : (specified ? inSpecs[k] : BlockSpec(loc));
    // A semaphore operand is passed as it is, as Pallas' memory_space
    // SEMAPHORE (which the BlockSpec must say when there are specs).
    bool semaphore = refs[numPrefetch + i].memory_space() == MemorySpace::SEMAPHORE;
    std::string what = (output ? "out_specs[" : "in_specs[") + std::to_string(k) + "]";
    if (semaphore != (bs.memory_space == MemorySpace::SEMAPHORE) && (specified || !semaphore))
      throwUserError(bs.loc, semaphore ? what + " is a semaphore operand: its BlockSpec is "
                                                "pl::BlockSpec::semaphore() (memory_space "
                                                "SEMAPHORE)"
                                       : what + " has memory_space SEMAPHORE, but its operand "
                                                "is an array of " +
                                             to_string(refs[numPrefetch + i].dtype()) +
                                             ", not of semaphores");
    if (semaphore || bs.memory_space == MemorySpace::ANY || bs.memory_space == MemorySpace::HBM)
      continue;
    Operand op;
    op.outer = refs[numPrefetch + i];
    op.spec = bs;
    op.output = output;
    // Named as the user wrote it (scalar prefetch inputs have no BlockSpec).
    op.what = what;
    operands.add(i, std::move(op), loc);
  }
  auto inner = [&](const std::vector<Ref> &blocks) {
    std::vector<Ref> args = prefetch;
    KernelTrace::current(loc, "a pipeline");
    for (size_t i = 0; i < numInputs + numOutputs; ++i)
      args.push_back(operands.bodyRef(i, blocks).value_or(refs[numPrefetch + i]));
    for (size_t i = 0; i < scratch.size(); ++i)
      args.push_back(refs[numPrefetch + numInputs + numOutputs + i]);
    operands.callBody(std::move(args), prefetch.size(), body, loc);
  };
  traceGrid(grid, extents, prefetch, operands.takePipelined(), inner, limit, used,
            leadingParallelAxes(sem), loc);
}

/// The TensorCores a pallas_call runs on: both cores of a whole chip
/// (tpu_init::initialize_one_chip, the megacore device) when its parallel
/// grid axes have a point for each, as Mosaic splits them on v4; else one
/// (a split chip's device is one core; DebugOptions::megacore = false).
/// Interpret mode with InterpretParams::num_cores_or_threads simulates that
/// many cores instead of the device's. A call with semaphore operands stays
/// on one core (each core has semaphores of its own).
int megacoreCores(const PallasCallSpec &spec, const std::vector<Array> &args) {
  if (std::ranges::any_of(args, isSemaphore, &Array::dtype) ||
      std::ranges::any_of(spec.out_shape.types, isSemaphore, &ShapeDtypeStruct::dtype))
    return 1;
  pltpu::Interpret mode = spec.interpret ? spec.interpret : pltpu::forced_interpret_mode();
  int simulated = mode ? mode.params->num_cores_or_threads : 0;
  int cores = simulated > 0                   ? simulated
              : devices().front().core >= 0 ? 1
                                            : machine::kCoresPerChip;
  if (!spec.debug.megacore || cores <= 1 || cores > machine::kCoresPerChip)
    return 1;
  const auto &grid = spec.grid_spec ? spec.grid_spec->grid : spec.grid;
  int parallelAxes = std::min<int>(leadingParallelAxes(spec.compiler_params.dimension_semantics),
                                   grid.size());
  // A run-time parallel extent may have a point for each core: the split
  // is made at run time (a core may then get no point).
  int64_t points = 1;
  for (int k = 0; k < parallelAxes; ++k)
    points *= grid[k].size ? std::max<int64_t>(*grid[k].size, 1) : cores;
  return points >= cores ? cores : 1;
}

PallasCall::PallasCall(PallasCallSpec spec, int arity,
                       std::function<void(const std::vector<Ref> &)> body,
                       std::source_location loc)
    : spec_(std::move(spec)), arity_(arity), body_(std::move(body)), loc_(loc),
      traces_(std::make_shared<detail::KernelTraceCache>()) {}

std::vector<Array> PallasCall::call(const std::vector<Array> &args) const {
  const pltpu::PrefetchScalarGridSpec *gs = spec_.grid_spec ? &*spec_.grid_spec : nullptr;
  // Pallas: grid_spec replaces grid, in_specs, out_specs and scratch_shapes;
  // given both, one would be ignored.
  if (gs && (!spec_.grid.empty() || !spec_.in_specs.empty() || !spec_.out_specs.empty() ||
             !spec_.scratch_shapes.empty()))
    throwUserError(loc_, "pallas_call takes either .grid_spec or .grid / .in_specs / "
                         ".out_specs / .scratch_shapes, not both (the grid_spec has them)");
  KernelSpec k;
  k.out_type = spec_.out_shape;
  k.scratch_types = gs ? gs->scratch_shapes : spec_.scratch_shapes;
  k.name = spec_.name;
  k.compiler_params = spec_.compiler_params;
  k.num_scalar_prefetch = gs ? gs->num_scalar_prefetch : 0;
  k.debug = spec_.debug;
  k.arg_names = spec_.arg_names;
  k.interpret = spec_.interpret;
  k.mesh = {"", megacoreCores(spec_, args)};
  // Run-time grid extents: int32 [1] scalar-prefetch inputs in front of the
  // user's (emitGrid reads them and hides their Refs), so that the kernel
  // is one for every value of them.
  const Grid &grid = gs ? gs->grid : spec_.grid;
  std::vector<Array> extents;
  std::vector<std::string> extentNames;
  for (size_t axis = 0; axis < grid.size(); ++axis) {
    if (grid[axis].size)
      continue;
    Array e = grid[axis].extent;
    if (e.dtype() != DType::int32 || numElements(e.shape()) != 1 || e.shape().size() > 1)
      throwUserError(loc_, "grid axis " + std::to_string(axis) +
                               ": a run-time extent is an "
                               "int32 scalar Array (shape [] or [1]), not " +
                               to_string(ShapeDtypeStruct{e.shape(), e.dtype()}));
    extents.push_back(e.shape().empty() ? jnp::reshape(e, {1}, loc_) : e);
    extentNames.push_back("num_programs_" + std::to_string(axis));
  }
  int numExtents = (int)extents.size();
  // The body and arg_names in the user's counts, before the hidden inputs.
  detail::checkBodyRefs(k, arity_, args.size(), loc_);
  // SMEM BlockSpecs, checked at their lines against the arrays; whole 1-D
  // inputs become scalar-prefetch inputs after the extents (the runtime
  // copies them into SMEM before the kernel starts), the rest are copied
  // by DMAs (dsl/SmemBlocks.cpp). `spec` tells emitGrid which are which.
  const int userPrefetch = k.num_scalar_prefetch;
  PallasCallSpec spec = spec_;
  auto &inSpecs = spec.grid_spec ? spec.grid_spec->in_specs : spec.in_specs;
  auto &outSpecs = spec.grid_spec ? spec.grid_spec->out_specs : spec.out_specs;
  bool anySmem = false;
  for (auto *specs : {&inSpecs, &outSpecs})
    for (const BlockSpec &bs : *specs)
      anySmem = anySmem || bs.memory_space == MemorySpace::SMEM;
  if (anySmem && !inSpecs.empty() && inSpecs.size() + userPrefetch != args.size())
    throwUserError(loc_, "in_specs has " + std::to_string(inSpecs.size()) + " BlockSpecs for " +
                             std::to_string((int64_t)args.size() - userPrefetch) + " inputs");
  if (anySmem && !outSpecs.empty() && outSpecs.size() != k.out_type.types.size())
    throwUserError(loc_, "out_specs has " + std::to_string(outSpecs.size()) + " BlockSpecs for " +
                             std::to_string(k.out_type.types.size()) + " outputs");
  std::vector<size_t> smem;  // the inputs made scalar-prefetch ones
  for (size_t j = 0; j < inSpecs.size() && anySmem; ++j) {
    if (inSpecs[j].memory_space != MemorySpace::SMEM)
      continue;
    size_t in = userPrefetch + j;
    const Array &a = args[in];
    inSpecs[j] = detail::checkSmemSpec(inSpecs[j], ShapeDtypeStruct{a.shape(), a.dtype()},
                                       /*output=*/false, "in_specs[" + std::to_string(j) + "]");
    if (!inSpecs[j].block_shape)
      smem.push_back(j);
    for (auto [alias, out] : spec_.input_output_aliases)
      if (alias == (int)in)
        throwUserError(loc_, "input_output_aliases: input " + std::to_string(in) +
                                 " has an SMEM BlockSpec; an output is not aliased to SMEM");
  }
  for (size_t j = 0; j < outSpecs.size() && anySmem; ++j) {
    if (outSpecs[j].memory_space != MemorySpace::SMEM)
      continue;
    outSpecs[j] = detail::checkSmemSpec(outSpecs[j], k.out_type.types[j], /*output=*/true,
                                        "out_specs[" + std::to_string(j) + "]");
    for (auto [in, out] : spec_.input_output_aliases)
      if (out == (int)j)
        throwUserError(loc_, "input_output_aliases: output " + std::to_string(j) +
                                 " has an SMEM BlockSpec; an input is not aliased to SMEM");
  }
  int numSmem = (int)smem.size();
  // Moving inputs in front (SMEM ones, extents) needs names for the user's
  // Refs: the defaults they would have had.
  auto nameTheUsersRefs = [&] {
    if (!k.arg_names.empty())
      return;
    for (size_t i = 0; i < args.size(); ++i)
      k.arg_names.push_back("in" + std::to_string(i));
    for (size_t i = 0; i < k.out_type.types.size(); ++i)
      k.arg_names.push_back("out" + std::to_string(i));
    for (size_t i = 0; i < k.scratch_types.size(); ++i)
      k.arg_names.push_back("scratch" + std::to_string(i));
  };
  if (numSmem > 0)
    nameTheUsersRefs();
  std::vector<Array> kernelArgs = args;
  for (int j = numSmem; j-- > 0;) {
    size_t in = userPrefetch + smem[j];
    kernelArgs.erase(kernelArgs.begin() + in);
  }
  for (int j = numSmem; j-- > 0;) {
    size_t in = userPrefetch + smem[j];
    kernelArgs.insert(kernelArgs.begin(), args[in]);
    std::string name = k.arg_names[in + (numSmem - 1 - j)];
    k.arg_names.erase(k.arg_names.begin() + in + (numSmem - 1 - j));
    k.arg_names.insert(k.arg_names.begin(), name);
  }
  k.num_scalar_prefetch += numExtents + numSmem;
  if (numExtents > 0)
    nameTheUsersRefs();  // they keep the names they have without the extents
  if (numExtents > 0)
    k.arg_names.insert(k.arg_names.begin(), extentNames.begin(), extentNames.end());
  std::vector<std::pair<int, int>> aliases;
  for (auto [in, out] : spec_.input_output_aliases) {
    if (in < 0 || in >= (int)args.size() || out < 0 || out >= (int)k.out_type.types.size())
      throwUserError(loc_, "input_output_aliases {" + std::to_string(in) + ": " +
                               std::to_string(out) + "}: there are " +
                               std::to_string(args.size()) + " inputs and " +
                               std::to_string(k.out_type.types.size()) + " outputs");
    if (in < userPrefetch)
      throwUserError(loc_, "input_output_aliases: input " + std::to_string(in) +
                               " is a scalar-prefetch input in SMEM");
    ShapeDtypeStruct t{args[in].shape(), args[in].dtype()};
    if (!(t == k.out_type.types[out]))
      throwUserError(loc_, "input_output_aliases {" + std::to_string(in) + ": " +
                               std::to_string(out) + "}: input " + to_string(t) +
                               " and output " + to_string(k.out_type.types[out]) +
                               " differ");
    for (auto [otherIn, otherOut] : aliases)
      if (otherOut == out)
        throwUserError(loc_, "input_output_aliases: inputs " +
                                 std::to_string(otherIn - numExtents) + " and " +
                                 std::to_string(in) + " are both aliased to output " +
                                 std::to_string(out) + "; an output is one buffer");
    // The kernel's input index: after the hidden inputs, less the SMEM
    // inputs moved in front of it.
    int moved = 0;
    for (size_t j : smem)
      moved += (int)(userPrefetch + j) < in;
    aliases.push_back({in + numExtents + numSmem - moved, out});
  }
  auto body = body_;
  std::source_location loc = loc_;
  Kernel kernel(
      std::move(k), arity_ + numExtents,  // the SMEM inputs keep the body's count
      [spec, body, loc](const std::vector<Ref> &refs) { emitGrid(spec, refs, body, loc); }, loc_,
      traces_);  // the kernel is a function of the inputs' types and the cores
  kernel.setAliases(std::move(aliases));
  extents.insert(extents.end(), kernelArgs.begin(), kernelArgs.end());
  return kernel.call(extents);
}

}  // namespace pl

namespace lax {
namespace {
/// An axis of the enclosing shard_map's device mesh.
struct DeviceAxis {
  int64_t size, stride;  // the devices are row-major over the mesh axes
  bool first;
};
/// The axis of the enclosing shard_map's mesh named `axis`, or nullopt.
std::optional<DeviceAxis> deviceAxis(std::string_view axis) {
  const auto *scope = tessera::detail::currentShardMap();
  if (!scope)
    return std::nullopt;
  const Mesh &mesh = scope->spec->mesh;
  for (size_t a = 0; a < mesh.axis_names.size(); ++a)
    if (mesh.axis_names[a] == axis) {
      int64_t stride = 1;
      for (size_t b = a + 1; b < mesh.shape.size(); ++b)
        stride *= mesh.shape[b];
      return DeviceAxis{mesh.shape[a], stride, a == 0};
    }
  return std::nullopt;
}
}  // namespace

Scalar axis_index(std::string_view axis, std::source_location loc) {
  if (auto device = deviceAxis(axis)) {
    KernelTrace &trace = KernelTrace::current(loc, "lax::axis_index");
    auto [size, stride, first] = *device;
    if (size == 1)
      return trace.constant(0, loc);
    // The coordinate along the axis: (id / stride) % size, row-major (the
    // first axis needs no remainder: id / stride < size).
    Scalar id = trace.deviceIndex(loc);
    Scalar major = stride == 1 ? id : id / trace.constant(stride, loc);
    return first ? major : major % trace.constant(size, loc);
  }
  KernelTrace &trace = pl::coreAxis(axis, "lax::axis_index", loc);
  // One core: the index is 0, no SMEM read.
  return trace.numCores() == 1 ? trace.constant(0, loc) : trace.coreIndex(loc);
}
int64_t axis_size(std::string_view axis, std::source_location loc) {
  if (auto device = deviceAxis(axis))
    return device->size;
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
  KernelTrace::current(loc_, "pltpu::emit_pipeline");
  pl::pipeline::GridOperands operands;
  pl::detail::SmemOperands smem;  // copied around the body, as a pallas_call's
  for (size_t i = 0; i < n; ++i) {
    pl::pipeline::Operand op;
    op.outer = refs[i];
    op.output = i >= spec_.in_specs.size();
    op.spec = op.output ? spec_.out_specs[i - spec_.in_specs.size()] : spec_.in_specs[i];
    op.what = "pipeline operand " + std::to_string(i) + " ('" + refs[i].name() + "')";
    tessera::detail::refuseChoice(refs[i].meta(), "emit_pipeline's " + op.what, loc_);
    if (refs[i].memory_space() != MemorySpace::ANY && refs[i].memory_space() != MemorySpace::HBM)
      throwUserError(loc_, op.what + " is in " + to_string(refs[i].memory_space()) +
                               "; emit_pipeline streams HBM Refs");
    if (op.spec.memory_space == MemorySpace::SMEM) {
      // (A whole 1-D input is not made scalar prefetch here: it is
      // copied once before the pipeline, as a whole 2-D one.)
      pl::BlockSpec bs = pl::detail::checkSmemSpec(
          op.spec, ShapeDtypeStruct{refs[i].shape(), refs[i].dtype()}, op.output, op.what);
      if (!bs.block_shape)
        bs.block_shape =
            std::vector<pl::BlockDim>(refs[i].shape().begin(), refs[i].shape().end());
      smem.add(refs[i], bs, op.what, i, op.output);
      continue;
    }
    operands.add(i, std::move(op), loc_);
  }
  // Run-time extents: int32 Scalars of this kernel, counted when it runs.
  std::vector<int64_t> grid;
  std::vector<Scalar> extents;
  for (size_t axis = 0; axis < spec_.grid.size(); ++axis) {
    const IntOrScalar &g = spec_.grid[axis];
    if (g.isScalar && g.scalar.dtype() != DType::int32)
      throwUserError(loc_, "grid axis " + std::to_string(axis) +
                               ": a run-time extent is an int32 Scalar, not " +
                               to_string(g.scalar.dtype()));
    grid.push_back(g.isScalar ? KernelTrace::kRuntimeExtent : g.constant);
    extents.push_back(g.isScalar ? g.scalar : Scalar());
  }
  smem.before(loc_);
  auto body = [&](const std::vector<Ref> &blocks) {
    std::vector<Ref> args;
    for (size_t i = 0; i < n; ++i)  // (an SMEM operand's: its buffer, SmemOperands::step)
      args.push_back(operands.bodyRef(i, blocks).value_or(refs[i]));
    smem.step(args, grid, {}, /*parallelAxes=*/0, loc_);
    operands.callBody(std::move(args), 0, body_, loc_);
  };
  pl::pipeline::traceGrid(grid, extents, {}, operands.takePipelined(), body, machine::kVmemBytes, 0,
                          /*parallelAxes=*/0, loc_);
  smem.after(loc_);
}
}  // namespace pltpu

}  // namespace tessera
