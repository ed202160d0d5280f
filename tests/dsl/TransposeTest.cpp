//===- TransposeTest.cpp - x.T() and the transposed-lhs matmuls ----------===//
//
// jnp::transpose / x.T() of every dtype a value holds as numbers (f32,
// int32, bf16, int8), on one and several 128x128 blocks, bit for bit against
// the host's transpose (the XLU moves words, it never rounds); transposes
// composed with elementwise ops and with each other; pl::dot with trans_a
// and lax::dot_general contracting the lhs over dimension 0, against an
// exact host product (quarter-integers whose products and sums are exact in
// f32, so every summation order agrees); and the user errors, each naming
// the line and the rule.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "DslTestUtil.h"
#include "dsl/tessera.h"
#include "sim/VectorMath.h"

namespace tessera {
namespace {

using testutil::errorOf;
using testutil::here;
using testutil::pattern;

/// Words with every bit pattern class: the transpose must move them as is
/// (NaN payloads and -0 included).
std::vector<float> bitsData(int64_t n, uint32_t salt) {
  std::vector<float> v(n);
  uint32_t s = 0x9e3779b9u * (salt + 1);
  for (int64_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    v[i] = std::bit_cast<float>(s);
  }
  return v;
}

template <class T>
std::vector<T> hostTranspose(const std::vector<T> &x, int64_t rows, int64_t cols) {
  std::vector<T> t(x.size());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      t[c * rows + r] = x[r * cols + c];
  return t;
}

template <class T>
void expectSameBits(const std::vector<T> &got, const std::vector<T> &want, const std::string &what,
                    int64_t cols) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
      ADD_FAILURE() << what << ": element (" << i / cols << ", " << i % cols << ") is "
                    << got[i] << ", want " << want[i];
      return;
    }
}

/// The bits of each float (NaN payloads and -0 compared as they are).
std::vector<uint32_t> bitsOf(const std::vector<float> &v) {
  std::vector<uint32_t> out;
  for (float f : v)
    out.push_back(std::bit_cast<uint32_t>(f));
  return out;
}

/// a.T @ b of a and b [k, 128] on the host: [128, 128].
std::vector<float> transposedLhsProduct(const std::vector<float> &a, const std::vector<float> &b,
                                        int64_t k) {
  std::vector<float> want(128 * 128);
  for (int64_t i = 0; i < 128; ++i)
    for (int64_t j = 0; j < 128; ++j) {
      float acc = 0;
      for (int64_t r = 0; r < k; ++r)
        acc += a[r * 128 + i] * b[r * 128 + j];
      want[i * 128 + j] = acc;
    }
  return want;
}

Array transposeKernel(const Array &x, bool viaMethod) {
  Shape s = x.shape();
  return pl::pallas_call(
      [viaMethod](Ref x_ref, Ref o_ref) {
        o_ref[___] = viaMethod ? x_ref[___].T() : jnp::transpose(x_ref[___]);
      },
      {.out_shape = ShapeDtypeStruct{{s[1], s[0]}, x.dtype()}})(x);
}

TEST(Transpose, F32AndInt32MoveEveryWord) {
  for (auto [rows, cols] : std::vector<std::pair<int64_t, int64_t>>{{128, 128}, {128, 384},
                                                                      {256, 128}, {256, 256}}) {
    SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols));
    std::vector<float> a = bitsData(rows * cols, (uint32_t)(rows + cols));
    Array out = transposeKernel(Array::from_f32(a, {rows, cols}), rows == cols);
    EXPECT_EQ(out.shape(), (Shape{cols, rows}));
    expectSameBits(bitsOf(out.to_f32()), bitsOf(hostTranspose(a, rows, cols)), "f32 transpose",
                   rows);
  }
  // jnp.transpose(x, axes): (1, 0) and (-1, -2) transpose, (0, 1) is x.
  std::vector<float> b = bitsData(128 * 256, 9);
  Array xb = Array::from_f32(b, {128, 256});
  for (std::vector<int> axes : {std::vector<int>{1, 0}, std::vector<int>{-1, -2}}) {
    Array t = pl::pallas_call([axes](Ref x, Ref o) { o[___] = jnp::transpose(x[___], axes); },
                              {.out_shape = testutil::f32(256, 128)})(xb);
    std::vector<float> got = t.to_f32(), want = hostTranspose(b, 128, 256);
    EXPECT_EQ(std::memcmp(got.data(), want.data(), got.size() * 4), 0);
  }
  Array same = pl::pallas_call([](Ref x, Ref o) { o[___] = jnp::transpose(x[___], {0, 1}); },
                               {.out_shape = testutil::f32(128, 256)})(xb);
  std::vector<float> got = same.to_f32();
  EXPECT_EQ(std::memcmp(got.data(), b.data(), got.size() * 4), 0);
  std::vector<int32_t> i(256 * 128);
  for (size_t k = 0; k < i.size(); ++k)
    i[k] = (int32_t)(k * 2654435761u);
  expectSameBits(transposeKernel(Array::from_s32(i, {256, 128}), true).to_s32(),
                 hostTranspose(i, 256, 128), "int32 transpose", 256);
}

/// 32-bit values of whole 8-row units both ways, not whole 128x128 blocks:
/// the XLU's blocks padded with zero units, the result ending in padded
/// tiles; every word moves as is, compiled and interpreted.
TEST(Transpose, WholeUnitsThatAreNotWholeBlocks) {
  for (auto [rows, cols] : std::vector<std::pair<int64_t, int64_t>>{
           {8, 128}, {24, 200}, {136, 8}, {8, 8}, {128, 264}}) {
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) +
                   (interpret ? " interpreted" : " compiled"));
      std::vector<float> a = bitsData(rows * cols, (uint32_t)(rows * 3 + cols));
      Array out = pl::pallas_call([](Ref x, Ref o) { o[___] = x[___].T(); },
                                  {.out_shape = testutil::f32(cols, rows),
                                   .interpret = interpret})(Array::from_f32(a, {rows, cols}));
      expectSameBits(bitsOf(out.to_f32()), bitsOf(hostTranspose(a, rows, cols)), "f32 transpose",
                     rows);
    }
  }
  // a.T @ b with a [8, 128] (K = 8): the transposed LHS of pl::dot.
  std::vector<float> a = pattern(8 * 128, 3), b = pattern(8 * 128, 5);
  std::vector<float> want = transposedLhsProduct(a, b, 8);
  for (bool interpret : {false, true}) {
    Array out = pl::pallas_call(
        [](Ref x, Ref y, Ref o) { o[___] = pl::dot(x[___], y[___], true, false); },
        {.out_shape = testutil::f32(128, 128), .interpret = interpret})(
        Array::from_f32(a, {8, 128}), Array::from_f32(b, {8, 128}));
    EXPECT_EQ(out.to_f32(), want) << (interpret ? "interpreted" : "compiled");
  }
}

TEST(Transpose, PackedDtypesTransposeInTheirWidenedForm) {
  std::vector<float> b(128 * 256);
  for (size_t k = 0; k < b.size(); ++k)
    b[k] = vmath::roundBf16(std::ldexp((float)((int)(k * 37 % 2001) - 1000), (int)(k % 9) - 4));
  Array xb = Array::from_f32(b, {128, 256}, DType::bfloat16);
  Array tb = transposeKernel(xb, true);
  EXPECT_EQ(tb.dtype(), DType::bfloat16);
  expectSameBits(tb.to_f32(), hostTranspose(b, 128, 256), "bf16 transpose", 128);
  std::vector<int32_t> q(256 * 128);
  for (size_t k = 0; k < q.size(); ++k)
    q[k] = vmath::wrapS8((int32_t)(k * 97));
  Array t8 = transposeKernel(Array::from_s32(q, {256, 128}, DType::int8), false);
  EXPECT_EQ(t8.dtype(), DType::int8);
  expectSameBits(t8.to_s32(), hostTranspose(q, 256, 128), "int8 transpose", 256);
}

TEST(Transpose, ComposesWithElementwiseOpsAndItself) {
  constexpr int64_t R = 128, C = 256;
  std::vector<float> a = pattern(R * C), b = pattern(C * R, 5);
  Array out = pl::pallas_call(
      [](Ref x, Ref y, Ref o) {
        Value t = x[___].T();
        o[___] = t * 2.0f + y[___] + t.T().T();
      },
      {.out_shape = testutil::f32(C, R)})(Array::from_f32(a, {R, C}), Array::from_f32(b, {C, R}));
  std::vector<float> at = hostTranspose(a, R, C), want(C * R);
  for (int64_t k = 0; k < C * R; ++k)
    want[k] = at[k] * 2.0f + b[k] + at[k];
  expectSameBits(out.to_f32(), want, "x.T * 2 + y + x.T.T.T", R);
}

/// a [M, K] in memory as aT [K, M] or a; b [K, N] or bT [N, K]: the
/// transposed-lhs spellings against the exact product.
TEST(Transpose, TransposedLhsMatmuls) {
  constexpr int64_t M = 128, K = 256, N = 128;
  std::vector<float> a = pattern(M * K, 1), b = pattern(K * N, 2);
  std::vector<float> aT = hostTranspose(a, M, K), bT = hostTranspose(b, K, N);
  std::vector<float> want(M * N);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      double s = 0;
      for (int64_t k = 0; k < K; ++k)
        s += (double)a[i * K + k] * b[k * N + j];
      want[i * N + j] = (float)s;  // exact: quarter-integers, |sum| < 2^20
    }
  Array xaT = Array::from_f32(aT, {K, M}, DType::bfloat16);
  Array xb = Array::from_f32(b, {K, N}, DType::bfloat16);
  Array xbT = Array::from_f32(bT, {N, K}, DType::bfloat16);
  auto call = [&](auto body, const Array &lhs, const Array &rhs) {
    return pl::pallas_call(body, {.out_shape = testutil::f32(M, N)})(lhs, rhs).to_f32();
  };
  expectSameBits(call([](Ref x, Ref y, Ref o) { o[___] = pl::dot(x[___], y[___], true, false); },
                      xaT, xb),
                 want, "pl::dot(aT, b, trans_a)", N);
  expectSameBits(call([](Ref x, Ref y, Ref o) { o[___] = pl::dot(x[___], y[___], true, true); },
                      xaT, xbT),
                 want, "pl::dot(aT, bT, trans_a, trans_b)", N);
  expectSameBits(call([](Ref x, Ref y, Ref o) {
                   o[___] = lax::dot_general(x[___], y[___], {{0}, {0}}, {},
                                             {.preferred_element_type = jnp::float32});
                 },
                      xaT, xb),
                 want, "dot_general contracting (0, 0)", N);
  expectSameBits(call([](Ref x, Ref y, Ref o) {
                   o[___] = lax::dot_general(x[___], y[___], {{-2}, {1}}, {},
                                             {.preferred_element_type = jnp::float32});
                 },
                      xaT, xbT),
                 want, "dot_general contracting (-2, 1)", N);
}

TEST(Transpose, AnyShapeThroughPaddedUnits) {
  // Dimensions that are not whole 8-row units are padded to them, the
  // units transposed and the valid part taken; one-row and one-column
  // values widen to 8 equal rows or columns first. Every bit moved as is,
  // f32 (bit patterns), int32 and bf16 (through f32), both modes.
  for (auto [rows, cols] : std::vector<std::pair<int64_t, int64_t>>{
           {3, 5}, {1, 128}, {5, 1}, {1, 1}, {12, 130}, {130, 12}, {9, 256}, {12, 128}}) {
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) +
                   (interpret ? " interpreted" : " compiled"));
      auto run = [&](const Array &x) {
        return pl::pallas_call([](Ref x, Ref o) { o[___] = x[___].T(); },
                               {.out_shape = ShapeDtypeStruct{{cols, rows}, x.dtype()},
                                .interpret = interpret})(x);
      };
      std::vector<float> a = bitsData(rows * cols, (uint32_t)(rows * 7 + cols));
      expectSameBits(bitsOf(run(Array::from_f32(a, {rows, cols})).to_f32()),
                     bitsOf(hostTranspose(a, rows, cols)), "f32 transpose", rows);
      std::vector<int32_t> q(rows * cols);
      for (size_t k = 0; k < q.size(); ++k)
        q[k] = (int32_t)(k * 2654435761u);
      expectSameBits(run(Array::from_s32(q, {rows, cols})).to_s32(), hostTranspose(q, rows, cols),
                     "int32 transpose", rows);
      if (rows > 1 && cols > 1) {  // bf16 [R, 1] Refs are not loaded yet
        std::vector<float> b(rows * cols);
        for (size_t k = 0; k < b.size(); ++k)
          b[k] = vmath::roundBf16((float)((int)(k * 37 % 2001) - 1000) * 0.25f);
        expectSameBits(run(Array::from_f32(b, {rows, cols}, DType::bfloat16)).to_f32(),
                       hostTranspose(b, rows, cols), "bf16 transpose", rows);
      }
    }
  }
  // a.T @ b with K = 12 rows: the transposed LHS of pl::dot, padded.
  std::vector<float> a = pattern(12 * 128, 3), b = pattern(12 * 128, 5);
  std::vector<float> want = transposedLhsProduct(a, b, 12);
  for (bool interpret : {false, true}) {
    std::vector<float> got =
        pl::pallas_call([](Ref x, Ref y, Ref o) { o[___] = pl::dot(x[___], y[___], true, false); },
                        {.out_shape = testutil::f32(128, 128), .interpret = interpret})(
            Array::from_f32(a, {12, 128}), Array::from_f32(b, {12, 128}))
            .to_f32();
    for (size_t k = 0; k < got.size(); ++k)
      ASSERT_NEAR(got[k], want[k], 1e-3f * (1 + std::fabs(want[k]))) << k;
  }
}

TEST(Transpose, ErrorsNameTheLineAndTheRule) {
  std::string line;
  std::string e;
  e = errorOf([&] {
    pl::pallas_call(
        [&](Ref x, Ref o) {
          line = here(1);
          o[___] = jnp::where(x[___].T() > 0.0f, 1, 0);
        },
        {.out_shape = testutil::s32(128, 128)})(Array::from_f32(pattern(128 * 128), {128, 128}));
  });
  EXPECT_EQ(e, "");  // a compare after the transpose is fine
  // A mask transposes through int32 0 / 1, a bf16 value of 8-row units
  // through f32 (both modes, exact).
  for (bool interpret : {false, true}) {
    std::vector<float> xs = pattern(24 * 136);
    auto masks = pl::pallas_call(
        [&](Ref x, Ref o) {
          o(pl::ds(0, 136), pl::all) = jnp::where((x[___] > 0.0f).T(), 1, 0);
          o(pl::ds(136, 136), pl::all) = x[___].astype(DType::bfloat16).T().astype(DType::float32)
                                             .astype(DType::int32);
        },
        {.out_shape = testutil::s32(272, 24), .interpret = interpret});
    std::vector<int32_t> got = masks(Array::from_f32(xs, {24, 136})).to_s32();
    for (int64_t r = 0; r < 136; ++r)
      for (int64_t c = 0; c < 24; ++c) {
        float v = xs[c * 136 + r];
        ASSERT_EQ(got[r * 24 + c], v > 0.0f ? 1 : 0) << r << ", " << c;
        float rounded = Array::from_f32({v}, {1, 1}, DType::bfloat16).to_f32()[0];
        ASSERT_EQ(got[(136 + r) * 24 + c], (int32_t)rounded) << r << ", " << c;
      }
  }
  e = errorOf([&] {
    pl::pallas_call(
        [&](Ref x, Ref o) {
          line = here(1);
          o[___] = jnp::transpose(x[___], {0, 0});
        },
        {.out_shape = testutil::f32(128, 128)})(Array::from_f32(pattern(128 * 128), {128, 128}));
  });
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("with axes (0, 0): the axes must be a permutation of 0..1"),
            std::string::npos)
      << e;
}

}  // namespace
}  // namespace tessera
