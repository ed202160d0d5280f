//===- Scalars.cpp - int32 and predicate arithmetic on the scalar unit ----===//
//
// Scalars are i32 (or i1 predicates) in the kernel IR; each operator checks
// its operands' dtypes the way a Pallas user would expect and records one
// arith op at the user's line. A constant divisor of 0 is a compile error.
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
  if (s.dtype() != DType::int32)
    throwUserError(loc, std::string("operands of ") + what + " are int32 scalars; got a " +
                            to_string(s.dtype()) + " scalar");
}

/// A constant operand, or nothing.
std::optional<int64_t> constantOf(mlir::Value v) {
  if (auto c = v.getDefiningOp<mlir::arith::ConstantOp>())
    if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(c.getValue()))
      return i.getInt();
  return std::nullopt;
}

Scalar binary(Op op, const Scalar &a, const Scalar &b, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  mlir::Value x = trace.use(a, loc), y = trace.use(b, loc);
  checkInt(a, symbol(op), loc);
  checkInt(b, symbol(op), loc);
  if ((op == Op::Div || op == Op::Rem) && constantOf(y) == 0)
    throwUserError(loc, std::string("division by zero (the divisor of ") + symbol(op) +
                            " is the constant 0)");
  auto &bld = trace.builder();
  mlir::Location l = trace.loc(loc);
  mlir::Value r;
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
  return trace.addScalar(r, DType::int32);
}

Scalar withConstant(Op op, const Scalar &a, int64_t c, bool constantFirst,
                    const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  Scalar k = trace.constant(c, loc);
  return constantFirst ? binary(op, k, a, loc) : binary(op, a, k, loc);
}

Scalar compare(mlir::arith::CmpIPredicate pred, const Scalar &a, const Scalar &b,
               const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  mlir::Value x = trace.use(a, loc), y = trace.use(b, loc);
  bool equality =
      pred == mlir::arith::CmpIPredicate::eq || pred == mlir::arith::CmpIPredicate::ne;
  if (a.dtype() != b.dtype() || (!equality && a.dtype() != DType::int32))
    throwUserError(loc, "cannot compare a " + to_string(a.dtype()) + " scalar with a " +
                            to_string(b.dtype()) + " scalar" +
                            (equality ? "" : "; ordering compares int32 scalars"));
  auto r = trace.builder().create<mlir::arith::CmpIOp>(trace.loc(loc), pred, x, y);
  return trace.addScalar(r, DType::bool_);
}

Scalar compareConstant(mlir::arith::CmpIPredicate pred, const Scalar &a, int64_t c,
                       bool constantFirst, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  Scalar k = trace.constant(c, loc);
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
Scalar operator-(At<Scalar> a) { return withConstant(Op::Sub, a.value, 0, true, a.loc); }

#define TESSERA_SCALAR_COMPARE(OPSYM, PRED)                                           \
  Scalar operator OPSYM(At<Scalar> a, const Scalar &b) {                             \
    return compare(P::PRED, a.value, b, a.loc);                                       \
  }                                                                                   \
  Scalar operator OPSYM(At<Scalar> a, int64_t b) {                                   \
    return compareConstant(P::PRED, a.value, b, false, a.loc);                        \
  }                                                                                   \
  Scalar operator OPSYM(int64_t a, At<Scalar> b) {                                   \
    return compareConstant(P::PRED, b.value, a, true, b.loc);                         \
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
template <class Op>
Scalar extremum(const char *name, const Scalar &a, const Scalar &b,
                const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a scalar");
  mlir::Value x = trace.use(a, loc), y = trace.use(b, loc);
  checkInt(a, name, loc);
  checkInt(b, name, loc);
  return trace.addScalar(trace.builder().create<Op>(trace.loc(loc), x, y), DType::int32);
}
}  // namespace
Scalar maximum(const Scalar &a, const Scalar &b, std::source_location loc) {
  return extremum<mlir::arith::MaxSIOp>("jnp::maximum", a, b, loc);
}
Scalar minimum(const Scalar &a, const Scalar &b, std::source_location loc) {
  return extremum<mlir::arith::MinSIOp>("jnp::minimum", a, b, loc);
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
