//===- ArrayOps.h - jnp ops on Arrays: plain array code under jit ---------===//
//
// The seed's XLA baseline writes the computation as plain jnp code under
// jax.jit; in Tessera the same ops apply to Arrays outside kernels:
//
//   Compiled c = compile([](const Array &x) { return x * 2.0 + 1.0; }, x);
//
// Under jit each op is traced into the outer program (an HLO op: multiply,
// add, ...); the fusing compiler (dsl/Fusion.h) groups them into fusions,
// each one kernel generated as a pallas_call and compiled like a
// hand-written one. Outside jit an op runs at once, as a program of that one
// op (JAX's eager dispatch). README, "Array programs under jit".
//
// This first step has the elementwise ops on f32 and bf16 arrays of rank 2
// and dot; reductions, broadcasts, transposes and reshapes come next.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <optional>
#include <source_location>

#include "runtime/Array.h"
#include "runtime/Types.h"

namespace tessera {

/// Elementwise: two arrays of one shape and dtype (or one of them [R,1]
/// against [R,C]: broadcast along the row), or an array and a number.
/// (At<> records the user's line for the op's errors.)
Array operator+(At<Array> a, const Array &b);
Array operator-(At<Array> a, const Array &b);
Array operator*(At<Array> a, const Array &b);
Array operator/(At<Array> a, const Array &b);
Array operator+(At<Array> a, double b);
Array operator-(At<Array> a, double b);
Array operator*(At<Array> a, double b);
Array operator/(At<Array> a, double b);
Array operator+(At<double> a, const Array &b);
Array operator-(At<double> a, const Array &b);
Array operator*(At<double> a, const Array &b);
Array operator/(At<double> a, const Array &b);
Array operator-(At<Array> a);
/// Comparisons: pred (bool_) arrays, for jnp::where.
#define TESSERA_ARRAY_COMPARE(OPSYM)                                                  \
  Array operator OPSYM(At<Array> a, const Array &b);                                  \
  Array operator OPSYM(At<Array> a, double b);
TESSERA_ARRAY_COMPARE(<)
TESSERA_ARRAY_COMPARE(<=)
TESSERA_ARRAY_COMPARE(>)
TESSERA_ARRAY_COMPARE(>=)
TESSERA_ARRAY_COMPARE(==)
TESSERA_ARRAY_COMPARE(!=)
#undef TESSERA_ARRAY_COMPARE

namespace jnp {
Array exp(const Array &x, std::source_location loc = std::source_location::current());
Array maximum(const Array &a, const Array &b,
              std::source_location loc = std::source_location::current());
Array maximum(const Array &a, double b,
              std::source_location loc = std::source_location::current());
/// jnp.where(mask, a, b): a pred mask picks a's or b's element.
Array where(const Array &mask, const Array &a, const Array &b,
            std::source_location loc = std::source_location::current());
Array where(const Array &mask, const Array &a, double b,
            std::source_location loc = std::source_location::current());
/// x.astype(dtype) between f32 and bf16 (bf16: rounded to nearest even).
Array astype(const Array &x, DType dtype,
             std::source_location loc = std::source_location::current());
/// jnp.max(x, axis=-1, keepdims=True) / jnp.sum(...): over the last axis
/// of a rank-2 array, [R,C] -> [R,1] (other axes come later).
Array max(const Array &x, int axis, bool keepdims,
          std::source_location loc = std::source_location::current());
Array sum(const Array &x, int axis, bool keepdims,
          std::source_location loc = std::source_location::current());
/// jnp.dot(a, b, preferred_element_type=): a [M,K] @ b [K,N] on the MXUs
/// (bf16 or f32 operands; M a multiple of 8, K and N of 128).
Array dot(const Array &a, const Array &b, std::optional<DType> preferred_element_type = {},
          std::source_location loc = std::source_location::current());
}  // namespace jnp

}  // namespace tessera
