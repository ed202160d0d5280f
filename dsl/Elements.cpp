//===- Elements.cpp - One element of a Ref or a value as a Scalar ---------===//
//
// x_ref(i, j) of an SMEM Ref (an sld / sst) or a VMEM Ref (its row's tile
// loaded and the element moved to the scalar unit; a write merges it into
// its row), v(i, j) of a value (tessera.extract, vextract), and the
// ScalarAccess that is both the element read and the place `= s` writes.
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <optional>

#include "dsl/KernelTrace.h"
#include "dsl/RefOps.h"
#include "dsl/ValueBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"

namespace tessera {

using detail::KernelTrace;
using detail::leadingAt;
using detail::RefMeta;
using detail::What;

namespace {
Ref window(const Ref &ref, std::vector<Slice> slices, const std::source_location &loc) {
  return detail::refWindow(ref, std::move(slices), loc);
}
RefAccess access(const Ref &win, const std::source_location &loc) {
  return detail::refAccess(win, loc);
}

/// An element index as an IR index (a constant for a number).
mlir::Value indexValue(KernelTrace &trace, const Index &i, const std::source_location &loc) {
  return trace.indexOf(i.dynamic ? *i.dynamic : trace.constant(i.value, loc), loc);
}

/// Checks one index per dimension of `m`, numbers in range, Scalars int32.
void checkIndices(const RefMeta &m, const std::vector<Index> &indices,
                  const std::source_location &loc) {
  if (indices.size() != m.shape.size())
    throwUserError(loc, "Ref '" + m.name + "' of shape " + to_string(m.shape) +
                            " needs one index per dimension (" +
                            std::to_string(m.shape.size()) + "), not " +
                            std::to_string(indices.size()));
  for (size_t d = 0; d < indices.size(); ++d) {
    const Index &i = indices[d];
    if (i.dynamic && i.dynamic->dtype() != DType::int32)
      throwUserError(loc, "an index must be an int32 scalar, not " +
                              to_string(i.dynamic->dtype()));
    if (!i.dynamic && (i.value < 0 || i.value >= m.shape[d]))
      throwUserError(loc, "index " + std::to_string(i.value) +
                              (m.shape.size() > 1 ? " of dimension " + std::to_string(d) : "") +
                              " of Ref '" + m.name + "' is outside [0, " +
                              std::to_string(m.shape[d]) + ")");
  }
}

/// The Scalar dtype of an element of `dtype`: the packed dtypes widened.
DType elementScalarDtype(DType dtype) {
  return dtype == DType::bool_ ? dtype : wordDtype(dtype);
}

/// Element (r, c) of a 2-D value, on the scalar unit.
Scalar extractElement(KernelTrace &trace, const Value &v, int64_t r, int64_t c,
                      const std::source_location &loc) {
  DType dt = v.dtype(), sdt = elementScalarDtype(dt);
  Value word = wordDtype(dt) != dt ? v.astype(wordDtype(dt), loc) : v;
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  mlir::Value x = trace.use(word, loc);
  mlir::Value s = b.create<mlir::tessera::ExtractOp>(
      l, llvm::cast<mlir::VectorType>(x.getType()).getElementType(), x,
      b.getDenseI64ArrayAttr({r, c}));
  if (dt == DType::bool_)
    s = b.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::ne, s,
                                      b.create<mlir::arith::ConstantOp>(l, b.getI32IntegerAttr(0)));
  return trace.addScalar(s, sdt);
}

/// The 2-D Ref of element `indices` of a VMEM Ref: its leading indices
/// taken; `indices` keeps the last two.
Ref elementMatrix(const Ref &ref, std::vector<Index> &indices, const std::source_location &loc) {
  if (detail::isFolded(ref.meta()) && indices.size() == 1) {
    // A 1-D VMEM Ref: element i of its rows of 128 lanes (of a window
    // that starts inside a row: lane laneOffset + i of its rows; inside
    // one row, of that row).
    RefMeta meta = ref.meta();
    KernelTrace &trace = KernelTrace::check(meta.trace, loc, What::ref(meta.name));
    auto type = llvm::cast<mlir::MemRefType>(meta.value.getType());
    meta.shape.assign(type.getShape().begin(), type.getShape().end());
    int64_t lanes = machine::kLanes, first = meta.laneOffset;
    meta.laneOffset = 0;
    const Index i = indices[0];
    if (!i.dynamic)
      indices = {Index((first + i.value) / lanes), Index((first + i.value) % lanes)};
    else if (first && meta.shape[0] == 1)
      indices = {Index(0), Index(At<Scalar>(*i.dynamic, loc) + first)};
    else {
      Scalar at = first ? At<Scalar>(*i.dynamic, loc) + first : *i.dynamic;
      indices = {Index(At<Scalar>(at, loc) / lanes), Index(At<Scalar>(at, loc) % lanes)};
    }
    return trace.makeRef(std::move(meta));
  }
  Ref m = ref;
  while (indices.size() > 2) {
    const Index &a = indices.front();
    m = leadingAt(m, a.dynamic ? Slice{0, 1, *a.dynamic} : Slice{a.value, 1}, loc);
    indices.erase(indices.begin());
  }
  return m;
}

/// Checks a run-time row or column (`what`) against its dimension `n` at
/// run time (when the kernel has run-time checks): where no window's
/// bounds check covers it.
void checkIndex(KernelTrace &trace, const Scalar &j, int64_t n, const char *what,
                const std::string &name, const std::source_location &loc) {
  if (trace.runtimeChecks())
    trace.checkAtRunTime(trace.unsignedBelow(j, n, /*inclusive=*/false, loc),
                         std::string(what) + " {0} of Ref '" + name + "' is outside [0, " +
                             std::to_string(n) + ")",
                         {j}, loc);
}

/// The window of a 2-D VMEM Ref that holds element (i, j): row i of the
/// 128-lane tile of column j (the whole row for a run-time column). A
/// packed row at a run-time place is in a tile of rows whose start the
/// vector unit knows aligned: the window is that tile, `row` the
/// element's row in it.
struct ElementWindow {
  Ref win;
  int64_t colBase = 0;  // the window's first column
  std::optional<Scalar> row;
};

ElementWindow elementWindow(const Ref &ref, const Index &i, const Index &j,
                            const std::source_location &loc) {
  int64_t cols = ref.shape()[1];
  ElementWindow w;
  w.colBase = j.dynamic ? 0 : j.value / machine::kLanes * machine::kLanes;
  Slice lanes = j.dynamic ? Slice{0, cols}
                          : Slice{w.colBase, std::min<int64_t>(machine::kLanes, cols - w.colBase)};
  int64_t tileRows = machine::kSublanes * packing(ref.dtype());
  if (i.dynamic && tileRows > machine::kSublanes && ref.shape()[0] % tileRows == 0) {
    // (The tile's window is in the Ref whatever the row: check the row.)
    checkIndex(KernelTrace::check(ref.meta().trace, loc, What::ref(ref.name())), *i.dynamic,
               ref.shape()[0], "row", ref.name(), loc);
    Scalar start = pl::multiple_of(*i.dynamic / tileRows * tileRows, tileRows, loc);
    w.win = window(ref, {Slice{0, tileRows, start}, lanes}, loc);
    w.row = *i.dynamic % tileRows;
    return w;
  }
  w.win = window(ref, {i.dynamic ? Slice{0, 1, *i.dynamic} : Slice{i.value, 1}, lanes}, loc);
  return w;
}

}  // namespace

Value detail::onlyWhere(const Value &mask, const Value &v, const std::source_location &loc) {
  DType wide = wordDtype(v.dtype());
  Value word = v.astype(wide, loc);
  return wide == DType::float32  ? jnp::where(mask, word, -INFINITY, loc)
         : wide == DType::uint32 ? jnp::where(mask, word, 0, loc)
                                 : jnp::where(mask, word, INT32_MIN, loc);
}

namespace {

/// The mask of element (row, j) in a window of `shape` (row: std::nullopt
/// for a one-row window).
Value elementMask(const Shape &shape, const std::optional<Scalar> &row, const Index &j,
                  int64_t colBase, const std::source_location &loc) {
  Value cols = lax::broadcasted_iota(DType::int32, shape, 1, loc);
  Value mask = j.dynamic ? cols == *j.dynamic : cols == j.value - colBase;
  if (row)
    mask = mask & (lax::broadcasted_iota(DType::int32, shape, 0, loc) == *row);
  return mask;
}

/// Element (i, j) of a 2-D VMEM Ref, read.
Scalar readElement(KernelTrace &trace, const Ref &ref, const Index &i, const Index &j,
                   const std::source_location &loc) {
  if (j.dynamic)
    checkIndex(trace, *j.dynamic, ref.shape()[1], "column", ref.name(), loc);
  ElementWindow w = elementWindow(ref, i, j, loc);
  Value v = access(w.win, loc);
  if (!w.row && !j.dynamic)
    return extractElement(trace, v, 0, j.value - w.colBase, loc);
  // The element alone, the rest the lowest number: its maximum.
  Value one = detail::onlyWhere(elementMask(v.shape(), w.row, j, w.colBase, loc), v, loc);
  if (w.row)
    one = jnp::max(one, 0, /*keepdims=*/true, loc);
  if (j.dynamic)
    one = jnp::max(one, 1, /*keepdims=*/true, loc);
  if (v.dtype() == DType::bool_)
    one = one.astype(DType::bool_, loc);
  return extractElement(trace, one, 0, j.dynamic ? 0 : j.value - w.colBase, loc);
}

/// x_ref(indices...): checks the Ref and records the read (dropped again
/// if the access turns out to be a store target).
ScalarAccess elementAccess(const Ref &ref, std::vector<Index> indices,
                           const std::source_location &loc) {
  const RefMeta &m = ref.meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc, What::ref(m.name));
  if (m.choice)  // pl::select_ref: the element of the Ref picked
    return ScalarAccess(detail::onChoice<Scalar>(
                            ref,
                            [&](const Ref &c) -> Scalar { return elementAccess(c, indices, loc); },
                            loc),
                        ref, std::move(indices), loc);
  if (m.space != MemorySpace::SMEM && m.space != MemorySpace::VMEM)
    throwUserError(loc, "Ref '" + m.name + "' is in " + to_string(m.space) +
                            ": only SMEM and VMEM Refs are read one element at a time; copy "
                            "it into a scratch buffer with pltpu::async_copy first");
  checkIndices(m, indices, loc);
  trace.checkVisible(m.value, loc, What::ref(m.name));
  if (m.space == MemorySpace::VMEM) {
    std::vector<Index> at = indices;
    Ref matrix = elementMatrix(ref, at, loc);
    return ScalarAccess(readElement(trace, matrix, at[0], at[1], loc), ref, std::move(indices),
                        loc);
  }
  if (m.shape.size() > 2)
    throwUserError(loc, "SMEM Ref '" + m.name + "' of shape " + to_string(m.shape) +
                            ": SMEM Refs have rank 1 or 2");
  auto &b = trace.builder();
  llvm::SmallVector<mlir::Value> at;
  for (const Index &i : indices)
    at.push_back(indexValue(trace, i, loc));
  mlir::Value loaded = b.create<mlir::tessera::LoadScalarOp>(
      trace.loc(loc), detail::memoryElementType(m.dtype), m.value, at);
  if (m.dtype == DType::bool_)  // int32 0 / 1 in memory: the predicate is x != 0
    loaded = b.create<mlir::arith::CmpIOp>(
        trace.loc(loc), mlir::arith::CmpIPredicate::ne, loaded,
        b.create<mlir::arith::ConstantOp>(trace.loc(loc), b.getI32IntegerAttr(0)));
  return ScalarAccess(trace.addScalar(loaded, m.dtype), ref, std::move(indices), loc);
}

/// x_ref(i, j) = s of a VMEM Ref: s merged into its row's window.
void storeElement(const Ref &ref, std::vector<Index> indices, const Scalar &value,
                  const std::source_location &loc) {
  Ref matrix = elementMatrix(ref, indices, loc);
  ElementWindow w = elementWindow(matrix, indices[0], indices[1], loc);
  Value old = access(w.win, loc);
  Value mask = elementMask(old.shape(), w.row, indices[1], w.colBase, loc);
  Value fill = jnp::full(old.shape(), value, std::nullopt, loc).astype(ref.dtype(), loc);
  detail::refStore(w.win, jnp::where(mask, fill, old, loc), loc);
}
}  // namespace

namespace {
/// v(indices...): the element of a value, indices numbers in range.
Scalar valueElement(const Value &v, const std::vector<Index> &indices,
                    const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(v.traceId(), loc, "a value");
  const Shape &shape = v.shape();
  if (indices.size() != shape.size())
    throwUserError(loc, "a value of shape " + to_string(shape) +
                            " needs one index per dimension (" + std::to_string(shape.size()) +
                            "), not " + std::to_string(indices.size()));
  int64_t matrix = 0;
  for (size_t d = 0; d < indices.size(); ++d) {
    if (indices[d].dynamic)
      throwUserError(loc, "a run-time index of a value (dimension " + std::to_string(d) +
                              "): a value lives in vector registers, indexed by numbers; "
                              "store it into a VMEM Ref and read x_ref(i, j)");
    if (indices[d].value < 0 || indices[d].value >= shape[d])
      throwUserError(loc, "index " + std::to_string(indices[d].value) + " of dimension " +
                              std::to_string(d) + " of a value of shape " + to_string(shape) +
                              " is outside [0, " + std::to_string(shape[d]) + ")");
    if (d + 2 < indices.size())
      matrix = matrix * shape[d] + indices[d].value;
  }
  Value m = shape.size() > 2 ? trace.slices(v, loc)[matrix] : v;
  return extractElement(trace, m, indices[indices.size() - 2].value, indices.back().value, loc);
}
}  // namespace

Scalar Value::operator()(const Index &i, const Index &j, std::source_location loc) const {
  return valueElement(*this, {i, j}, loc);
}

Scalar Value::operator()(const Index &a, const Index &i, const Index &j,
                         std::source_location loc) const {
  return valueElement(*this, {a, i, j}, loc);
}

Scalar Value::operator()(const Index &a, const Index &b, const Index &i, const Index &j,
                         std::source_location loc) const {
  return valueElement(*this, {a, b, i, j}, loc);
}

Scalar Value::operator()(const Index &a, const Index &b, const Index &c, const Index &i,
                         const Index &j, std::source_location loc) const {
  return valueElement(*this, {a, b, c, i, j}, loc);
}

ScalarAccess Ref::operator[](At<int64_t> index) const {
  return elementAccess(*this, {Index(index.value)}, index.loc);
}

ScalarAccess Ref::operator[](At<Scalar> index) const {
  return elementAccess(*this, {Index(index.value)}, index.loc);
}

ScalarAccess Ref::operator()(const Index &i, const Index &j, std::source_location loc) const {
  return elementAccess(*this, {i, j}, loc);
}

ScalarAccess Ref::operator()(const Index &a, const Index &i, const Index &j,
                             std::source_location loc) const {
  return elementAccess(*this, {a, i, j}, loc);
}

ScalarAccess Ref::operator()(const Index &a, const Index &b, const Index &i, const Index &j,
                             std::source_location loc) const {
  return elementAccess(*this, {a, b, i, j}, loc);
}

ScalarAccess Ref::operator()(const Index &a, const Index &b, const Index &c, const Index &i,
                             const Index &j, std::source_location loc) const {
  return elementAccess(*this, {a, b, c, i, j}, loc);
}

ScalarAccess &ScalarAccess::operator=(const Scalar &value) && {
  const RefMeta &m = ref_.meta();
  KernelTrace &trace = KernelTrace::check(m.trace, loc_, What::ref(m.name));
  if (trace.inIndexMap())
    throwUserError(loc_, "an index map writes Ref '" + m.name +
                             "'; index maps only compute block indices (they may read "
                             "scalar-prefetch Refs): write it in the kernel body");
  if (value.dtype() != dtype())
    throwUserError(loc_, "cannot store a " + to_string(value.dtype()) + " scalar into Ref '" +
                             m.name + "' of dtype " + to_string(m.dtype) +
                             (dtype() != m.dtype ? " (its elements are " + to_string(dtype()) +
                                                       " scalars)"
                                                 : std::string()));
  if (m.choice) {  // pl::select_ref: into the Ref picked
    detail::onChoice<void>(
        ref_, [&](const Ref &c) { elementAccess(c, indices_, loc_) = value; }, loc_);
    return *this;
  }
  if (m.space == MemorySpace::VMEM) {
    storeElement(ref_, indices_, value, loc_);
    return *this;
  }
  auto &b = trace.builder();
  mlir::Value v = trace.use(value, loc_);
  if (m.dtype == DType::bool_)  // int32 0 / 1 in memory
    v = b.create<mlir::arith::ExtUIOp>(trace.loc(loc_), b.getI32Type(), v);
  llvm::SmallVector<mlir::Value> at;
  for (const Index &i : indices_)
    at.push_back(indexValue(trace, i, loc_));
  b.create<mlir::tessera::StoreScalarOp>(trace.loc(loc_), v, m.value, at);
  // The read this access recorded (a bool's: and its compare) is not needed
  // when it is only written.
  detail::eraseDeadRead(trace.use(static_cast<const Scalar &>(*this), loc_));
  return *this;
}

ScalarAccess &ScalarAccess::operator=(const ScalarAccess &value) && {
  return std::move(*this) = static_cast<const Scalar &>(value);
}

ScalarAccess &ScalarAccess::operator=(int64_t value) && {
  KernelTrace &trace = KernelTrace::check(traceId(), loc_, What::ref(ref_.name()));
  // Weakly typed: the element's f32 or uint32.
  if (dtype() == DType::float32)
    return std::move(*this).assignDouble((double)value);
  if (dtype() == DType::uint32) {
    if (value < 0 || value > (int64_t)UINT32_MAX)
      throwUserError(loc_, "cannot store " + std::to_string(value) + " into Ref '" +
                               ref_.name() + "' of uint32 elements: outside [0, 2^32)");
    auto &b = trace.builder();
    auto c = b.create<mlir::arith::ConstantOp>(trace.loc(loc_),
                                               b.getI32IntegerAttr((int32_t)(uint32_t)value));
    return std::move(*this) = trace.addScalar(c.getResult(), DType::uint32);
  }
  return std::move(*this) = trace.constant(value, loc_);
}

ScalarAccess &ScalarAccess::assignDouble(double value) && {
  KernelTrace &trace = KernelTrace::check(traceId(), loc_, What::ref(ref_.name()));
  auto &b = trace.builder();
  auto c = b.create<mlir::arith::ConstantOp>(trace.loc(loc_), b.getF32FloatAttr((float)value));
  return std::move(*this) = trace.addScalar(c.getResult(), DType::float32);
}

}  // namespace tessera
