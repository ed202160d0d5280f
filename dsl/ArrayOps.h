//===- ArrayOps.h - jnp / lax ops on Arrays: programs under jit -----------===//
//
// The ops kernels have on Values also apply to Arrays outside kernels, as
// plain jnp code does in JAX:
//
//   Array y = jit([](const Array &x) { return x * 2.0 + 1.0; })(x);
//   auto softmax = [](const Array &x) {
//     Array e = jnp::exp(x - jnp::max(x, 1, /*keepdims=*/true));
//     return e / jnp::sum(e, 1, true);
//   };
//   Array c = jit([](const Array &a, const Array &b) {
//     return jnp::dot(a, b, {.preferred_element_type = jnp::float32});
//   })(a, b);
//
// Under jit each op records an HLO instruction in the outer program; the
// fusion compiler (README, "Array programs under jit") groups them into
// fusions and makes each fusion a kernel (a pallas_call with blocks it
// chooses), compiled by the same passes as a hand-written kernel. Outside
// jit, on arrays with data, an op runs at once as a one-op program (JAX's
// eager mode). The typing rules, numerics and error messages are those of
// the same op on Values (dsl/Values.h); errors name the user's line.
//
// Arrays of rank 2 (and ranks 3 to 5 where the Value op takes them) of whole
// (8, 128) tiles, as kernels take them; keepdims=false reductions give
// rank-1 arrays that may feed further ops but not leave the program.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <source_location>
#include <type_traits>
#include <vector>

#include "dsl/Kernel.h"
#include "runtime/Array.h"

namespace tessera {

/// An operand of an array op: an Array or a C++ number or bool (weakly
/// typed, as a Python scalar in JAX).
class ArrayOperand {
public:
  ArrayOperand(const Array &a) : isArray_(true), array_(a), number_(0.0) {}
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  ArrayOperand(T x) : number_(x) {}
  bool isArray() const { return isArray_; }
  const Array &array() const { return array_; }
  const ArrayLike &number() const { return number_; }

private:
  bool isArray_ = false;
  Array array_;
  ArrayLike number_;
};

namespace detail {
Array arrayBinary(const char *op, const ArrayOperand &a, const ArrayOperand &b,
                  const std::source_location &loc);
}  // namespace detail

// Elementwise operators on Arrays, with an Array or a number on either side.
#define TESSERA_ARRAY_BINARY(OPSYM)                                                   \
  inline Array operator OPSYM(At<Array> a, const Array &b) {                          \
    return detail::arrayBinary(#OPSYM, a.value, b, a.loc);                             \
  }                                                                                    \
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>              \
  Array operator OPSYM(At<Array> a, T b) {                                             \
    return detail::arrayBinary(#OPSYM, a.value, b, a.loc);                             \
  }                                                                                    \
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>              \
  Array operator OPSYM(T a, At<Array> b) {                                             \
    return detail::arrayBinary(#OPSYM, a, b.value, b.loc);                             \
  }
TESSERA_ARRAY_BINARY(+)
TESSERA_ARRAY_BINARY(-)
TESSERA_ARRAY_BINARY(*)
TESSERA_ARRAY_BINARY(/)
TESSERA_ARRAY_BINARY(%)
TESSERA_ARRAY_BINARY(&)
TESSERA_ARRAY_BINARY(|)
TESSERA_ARRAY_BINARY(^)
TESSERA_ARRAY_BINARY(<)
TESSERA_ARRAY_BINARY(<=)
TESSERA_ARRAY_BINARY(>)
TESSERA_ARRAY_BINARY(>=)
TESSERA_ARRAY_BINARY(==)
TESSERA_ARRAY_BINARY(!=)
#undef TESSERA_ARRAY_BINARY

/// -x.
Array operator-(At<Array> a);

namespace jnp {

#define TESSERA_ARRAY_UNARY_FN(NAME)                                                  \
  Array NAME(const Array &x, std::source_location loc = std::source_location::current());
TESSERA_ARRAY_UNARY_FN(exp)
TESSERA_ARRAY_UNARY_FN(exp2)
TESSERA_ARRAY_UNARY_FN(log)
TESSERA_ARRAY_UNARY_FN(log1p)
TESSERA_ARRAY_UNARY_FN(tanh)
TESSERA_ARRAY_UNARY_FN(sqrt)
TESSERA_ARRAY_UNARY_FN(rsqrt)
TESSERA_ARRAY_UNARY_FN(sin)
TESSERA_ARRAY_UNARY_FN(cos)
TESSERA_ARRAY_UNARY_FN(erf)
TESSERA_ARRAY_UNARY_FN(floor)
TESSERA_ARRAY_UNARY_FN(ceil)
TESSERA_ARRAY_UNARY_FN(round)
TESSERA_ARRAY_UNARY_FN(abs)
TESSERA_ARRAY_UNARY_FN(negative)
#undef TESSERA_ARRAY_UNARY_FN

/// jnp.maximum / minimum / where / pow / clip of Arrays and numbers.
Array maximum(const ArrayOperand &a, const ArrayOperand &b,
              std::source_location loc = std::source_location::current());
Array minimum(const ArrayOperand &a, const ArrayOperand &b,
              std::source_location loc = std::source_location::current());
Array where(const ArrayOperand &mask, const ArrayOperand &a, const ArrayOperand &b,
            std::source_location loc = std::source_location::current());
Array pow(const ArrayOperand &a, const ArrayOperand &b,
          std::source_location loc = std::source_location::current());
Array clip(const ArrayOperand &x, const ArrayOperand &lo, const ArrayOperand &hi,
           std::source_location loc = std::source_location::current());

/// Reductions (axis as for Values; keepdims keeps a dimension of 1).
Array sum(const Array &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
          std::source_location loc = std::source_location::current());
Array max(const Array &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
          std::source_location loc = std::source_location::current());
Array min(const Array &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
          std::source_location loc = std::source_location::current());
Array mean(const Array &x, std::optional<int> axis = std::nullopt, bool keepdims = false,
           std::source_location loc = std::source_location::current());

/// jnp.reshape(x, shape) == x.reshape(shape): of an array in HBM, a
/// bitcast where the tiled layout keeps its bytes ([B, M, N] <-> [B * M, N]
/// over whole tiles, dimensions of 1 added or dropped: no kernel, no
/// copy); of a value inside a fusion, Value's reshape ([M] <-> [M, 1] of a
/// keepdims=false reduction). Others are an error at the user's line.
Array reshape(const Array &x, Shape shape,
              std::source_location loc = std::source_location::current());
/// jnp.broadcast_to(x, shape).
Array broadcast_to(const Array &x, Shape shape,
                   std::source_location loc = std::source_location::current());
/// jnp.astype(x, dtype) == x.astype(dtype) (Value::astype's rules).
Array astype(const Array &x, DType dtype,
             std::source_location loc = std::source_location::current());
/// a @ b (jnp::dot's rules on Values: a [M,K], b [K,N]; bf16 x bf16 with
/// preferred_element_type = f32 is the MXU's native path).
Array dot(const Array &a, const Array &b, DotOptions options = {},
          std::source_location loc = std::source_location::current());
Array matmul(const Array &a, const Array &b, DotOptions options = {},
             std::source_location loc = std::source_location::current());
/// The 2-D transpose (both dimensions multiples of 128).
Array transpose(const Array &x, std::source_location loc = std::source_location::current());

}  // namespace jnp

namespace lax {
Array logistic(const Array &x, std::source_location loc = std::source_location::current());
/// lax.rsqrt: jnp::rsqrt under JAX's other name.
Array rsqrt(const Array &x, std::source_location loc = std::source_location::current());
/// lax.dot_general of rank-2 arrays with one contracting dimension:
/// {{1}, {0}} is a @ b, {{1}, {1}} is a @ b.T (no batch dimensions).
Array dot_general(const Array &a, const Array &b, DimensionPair contracting,
                  DimensionPair batch = {}, jnp::DotOptions options = {},
                  std::source_location loc = std::source_location::current());
}  // namespace lax

}  // namespace tessera
