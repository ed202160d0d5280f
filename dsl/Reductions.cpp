//===- Reductions.cpp - Reductions, argmax, iota and broadcasts -----------===//
//
// jnp.sum / max / min / mean / argmax over one axis (or both), as
// tessera.reduce in the keepdims form: the IR shape keeps the reduced axis
// as 1 whatever keepdims says (the Value's Shape drops it), so that a
// reduced value broadcasts back with one tessera.broadcast. argmax is
// composed from max, a compare, an iota and min (the first index wins, a
// NaN is the maximum). Transposes and the pltpu layout ops are in
// Shapes.cpp.
//
//===----------------------------------------------------------------------===//
#include <cmath>

#include "dsl/ValueBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"

namespace tessera {

using detail::KernelTrace;
using namespace detail::values;

namespace {

/// The IR axis (0 or 1) of user axis `axis` of `x`, or a user error naming
/// the allowed range.
int irAxis(const Value &x, mlir::Value ir, int axis, const char *name,
           const std::source_location &loc) {
  int n = x.ndim();
  if (n == 0 || axis < -n || axis >= n)
    throwUserError(loc, std::string(name) + ": axis " + std::to_string(axis) +
                            " is out of range for a value of shape " + to_string(x.shape()) +
                            (n == 0 ? " (rank 0: nothing to reduce)"
                                    : "; allowed: [" + std::to_string(-n) + ", " +
                                          std::to_string(n - 1) + "]"));
  int a = axis < 0 ? axis + n : axis;
  if (n == 2)
    return a;
  // Rank 1: the dimension that is not the kept 1 (a column [M,1] from an
  // axis-1 reduction, or a row [1,N]).
  Shape s = irShape(ir);
  return s[0] != 1 ? 0 : 1;
}

/// tessera.reduce of kind over IR axis `ax` (keepdims form).
mlir::Value reduceIr(KernelTrace &trace, mlir::Value v, const char *kind, int ax,
                     const std::source_location &loc) {
  Shape s = irShape(v);
  if (s[ax] == 1)
    return v;  // one element along the axis: itself
  Shape r = s;
  r[ax] = 1;
  auto elem = llvm::cast<mlir::VectorType>(v.getType()).getElementType();
  auto &b = trace.builder();
  return tesseraOp(trace, "reduce", {v}, mlir::VectorType::get(r, elem),
                   {b.getNamedAttr("kind", b.getStringAttr(kind)),
                    b.getNamedAttr("axis", b.getI64IntegerAttr(ax))},
                   loc);
}

/// The user shape after reducing `x` along user axis `axis`.
Shape reducedShape(const Value &x, int axis, bool keepdims) {
  Shape s = x.shape();
  int a = axis < 0 ? axis + x.ndim() : axis;
  if (keepdims)
    s[a] = 1;
  else
    s.erase(s.begin() + a);
  return s;
}

Value reduce(const Value &x0, const char *kind, std::optional<int> axis, bool keepdims,
             const char *name, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(x0.traceId(), loc, "a value");
  Value x = x0;
  std::string k = kind;
  // jnp.sum of small integers and bools gives int32; max/min of bools
  // reduce 0/1 as int32 and compare back.
  bool boolExtremum = x.dtype() == DType::bool_ && k != "sum";
  if ((k == "sum" && (x.dtype() == DType::int8 || x.dtype() == DType::bool_)) || boolExtremum)
    x = astypeImpl(x, DType::int32, loc);
  mlir::Value v = trace.use(x, loc);
  Shape shape;
  if (!axis) {  // all axes
    for (int a : {0, 1})
      v = reduceIr(trace, v, kind, a, loc);
    shape = keepdims ? Shape(x.ndim(), 1) : Shape{};
  } else {
    int ax = irAxis(x, v, *axis, name, loc);
    v = reduceIr(trace, v, kind, ax, loc);
    shape = reducedShape(x, *axis, keepdims);
  }
  Value r = make(trace, v, x.dtype(), shape, loc, std::string("the result of ") + name);
  return boolExtremum ? astypeImpl(r, DType::bool_, loc) : r;
}

/// argmax / argmin: the first index where x equals its extremum (a NaN is
/// the extremum when there is one: max/min propagate NaN, and x != x marks
/// the NaNs), as min over where(mask, iota, n).
Value argExtremum(const Value &x, int axis, bool keepdims, bool isMax, const char *name,
                  const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  mlir::Value v = trace.use(x, loc);
  int ax = irAxis(x, v, axis, name, loc);
  Value xv = x.dtype() == DType::bool_ ? astypeImpl(x, DType::int32, loc) : x;
  v = trace.use(xv, loc);
  Shape s = irShape(v);
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  mlir::Value m = broadcastIr(trace, reduceIr(trace, v, isMax ? "max" : "min", ax, loc), s, loc);
  mlir::Value mask;
  if (isFloat(xv.dtype())) {
    mask = b.create<mlir::arith::CmpFOp>(l, mlir::arith::CmpFPredicate::OEQ, v, m);
    mlir::Value nan = b.create<mlir::arith::CmpFOp>(l, mlir::arith::CmpFPredicate::UNE, v, v);
    mask = b.create<mlir::arith::OrIOp>(l, mask, nan);
  } else {
    mask = b.create<mlir::arith::CmpIOp>(l, mlir::arith::CmpIPredicate::eq, v, m);
  }
  mlir::Value iota = tesseraOp(trace, "iota", {}, vecType(s, DType::int32),
                               {b.getNamedAttr("dimension", b.getI64IntegerAttr(ax))}, loc);
  mlir::Value none = splat(trace, s, DType::int32, 0, true, s[ax], loc);
  mlir::Value cand = b.create<mlir::arith::SelectOp>(l, mask, iota, none);
  mlir::Value r = reduceIr(trace, cand, "min", ax, loc);
  return make(trace, r, DType::int32, reducedShape(x, axis, keepdims), loc,
              std::string("the result of ") + name);
}

}  // namespace

namespace jnp {

Value sum(const Value &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  return reduce(x, "sum", axis, keepdims, "jnp::sum", loc);
}
Value max(const Value &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  return reduce(x, "max", axis, keepdims, "jnp::max", loc);
}
Value min(const Value &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  return reduce(x, "min", axis, keepdims, "jnp::min", loc);
}

Value mean(const Value &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  // In f32 (as jnp.mean of bf16 and of integers), divided by the count.
  Value f = astypeImpl(x, DType::float32, loc);
  Value s = reduce(f, "sum", axis, keepdims, "jnp::mean", loc);
  int64_t n = 1;
  if (axis) {
    int a = *axis < 0 ? *axis + x.ndim() : *axis;
    n = x.shape()[a];
  } else {
    n = numElements(x.shape());
  }
  Value m = binary("/", s, (double)n, loc, "jnp::mean");
  return x.dtype() == DType::bfloat16 ? astypeImpl(m, DType::bfloat16, loc) : m;
}

Value argmax(const Value &x, int axis, bool keepdims, std::source_location loc) {
  return argExtremum(x, axis, keepdims, true, "jnp::argmax", loc);
}
Value argmin(const Value &x, int axis, bool keepdims, std::source_location loc) {
  return argExtremum(x, axis, keepdims, false, "jnp::argmin", loc);
}

Value broadcast_to(const Value &x, Shape shape, std::source_location loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  mlir::Value v = trace.use(x, loc);
  Shape from = broadcastView(x, v, "jnp::broadcast_to", loc);
  if (shape.size() != 2)
    throwUserError(loc, "jnp::broadcast_to: the target shape " + to_string(shape) +
                            " must have rank 2");
  for (int d : {0, 1})
    if (from[d] != shape[d] && from[d] != 1)
      throwUserError(loc, "jnp::broadcast_to: a value of shape " + to_string(x.shape()) +
                              " does not broadcast to " + to_string(shape) +
                              " (each dimension must be equal, or 1)");
  checkValueShape(shape, x.dtype(), loc, "jnp::broadcast_to");
  return make(trace, broadcastIr(trace, v, shape, loc), x.dtype(), shape, loc,
              "jnp::broadcast_to");
}

}  // namespace jnp

namespace lax {

Value broadcasted_iota(DType dtype, Shape shape, int dimension, std::source_location loc) {
  KernelTrace &trace = KernelTrace::current(loc, "lax::broadcasted_iota");
  if (shape.size() != 2)
    throwUserError(loc, "lax::broadcasted_iota: shape " + to_string(shape) +
                            " must have rank 2 (Tessera values are rank 2)");
  if (dimension < 0 || dimension > 1)
    throwUserError(loc, "lax::broadcasted_iota: dimension " + std::to_string(dimension) +
                            " is out of range; allowed: [0, 1]");
  checkValueShape(shape, DType::int32, loc, "lax::broadcasted_iota");
  auto &b = trace.builder();
  mlir::Value v = tesseraOp(trace, "iota", {}, vecType(shape, DType::int32),
                            {b.getNamedAttr("dimension", b.getI64IntegerAttr(dimension))}, loc);
  Value r = make(trace, v, DType::int32, shape, loc, "lax::broadcasted_iota");
  return astypeImpl(r, dtype, loc);
}

}  // namespace lax

}  // namespace tessera
