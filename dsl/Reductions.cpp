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
using detail::What;
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

/// The user axis `axis` of a rank-3 value in [0, 3), or a user error.
int rank3Axis(const Value &x, int axis, const char *name, const std::source_location &loc) {
  if (axis < -3 || axis >= 3)
    throwUserError(loc, std::string(name) + ": axis " + std::to_string(axis) +
                            " is out of range for a value of shape " + to_string(x.shape()) +
                            "; allowed: [-3, 2]");
  return axis < 0 ? axis + 3 : axis;
}

Value reduce(const Value &x0, const char *kind, std::optional<int> axis, bool keepdims,
             const char *name, const std::source_location &loc);

/// A reduction of a rank-3 value. Axes 1 and 2 reduce each slice (the
/// result stays rank 3, so keepdims is required: a [B, N] or [B, M] result
/// would move rows between vregs); axis 0 combines the slices elementwise
/// in index order (((x0 + x1) + x2) ... in f32 for bf16, rounded once);
/// no axis: the slices' totals, then axis 0.
Value reduce3(const Value &x, const char *kind, std::optional<int> axis, bool keepdims,
              const char *name, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  std::string k = kind;
  int a = axis ? rank3Axis(x, *axis, name, loc) : -1;
  if (a == 1 || a == 2) {
    if (!keepdims)
      throwUserError(loc, std::string(name) + " over axis " + std::to_string(*axis) +
                              " of a value of shape " + to_string(x.shape()) +
                              " needs keepdims=true: the result keeps one matrix per leading "
                              "index ([B, 1, N] or [B, M, 1]); dropping the axis would move "
                              "rows between vregs");
    std::vector<Value> out;
    for (const Value &s : trace.slices(x, loc))
      out.push_back(reduce(s, kind, a - 1, true, name, loc));
    return stack(trace, std::move(out), loc);
  }
  std::vector<Value> parts;
  for (const Value &s : trace.slices(x, loc))
    parts.push_back(a < 0 ? reduce(s, kind, std::nullopt, true, name, loc) : s);
  // Across the slices: in f32 for bf16 (rounded once at the end), int32
  // for int8 and bool sums (jnp.sum's dtype), 0/1 for bool extrema.
  DType d = parts[0].dtype(), work = d;
  if (d == DType::bfloat16)
    work = DType::float32;
  if ((k == "sum" && (d == DType::int8 || d == DType::bool_)) || d == DType::bool_)
    work = DType::int32;
  Value acc = astypeImpl(parts[0], work, loc);
  const char *op = k == "sum" ? "+" : k == "max" ? "max" : "min";
  for (size_t i = 1; i < parts.size(); ++i)
    acc = binary(op, acc, astypeImpl(parts[i], work, loc), loc, name);
  DType rd = k == "sum" && (d == DType::int8 || d == DType::bool_) ? DType::int32 : d;
  acc = astypeImpl(acc, rd, loc);
  if (a < 0)
    return keepdims ? stack(trace, {acc}, loc) : acc.reshape({}, loc);
  return keepdims ? stack(trace, {acc}, loc) : acc;
}

Value reduce(const Value &x0, const char *kind, std::optional<int> axis, bool keepdims,
             const char *name, const std::source_location &loc) {
  if (x0.ndim() == 3)
    return reduce3(x0, kind, axis, keepdims, name, loc);
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
  Value r = make(trace, v, x.dtype(), shape, loc, What::resultOf(name));
  return boolExtremum ? astypeImpl(r, DType::bool_, loc) : r;
}

/// argmax / argmin: the first index where x equals its extremum (a NaN is
/// the extremum when there is one: max/min propagate NaN, and x != x marks
/// the NaNs), as min over where(mask, iota, n).
Value argExtremum(const Value &x, int axis, bool keepdims, bool isMax, const char *name,
                  const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  if (x.ndim() == 3) {
    int a = rank3Axis(x, axis, name, loc);
    const std::vector<Value> &slices = trace.slices(x, loc);
    if (a > 0) {
      if (!keepdims)
        throwUserError(loc, std::string(name) + " over axis " + std::to_string(axis) +
                                " of a value of shape " + to_string(x.shape()) +
                                " needs keepdims=true (the result keeps one matrix per "
                                "leading index)");
      std::vector<Value> out;
      for (const Value &s : slices)
        out.push_back(argExtremum(s, a - 1, true, isMax, name, loc));
      return stack(trace, std::move(out), loc);
    }
    // Axis 0: the first slice index where the slice equals the extremum
    // (a NaN counts as the extremum, as on the other axes).
    Value xs = x.dtype() == DType::bool_ ? astypeImpl(x, DType::int32, loc) : x;
    Value m = reduce(xs, isMax ? "max" : "min", 0, false, name, loc);
    const std::vector<Value> &s = trace.slices(xs, loc);
    Shape ir = irShape(trace.use(m, loc));
    Value best = make(trace, splat(trace, ir, DType::int32, 0, true, (int64_t)s.size(), loc),
                      DType::int32, m.shape(), loc, name);  // none found yet: B
    for (int64_t b = (int64_t)s.size() - 1; b >= 0; --b) {
      Value hit = binary("==", s[b], m, loc, name);
      if (isFloat(xs.dtype()))
        hit = binary("|", hit, binary("!=", s[b], s[b], loc, name), loc, name);
      best = jnp::where(hit, b, best, loc);
    }
    return keepdims ? stack(trace, {best}, loc) : best;
  }
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
              What::resultOf(name));
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
  if (shape.size() == 3) {
    // One matrix per leading index: x's slices (or x itself) broadcast.
    if (x.ndim() == 3 && x.shape()[0] != shape[0] && x.shape()[0] != 1)
      throwUserError(loc, "jnp::broadcast_to: a value of shape " + to_string(x.shape()) +
                              " does not broadcast to " + to_string(shape) +
                              " (each dimension must be equal, or 1)");
    Shape inner(shape.begin() + 1, shape.end());
    std::vector<Value> out;
    for (int64_t b = 0; b < shape[0]; ++b) {
      Value s = x;
      if (x.ndim() == 3) {
        const std::vector<Value> &sl = trace.slices(x, loc);
        s = sl[sl.size() == 1 ? 0 : b];
      }
      out.push_back(b > 0 && x.ndim() < 3 ? out[0] : broadcast_to(s, inner, loc));
    }
    return stack(trace, std::move(out), loc);
  }
  mlir::Value v = trace.use(x, loc);
  Shape from = broadcastView(x, v, "jnp::broadcast_to", loc);
  if (shape.size() != 2)
    throwUserError(loc, "jnp::broadcast_to: the target shape " + to_string(shape) +
                            " must have rank 2 or 3");
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
  if (shape.size() == 3) {
    if (dimension < 0 || dimension > 2)
      throwUserError(loc, "lax::broadcasted_iota: dimension " + std::to_string(dimension) +
                              " is out of range; allowed: [0, 2]");
    Shape inner(shape.begin() + 1, shape.end());
    std::vector<Value> out;
    if (dimension == 0) {  // slice b is the constant b
      checkValueShape(inner, dtype, loc, "lax::broadcasted_iota");
      for (int64_t b = 0; b < shape[0]; ++b)
        out.push_back(make(trace, splat(trace, inner, dtype, 0, true, b, loc), dtype, inner, loc,
                           "lax::broadcasted_iota"));
    } else {
      Value one = broadcasted_iota(dtype, inner, dimension - 1, loc);
      out.assign(shape[0], one);
    }
    return stack(trace, std::move(out), loc);
  }
  if (shape.size() != 2)
    throwUserError(loc, "lax::broadcasted_iota: shape " + to_string(shape) +
                            " must have rank 2 or 3");
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
