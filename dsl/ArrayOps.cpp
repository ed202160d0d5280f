//===- ArrayOps.cpp - jnp ops on Arrays: traced, or run at once -----------===//
#include "dsl/ArrayOps.h"

#include "dsl/Jit.h"
#include "runtime/Program.h"
#include "sim/MachineDesc.h"

namespace tessera {

namespace {

/// An array op of result type `type` (operands checked): recorded in the
/// jit trace of its tracer operands, or run now as a program of that one
/// op.
Array record(const std::string &opcode, const std::vector<Array> &operands,
             std::optional<double> scalar, bool scalarFirst, const ShapeDtypeStruct &type,
             const std::source_location &loc) {
  const Array &first = operands.front();
  bool traced = false;
  for (const Array &a : operands)
    traced = traced || a.is_tracer();
  if (traced) {
    for (const Array &a : operands)
      if (!a.is_tracer() || a.trace() != first.trace())
        throwUserError(loc, "jnp " + opcode +
                                " mixes arrays of different jit traces (or a concrete array in "
                                "jitted code: pass it as an argument)");
    return first.trace()->arrayOp(opcode, operands, scalar, scalarFirst, type, loc);
  }
  // Eager: the op as a jitted program of its own, run now.
  ArrayFn one = [=](const std::vector<Array> &args) {
    return record(opcode, args, scalar, scalarFirst, type, loc);
  };
  auto out = detail::compileFn(one, operands, loc).run(operands);
  if (!out.ok())
    throwUserError(loc, std::string(out.status().message()));
  return out->front();
}

/// The result shape of an elementwise op on rank-2 float `operands` of one
/// dtype, each of one shape or [R,1] against [R,C] (the wider one).
Shape elementwiseShape(const std::string &what, const std::vector<Array> &operands,
                       const std::source_location &loc) {
  const Array &first = operands.front();
  if (first.shape().size() != 2)
    throwUserError(loc, what + " of " + to_string(first.aval()) +
                            ": array ops outside kernels take rank-2 arrays for now");
  if (!isFloat(first.dtype()))
    throwUserError(loc, what + " of " + to_string(first.aval()) +
                            ": array ops outside kernels take f32 and bf16 arrays for now");
  Shape shape = first.shape();
  for (const Array &a : operands) {
    bool same = a.aval() == first.aval();
    bool column = a.dtype() == first.dtype() && a.shape().size() == 2 &&
                  a.shape()[0] == shape[0] && (a.shape()[1] == 1 || shape[1] == 1);
    if (!same && !column)
      throwUserError(loc, what + ": operands " + to_string(first.aval()) + " and " +
                              to_string(a.aval()) +
                              " differ (only [R,1] broadcasts against [R,C] for now)");
    shape[1] = std::max(shape[1], a.shape()[1]);
  }
  return shape;
}

/// An elementwise op: its result has the operands' dtype, or `resultDtype`.
Array apply(const std::string &opcode, const std::vector<Array> &operands,
            std::optional<double> scalar, bool scalarFirst, const std::source_location &loc,
            std::optional<DType> resultDtype = std::nullopt) {
  Shape shape = elementwiseShape("jnp " + opcode, operands, loc);
  return record(opcode, operands, scalar, scalarFirst,
                {shape, resultDtype.value_or(operands.front().dtype())}, loc);
}

/// jnp.where: a pred mask of the values' shape, then the values.
Array select(const Array &mask, const std::vector<Array> &values, std::optional<double> scalar,
             const std::source_location &loc) {
  Shape shape = elementwiseShape("jnp::where", values, loc);
  if (mask.dtype() != DType::bool_ || mask.shape() != shape)
    throwUserError(loc, "jnp::where: the mask is " + to_string(mask.aval()) +
                            "; it must be a pred (bool_) array of the values' shape " +
                            to_string(shape) + " (compare first: x > 0)");
  std::vector<Array> operands = {mask};
  operands.insert(operands.end(), values.begin(), values.end());
  return record("select", operands, scalar, false, {shape, values.front().dtype()}, loc);
}

Array binary(const char *opcode, const At<Array> &a, const Array &b) {
  return apply(opcode, {a.value, b}, std::nullopt, false, a.loc);
}
Array withScalar(const char *opcode, const Array &a, double s, bool scalarFirst,
                 const std::source_location &loc) {
  return apply(opcode, {a}, s, scalarFirst, loc);
}

}  // namespace

Array operator+(At<Array> a, const Array &b) { return binary("add", a, b); }
Array operator-(At<Array> a, const Array &b) { return binary("subtract", a, b); }
Array operator*(At<Array> a, const Array &b) { return binary("multiply", a, b); }
Array operator/(At<Array> a, const Array &b) { return binary("divide", a, b); }
Array operator+(At<Array> a, double b) { return withScalar("add", a.value, b, false, a.loc); }
Array operator-(At<Array> a, double b) { return withScalar("subtract", a.value, b, false, a.loc); }
Array operator*(At<Array> a, double b) { return withScalar("multiply", a.value, b, false, a.loc); }
Array operator/(At<Array> a, double b) { return withScalar("divide", a.value, b, false, a.loc); }
Array operator+(At<double> a, const Array &b) { return withScalar("add", b, a.value, true, a.loc); }
Array operator-(At<double> a, const Array &b) {
  return withScalar("subtract", b, a.value, true, a.loc);
}
Array operator*(At<double> a, const Array &b) {
  return withScalar("multiply", b, a.value, true, a.loc);
}
Array operator/(At<double> a, const Array &b) {
  return withScalar("divide", b, a.value, true, a.loc);
}
Array operator-(At<Array> a) { return apply("negate", {a.value}, std::nullopt, false, a.loc); }

// Comparisons: HLO's compare with its direction, a pred result.
#define TESSERA_ARRAY_COMPARE(OPSYM, DIRECTION)                                       \
  Array operator OPSYM(At<Array> a, const Array &b) {                                 \
    return apply("compare-" DIRECTION, {a.value, b}, std::nullopt, false, a.loc,       \
                 DType::bool_);                                                        \
  }                                                                                    \
  Array operator OPSYM(At<Array> a, double b) {                                       \
    return apply("compare-" DIRECTION, {a.value}, b, false, a.loc, DType::bool_);      \
  }
TESSERA_ARRAY_COMPARE(<, "LT")
TESSERA_ARRAY_COMPARE(<=, "LE")
TESSERA_ARRAY_COMPARE(>, "GT")
TESSERA_ARRAY_COMPARE(>=, "GE")
TESSERA_ARRAY_COMPARE(==, "EQ")
TESSERA_ARRAY_COMPARE(!=, "NE")
#undef TESSERA_ARRAY_COMPARE

namespace jnp {
Array exp(const Array &x, std::source_location loc) {
  return apply("exponential", {x}, std::nullopt, false, loc);
}
Array maximum(const Array &a, const Array &b, std::source_location loc) {
  return apply("maximum", {a, b}, std::nullopt, false, loc);
}
Array maximum(const Array &a, double b, std::source_location loc) {
  return apply("maximum", {a}, b, false, loc);
}
Array where(const Array &mask, const Array &a, const Array &b, std::source_location loc) {
  return select(mask, {a, b}, std::nullopt, loc);
}
Array where(const Array &mask, const Array &a, double b, std::source_location loc) {
  return select(mask, {a}, b, loc);
}
Array astype(const Array &x, DType dtype, std::source_location loc) {
  if (!isFloat(dtype))
    throwUserError(loc, "jnp::astype to " + to_string(dtype) +
                            ": under jit, between f32 and bf16 for now");
  return apply("convert", {x}, std::nullopt, false, loc, dtype);
}
namespace {
Array reduce(const char *opcode, const char *name, const Array &x, int axis, bool keepdims,
             const std::source_location &loc) {
  if (x.shape().size() != 2 || !isFloat(x.dtype()) || (axis != 1 && axis != -1) || !keepdims)
    throwUserError(loc, std::string("jnp::") + name + " of " + to_string(x.aval()) +
                            ": under jit, over the last axis of a rank-2 f32 or bf16 array "
                            "with keepdims for now");
  return record(opcode, {x}, std::nullopt, false, {{x.shape()[0], 1}, x.dtype()}, loc);
}
}  // namespace

Array max(const Array &x, int axis, bool keepdims, std::source_location loc) {
  return reduce("reduce-max", "max", x, axis, keepdims, loc);
}
Array sum(const Array &x, int axis, bool keepdims, std::source_location loc) {
  return reduce("reduce-sum", "sum", x, axis, keepdims, loc);
}

Array dot(const Array &a, const Array &b, std::optional<DType> preferred,
          std::source_location loc) {
  auto operandsOk = [](const Array &x) {
    return x.shape().size() == 2 && isFloat(x.dtype());
  };
  if (!operandsOk(a) || !operandsOk(b) || a.shape()[1] != b.shape()[0] ||
      a.shape()[0] % machine::kSublanes != 0 || a.shape()[1] % machine::kLanes != 0 ||
      b.shape()[1] % machine::kLanes != 0)
    throwUserError(loc, "jnp dot of " + to_string(a.aval()) + " and " + to_string(b.aval()) +
                            ": under jit, a [M,K] @ b [K,N] of f32 or bf16, M a multiple of 8, "
                            "K and N of 128");
  DType out = preferred.value_or(a.dtype() == DType::float32 || b.dtype() == DType::float32
                                     ? DType::float32
                                     : DType::bfloat16);
  return record("dot", {a, b}, std::nullopt, false, {{a.shape()[0], b.shape()[1]}, out}, loc);
}
}  // namespace jnp

}  // namespace tessera
