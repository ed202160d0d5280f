//===- ArrayOps.cpp - jnp ops on Arrays: traced, or run at once -----------===//
#include "dsl/ArrayOps.h"

#include "dsl/Jit.h"
#include "runtime/Program.h"

namespace tessera {

namespace {

/// One array op: recorded in the jit trace of its tracer operands, or run
/// now as a program of that one op.
Array apply(const std::string &opcode, const std::vector<Array> &operands,
            std::optional<double> scalar, bool scalarFirst, const std::source_location &loc) {
  const Array &first = operands.front();
  std::string what = "jnp " + opcode;
  if (first.shape().size() != 2)
    throwUserError(loc, what + " of " + to_string(first.aval()) +
                            ": array ops outside kernels take rank-2 arrays for now");
  if (!isFloat(first.dtype()))
    throwUserError(loc, what + " of " + to_string(first.aval()) +
                            ": array ops outside kernels take f32 and bf16 arrays for now");
  for (const Array &a : operands)
    if (!(a.aval() == first.aval()))
      throwUserError(loc, what + ": operands " + to_string(first.aval()) + " and " +
                              to_string(a.aval()) +
                              " differ (broadcasting is not supported yet)");
  ShapeDtypeStruct type{first.shape(), first.dtype()};
  bool traced = false;
  for (const Array &a : operands)
    traced = traced || a.is_tracer();
  if (traced) {
    for (const Array &a : operands)
      if (!a.is_tracer() || a.trace() != first.trace())
        throwUserError(loc, what + " mixes arrays of different jit traces (or a concrete "
                                   "array in jitted code: pass it as an argument)");
    return first.trace()->arrayOp(opcode, operands, scalar, scalarFirst, type, loc);
  }
  // Eager: the op as a jitted program of its own, run now.
  ArrayFn one = [=](const std::vector<Array> &args) {
    return apply(opcode, args, scalar, scalarFirst, loc);
  };
  auto out = detail::compileFn(one, operands, loc).run(operands);
  if (!out.ok())
    throwUserError(loc, std::string(out.status().message()));
  return out->front();
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
}  // namespace jnp

}  // namespace tessera
