//===- ExpandGrid.cpp - tessera.grid as a double-buffered DMA pipeline ----===//
//
// Each tessera.grid becomes one scf.for over the grid's steps (row-major,
// last axis fastest), with the DMA pipeline of PALLAS_REFERENCE.md section
// 1 written out around the op's body in ordinary kernel IR:
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
// pl.Buffered(n >= 3) buffers fetches step s+n's block at the end of step s
// instead (into the buffer after the last one started, free then), after
// the write-backs; its prologue fetches steps 0 .. n-2 before the first
// wait and step n-1's after it (beside step 0's fetch it would only share
// the HBM path with it). An element dimension
// (pl.Element) starts its block at the index map's offset; a block of
// several copies of its box (copy_rows: several matrices and a part of
// their rows) moves one DMA per copy.
//
// Per operand the state carried from step to step is its slot, its current
// block index and, for inputs, whether that block was fetched for this step;
// for outputs, whether each slot has a writeback in flight. A full-array
// block (Pallas' Buffered(1) case) has one buffer, fetched once. The block
// buffers, their DMA semaphores and the revisit tables become scratch
// arguments of the kernel, after the others.
//
// The IR is the tracer's, op for op (TraceBuilder): the pipeline used to be
// traced by dsl/PallasCall.cpp, and the samples' schedules were tuned on it.
//
//===----------------------------------------------------------------------===//
#include <numeric>

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/IR/ScalarFacts.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "mlir/Transforms/TraceBuilder.h"
#include "sim/MachineDesc.h"

namespace mlir::tessera {
#define GEN_PASS_DEF_TESSERAEXPANDGRID
#include "mlir/Transforms/TesseraPasses.h.inc"
}  // namespace mlir::tessera

using namespace mlir;
using namespace mlir::tessera;

namespace {

using P = arith::CmpIPredicate;

/// The revisit check keeps one SMEM word per output block; beyond this many
/// blocks (a quarter of SMEM) the check is left out.
constexpr int64_t kMaxRevisitTableWords = ::tessera::machine::kSmemWords / 4;
/// Words of a revisit table zeroed per trip of its loop.
constexpr int kRevisitZeroUnroll = 8;
/// DMAs the last step's write-back starts as (DmaStartOp's pieces).
/// Measured on matmul's default blocks, before the rotation of the MXU fill
/// (lowering/Rotation.h): 1 piece 19,799 cycles, 4 19,442, 8 19,385, 16
/// 19,356 (with it: 8 19,232, 16 19,215).
constexpr int64_t kWritebackPieces = 8;

/// One blocked operand of the pipeline.
struct Operand {
  Value outer;          // the HBM Ref
  Value written;        // output with checks: SMEM flags of blocks written back
  bool checkRevisits = false;
  bool output = false;
  std::string name, label;
  Region *indexMap = nullptr;
  unsigned index = 0;  // of the operand among the grid's blocked ones
  /// The index map may return a block outside the array: its blocks are
  /// checked at run time.
  bool checkBlocks = false;
  /// The index map's checks that hold at every grid point (mapRanges).
  llvm::SmallPtrSet<Operation *, 4> provenChecks;
  int64_t rows = 0, cols = 0;  // of the array
  int64_t bm = 0, bn = 0;
  /// Dimensions indexed by element offsets (GridOp::element_dims), and what
  /// the index map's offsets are known multiples of (getKnownMultiple: a
  /// step's indices reach the DMAs through selects, which lose it).
  bool element[2] = {false, false};
  int64_t offsetMultiple[2] = {1, 1};
  /// Where its blocks can start along each dimension
  /// (GridOp::positionsAlong: blocks, or element offsets).
  int64_t positions[2] = {0, 0};
  /// A block of several copies of the box (GridOp::copy_rows): each one's
  /// rows into the array after the first's ({0}: one box), and the rows
  /// of the block buffer (copies whole 8-row tiles apart).
  SmallVector<int64_t> copyRows{0};
  /// Rows of matrices each block is clipped to (GridOp::matrix_rows; 0:
  /// none), where each matrix's last block starts and the rows it moves.
  int64_t matrixRows = 0, lastStart = 0, lastRows = 0;
  /// Rows padding the element rows before and after (GridOp::row_padding).
  int64_t padLo = 0, padHi = 0;
  /// Columns padding the element columns (GridOp::col_padding).
  int64_t colPadLo = 0, colPadHi = 0;
  /// pl::BoundedSlice rows or columns (GridOp::isBounded): the index
  /// map's third value is the rows' size (boundedRows), its last the
  /// columns' (boundedCols). The values of a block's index: 2 to 4.
  bool bounded = false, boundedRows = false, boundedCols = false;
  unsigned nidx = 2;
  int64_t sizeMultiple = 1;  // what the rows' bounded size is known a multiple of
  /// Whether a step's rows (columns) are known only at run time: padded or
  /// bounded.
  bool runTimeRows() const { return padLo || padHi || boundedRows; }
  bool runTimeCols() const { return colPadLo || colPadHi || boundedCols; }
  int64_t blockRows = 0;
  /// Rows between the buffers' slots: blockRows rounded up to whole tiles.
  int64_t slotRows = 0;
  bool single = false;  // one buffer (a full-array block), fetched once
  int nbuf = 2;         // pl.Buffered; 1 when `single`
  Value buffers, sems;  // VMEM [nbuf * slotRows, bn] and DMA semaphores (nbuf)
};

/// An input whose blocks rotate through a ring of other than 2 buffers.
bool ring(const Operand &op) { return !op.output && !op.single && op.nbuf != 2; }
/// An output written back from a ring of more than 2 buffers: each slot's
/// write-back in flight is carried (State::ringFlags), waited for when the
/// slot comes round again.
bool outputRing(const Operand &op) { return op.output && !op.single && op.nbuf > 2; }

/// Blocks along each dimension (element offsets along an element one:
/// GridOp::positionsAlong), and the extent of the last (partial) one (an
/// element dimension's blocks are whole, but for the last of each matrix
/// of matrix_rows).
int64_t blocksAlong(const Operand &op, int d) { return op.positions[d]; }
int64_t lastExtent(const Operand &op, int d) {
  if (d == 0 && op.matrixRows)
    return op.lastRows;
  if (op.element[d])
    return d == 0 ? op.bm : op.bn;
  return d == 0 ? op.rows - (blocksAlong(op, 0) - 1) * op.bm
                : op.cols - (blocksAlong(op, 1) - 1) * op.bn;
}
bool hasEdges(const Operand &op) {
  return lastExtent(op, 0) != op.bm || lastExtent(op, 1) != op.bn;
}
/// An output whose write-backs in flight are carried with their blocks:
/// of partial edge blocks (their sizes differ), or at element offsets
/// (two may overlap, which must then land in order).
bool tracksWritebackBlocks(const Operand &op) {
  return op.output && (hasEdges(op) || op.element[0] || op.element[1]);
}

/// The traced state of one operand at a step.
struct State {
  Value slot;
  SmallVector<Value, 2> index;
  Value flag;   // input: fetched for this step; output: writeback in flight on `slot`
  Value other;  // output: writeback in flight on the other slot
  /// A ring input: the block of the last fetch started and its slot.
  Value aheadSlot;
  SmallVector<Value, 2> aheadIndex;
  /// Output with partial edge blocks: the blocks of those writebacks.
  SmallVector<Value, 2> flagIndex, otherIndex;
  /// The blocks of the next step (the current ones at the last step).
  SmallVector<Value, 2> next;
  /// An output ring: per slot, whether its write-back is in flight, and
  /// that write-back's block (carried where sizes differ,
  /// tracksWritebackBlocks; else the current block, the same bytes).
  SmallVector<Value> ringFlags;
  SmallVector<SmallVector<Value, 2>> ringIndex;
};

class Expansion {
public:
  Expansion(GridOp grid, OpBuilder &b)
      : grid_(grid), b_(b), t_(b, grid.getLoc()), sizes_(grid.getGrid()) {}
  void run();

private:
  Value argument(Type type, const std::string &name);
  void addBuffers();
  SmallVector<Value> gridOf(Value step);
  SmallVector<Value> blockIndex(const Operand &op, ArrayRef<Value> point, Value valid = {});
  bool provablyInside(const Operand &op) const;
  llvm::DenseMap<Value, ConstantIntRanges> mapRanges(const Operand &op) const;
  void checkBlockIndex(const Operand &op, ArrayRef<Value> point, ArrayRef<Value> idx,
                       Value valid);
  void moveRunTime(const Operand &op, ArrayRef<Value> idx, Value slot, Value sem, bool start,
                   int64_t rows, int64_t cols);
  void byBits(Value count, int64_t most, int64_t unit, bool whole,
              llvm::function_ref<void(Value done, int64_t chunk)> move);
  Value blockOffset(const Operand &op, ArrayRef<Value> idx, int d);
  WindowDim columns(const Operand &op, ArrayRef<Value> idx, int64_t cols);
  Value slotWindow(const Operand &op, Value slot);
  void startOrWait(const Operand &op, Value hbm, Value vmem, Value sem, bool start,
                   Value inPiecesIf);
  void transfer(const Operand &op, ArrayRef<Value> idx, Value slot, bool start,
                Value inPiecesIf = {});
  void predicatedWhen(Value c, const std::function<void()> &fn);
  Value vmemSlot(const Operand &op, Value slot);
  Value anyDifferent(ArrayRef<Value> a, ArrayRef<Value> b);
  void checkFirstWriteback(const Operand &op, ArrayRef<Value> idx);
  Value before(Value t, int64_t k);
  Value stepAfterFirst(int64_t k);
  void setNext(Value t, std::vector<State> &st);
  void fetchAhead(size_t i, Value t, State &st);
  void waitFor(size_t i, const State &st);
  std::vector<State> unpack(ValueRange c);
  SmallVector<Value> pack(const std::vector<State> &st);
  void inlineBody(ArrayRef<Value> point, ArrayRef<Value> blocks);
  void runtimeExtents();

  GridOp grid_;
  OpBuilder &b_;
  TraceBuilder t_;
  ArrayRef<int64_t> sizes_;
  std::vector<Operand> ops_;
  bool split_ = false;
  /// Some extent is known only at run time: the steps are Values
  /// (extents_), and the core's range [lo_, hi_) is used as when split.
  bool dynamic_ = false;
  bool range_ = false;
  int64_t steps_ = 1;
  /// Per axis of a grid with run-time extents: the extent as a Value, at
  /// least 1 (the decomposition of a step divides by it; a grid with an
  /// extent of 0 has no step to decompose), and the grid's steps.
  SmallVector<Value> extents_;
  Value stepsValue_;
  Value zero_, one_, lo_, hi_;
};

Value Expansion::argument(Type type, const std::string &name) {
  auto fn = grid_->getParentOfType<func::FuncOp>();
  unsigned index = fn.getNumArguments();
  fn.insertArgument(index, type, {}, fn.getLoc());
  fn.setArgAttr(index, kArgNameAttr, b_.getStringAttr(name));
  return fn.getArgument(index);
}

void Expansion::addBuffers() {
  SmallVector<Value> blocked = grid_.getBlocked();
  for (unsigned k = 0; k < blocked.size(); ++k) {
    Operand op;
    op.outer = blocked[k];
    op.output = grid_.isOutput(k);
    op.name = llvm::cast<StringAttr>(grid_.getNames()[k]).str();
    op.label = llvm::cast<StringAttr>(grid_.getLabels()[k]).str();
    op.indexMap = &grid_.getIndexMaps()[k];
    op.index = k;
    auto type = llvm::cast<MemRefType>(op.outer.getType());
    op.rows = type.getDimSize(0);
    op.cols = type.getDimSize(1);
    op.bm = grid_.getBlockShape(k)[0];
    op.bn = grid_.getBlockShape(k)[1];
    for (unsigned d = 0; d < 2; ++d) {
      op.element[d] = grid_.isElementDim(k, d);
      if (op.element[d]) {
        int64_t m = getKnownMultiple(op.indexMap->front().getTerminator()->getOperand(d));
        op.offsetMultiple[d] = m == kMultipleOfZero ? 1 : m;
      }
    }
    Type elem = type.getElementType();
    op.single = grid_.isWholeArray(k);
    op.copyRows.assign(grid_.getCopyRows(k).begin(), grid_.getCopyRows(k).end());
    op.matrixRows = grid_.getMatrixRows(k);
    op.lastStart = grid_.lastBlockStart(k);
    op.lastRows = grid_.lastBlockRows(k);
    std::tie(op.padLo, op.padHi) = grid_.getRowPadding(k);
    std::tie(op.colPadLo, op.colPadHi) = grid_.getColPadding(k);
    op.bounded = grid_.isBounded(k);
    op.boundedRows = grid_.isBoundedRows(k);
    op.boundedCols = grid_.isBoundedCols(k);
    op.nidx = 2 + op.boundedRows + op.boundedCols;
    if (op.boundedRows) {
      int64_t m = getKnownMultiple(op.indexMap->front().getTerminator()->getOperand(2));
      op.sizeMultiple = m == kMultipleOfZero ? 1 : m;
    }
    for (unsigned d = 0; d < 2; ++d)
      op.positions[d] = grid_.positionsAlong(k, d);
    op.blockRows = grid_.getBufferRows(k);
    op.slotRows = GridOp::slotRows(op.blockRows, elem);
    op.nbuf = (int)grid_.getBufferCounts()[k];
    int64_t bufferRows = op.single ? op.bm : op.nbuf * op.slotRows;
    op.buffers = argument(getRefType({bufferRows, op.bn}, elem, MemorySpace::vmem),
                          op.name + "_blocks");
    Type sem = DmaSemaphoreType::get(b_.getContext());
    op.sems = argument(op.single ? getRefType({}, sem, MemorySpace::semaphore_mem)
                                 : getRefType({op.nbuf}, sem, MemorySpace::semaphore_mem),
                       op.name + "_sems");
    int64_t blocks = blocksAlong(op, 0) * blocksAlong(op, 1);
    // (Bounded rows are ragged windows: an empty one starts where the next
    // one does, so they have no revisit check.)
    if (op.output && grid_.getRevisitChecks() && blocks <= kMaxRevisitTableWords &&
        !op.bounded) {
      op.written = argument(getRefType({blocks}, b_.getI32Type(), MemorySpace::smem),
                            op.name + "_written");
      op.checkRevisits = true;
    }
    op.checkBlocks = !provablyInside(op);
    // The index map's own checks (the tracer's) that hold at every grid
    // point are left out of its copies.
    llvm::DenseMap<Value, ConstantIntRanges> ranges = mapRanges(op);
    op.indexMap->front().walk([&](CheckOp check) {
      auto it = ranges.find(check.getCondition());
      if (it != ranges.end() && it->second.umin().isOne())
        op.provenChecks.insert(check);
    });
    ops_.push_back(std::move(op));
  }
}

/// Grid indices of step `s`: row-major, the last axis fastest.
SmallVector<Value> Expansion::gridOf(Value s) {
  SmallVector<Value> g(sizes_.size());
  if (dynamic_) {
    Value stride; // 1 until an axis is passed
    for (int k = (int)sizes_.size() - 1; k >= 0; --k) {
      Value q = stride ? t_.binary<arith::DivSIOp>(s, stride) : s;
      g[k] = k == 0 ? q : t_.binary<arith::RemSIOp>(q, extents_[k]);
      if (k > 0)
        stride = stride ? t_.binary<arith::MulIOp>(stride, extents_[k]) : extents_[k];
    }
    return g;
  }
  int64_t stride = 1;
  for (int k = (int)sizes_.size() - 1; k >= 0; --k) {
    Value q = stride == 1 ? s : t_.binary<arith::DivSIOp>(s, stride);
    g[k] = k == 0 ? q : t_.binary<arith::RemSIOp>(q, sizes_[k]);
    stride *= sizes_[k];
  }
  return g;
}

/// The operand's index map at `point`, cloned here; its index casts of the
/// grid indices are the shared casts of the values they stand for.
SmallVector<Value> Expansion::blockIndex(const Operand &op, ArrayRef<Value> point,
                                         Value valid) {
  Block &map = op.indexMap->front();
  IRMapping mapping;
  for (auto [arg, v] : llvm::zip(map.getArguments(), point))
    mapping.map(arg, v);
  for (Operation &o : map.without_terminator()) {
    if (auto cast = llvm::dyn_cast<arith::IndexCastOp>(o))
      if (auto arg = llvm::dyn_cast<BlockArgument>(cast.getIn());
          arg && arg.getOwner() == &map) {
        mapping.map(cast.getResult(), t_.indexOf(mapping.lookup(arg)));
        continue;
      }
    if (!op.provenChecks.contains(&o))
      b_.clone(o, mapping);
  }
  SmallVector<Value> idx;
  for (Value v : map.getTerminator()->getOperands())
    idx.push_back(mapping.lookupOrDefault(v));
  if (op.checkBlocks)
    checkBlockIndex(op, point, idx, valid);
  return idx;
}

/// Whether interval arithmetic over the index map (each op's
/// InferIntRangeInterface, the grid indices in [0, size)) proves every
/// block it returns inside the array. A map that reads memory (scalar
/// prefetch) is not proven.
bool Expansion::provablyInside(const Operand &op) const {
  Block &map = op.indexMap->front();
  llvm::DenseMap<Value, ConstantIntRanges> ranges = mapRanges(op);
  for (auto [d, v] : llvm::enumerate(map.getTerminator()->getOperands().take_front(2))) {
    auto it = ranges.find(v);
    if (it == ranges.end() || it->second.smin().isNegative() ||
        it->second.smax().sge(blocksAlong(op, (int)d)))
      return false;
  }
  return !op.bounded;  // (a bounded size is checked apart)
}

/// The ranges of the index map's values that interval arithmetic (each
/// op's InferIntRangeInterface, the grid indices in [0, size)) bounds; a
/// value read from memory (scalar prefetch) and what depends on it are
/// not among them.
llvm::DenseMap<Value, ConstantIntRanges> Expansion::mapRanges(const Operand &op) const {
  Block &map = op.indexMap->front();
  llvm::DenseMap<Value, ConstantIntRanges> ranges;
  for (auto [d, size] : llvm::enumerate(sizes_)) {
    Value arg = map.getArgument(d);
    unsigned bits = arg.getType().getIntOrFloatBitWidth();
    // A run-time extent: any index an int32 grid can have.
    int64_t last = ShapedType::isDynamic(size) ? INT32_MAX - 1 : size - 1;
    ranges.try_emplace(arg, ConstantIntRanges::fromSigned(APInt(bits, 0), APInt(bits, last, true)));
  }
  for (Operation &o : map.without_terminator()) {
    auto infer = llvm::dyn_cast<InferIntRangeInterface>(o);
    if (!infer)
      continue;  // its results stay unknown
    SmallVector<ConstantIntRanges> args;
    bool known = true;
    for (Value v : o.getOperands()) {
      auto it = ranges.find(v);
      if (it == ranges.end()) {
        known = false;
        break;
      }
      args.push_back(it->second);
    }
    if (known)
      infer.inferResultRanges(args, [&](Value v, const ConstantIntRanges &r) {
        ranges.insert_or_assign(v, r);
      });
  }
  return ranges;
}

/// Pallas' rule that a block index lies inside the array's blocks, checked
/// where the index map runs (unless `valid`, when given, is false: a point
/// past the core's steps): the kernel stops at the index map's line with
/// the grid point and the block, as interpret mode reports it. The check
/// stands for the bounds checks of the pipeline's DMAs (kBlockIndexAttr).
void Expansion::checkBlockIndex(const Operand &op, ArrayRef<Value> point, ArrayRef<Value> idx,
                                Value valid) {
  Value inside = t_.cmp(P::ult, idx[0], blocksAlong(op, 0));
  inside = t_.binary<arith::AndIOp>(inside, t_.cmp(P::ult, idx[1], blocksAlong(op, 1)));
  if (valid)
    inside = t_.binary<arith::OrIOp>(inside, t_.negate(valid));
  std::string at;
  for (size_t d = 0; d < point.size(); ++d)
    at += (d ? ", {" : "{") + std::to_string(d) + "}";
  std::string block = "{" + std::to_string(point.size()) + "}, {" +
                      std::to_string(point.size() + 1) + "}";
  SmallVector<Value> values(point.begin(), point.end());
  values.append(idx.begin(), idx.end());
  std::string message = grid_.blockOutsideMessage(op.index, at, block);
  auto check = b_.create<CheckOp>(op.indexMap->front().getTerminator()->getLoc(), inside,
                                  b_.getStringAttr(message), values);
  check->setAttr(kBlockIndexAttr, b_.getUnitAttr());
}

/// Starts (or waits for) the DMA of block `idx` to or from buffer `slot`.
/// A partial edge block moves only its in-bounds part: the DMA's extent is
/// static, so the last block along a dimension gets a DMA of its own,
/// chosen at run time. With `inPiecesIf`, a start is in kWritebackPieces
/// DMAs when that holds at run time.
void Expansion::transfer(const Operand &op, ArrayRef<Value> idx, Value slot, bool start,
                         Value inPiecesIf) {
  Value sem = op.single ? op.sems : t_.window(op.sems, {WindowDim{slot, 0, 1}});
  if (Operation *view = sem.getDefiningOp())
    view->setAttr(kCompilerIndexAttr, b_.getUnitAttr());
  auto move = [&](int64_t rows, int64_t cols) {
    if (op.runTimeRows() || op.runTimeCols())
      return moveRunTime(op, idx, slot, sem, start, rows, cols);
    // Element rows of an array wider than 128 lanes at an offset not known
    // to be a whole tile: a DMA moves one memory row (or whole tiles) of it
    // from a run-time row, so one DMA per memory row (a packed dtype's
    // word of rows).
    int64_t packing = std::max<int64_t>(
        1, 32 / llvm::cast<MemRefType>(op.outer.getType()).getElementTypeBitWidth());
    int64_t pieces = 1;
    if (!op.single && op.element[0] && op.cols > ::tessera::machine::kLanes &&
        op.offsetMultiple[0] % ::tessera::machine::kSublanes != 0 && rows > packing &&
        rows % packing == 0)
      pieces = rows / packing;
    // Copy c of the box: copyRow rows further in the array, c whole tiles
    // of rows further in the buffer; piece p of it its rows from `first`.
    for (auto [c, copyRow] : llvm::enumerate(op.copyRows)) {
      for (int64_t p = 0; p < pieces; ++p) {
        int64_t first = p * (rows / pieces), n = rows / pieces;
        int64_t vmemFirst = first + (int64_t)c * GridOp::copyStride(op.bm);
        Value hbm = op.outer, vmem = op.buffers;
        if (!op.single) {
          // (A piece's rows from its first: a window's static start counts
          // only without a run-time one.)
          auto from = [&](Value at, int64_t k) { return at && k ? t_.add(at, k) : at; };
          Value rowAt = blockOffset(op, idx, 0);
          WindowDim hbmRows{from(rowAt, first + copyRow), rowAt ? 0 : first + copyRow, n};
          hbm = t_.window(op.outer, {hbmRows, columns(op, idx, cols)});
          vmem = t_.window(slotWindow(op, slot),
                           {WindowDim{{}, vmemFirst, n}, WindowDim{{}, 0, cols}});
        }
        startOrWait(op, hbm, vmem, sem, start, pieces == 1 ? inPiecesIf : Value());
      }
    }
  };
  // One DMA per combination of full and partial extents that can occur (a
  // block larger than the array is the one block along it, and partial).
  // The rows of matrices (matrix_rows): the last block of each matrix.
  auto isLast = [&](int d) {
    if (d == 0 && op.matrixRows)
      return t_.cmp(P::eq, t_.binary<arith::RemSIOp>(idx[0], op.matrixRows), op.lastStart);
    return t_.cmp(P::eq, idx[d], blocksAlong(op, d) - 1);
  };
  auto edges = [&](int d) {
    int64_t size = d == 0 ? op.bm : op.bn;
    return lastExtent(op, d) != size && (blocksAlong(op, d) > 1 || (d == 0 && op.matrixRows));
  };
  auto alongCols = [&](int64_t rows) {
    if (!edges(1))
      return move(rows, lastExtent(op, 1));
    t_.cond(isLast(1), [&] { move(rows, lastExtent(op, 1)); }, [&] { move(rows, op.bn); });
  };
  if (!edges(0))
    return alongCols(lastExtent(op, 0));
  t_.cond(isLast(0), [&] { alongCols(lastExtent(op, 0)); }, [&] { alongCols(op.bm); });
}

/// The DMAs of block `idx` of an operand whose rows or columns a step
/// moves are known only at run time, to or from buffer `slot`: of padded
/// element rows (row_padding), the block's rows [idx - lo, idx - lo + bm)
/// of the array, clipped to it, to the buffer's rows they fill; of bounded
/// rows, the index's size of them from its start, to the buffer's first
/// rows; padded (col_padding) and bounded (bounded_cols) columns the same
/// along the lanes. Of a run-time `count` of rows, one DMA of 2^k rows per
/// bit k (largest first, each under a test of its bit), as a copy of
/// run-time length is made (dsl/Copies.cpp, runTimeCopy); bits below what
/// every row offset is a multiple of are not tested. Of columns, the same
/// in whole 128-lane tiles, the array's last, partial tile (its columns
/// not whole tiles) one DMA of its own when the block reaches it. Both:
/// each piece of the rows in each piece of the columns. Padded matrices
/// (matrix_rows): the offset's matrix (idx / (rows + lo + hi)) and row in
/// it, each copy of the box clipped to its matrix. Static rows or columns
/// (`rows`, `cols`) move whole, as transfer moves them.
void Expansion::moveRunTime(const Operand &op, ArrayRef<Value> idx, Value slot, Value sem,
                            bool start, int64_t rows, int64_t cols) {
  Value slotRef = slotWindow(op, slot);
  // The columns: [first, first + count) of the array, whole tiles, to
  // buffer column `into` (and the tail, below); or all `cols` of the block.
  int64_t lanes = ::tessera::machine::kLanes;
  int64_t tail = op.cols % lanes, whole = op.cols - tail;  // the whole tiles' columns
  Value colBegin, colStop, colFirst, colCount, colInto;
  if (op.runTimeCols()) {
    colBegin = t_.add(idx[1], -op.colPadLo);  // may be before the array
    colFirst = t_.binary<arith::MaxSIOp>(colBegin, t_.constant(0));
    // The columns it ends at: the block's, or a bounded one's size (checked
    // against the block by the index map).
    colStop = op.boundedCols ? t_.binary<arith::AddIOp>(colBegin, idx[op.nidx - 1])
                             : t_.add(colBegin, op.bn);
    Value end = t_.binary<arith::MinSIOp>(colStop, t_.constant(whole));
    colCount =
        t_.binary<arith::MaxSIOp>(t_.binary<arith::SubIOp>(end, colFirst), t_.constant(0));
    colInto = t_.binary<arith::SubIOp>(colFirst, colBegin);
  }
  auto moveCols = [&](WindowDim hbmRows, WindowDim vmemRows) {
    auto dma = [&](WindowDim hbmCols, WindowDim vmemCols) {
      Value hbm = t_.window(op.outer, {hbmRows, hbmCols});
      Value vmem = t_.window(slotRef, {vmemRows, vmemCols});
      startOrWait(op, hbm, vmem, sem, start, Value());
    };
    if (!op.runTimeCols())
      return dma(columns(op, idx, cols), WindowDim{{}, 0, cols});
    byBits(colCount, op.bn, lanes, /*whole=*/false, [&](Value done, int64_t chunk) {
      dma(WindowDim{t_.multipleOf(t_.binary<arith::AddIOp>(colFirst, done), lanes), 0, chunk},
          WindowDim{t_.multipleOf(t_.binary<arith::AddIOp>(colInto, done), lanes), 0, chunk});
    });
    if (tail) {  // the block covers the last tile: begin <= whole < stop
      Value covers = t_.binary<arith::AndIOp>(t_.cmp(P::sle, colBegin, whole),
                                              t_.cmp(P::sgt, colStop, whole));
      t_.when(covers, [&] {
        dma(WindowDim{{}, whole, tail},
            WindowDim{t_.multipleOf(t_.binary<arith::SubIOp>(t_.constant(whole), colBegin),
                                    lanes),
                      0, tail});
      });
    }
  };
  int64_t multiple = std::gcd(std::gcd(op.offsetMultiple[0], op.bm),
                              op.matrixRows ? op.matrixRows : op.rows);
  if (op.padLo)
    multiple = std::gcd(multiple, op.padLo);
  if (op.boundedRows)
    multiple = std::gcd(multiple, op.sizeMultiple);
  int64_t unit = multiple & -multiple;
  for (auto [c, copyRow] : llvm::enumerate(op.copyRows)) {
    int64_t copyAt = (int64_t)c * GridOp::copyStride(op.bm);
    if (!op.runTimeRows()) {
      Value rowAt = blockOffset(op, idx, 0);
      moveCols(WindowDim{rowAt && copyRow ? t_.add(rowAt, copyRow) : rowAt,
                         rowAt ? 0 : copyRow, rows},
               WindowDim{{}, copyAt, rows});
      continue;
    }
    Value at = copyRow ? t_.add(idx[0], copyRow) : idx[0];
    // The rows a block may take: the array's, or its matrix's; bounded
    // rows: the index map's size of them from its start (clipped to the
    // block's rows below).
    Value base = t_.constant(0), limit = t_.constant(op.rows), begin;
    if (op.boundedRows) {
      base = begin = at;
      limit = t_.binary<arith::AddIOp>(at, idx[2]);
    } else if (op.matrixRows) {
      int64_t period = grid_.paddedMatrixRows(op.index);
      Value matrix = t_.binary<arith::DivSIOp>(at, period);
      base = t_.multipleOf(t_.mul(matrix, op.matrixRows), op.matrixRows);
      limit = t_.add(base, op.matrixRows);
      begin = t_.binary<arith::AddIOp>(
          base, t_.add(t_.binary<arith::SubIOp>(at, t_.mul(matrix, period)), -op.padLo));
    } else {
      begin = t_.add(at, -op.padLo);  // may be before the array
    }
    Value first = op.padLo || op.matrixRows ? t_.binary<arith::MaxSIOp>(begin, base) : begin;
    Value end = t_.binary<arith::MinSIOp>(t_.add(begin, op.bm), limit);
    Value count =
        t_.binary<arith::MaxSIOp>(t_.binary<arith::SubIOp>(end, first), t_.constant(0));
    Value into = t_.binary<arith::SubIOp>(first, begin);
    byBits(count, op.bm, unit, /*whole=*/true, [&](Value done, int64_t chunk) {
      Value from = t_.multipleOf(t_.binary<arith::AddIOp>(first, done), unit);
      // (A window's static start counts only without a run-time one.)
      Value row = t_.multipleOf(t_.add(t_.binary<arith::AddIOp>(into, done), copyAt), unit);
      moveCols(WindowDim{from, 0, chunk}, WindowDim{row, 0, chunk});
    });
  }
}

/// A copy of run-time length `count` (at most `most`, a multiple of
/// `unit`) as copies of static lengths: for each power of two `chunk` from
/// the largest not above `most` down to `unit`, under a test of that bit
/// of `count`, `move(done, chunk)`, `done` the count's bits above it (how
/// far after the first the chunk starts). With `whole`, a `most` that is
/// not a power of two moves as one copy when `count` is all of it (a block
/// inside the array, the common case), by bits otherwise: rows, one run of
/// memory per copy (18 padded rows are one DMA, not 16 + 2). Columns take
/// the bits always: a DMA of k lane tiles is k runs of the tiled array
/// anyway, and two DMAs in flight (1280 columns as 1024 + 256) were faster
/// than one in the model (the lane-halo stencil of BM_PaddingCost 5,564
/// cycles against 6,205). (dsl/Copies.cpp's runTimeCopy makes a traced
/// copy by bits the same way.)
void Expansion::byBits(Value count, int64_t most, int64_t unit, bool whole,
                       llvm::function_ref<void(Value done, int64_t chunk)> move) {
  auto bits = [&] {
    for (int64_t chunk = (int64_t)llvm::bit_floor((uint64_t)most); chunk >= unit; chunk /= 2) {
      Value bit = t_.cmp(P::ne, t_.binary<arith::AndIOp>(count, chunk), 0);
      t_.when(bit, [&] { move(t_.binary<arith::AndIOp>(count, -2 * chunk), chunk); });
    }
  };
  if (!whole || llvm::isPowerOf2_64((uint64_t)most))
    return bits();
  t_.cond(t_.cmp(P::eq, count, most), [&] { move(t_.constant(0), most); }, bits);
}

/// Where block `idx` starts along dimension `d` of the array. A block of
/// rows that are not whole 8-row HBM tiles (all the rows of a one-row,
/// f32[3, N] or bf16[12, N] array), or of columns that are not whole
/// 128-lane tiles (all the columns of an f32[M, 200] one), is the one block
/// along them: its offset is 0 (null: static). (A bf16 block of 8 rows is
/// padded in VMEM, not in HBM.) Blocks of a 1-D array folded into rows of
/// 128 lanes are any rows of them (those rows are one run in HBM). An
/// element dimension's offset is the index map's, with what it is known a
/// multiple of kept.
Value Expansion::blockOffset(const Operand &op, ArrayRef<Value> idx, int d) {
  int64_t size = d == 0 ? op.bm : op.bn,
          unit = d == 0 ? ::tessera::machine::kSublanes : ::tessera::machine::kLanes;
  if (op.element[d])
    return op.offsetMultiple[d] > 1 ? t_.multipleOf(idx[d], op.offsetMultiple[d]) : idx[d];
  if (size % unit != 0 && blocksAlong(op, d) == 1)
    return {};
  return t_.multipleOf(t_.mul(idx[d], size), size);
}

/// The HBM window's `cols` columns of block `idx`.
WindowDim Expansion::columns(const Operand &op, ArrayRef<Value> idx, int64_t cols) {
  if (op.bn % ::tessera::machine::kLanes != 0 && !op.element[1])
    return WindowDim{{}, 0, cols};
  return WindowDim{blockOffset(op, idx, 1), 0, cols};
}

/// Slot `slot` of the operand's ring of buffers: at its run-time row of
/// whole tiles, so that the rows in it are a static offset a DMA of a wide
/// packed buffer can take.
Value Expansion::slotWindow(const Operand &op, Value slot) {
  Value row = t_.multipleOf(t_.mul(slot, op.slotRows), op.slotRows);
  return t_.window(op.buffers, {WindowDim{row, 0, op.blockRows}, WindowDim{{}, 0, op.bn}});
}

/// The DMA between `hbm` and `vmem` (out of VMEM for an output) on `sem`:
/// its start (in kWritebackPieces when `inPiecesIf` holds at run time) or
/// its wait.
void Expansion::startOrWait(const Operand &op, Value hbm, Value vmem, Value sem, bool start,
                            Value inPiecesIf) {
  Value src = op.output ? vmem : hbm, dst = op.output ? hbm : vmem;
  Operation *dma;
  if (!start)
    dma = b_.create<DmaWaitOp>(t_.loc(), src, dst, sem);
  else if (inPiecesIf)
    dma = b_.create<DmaStartOp>(t_.loc(), src, dst, sem, inPiecesIf,
                                b_.getI64IntegerAttr(kWritebackPieces));
  else
    dma = b_.create<DmaStartOp>(t_.loc(), src, dst, sem, Value(), nullptr);
  dma->setAttr(kBlockIndexAttr, b_.getUnitAttr());
}

/// pl::when for the pipeline's own regions (its prefetches, waits and
/// write-backs): marked to be selected as guarded code, checks included,
/// so that a grid step stays one block of code (kPredicateAttr).
void Expansion::predicatedWhen(Value c, const std::function<void()> &fn) {
  t_.when(c, fn)->setAttr(kPredicateAttr, b_.getUnitAttr());
}

/// The VMEM buffer of `slot`: the body's Ref for the block.
Value Expansion::vmemSlot(const Operand &op, Value slot) {
  if (op.single)
    return op.buffers;
  Value block = slotWindow(op, slot);
  // (Inside the buffers by construction: the body's accesses need no
  // bounds check of the slot.)
  if (Operation *view = block.getDefiningOp())
    view->setAttr(kCompilerIndexAttr, b_.getUnitAttr());
  return block;
}

Value Expansion::anyDifferent(ArrayRef<Value> a, ArrayRef<Value> b) {
  Value d = t_.cmp(P::ne, a[0], b[0]);
  for (size_t k = 1; k < a.size(); ++k)
    d = t_.binary<arith::OrIOp>(d, t_.cmp(P::ne, a[k], b[k]));
  return d;
}

/// Pallas' "Revisited block" check (interpret mode raises it; the hardware
/// silently writes an uninitialized buffer over the block): an output block
/// may be written back once. Records the writeback of block `idx` and stops
/// the kernel at the second one.
void Expansion::checkFirstWriteback(const Operand &op, ArrayRef<Value> idx) {
  Value block = t_.binary<arith::AddIOp>(t_.mul(idx[0], blocksAlong(op, 1)), idx[1]);
  Value flag = t_.loadScalar(op.written, block);
  flag.getDefiningOp()->setAttr(kCompilerIndexAttr, b_.getUnitAttr());
  Value fresh = t_.cmp(P::eq, flag, 0);
  std::string message = "Revisited block ({0}, {1}) of " + op.label + " '" + op.name +
                        "': it was written back at an earlier grid step and would now be "
                        "overwritten; an output block must be visited in consecutive steps "
                        "(put the reduction axis last)";
  b_.create<CheckOp>(t_.loc(), fresh, b_.getStringAttr(message), ValueRange{idx[0], idx[1]});
  t_.storeScalar(t_.constant(1), op.written, block)->setAttr(kCompilerIndexAttr, b_.getUnitAttr());
}

/// Whether step t is before the core's last k steps (t < hi - k).
Value Expansion::before(Value t, int64_t k) {
  if (range_)
    return t_.cmp(P::slt, t, t_.binary<arith::SubIOp>(hi_, k));
  return t_.cmp(P::slt, t, steps_ - k);
}

/// The core's step lo + k.
Value Expansion::stepAfterFirst(int64_t k) { return range_ ? t_.add(lo_, k) : t_.constant(k); }

/// Each operand's `next`: its block at step t, or its current one when t is
/// past the grid (index maps see only grid points). A step evaluates the
/// index maps at s + 1 and at s + 2 rather than carrying the first from the
/// step before: scalar work overlaps the step's MXU work, a carried index
/// would hold a register through all of it (measured: more spills, a
/// longer step).
void Expansion::setNext(Value t, std::vector<State> &st) {
  SmallVector<Value> cur;
  for (const State &x : st)
    cur.append(x.index.begin(), x.index.end());
  SmallVector<Value> got = t_.condValues(
      before(t, 0),
      [&] {
        SmallVector<Value> g = gridOf(t), out;
        for (const Operand &op : ops_)
          for (Value i : blockIndex(op, g))
            out.push_back(i);
        return out;
      },
      [&] { return cur; });
  for (size_t i = 0, k = 0; i < ops_.size(); k += ops_[i].nidx, ++i)
    st[i].next.assign(got.begin() + k, got.begin() + k + ops_[i].nidx);
}

/// The fetch ahead before the body of step t, for input i: the block of
/// step t + 1 (t + nbuf - 1 for a ring) into a free buffer, when it is a
/// new one; a ring's `ahead` moves on. `st` is the state of step t, with
/// `next` the blocks of step t + 1. Past the last step nothing is new.
void Expansion::fetchAhead(size_t i, Value t, State &st) {
  const Operand &op = ops_[i];
  if (op.single)
    return;
  if (!ring(op)) {
    Value inGrid = before(t, 1);
    Value changed = t_.binary<arith::AndIOp>(inGrid, anyDifferent(st.next, st.index));
    Value nextSlot = t_.binary<arith::SubIOp>(1, st.slot);
    predicatedWhen(changed, [&] { transfer(op, st.next, nextSlot, true); });
    return;
  }
  // The block of step t + nbuf - 1, if new, into the buffer after the last
  // one started (the one the current block's predecessor used).
  Value inGrid = before(t, op.nbuf - 1);
  SmallVector<Value> later = t_.condValues(
      inGrid, [&] { return blockIndex(op, gridOf(t_.add(t, op.nbuf - 1))); },
      [&] { return SmallVector<Value>(st.aheadIndex.begin(), st.aheadIndex.end()); });
  Value isNew = t_.binary<arith::AndIOp>(inGrid, anyDifferent(later, st.aheadIndex));
  Value slot = t_.binary<arith::RemSIOp>(t_.add(st.aheadSlot, 1), op.nbuf);
  predicatedWhen(isNew, [&] { transfer(op, later, slot, true); });
  st.aheadSlot = t_.select(isNew, slot, st.aheadSlot);
  for (size_t d = 0; d < op.nidx; ++d)
    st.aheadIndex[d] = t_.select(isNew, later[d], st.aheadIndex[d]);
}

/// The wait for step t's own block, if one was fetched for it.
void Expansion::waitFor(size_t i, const State &st) {
  predicatedWhen(t_.cmp(P::ne, st.flag, 0),
                 [&] { transfer(ops_[i], st.index, st.slot, false); });
}

std::vector<State> Expansion::unpack(ValueRange c) {
  std::vector<State> st(ops_.size());
  size_t k = 0;
  for (size_t i = 0; i < ops_.size(); ++i) {
    const Operand &op = ops_[i];
    unsigned n = op.nidx;
    auto take = [&] {
      SmallVector<Value, 2> v(c.begin() + k, c.begin() + k + n);
      k += n;
      return v;
    };
    st[i].slot = c[k++];
    st[i].index = take();
    // (An output ring carries its slots' flags and blocks instead: the
    // current one's are picked out of them at each step.)
    st[i].flag = st[i].other = zero_;
    st[i].flagIndex = st[i].otherIndex = st[i].index;  // sizes all equal
    if (!outputRing(op)) {
      st[i].flag = c[k++];
      if (op.output)
        st[i].other = c[k++];
      if (tracksWritebackBlocks(op)) {
        st[i].flagIndex = take();
        st[i].otherIndex = take();
      }
    }
    if (ring(op)) {
      st[i].aheadSlot = c[k++];
      st[i].aheadIndex = take();
    }
    if (outputRing(op)) {
      for (int s = 0; s < op.nbuf; ++s)
        st[i].ringFlags.push_back(c[k++]);
      for (int s = 0; s < op.nbuf; ++s) {
        st[i].ringIndex.push_back(st[i].index);
        if (tracksWritebackBlocks(op))
          st[i].ringIndex.back() = take();
      }
    }
  }
  return st;
}

SmallVector<Value> Expansion::pack(const std::vector<State> &st) {
  SmallVector<Value> c;
  for (size_t i = 0; i < ops_.size(); ++i) {
    const Operand &op = ops_[i];
    c.push_back(st[i].slot);
    c.append(st[i].index.begin(), st[i].index.end());
    if (!outputRing(op)) {
      c.push_back(st[i].flag);
      if (op.output)
        c.push_back(st[i].other);
      if (tracksWritebackBlocks(op)) {
        c.append(st[i].flagIndex.begin(), st[i].flagIndex.end());
        c.append(st[i].otherIndex.begin(), st[i].otherIndex.end());
      }
    }
    if (ring(op)) {
      c.push_back(st[i].aheadSlot);
      c.append(st[i].aheadIndex.begin(), st[i].aheadIndex.end());
    }
    if (outputRing(op)) {
      c.append(st[i].ringFlags.begin(), st[i].ringFlags.end());
      if (tracksWritebackBlocks(op))
        for (const auto &idx : st[i].ringIndex)
          c.append(idx.begin(), idx.end());
    }
  }
  return c;
}

/// Moves the body here, on grid point `point` and these blocks. Its index
/// casts of the grid indices become the shared casts of the point's values.
void Expansion::inlineBody(ArrayRef<Value> point, ArrayRef<Value> blocks) {
  Block &body = grid_.getBody().front();
  for (auto [k, v] : llvm::enumerate(point)) {
    BlockArgument arg = body.getArgument(k);
    for (Operation *user : llvm::make_early_inc_range(arg.getUsers()))
      if (auto cast = llvm::dyn_cast<arith::IndexCastOp>(user)) {
        cast.getResult().replaceAllUsesWith(t_.indexOf(v));
        cast.erase();
      }
    arg.replaceAllUsesWith(v);
  }
  for (auto [k, v] : llvm::enumerate(blocks))
    body.getArgument(point.size() + k).replaceAllUsesWith(v);
  body.getTerminator()->erase();
  Block *here = b_.getInsertionBlock();
  here->getOperations().splice(b_.getInsertionPoint(), body.getOperations());
}

void Expansion::run() {
  b_.setInsertionPoint(grid_);
  dynamic_ = grid_.hasDynamicGrid();
  steps_ = dynamic_ ? 0 : grid_.getNumSteps();
  addBuffers();

  // Megacore (PALLAS_REFERENCE.md section 1, model (b), as interpret mode
  // splits): the points of the parallel axes (a prefix of the grid), in
  // row-major order, are cut into one contiguous chunk per core, each point
  // with all of its arbitrary steps; so a core's steps are one range
  // [lo, hi) of the grid's steps, and it runs the whole pipeline (prologue
  // to epilogue) over it. On one core the range is [0, steps), in constants.
  split_ = grid_.getNumCores() > 1;
  range_ = split_ || dynamic_;
  zero_ = t_.constant(0);
  one_ = t_.constant(1);
  lo_ = zero_;
  if (dynamic_) {
    runtimeExtents();
  } else if (split_) {
    int64_t chunk = grid_.getStepsPerCore();
    Value core = b_.create<CoreIndexOp>(t_.loc(), b_.getI32Type());
    lo_ = t_.mul(core, chunk);
    Value end = t_.add(lo_, chunk);
    Value inGrid = t_.cmp(P::slt, end, steps_);
    hi_ = t_.select(inGrid, end, t_.constant(steps_));
  }

  // Prologue: the core's first step's blocks.
  SmallVector<Value> grid0 = range_ ? gridOf(lo_) : SmallVector<Value>(sizes_.size(), zero_);
  SmallVector<Value> init;
  // (A core may have no steps: its first point is past the grid; with a
  // run-time extent of 0 the grid has none: nothing is fetched then.)
  Value hasSteps = range_ ? t_.cmp(P::slt, lo_, hi_) : Value();
  for (Operand &op : ops_) {
    SmallVector<Value> idx = blockIndex(op, grid0, hasSteps);
    if (!op.output && !(ring(op) && op.nbuf == 1)) { // (a ring of 1 starts at step 0)
      if (dynamic_)
        t_.when(hasSteps, [&] { transfer(op, idx, zero_, /*start=*/true); });
      else
        transfer(op, idx, zero_, /*start=*/true);
    }
    init.push_back(zero_);  // slot
    init.append(idx.begin(), idx.end());
    if (outputRing(op)) {  // no slot's write-back in flight
      for (int s = 0; s < op.nbuf; ++s)
        init.push_back(zero_);
      if (tracksWritebackBlocks(op))
        for (int s = 0; s < op.nbuf; ++s)
          init.append(idx.begin(), idx.end());  // each slot's block
    } else {
      // fetched / in flight here
      init.push_back(op.output ? zero_ : dynamic_ ? t_.select(hasSteps, one_, zero_) : one_);
      if (op.output)
        init.push_back(zero_);  // in flight on the other slot
      if (tracksWritebackBlocks(op))
        for (int k = 0; k < 2; ++k)
          init.append(idx.begin(), idx.end());  // blocks of those writebacks
    }
    if (!ring(op))
      continue;
    // A ring: the blocks of steps 1 .. nbuf - 2 too, each new one into the
    // next buffer; with 1 buffer none (step 0 starts its own, after an
    // index no block has).
    Value aheadSlot = zero_;
    SmallVector<Value> ahead = idx;
    if (op.nbuf == 1)
      ahead.assign(op.nidx, t_.constant(-1));
    for (int64_t k = 1; k <= op.nbuf - 2 && (dynamic_ || k < steps_); ++k) {
      Value t = stepAfterFirst(k);
      SmallVector<Value> b = blockIndex(op, gridOf(t), range_ ? before(t, 0) : Value());
      Value isNew = anyDifferent(b, ahead);
      if (range_)
        isNew = t_.binary<arith::AndIOp>(isNew, before(t, 0));
      Value slot = t_.binary<arith::RemSIOp>(t_.add(aheadSlot, 1), op.nbuf);
      t_.when(isNew, [&] { transfer(op, b, slot, true); });
      aheadSlot = t_.select(isNew, slot, aheadSlot);
      for (size_t d = 0; d < op.nidx; ++d)
        ahead[d] = t_.select(isNew, b[d], ahead[d]);
    }
    init.push_back(aheadSlot);
    init.append(ahead.begin(), ahead.end());
  }
  // The revisit tables start at zero: zeroed while the first blocks move
  // (after the prologue's DMA starts, 8 words per trip).
  for (Operand &op : ops_)
    if (op.checkRevisits)
      t_.unrolledLoop(blocksAlong(op, 0) * blocksAlong(op, 1), kRevisitZeroUnroll,
                      [&](Value b) {
                        t_.storeScalar(t_.constant(0), op.written, b)
                            ->setAttr(kCompilerIndexAttr, b_.getUnitAttr());
                      });

  // The first step's inputs: the prologue runs what comes before its body
  // (each input's fetch ahead, then its wait: the step starts as soon as
  // its blocks are in), so that every step can end with what comes before
  // the next.
  {
    std::vector<State> st = unpack(init);
    setNext(range_ ? stepAfterFirst(1) : one_, st);
    // (A ring of 3 or more fetches its block of step nbuf - 1 after the
    // waits: the prologue has fetched steps 0 .. nbuf - 2 already, and this
    // one would only share the HBM path with step 0's. A ring of one
    // fetches step 0's own block here.)
    auto late = [&](const Operand &op) { return ring(op) && op.nbuf >= 3; };
    for (size_t i = 0; i < ops_.size(); ++i)
      if (!ops_[i].output && !late(ops_[i])) {
        fetchAhead(i, lo_, st[i]);
        waitFor(i, st[i]);
      }
    for (size_t i = 0; i < ops_.size(); ++i)
      if (!ops_[i].output && late(ops_[i])) {
        waitFor(i, st[i]);
        fetchAhead(i, lo_, st[i]);
      }
    init = pack(st);
  }

  // Step s: the body on the blocks waited for, then what comes before step
  // s + 1's body: the fetches ahead (as soon as the body is done with
  // their buffers: as early as at the start of step s + 1), the write-backs
  // and the waits. At the end of step s rather than at the start of s + 1
  // they are in the same block of code as the step's work: its last MXU
  // and store work overlaps them, and step s + 1 starts with its loads.
  auto step = [&](Value s, ValueRange carried) {
    std::vector<State> st = unpack(carried);
    SmallVector<Value> g = gridOf(s);
    Value hasNext = before(s, 1);
    setNext(t_.add(s, 1), st);
    std::vector<State> out = st;
    // Outputs: the slot must be free of its last writeback (a wait that the
    // scheduler keeps only ahead of the slot's first store). An output
    // ring's: the current slot's flag and block, picked out of the ring's.
    for (size_t i = 0; i < ops_.size(); ++i) {
      if (!outputRing(ops_[i]))
        continue;
      State &x = st[i];
      bool tracks = tracksWritebackBlocks(ops_[i]);
      x.flag = x.ringFlags[0];
      x.flagIndex = x.ringIndex[0];
      for (int s = 1; s < ops_[i].nbuf; ++s) {
        Value here = t_.cmp(P::eq, x.slot, s);
        x.flag = t_.select(here, x.ringFlags[s], x.flag);
        for (size_t d = 0; tracks && d < ops_[i].nidx; ++d)
          x.flagIndex[d] = t_.select(here, x.ringIndex[s][d], x.flagIndex[d]);
      }
      for (int s = 0; s < ops_[i].nbuf; ++s)  // (waited for below)
        x.ringFlags[s] = t_.select(t_.cmp(P::eq, x.slot, s), zero_, x.ringFlags[s]);
    }
    for (size_t i = 0; i < ops_.size(); ++i)
      if (ops_[i].output)
        predicatedWhen(t_.cmp(P::ne, st[i].flag, 0),
                       [&] { transfer(ops_[i], st[i].flagIndex, st[i].slot, false); });
    // The body, on the current slots.
    SmallVector<Value> views;
    for (size_t i = 0; i < ops_.size(); ++i)
      views.push_back(vmemSlot(ops_[i], st[i].slot));
    inlineBody(g, views);
    // Inputs at step s + 1: a new block is in the next buffer (fetched
    // ahead before this step's body).
    for (size_t i = 0; i < ops_.size(); ++i) {
      const Operand &op = ops_[i];
      if (op.output)
        continue;
      if (op.single) {
        out[i].flag = zero_;
        continue;
      }
      Value changed = t_.binary<arith::AndIOp>(hasNext, anyDifferent(st[i].next, st[i].index));
      Value nextSlot = op.nbuf == 2
                           ? t_.binary<arith::SubIOp>(1, st[i].slot)
                           : t_.binary<arith::RemSIOp>(t_.add(st[i].slot, 1), op.nbuf);
      out[i].slot = t_.select(changed, nextSlot, st[i].slot);
      out[i].flag = t_.select(changed, one_, zero_);
      for (size_t d = 0; d < op.nidx; ++d)
        out[i].index[d] = t_.select(changed, st[i].next[d], st[i].index[d]);
    }
    Value s1 = t_.add(s, 1);
    // The DMAs start in the order their data is needed: a double-buffered
    // input's block of step s + 2, the write-backs (the slot is written
    // again at step s + 2), then a ring's block (of step s + n; a ring of
    // one's of step s + 1).
    setNext(t_.add(s, 2), out);
    for (size_t i = 0; i < ops_.size(); ++i)
      if (!ops_[i].output && !ring(ops_[i]))
        fetchAhead(i, s1, out[i]);
    // Outputs: write back when the block is done.
    for (size_t i = 0; i < ops_.size(); ++i) {
      const Operand &op = ops_[i];
      if (!op.output)
        continue;
      // The last step's write-back is exposed: it starts in pieces, each of
      // which the scheduler starts after the body's last store to its rows,
      // so that all but the last overlap the step's remaining work. The
      // others overlap the next step anyway and stay whole: in flight beside
      // its fetch, more DMAs would take more of the HBM path from it.
      Value last = t_.negate(hasNext);
      Value done = t_.binary<arith::OrIOp>(last, anyDifferent(st[i].next, st[i].index));
      // Element offsets: two blocks' windows may overlap; a write-back
      // whose window overlaps the other slot's, still in flight, starts
      // after it lands (so they land in step order); others overlap it.
      // (Blocks of matrices, matrix_rows, are clipped apart; padded ones
      // may overlap.)
      // An output ring's other slots in flight the same way, each waited
      // for first where its window overlaps.
      Value other = st[i].other;
      bool mayOverlap = !op.single && (op.element[0] || op.element[1]) &&
                        (!op.matrixRows || op.padLo || op.padHi);
      // (Windows overlap when they do along both dimensions: element
      // offsets less than the block apart, block indices equal.)
      auto overlaps = [&](ArrayRef<Value> with) {
        Value overlap;
        for (int d = 0; d < 2; ++d) {
          Value a = st[i].index[d], b = with[d];
          int64_t size = d == 0 ? op.bm : op.bn;
          Value along = op.element[d]
                            ? t_.binary<arith::AndIOp>(
                                  t_.cmp(P::slt, t_.binary<arith::SubIOp>(a, b), size),
                                  t_.cmp(P::slt, t_.binary<arith::SubIOp>(b, a), size))
                            : t_.cmp(P::eq, a, b);
          overlap = overlap ? t_.binary<arith::AndIOp>(overlap, along) : along;
        }
        return overlap;
      };
      if (mayOverlap && outputRing(op)) {
        for (int k = 0; k < op.nbuf; ++k) {
          Value inFlight = t_.binary<arith::AndIOp>(t_.cmp(P::ne, st[i].slot, k),
                                                    t_.cmp(P::ne, st[i].ringFlags[k], 0));
          Value both = t_.binary<arith::AndIOp>(t_.binary<arith::AndIOp>(done, inFlight),
                                                overlaps(st[i].ringIndex[k]));
          predicatedWhen(both,
                         [&] { transfer(op, st[i].ringIndex[k], t_.constant(k), false); });
          st[i].ringFlags[k] = t_.select(both, zero_, st[i].ringFlags[k]);
        }
      } else if (mayOverlap) {
        Value both = t_.binary<arith::AndIOp>(
            t_.binary<arith::AndIOp>(done, t_.cmp(P::ne, other, 0)), overlaps(st[i].otherIndex));
        predicatedWhen(both, [&] {
          transfer(op, st[i].otherIndex, t_.binary<arith::SubIOp>(1, st[i].slot), false);
        });
        other = t_.select(both, zero_, other);
      }
      predicatedWhen(done, [&] {
        if (op.checkRevisits)
          checkFirstWriteback(op, st[i].index);
        transfer(op, st[i].index, st[i].slot, true, last);
      });
      if (op.single) {
        out[i].flag = t_.select(done, one_, zero_);
        continue;
      }
      if (outputRing(op)) {
        // Done: this slot's write-back is in flight; the next block goes to
        // the next slot of the ring.
        out[i].ringFlags = st[i].ringFlags;
        out[i].ringIndex = st[i].ringIndex;
        for (int s = 0; s < op.nbuf; ++s) {
          Value mine = t_.binary<arith::AndIOp>(done, t_.cmp(P::eq, st[i].slot, s));
          out[i].ringFlags[s] = t_.select(mine, one_, st[i].ringFlags[s]);
          for (size_t d = 0; tracksWritebackBlocks(op) && d < op.nidx; ++d)
            out[i].ringIndex[s][d] = t_.select(mine, st[i].index[d], st[i].ringIndex[s][d]);
        }
        Value nextSlot = t_.binary<arith::RemSIOp>(t_.add(st[i].slot, 1), op.nbuf);
        out[i].slot = t_.select(done, nextSlot, st[i].slot);
        for (size_t d = 0; d < op.nidx; ++d)
          out[i].index[d] = t_.select(done, st[i].next[d], st[i].index[d]);
        continue;
      }
      // Done: the next block goes to the other slot, whose writeback (if
      // any) is now the one to wait for; this slot's is in flight.
      out[i].slot = t_.select(done, t_.binary<arith::SubIOp>(1, st[i].slot), st[i].slot);
      out[i].flag = t_.select(done, other, zero_);
      out[i].other = t_.select(done, one_, other);
      for (size_t d = 0; d < op.nidx; ++d) {
        out[i].index[d] = t_.select(done, st[i].next[d], st[i].index[d]);
        if (tracksWritebackBlocks(op)) {
          out[i].flagIndex[d] = t_.select(done, st[i].otherIndex[d], st[i].flagIndex[d]);
          out[i].otherIndex[d] = t_.select(done, st[i].index[d], st[i].otherIndex[d]);
        }
      }
    }
    for (size_t i = 0; i < ops_.size(); ++i)
      if (ring(ops_[i]))
        fetchAhead(i, s1, out[i]);
    // Then the waits for step s + 1's input blocks.
    for (size_t i = 0; i < ops_.size(); ++i)
      if (!ops_[i].output)
        waitFor(i, out[i]);
    return pack(out);
  };
  scf::ForOp loop;
  if (range_) {
    loop = t_.loop(lo_, hi_, init, step);
  } else {
    Value first = t_.constant(0);
    Value end = t_.constant(steps_);
    loop = t_.loop(first, end, init, step);
  }
  loop->setAttr(kGridLoopAttr, b_.getUnitAttr());

  // Epilogue: the writebacks still in flight. Their block index no longer
  // matters for the wait (same bytes), so the last one is used.
  std::vector<State> st = unpack(loop.getResults());
  for (size_t i = 0; i < ops_.size(); ++i) {
    const Operand &op = ops_[i];
    if (!op.output)
      continue;
    if (outputRing(op)) {
      for (int s = 0; s < op.nbuf; ++s)
        t_.when(t_.cmp(P::ne, st[i].ringFlags[s], 0),
                [&] { transfer(op, st[i].ringIndex[s], t_.constant(s), false); });
      continue;
    }
    t_.when(t_.cmp(P::ne, st[i].flag, 0),
            [&] { transfer(op, st[i].flagIndex, st[i].slot, false); });
    if (!op.single)
      t_.when(t_.cmp(P::ne, st[i].other, 0), [&] {
        transfer(op, st[i].otherIndex, t_.binary<arith::SubIOp>(1, st[i].slot), false);
      });
  }
  grid_.erase();
}

/// A grid with run-time extents: each is checked (a negative one stops the
/// kernel at the op's line, as interpret mode does), the steps are their
/// product, and the core's range [lo_, hi_) is computed at run time, by
/// the split rule of static grids (GridOp::stepsPerCore): ceil(P / cores)
/// parallel points per core, each with all of its arbitrary steps.
void Expansion::runtimeExtents() {
  ValueRange operands = grid_.getDynamicGrid();
  Value points, inner; // products of the parallel and the arbitrary extents
  Value steps;         // of all the extents so far
  int64_t parallel = grid_.getNumParallelAxes();
  for (auto [k, size] : llvm::enumerate(sizes_)) {
    Value extent;
    if (ShapedType::isDynamic(size)) {
      extent = operands.front();
      operands = operands.drop_front();
      std::string message = GridOp::negativeExtentMessage(k, "{0}");
      b_.create<CheckOp>(grid_.getLoc(), t_.cmp(P::sge, extent, 0), b_.getStringAttr(message),
                         ValueRange{extent});
      extents_.push_back(t_.select(t_.cmp(P::sgt, extent, 0), extent, one_));
    } else {
      extent = t_.constant(size);
      extents_.push_back(extent);
    }
    Value &product = (int64_t)k < parallel ? points : inner;
    product = product ? t_.binary<arith::MulIOp>(product, extent) : extent;
    // The steps so far times this extent must fit in int32 (extent 0 or
    // steps <= INT32_MAX / extent), as a static grid's do when traced.
    if (!steps) {
      steps = extent;
      continue;
    }
    Value zero = t_.cmp(P::eq, extent, 0);
    Value divisor = t_.select(zero, one_, extent);
    Value fits = t_.cmp(P::sle, steps, t_.binary<arith::DivSIOp>(t_.constant(INT32_MAX), divisor));
    b_.create<CheckOp>(grid_.getLoc(), t_.binary<arith::OrIOp>(zero, fits),
                       b_.getStringAttr(GridOp::tooManyStepsMessage("{0}", "{1}")),
                       ValueRange{steps, extent});
    steps = t_.binary<arith::MulIOp>(steps, extent);
  }
  stepsValue_ = steps;
  hi_ = stepsValue_;
  if (!split_)
    return;
  int64_t cores = grid_.getNumCores();
  Value chunk = t_.binary<arith::DivSIOp>(t_.add(points, cores - 1), cores);
  if (inner)
    chunk = t_.binary<arith::MulIOp>(chunk, inner);
  Value core = b_.create<CoreIndexOp>(t_.loc(), b_.getI32Type());
  lo_ = t_.binary<arith::MulIOp>(core, chunk);
  Value end = t_.binary<arith::AddIOp>(lo_, chunk);
  hi_ = t_.select(t_.cmp(P::slt, end, stepsValue_), end, stepsValue_);
}

struct ExpandGridPass : mlir::tessera::impl::TesseraExpandGridBase<ExpandGridPass> {
  void runOnOperation() override {
    // Outer grids first: their scratch comes first, as when traced.
    SmallVector<GridOp> grids;
    getOperation().walk<WalkOrder::PreOrder>([&](GridOp g) { grids.push_back(g); });
    for (GridOp g : grids) {
      OpBuilder b(g);
      Expansion(g, b).run();
    }
  }
};

}  // namespace
