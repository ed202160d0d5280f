//===- GridOp.cpp - tessera.grid: a gridded launch's rules ------------------===//
//
// The verifier states what tessera-expand-grid relies on: one index map and
// one block argument per blocked operand, blocks that fit their arrays,
// parallel axes before arbitrary ones, and the buffer counts the pipeline
// can build. The user-facing forms of these rules (at the user's line, in
// Pallas' words) are the tracer's (dsl/PallasCall.cpp); these catch IR
// written by hand or by a pass.
//
//===----------------------------------------------------------------------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"

using namespace mlir;
using namespace mlir::tessera;

SmallVector<Value> GridOp::getBlocked() {
  SmallVector<Value> all(getInputs());
  all.append(getOutputs().begin(), getOutputs().end());
  return all;
}

ArrayRef<int64_t> GridOp::getBlockShape(unsigned k) {
  return llvm::cast<DenseI64ArrayAttr>(getBlockShapes()[k]).asArrayRef();
}

bool GridOp::isElementDim(unsigned k, unsigned d) {
  std::optional<ArrayRef<int64_t>> dims = getElementDims();
  return dims && k < dims->size() && ((*dims)[k] >> d & 1);
}

int64_t GridOp::positionsAlong(unsigned k, unsigned d) {
  int64_t extent = llvm::cast<MemRefType>(getBlocked()[k].getType()).getDimSize(d);
  int64_t size = getBlockShape(k)[d];
  // (Rows: the last copy of the box ends inside the array too; of
  // matrices, the last matrix's last block, clipped to it; padded rows
  // inside the padded array; bounded rows start anywhere up to the end,
  // their size checked apart.)
  if (d == 0 && isBoundedRows(k))
    return extent - *llvm::max_element(getCopyRows(k)) + 1;
  if (d == 1 && isBoundedCols(k))
    return extent + 1;
  if (d == 0) {
    size = lastBlockRows(k) + *llvm::max_element(getCopyRows(k));
    auto [lo, hi] = getRowPadding(k);
    if (int64_t period = getMatrixRows(k); period && (lo || hi))
      extent = extent / period * paddedMatrixRows(k);
    else
      extent += lo + hi;
  } else {
    auto [lo, hi] = getColPadding(k);
    extent += lo + hi;
  }
  return isElementDim(k, d) ? extent - size + 1 : (extent + size - 1) / size;
}

ArrayRef<int64_t> GridOp::getCopyRows(unsigned k) {
  static const int64_t kOne[] = {0};
  std::optional<ArrayAttr> copies = getCopyRows();
  if (!copies || k >= copies->size())
    return kOne;
  ArrayRef<int64_t> rows = llvm::cast<DenseI64ArrayAttr>((*copies)[k]).asArrayRef();
  return rows.empty() ? ArrayRef<int64_t>(kOne) : rows;
}

bool GridOp::isBounded(unsigned k) {
  Region &map = getIndexMaps()[k];
  return !map.empty() && map.front().getTerminator()->getNumOperands() > 2;
}

bool GridOp::isBoundedRows(unsigned k) {
  Region &map = getIndexMaps()[k];
  unsigned n = map.empty() ? 0 : map.front().getTerminator()->getNumOperands();
  return n == 4 || (n == 3 && !isBoundedCols(k));
}

bool GridOp::isBoundedCols(unsigned k) {
  std::optional<ArrayRef<int64_t>> cols = getBoundedCols();
  return cols && k < cols->size() && (*cols)[k] != 0;
}

int64_t GridOp::getMatrixRows(unsigned k) {
  std::optional<ArrayRef<int64_t>> rows = getMatrixRows();
  return rows && k < rows->size() ? (*rows)[k] : 0;
}

int64_t GridOp::lastBlockStart(unsigned k) {
  int64_t period = getMatrixRows(k), bm = getBlockShape(k)[0];
  // (Padded rows are clipped at run time: no static edge block.)
  if (hasRowPadding(k))
    return 0;
  return period ? (period + bm - 1) / bm * bm - bm : 0;
}

int64_t GridOp::paddedMatrixRows(unsigned k) {
  auto [lo, hi] = getRowPadding(k);
  return getMatrixRows(k) + lo + hi;
}

int64_t GridOp::lastBlockRows(unsigned k) {
  int64_t period = getMatrixRows(k);
  if (!period || hasRowPadding(k))
    return getBlockShape(k)[0];
  return period - lastBlockStart(k);
}

/// Operand `k`'s (lo, hi) of a padding attribute of two entries per
/// operand, or (0, 0).
static std::pair<int64_t, int64_t> paddingOf(std::optional<ArrayRef<int64_t>> pads,
                                             unsigned k) {
  if (!pads || 2 * k + 1 >= pads->size())
    return {0, 0};
  return {(*pads)[2 * k], (*pads)[2 * k + 1]};
}

std::pair<int64_t, int64_t> GridOp::getRowPadding(unsigned k) {
  return paddingOf(getRowPadding(), k);
}

std::pair<int64_t, int64_t> GridOp::getColPadding(unsigned k) {
  return paddingOf(getColPadding(), k);
}

int64_t GridOp::getBufferRows(unsigned k) {
  return bufferRows(getBlockShape(k)[0], getCopyRows(k).size());
}

int64_t GridOp::copyStride(int64_t rows) {
  int64_t tile = ::tessera::machine::kSublanes;
  return (rows + tile - 1) / tile * tile;
}

int64_t GridOp::bufferRows(int64_t rows, int64_t copies) {
  return copies > 1 ? copies * copyStride(rows) : rows;
}

int64_t GridOp::getNumParallelAxes() {
  int64_t n = 0;
  for (Attribute a : getDimensionSemantics()) {
    if (llvm::cast<StringAttr>(a).getValue() != "parallel")
      break;
    ++n;
  }
  return n;
}

int64_t GridOp::getNumSteps() {
  int64_t steps = 1;
  for (int64_t g : getGrid())
    steps *= g;
  return steps;
}

int64_t GridOp::getStepsPerCore() {
  return stepsPerCore(getGrid(), getNumParallelAxes(), getNumCores());
}

int64_t GridOp::stepsPerCore(ArrayRef<int64_t> grid, int64_t parallelAxes, int64_t cores) {
  int64_t points = 1, inner = 1;
  for (int64_t k = 0; k < (int64_t)grid.size(); ++k)
    (k < parallelAxes ? points : inner) *= grid[k];
  if (cores <= 1)
    return points * inner;
  return (points + cores - 1) / cores * inner;
}

std::string GridOp::negativeExtentMessage(unsigned axis, StringRef value) {
  return ("grid axis " + Twine(axis) + " has the run-time extent " + value +
          "; a grid extent is at least 0 (0 runs no grid point)")
      .str();
}

std::string GridOp::tooManyStepsMessage(StringRef steps, StringRef extent) {
  return ("the grid's run-time extents make more than 2^31 - 1 steps (" + steps + " x " + extent +
          " and more)")
      .str();
}

bool GridOp::isWholeArray(ArrayRef<int64_t> block, ArrayRef<int64_t> array,
                          std::pair<int64_t, int64_t> rowPadding,
                          std::pair<int64_t, int64_t> colPadding) {
  std::pair<int64_t, int64_t> none = {0, 0};
  return block == array && rowPadding == none && colPadding == none;
}

bool GridOp::isWholeArray(unsigned k) {
  auto type = llvm::cast<MemRefType>(getBlocked()[k].getType());
  return isWholeArray(getBlockShape(k), type.getShape(), getRowPadding(k), getColPadding(k));
}

int64_t GridOp::slotRows(int64_t blockRows, Type elementType) {
  // 32-bit words hold 1 f32 / i32, 2 bf16, 4 int8: a tile has 8 rows of words.
  int64_t packing = std::max<int64_t>(1, 32 / elementType.getIntOrFloatBitWidth());
  int64_t tileRows = 8 * packing;
  return (blockRows + tileRows - 1) / tileRows * tileRows;
}

std::string GridOp::blockOutsideMessage(unsigned k, StringRef point, StringRef block) {
  ArrayRef<int64_t> shape = getBlockShape(k);
  ArrayRef<int64_t> array = llvm::cast<MemRefType>(getBlocked()[k].getType()).getShape();
  int64_t blocks[2] = {positionsAlong(k, 0), positionsAlong(k, 1)};
  std::string returned = ("at grid point (" + point + ") the index map of " +
                          llvm::cast<StringAttr>(getLabels()[k]).getValue() + " '" +
                          llvm::cast<StringAttr>(getNames()[k]).getValue() + "' returned ")
                             .str();
  if (isElementDim(k, 0) || isElementDim(k, 1)) {
    // pl::Element dimensions: element offsets, in [0, extent - size].
    auto range = [&](unsigned d) {
      return (isElementDim(k, d) ? "offsets in [0, " + Twine(blocks[d] - 1) + "]"
                                 : "block indices in [0, " + Twine(blocks[d]) + ")")
          .str();
    };
    return (returned + "(" + block + "), outside its array [" + Twine(array[0]) + ", " +
            Twine(array[1]) + "] for a block of [" + Twine(shape[0]) + ", " + Twine(shape[1]) +
            "] (" + range(0) + ", " + range(1) + ")")
        .str();
  }
  return (returned + "block (" + block +
          "), outside its array's " + Twine(blocks[0]) + " x " + Twine(blocks[1]) +
          " blocks of [" + Twine(shape[0]) + ", " + Twine(shape[1]) +
          "] (block indices in [0, " + Twine(blocks[0]) + ") x [0, " + Twine(blocks[1]) + "))")
      .str();
}

MemRefType GridOp::blockType(ArrayRef<int64_t> block, bool whole, Type elementType) {
  MemRefType buffer = getRefType(block, elementType, MemorySpace::vmem);
  if (whole)
    return buffer;
  // A window at a run-time row of the ring: rows [slot * slotRows, + rows).
  int64_t rows = slotRows(block[0], elementType);
  MemRefType ring = getRefType({2 * rows, block[1]}, elementType, MemorySpace::vmem);
  return ViewOp::inferResultType(ring, {ShapedType::kDynamic, 0}, block);
}

LogicalResult GridOp::verify() {
  ArrayRef<int64_t> grid = getGrid();
  for (int64_t g : grid)
    if (g < 1 && !ShapedType::isDynamic(g))
      return emitOpError("grid extents must be at least 1, not ") << g;
  int64_t dynamic = llvm::count_if(grid, ShapedType::isDynamic);
  if ((int64_t)getDynamicGrid().size() != dynamic)
    return emitOpError("has ") << dynamic << " run-time grid extents (?) but "
                               << getDynamicGrid().size() << " extent operands";
  if (getDimensionSemantics().size() != grid.size())
    return emitOpError("has ") << getDimensionSemantics().size()
                               << " dimension_semantics for a grid of " << grid.size()
                               << " axes";
  bool arbitrarySeen = false;
  for (Attribute a : getDimensionSemantics()) {
    StringRef s = llvm::cast<StringAttr>(a).getValue();
    if (s != "parallel" && s != "arbitrary")
      return emitOpError("dimension_semantics are \"parallel\" or \"arbitrary\", not \"")
             << s << "\"";
    if (s == "parallel" && arbitrarySeen)
      return emitOpError("parallel axes must come before arbitrary ones");
    arbitrarySeen = arbitrarySeen || s == "arbitrary";
  }
  if (getNumCores() != 1 && getNumCores() != 2)
    return emitOpError("splits the grid across 1 or 2 cores, not ") << getNumCores();
  if (getNumCores() == 2 && getNumParallelAxes() == 0)
    return emitOpError("splits the grid across 2 cores but has no parallel axis");
  SmallVector<Value> blocked = getBlocked();
  size_t n = blocked.size();
  if (getBlockShapes().size() != n || getBufferCounts().size() != n || getNames().size() != n ||
      getLabels().size() != n)
    return emitOpError("needs one block shape, buffer count, name and label per operand (")
           << n << "), has " << getBlockShapes().size() << ", " << getBufferCounts().size()
           << ", " << getNames().size() << " and " << getLabels().size();
  for (unsigned k = 0; k < n; ++k) {
    auto type = llvm::cast<MemRefType>(blocked[k].getType());
    MemorySpace space = getMemorySpace(type);
    if (space != MemorySpace::any && space != MemorySpace::hbm)
      return emitOpError("operand ") << k << " is in " << stringifyForUser(space)
                                     << "; a grid blocks HBM Refs";
    if (type.getRank() != 2 || !type.hasStaticShape())
      return emitOpError("operand ") << k << " must be a static rank-2 Ref";
    auto shape = llvm::dyn_cast<DenseI64ArrayAttr>(getBlockShapes()[k]);
    if (!shape || shape.size() != 2)
      return emitOpError("block shape ") << k << " must be an array<i64> of 2 sizes";
    // (A block may be larger than the array, as Pallas allows: every block
    // along that dimension is then an edge block, partly outside.)
    for (int64_t b : shape.asArrayRef())
      if (b < 1)
        return emitOpError("block shape ") << k << " " << shape << " is empty";
    int64_t buffers = getBufferCounts()[k];
    bool whole = isWholeArray(k);
    if (whole && buffers != 1)
      return emitOpError("operand ") << k << "'s block is the whole array: 1 buffer, not "
                                     << buffers;
    if (!whole && buffers < 1)
      return emitOpError("operand ") << k << " needs at least 1 buffer";
    if (!whole && isOutput(k) && buffers < 2)
      return emitOpError("output ") << k << " is written back from at least 2 buffers, not "
                                    << buffers;
    // (An element block no larger than its array.)
    for (unsigned d = 0; d < 2; ++d)
      if (isElementDim(k, d) && positionsAlong(k, d) < 1)
        return emitOpError("operand ")
               << k << "'s element dimension " << d << " has blocks of " << shape[d]
               << (d == 0 && getCopyRows(k).size() > 1 ? " (and copies)" : "")
               << ", more than its " << type.getDimSize(d);
  }
  // An optional per-operand attribute's entries: `per` for each operand.
  auto entries = [&](StringRef name, size_t got, size_t per) -> LogicalResult {
    if (got == per * n)
      return success();
    return emitOpError("needs ") << (per == 1 ? "one " : "two ") << name << " "
                                 << (per == 1 ? "entry" : "entries") << " per operand ("
                                 << per * n << "), has " << got;
  };
  if (std::optional<ArrayAttr> copies = getCopyRows()) {
    if (failed(entries("copy_rows", copies->size(), 1)))
      return failure();
    for (auto [k, a] : llvm::enumerate(*copies)) {
      auto rows = llvm::dyn_cast<DenseI64ArrayAttr>(a);
      if (!rows)
        return emitOpError("copy_rows entry ") << k << " must be an array<i64>";
      if (rows.size() > 1 && (rows[0] != 0 || !isElementDim(k, 0)))
        return emitOpError("operand ") << k
                                       << "'s copies start at its box (copy_rows 0 first) and "
                                          "are of element rows";
    }
  }
  if (std::optional<ArrayRef<int64_t>> rows = getMatrixRows()) {
    if (failed(entries("matrix_rows", rows->size(), 1)))
      return failure();
    for (auto [k, period] : llvm::enumerate(*rows)) {
      if (period == 0)
        continue;
      int64_t extent = llvm::cast<MemRefType>(blocked[k].getType()).getDimSize(0);
      int64_t tile = ::tessera::machine::kSublanes;
      bool padded = hasRowPadding(k);
      if (period < 0 || period % tile != 0 || extent % period != 0 || !isElementDim(k, 0) ||
          (getBlockShape(k)[0] % tile != 0 && !padded))
        return emitOpError("operand ")
               << k << "'s matrix_rows " << period
               << " must be a multiple of 8 dividing its rows (" << extent
               << "), of element rows in blocks of a multiple of 8 (any, padded)";
    }
  }
  if (std::optional<ArrayRef<int64_t>> pads = getRowPadding()) {
    if (failed(entries("row_padding", pads->size(), 2)))
      return failure();
    for (unsigned k = 0; k < n; ++k) {
      auto [lo, hi] = getRowPadding(k);
      if (lo == 0 && hi == 0)
        continue;
      if (lo < 0 || hi < 0 || !isElementDim(k, 0) ||
          (getCopyRows(k).size() > 1 && getMatrixRows(k) == 0))
        return emitOpError("operand ")
               << k << "'s row_padding (" << lo << ", " << hi
               << ") must not be negative, of element rows (of matrices, matrix_rows, when "
                  "the block has copies)";
    }
  }
  if (std::optional<ArrayRef<int64_t>> pads = getColPadding()) {
    if (failed(entries("col_padding", pads->size(), 2)))
      return failure();
    int64_t lanes = ::tessera::machine::kLanes;
    for (unsigned k = 0; k < n; ++k) {
      auto [lo, hi] = getColPadding(k);
      if (lo == 0 && hi == 0)
        continue;
      if (lo < 0 || hi < 0 || lo % lanes != 0 || hi % lanes != 0 || !isElementDim(k, 1) ||
          getBlockShape(k)[1] % lanes != 0)
        return emitOpError("operand ")
               << k << "'s col_padding (" << lo << ", " << hi
               << ") must be whole 128-lane tiles of element columns in blocks of whole "
                  "tiles";
    }
  }
  if (std::optional<ArrayRef<int64_t>> cols = getBoundedCols())
    if (failed(entries("bounded_cols", cols->size(), 1)))
      return failure();
  if (std::optional<ArrayRef<int64_t>> dims = getElementDims()) {
    if (failed(entries("element_dims", dims->size(), 1)))
      return failure();
    for (int64_t m : *dims)
      if (m < 0 || m > 3)
        return emitOpError("element_dims entries are masks of the 2 dimensions (0 to 3), not ")
               << m;
  }
  return success();
}

LogicalResult GridOp::verifyRegions() {
  SmallVector<Value> blocked = getBlocked();
  size_t axes = getGrid().size();
  Type i32 = IntegerType::get(getContext(), 32);
  auto indexArgs = [&](Block &block, StringRef what) -> LogicalResult {
    for (unsigned a = 0; a < axes; ++a)
      if (block.getNumArguments() <= a || block.getArgument(a).getType() != i32)
        return emitOpError(what) << " takes one i32 grid index per axis (" << axes << ")";
    return success();
  };
  if (getIndexMaps().size() != blocked.size())
    return emitOpError("has ") << getIndexMaps().size() << " index maps for "
                               << blocked.size() << " operands";
  for (auto [k, region] : llvm::enumerate(getIndexMaps())) {
    Block &block = region.front();
    if (failed(indexArgs(block, "index map " + std::to_string(k))))
      return failure();
    if (block.getNumArguments() != axes)
      return emitOpError("index map ") << k << " takes " << block.getNumArguments()
                                       << " arguments for a grid of " << axes << " axes";
    auto yield = llvm::dyn_cast<YieldOp>(block.getTerminator());
    size_t values = yield ? yield.getValues().size() : 0;
    if (values < 2 || values > 4)
      return emitOpError("index map ") << k << " must yield 2 i32 block indices";
    if (values == 4 && !isBoundedCols(k))
      return emitOpError("index map ")
             << k << " yields sizes of bounded rows and columns (a third and a fourth "
                     "value), so its columns are bounded_cols";
    if (isBoundedRows(k) && (!isElementDim(k, 0) || hasRowPadding(k) || getMatrixRows(k) != 0))
      return emitOpError("index map ")
             << k << " yields a size of bounded rows (a third value), which are element rows "
                     "without row_padding or matrix_rows";
    if (isBoundedCols(k) &&
        (values < 3 || !isElementDim(k, 1) || hasColPadding(k) ||
         getBlockShape(k)[1] % ::tessera::machine::kLanes != 0))
      return emitOpError("index map ")
             << k << " of bounded columns (bounded_cols) yields their size (its last value); "
                     "they are element columns of whole 128-lane tiles, without col_padding";
  }
  Block &body = getBody().front();
  if (failed(indexArgs(body, "the body")))
    return failure();
  if (body.getNumArguments() != axes + blocked.size())
    return emitOpError("the body takes ") << body.getNumArguments()
                                          << " arguments; it needs " << axes
                                          << " grid indices and " << blocked.size()
                                          << " blocks";
  for (unsigned k = 0; k < blocked.size(); ++k) {
    auto type = llvm::cast<MemRefType>(blocked[k].getType());
    MemRefType expected =
        blockType({getBufferRows(k), getBlockShape(k)[1]},
                  isWholeArray(k), type.getElementType());
    Type got = body.getArgument(axes + k).getType();
    if (got != expected)
      return emitOpError("the block of operand ") << k << " must be " << expected << ", not "
                                                  << got;
  }
  auto yield = llvm::dyn_cast<YieldOp>(body.getTerminator());
  if (!yield || !yield.getValues().empty())
    return emitOpError("the body must end with a tessera.yield of no values");
  return success();
}

namespace {

using namespace ::tessera::machine;

/// The vregs a value of `type` fills: its matrices' (8 * packing, 128)
/// tiles; a 1-D value's rows of 128 lanes, 8 to a vreg.
double tilesOf(Type type) {
  auto v = llvm::dyn_cast<VectorType>(type);
  if (!v || v.getShape().empty())
    return 0;
  ArrayRef<int64_t> shape = v.getShape();
  if (shape.size() == 1)
    return (double)llvm::divideCeil(shape[0], kSublanes * kLanes);
  Type element = v.getElementType();
  int64_t bits =
      element.isIntOrFloat() ? std::max<unsigned>(1, element.getIntOrFloatBitWidth()) : 32;
  int64_t tileRows = kSublanes * std::max<int64_t>(1, 32 / bits);
  double n = (double)llvm::divideCeil(shape[shape.size() - 2], tileRows) *
             (double)llvm::divideCeil(shape.back(), kLanes);
  for (size_t d = 0; d + 2 < shape.size(); ++d)
    n *= (double)shape[d];
  return n;
}

/// `v` when it is a constant, or integer arithmetic of constants (a traced
/// loop's step: the step times the unroll factor).
std::optional<int64_t> constantOf(Value v) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return c;
  Operation *def = v.getDefiningOp();
  if (!llvm::isa_and_nonnull<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def))
    return std::nullopt;
  std::optional<int64_t> a = constantOf(def->getOperand(0)), b = constantOf(def->getOperand(1));
  if (!a || !b)
    return std::nullopt;
  if (llvm::isa<arith::AddIOp>(def))
    return *a + *b;
  return llvm::isa<arith::SubIOp>(def) ? *a - *b : *a * *b;
}

double serialCycles(Region &region);

/// One op's latency plus the issue of its tiles after the first on its
/// unit (GridOp::serialStepCycles).
double serialCycles(Operation &op) {
  if (auto loop = llvm::dyn_cast<scf::ForOp>(op)) {
    double trips = 1;  // (a run-time trip count: once)
    std::optional<int64_t> lo = constantOf(loop.getLowerBound()),
                           hi = constantOf(loop.getUpperBound()), step = constantOf(loop.getStep());
    if (lo && hi && step && *step > 0)
      trips = (double)std::max<int64_t>(0, llvm::divideCeil(*hi - *lo, *step));
    return trips * serialCycles(loop.getRegion());
  }
  if (auto branch = llvm::dyn_cast<scf::IfOp>(op))
    return std::max(serialCycles(branch.getThenRegion()), serialCycles(branch.getElseRegion()));
  if (op.getNumRegions() > 0) {
    double sum = 0;
    for (Region &r : op.getRegions())
      sum += serialCycles(r);
    return sum;
  }
  double out = op.getNumResults() == 1 ? tilesOf(op.getResult(0).getType()) : 0;
  double in = op.getNumOperands() > 0 ? tilesOf(op.getOperand(0).getType()) : 0;
  if (llvm::isa<LoadOp>(op))
    return kLatVectorLoad + std::max(0.0, out - 1);
  if (llvm::isa<StoreOp, MaskedStoreOp>(op))
    return in;
  if (auto dot = llvm::dyn_cast<DotOp>(op)) {
    auto lhs = llvm::cast<VectorType>(dot.getLhs().getType());
    auto rhs = llvm::cast<VectorType>(dot.getRhs().getType());
    int64_t n = dot.getTransposeRhs() ? rhs.getDimSize(0) : rhs.getDimSize(1);
    bool f32 = lhs.getElementType().isF32() || rhs.getElementType().isF32();
    double passes = dot.getPrecision() == "highest" && f32 ? 6 : 1;
    return passes * (double)lhs.getDimSize(0) * (double)lhs.getDimSize(1) * (double)n /
               double(kNumMxus * kMxuDim * kMxuDim) +
           kMxuResultLatency;
  }
  if (auto reduce = llvm::dyn_cast<ReduceOp>(op)) {
    // The operand's tiles combined into the result's on the ALU, one
    // after another, then a lane reduction per result tile on the XLU (or
    // a sublane butterfly).
    double combine = (in / std::max(1.0, out) - 1) * kLatVectorFloat;
    if (reduce.getAxis() == 1)
      return combine + kLatCrossLane + (out - 1) * kCrossLaneIssueInterval;
    return combine + kLatSublaneReduce;
  }
  if (out == 0)
    return 0;  // (scalar work: the other slots)
  StringRef dialect = op.getDialect() ? op.getDialect()->getNamespace() : "";
  if (dialect == "math" || llvm::isa<LogisticOp, ErfInvOp, ReciprocalOp, arith::DivFOp>(op))
    return (llvm::isa<arith::DivFOp>(op) ? kLatDivide : kLatTranscendental) +
           (out - 1) * kEupIssueInterval;
  if (llvm::isa<TransposeOp, TransposeTilesOp, RollOp, GatherOp>(op))
    return kLatCrossLane + std::max(out, in) * kCrossLaneIssueInterval;
  return kLatVectorFloat + (out - 1) / kVectorAluSlots;
}

double serialCycles(Region &region) {
  double sum = 0;
  for (Block &block : region)
    for (Operation &op : block)
      sum += serialCycles(op);
  return sum;
}

}  // namespace

int64_t GridOp::serialStepCycles() { return (int64_t)std::ceil(serialCycles(getBody())); }
