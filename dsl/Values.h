//===- Values.h - Operations on traced values: jnp, lax, pl, pltpu --------===//
//
// The vector and matrix language of a kernel body, named after Pallas/JAX:
//
//   Value x = x_ref[___];                                  // f32[256, 1024]
//   Value m = jnp::max(x, 1, /*keepdims=*/true);           // f32[256, 1]
//   Value p = jnp::exp(x - m);                             // [256,1] broadcasts
//   o_ref[___] = p / jnp::sum(p, 1, true);
//   acc_ref[___] += jnp::dot(a, b, {.preferred_element_type = jnp::float32});
//
// Every operation checks its operands the way a JAX user expects (shapes
// broadcast by numpy's rules for [1,N] / [M,1] against [M,N]; dtypes promote
// on JAX's lattice bool < int8 < int32 < bf16 < f32, each promotion an
// explicit convert in the kernel IR; a C++ number is weakly typed: a double
// keeps a float array's dtype and makes an int array f32, an integer keeps
// the array's dtype) and throws a user error naming the line and the rule
// otherwise; then it records arith / math / tessera ops at the user's line.
// Numerics are those of sim/VectorMath.h (bf16 rounds after every op; int /
// and % truncate like C, x / 0 == -1 and x % 0 == x).
//
// A value of rank 3, [B, M, N], is B matrices (KernelTrace::addStack):
// elementwise ops broadcast the leading dimension by numpy's rules and run
// per matrix, reductions run per matrix (axes 1, 2; keepdims) or across the
// matrices (axis 0), and jnp::matmul / pl::dot / lax::dot_general with
// batch dimensions {{0}, {0}} are one MXU product per matrix.
//
// Included by dsl/Kernel.h; no MLIR here.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <source_location>
#include <type_traits>
#include <utility>
#include <vector>

#include "dsl/Kernel.h"

namespace tessera {

/// An operand of a value operation: a Value, a traced Scalar (strongly
/// typed: int32 or bool_), or a C++ number or bool (weakly typed, as a
/// Python scalar in JAX).
class ArrayLike {
public:
  enum class Kind { Value, Scalar, Float, Int, Bool };
  ArrayLike(const Value &v) : kind_(Kind::Value), value_(v) {}
  ArrayLike(const Scalar &s) : kind_(Kind::Scalar), scalar_(s) {}
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  ArrayLike(T x) {
    if constexpr (std::is_floating_point_v<T>) {
      kind_ = Kind::Float;
      number_ = (double)x;
    } else if constexpr (std::is_same_v<T, bool>) {
      kind_ = Kind::Bool;
      integer_ = x;
    } else {
      kind_ = Kind::Int;
      integer_ = (int64_t)x;
    }
  }
  Kind kind() const { return kind_; }
  const Value &value() const { return value_; }
  const Scalar &scalar() const { return scalar_; }
  double number() const { return number_; }
  int64_t integer() const { return integer_; }

private:
  Kind kind_ = Kind::Float;
  Value value_;
  Scalar scalar_;
  double number_ = 0;
  int64_t integer_ = 0;
};

namespace detail {
/// The operators' shared core (Values.cpp). `op` is the operator's symbol.
Value binaryOp(const char *op, const ArrayLike &a, const ArrayLike &b,
               const std::source_location &loc);
Value unaryOp(const char *op, const Value &a, const std::source_location &loc);
template <class T>
inline constexpr bool kIsNumber = std::is_arithmetic_v<T>;
}  // namespace detail

// Elementwise operators, each with a Value, a Scalar or a number on either
// side (at least one side a Value). `/` and `%` on integers have C
// semantics (see the file comment); `>>` is arithmetic; `& | ^ ~` take
// integers and bool_; comparisons give bool_ masks (f32 NaN: unordered, so
// only != is true).
#define TESSERA_VALUE_BINARY(OPSYM)                                                   \
  Value operator OPSYM(At<Value> a, const Value &b);                                 \
  Value operator OPSYM(At<Value> a, const Scalar &b);                                \
  Value operator OPSYM(At<Scalar> a, const Value &b);                                \
  template <class T, std::enable_if_t<detail::kIsNumber<T>, int> = 0>                 \
  Value operator OPSYM(At<Value> a, T b) {                                             \
    return detail::binaryOp(#OPSYM, a.value, ArrayLike(b), a.loc);                     \
  }                                                                                    \
  template <class T, std::enable_if_t<detail::kIsNumber<T>, int> = 0>                 \
  Value operator OPSYM(T a, At<Value> b) {                                             \
    return detail::binaryOp(#OPSYM, ArrayLike(a), b.value, b.loc);                     \
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

/// -x (floats: the sign flips, -0 included; ints: 0 - x, wrapping).
Value operator-(At<Value> a);
/// ~x: bitwise not of integers, logical not of bool_ masks.
Value operator~(At<Value> a);

namespace lax {
/// Matmul precision: DEFAULT rounds f32 operands to bf16 (one MXU pass);
/// HIGHEST is f32 (six bf16 passes). HIGH is not supported (as in Mosaic).
enum class Precision { DEFAULT, HIGH, HIGHEST };
}  // namespace lax

namespace jnp {

// Elementwise math (f32 and bf16; integer and bool operands are promoted to
// f32 first, as in JAX). exp..erf run on the transcendental unit (EUP).
#define TESSERA_UNARY_FN(NAME)                                                        \
  Value NAME(const Value &x, std::source_location loc = std::source_location::current());
TESSERA_UNARY_FN(exp)
TESSERA_UNARY_FN(exp2)
TESSERA_UNARY_FN(log)
TESSERA_UNARY_FN(log1p)
TESSERA_UNARY_FN(tanh)
TESSERA_UNARY_FN(sqrt)
TESSERA_UNARY_FN(rsqrt)
TESSERA_UNARY_FN(sin)
TESSERA_UNARY_FN(cos)
TESSERA_UNARY_FN(erf)
TESSERA_UNARY_FN(tan)
/// floor / ceil / round (half to even) of floats; integers are returned as
/// they are.
TESSERA_UNARY_FN(floor)
TESSERA_UNARY_FN(ceil)
TESSERA_UNARY_FN(round)
/// |x| of floats and integers (abs(INT_MIN) == INT_MIN, wrapping).
TESSERA_UNARY_FN(abs)
/// jnp.negative(x) == -x.
TESSERA_UNARY_FN(negative)
/// jnp.sign: -1, 0 or 1 in x's dtype; floats keep -0, +0 and NaN.
TESSERA_UNARY_FN(sign)
/// jnp.isnan / isinf / isfinite: bool_ masks (integers: never NaN or
/// infinite).
TESSERA_UNARY_FN(isnan)
TESSERA_UNARY_FN(isinf)
TESSERA_UNARY_FN(isfinite)
/// zeros_like / ones_like: constants of x's shape and dtype.
TESSERA_UNARY_FN(zeros_like)
TESSERA_UNARY_FN(ones_like)
#undef TESSERA_UNARY_FN

/// What jnp::zeros / ones / full return. As JAX's jnp.zeros is one function
/// inside and outside kernels, this is both: called in a kernel body it is
/// a Value (a constant made at that line, usable wherever a Value is:
/// `Value acc = jnp::zeros({8, 128});`, a fori_loop's initial carry);
/// called on the host it is an Array in HBM (`Array x = jnp::zeros({16,
/// 128});`, checked and allocated at the call). A constant made in a kernel
/// used as an Array, or a host one used in a kernel, is an error at its line.
class Filled : public Value {
public:
  /// The host array; a user error for a constant made in a kernel body.
  operator Array() const;

  // Internals (dsl/Values.cpp).
  Filled(Value kernelValue, std::source_location loc) : Value(std::move(kernelValue)), loc_(loc) {}
  Filled(Array hostArray, std::source_location loc);

private:
  Array array_;
  std::source_location loc_;
};
/// jnp.zeros(shape, dtype) / jnp.ones: in a kernel a constant Value of rank
/// 0 to 3 (rank 1 is a row, as it broadcasts); on the host an Array.
Filled zeros(Shape shape, DType dtype = DType::float32,
             std::source_location loc = std::source_location::current());
Filled ones(Shape shape, DType dtype = DType::float32,
            std::source_location loc = std::source_location::current());
/// jnp.full(shape, fill_value, dtype): the dtype defaults to the fill's (a
/// double: f32, an integer: int32, a bool: bool_, a Scalar or Value: its
/// own). A number converts as astype does (a float into an integer dtype
/// truncates toward zero; into bf16 it rounds to nearest even); an integer
/// outside the dtype's range is an error, as JAX's OverflowError. In a
/// kernel the fill may also be a Scalar (e.g. read from SMEM: one vbcast)
/// or a Value that broadcasts to `shape` (jnp::broadcast_to).
Filled full(Shape shape, const ArrayLike &fill_value, std::optional<DType> dtype = std::nullopt,
            std::source_location loc = std::source_location::current());

/// a ** b of floats (EUP; integers are promoted to f32).
Value pow(const ArrayLike &a, const ArrayLike &b,
          std::source_location loc = std::source_location::current());
/// Elementwise max / min: NaN if either is NaN; -0 < +0.
Value maximum(const ArrayLike &a, const ArrayLike &b,
              std::source_location loc = std::source_location::current());
Value minimum(const ArrayLike &a, const ArrayLike &b,
              std::source_location loc = std::source_location::current());
/// jnp.clip(x, lo, hi) = minimum(maximum(x, lo), hi).
Value clip(const ArrayLike &x, const ArrayLike &lo, const ArrayLike &hi,
           std::source_location loc = std::source_location::current());
/// jnp.floor_divide(a, b) (Python's a // b) and jnp.remainder(a, b)
/// (Python's a % b: the divisor's sign), composed from lax.div and lax.rem
/// as JAX composes them: integers exact (x // 0 as XLA's x / 0 adjusted,
/// remainder(x, 0) = 0), floats through C's fmod (floor_divide rounds the
/// quotient (a - fmod(a, b)) / b, adjusted, away from zero).
Value floor_divide(const ArrayLike &a, const ArrayLike &b,
                   std::source_location loc = std::source_location::current());
Value remainder(const ArrayLike &a, const ArrayLike &b,
                std::source_location loc = std::source_location::current());
/// jnp.mod == jnp.remainder; jnp.fmod: C's remainder (the dividend's
/// sign), an integer divisor of 0 taken as 1 (fmod(x, 0) = 0), as JAX.
Value mod(const ArrayLike &a, const ArrayLike &b,
          std::source_location loc = std::source_location::current());
Value fmod(const ArrayLike &a, const ArrayLike &b,
           std::source_location loc = std::source_location::current());
/// jnp.square(x) == lax::integer_pow(x, 2): x * x.
Value square(const Value &x, std::source_location loc = std::source_location::current());
/// jnp.triu(x, k) / jnp.tril(x, k): x with the elements below (above) the
/// k-th diagonal zeroed, of a rank-2 value or of each matrix of a rank-3
/// one (an iota compare and a select per tile).
Value triu(const Value &x, int64_t k = 0,
           std::source_location loc = std::source_location::current());
Value tril(const Value &x, int64_t k = 0,
           std::source_location loc = std::source_location::current());
/// jnp.cumsum(x, axis): running sums along `axis` (negative counts from
/// the end), as a log-depth scan: for d = 1, 2, 4, ... x += x rolled by d
/// (pltpu::roll) where the index is >= d. The sums' rounding follows that
/// order (float results agree with a sequential sum to JAX's tolerances);
/// int8 and bool sum in int32, as jnp.cumsum promotes them.
Value cumsum(const Value &x, int axis,
             std::source_location loc = std::source_location::current());
/// jnp.take_along_axis(x, indices, axis) of rank-2 values of one shape:
/// element (r, c) is x at index indices[r][c] along `axis` (negative ones
/// from the end; outside: NaN for floats, the most negative int, true).
/// In registers: one gather per tile within the tile (`vgather.lane`,
/// `vgather.sub` on the XLU), for each of the axis's T tiles of the input
/// (rolled into place by whole tiles, free), joined by selects: T gathers
/// per result tile. An axis of more than one tile must be whole tiles.
Value take_along_axis(const Value &x, const Value &indices, int axis,
                      std::source_location loc = std::source_location::current());
/// jnp.where(mask, a, b): a where the bool_ mask is true, else b.
Value where(const ArrayLike &mask, const ArrayLike &a, const ArrayLike &b,
            std::source_location loc = std::source_location::current());

/// Reductions over axis 0 (sublanes, vector unit) or 1 (lanes, cross-lane
/// unit); negative axes count from the end; no axis: both. keepdims keeps a
/// dimension of 1 (the way to broadcast the result back). f32 sums use the
/// butterfly order of vmath::reduceLanes / reduceSublanes; bf16 reduces in
/// f32 and rounds once; int8 and bool sums give int32 (as jnp.sum).
Value sum(const Value &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
          std::source_location loc = std::source_location::current());
Value max(const Value &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
          std::source_location loc = std::source_location::current());
Value min(const Value &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
          std::source_location loc = std::source_location::current());
/// sum / n, in f32 (bf16 input: the result rounded to bf16 once; integer
/// input: an f32 result).
Value mean(const Value &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
           std::source_location loc = std::source_location::current());
/// jnp.all / jnp.any: whether every (some) element along `axis` is
/// nonzero (true), as a bool_ mask; no axis: over both.
Value all(const Value &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
          std::source_location loc = std::source_location::current());
Value any(const Value &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
          std::source_location loc = std::source_location::current());
/// The int32 index of the first maximum (minimum) along `axis`; a NaN is
/// the maximum and the minimum (the first NaN wins), as in JAX.
Value argmax(const Value &x, int axis, bool keepdims = false,
             std::source_location loc = std::source_location::current());
Value argmin(const Value &x, int axis, bool keepdims = false,
             std::source_location loc = std::source_location::current());

/// jnp.broadcast_to(x, shape): [1,N], [M,1] and [1,1] values to [M,N].
Value broadcast_to(const Value &x, Shape shape,
                   std::source_location loc = std::source_location::current());

/// Options of jnp.dot: the result dtype (default: the operands' promoted
/// dtype, as JAX) and the precision of f32 operands.
struct DotOptions {
  std::optional<DType> preferred_element_type = std::nullopt;
  lax::Precision precision = lax::Precision::DEFAULT;
};
/// a @ b on the MXU: a [M,K], b [K,N], M a multiple of 8, K and N of 128.
/// bf16 x bf16 (and bf16/f32 mixes) accumulate exactly per pass in f32;
/// int8 x int8 accumulates in int32.
Value dot(const Value &a, const Value &b, DotOptions options = {},
          std::source_location loc = std::source_location::current());
Value matmul(const Value &a, const Value &b, DotOptions options = {},
             std::source_location loc = std::source_location::current());
/// jnp.transpose(x) / x.T(): the 2-D transpose (Pallas: permutation
/// (1, 0)) on the XLU, by 128x128 blocks: both dimensions must be multiples
/// of 128 (else a user error naming the rule); bool masks: an error.
Value transpose(const Value &x, std::source_location loc = std::source_location::current());
/// jnp.transpose(x, axes): axes (1, 0) (or (-1, -2)) is x.T(), (0, 1) is x;
/// of a value of rank 3 to 5, any permutation of the leading axes, each
/// matrix kept ((0, 1, 2), (1, 0, 2, 3): the matrices renumbered, no
/// instruction) or transposed ((0, 2, 1), (1, 0, 3, 2)); a permutation that
/// moves a matrix dimension into the leading ones is a user error.
Value transpose(const Value &x, std::vector<int> axes,
                std::source_location loc = std::source_location::current());
/// jnp.swapaxes(x, a, b): transpose with axes a and b exchanged (the same
/// rules).
Value swapaxes(const Value &x, int a, int b,
               std::source_location loc = std::source_location::current());
/// jnp.reshape(x, shape): where the tiled layout allows it without moving
/// an element (as Mosaic's shape casts on the last two dims): dropping or
/// re-adding a dimension of size 1, e.g. a keepdims=false reduction result
/// [M] (a column in registers) back to [M, 1]; renumbering the matrices of
/// a value of rank 3 to 5 ([2, 3, M, N] -> [6, M, N] or [3, 2, M, N]); and
/// merging its leading dimensions into the rows ([B, M, N] -> [B*M, N]) or
/// splitting them out ([B*M, N] -> [B, M, N]) when M is a multiple of the
/// tile's rows (8, 16 bf16, 32 int8) or 1. Anything else would move
/// elements between sublanes and vregs: a user error naming the rule.
Value reshape(const Value &x, Shape shape,
              std::source_location loc = std::source_location::current());
/// jnp.concatenate(xs, axis): the values side by side along `axis` (the
/// dtypes promoted as jnp does; the other dimensions equal). Along a
/// leading axis of values of rank 3 to 5 the matrices are renumbered (no
/// instruction); along the rows or columns operands of whole tiles along
/// that axis (8 rows (16 bf16, 32 int8) or 128 lanes) are reused (no
/// instruction), others shifted into place (gathers along the axis and
/// selects per tile; packed values and masks through 32 bits).
Value concatenate(const std::vector<Value> &xs, int axis = 0,
                  std::source_location loc = std::source_location::current());
/// jnp.stack(xs, axis): the values (of one shape) along a new dimension
/// at `axis`: expand_dims and concatenate (the same rules; along a new
/// leading dimension the matrices are renumbered, no instruction).
Value stack(const std::vector<Value> &xs, int axis = 0,
            std::source_location loc = std::source_location::current());
/// jnp.pad(x, pad_width, constant_values): x with `pad_width[i] = {before,
/// after}` elements of `value` added along each axis (fewer pairs than
/// axes: the last axes). A concatenate with constants, the same rules: any
/// amount along any axis (whole tiles along the rows and columns are
/// free).
Value pad(const Value &x, std::vector<std::pair<int64_t, int64_t>> pad_width, double value = 0,
          std::source_location loc = std::source_location::current());
/// jnp.tile(x, reps): x repeated reps[i] times along each axis (reps
/// aligned with x's last axes, as numpy; a longer reps adds leading
/// dimensions): pltpu::repeat along each axis, the same rules.
Value tile(const Value &x, std::vector<int64_t> reps,
           std::source_location loc = std::source_location::current());
/// jnp.expand_dims(x, axis): x with a dimension of 1 inserted at `axis`
/// (negative counts from the end of the result), a reshape.
Value expand_dims(const Value &x, int axis,
                  std::source_location loc = std::source_location::current());
/// jnp.squeeze(x, axis): x without its dimension `axis`, which must be 1
/// (std::nullopt: every dimension of 1), a reshape.
Value squeeze(const Value &x, std::optional<int> axis = std::nullopt,
              std::source_location loc = std::source_location::current());

}  // namespace jnp

namespace lax {
/// lax.logistic(x) = 1 / (1 + exp(-x)) (one EUP op).
Value logistic(const Value &x, std::source_location loc = std::source_location::current());
Value rsqrt(const Value &x, std::source_location loc = std::source_location::current());
/// lax.erf_inv(x): the inverse error function (one EUP op; NaN outside
/// [-1, 1], +-inf at +-1).
Value erf_inv(const Value &x, std::source_location loc = std::source_location::current());
/// lax.population_count(x) / lax.clz(x) of integers: the one bits and the
/// leading zero bits of each element (int8: of its 8 bits).
Value population_count(const Value &x,
                       std::source_location loc = std::source_location::current());
Value clz(const Value &x, std::source_location loc = std::source_location::current());
/// lax.rem(a, b) == a % b: C's remainder of integers, fmod of floats (the
/// dividend's sign).
Value rem(const ArrayLike &a, const ArrayLike &b,
          std::source_location loc = std::source_location::current());
/// lax.integer_pow(x, n): x ** n by repeated squaring in XLA's order (the
/// multiplies JAX's lowering makes); n < 0 is 1 / x ** -n (floats only).
Value integer_pow(const Value &x, int n,
                  std::source_location loc = std::source_location::current());
/// lax.sign(x) == jnp::sign(x).
Value sign(const Value &x, std::source_location loc = std::source_location::current());
/// lax.clamp(lo, x, hi).
Value clamp(const ArrayLike &lo, const ArrayLike &x, const ArrayLike &hi,
            std::source_location loc = std::source_location::current());
/// lax.shift_right_logical(x, n) of integers (>> is arithmetic).
Value shift_right_logical(const ArrayLike &x, const ArrayLike &n,
                          std::source_location loc = std::source_location::current());
/// lax.broadcasted_iota(dtype, shape, dim): each element its index along dim.
Value broadcasted_iota(DType dtype, Shape shape, int dimension,
                       std::source_location loc = std::source_location::current());
/// lax.slice(x, start_indices, limit_indices) of a rank-2 value (Pallas'
/// x[a:b, c:d]): a window that starts at whole tiles (8 rows, 16 bf16, 32
/// int8; 128 lanes) reuses them (no instruction; its last tiles padded),
/// and so does one row at any place (`vbcast.sub`). Another start first
/// rotates the value along that axis (pltpu::roll: the axis must be whole
/// tiles); a window of one column of a wider value is not supported yet.
Value slice(const Value &x, Shape start_indices, Shape limit_indices,
            std::source_location loc = std::source_location::current());
/// lax.dynamic_slice(x, start_indices, slice_sizes) of a rank-2 value: as
/// JAX, each start is clamped to [0, dim - size]. A run-time start rotates
/// the value by it (pltpu::roll by a run-time shift: one vgather per tile
/// along the axis, which must be one tile or whole tiles), then takes the
/// window at 0; a number start is lax.slice's.
Value dynamic_slice(const Value &x, std::vector<Index> start_indices, Shape slice_sizes,
                    std::source_location loc = std::source_location::current());
/// lax.dynamic_update_slice(x, update, start_indices) of rank-2 values:
/// x with `update` written at the (clamped) starts. The update is padded
/// to x's shape (jnp::pad), rotated into place and
/// merged with an iota mask (a vsel per tile).
Value dynamic_update_slice(const Value &x, const Value &update, std::vector<Index> start_indices,
                           std::source_location loc = std::source_location::current());
/// ((lhs contracting dims), (rhs contracting dims)) and the batch dims.
using DimensionPair = std::pair<std::vector<int64_t>, std::vector<int64_t>>;
/// lax.dot_general with one contracting dimension: (1, 0) is a @ b, (1, 1)
/// is a @ b.T, (0, 0) a.T @ b and (0, 1) a.T @ b.T (the lhs transposed on
/// the XLU). With one batch dimension, {{0}, {0}}, the operands are rank 3
/// ([B, M, K] and [B, K, N]; contracting dimensions counted with the batch,
/// e.g. {{2}, {1}}, or {{2}, {2}} for a @ b.T) and the result is [B, M, N]:
/// one MXU product per matrix.
Value dot_general(const Value &a, const Value &b, DimensionPair contracting,
                  DimensionPair batch = {}, jnp::DotOptions options = {},
                  std::source_location loc = std::source_location::current());
}  // namespace lax

namespace jax::nn {
/// jax.nn.sigmoid == lax.logistic.
Value sigmoid(const Value &x, std::source_location loc = std::source_location::current());
}  // namespace jax::nn

namespace pl {
/// pl.reciprocal(x, approx): 1 / x (approx = true gives the exact value too).
Value reciprocal(const Value &x, bool approx = false,
                 std::source_location loc = std::source_location::current());
/// pl.dot(a, b, trans_a, trans_b): a @ b (or a @ b.T) with an f32 result
/// for floats and int32 for int8, as Pallas; trans_a transposes a on the
/// XLU first (jnp::transpose's rule: its dimensions multiples of 128).
Value dot(const Value &a, const Value &b, bool trans_a = false, bool trans_b = false,
          std::optional<lax::Precision> precision = std::nullopt,
          std::source_location loc = std::source_location::current());
}  // namespace pl

namespace pltpu {
/// pltpu.roll(x, shift, axis) = np.roll with shift >= 0: element i along
/// `axis` of the result is element (i - shift) mod n of x. Whole tiles
/// move for free; along the lanes the rest is one vrot.lane per tile and a
/// select joining neighbours; along the sublanes (rest not a multiple of
/// 8) eight vbcast.sub and seven selects per 8-row unit (no sublane rotate
/// in the ISA). x is rank 2, or rank 3: along axis 0 the matrices rotate
/// (no instruction), along axes 1 and 2 each matrix rolls.
Value roll(const Value &x, int64_t shift, int axis,
           std::source_location loc = std::source_location::current());
/// A shift computed at run time (an int32 Scalar, any sign: mod n), of a
/// rank-2 value: a jnp::take_along_axis on indices (i - shift) mod n (a
/// gather per tile and axis tile; an axis longer than one tile must be
/// whole tiles).
Value roll(const Value &x, const Scalar &shift, int axis,
           std::source_location loc = std::source_location::current());
/// The strided form: slice k along stride_axis rolls by shift + k * stride
/// (both >= 0, as in Pallas), the same gathers.
Value roll(const Value &x, int64_t shift, int axis, int64_t stride, int stride_axis,
           std::source_location loc = std::source_location::current());
/// pltpu.repeat(x, repeats, axis) = jnp.tile along one axis (copies side
/// by side, not jnp.repeat): reuses x's tiles (no instruction); a
/// dimension of size 1 is a broadcast. x is rank 2, or rank 3 (axis 0
/// copies the matrices, axes 1 and 2 repeat within each).
Value repeat(const Value &x, int64_t repeats, int axis,
             std::source_location loc = std::source_location::current());
/// pltpu.bitcast(x, dtype): the bits of x as `dtype` (rank 3: each
/// matrix). Same width
/// (f32 <-> int32) keeps the shape; otherwise shape[-2] scales by the
/// bit-width ratio (f32[8k,128m] <-> bf16[16k,128m] <-> int8[32k,128m]),
/// packing consecutive rows into one 32-bit word, the first in the low
/// bits (as Pallas). Free: the vregs keep their bits. Whole tiles only.
Value bitcast(const Value &x, DType dtype,
              std::source_location loc = std::source_location::current());
/// pltpu.store(ref, v, mask=m): x_ref[...] = v where the bool mask m holds;
/// the other elements keep what the Ref holds (`vst.msk` per tile). v and m
/// have the Ref's shape; 32-bit dtypes (f32, int32) of whole-tile forms.
/// Without a mask, `ref[___] = v`.
void store(const Ref &ref, const Value &v, std::optional<Value> mask = std::nullopt,
           std::source_location loc = std::source_location::current());
/// pltpu.load(ref): ref[...] (as Pallas' pltpu.load without a mask).
Value load(const Ref &ref, std::source_location loc = std::source_location::current());
/// pltpu.load(ref, mask=m): ref[...] where the bool mask m (of the Ref's
/// shape) holds. Pallas leaves the other elements unspecified; here they
/// are `other` (0 by default, converted as jnp::full converts), in both
/// modes: the tiles are loaded whole and one `vsel` per tile merges them.
Value load(const Ref &ref, const Value &mask, const ArrayLike &other = 0,
           std::source_location loc = std::source_location::current());

}  // namespace pltpu

}  // namespace tessera
