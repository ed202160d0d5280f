//===- MatmulTest.cpp - jnp::dot on the MXUs against the documented rounding ===//
//
// Every supported dtype pair and precision of jnp::dot (bf16 x bf16 -> f32,
// f32 x f32 at DEFAULT and HIGHEST, bf16 x f32 and f32 x bf16, int8 x int8
// -> int32), on shapes that are multiples of (8, 128, 128) (M = 8 where the
// LHS is 32-bit; packed LHS blocks need 16 rows for bf16 and 32 for int8),
// with K and N of one and several MXU blocks, the transposed RHS
// (pl::dot(a, b, false, true), lax::dot_general contracting (1, 1)) and the
// transposed LHS (trans_a, contracting (0, ...): a stored [K, M] and
// transposed on the XLU, exactly, before the same MXU passes). Each is
// a pallas_call on whole-array blocks, compared bit for bit with a host
// reference that reproduces the documented rounding (README, "Values";
// sim/VectorMath.h):
//
// - one MXU pass per 128-wide K block kb and 128-wide N block: LHS rounded
//   to bf16 on entry, bf16 weights (an f32 RHS at DEFAULT is rounded to
//   bf16), products exact, summed in double in k order, rounded once to f32
//   (vmath::mxuPass); int8 passes are exact int32;
// - a result tile is the sum of its kb passes in f32, in kb order;
// - HIGHEST splits a = a1 + a2 + a3 (ai = bf16(a - a1 - ...)) and b alike,
//   and sums the passes of the terms (a3,b1), (a2,b2), (a1,b3), (a2,b1),
//   (a1,b2), (a1,b1), in that order, each term's passes in kb order, into
//   one f32 accumulator.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "dsl/tessera.h"
#include "sim/MachineDesc.h"
#include "sim/VectorMath.h"

namespace tessera {
namespace {

constexpr int64_t kMxu = machine::kMxuDim;

enum class Spelling { JnpDot, Matmul, PlDot, DotGeneral };

struct DotCase {
  const char *name;
  DType a, b, out;
  lax::Precision precision;
  int64_t m, k, n;
  bool transB = false;  // b is [N, K] and the dot is a @ b.T
  Spelling spelling = Spelling::JnpDot;
  bool transA = false;  // a is [K, M] and the dot is a.T @ b (the XLU transposes it)
};

std::string caseName(const testing::TestParamInfo<DotCase> &info) { return info.param.name; }

bool isInt(DType t) { return t == DType::int8 || t == DType::int32; }

/// Deterministic operands: floats with full f32 mantissas (so that the bf16
/// rounding and the HIGHEST split both matter) over a few binades, with a
/// sprinkling of exact zeros and negative zeros; int8 over its whole range.
std::vector<float> floatData(int64_t n, uint32_t salt) {
  std::vector<float> v(n);
  uint32_t s = 0x9e3779b9u * (salt + 1);
  for (int64_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    int mant = (int)(s >> 8) & 0xffff;
    int exp = (int)((s >> 4) & 7) - 3;
    float f = std::ldexp((float)(mant - 32768) / 32768.0f, exp) * 1.0009765625f;
    if ((s & 0xff) == 7)
      f = 0.0f;
    if ((s & 0xff) == 9)
      f = -0.0f;
    v[i] = f;
  }
  return v;
}
std::vector<int32_t> int8Data(int64_t n, uint32_t salt) {
  std::vector<int32_t> v(n);
  uint32_t s = 0x85ebca6bu * (salt + 3);
  for (int64_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    v[i] = (int32_t)((s >> 13) & 0xff) - 128;
  }
  return v;
}

/// The values an array of `dtype` holds for `data` (bf16: RNE).
std::vector<float> stored(const std::vector<float> &data, DType dtype) {
  std::vector<float> v(data);
  if (dtype == DType::bfloat16)
    for (float &f : v)
      f = vmath::roundBf16(f);
  return v;
}

/// Weight block (kb, nb) of b ([K, N], or [N, K] when transposed), as
/// row-major [128][128] (k, n).
std::vector<float> weights(const std::vector<float> &b, const DotCase &c, int64_t kb, int64_t nb) {
  std::vector<float> w(kMxu * kMxu);
  for (int64_t r = 0; r < kMxu; ++r)
    for (int64_t col = 0; col < kMxu; ++col) {
      int64_t kk = kb * kMxu + r, nn = nb * kMxu + col;
      w[r * kMxu + col] = c.transB ? b[nn * c.k + kk] : b[kk * c.n + nn];
    }
  return w;
}

/// The float reference: `terms` pairs of (lhs, rhs) operands, each summed
/// over its passes in kb order into one accumulator per output element.
std::vector<float> floatReference(const std::vector<std::pair<std::vector<float>, std::vector<float>>> &terms,
                                  const DotCase &c) {
  std::vector<float> out(c.m * c.n);
  std::vector<uint8_t> first(c.m * c.n, 1);
  for (const auto &[a, b] : terms)
    for (int64_t kb = 0; kb < c.k / kMxu; ++kb)
      for (int64_t nb = 0; nb < c.n / kMxu; ++nb) {
        std::vector<float> w = weights(b, c, kb, nb);
        for (int64_t row = 0; row < c.m; ++row) {
          auto pass = vmath::mxuPass(&a[row * c.k + kb * kMxu], w.data());
          for (int64_t col = 0; col < kMxu; ++col) {
            int64_t i = row * c.n + nb * kMxu + col;
            out[i] = first[i] ? pass[col] : out[i] + pass[col];
            first[i] = 0;
          }
        }
      }
  return out;
}

std::vector<int32_t> intReference(const std::vector<int32_t> &a, const std::vector<int32_t> &b,
                                  const DotCase &c) {
  std::vector<int32_t> out(c.m * c.n, 0);
  std::vector<int8_t> lhs(kMxu), w(kMxu * kMxu);
  for (int64_t kb = 0; kb < c.k / kMxu; ++kb)
    for (int64_t nb = 0; nb < c.n / kMxu; ++nb) {
      for (int64_t r = 0; r < kMxu; ++r)
        for (int64_t col = 0; col < kMxu; ++col) {
          int64_t kk = kb * kMxu + r, nn = nb * kMxu + col;
          w[r * kMxu + col] = (int8_t)(c.transB ? b[nn * c.k + kk] : b[kk * c.n + nn]);
        }
      for (int64_t row = 0; row < c.m; ++row) {
        for (int64_t kk = 0; kk < kMxu; ++kk)
          lhs[kk] = (int8_t)a[row * c.k + kb * kMxu + kk];
        auto pass = vmath::mxuPass(lhs.data(), w.data());
        for (int64_t col = 0; col < kMxu; ++col) {
          int64_t i = row * c.n + nb * kMxu + col;
          out[i] = (int32_t)((uint32_t)out[i] + (uint32_t)pass[col]);
        }
      }
    }
  return out;
}

/// a = a1 + a2 + a3, each a bf16 value (the HIGHEST split).
std::array<std::vector<float>, 3> split3(const std::vector<float> &a) {
  std::array<std::vector<float>, 3> s;
  for (auto &v : s)
    v.resize(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    float a1 = vmath::roundBf16(a[i]);
    float r1 = a[i] - a1;
    float a2 = vmath::roundBf16(r1);
    float a3 = vmath::roundBf16(r1 - a2);
    s[0][i] = a1;
    s[1][i] = a2;
    s[2][i] = a3;
  }
  return s;
}

/// The kernel: o = dot(a, b) spelled as the case says, on whole arrays.
Array runDot(const DotCase &c, const Array &a, const Array &b) {
  jnp::DotOptions options{.preferred_element_type = c.out, .precision = c.precision};
  auto f = pl::pallas_call(
      [c, options](Ref a_ref, Ref b_ref, Ref o_ref) {
        Value x = a_ref[___], y = b_ref[___];
        switch (c.spelling) {
        case Spelling::JnpDot: o_ref[___] = jnp::dot(x, y, options); break;
        case Spelling::Matmul: o_ref[___] = jnp::matmul(x, y, options); break;
        case Spelling::PlDot: o_ref[___] = pl::dot(x, y, c.transA, c.transB, c.precision); break;
        case Spelling::DotGeneral:
          o_ref[___] = lax::dot_general(x, y, {{c.transA ? 0 : 1}, {c.transB ? 1 : 0}}, {}, options);
          break;
        }
      },
      {.out_shape = ShapeDtypeStruct{{c.m, c.n}, c.out},
       .name = "dot",
       .arg_names = {"a_hbm", "b_hbm", "o_hbm"}});
  return f(a, b);
}

class Dot : public testing::TestWithParam<DotCase> {};

TEST_P(Dot, MatchesTheDocumentedRounding) {
  const DotCase &c = GetParam();
  Shape aShape = c.transA ? Shape{c.k, c.m} : Shape{c.m, c.k};
  Shape bShape = c.transB ? Shape{c.n, c.k} : Shape{c.k, c.n};
  // The references take a as [M, K]; a transposed lhs is stored [K, M].
  auto asStored = [&](const auto &a) {
    if (!c.transA)
      return a;
    auto t = a;
    for (int64_t r = 0; r < c.m; ++r)
      for (int64_t kk = 0; kk < c.k; ++kk)
        t[kk * c.m + r] = a[r * c.k + kk];
    return t;
  };
  if (isInt(c.a)) {
    std::vector<int32_t> a = int8Data(c.m * c.k, 1), b = int8Data(c.k * c.n, 2);
    Array out =
        runDot(c, Array::from_s32(asStored(a), aShape, c.a), Array::from_s32(b, bShape, c.b));
    ASSERT_EQ(out.dtype(), DType::int32);
    std::vector<int32_t> got = out.to_s32(), want = intReference(a, b, c);
    for (size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(got[i], want[i]) << "element [" << i / c.n << ", " << i % c.n << "]";
    return;
  }
  std::vector<float> a = stored(floatData(c.m * c.k, 1), c.a);
  std::vector<float> b = stored(floatData(c.k * c.n, 2), c.b);
  Array out =
      runDot(c, Array::from_f32(asStored(a), aShape, c.a), Array::from_f32(b, bShape, c.b));
  ASSERT_EQ(out.dtype(), DType::float32);
  std::vector<float> want;
  if (c.precision == lax::Precision::HIGHEST) {
    auto as = split3(a), bs = split3(b);
    want = floatReference({{as[2], bs[0]},
                           {as[1], bs[1]},
                           {as[0], bs[2]},
                           {as[1], bs[0]},
                           {as[0], bs[1]},
                           {as[0], bs[0]}},
                          c);
  } else {
    // DEFAULT: both operands enter the MXU as bf16 (mxuPass rounds the
    // LHS; the RHS is packed to bf16 first).
    want = floatReference({{a, stored(b, DType::bfloat16)}}, c);
  }
  std::vector<float> got = out.to_f32();
  for (size_t i = 0; i < want.size(); ++i) {
    uint32_t g, w;
    std::memcpy(&g, &got[i], 4);
    std::memcpy(&w, &want[i], 4);
    ASSERT_EQ(g, w) << "element [" << i / c.n << ", " << i % c.n << "]: got " << got[i]
                    << ", want " << want[i];
  }
  // HIGHEST is f32-accurate: far closer to the exact product than DEFAULT.
  if (c.precision == lax::Precision::HIGHEST) {
    double worst = 0;
    for (int64_t row = 0; row < c.m; ++row)
      for (int64_t col = 0; col < c.n; ++col) {
        double exact = 0, scale = 0;
        for (int64_t kk = 0; kk < c.k; ++kk) {
          double bv = c.transB ? b[col * c.k + kk] : b[kk * c.n + col];
          exact += (double)a[row * c.k + kk] * bv;
          scale += std::fabs((double)a[row * c.k + kk] * bv);
        }
        worst = std::max(worst, std::fabs(got[row * c.n + col] - exact) / (scale + 1e-30));
      }
    EXPECT_LT(worst, 1e-6) << "HIGHEST should be accurate to f32 rounding of the sum";
  }
}

using Prec = lax::Precision;
constexpr DType F32 = DType::float32, BF16 = DType::bfloat16, S8 = DType::int8,
                S32 = DType::int32;

const DotCase kCases[] = {
    // bf16 x bf16 -> f32: packed LHS tiles are 16 rows.
    {"bf16_bf16_16x128x128", BF16, BF16, F32, Prec::DEFAULT, 16, 128, 128},
    {"bf16_bf16_16x256x384", BF16, BF16, F32, Prec::DEFAULT, 16, 256, 384},
    {"bf16_bf16_64x384x256", BF16, BF16, F32, Prec::DEFAULT, 64, 384, 256},
    {"bf16_bf16_32x256x128_matmul", BF16, BF16, F32, Prec::DEFAULT, 32, 256, 128, false,
     Spelling::Matmul},
    {"bf16_bf16_16x256x384_transposed", BF16, BF16, F32, Prec::DEFAULT, 16, 256, 384, true,
     Spelling::PlDot},
    {"bf16_bf16_32x128x256_dot_general_t", BF16, BF16, F32, Prec::DEFAULT, 32, 128, 256, true,
     Spelling::DotGeneral},
    // f32 x f32 at DEFAULT: both rounded to bf16.
    {"f32_f32_8x128x128", F32, F32, F32, Prec::DEFAULT, 8, 128, 128},
    {"f32_f32_8x256x384", F32, F32, F32, Prec::DEFAULT, 8, 256, 384},
    {"f32_f32_24x384x128", F32, F32, F32, Prec::DEFAULT, 24, 384, 128},
    {"f32_f32_8x256x384_transposed", F32, F32, F32, Prec::DEFAULT, 8, 256, 384, true,
     Spelling::PlDot},
    {"f32_f32_16x128x256_dot_general", F32, F32, F32, Prec::DEFAULT, 16, 128, 256, false,
     Spelling::DotGeneral},
    // f32 x f32 at HIGHEST: six bf16 passes.
    {"f32_f32_highest_8x128x128", F32, F32, F32, Prec::HIGHEST, 8, 128, 128},
    {"f32_f32_highest_8x256x384", F32, F32, F32, Prec::HIGHEST, 8, 256, 384},
    {"f32_f32_highest_16x384x128", F32, F32, F32, Prec::HIGHEST, 16, 384, 128},
    {"f32_f32_highest_8x256x256_transposed", F32, F32, F32, Prec::HIGHEST, 8, 256, 256, true,
     Spelling::PlDot},
    // Mixed bf16 / f32 -> f32 (the f32 side rounded to bf16 at DEFAULT).
    {"bf16_f32_16x256x384", BF16, F32, F32, Prec::DEFAULT, 16, 256, 384},
    {"f32_bf16_8x256x384", F32, BF16, F32, Prec::DEFAULT, 8, 256, 384},
    {"bf16_f32_16x128x128_transposed", BF16, F32, F32, Prec::DEFAULT, 16, 128, 128, true,
     Spelling::PlDot},
    // int8 x int8 -> int32: packed LHS tiles are 32 rows.
    {"s8_s8_32x128x128", S8, S8, S32, Prec::DEFAULT, 32, 128, 128},
    {"s8_s8_32x256x384", S8, S8, S32, Prec::DEFAULT, 32, 256, 384},
    {"s8_s8_64x384x128", S8, S8, S32, Prec::DEFAULT, 64, 384, 128},
    {"s8_s8_32x256x256_transposed", S8, S8, S32, Prec::DEFAULT, 32, 256, 256, true,
     Spelling::PlDot},
    // A transposed lhs (a.T @ b): transposed on the XLU, then as above.
    {"bf16_bf16_128x256x128_trans_a", BF16, BF16, F32, Prec::DEFAULT, 128, 256, 128, false,
     Spelling::PlDot, true},
    {"f32_f32_128x128x256_trans_a_b", F32, F32, F32, Prec::DEFAULT, 128, 128, 256, true,
     Spelling::PlDot, true},
    {"f32_f32_highest_128x256x128_dot_general_0_0", F32, F32, F32, Prec::HIGHEST, 128, 256,
     128, false, Spelling::DotGeneral, true},
    {"bf16_bf16_256x128x128_dot_general_0_1", BF16, BF16, F32, Prec::DEFAULT, 256, 128, 128,
     true, Spelling::DotGeneral, true},
    {"s8_s8_128x128x256_trans_a", S8, S8, S32, Prec::DEFAULT, 128, 128, 256, false,
     Spelling::PlDot, true},
};
INSTANTIATE_TEST_SUITE_P(PairsAndShapes, Dot, testing::ValuesIn(kCases), caseName);

}  // namespace
}  // namespace tessera
