//===- Values.cpp - Elementwise value operations and conversions ----------===//
//
// The elementwise operations of dsl/Values.h (reductions, iota and
// broadcasts: Reductions.cpp; matmul: Dot.cpp) and the shared machinery of
// dsl/ValueBuilder.h. Each one resolves its operands first (a
// number becomes a splat constant of the other operand's dtype, a Scalar a
// tessera.broadcast of the scalar register (vbcast), every dtype promotion an
// explicit convert, every [1,N] / [M,1] operand a tessera.broadcast to the
// common shape), checks what the hardware cannot do and names the user's
// line and the rule, then records one arith / math / tessera op. Nothing
// is computed here: bf16 rounding after every op, the butterfly order of
// reductions and the MXU passes are the compiler's and the simulator's
// (sim/VectorMath.h), so the kernel IR says only what the user wrote.
//
// A Value's Shape is the user's (rank 0 to 2: keepdims=false drops a
// dimension); its IR type is always rank 2 (the kept dimension has size 1).
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <iomanip>
#include <sstream>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "dsl/ValueBuilder.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"
#include "sim/VectorMath.h"

namespace tessera {

using detail::KernelTrace;
using detail::What;

namespace detail::values {


/// The rank-2 IR shape of a value.
Shape irShape(mlir::Value v) {
  auto t = llvm::cast<mlir::VectorType>(v.getType());
  return Shape(t.getShape().begin(), t.getShape().end());
}

mlir::VectorType vecType(const Shape &shape, DType dtype) {
  return mlir::VectorType::get(shape, detail::elementType(dtype));
}

/// "an f32", "a bf16", "an s8", "a pred".
std::string withArticle(DType d) {
  std::string name = to_string(d);
  return (name[0] == 'f' || name[0] == 's' ? "an " : "a ") + name;
}

std::string numberText(double d) {
  std::ostringstream os;
  os << std::setprecision(17) << d;
  return os.str();
}

/// A value of any nonzero extents: its last tiles are padded (8 rows a
/// vreg, 16 for 16-bit dtypes, 32 for 8-bit ones: one packed tile).
void checkValueShape(const Shape &ir, DType dtype, const std::source_location &loc,
                     What what) {
  if (ir[0] > 0 && ir[1] > 0)
    return;
  throwUserError(loc, what.str() + " would be " + withArticle(dtype) + " value of shape " +
                          to_string(ir) + ", with no elements; a value has at least one row "
                          "and one column");
}

/// A new Value of `dtype` with user shape `shape` for the IR value `v`.
Value make(KernelTrace &trace, mlir::Value v, DType dtype, Shape shape,
           const std::source_location &loc, What what) {
  checkValueShape(irShape(v), dtype, loc, what);
  return trace.addValue(v, {std::move(shape), dtype});
}

/// A generic tessera op (the dialect's own C++ classes are not needed to
/// record it; its verifier runs when the kernel is compiled).
mlir::Value tesseraOp(KernelTrace &trace, llvm::StringRef name, mlir::ValueRange operands,
                      mlir::Type result, llvm::ArrayRef<mlir::NamedAttribute> attrs,
                      const std::source_location &loc) {
  mlir::OperationState state(trace.loc(loc), ("tessera." + name).str());
  state.addOperands(operands);
  state.addTypes(result);
  state.addAttributes(attrs);
  return trace.builder().create(state)->getResult(0);
}

/// A splat constant of a number in `dtype`; the number must be exact in it
/// (integers in range), as JAX checks a weakly typed Python scalar.
mlir::Value splat(KernelTrace &trace, const Shape &shape, DType dtype, double number,
                  bool isInteger, int64_t integer, const std::source_location &loc) {
  auto &b = trace.builder();
  mlir::VectorType type = vecType(shape, dtype);
  mlir::Type elem = type.getElementType();
  mlir::Attribute value;
  if (isFloat(dtype)) {
    value = b.getFloatAttr(elem, isInteger ? (double)integer : number);
  } else {
    IntRange range = integerRange(dtype);
    if (!isInteger) {
      if (number != std::trunc(number))  // also NaN and inf
        throwUserError(loc, "the scalar " + numberText(number) + " is not " +
                                withArticle(dtype) + " value (" +
                                (std::isfinite(number) ? "it has a fraction" : "not finite") +
                                "); use an integer");
      if (number < (double)range.lo || number > (double)range.hi)
        throwUserError(loc, "the scalar " + numberText(number) + " does not fit in " +
                                to_string(dtype) + " " + to_string(range));
      integer = (int64_t)number;
    }
    if (integer < range.lo || integer > range.hi)
      throwUserError(loc, "the scalar " + std::to_string(integer) + " does not fit in " +
                              to_string(dtype) + " " + to_string(range));
    value = b.getIntegerAttr(elem, integer);
  }
  return b.create<mlir::arith::ConstantOp>(trace.loc(loc), type,
                                           mlir::SplatElementsAttr::get(type, value));
}

/// Converts `x` (of `from`) to `to`, keeping its shape: the conversions of
/// astype, as explicit ops.
mlir::Value convert(KernelTrace &trace, mlir::Value x, DType from, DType to,
                    const std::source_location &loc) {
  if (from == to)
    return x;
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  Shape shape = irShape(x);
  auto as = [&](DType d) { return vecType(shape, d); };
  // To bool: x != 0 (a NaN is true, as in JAX).
  if (to == DType::bool_) {
    if (isFloat(from))
      return b.create<mlir::arith::CmpFOp>(l, mlir::arith::CmpFPredicate::UNE, x,
                                           splat(trace, shape, from, 0.0, false, 0, loc));
    return b.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::ne, x,
                                         splat(trace, shape, from, 0.0, true, 0, loc));
  }
  // From bool: 0 / 1 as int32 first.
  if (from == DType::bool_) {
    x = b.create<mlir::arith::ExtUIOp>(l, as(DType::int32), x);
    return convert(trace, x, DType::int32, to, loc);
  }
  if (isFloat(from) && isFloat(to))
    return from == DType::float32 ? b.create<mlir::arith::TruncFOp>(l, as(to), x).getResult()
                                  : b.create<mlir::arith::ExtFOp>(l, as(to), x).getResult();
  if (isInteger(from) && isInteger(to)) {
    // Two's complement: the same bits between widths alike (int32 <->
    // uint32), extended by the source's signedness, truncated to narrow.
    int fromBits = itemsize(from), toBits = itemsize(to);
    if (fromBits == toBits)
      return x;
    if (fromBits > toBits)
      return b.create<mlir::arith::TruncIOp>(l, as(to), x);
    return isUnsigned(from) ? b.create<mlir::arith::ExtUIOp>(l, as(to), x).getResult()
                            : b.create<mlir::arith::ExtSIOp>(l, as(to), x).getResult();
  }
  if (isInteger(from)) {  // to a float: through f32 (exact for the narrow ones)
    if (from == DType::uint32) {
      x = b.create<mlir::arith::UIToFPOp>(l, as(DType::float32), x);
    } else {
      x = convert(trace, x, from, DType::int32, loc);
      x = b.create<mlir::arith::SIToFPOp>(l, as(DType::float32), x);
    }
    return convert(trace, x, DType::float32, to, loc);
  }
  // Float to integer: through f32, truncated toward zero and saturated to
  // the dtype's range, NaN -> 0 (XLA's convert): uint32 by fptoui, the
  // others by fptosi (int32) clamped to their range and narrowed.
  x = convert(trace, x, from, DType::float32, loc);
  if (to == DType::uint32)
    return b.create<mlir::arith::FPToUIOp>(l, as(DType::uint32), x);
  x = b.create<mlir::arith::FPToSIOp>(l, as(DType::int32), x);
  if (to != DType::int32) {
    IntRange range = integerRange(to);
    x = b.create<mlir::arith::MaxSIOp>(l, x,
                                       splat(trace, shape, DType::int32, 0, true, range.lo, loc));
    x = b.create<mlir::arith::MinSIOp>(l, x,
                                       splat(trace, shape, DType::int32, 0, true, range.hi, loc));
    x = b.create<mlir::arith::TruncIOp>(l, as(to), x);
  }
  return x;
}

/// `x` (IR shape [r, c] with r or c possibly 1) as a value of IR shape `to`.
mlir::Value broadcastIr(KernelTrace &trace, mlir::Value x, const Shape &to,
                        const std::source_location &loc) {
  Shape from = irShape(x);
  if (from == to)
    return x;
  auto elem = llvm::cast<mlir::VectorType>(x.getType()).getElementType();
  return tesseraOp(trace, "broadcast", {x}, mlir::VectorType::get(to, elem), {}, loc);
}

/// JAX's promotion lattice (with 64-bit types off): bool below every
/// number; integers below every float; f32 above bf16; among integers of
/// one signedness the wider; a signed and an unsigned integer give the
/// signed one if it is wider, else the signed integer of twice the
/// unsigned width (int32 for uint32, as int64 canonicalizes to it).
DType promote(DType a, DType b) {
  if (a == b || b == DType::bool_)
    return a;
  if (a == DType::bool_)
    return b;
  if (isFloat(a) || isFloat(b)) {
    if (isFloat(a) && isFloat(b))
      return a == DType::float32 ? a : b;
    return isFloat(a) ? a : b;
  }
  if (isUnsigned(a) == isUnsigned(b))
    return itemsize(a) >= itemsize(b) ? a : b;
  DType u = isUnsigned(a) ? a : b, s = isUnsigned(a) ? b : a;
  switch (std::min(4, std::max(itemsize(s), 2 * itemsize(u)))) {
  case 2: return DType::int16;
  case 4: return DType::int32;
  default: return s;
  }
}

int userAxis(const Value &x, int axis, const char *name, const std::source_location &loc) {
  int n = x.ndim();
  if (axis < -n || axis >= n)
    throwUserError(loc, std::string(name) + ": axis " + std::to_string(axis) +
                            " is out of range for a value of shape " + to_string(x.shape()) +
                            "; allowed: [" + std::to_string(-n) + ", " + std::to_string(n - 1) +
                            "]");
  return axis < 0 ? axis + n : axis;
}

namespace {
/// Whether `a` is a stacked value (rank 3 to 5).
bool isStackOperand(const ArrayLike *a) {
  return a->kind() == ArrayLike::Kind::Value && a->value().ndim() >= 3;
}
}  // namespace

std::vector<std::vector<int64_t>> groupsAlong(const Shape &lead, int a) {
  int64_t n = numElements(lead);
  if (a < 0) {
    std::vector<int64_t> all(n);
    for (int64_t i = 0; i < n; ++i)
      all[i] = i;
    return {all};
  }
  int64_t inner = numElements(Shape(lead.begin() + a + 1, lead.end()));
  int64_t along = lead[a];
  std::vector<std::vector<int64_t>> groups;
  for (int64_t o = 0; o < n / along; ++o) {
    std::vector<int64_t> g;
    for (int64_t j = 0; j < along; ++j)
      g.push_back(o / inner * along * inner + j * inner + o % inner);
    groups.push_back(std::move(g));
  }
  return groups;
}

int64_t broadcastSlice(const Shape &lead, const Shape &from, int64_t b) {
  // b's leading indices, last first; each is 0 along `from`'s dimensions
  // of 1 (the broadcast), and `from`'s dimensions align with `lead`'s last.
  size_t skip = lead.size() - from.size();
  int64_t index = 0, rest = b, stride = 1;
  for (size_t i = lead.size(); i-- > skip;) {
    int64_t at = rest % lead[i], d = from[i - skip];
    rest /= lead[i];
    if (d != 1)
      index += at * stride;
    stride *= d;
  }
  return index;
}

std::optional<Value> perSlice(const std::vector<const ArrayLike *> &in, const char *op,
                              const std::source_location &loc,
                              const std::function<Value(const std::vector<ArrayLike> &)> &f) {
  KernelTrace *trace = nullptr;
  // The result's leading dimensions: numpy's broadcast of the operands'
  // leading dimensions, aligned on the right (each operand's matrix
  // dimensions are its last two).
  Shape lead;
  const Value *widest = nullptr;
  for (const ArrayLike *a : in) {
    if (!isStackOperand(a))
      continue;
    trace = &KernelTrace::check(a->value().traceId(), loc, "a value");
    Shape l = batchDims(a->value().shape());
    if (l.size() > lead.size())
      lead.insert(lead.begin(), l.size() - lead.size(), 1);
    for (size_t i = 0; i < l.size(); ++i) {
      int64_t &r = lead[lead.size() - l.size() + i];
      if (l[i] != r && l[i] != 1 && r != 1)
        throwUserError(loc, std::string("operands of ") + op + " have shapes " +
                                to_string(widest->shape()) + " and " +
                                to_string(a->value().shape()) +
                                ", which do not broadcast (each dimension must be equal, or 1 "
                                "in one of them)");
      r = std::max(r, l[i]);
    }
    widest = &a->value();
  }
  if (!trace)
    return std::nullopt;
  int64_t count = numElements(lead);
  std::vector<Value> out;
  for (int64_t b = 0; b < count; ++b) {
    std::vector<ArrayLike> slice;
    for (const ArrayLike *a : in) {
      if (!isStackOperand(a)) {
        slice.push_back(*a);
        continue;
      }
      int64_t index = broadcastSlice(lead, batchDims(a->value().shape()), b);
      slice.push_back(trace->slices(a->value(), loc)[index]);
    }
    out.push_back(f(slice));
  }
  return detail::values::stack(*trace, std::move(out), loc, lead);
}

std::vector<Value> matricesOf(KernelTrace &trace, const Value &x, const std::source_location &loc) {
  return x.ndim() >= 3 ? trace.slices(x, loc) : std::vector<Value>{x};
}

Value stack(KernelTrace &trace, std::vector<Value> slices, const std::source_location &loc,
            Shape lead) {
  if (slices.empty())
    throw Error("internal error: a stacked value of no slices");
  if (lead.empty())
    lead = {(int64_t)slices.size()};
  Shape shape = slices[0].shape();
  while (shape.size() < 2)
    shape.insert(shape.begin(), 1);
  for (const Value &s : slices)
    if (s.ndim() > 2 || s.dtype() != slices[0].dtype() || s.shape() != slices[0].shape())
      throw Error("internal error: slices of a stacked value differ");
  if (lead.size() + 2 > kMaxRank)
    throwUserError(loc, "a value of shape " + to_string(lead) + " + " + to_string(shape) +
                            " would have rank " + std::to_string(lead.size() + 2) +
                            "; values have rank " + std::to_string(kMaxRank) + " at most");
  shape.insert(shape.begin(), lead.begin(), lead.end());
  DType dtype = slices[0].dtype();
  return trace.addStack(std::move(slices), {std::move(shape), dtype});
}

Value asRow(const Value &x, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  if (x.ndim() != 1 || x.shape()[0] < 2 || trace.isFolded(x) ||
      irShape(trace.use(x, loc))[1] != 1)
    return x;
  int64_t n = x.shape()[0];
  return jnp::reshape(jnp::reshape(x, {1, n}, loc), {n}, loc);
}

/// The user's shape of a value, padded on the left to rank 2 (numpy's
/// alignment); a user error when that is not how it sits in registers (a
/// column left by a keepdims=false reduction over axis 1).
Shape broadcastView(const Value &v, mlir::Value ir, const char *op,
                    const std::source_location &loc) {
  Shape s = v.shape();
  while (s.size() < 2)
    s.insert(s.begin(), 1);
  if (s != irShape(ir))
    throwUserError(loc, std::string("operand of ") + op + " of shape " + to_string(v.shape()) +
                            " is a column in registers (a reduction over axis 1 with "
                            "keepdims=false); numpy would broadcast it as a row, which needs "
                            "a relayout Tessera does not do yet: reduce with keepdims=true");
  return s;
}

/// The result shape of broadcasting user shapes `a` and `b` (numpy rules,
/// rank <= 2), or a user error.
Shape broadcastShapes(const Shape &a, const Shape &b, const char *op,
                      const std::source_location &loc) {
  Shape r(std::max(a.size(), b.size()));
  for (size_t i = 0; i < r.size(); ++i) {
    int64_t x = i < r.size() - a.size() ? 1 : a[i - (r.size() - a.size())];
    int64_t y = i < r.size() - b.size() ? 1 : b[i - (r.size() - b.size())];
    if (x != y && x != 1 && y != 1)
      throwUserError(loc, std::string("operands of ") + op + " have shapes " + to_string(a) +
                              " and " + to_string(b) +
                              ", which do not broadcast (each dimension must be equal, or 1 "
                              "in one of them)");
    r[i] = std::max(x, y);
  }
  return r;
}

/// Common dtype and shape of several operands, each converted and
/// broadcast: the heart of every elementwise op.
struct Operands {
  KernelTrace *trace = nullptr;
  std::vector<mlir::Value> ir;
  DType dtype = DType::float32;
  Shape shape;     // the user's result shape
  Shape ir2;       // its rank-2 IR shape
  bool columns = false;  // 1-D operands all held as columns of one length
};

/// The dtype operands promote to: strong operands (Values, Scalars) by
/// the lattice; weak numbers take the strong dtype, except that a double
/// with an integer / bool array gives f32 and an integer with a bool array
/// int32; numbers alone default to f32 / int32.
DType resultDtype(const std::vector<const ArrayLike *> &in) {
  std::optional<DType> strong;
  bool anyFloatNumber = false, anyIntNumber = false;
  for (const ArrayLike *a : in) {
    switch (a->kind()) {
    case ArrayLike::Kind::Value:
      strong = strong ? promote(*strong, a->value().dtype()) : a->value().dtype();
      break;
    case ArrayLike::Kind::Scalar:
      strong = strong ? promote(*strong, a->scalar().dtype()) : a->scalar().dtype();
      break;
    case ArrayLike::Kind::Float: anyFloatNumber = true; break;
    case ArrayLike::Kind::Int: anyIntNumber = true; break;
    case ArrayLike::Kind::Bool: break;
    }
  }
  if (!strong && !anyFloatNumber && !anyIntNumber)
    return DType::bool_;  // bools alone
  DType dtype = strong.value_or(anyFloatNumber ? DType::float32 : DType::int32);
  if (anyFloatNumber && !isFloat(dtype))
    return DType::float32;
  if (anyIntNumber && dtype == DType::bool_)
    return DType::int32;
  return dtype;
}

/// A Scalar as a vector of `target` with IR shape `ir2`.
mlir::Value scalarVector(KernelTrace &trace, const Scalar &scalar, DType target, const Shape &ir2,
                         const std::source_location &loc) {
  mlir::Value s = trace.use(scalar, loc);
  DType d = scalar.dtype();
  // On the scalar unit a bool is a predicate: 0/1 as int32 first
  // (tessera.broadcast takes i32 / f32 sregs), a mask again after.
  if (d == DType::bool_) {
    s = trace.builder().create<mlir::arith::ExtUIOp>(trace.loc(loc), trace.builder().getI32Type(),
                                                     s);
    d = DType::int32;
  }
  // One vreg (a 1x1 value: one vbcast), converted once, then repeated over
  // the array's tiles for free.
  mlir::Value v = tesseraOp(trace, "broadcast", {s}, vecType({1, 1}, d), {}, loc);
  v = convert(trace, v, d, target, loc);
  return broadcastIr(trace, v, ir2, loc);
}

/// Resolves `in` for an elementwise op: each operand converted to its
/// target dtype (default: the promoted one) and broadcast to the common
/// shape.
Operands resolve(const std::vector<const ArrayLike *> &given, const char *op,
                 const std::source_location &loc, std::vector<DType> targets = {}) {
  Operands out;
  // 1-D values held as columns (reductions over axis 1 with keepdims=false,
  // matrix-vector products): with other such columns of one length and
  // scalars the op works on the columns; with anything else each becomes
  // the row a 1-D value is (a transpose).
  std::vector<const ArrayLike *> in = given;
  std::vector<ArrayLike> rows;
  rows.reserve(given.size());
  {
    auto isColumn = [&](const ArrayLike *a) {
      if (a->kind() != ArrayLike::Kind::Value || a->value().ndim() != 1 ||
          a->value().shape()[0] < 2)
        return false;
      KernelTrace &t = KernelTrace::check(a->value().traceId(), loc, "a value");
      return !t.isFolded(a->value()) && irShape(t.use(a->value(), loc))[1] == 1;
    };
    bool allColumns = true, anyColumn = false;
    std::optional<int64_t> length;
    for (const ArrayLike *a : given) {
      if (a->kind() != ArrayLike::Kind::Value || a->value().ndim() == 0)
        continue;
      bool column = isColumn(a);
      anyColumn = anyColumn || column;
      allColumns = allColumns && column && (!length || *length == a->value().shape()[0]);
      length = a->value().shape()[0];
    }
    if (anyColumn && !allColumns)
      for (const ArrayLike *&a : in)
        if (isColumn(a)) {
          rows.emplace_back(asRow(a->value(), loc));
          a = &rows.back();
        }
    out.columns = anyColumn && allColumns;
  }
  for (const ArrayLike *a : in) {
    if (a->kind() == ArrayLike::Kind::Value)
      out.trace = &KernelTrace::check(a->value().traceId(), loc, "a value");
    else if (a->kind() == ArrayLike::Kind::Scalar)
      out.trace = &KernelTrace::check(a->scalar().traceId(), loc, "a scalar");
  }
  out.dtype = resultDtype(in);
  if (targets.empty())
    targets.assign(in.size(), out.dtype);
  bool anyValue = false;
  for (const ArrayLike *a : in)
    anyValue = anyValue || a->kind() == ArrayLike::Kind::Value;
  if (!anyValue)
    throwUserError(loc, std::string(op) +
                            " needs at least one array operand (a Value); scalars alone are "
                            "computed on the scalar unit with Scalar operators");
  // The shape.
  KernelTrace &trace = *out.trace;
  // Folded 1-D values of one shape (KernelTrace::isFolded), with scalars
  // and numbers: the op works on their folded IR, its result folded too.
  std::optional<Shape> folded;
  for (const ArrayLike *a : in) {
    if (a->kind() != ArrayLike::Kind::Value)
      continue;
    const Value &v = a->value();
    if (!trace.isFolded(v) || (folded && *folded != v.shape())) {
      folded.reset();
      break;
    }
    folded = v.shape();
  }
  if (out.columns) {
    for (const ArrayLike *a : in)
      if (a->kind() == ArrayLike::Kind::Value && a->value().ndim() == 1)
        out.shape = a->value().shape();
    out.ir2 = {out.shape[0], 1};
  }
  if (folded) {
    out.shape = *folded;
    out.ir2 = foldedShape(out.shape[0]);
  }
  bool first = true;
  for (const ArrayLike *a : in) {
    if (a->kind() != ArrayLike::Kind::Value || folded || out.columns)
      continue;
    mlir::Value ir = trace.use(a->value(), loc);
    broadcastView(a->value(), ir, op, loc);
    out.shape = first ? a->value().shape() : broadcastShapes(out.shape, a->value().shape(), op, loc);
    first = false;
  }
  if (!folded && !out.columns) {
    out.ir2 = out.shape;
    while (out.ir2.size() < 2)
      out.ir2.insert(out.ir2.begin(), 1);
  }
  for (DType t : targets)
    checkValueShape(out.ir2, t, loc, What::resultOf(op));
  // Each operand, converted and broadcast.
  for (size_t i = 0; i < in.size(); ++i) {
    const ArrayLike *a = in[i];
    DType target = targets[i];
    mlir::Value v;
    switch (a->kind()) {
    case ArrayLike::Kind::Value: {
      // Converted before it is broadcast: a [1,N] row converts once.
      v = folded ? trace.useElementwise(a->value(), loc) : trace.use(a->value(), loc);
      v = convert(trace, v, a->value().dtype(), target, loc);
      v = broadcastIr(trace, v, out.ir2, loc);
      break;
    }
    case ArrayLike::Kind::Scalar:
      v = scalarVector(trace, a->scalar(), target, out.ir2, loc);
      break;
    case ArrayLike::Kind::Float:
      v = splat(trace, out.ir2, target, a->number(), false, 0, loc);
      break;
    case ArrayLike::Kind::Int:
    case ArrayLike::Kind::Bool:
      v = splat(trace, out.ir2, target, 0, true, a->integer(), loc);
      break;
    }
    out.ir.push_back(v);
  }
  return out;
}

enum class Cat { Float, Int, Bool };
Cat category(DType d) {
  return isFloat(d) ? Cat::Float : d == DType::bool_ ? Cat::Bool : Cat::Int;
}

[[noreturn]] void badDtype(const char *op, DType d, const char *allowed,
                           const std::source_location &loc) {
  throwUserError(loc, std::string(op) + " is not defined on " + to_string(d) + " values; " +
                          op + " takes " + allowed);
}

/// The binary ops by symbol.
mlir::Value emitBinary(KernelTrace &trace, llvm::StringRef op, DType d, mlir::Value x,
                       mlir::Value y, const std::source_location &loc) {
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  Cat c = category(d);
  using namespace mlir::arith;
  auto arithOnly = [&](const char *sym) {
    if (c == Cat::Bool)
      throwUserError(loc, std::string("arithmetic (") + sym +
                              ") on pred (bool_) values; convert with astype(jnp::int32) "
                              "first, or combine masks with & | ^");
  };
  if (op == "+" || op == "-" || op == "*" || op == "/") {
    arithOnly(op.data());
    if (c == Cat::Float) {
      if (op == "+") return b.create<AddFOp>(l, x, y);
      if (op == "-") return b.create<SubFOp>(l, x, y);
      if (op == "*") return b.create<MulFOp>(l, x, y);
      return b.create<DivFOp>(l, x, y);
    }
    if (op == "+") return b.create<AddIOp>(l, x, y);
    if (op == "-") return b.create<SubIOp>(l, x, y);
    if (op == "*") return b.create<MulIOp>(l, x, y);
    return isUnsigned(d) ? b.create<DivUIOp>(l, x, y).getResult()
                         : b.create<DivSIOp>(l, x, y).getResult();
  }
  if (op == "%") {  // lax.rem: C's remainder and fmod, the dividend's sign
    arithOnly("%");
    if (c == Cat::Float)
      return b.create<RemFOp>(l, x, y);
    return isUnsigned(d) ? b.create<RemUIOp>(l, x, y).getResult()
                         : b.create<RemSIOp>(l, x, y).getResult();
  }
  if (op == "&" || op == "|" || op == "^") {
    if (c == Cat::Float)
      badDtype(op.data(), d, "integers and bool_ masks (bitwise ops on floats: use pltpu::bitcast "
                             "to an integer first)", loc);
    if (op == "&") return b.create<AndIOp>(l, x, y);
    if (op == "|") return b.create<OrIOp>(l, x, y);
    return b.create<XOrIOp>(l, x, y);
  }
  if (op == "<<" || op == ">>" || op == ">>>") {
    if (c != Cat::Int)
      badDtype(op == ">>>" ? "lax::shift_right_logical" : op.data(), d, "integers", loc);
    if (op == "<<") return b.create<ShLIOp>(l, x, y);
    if (op == ">>" && !isUnsigned(d))  // >> of unsigned bits is logical
      return b.create<ShRSIOp>(l, x, y);
    return b.create<ShRUIOp>(l, x, y);
  }
  if (op == "max" || op == "min") {
    if (c == Cat::Float)
      return op == "max" ? b.create<MaximumFOp>(l, x, y).getResult()
                         : b.create<MinimumFOp>(l, x, y).getResult();
    if (c == Cat::Bool)
      return op == "max" ? b.create<OrIOp>(l, x, y).getResult()
                         : b.create<AndIOp>(l, x, y).getResult();
    if (isUnsigned(d))
      return op == "max" ? b.create<MaxUIOp>(l, x, y).getResult()
                         : b.create<MinUIOp>(l, x, y).getResult();
    return op == "max" ? b.create<MaxSIOp>(l, x, y).getResult()
                       : b.create<MinSIOp>(l, x, y).getResult();
  }
  if (op == "pow") {
    if (c != Cat::Float)
      badDtype("jnp::pow", d, "floats (integer powers: convert to f32 first)", loc);
    return b.create<mlir::math::PowFOp>(l, x, y);
  }
  // Comparisons.
  static const std::pair<const char *, std::pair<CmpFPredicate, CmpIPredicate>> kCmp[] = {
      {"==", {CmpFPredicate::OEQ, CmpIPredicate::eq}},
      {"!=", {CmpFPredicate::UNE, CmpIPredicate::ne}},
      {"<", {CmpFPredicate::OLT, CmpIPredicate::slt}},
      {"<=", {CmpFPredicate::OLE, CmpIPredicate::sle}},
      {">", {CmpFPredicate::OGT, CmpIPredicate::sgt}},
      {">=", {CmpFPredicate::OGE, CmpIPredicate::sge}}};
  for (const auto &[sym, preds] : kCmp) {
    if (op != sym)
      continue;
    if (c == Cat::Float)
      return b.create<CmpFOp>(l, preds.first, x, y);
    if (c == Cat::Bool && op != "==" && op != "!=") {
      // false < true, as JAX orders bools: a < b is ~a & b, a <= b is ~a | b.
      mlir::Value one = b.create<ConstantOp>(l, b.getOneAttr(x.getType()));
      bool less = op == "<" || op == "<=";
      mlir::Value notSmall = b.create<XOrIOp>(l, less ? x : y, one);
      mlir::Value big = less ? y : x;
      if (op == "<" || op == ">")
        return b.create<AndIOp>(l, notSmall, big);
      return b.create<OrIOp>(l, notSmall, big);
    }
    return b.create<CmpIOp>(l, isUnsigned(d) ? mlir::tessera::unsignedOrder(preds.second) : preds.second, x,
                            y);
  }
  throw Error("internal error: unknown value operator " + op.str());
}

bool isComparison(llvm::StringRef op) {
  return op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=";
}

Value binary(const char *op, const ArrayLike &a, const ArrayLike &b,
             const std::source_location &loc, const char *name) {
  const char *shown = name ? name : op;
  if (auto r = perSlice({&a, &b}, shown, loc, [&](const std::vector<ArrayLike> &s) {
        return binary(op, s[0], s[1], loc, name);
      }))
    return *r;
  Operands o = resolve({&a, &b}, shown, loc);
  mlir::Value r = emitBinary(*o.trace, op, o.dtype, o.ir[0], o.ir[1], loc);
  DType rd = isComparison(op) ? DType::bool_ : o.dtype;
  return make(*o.trace, r, rd, o.shape, loc, What::resultOf(shown));
}

}  // namespace detail::values

using namespace detail::values;

namespace detail {
Value binaryOp(const char *op, const ArrayLike &a, const ArrayLike &b,
               const std::source_location &loc) {
  return binary(op, a, b, loc);
}
}  // namespace detail

#define TESSERA_VALUE_BINARY(OPSYM)                                                   \
  Value operator OPSYM(At<Value> a, const Value &b) {                                \
    return binary(#OPSYM, a.value, b, a.loc);                                         \
  }                                                                                   \
  Value operator OPSYM(At<Value> a, const Scalar &b) {                               \
    return binary(#OPSYM, a.value, b, a.loc);                                         \
  }                                                                                   \
  Value operator OPSYM(At<Scalar> a, const Value &b) {                               \
    return binary(#OPSYM, a.value, b, a.loc);                                         \
  }
TESSERA_VALUE_BINARY(+)
TESSERA_VALUE_BINARY(-)
TESSERA_VALUE_BINARY(*)
TESSERA_VALUE_BINARY(/)
TESSERA_VALUE_BINARY(%)
TESSERA_VALUE_BINARY(&)
TESSERA_VALUE_BINARY(|)
TESSERA_VALUE_BINARY(^)
TESSERA_VALUE_BINARY(<<)
TESSERA_VALUE_BINARY(>>)
TESSERA_VALUE_BINARY(<)
TESSERA_VALUE_BINARY(<=)
TESSERA_VALUE_BINARY(>)
TESSERA_VALUE_BINARY(>=)
TESSERA_VALUE_BINARY(==)
TESSERA_VALUE_BINARY(!=)
#undef TESSERA_VALUE_BINARY

namespace detail::values {

/// x converted to `to` (same shape).
Value astypeImpl(const Value &x, DType to, const std::source_location &loc) {
  checkHardwareDtype(to, loc, "astype");
  ArrayLike in(x);
  if (auto r = perSlice({&in}, "astype", loc, [&](const std::vector<ArrayLike> &s) {
        return astypeImpl(s[0].value(), to, loc);
      }))
    return *r;
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  mlir::Value v = trace.useElementwise(x, loc);
  if (x.dtype() == to)
    return x;
  return make(trace, convert(trace, v, x.dtype(), to, loc), to, x.shape(), loc,
              "astype(" + to_string(to) + ")");
}

/// x as a float value for a math function (integers and bool: f32).
Value asFloat(const Value &x, const std::source_location &loc) {
  return isFloat(x.dtype()) ? x : astypeImpl(x, DType::float32, loc);
}

}  // namespace detail::values

Value operator-(At<Value> a) { return detail::unaryOp("-", a.value, a.loc); }
Value operator~(At<Value> a) { return detail::unaryOp("~", a.value, a.loc); }

namespace detail {
Value unaryOp(const char *op, const Value &a, const std::source_location &loc) {
  std::string sym = op;
  if (sym == "-") {
    if (a.dtype() == DType::bool_)
      throwUserError(loc, "arithmetic (unary -) on pred (bool_) values; use ~ to negate a mask");
    if (isFloat(a.dtype()))
      return unary(a, a.dtype(), loc, "-", [&](KernelTrace &t, mlir::Value v, mlir::Location l) {
        return t.builder().create<mlir::arith::NegFOp>(l, v).getResult();
      });
    return binary("-", 0, a, loc);  // 0 - x, wrapping
  }
  // ~x: x ^ all-ones (true for bool).
  if (isFloat(a.dtype()))
    badDtype("~", a.dtype(), "integers and bool_ masks", loc);
  ArrayLike ones = a.dtype() == DType::bool_ ? ArrayLike(true)
                  : isUnsigned(a.dtype())  ? ArrayLike(integerRange(a.dtype()).hi)
                                           : ArrayLike(-1);
  return binary("^", a, ones, loc, "~");
}
}  // namespace detail

Value Value::astype(DType dtype, std::source_location loc) const {
  return astypeImpl(*this, dtype, loc);
}

Value Value::T(std::source_location loc) const { return jnp::transpose(*this, loc); }


namespace jnp {

namespace {
/// A float math function (f32 / bf16; other dtypes promoted to f32).
template <class Op>
Value mathFn(const Value &x, const char *name, const std::source_location &loc) {
  Value f = asFloat(x, loc);
  return unary(f, f.dtype(), loc, name, [&](KernelTrace &t, mlir::Value v, mlir::Location l) {
    return t.builder().create<Op>(l, v).getResult();
  });
}
/// floor / ceil / round: integers are their own result.
template <class Op>
Value roundingFn(const Value &x, const char *name, const std::source_location &loc) {
  if (!isFloat(x.dtype())) {
    KernelTrace::check(x.traceId(), loc, "a value");
    return x;
  }
  return mathFn<Op>(x, name, loc);
}
}  // namespace

Value exp(const Value &x, std::source_location loc) { return mathFn<mlir::math::ExpOp>(x, "jnp::exp", loc); }
Value exp2(const Value &x, std::source_location loc) { return mathFn<mlir::math::Exp2Op>(x, "jnp::exp2", loc); }
Value log(const Value &x, std::source_location loc) { return mathFn<mlir::math::LogOp>(x, "jnp::log", loc); }
Value log1p(const Value &x, std::source_location loc) { return mathFn<mlir::math::Log1pOp>(x, "jnp::log1p", loc); }
Value tanh(const Value &x, std::source_location loc) { return mathFn<mlir::math::TanhOp>(x, "jnp::tanh", loc); }
Value sqrt(const Value &x, std::source_location loc) { return mathFn<mlir::math::SqrtOp>(x, "jnp::sqrt", loc); }
Value rsqrt(const Value &x, std::source_location loc) { return mathFn<mlir::math::RsqrtOp>(x, "jnp::rsqrt", loc); }
Value sin(const Value &x, std::source_location loc) { return mathFn<mlir::math::SinOp>(x, "jnp::sin", loc); }
Value cos(const Value &x, std::source_location loc) { return mathFn<mlir::math::CosOp>(x, "jnp::cos", loc); }
Value erf(const Value &x, std::source_location loc) { return mathFn<mlir::math::ErfOp>(x, "jnp::erf", loc); }
Value tan(const Value &x, std::source_location loc) { return mathFn<mlir::math::TanOp>(x, "jnp::tan", loc); }
Value floor(const Value &x, std::source_location loc) { return roundingFn<mlir::math::FloorOp>(x, "jnp::floor", loc); }
Value ceil(const Value &x, std::source_location loc) { return roundingFn<mlir::math::CeilOp>(x, "jnp::ceil", loc); }
Value round(const Value &x, std::source_location loc) { return roundingFn<mlir::math::RoundEvenOp>(x, "jnp::round", loc); }

Value abs(const Value &x, std::source_location loc) {
  if (x.dtype() == DType::bool_)
    badDtype("jnp::abs", x.dtype(), "numbers", loc);
  if (isFloat(x.dtype()))
    return mathFn<mlir::math::AbsFOp>(x, "jnp::abs", loc);
  if (isUnsigned(x.dtype())) {  // its own magnitude
    KernelTrace::check(x.traceId(), loc, "a value");
    return x;
  }
  return unary(x, x.dtype(), loc, "jnp::abs", [&](KernelTrace &t, mlir::Value v, mlir::Location l) {
    return t.builder().create<mlir::math::AbsIOp>(l, v).getResult();
  });
}

Value negative(const Value &x, std::source_location loc) {
  return detail::unaryOp("-", x, loc);
}

Value zeros_like(const Value &x, std::source_location loc) {
  ArrayLike in(x);
  if (auto r = perSlice({&in}, "jnp::zeros_like", loc, [&](const std::vector<ArrayLike> &s) {
        return zeros_like(s[0].value(), loc);
      }))
    return *r;
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  mlir::Value v = trace.use(x, loc);
  return make(trace, splat(trace, irShape(v), x.dtype(), 0, true, 0, loc), x.dtype(), x.shape(),
              loc, "jnp::zeros_like");
}

Value ones_like(const Value &x, std::source_location loc) {
  ArrayLike in(x);
  if (auto r = perSlice({&in}, "jnp::ones_like", loc, [&](const std::vector<ArrayLike> &s) {
        return ones_like(s[0].value(), loc);
      }))
    return *r;
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  mlir::Value v = trace.use(x, loc);
  return make(trace, splat(trace, irShape(v), x.dtype(), 0, true, 1, loc), x.dtype(), x.shape(),
              loc, "jnp::ones_like");
}

namespace {
/// A number fill_value in `dtype`, converted as astype converts (JAX's
/// jnp.full); an integer outside an integer dtype's range is an error.
double fillNumber(const ArrayLike &fill, DType dtype, const std::string &name,
                  const std::source_location &loc) {
  bool isInt = fill.kind() != ArrayLike::Kind::Float;
  float f = isInt ? (float)fill.integer() : (float)fill.number();
  switch (dtype) {
  case DType::float32: return f;
  case DType::bfloat16: return vmath::roundBf16(f);
  case DType::bool_: return isInt ? fill.integer() != 0 : fill.number() != 0;
  default: break;
  }
  IntRange range = integerRange(dtype);
  if (!isInt)  // truncated toward zero, saturated to the range (NaN -> 0), as astype
    return std::clamp<double>(std::isnan(f) ? 0.0 : std::trunc((double)f), (double)range.lo,
                              (double)range.hi);
  if (fill.integer() < range.lo || fill.integer() > range.hi)
    throwUserError(loc, name + ": the fill value " + std::to_string(fill.integer()) +
                            " does not fit in " + to_string(dtype) + " " + to_string(range));
  return (double)fill.integer();
}

/// The constant Value of jnp::full in the kernel being traced.
Value kernelFull(KernelTrace &trace, const Shape &shape, const ArrayLike &fill, DType dtype,
                 const std::string &name, const std::source_location &loc) {
  std::string what = name + " of shape " + to_string(shape);
  if (shape.size() > kMaxRank)
    throwUserError(loc, what + ": a kernel Value has rank 0 to " + std::to_string(kMaxRank));
  for (int64_t d : shape)
    if (d < 1)
      throwUserError(loc, what + ": a kernel Value's dimensions are at least 1");
  if (fill.kind() == ArrayLike::Kind::Value)
    return jnp::broadcast_to(fill.value().astype(dtype, loc), shape, loc);
  Shape ir2(shape.size() >= 3 ? shape.end() - 2 : shape.begin(), shape.end());
  while (ir2.size() < 2)
    ir2.insert(ir2.begin(), 1);
  checkValueShape(ir2, dtype, loc, What::resultOf(name));
  mlir::Value v = fill.kind() == ArrayLike::Kind::Scalar
                      ? scalarVector(trace, fill.scalar(), dtype, ir2, loc)
                      : splat(trace, ir2, dtype, fillNumber(fill, dtype, name, loc), false, 0, loc);
  if (shape.size() < 3)
    return make(trace, v, dtype, shape, loc, What::resultOf(name));
  // A constant of rank 3 to 5: the same matrix at every leading index.
  std::vector<Value> slices(numMatrices(shape), make(trace, v, dtype, ir2, loc, What::resultOf(name)));
  return detail::values::stack(trace, std::move(slices), loc, batchDims(shape));
}

/// jnp::zeros / ones / full ("zeros", ...) in a kernel or on the host.
Filled filled(Shape shape, const ArrayLike &fill, std::optional<DType> dtype, const char *fn,
              const std::source_location &loc) {
  DType d = dtype.value_or(fill.kind() == ArrayLike::Kind::Value    ? fill.value().dtype()
                           : fill.kind() == ArrayLike::Kind::Scalar ? fill.scalar().dtype()
                           : fill.kind() == ArrayLike::Kind::Float  ? DType::float32
                           : fill.kind() == ArrayLike::Kind::Int    ? DType::int32
                                                                    : DType::bool_);
  checkHardwareDtype(d, loc, std::string("jnp::") + fn);
  if (KernelTrace *trace = KernelTrace::active())
    return Filled(kernelFull(*trace, shape, fill, d, std::string("jnp::") + fn, loc), loc);
  std::string what = std::string("jnp.") + fn;
  if (fill.kind() == ArrayLike::Kind::Value || fill.kind() == ArrayLike::Kind::Scalar)
    throwUserError(loc, what + " outside a kernel body takes a number as its fill value; a "
                               "Value or Scalar fill exists only in a kernel body");
  return Filled(runtime::filledArray({std::move(shape), d},
                                     runtime::elementWord(d, fillNumber(fill, d, what, loc)), loc,
                                     what.c_str()),
                loc);
}
}  // namespace

Filled::Filled(Array hostArray, std::source_location loc)
    : Value(0, -1, hostArray.aval()), array_(std::move(hostArray)), loc_(loc) {}

Filled::operator Array() const {
  if (traceId() != 0)
    throwUserError(loc_, "the constant made here in a kernel body is a Value, not an Array; "
                         "make host arrays outside kernel bodies");
  return array_;
}

Filled zeros(Shape shape, DType dtype, std::source_location loc) {
  return filled(std::move(shape), 0, dtype, "zeros", loc);
}
Filled ones(Shape shape, DType dtype, std::source_location loc) {
  return filled(std::move(shape), 1, dtype, "ones", loc);
}
Filled full(Shape shape, const ArrayLike &fill_value, std::optional<DType> dtype,
            std::source_location loc) {
  return filled(std::move(shape), fill_value, dtype, "full", loc);
}

Value pow(const ArrayLike &a, const ArrayLike &b, std::source_location loc) {
  if (auto r = perSlice({&a, &b}, "jnp::pow", loc, [&](const std::vector<ArrayLike> &s) {
        return pow(s[0], s[1], loc);
      }))
    return *r;
  // Integer operands are promoted to f32 (no integer pow on the EUP).
  DType d = resultDtype({&a, &b});
  if (!isFloat(d))
    d = DType::float32;
  Operands o = resolve({&a, &b}, "jnp::pow", loc, {d, d});
  o.dtype = d;
  mlir::Value r = emitBinary(*o.trace, "pow", o.dtype, o.ir[0], o.ir[1], loc);
  return make(*o.trace, r, o.dtype, o.shape, loc, "the result of jnp::pow");
}

Value maximum(const ArrayLike &a, const ArrayLike &b, std::source_location loc) {
  return binary("max", a, b, loc, "jnp::maximum");
}

Value minimum(const ArrayLike &a, const ArrayLike &b, std::source_location loc) {
  return binary("min", a, b, loc, "jnp::minimum");
}

Value clip(const ArrayLike &x, const ArrayLike &lo, const ArrayLike &hi,
           std::source_location loc) {
  return binary("min", binary("max", x, lo, loc, "jnp::clip"), hi, loc, "jnp::clip");
}

Value where(const ArrayLike &mask, const ArrayLike &a, const ArrayLike &b,
            std::source_location loc) {
  DType md = mask.kind() == ArrayLike::Kind::Value    ? mask.value().dtype()
             : mask.kind() == ArrayLike::Kind::Scalar ? mask.scalar().dtype()
             : mask.kind() == ArrayLike::Kind::Bool   ? DType::bool_
                                                      : DType::int32;
  if (md != DType::bool_)
    throwUserError(loc, "jnp::where needs a pred (bool_) mask, e.g. x > 0, not " +
                            (mask.kind() == ArrayLike::Kind::Value ||
                                     mask.kind() == ArrayLike::Kind::Scalar
                                 ? withArticle(md) + " operand"
                                 : std::string("a number")));
  if (auto r = perSlice({&mask, &a, &b}, "jnp::where", loc, [&](const std::vector<ArrayLike> &s) {
        return where(s[0], s[1], s[2], loc);
      }))
    return *r;
  // The two choices promote as a binary op; the mask broadcasts with them.
  DType d = resultDtype({&a, &b});
  Operands all = resolve({&mask, &a, &b}, "jnp::where", loc, {DType::bool_, d, d});
  all.dtype = d;
  mlir::Value r = all.trace->builder().create<mlir::arith::SelectOp>(
      all.trace->loc(loc), all.ir[0], all.ir[1], all.ir[2]);
  return make(*all.trace, r, all.dtype, all.shape, loc, "the result of jnp::where");
}

}  // namespace jnp

namespace {
/// A tessera float op of one operand (tessera.logistic, erf_inv,
/// reciprocal: f32 only): bf16 goes through f32 and rounds once.
Value f32TesseraFn(const Value &x, const char *op, const char *name,
                   const std::source_location &loc) {
  Value f = astypeImpl(x, DType::float32, loc);
  Value r = unary(f, DType::float32, loc, name, [&](KernelTrace &t, mlir::Value v, mlir::Location) {
    return tesseraOp(t, op, {v}, v.getType(), {}, loc);
  });
  return x.dtype() == DType::bfloat16 ? astypeImpl(r, DType::bfloat16, loc) : r;
}
}  // namespace

namespace lax {

Value logistic(const Value &x, std::source_location loc) {
  return f32TesseraFn(x, "logistic", "lax::logistic", loc);
}

Value rsqrt(const Value &x, std::source_location loc) { return jnp::rsqrt(x, loc); }

Value erf_inv(const Value &x, std::source_location loc) {
  return f32TesseraFn(x, "erf_inv", "lax::erf_inv", loc);
}

namespace {
/// popcount / clz: one vector-unit op on the 32-bit word; a narrow integer
/// counts its own bits (the widened word masked to them; clz less the bits
/// above them).
template <class Op>
Value bitCount(const Value &x, const char *name, const std::source_location &loc) {
  if (!isInteger(x.dtype()))
    badDtype(name, x.dtype(), "integers", loc);
  int bits = 8 * itemsize(x.dtype());
  Value w = bits < 32 ? binary("&", astypeImpl(x, DType::int32, loc), (1 << bits) - 1, loc, name)
                      : x;
  Value r = unary(w, DType::int32, loc, name, [&](KernelTrace &t, mlir::Value v, mlir::Location l) {
    return t.builder().create<Op>(l, v).getResult();
  });
  if (bits < 32 && std::is_same_v<Op, mlir::math::CountLeadingZerosOp>)
    r = binary("-", r, 32 - bits, loc, name);
  return astypeImpl(r, x.dtype(), loc);
}
}  // namespace

Value population_count(const Value &x, std::source_location loc) {
  return bitCount<mlir::math::CtPopOp>(x, "lax::population_count", loc);
}
Value clz(const Value &x, std::source_location loc) {
  return bitCount<mlir::math::CountLeadingZerosOp>(x, "lax::clz", loc);
}

Value rem(const ArrayLike &a, const ArrayLike &b, std::source_location loc) {
  return binary("%", a, b, loc, "lax::rem");
}

Value clamp(const ArrayLike &lo, const ArrayLike &x, const ArrayLike &hi,
            std::source_location loc) {
  return binary("min", binary("max", x, lo, loc, "lax::clamp"), hi, loc, "lax::clamp");
}

Value shift_right_logical(const ArrayLike &x, const ArrayLike &n, std::source_location loc) {
  return binary(">>>", x, n, loc, "lax::shift_right_logical");
}

}  // namespace lax

namespace jax::nn {
Value sigmoid(const Value &x, std::source_location loc) { return lax::logistic(x, loc); }
}  // namespace jax::nn

namespace pl {
Value reciprocal(const Value &x, bool approx, std::source_location loc) {
  (void)approx;  // the approximate form computes the exact reciprocal too
  return f32TesseraFn(x, "reciprocal", "pl::reciprocal", loc);
}

}  // namespace pl

//===----------------------------------------------------------------------===//
// Ref assignments
//===----------------------------------------------------------------------===//

RefAccess &RefAccess::operator=(double scalar) && {
  KernelTrace &trace = KernelTrace::check(traceId(), loc_, What::ref(window_.name()));
  if (trace.isStack(*this)) {  // rank 3 to 5: the constant per matrix
    std::vector<Value> slices;
    for (const Value &s : trace.slices(*this, loc_)) {
      mlir::Value loaded = trace.use(s, loc_);
      slices.push_back(make(trace, splat(trace, irShape(loaded), dtype(), scalar, false, 0, loc_),
                            dtype(), s.shape(), loc_, "the constant"));
    }
    return std::move(*this) = detail::values::stack(trace, std::move(slices), loc_, batchDims(shape()));
  }
  mlir::Value loaded = trace.use(static_cast<const Value &>(*this), loc_);
  Value c = make(trace, splat(trace, irShape(loaded), dtype(), scalar, false, 0, loc_), dtype(),
                 shape(), loc_, "the constant");
  return std::move(*this) = c;
}

#define TESSERA_COMPOUND(OPSYM, SYM)                                                  \
  RefAccess &RefAccess::operator OPSYM(const ArrayLike &v) && {                      \
    Value r = binary(SYM, static_cast<const Value &>(*this), v, loc_);               \
    return std::move(*this) = r;                                                      \
  }
TESSERA_COMPOUND(+=, "+")
TESSERA_COMPOUND(-=, "-")
TESSERA_COMPOUND(*=, "*")
TESSERA_COMPOUND(/=, "/")
#undef TESSERA_COMPOUND

}  // namespace tessera
