//===- ArrayOps.cpp - jnp / lax ops on Arrays -----------------------------===//
//
// Each op names its HLO instruction (opcode, attributes, what the fusion
// compiler must know of it) and says how to compute it on Values: the
// Value op of the same name (dsl/Values.h). dsl/HloTrace.cpp records it
// under jit or runs it eagerly.
//
//===----------------------------------------------------------------------===//
#include "dsl/ArrayOps.h"

#include <cstring>

#include "dsl/HloTrace.h"
#include "runtime/Host.h"

namespace tessera {

using detail::hlo::Apply;
using detail::hlo::Instruction;
using detail::hlo::OpKind;

namespace {

Instruction op(std::string opcode, OpKind kind, Apply apply, const std::source_location &loc,
               std::string attributes = "") {
  Instruction inst;
  inst.opcode = std::move(opcode);
  inst.attributes = std::move(attributes);
  inst.kind = kind;
  inst.apply = std::move(apply);
  inst.loc = loc;
  return inst;
}

/// The HLO opcode and attributes of a binary operator.
std::pair<std::string, std::string> binaryOpcode(const char *sym) {
  static const std::pair<const char *, const char *> arithmetic[] = {
      {"+", "add"}, {"-", "subtract"}, {"*", "multiply"}, {"/", "divide"},
      {"%", "remainder"}, {"&", "and"}, {"|", "or"}, {"^", "xor"}};
  for (auto [s, name] : arithmetic)
    if (!std::strcmp(s, sym))
      return {name, ""};
  static const std::pair<const char *, const char *> compare[] = {
      {"<", "LT"}, {"<=", "LE"}, {">", "GT"}, {">=", "GE"}, {"==", "EQ"}, {"!=", "NE"}};
  for (auto [s, dir] : compare)
    if (!std::strcmp(s, sym))
      return {"compare", std::string(", direction=") + dir};
  return {sym, ""};
}

Array unaryOp(const char *opcode, Value (*fn)(const Value &, std::source_location),
              const Array &x, const std::source_location &loc) {
  return detail::hlo::arrayOp(
      op(opcode, OpKind::Elementwise,
         [fn, loc](const std::vector<ArrayLike> &a, const Shape &) { return fn(a[0].value(), loc); }, loc),
      {x});
}

/// A binary jnp function (maximum, minimum, pow) of Arrays and numbers.
Array binaryFn(const char *opcode,
               Value (*fn)(const ArrayLike &, const ArrayLike &, std::source_location),
               const ArrayOperand &a, const ArrayOperand &b, const std::source_location &loc) {
  return detail::hlo::arrayOp(
      op(opcode, OpKind::Elementwise,
         [fn, loc](const std::vector<ArrayLike> &v, const Shape &) { return fn(v[0], v[1], loc); },
         loc),
      {a, b});
}

/// A reduction: along the last axis only (rows stay independent) or not.
Array reduceOp(const char *kind, Value (*fn)(const Value &, std::optional<int>, bool,
                                             std::source_location),
               const Array &x, std::optional<int> axis, bool keepdims,
               const std::source_location &loc) {
  int rank = (int)x.shape().size();
  std::vector<int> axes;
  if (axis)
    axes.push_back(*axis < 0 ? *axis + rank : *axis);
  else
    for (int d = 0; d < rank; ++d)
      axes.push_back(d);
  bool lastAxis = axes.size() == 1 && axes[0] == rank - 1;
  std::string dims;
  for (int d : axes)
    dims += (dims.empty() ? "" : ",") + std::to_string(d);
  Instruction inst = op(
      "reduce", lastAxis ? OpKind::RowReduce : OpKind::Reduce,
      [fn, axis, keepdims, loc](const std::vector<ArrayLike> &a, const Shape &) {
        return fn(a[0].value(), axis, keepdims, loc);
      },
      loc, ", dimensions={" + dims + "}, to_apply=%" + kind + (keepdims ? ", keepdims=true" : ""));
  inst.axes = axes;
  return detail::hlo::arrayOp(std::move(inst), {x});
}

}  // namespace

namespace detail {
Array arrayBinary(const char *sym, const ArrayOperand &a, const ArrayOperand &b,
                  const std::source_location &loc) {
  auto [opcode, attributes] = binaryOpcode(sym);
  return hlo::arrayOp(op(opcode, OpKind::Elementwise,
                         [sym, loc](const std::vector<ArrayLike> &v, const Shape &) {
                           return detail::binaryOp(sym, v[0], v[1], loc);
                         },
                         loc, attributes),
                      {a, b});
}
}  // namespace detail


Array operator-(At<Array> a) {
  std::source_location loc = a.loc;
  return detail::hlo::arrayOp(
      op("negate", OpKind::Elementwise,
         [loc](const std::vector<ArrayLike> &v, const Shape &) { return jnp::negative(v[0].value(), loc); }, loc),
      {a.value});
}

namespace jnp {

#define TESSERA_ARRAY_UNARY_FN(NAME, OPCODE)                                          \
  Array NAME(const Array &x, std::source_location loc) {                             \
    return unaryOp(OPCODE, static_cast<Value (*)(const Value &, std::source_location)>( \
                               &jnp::NAME),                                           \
                   x, loc);                                                            \
  }
TESSERA_ARRAY_UNARY_FN(exp, "exponential")
TESSERA_ARRAY_UNARY_FN(exp2, "exp2")
TESSERA_ARRAY_UNARY_FN(log, "log")
TESSERA_ARRAY_UNARY_FN(log1p, "log-plus-one")
TESSERA_ARRAY_UNARY_FN(tanh, "tanh")
TESSERA_ARRAY_UNARY_FN(sqrt, "sqrt")
TESSERA_ARRAY_UNARY_FN(rsqrt, "rsqrt")
TESSERA_ARRAY_UNARY_FN(sin, "sine")
TESSERA_ARRAY_UNARY_FN(cos, "cosine")
TESSERA_ARRAY_UNARY_FN(erf, "erf")
TESSERA_ARRAY_UNARY_FN(floor, "floor")
TESSERA_ARRAY_UNARY_FN(ceil, "ceil")
TESSERA_ARRAY_UNARY_FN(round, "round-nearest-even")
TESSERA_ARRAY_UNARY_FN(abs, "abs")
TESSERA_ARRAY_UNARY_FN(negative, "negate")
#undef TESSERA_ARRAY_UNARY_FN

Array maximum(const ArrayOperand &a, const ArrayOperand &b, std::source_location loc) {
  return binaryFn("maximum", &jnp::maximum, a, b, loc);
}

Array minimum(const ArrayOperand &a, const ArrayOperand &b, std::source_location loc) {
  return binaryFn("minimum", &jnp::minimum, a, b, loc);
}

Array where(const ArrayOperand &mask, const ArrayOperand &a, const ArrayOperand &b,
            std::source_location loc) {
  return detail::hlo::arrayOp(op("select", OpKind::Elementwise,
                                 [loc](const std::vector<ArrayLike> &v, const Shape &) {
                                   return jnp::where(v[0], v[1], v[2], loc);
                                 },
                                 loc),
                              {mask, a, b});
}

Array pow(const ArrayOperand &a, const ArrayOperand &b, std::source_location loc) {
  return binaryFn("power", &jnp::pow, a, b, loc);
}

Array clip(const ArrayOperand &x, const ArrayOperand &lo, const ArrayOperand &hi,
           std::source_location loc) {
  return minimum(maximum(x, lo, loc), hi, loc);
}

Array sum(const Array &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  return reduceOp("add", &jnp::sum, x, axis, keepdims, loc);
}
Array max(const Array &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  return reduceOp("max", &jnp::max, x, axis, keepdims, loc);
}
Array min(const Array &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  return reduceOp("min", &jnp::min, x, axis, keepdims, loc);
}
Array mean(const Array &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  return reduceOp("mean", &jnp::mean, x, axis, keepdims, loc);
}

Array broadcast_to(const Array &x, Shape shape, std::source_location loc) {
  std::string dims;
  for (size_t d = 0; d < x.shape().size(); ++d)
    dims += (d ? "," : "") + std::to_string(d + shape.size() - x.shape().size());
  return detail::hlo::arrayOp(op("broadcast", OpKind::Elementwise,
                                 [shape, loc](const std::vector<ArrayLike> &v, const Shape &in) {
                                   return jnp::broadcast_to(v[0].value(), in.empty() ? shape : in,
                                                            loc);
                                 },
                                 loc, ", dimensions={" + dims + "}"),
                              {x});
}

Array reshape(const Array &x, Shape shape, std::source_location loc) {
  ShapeDtypeStruct to{shape, x.dtype()};
  // An array a kernel can hold in HBM (not a rank-1 value of a fusion):
  // the same rows read as the new shape (a 1-D array of words too, as the
  // rows of 128 that hold them).
  bool inFusion = x.is_tracer() && (x.shape().size() < 2 || shape.size() < 2) &&
                  !runtime::isBitcast(x.aval(), to);
  if (!inFusion)
    return x.reshape(std::move(shape), loc);
  // In a block of the fusion's rows: the target's one dimension that is
  // not 1 holds the block's elements ([M] -> [M, 1] of 8 rows: [8, 1]).
  return detail::hlo::arrayOp(
      op("reshape", OpKind::Elementwise,
         [shape, loc](const std::vector<ArrayLike> &v, const Shape &) {
           Value x = v[0].value();
           Shape block = shape;
           int wide = 0;
           for (int64_t d : shape)
             wide += d != 1;
           for (int64_t &d : block)
             if (wide == 1 && d != 1)
               d = numElements(x.shape());
           return jnp::reshape(x, block, loc);
         },
         loc),
      {x});
}

Array astype(const Array &x, DType dtype, std::source_location loc) {
  return detail::hlo::arrayOp(op("convert", OpKind::Elementwise,
                                 [dtype, loc](const std::vector<ArrayLike> &v, const Shape &) {
                                   return v[0].value().astype(dtype, loc);
                                 },
                                 loc),
                              {x});
}

namespace {
std::string dotAttributes(int lhs, int rhs, const DotOptions &options) {
  std::string s = ", lhs_contracting_dims={" + std::to_string(lhs) +
                  "}, rhs_contracting_dims={" + std::to_string(rhs) + "}";
  if (options.precision == lax::Precision::HIGHEST)
    s += ", operand_precision={highest,highest}";
  return s;
}
}  // namespace

Array dot(const Array &a, const Array &b, DotOptions options, std::source_location loc) {
  if (a.shape().size() != 2 || b.shape().size() != 2)
    throwUserError(loc, "jnp::dot of arrays of shapes " + to_string(a.shape()) + " and " +
                            to_string(b.shape()) +
                            ": array programs take rank-2 dots (batched dots: a kernel)");
  return detail::hlo::arrayOp(op("dot", OpKind::Dot,
                                 [options, loc](const std::vector<ArrayLike> &v, const Shape &) {
                                   return jnp::dot(v[0].value(), v[1].value(), options, loc);
                                 },
                                 loc, dotAttributes(1, 0, options)),
                              {a, b});
}

Array matmul(const Array &a, const Array &b, DotOptions options, std::source_location loc) {
  return dot(a, b, options, loc);
}

Array transpose(const Array &x, std::source_location loc) {
  return detail::hlo::arrayOp(op("transpose", OpKind::Transpose,
                                 [loc](const std::vector<ArrayLike> &v, const Shape &) {
                                   return jnp::transpose(v[0].value(), loc);
                                 },
                                 loc, ", dimensions={1,0}"),
                              {x});
}

}  // namespace jnp

namespace lax {

Array logistic(const Array &x, std::source_location loc) {
  return unaryOp("logistic", &lax::logistic, x, loc);
}

Array rsqrt(const Array &x, std::source_location loc) { return jnp::rsqrt(x, loc); }

Array dot_general(const Array &a, const Array &b, DimensionPair contracting,
                  DimensionPair batch, jnp::DotOptions options, std::source_location loc) {
  bool plain = contracting.first == std::vector<int64_t>{1} &&
               (contracting.second == std::vector<int64_t>{0} ||
                contracting.second == std::vector<int64_t>{1});
  if (!batch.first.empty() || !batch.second.empty() || !plain || a.shape().size() != 2 ||
      b.shape().size() != 2)
    throwUserError(loc, "lax::dot_general in an array program takes rank-2 arrays with "
                        "contracting dimensions {{1}, {0}} (a @ b) or {{1}, {1}} (a @ b.T) "
                        "and no batch dimensions (others: in a kernel)");
  int rhs = (int)contracting.second[0];
  return detail::hlo::arrayOp(op("dot", OpKind::Dot,
                                 [contracting, options, loc](const std::vector<ArrayLike> &v, const Shape &) {
                                   return lax::dot_general(v[0].value(), v[1].value(),
                                                           contracting, {}, options, loc);
                                 },
                                 loc, jnp::dotAttributes(1, rhs, options)),
                              {a, b});
}

}  // namespace lax

}  // namespace tessera
