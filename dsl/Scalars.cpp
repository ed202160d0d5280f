//===- Scalars.cpp - int32, f32 and predicate arithmetic on the scalar unit ===//
//
// Scalars are i32 (int32 and uint32: the ops carry the signedness), f32
// (or i1 predicates) in the kernel IR; each operator checks its operands'
// dtypes the way a Pallas user would expect and records one arith op at the
// user's line. An integer scalar meeting an f32 one (or a C++ double) is
// converted to f32 first, as JAX promotes; uint32 with int32 is int32; a C++
// integer takes the other operand's dtype (weak typing). A constant
// divisor of 0 is a compile error.
//
//===----------------------------------------------------------------------===//
#include "dsl/KernelTrace.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TesseraDialect.h"

namespace tessera {

using detail::KernelTrace;

namespace {

enum class Op { Add, Sub, Mul, Div, Rem, And, Or, Xor, Shl, Shr };

const char *symbol(Op op) {
  switch (op) {
  case Op::Add: return "+";
  case Op::Sub: return "-";
  case Op::Mul: return "*";
  case Op::Div: return "/";
  case Op::Rem: return "%";
  case Op::And: return "&";
  case Op::Or: return "|";
  case Op::Xor: return "^";
  case Op::Shl: return "<<";
  case Op::Shr: return ">>";
  }
  return "?";
}

void checkInt(const Scalar &s, const char *what, const std::source_location &loc) {
  if (s.dtype() != DType::int32 && s.dtype() != DType::uint32)
    throwUserError(loc, std::string("operands of ") + what +
                            " are int32 or uint32 scalars; got a " + to_string(s.dtype()) +
                            " scalar");
}

/// The dtype of an integer op on int32 / uint32 scalars, as JAX promotes
/// them (both uint32: uint32; else int32, as int64 canonicalizes).
DType intResult(const Scalar &a, const Scalar &b) {
  return a.dtype() == DType::uint32 && b.dtype() == DType::uint32 ? DType::uint32
                                                                   : DType::int32;
}

/// A uint32 constant (a C++ integer beside a uint32 scalar: in [0, 2^32)).
Scalar uintConstant(KernelTrace &trace, int64_t v, const std::source_location &loc) {
  if (v < 0 || v > (int64_t)UINT32_MAX)
    throwUserError(loc, "the constant " + std::to_string(v) +
                            " does not fit in u32 [0, 4294967295]");
  auto &b = trace.builder();
  auto c = b.create<mlir::arith::ConstantOp>(trace.loc(loc),
                                             b.getI32IntegerAttr((int32_t)(uint32_t)v));
  return trace.addScalar(c.getResult(), DType::uint32);
}

bool isF32(const Scalar &s) { return s.dtype() == DType::float32; }

/// A constant operand, or nothing.
std::optional<int64_t> constantOf(mlir::Value v) {
  if (auto c = v.getDefiningOp<mlir::arith::ConstantOp>())
    if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(c.getValue()))
      return i.getInt();
  return std::nullopt;
}

/// An f32 constant at the current point.
Scalar floatConstant(KernelTrace &trace, double v, const std::source_location &loc) {
  auto &b = trace.builder();
  auto c = b.create<mlir::arith::ConstantOp>(trace.loc(loc), b.getF32FloatAttr((float)v));
  return trace.addScalar(c.getResult(), DType::float32);
}

/// The IR value of a numeric scalar as f32 (an int32 one converted to the
/// nearest f32, as sitofp); a predicate is an error naming `what`.
mlir::Value asF32(KernelTrace &trace, const Scalar &s, const char *what,
                  const std::source_location &loc) {
  mlir::Value v = trace.use(s, loc);
  if (s.dtype() == DType::float32)
    return v;
  if (s.dtype() != DType::int32)
    throwUserError(loc, std::string("operands of ") + what +
                            " are int32 or f32 scalars; got a " + to_string(s.dtype()) +
                            " scalar");
  auto &b = trace.builder();
  return b.create<mlir::arith::SIToFPOp>(trace.loc(loc), b.getF32Type(), v);
}

Scalar binary(Op op, const Scalar &a, const Scalar &b, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  mlir::Value x = trace.use(a, loc), y = trace.use(b, loc);
  auto &bld = trace.builder();
  mlir::Location l = trace.loc(loc);
  if (isF32(a) || isF32(b)) {  // f32 arithmetic
    if (op != Op::Add && op != Op::Sub && op != Op::Mul && op != Op::Div)
      throwUserError(loc, std::string("operands of ") + symbol(op) +
                              " are int32 scalars; got an f32 scalar");
    x = asF32(trace, a, symbol(op), loc);
    y = asF32(trace, b, symbol(op), loc);
    mlir::Value r;
    switch (op) {
    case Op::Add: r = bld.create<mlir::arith::AddFOp>(l, x, y); break;
    case Op::Sub: r = bld.create<mlir::arith::SubFOp>(l, x, y); break;
    case Op::Mul: r = bld.create<mlir::arith::MulFOp>(l, x, y); break;
    default: r = bld.create<mlir::arith::DivFOp>(l, x, y); break;
    }
    return trace.addScalar(r, DType::float32);
  }
  checkInt(a, symbol(op), loc);
  checkInt(b, symbol(op), loc);
  if ((op == Op::Div || op == Op::Rem) && constantOf(y) == 0)
    throwUserError(loc, std::string("division by zero (the divisor of ") + symbol(op) +
                            " is the constant 0)");
  DType rd = intResult(a, b);
  mlir::Value r;
  if (rd == DType::uint32 && (op == Op::Div || op == Op::Rem || op == Op::Shr)) {
    r = op == Op::Div   ? bld.create<mlir::arith::DivUIOp>(l, x, y).getResult()
        : op == Op::Rem ? bld.create<mlir::arith::RemUIOp>(l, x, y).getResult()
                        : bld.create<mlir::arith::ShRUIOp>(l, x, y).getResult();
    return trace.addScalar(r, rd);
  }
  switch (op) {
  case Op::Add: r = bld.create<mlir::arith::AddIOp>(l, x, y); break;
  case Op::Sub: r = bld.create<mlir::arith::SubIOp>(l, x, y); break;
  case Op::Mul: r = bld.create<mlir::arith::MulIOp>(l, x, y); break;
  case Op::Div: r = bld.create<mlir::arith::DivSIOp>(l, x, y); break;
  case Op::Rem: r = bld.create<mlir::arith::RemSIOp>(l, x, y); break;
  case Op::And: r = bld.create<mlir::arith::AndIOp>(l, x, y); break;
  case Op::Or: r = bld.create<mlir::arith::OrIOp>(l, x, y); break;
  case Op::Xor: r = bld.create<mlir::arith::XOrIOp>(l, x, y); break;
  case Op::Shl: r = bld.create<mlir::arith::ShLIOp>(l, x, y); break;
  case Op::Shr: r = bld.create<mlir::arith::ShRSIOp>(l, x, y); break;
  }
  return trace.addScalar(r, rd);
}

/// A C++ number as a scalar operand beside `a`: an integer takes a's dtype
/// (f32 or int32, weakly typed), a double is f32.
Scalar numberBeside(KernelTrace &trace, const Scalar &a, double c, bool isDouble,
                    const std::source_location &loc) {
  if (isDouble || isF32(a))
    return floatConstant(trace, c, loc);
  if (a.dtype() == DType::uint32)
    return uintConstant(trace, (int64_t)c, loc);
  return trace.constant((int64_t)c, loc);
}

Scalar withConstant(Op op, const Scalar &a, int64_t c, bool constantFirst,
                    const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  Scalar k = numberBeside(trace, a, (double)c, false, loc);
  return constantFirst ? binary(op, k, a, loc) : binary(op, a, k, loc);
}

/// The f32 compare of a signed one (NaN: false, except !=).
mlir::arith::CmpFPredicate floatPredicate(mlir::arith::CmpIPredicate p) {
  using mlir::arith::CmpFPredicate;
  using mlir::arith::CmpIPredicate;
  switch (p) {
  case CmpIPredicate::slt: return CmpFPredicate::OLT;
  case CmpIPredicate::sle: return CmpFPredicate::OLE;
  case CmpIPredicate::sgt: return CmpFPredicate::OGT;
  case CmpIPredicate::sge: return CmpFPredicate::OGE;
  case CmpIPredicate::eq: return CmpFPredicate::OEQ;
  default: return CmpFPredicate::UNE;
  }
}

Scalar compare(mlir::arith::CmpIPredicate pred, const Scalar &a, const Scalar &b,
               const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  mlir::Value x = trace.use(a, loc), y = trace.use(b, loc);
  bool equality =
      pred == mlir::arith::CmpIPredicate::eq || pred == mlir::arith::CmpIPredicate::ne;
  bool numbers = a.dtype() != DType::bool_ && b.dtype() != DType::bool_;
  if ((isF32(a) || isF32(b)) && numbers) {
    x = asF32(trace, a, "a compare", loc);
    y = asF32(trace, b, "a compare", loc);
    auto r = trace.builder().create<mlir::arith::CmpFOp>(trace.loc(loc), floatPredicate(pred),
                                                         x, y);
    return trace.addScalar(r, DType::bool_);
  }
  bool ints = (a.dtype() == DType::int32 || a.dtype() == DType::uint32) &&
              (b.dtype() == DType::int32 || b.dtype() == DType::uint32);
  if ((a.dtype() != b.dtype() && !ints) || (!equality && !ints))
    throwUserError(loc, "cannot compare a " + to_string(a.dtype()) + " scalar with a " +
                            to_string(b.dtype()) + " scalar" +
                            (equality ? "" : "; ordering compares int32, uint32 and f32 scalars"));
  // uint32 with uint32 in the unsigned order (mixed: as int32, JAX's
  // promotion).
  if (ints && intResult(a, b) == DType::uint32)
    pred = mlir::tessera::unsignedOrder(pred);
  auto r = trace.builder().create<mlir::arith::CmpIOp>(trace.loc(loc), pred, x, y);
  return trace.addScalar(r, DType::bool_);
}

Scalar compareConstant(mlir::arith::CmpIPredicate pred, const Scalar &a, double c, bool isDouble,
                       bool constantFirst, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  Scalar k = numberBeside(trace, a, c, isDouble, loc);
  return constantFirst ? compare(pred, k, a, loc) : compare(pred, a, k, loc);
}

Scalar logical(Op op, const Scalar &a, const Scalar &b, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  mlir::Value x = trace.use(a, loc), y = trace.use(b, loc);
  if (a.dtype() != DType::bool_ || b.dtype() != DType::bool_)
    throwUserError(loc, std::string(op == Op::And ? "&&" : "||") +
                            " combines predicates (comparisons), not " + to_string(a.dtype()) +
                            " and " + to_string(b.dtype()) + " scalars");
  auto &bld = trace.builder();
  mlir::Value r = op == Op::And ? bld.create<mlir::arith::AndIOp>(trace.loc(loc), x, y).getResult()
                                : bld.create<mlir::arith::OrIOp>(trace.loc(loc), x, y).getResult();
  return trace.addScalar(r, DType::bool_);
}

using P = mlir::arith::CmpIPredicate;

}  // namespace

#define TESSERA_SCALAR_BINARY(OPSYM, OPKIND)                                          \
  Scalar operator OPSYM(At<Scalar> a, const Scalar &b) {                             \
    return binary(Op::OPKIND, a.value, b, a.loc);                                     \
  }                                                                                   \
  Scalar operator OPSYM(At<Scalar> a, int64_t b) {                                   \
    return withConstant(Op::OPKIND, a.value, b, false, a.loc);                        \
  }
TESSERA_SCALAR_BINARY(+, Add)
TESSERA_SCALAR_BINARY(-, Sub)
TESSERA_SCALAR_BINARY(*, Mul)
TESSERA_SCALAR_BINARY(/, Div)
TESSERA_SCALAR_BINARY(%, Rem)
TESSERA_SCALAR_BINARY(&, And)
TESSERA_SCALAR_BINARY(|, Or)
TESSERA_SCALAR_BINARY(^, Xor)
TESSERA_SCALAR_BINARY(<<, Shl)
TESSERA_SCALAR_BINARY(>>, Shr)
#undef TESSERA_SCALAR_BINARY

Scalar operator+(int64_t a, At<Scalar> b) { return withConstant(Op::Add, b.value, a, true, b.loc); }
Scalar operator-(int64_t a, At<Scalar> b) { return withConstant(Op::Sub, b.value, a, true, b.loc); }
Scalar operator*(int64_t a, At<Scalar> b) { return withConstant(Op::Mul, b.value, a, true, b.loc); }
Scalar operator-(At<Scalar> a) {
  if (isF32(a.value)) {  // flips the sign bit (-0, NaN too), as a vector's -x
    KernelTrace &trace = KernelTrace::check(a.value.traceId(), a.loc, "a scalar");
    mlir::Value x = trace.use(a.value, a.loc);
    return trace.addScalar(trace.builder().create<mlir::arith::NegFOp>(trace.loc(a.loc), x),
                           DType::float32);
  }
  return withConstant(Op::Sub, a.value, 0, true, a.loc);
}

namespace detail {
Scalar scalarWithDouble(char op, const Scalar &a, double c, bool constantFirst,
                        const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  Scalar k = floatConstant(trace, c, loc);
  Op kind = op == '+' ? Op::Add : op == '-' ? Op::Sub : op == '*' ? Op::Mul : Op::Div;
  return constantFirst ? binary(kind, k, a, loc) : binary(kind, a, k, loc);
}
Scalar compareWithDouble(int pred, const Scalar &a, double c, bool constantFirst,
                         const std::source_location &loc) {
  return compareConstant((mlir::arith::CmpIPredicate)pred, a, c, true, constantFirst, loc);
}
int comparePredicate(const char *op) {
  using mlir::arith::CmpIPredicate;
  std::string s = op;
  CmpIPredicate p = s == "<"    ? CmpIPredicate::slt
                    : s == "<=" ? CmpIPredicate::sle
                    : s == ">"  ? CmpIPredicate::sgt
                    : s == ">=" ? CmpIPredicate::sge
                    : s == "==" ? CmpIPredicate::eq
                                : CmpIPredicate::ne;
  return (int)p;
}
}  // namespace detail

Scalar Scalar::astype(DType to, std::source_location loc) const {
  KernelTrace &trace = KernelTrace::check(traceId(), loc, "a scalar");
  mlir::Value x = trace.use(*this, loc);
  if (to == dtype())
    return *this;
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  auto bad = [&] {
    throwUserError(loc, "astype(" + to_string(to) + ") of a " + to_string(dtype()) +
                            " scalar: scalars are int32, uint32, f32 or predicates");
  };
  bool fromInt = dtype() == DType::int32 || dtype() == DType::uint32;
  switch (to) {
  case DType::float32:
    if (dtype() == DType::bool_)
      x = b.create<mlir::arith::ExtUIOp>(l, b.getI32Type(), x);
    else if (!fromInt)
      bad();
    if (dtype() == DType::uint32)
      return trace.addScalar(b.create<mlir::arith::UIToFPOp>(l, b.getF32Type(), x), to);
    return trace.addScalar(b.create<mlir::arith::SIToFPOp>(l, b.getF32Type(), x), to);
  case DType::int32:
  case DType::uint32:
    if (dtype() == DType::bool_)
      return trace.addScalar(b.create<mlir::arith::ExtUIOp>(l, b.getI32Type(), x), to);
    if (fromInt)  // the same 32 bits (two's complement)
      return trace.addScalar(x, to);
    if (dtype() != DType::float32)
      bad();
    // Truncation toward zero, saturating to the range, NaN to 0 (as a
    // vector's astype).
    if (to == DType::uint32)
      return trace.addScalar(b.create<mlir::arith::FPToUIOp>(l, b.getI32Type(), x), to);
    return trace.addScalar(b.create<mlir::arith::FPToSIOp>(l, b.getI32Type(), x), to);
  case DType::bool_:
    if (dtype() == DType::float32)
      return *this != 0.0;
    return *this != 0;
  default:
    bad();
  }
  return *this;
}

#define TESSERA_SCALAR_COMPARE(OPSYM, PRED)                                           \
  Scalar operator OPSYM(At<Scalar> a, const Scalar &b) {                             \
    return compare(P::PRED, a.value, b, a.loc);                                       \
  }                                                                                   \
  Scalar operator OPSYM(At<Scalar> a, int64_t b) {                                   \
    return compareConstant(P::PRED, a.value, (double)b, false, false, a.loc);         \
  }                                                                                   \
  Scalar operator OPSYM(int64_t a, At<Scalar> b) {                                   \
    return compareConstant(P::PRED, b.value, (double)a, false, true, b.loc);          \
  }
TESSERA_SCALAR_COMPARE(<, slt)
TESSERA_SCALAR_COMPARE(<=, sle)
TESSERA_SCALAR_COMPARE(>, sgt)
TESSERA_SCALAR_COMPARE(>=, sge)
TESSERA_SCALAR_COMPARE(==, eq)
TESSERA_SCALAR_COMPARE(!=, ne)
#undef TESSERA_SCALAR_COMPARE

Scalar operator&&(At<Scalar> a, const Scalar &b) { return logical(Op::And, a.value, b, a.loc); }
Scalar operator||(At<Scalar> a, const Scalar &b) { return logical(Op::Or, a.value, b, a.loc); }
Scalar operator!(At<Scalar> a) {
  KernelTrace &trace = KernelTrace::check(a.value.traceId(), a.loc, "a scalar");
  mlir::Value x = trace.use(a.value, a.loc);
  if (a.value.dtype() != DType::bool_)
    throwUserError(a.loc, "! negates a predicate, not an " + to_string(a.value.dtype()) +
                              " scalar; compare it with 0 instead");
  auto &b = trace.builder();
  mlir::Location l = trace.loc(a.loc);
  mlir::Value one = b.create<mlir::arith::ConstantOp>(l, b.getBoolAttr(true));
  return trace.addScalar(b.create<mlir::arith::XOrIOp>(l, x, one), DType::bool_);
}

namespace jnp {
namespace {
template <class IntOp, class FloatOp>
Scalar extremum(const char *name, const Scalar &a, const Scalar &b,
                const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  mlir::Value x = trace.use(a, loc), y = trace.use(b, loc);
  if (isF32(a) || isF32(b)) {  // NaN if either is NaN; -0 < +0
    x = asF32(trace, a, name, loc);
    y = asF32(trace, b, name, loc);
    return trace.addScalar(trace.builder().create<FloatOp>(trace.loc(loc), x, y),
                           DType::float32);
  }
  checkInt(a, name, loc);
  checkInt(b, name, loc);
  DType rd = intResult(a, b);
  if (rd == DType::uint32) {  // the unsigned order: a compare and a select
    bool isMax = std::is_same_v<IntOp, mlir::arith::MaxSIOp>;
    auto &bld = trace.builder();
    mlir::Value pick = bld.create<mlir::arith::CmpIOp>(
        trace.loc(loc), isMax ? mlir::arith::CmpIPredicate::ugt : mlir::arith::CmpIPredicate::ult,
        x, y);
    return trace.addScalar(bld.create<mlir::arith::SelectOp>(trace.loc(loc), pick, x, y), rd);
  }
  return trace.addScalar(trace.builder().create<IntOp>(trace.loc(loc), x, y), rd);
}
}  // namespace
Scalar maximum(const Scalar &a, const Scalar &b, std::source_location loc) {
  return extremum<mlir::arith::MaxSIOp, mlir::arith::MaximumFOp>("jnp::maximum", a, b, loc);
}
Scalar minimum(const Scalar &a, const Scalar &b, std::source_location loc) {
  return extremum<mlir::arith::MinSIOp, mlir::arith::MinimumFOp>("jnp::minimum", a, b, loc);
}
Scalar where(const Scalar &cond, const Scalar &a, const Scalar &b, std::source_location loc) {
  KernelTrace &trace = KernelTrace::check(cond.traceId(), loc, "a scalar");
  mlir::Value c = trace.use(cond, loc), x = trace.use(a, loc), y = trace.use(b, loc);
  if (cond.dtype() != DType::bool_)
    throwUserError(loc, "jnp::where needs a predicate, not an " + to_string(cond.dtype()) +
                            " scalar");
  if (a.dtype() != b.dtype())
    throwUserError(loc, "jnp::where chooses between scalars of one dtype, not " +
                            to_string(a.dtype()) + " and " + to_string(b.dtype()));
  return trace.addScalar(trace.builder().create<mlir::arith::SelectOp>(trace.loc(loc), c, x, y),
                         a.dtype());
}
}  // namespace jnp

namespace pl {
Scalar multiple_of(const Scalar &x, int64_t m, std::source_location loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a scalar");
  mlir::Value v = trace.use(x, loc);
  checkInt(x, "pl::multiple_of", loc);
  if (m < 1 || m > INT32_MAX)
    throwUserError(loc, "pl::multiple_of needs a positive multiple, not " + std::to_string(m));
  auto op = trace.builder().create<mlir::tessera::MultipleOfOp>(trace.loc(loc), v.getType(), v,
                                                                m);
  return trace.addScalar(op.getResult(), DType::int32);
}
}  // namespace pl

}  // namespace tessera
