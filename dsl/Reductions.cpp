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
  if (n == 0)
    throwUserError(loc, std::string(name) + ": axis " + std::to_string(axis) +
                            " is out of range for a value of shape " + to_string(x.shape()) +
                            " (rank 0: nothing to reduce)");
  int a = userAxis(x, axis, name, loc);
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

/// The result of a reduction along leading axis `a` of a stack with leading
/// dimensions `lead` (a < 0: all axes): `parts`, one matrix per group of
/// groupsAlong, as a stack with that axis 1 (keepdims) or dropped (a
/// rank-2 value when no leading axis is left; all axes without keepdims:
/// rank 0).
Value stackReduced(KernelTrace &trace, std::vector<Value> parts, Shape lead, int a,
                   bool keepdims, const std::source_location &loc) {
  if (a < 0) {
    if (keepdims)
      return detail::values::stack(trace, std::move(parts), loc, Shape(lead.size(), 1));
    return parts[0].reshape({}, loc);
  }
  if (keepdims)
    lead[a] = 1;
  else
    lead.erase(lead.begin() + a);
  if (lead.empty())
    return parts[0];
  return detail::values::stack(trace, std::move(parts), loc, lead);
}

Value reduce(const Value &x0, const char *kind, std::optional<int> axis, bool keepdims,
             const char *name, const std::source_location &loc);

/// A rank-3+ reduction's result over matrix axis `a` (kept as 1) without
/// that axis unless `keepdims`: each matrix's row or column becomes a row
/// of the result (jnp::reshape moves them; [..., M, 1] -> [..., M] turns
/// each column into a row).
Value withoutAxis(const Value &kept, int a, bool keepdims, const std::source_location &loc) {
  if (keepdims)
    return kept;
  Shape s = kept.shape();
  s.erase(s.begin() + a);
  return jnp::reshape(kept, s, loc);
}

/// The dtype jnp's reduction `k` of `d` gives: a sum of bools and narrow
/// integers widens to int32 (uint32 for unsigned ones), jnp.sum's default;
/// max and min keep `d`.
DType reducedDtype(DType d, const std::string &k) {
  if (k != "sum" || (d != DType::bool_ && (!isInteger(d) || itemsize(d) == 4)))
    return d;
  return wordDtype(d);
}

/// A reduction of a value of rank 3 to 5. The matrix axes (the last two)
/// reduce each slice (without keepdims, the reduced rows or columns then
/// moved into the result's rows: withoutAxis); a
/// leading axis combines the slices along it elementwise in index order
/// (((x0 + x1) + x2) ... in f32 for bf16, rounded once); no axis: the
/// slices' totals, then all of them in order.
Value reduceStack(const Value &x, const char *kind, std::optional<int> axis, bool keepdims,
                  const char *name, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  std::string k = kind;
  Shape lead = batchDims(x.shape());
  int nlead = (int)lead.size();
  int a = axis ? userAxis(x, *axis, name, loc) : -1;
  if (a >= nlead) {
    std::vector<Value> out;
    for (const Value &s : trace.slices(x, loc))
      out.push_back(reduce(s, kind, a - nlead, true, name, loc));
    return withoutAxis(detail::values::stack(trace, std::move(out), loc, lead), a, keepdims, loc);
  }
  const std::vector<Value> &slices = trace.slices(x, loc);
  // Across the slices: in f32 for bf16 (rounded once at the end), in the
  // sum's dtype for narrow integers and bools, 0/1 for bool extrema.
  DType d = x.dtype(), rd = reducedDtype(d, k), work = rd;
  if (d == DType::bfloat16)
    work = DType::float32;
  if (d == DType::bool_)
    work = DType::int32;
  const char *op = k == "sum" ? "+" : k == "max" ? "max" : "min";
  std::vector<Value> parts;
  for (const std::vector<int64_t> &group : groupsAlong(lead, a)) {
    auto part = [&](int64_t i) {
      Value s = a < 0 ? reduce(slices[i], kind, std::nullopt, true, name, loc) : slices[i];
      return astypeImpl(s, work, loc);
    };
    Value acc = part(group[0]);
    for (size_t i = 1; i < group.size(); ++i)
      acc = binary(op, acc, part(group[i]), loc, name);
    parts.push_back(astypeImpl(acc, rd, loc));
  }
  return stackReduced(trace, std::move(parts), lead, a, keepdims, loc);
}

Value reduce(const Value &x0, const char *kind, std::optional<int> axis, bool keepdims,
             const char *name, const std::source_location &loc) {
  if (x0.ndim() >= 3)
    return reduceStack(x0, kind, axis, keepdims, name, loc);
  KernelTrace &trace = KernelTrace::check(x0.traceId(), loc, "a value");
  std::string k = kind;
  // Reduced as the dtype it gives (sums of bools and narrow integers widen);
  // extrema of bools and narrow integers reduce them as int32 and narrow
  // back, of uint32 as int32 with the sign bit flipped (the unsigned order).
  DType d = x0.dtype(), rd = reducedDtype(d, k);
  bool extremum = k != "sum";
  bool flip = extremum && d == DType::uint32;
  bool widen = extremum && (d == DType::bool_ || (isInteger(d) && itemsize(d) < 4));
  Value x = astypeImpl(x0, widen || flip ? DType::int32 : rd, loc);
  if (flip)
    x = binary("^", x, (int64_t)INT32_MIN, loc, name);
  mlir::Value v;
  Shape shape;
  if (trace.isFolded(x) && (!axis || userAxis(x, *axis, name, loc) == 0)) {
    // A folded 1-D value: all its rows of 128 lanes, as a matrix.
    v = trace.useElementwise(x, loc);
    for (int a : {0, 1})
      v = reduceIr(trace, v, kind, a, loc);
    shape = keepdims ? Shape{1} : Shape{};
  } else if (v = trace.use(x, loc); !axis) {  // all axes
    for (int a : {0, 1})
      v = reduceIr(trace, v, kind, a, loc);
    shape = keepdims ? Shape(x.ndim(), 1) : Shape{};
  } else {
    int ax = irAxis(x, v, *axis, name, loc);
    v = reduceIr(trace, v, kind, ax, loc);
    shape = reducedShape(x, *axis, keepdims);
  }
  Value r = make(trace, v, x.dtype(), shape, loc, What::resultOf(name));
  if (flip)
    r = binary("^", r, (int64_t)INT32_MIN, loc, name);
  return astypeImpl(r, rd, loc);
}

/// argmax / argmin: the first index where x equals its extremum (a NaN is
/// the extremum when there is one: max/min propagate NaN, and x != x marks
/// the NaNs), as min over where(mask, iota, n).
Value argExtremum(const Value &x, int axis, bool keepdims, bool isMax, const char *name,
                  const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  if (x.ndim() >= 3) {
    int a = userAxis(x, axis, name, loc);
    Shape lead = batchDims(x.shape());
    int nlead = (int)lead.size();
    const std::vector<Value> &slices = trace.slices(x, loc);
    if (a >= nlead) {
      std::vector<Value> out;
      for (const Value &s : slices)
        out.push_back(argExtremum(s, a - nlead, true, isMax, name, loc));
      return withoutAxis(detail::values::stack(trace, std::move(out), loc, lead), a, keepdims,
                         loc);
    }
    // A leading axis: the first index along it where the slice equals the
    // extremum (a NaN counts as the extremum, as on the other axes).
    Value xs = x.dtype() == DType::bool_ ? astypeImpl(x, DType::int32, loc) : x;
    const std::vector<Value> &s = trace.slices(xs, loc);
    std::vector<Value> parts;
    for (const std::vector<int64_t> &group : groupsAlong(lead, a)) {
      Value m = s[group[0]];
      for (size_t j = 1; j < group.size(); ++j)
        m = binary(isMax ? "max" : "min", m, s[group[j]], loc, name);
      Shape ir = irShape(trace.use(m, loc));
      Value best =
          make(trace, splat(trace, ir, DType::int32, 0, true, (int64_t)group.size(), loc),
               DType::int32, m.shape(), loc, name);  // none found yet: the axis' extent
      for (int64_t j = (int64_t)group.size() - 1; j >= 0; --j) {
        const Value &sj = s[group[j]];
        Value hit = binary("==", sj, m, loc, name);
        if (isFloat(xs.dtype()))
          hit = binary("|", hit, binary("!=", sj, sj, loc, name), loc, name);
        best = jnp::where(hit, j, best, loc);
      }
      parts.push_back(best);
    }
    return stackReduced(trace, std::move(parts), lead, a, keepdims, loc);
  }
  mlir::Value v = trace.use(x, loc);
  int ax = irAxis(x, v, axis, name, loc);
  Value xv = x.dtype() == DType::bool_ ? astypeImpl(x, DType::int32, loc) : x;
  v = trace.use(xv, loc);
  Shape s = irShape(v);
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  // The extremum in the dtype's order (reduce: unsigned ones as such).
  Value extremum = reduce(xv, isMax ? "max" : "min", axis, /*keepdims=*/true, name, loc);
  mlir::Value m = broadcastIr(trace, trace.use(extremum, loc), s, loc);
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

Value broadcast_to(const Value &x0, Shape shape, std::source_location loc) {
  KernelTrace &trace = KernelTrace::check(x0.traceId(), loc, "a value");
  Value x = shape.size() >= 2 ? asRow(x0, loc) : x0;  // numpy broadcasts a 1-D value as a row
  if (isBatchShape(shape)) {
    // One matrix per leading index: x's slices (or x itself) broadcast.
    Shape lead = batchDims(shape), from = batchDims(x.shape());
    bool fits = x.ndim() <= (int)shape.size();
    for (size_t i = 0; fits && i < from.size(); ++i)
      fits = from[i] == 1 || from[i] == lead[lead.size() - from.size() + i];
    if (!fits)
      throwUserError(loc, "jnp::broadcast_to: a value of shape " + to_string(x.shape()) +
                              " does not broadcast to " + to_string(shape) +
                              " (each dimension must be equal, or 1)");
    Shape inner(shape.end() - 2, shape.end());
    std::vector<Value> out;
    for (int64_t b = 0; b < numMatrices(shape); ++b) {
      if (x.ndim() < 3) {  // the same matrix everywhere
        out.push_back(b > 0 ? out[0] : broadcast_to(x, inner, loc));
        continue;
      }
      const Value &s = trace.slices(x, loc)[broadcastSlice(lead, from, b)];
      out.push_back(broadcast_to(s, inner, loc));
    }
    return detail::values::stack(trace, std::move(out), loc, lead);
  }
  mlir::Value v = trace.use(x, loc);
  Shape from = broadcastView(x, v, "jnp::broadcast_to", loc);
  if ((int)shape.size() < x.ndim())
    throwUserError(loc, "jnp::broadcast_to: the target shape " + to_string(shape) +
                            " has a lower rank than the value's " + to_string(x.shape()));
  // Ranks 0 and 1 as rows (numpy's alignment on the right).
  Shape target = shape;
  while (target.size() < 2)
    target.insert(target.begin(), 1);
  for (int d : {0, 1})
    if (from[d] != target[d] && from[d] != 1)
      throwUserError(loc, "jnp::broadcast_to: a value of shape " + to_string(x.shape()) +
                              " does not broadcast to " + to_string(shape) +
                              " (each dimension must be equal, or 1)");
  checkValueShape(target, x.dtype(), loc, "jnp::broadcast_to");
  return make(trace, broadcastIr(trace, v, target, loc), x.dtype(), shape, loc,
              "jnp::broadcast_to");
}

}  // namespace jnp

namespace lax {

Value broadcasted_iota(DType dtype, Shape shape, int dimension, std::source_location loc) {
  KernelTrace &trace = KernelTrace::current(loc, "lax::broadcasted_iota");
  checkHardwareDtype(dtype, loc, "lax::broadcasted_iota");
  if (isBatchShape(shape)) {
    int r = (int)shape.size(), nlead = r - 2;
    if (dimension < 0 || dimension >= r)
      throwUserError(loc, "lax::broadcasted_iota: dimension " + std::to_string(dimension) +
                              " is out of range; allowed: [0, " + std::to_string(r - 1) + "]");
    Shape lead = batchDims(shape), inner(shape.end() - 2, shape.end());
    std::vector<Value> out;
    if (dimension < nlead) {  // slice b is the constant of its index along `dimension`
      checkValueShape(inner, dtype, loc, "lax::broadcasted_iota");
      int64_t stride = numElements(Shape(lead.begin() + dimension + 1, lead.end()));
      for (int64_t b = 0; b < numMatrices(shape); ++b)
        out.push_back(make(trace,
                           splat(trace, inner, dtype, 0, true, b / stride % lead[dimension], loc),
                           dtype, inner, loc, "lax::broadcasted_iota"));
    } else {
      Value one = broadcasted_iota(dtype, inner, dimension - nlead, loc);
      out.assign(numMatrices(shape), one);
    }
    return detail::values::stack(trace, std::move(out), loc, lead);
  }
  if (shape.size() == 1) {  // a 1-D value: the row [1, n]
    if (dimension != 0)
      throwUserError(loc, "lax::broadcasted_iota: dimension " + std::to_string(dimension) +
                              " is out of range; allowed: [0, 0]");
    return jnp::reshape(broadcasted_iota(dtype, {1, shape[0]}, 1, loc), shape, loc);
  }
  if (shape.size() != 2)
    throwUserError(loc, "lax::broadcasted_iota: shape " + to_string(shape) +
                            " must have rank 1 to " + std::to_string(kMaxRank));
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
