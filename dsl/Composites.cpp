//===- Composites.cpp - jnp / lax functions made of other ops -------------===//
//
// The functions JAX itself defines as compositions of primitives, and that
// Mosaic lowers op by op: sign, isnan/isinf/isfinite, floor_divide and
// remainder (jax/_src/numpy/ufuncs.py), integer_pow (lax's expansion by
// squaring), triu/tril (an iota compare), all/any (a reduction of the mask
// as int32) and cumsum (a log-depth scan of rolls). Each records its ops
// at the user's line, through the public ops, so the interpreter, the
// compiler and the host references see nothing new; only the checks that
// name the function are here.
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <limits>

#include "dsl/ValueBuilder.h"
#include "dsl/Values.h"

namespace tessera {

namespace {

/// The public ops at one user line.
struct Ops {
  std::source_location loc;
  Value bin(const char *op, const ArrayLike &a, const ArrayLike &b) const {
    return detail::binaryOp(op, a, b, loc);
  }
  Value where(const ArrayLike &m, const ArrayLike &a, const ArrayLike &b) const {
    return jnp::where(m, a, b, loc);
  }
};

[[noreturn]] void notOn(const char *fn, DType d, const char *takes,
                        const std::source_location &loc) {
  throwUserError(loc, std::string(fn) + " is not defined on " + to_string(d) + " values; " + fn +
                          " takes " + takes);
}

/// lax.round(x) with halves away from zero (lax.round's default, which
/// jnp.floor_divide uses): trunc(x), moved one away from zero where the
/// dropped fraction is at least 0.5 (x - trunc(x) is exact).
Value roundAwayFromZero(const Ops &at, const Value &x) {
  Value t = at.where(at.bin("<", x, 0), jnp::ceil(x, at.loc), jnp::floor(x, at.loc));
  Value frac = jnp::abs(at.bin("-", x, t), at.loc);
  return at.where(at.bin(">=", frac, 0.5), at.bin("+", t, jnp::sign(x, at.loc)), t);
}

}  // namespace

namespace jnp {

Value sign(const Value &x, std::source_location loc) {
  if (x.dtype() == DType::bool_)
    notOn("jnp::sign", x.dtype(), "numbers", loc);
  Ops at{loc};
  if (isUnsigned(x.dtype()))  // 1 above 0, else 0
    return at.where(at.bin(">", x, 0), 1, zeros_like(x, loc));
  // -1 below 0, 1 above; the rest (0, -0 and NaN) is x itself.
  return at.where(at.bin(">", x, 0), 1,
                  at.where(at.bin("<", x, 0), -1, isFloat(x.dtype()) ? x : zeros_like(x, loc)));
}

Value isnan(const Value &x, std::source_location loc) {
  if (!isFloat(x.dtype()))
    return jnp::full(x.shape(), false, DType::bool_, loc);
  return detail::binaryOp("!=", x, x, loc);
}

Value isinf(const Value &x, std::source_location loc) {
  if (!isFloat(x.dtype()))
    return jnp::full(x.shape(), false, DType::bool_, loc);
  return detail::binaryOp("==", jnp::abs(x, loc), std::numeric_limits<double>::infinity(), loc);
}

Value isfinite(const Value &x, std::source_location loc) {
  if (!isFloat(x.dtype()))
    return jnp::full(x.shape(), true, DType::bool_, loc);
  // NaN compares false.
  return detail::binaryOp("<", jnp::abs(x, loc), std::numeric_limits<double>::infinity(), loc);
}

namespace {
/// a and b promoted and broadcast to their common dtype and shape (a
/// select on a constant folds away); `fn` names the user's function.
std::pair<Value, Value> common(const ArrayLike &a, const ArrayLike &b, const char *fn,
                               const std::source_location &loc) {
  if (a.kind() != ArrayLike::Kind::Value && b.kind() != ArrayLike::Kind::Value)
    throwUserError(loc, std::string(fn) + " needs at least one array operand (a Value)");
  Value x = jnp::where(true, a, b, loc), y = jnp::where(false, a, b, loc);
  if (x.dtype() == DType::bool_)
    notOn(fn, x.dtype(), "numbers", loc);
  return {x, y};
}
}  // namespace

Value floor_divide(const ArrayLike &a, const ArrayLike &b, std::source_location loc) {
  Ops at{loc};
  auto [x, y] = common(a, b, "jnp::floor_divide", loc);
  if (isUnsigned(x.dtype()))  // no negative quotient to round down
    return at.bin("/", x, y);
  if (!isFloat(x.dtype())) {
    Value q = at.bin("/", x, y);
    Value adjust = at.bin("&", at.bin("!=", jnp::sign(x, loc), jnp::sign(y, loc)),
                          at.bin("!=", at.bin("%", x, y), 0));
    return at.where(adjust, at.bin("-", q, 1), q);
  }
  // CPython's float_divmod, as JAX's _float_divmod.
  Value mod = at.bin("%", x, y);
  Value div = at.bin("/", at.bin("-", x, mod), y);
  Value adjust = at.bin("&", at.bin("!=", mod, 0),
                        at.bin("!=", jnp::sign(y, loc), jnp::sign(mod, loc)));
  return roundAwayFromZero(at, at.where(adjust, at.bin("-", div, 1), div));
}

namespace {
/// The operands of jnp.fmod and jnp.remainder as JAX takes them: promoted
/// and broadcast, an integer divisor of 0 replaced by 1 (so fmod(x, 0) and
/// remainder(x, 0) are 0; a float one gives NaN).
std::pair<Value, Value> remOperands(const ArrayLike &a, const ArrayLike &b, const char *fn,
                                    const std::source_location &loc) {
  auto [x, y] = common(a, b, fn, loc);
  if (!isFloat(x.dtype())) {
    Ops at{loc};
    y = at.where(at.bin("==", y, 0), 1, y);
  }
  return {x, y};
}
}  // namespace

Value remainder(const ArrayLike &a, const ArrayLike &b, std::source_location loc) {
  Ops at{loc};
  auto [x, y] = remOperands(a, b, "jnp::remainder", loc);
  Value r = at.bin("%", x, y);
  Value plus = at.bin("&", at.bin("!=", at.bin("<", r, 0), at.bin("<", y, 0)), at.bin("!=", r, 0));
  return at.where(plus, at.bin("+", r, y), r);
}

Value mod(const ArrayLike &a, const ArrayLike &b, std::source_location loc) {
  return remainder(a, b, loc);
}

Value fmod(const ArrayLike &a, const ArrayLike &b, std::source_location loc) {
  // C's remainder: the dividend's sign.
  auto [x, y] = remOperands(a, b, "jnp::fmod", loc);
  return detail::binaryOp("%", x, y, loc);
}

Value square(const Value &x, std::source_location loc) { return lax::integer_pow(x, 2, loc); }

namespace {
/// triu / tril: keep x where (col - row) compares with k, else 0.
Value triangle(const Value &x, int64_t k, bool upper, const char *fn,
               const std::source_location &loc) {
  int rank = (int)x.shape().size();
  if (rank < 2)
    throwUserError(loc, std::string(fn) + " needs a value of rank 2 to 5 (the last two "
                                          "dimensions are the matrix), not " +
                            to_string(x.shape()));
  Ops at{loc};
  Value row = lax::broadcasted_iota(DType::int32, x.shape(), rank - 2, loc);
  Value col = lax::broadcasted_iota(DType::int32, x.shape(), rank - 1, loc);
  Value diag = at.bin("-", col, row);
  Value keep = upper ? at.bin(">=", diag, k) : at.bin("<=", diag, k);
  return at.where(keep, x, x.dtype() == DType::bool_ ? ArrayLike(false) : ArrayLike(0));
}

/// all / any: min / max of the mask as int32, compared with 0.
Value allOrAny(const Value &x, std::optional<int> axis, bool keepdims, bool all,
               const std::source_location &loc) {
  Value mask = x.dtype() == DType::bool_ ? x : detail::binaryOp("!=", x, 0, loc);
  Value i = mask.astype(DType::int32, loc);
  Value r = all ? jnp::min(i, axis, keepdims, loc) : jnp::max(i, axis, keepdims, loc);
  return detail::binaryOp("!=", r, 0, loc);
}
}  // namespace

Value triu(const Value &x, int64_t k, std::source_location loc) {
  return triangle(x, k, true, "jnp::triu", loc);
}
Value tril(const Value &x, int64_t k, std::source_location loc) {
  return triangle(x, k, false, "jnp::tril", loc);
}

Value all(const Value &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  return allOrAny(x, axis, keepdims, true, loc);
}
Value any(const Value &x, std::optional<int> axis, bool keepdims, std::source_location loc) {
  return allOrAny(x, axis, keepdims, false, loc);
}

Value cumsum(const Value &x, int axis, std::source_location loc) {
  int rank = (int)x.shape().size();
  if (rank < 1 || axis < -rank || axis >= rank)
    throwUserError(loc, "jnp::cumsum: axis " + std::to_string(axis) + " is out of range for " +
                            to_string(x.shape()) + " (rank " + std::to_string(rank) + ")");
  if (axis < 0)
    axis += rank;
  if (rank == 1)  // a 1-D value: along its row [1, n]
    return jnp::reshape(cumsum(jnp::reshape(x, {1, x.shape()[0]}, loc), 1, loc), x.shape(), loc);
  Ops at{loc};
  Value v = x;
  if (x.dtype() == DType::bool_ || (isInteger(x.dtype()) && itemsize(x.dtype()) < 4))
    v = x.astype(wordDtype(x.dtype()), loc);  // as jnp.cumsum promotes them
  int64_t n = x.shape()[axis];
  if (n == 1)
    return v;
  // The roll's own rules apply (it names the axis); the index is along it.
  Value index = lax::broadcasted_iota(DType::int32, x.shape(), axis, loc);
  for (int64_t d = 1; d < n; d *= 2) {
    Value shifted = pltpu::roll(v, d, axis, loc);
    v = at.bin("+", v, at.where(at.bin(">=", index, d), shifted, 0));
  }
  return v;
}

Value take_along_axis(const Value &x, const Value &indices, int axis, std::source_location loc) {
  using namespace detail::values;
  using detail::KernelTrace;
  using detail::What;
  const char *fn = "jnp::take_along_axis";
  if (x.shape().size() != 2 || indices.shape() != x.shape())
    throwUserError(loc, std::string(fn) + ": the values " + to_string(x.shape()) +
                            " and the indices " + to_string(indices.shape()) +
                            " must be rank 2 and of one shape");
  if (!isInteger(indices.dtype()))
    notOn(fn, indices.dtype(), "integer indices", loc);
  if (axis < -2 || axis > 1)
    throwUserError(loc, std::string(fn) + ": axis " + std::to_string(axis) +
                            " is out of range for rank 2; allowed: [-2, 1]");
  if (axis < 0)
    axis += 2;
  int64_t n = x.shape()[axis];
  int64_t tile = axis == 1 ? 128 : 8;
  int64_t tiles = (n + tile - 1) / tile;
  Ops at{loc};
  // 32-bit values gather in registers; bf16, narrow integers and masks go
  // through f32 / int32 (exact both ways).
  DType dt = x.dtype();
  DType wide = dt == DType::bfloat16                     ? DType::float32
               : dt == DType::bool_ || itemsize(dt) < 4 ? DType::int32
                                                         : dt;
  Value v = x.astype(wide, loc);
  // Indices as JAX takes them: negative ones count from the end; those
  // still outside [0, n) give the fill value.
  Value i = indices.astype(DType::int32, loc);
  i = at.where(at.bin("<", i, 0), at.bin("+", i, n), i);
  Value valid = at.bin("&", at.bin(">=", i, 0), at.bin("<", i, n));
  // JAX's fill: NaN for floats, the most negative value for signed ints,
  // the largest for unsigned ones, true for bools.
  ArrayLike fill = isFloat(dt)          ? ArrayLike(std::numeric_limits<double>::quiet_NaN())
                   : dt == DType::bool_ ? ArrayLike(1)
                   : isUnsigned(dt)     ? ArrayLike(integerRange(dt).hi)
                                        : ArrayLike(integerRange(dt).lo);
  if (tiles > 1 && n % tile != 0) {
    // An axis of several tiles ending in a padded one: the values and the
    // (valid) indices padded to whole tiles, gathered, the result's own
    // part taken.
    std::vector<std::pair<int64_t, int64_t>> widths = {{0, 0}, {0, 0}};
    widths[axis].second = tiles * tile - n;
    Value g = take_along_axis(jnp::pad(v, widths, 0, loc),
                              jnp::pad(at.where(valid, i, 0), widths, 0, loc), axis, loc);
    g = lax::slice(g, {0, 0}, {x.shape()[0], x.shape()[1]}, loc);
    return at.where(valid, g, fill).astype(dt, loc);
  }
  Value g = v;
  if (n > 1) {
    KernelTrace &trace = KernelTrace::check(v.traceId(), loc, "a value");
    auto gatherTile = [&](const Value &from) {
      mlir::Value in = trace.use(from, loc);
      mlir::Value r = tesseraOp(trace, "gather", {in, trace.use(i, loc)}, in.getType(),
                                {trace.builder().getNamedAttr(
                                    "axis", trace.builder().getI64IntegerAttr(axis))},
                                loc);
      return make(trace, r, wide, x.shape(), loc, What::resultOf(fn));
    };
    // Result tile c reads source tile (c - k) mod T from the input rolled by
    // k whole tiles (no instruction): T gathers, joined by selects on
    // which tile each index points into.
    Value own = at.bin("/", lax::broadcasted_iota(DType::int32, x.shape(), axis, loc), tile);
    Value distance = at.bin("%", at.bin("+", at.bin("-", own, at.bin("/", i, tile)), tiles), tiles);
    for (int64_t k = 0; k < tiles; ++k) {
      Value gk = gatherTile(k == 0 ? v : pltpu::roll(v, k * tile, axis, loc));
      g = k == 0 ? gk : at.where(at.bin("==", distance, k), gk, g);
    }
  }
  return at.where(valid, g, fill).astype(dt, loc);
}

}  // namespace jnp

namespace lax {

Value sign(const Value &x, std::source_location loc) { return jnp::sign(x, loc); }

Value integer_pow(const Value &x, int n, std::source_location loc) {
  if (x.dtype() == DType::bool_)
    notOn("lax::integer_pow", x.dtype(), "numbers", loc);
  if (n < 0 && !isFloat(x.dtype()))
    throwUserError(loc, "lax::integer_pow of " + to_string(x.dtype()) + " values to the power " +
                            std::to_string(n) +
                            ": a negative exponent needs a float value (integers have no "
                            "reciprocal)");
  if (n == 0)
    return jnp::ones_like(x, loc);
  // XLA's expansion (jax/_src/lax/lax.py, _integer_pow): square the base
  // while multiplying the bits of |n| into the result, low bit first.
  Ops at{loc};
  int64_t m = n < 0 ? -(int64_t)n : n;
  std::optional<Value> acc;
  Value base = x;
  while (m > 0) {
    if (m & 1)
      acc = acc ? at.bin("*", *acc, base) : base;
    m >>= 1;
    if (m > 0)
      base = at.bin("*", base, base);
  }
  return n < 0 ? at.bin("/", 1, *acc) : *acc;
}

}  // namespace lax

}  // namespace tessera
