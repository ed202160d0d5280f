//===- VectorMathTest.cpp - The simulator's numerics: rules and accuracy --===//
//
// sim/VectorMath.h is the machine's arithmetic and every host reference's.
// Two kinds of tests: the exact rules of the header (bf16 rounding, min/max
// with NaN and signed zeros, saturating conversion, division by zero,
// shifts, butterfly order, MXU pass) checked on chosen values; and the EUP
// functions' accuracy, each over 2^20 inputs (a sweep of f32 bit patterns
// over every exponent and both signs, edge cases first) against a long
// double reference, measured in f32 ulps of the exact result, within the
// bound the header states. NaN must match NaN.
//
//===----------------------------------------------------------------------===//
#include "sim/VectorMath.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace tessera::vmath {
namespace {

float f(uint32_t bits) { return std::bit_cast<float>(bits); }
uint32_t bitsOf(float x) { return std::bit_cast<uint32_t>(x); }

constexpr float kInf = std::numeric_limits<float>::infinity();
const float kNaN = f(0x7fc00000u);

// --- Exact rules. ---

TEST(VectorMathRules, Bf16RoundsToNearestEven) {
  EXPECT_EQ(bf16Bits(1.0f), 0x3f80);
  // 1 + 2^-8 is half way between bf16 1.0 and 1 + 2^-7: ties to even (1.0).
  EXPECT_EQ(bf16Bits(f(0x3f808000u)), 0x3f80);
  // 1 + 3 * 2^-8: half way between 1 + 2^-7 (odd) and 1 + 2^-6: up.
  EXPECT_EQ(bf16Bits(f(0x3f818000u)), 0x3f82);
  EXPECT_EQ(bf16Bits(f(0x3f808001u)), 0x3f81);  // above half: up
  EXPECT_EQ(bf16Bits(f(0x3f807fffu)), 0x3f80);  // below half: down
  EXPECT_EQ(bf16Bits(-0.0f), 0x8000);
  EXPECT_EQ(bf16Bits(kInf), 0x7f80);
  EXPECT_EQ(bf16Bits(-kInf), 0xff80);
  // The largest finite f32 rounds to infinity; the largest bf16 stays.
  EXPECT_EQ(bf16Bits(std::numeric_limits<float>::max()), 0x7f80);
  EXPECT_EQ(bf16Bits(f(0x7f7f0000u)), 0x7f7f);
  // Denormals round like everything else.
  EXPECT_EQ(bf16Bits(f(0x00008000u)), 0x0000);  // tie to even (0)
  EXPECT_EQ(bf16Bits(f(0x00018000u)), 0x0002);  // tie to even (2)
  // NaN: a quiet NaN with its sign, never infinity.
  EXPECT_EQ(bf16Bits(f(0x7f800001u)), 0x7fc0);
  EXPECT_EQ(bf16Bits(f(0xffffffffu)), 0xffc0);
  EXPECT_TRUE(std::isnan(roundBf16(f(0x7f800001u))));
  EXPECT_EQ(fromBf16Bits(0x4049), f(0x40490000u));
  EXPECT_EQ(roundBf16(3.14159265f), f(0x40490000u));
}

TEST(VectorMathRules, MinMaxPropagateNaNAndOrderSignedZeros) {
  EXPECT_EQ(bitsOf(maxF(kNaN, 1.0f)), 0x7fc00000u);
  EXPECT_EQ(bitsOf(maxF(1.0f, f(0xffc00001u))), 0x7fc00000u);
  EXPECT_EQ(bitsOf(minF(f(0x7f800001u), -kInf)), 0x7fc00000u);
  EXPECT_EQ(bitsOf(maxF(-0.0f, 0.0f)), 0x00000000u);
  EXPECT_EQ(bitsOf(maxF(0.0f, -0.0f)), 0x00000000u);
  EXPECT_EQ(bitsOf(minF(-0.0f, 0.0f)), 0x80000000u);
  EXPECT_EQ(bitsOf(minF(0.0f, -0.0f)), 0x80000000u);
  EXPECT_EQ(maxF(-kInf, -3.0f), -3.0f);
  EXPECT_EQ(minF(kInf, -3.0f), -3.0f);
}

TEST(VectorMathRules, ConversionsTruncateAndSaturate) {
  EXPECT_EQ(f32ToS32(2.9f), 2);
  EXPECT_EQ(f32ToS32(-2.9f), -2);
  EXPECT_EQ(f32ToS32(kNaN), 0);
  EXPECT_EQ(f32ToS32(kInf), INT32_MAX);
  EXPECT_EQ(f32ToS32(-kInf), INT32_MIN);
  EXPECT_EQ(f32ToS32(2147483648.0f), INT32_MAX);
  EXPECT_EQ(f32ToS32(-2147483648.0f), INT32_MIN);
  EXPECT_EQ(f32ToS32(2147483520.0f), 2147483520);  // largest f32 below 2^31
  EXPECT_EQ(s32ToF32(16777217), 16777216.0f);       // RNE: tie to even
  EXPECT_EQ(s32ToF32(16777219), 16777220.0f);
  EXPECT_EQ(s32ToF32(INT32_MIN), -2147483648.0f);
  EXPECT_EQ(roundHalfEven(2.5f), 2.0f);
  EXPECT_EQ(roundHalfEven(3.5f), 4.0f);
  EXPECT_EQ(bitsOf(roundHalfEven(-0.5f)), 0x80000000u);
  EXPECT_EQ(floorF(-1.5f), -2.0f);
  EXPECT_EQ(ceilF(-1.5f), -1.0f);
}

TEST(VectorMathRules, IntegerDivisionNeverTraps) {
  EXPECT_EQ(divS32(7, 2), 3);
  EXPECT_EQ(divS32(-7, 2), -3);
  EXPECT_EQ(remS32(-7, 2), -1);
  EXPECT_EQ(remS32(7, -2), 1);
  EXPECT_EQ(divS32(5, 0), -1);
  EXPECT_EQ(divS32(-5, 0), -1);
  EXPECT_EQ(remS32(5, 0), 5);
  EXPECT_EQ(remS32(-5, 0), -5);
  EXPECT_EQ(divS32(INT32_MIN, -1), INT32_MIN);
  EXPECT_EQ(remS32(INT32_MIN, -1), 0);
  EXPECT_EQ(absS32(INT32_MIN), INT32_MIN);
  EXPECT_EQ(absS32(-3), 3);
  EXPECT_EQ(wrapS8(200), -56);
  EXPECT_EQ(wrapS8(-129), 127);
}

TEST(VectorMathRules, ShiftsOutOfRangeFollowXla) {
  EXPECT_EQ(shiftLeft(1, 31), INT32_MIN);
  EXPECT_EQ(shiftLeft(1, 32), 0);
  EXPECT_EQ(shiftLeft(1, -1), 0);
  EXPECT_EQ(shiftRightLogical(-1, 28), 0xf);
  EXPECT_EQ(shiftRightLogical(-1, 32), 0);
  EXPECT_EQ(shiftRightArithmetic(-8, 1), -4);
  EXPECT_EQ(shiftRightArithmetic(-8, 32), -1);
  EXPECT_EQ(shiftRightArithmetic(8, 100), 0);
  EXPECT_EQ(shiftRightArithmetic(-8, -3), -1);
}

TEST(VectorMathRules, ComparesTreatUnorderedAsFalseExceptNe) {
  for (CmpKind k : {CmpKind::Eq, CmpKind::Lt, CmpKind::Le, CmpKind::Gt,
                    CmpKind::Ge})
    EXPECT_FALSE(compareF32(k, kNaN, 1.0f));
  EXPECT_TRUE(compareF32(CmpKind::Ne, kNaN, kNaN));
  EXPECT_TRUE(compareF32(CmpKind::Eq, -0.0f, 0.0f));
  EXPECT_TRUE(compareS32(CmpKind::Lt, INT32_MIN, 0));
}

TEST(VectorMathRules, ReductionsFollowTheButterflyOrder) {
  // Lane butterfly: after d = 64 lane 0 holds v[0] + v[64]; the final value
  // is ((v0 + v64) + (v32 + v96)) + ... A left-to-right sum differs.
  float values[128] = {};
  values[0] = 1e8f;
  values[64] = -1e8f;
  values[1] = 1.0f;
  values[65] = 1.0f;
  // Butterfly: (1e8 + -1e8) + (1 + 1) = 2; left to right, 1e8 + 1 loses the
  // 1 (and 1e8 + 1 + ... - 1e8 + 1 = 1).
  EXPECT_EQ(reduceLanes(ReduceKind::Sum, values), 2.0f);
  float leftToRight = 0;
  for (float v : values)
    leftToRight += v;
  EXPECT_NE(leftToRight, 2.0f);

  // An independent evaluation of the stated order for random data.
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> dist(-1000.0f, 1000.0f);
  for (int trial = 0; trial < 20; ++trial) {
    float v[128];
    for (float &x : v)
      x = dist(rng);
    // Pairwise tree of the butterfly, lane 0's view: level d combines
    // position l with l + d, for d = 64 .. 1.
    std::vector<float> p(v, v + 128);
    for (int d = 64; d >= 1; d /= 2)
      for (int l = 0; l < d; ++l)
        p[l] = p[l] + p[l + d];
    EXPECT_EQ(bitsOf(reduceLanes(ReduceKind::Sum, v)), bitsOf(p[0]));
    float s[8];
    std::copy_n(v, 8, s);
    float sub = ((s[0] + s[4]) + (s[2] + s[6])) + ((s[1] + s[5]) + (s[3] + s[7]));
    EXPECT_EQ(bitsOf(reduceSublanes(ReduceKind::Sum, s)), bitsOf(sub));
  }
  float withNaN[8] = {1, 2, 3, kNaN, 5, 6, 7, 8};
  EXPECT_TRUE(std::isnan(reduceSublanes(ReduceKind::Max, withNaN)));
  float zeros[8] = {-0.0f, -0.0f, 0.0f, -0.0f, -0.0f, -0.0f, -0.0f, -0.0f};
  EXPECT_EQ(bitsOf(reduceSublanes(ReduceKind::Max, zeros)), 0u);
  EXPECT_EQ(bitsOf(reduceSublanes(ReduceKind::Min, zeros)), 0x80000000u);
  int32_t ints[8] = {INT32_MAX, 1, 0, 0, -5, 3, 0, 0};
  // INT32_MAX + 1 - 5 + 3 wraps around to INT32_MAX - 1.
  EXPECT_EQ(reduceSublanes(ReduceKind::Sum, ints), INT32_MAX - 1);
  EXPECT_EQ(reduceSublanes(ReduceKind::Max, ints), INT32_MAX);
  EXPECT_EQ(reduceSublanes(ReduceKind::Min, ints), -5);
  int32_t lanes[128];
  for (int i = 0; i < 128; ++i)
    lanes[i] = i - 64;
  EXPECT_EQ(reduceLanes(ReduceKind::Sum, lanes), -64);
  EXPECT_EQ(reduceLanes(ReduceKind::Min, lanes), -64);
  EXPECT_EQ(reduceLanes(ReduceKind::Max, lanes), 63);
}

TEST(VectorMathRules, MxuPassRoundsLhsToBf16AndSumsOnce) {
  std::vector<float> w(128 * 128, 0.0f);
  float lhs[128] = {};
  // Column 0: products 2^24, 1, -2^24 in k order: an f32 running sum would
  // lose the 1; the double sum keeps it.
  lhs[0] = 16777216.0f;
  lhs[1] = 1.0f;
  lhs[2] = -16777216.0f;
  w[0 * 128 + 0] = 1.0f;
  w[1 * 128 + 0] = 1.0f;
  w[2 * 128 + 0] = 1.0f;
  // Column 1: the LHS is rounded to bf16 on entry: 1 + 2^-10 -> 1.
  lhs[3] = 1.0009765625f;
  w[3 * 128 + 1] = 1.0f;
  std::array<float, 128> out = mxuPass(lhs, w.data());
  EXPECT_EQ(out[0], 1.0f);
  EXPECT_EQ(out[1], 1.0f);
  EXPECT_EQ(out[2], 0.0f);

  std::vector<int8_t> w8(128 * 128, 0);
  int8_t a8[128] = {};
  for (int k = 0; k < 128; ++k) {
    a8[k] = -128;
    w8[k * 128 + 5] = -128;
  }
  std::array<int32_t, 128> out8 = mxuPass(a8, w8.data());
  EXPECT_EQ(out8[5], 128 * 128 * 128);
  EXPECT_EQ(out8[4], 0);
}

/// mxuPassRows (the simulator's vmatmul) on every host ISA this machine
/// runs equals mxuPass row by row, bit for bit: random bf16 values whose
/// exponents spread over 2^-140 .. 2^120 (so the double sums round, and
/// subnormal and overflowing products occur), with zeros, infinities and
/// NaNs (inf * 0 too) sprinkled in; 13 rows (a partial group of 8); int8
/// at the extremes.
TEST(VectorMathRules, MxuPassRowsEqualsMxuPassOnEveryHostIsa) {
  constexpr int kRows = 13;
  std::mt19937 rng(2025);
  auto value = [&]() -> float {
    switch (rng() % 64) {
    case 0:
      return 0.0f;
    case 1:
      return std::numeric_limits<float>::infinity();
    case 2:
      return -std::numeric_limits<float>::infinity();
    case 3:
      return std::numeric_limits<float>::quiet_NaN();
    default: {
      float mantissa = 1.0f + float(rng() % 128) / 128.0f;
      int exponent = int(rng() % 261) - 140;
      return roundBf16((rng() % 2 ? -1.0f : 1.0f) * std::ldexp(mantissa, exponent));
    }
    }
  };
  // One plain block and one of moderate exponents (mostly finite sums).
  for (bool wide : {true, false}) {
    std::vector<float> lhs(kRows * 128), w(128 * 128);
    for (float &x : lhs)
      x = wide ? value() : float(int(rng() % 2001) - 1000) * 0.013f;  // rounded on entry
    for (float &x : w)
      x = wide ? value() : roundBf16(float(int(rng() % 2001) - 1000) / 64.0f);
    MxuWeights weights;
    std::copy(w.begin(), w.end(), weights.w.begin());
    for (MxuHostIsa isa : {MxuHostIsa::Portable, MxuHostIsa::Avx2, MxuHostIsa::Avx512}) {
      if (!mxuHostRuns(isa))
        continue;
      SCOPED_TRACE(mxuHostIsaName(isa));
      std::vector<float> out(kRows * 128);
      mxuPassRows(lhs.data(), kRows, weights, out.data(), isa);
      int nans = 0;
      for (int r = 0; r < kRows; ++r) {
        std::array<float, 128> want = mxuPass(&lhs[r * 128], w.data());
        for (int n = 0; n < 128; ++n) {
          ASSERT_EQ(std::bit_cast<uint32_t>(out[r * 128 + n]), std::bit_cast<uint32_t>(want[n]))
              << "row " << r << " column " << n;
          nans += std::isnan(want[n]);
        }
      }
      if (wide)
        EXPECT_GT(nans, 0);  // the NaN rule was exercised
    }
  }
  std::vector<int8_t> a8(kRows * 128), w8(128 * 128);
  for (int8_t &x : a8)
    x = static_cast<int8_t>(rng() % 3 == 0 ? -128 : int(rng() % 256) - 128);
  for (int8_t &x : w8)
    x = static_cast<int8_t>(rng() % 3 == 0 ? -128 : int(rng() % 256) - 128);
  MxuWeights weights8;
  std::copy(w8.begin(), w8.end(), weights8.w.begin());
  for (MxuHostIsa isa : {MxuHostIsa::Portable, MxuHostIsa::Avx2, MxuHostIsa::Avx512}) {
    if (!mxuHostRuns(isa))
      continue;
    std::vector<int32_t> out(kRows * 128);
    mxuPassRows(a8.data(), kRows, weights8, out.data(), isa);
    for (int r = 0; r < kRows; ++r) {
      std::array<int32_t, 128> want = mxuPass(&a8[r * 128], w8.data());
      for (int n = 0; n < 128; ++n)
        ASSERT_EQ(out[r * 128 + n], want[n]) << mxuHostIsaName(isa) << " row " << r;
    }
  }
}

// --- EUP accuracy. ---

/// |got - exact| in f32 ulps of the exact value (the spacing of f32 numbers
/// around it; 2^-149 below the normal range). A NaN must match a NaN, an
/// infinity an infinity of the same sign, and an f32 infinity is right for
/// an exact value that rounds to it (at or beyond 2^128 - 2^103).
double ulpError(float got, long double exact) {
  constexpr double kWrong = std::numeric_limits<double>::infinity();
  if (std::isnan(exact) || std::isnan(got))
    return std::isnan(exact) && std::isnan(got) ? 0 : kWrong;
  if (std::isinf(exact))
    return got == exact ? 0 : kWrong;
  const long double overflow = std::ldexp(1.0L, 128) - std::ldexp(1.0L, 103);
  if (std::isinf(got))
    return std::signbit(got) == std::signbit(exact) &&
                   std::fabs(exact) >= overflow
               ? 0
               : kWrong;
  long double magnitude = std::fabs(exact);
  int exponent = 0;
  std::frexp(magnitude, &exponent);  // magnitude in [2^(e-1), 2^e)
  int ulpExponent = magnitude == 0 ? -149 : std::max(exponent - 24, -149);
  long double ulp = std::ldexp(1.0L, ulpExponent);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) /
                             ulp);
}

TEST(VectorMathAccuracy, UlpErrorIsMeasuredInUlpsOfTheExactValue) {
  EXPECT_EQ(ulpError(1.0f, 1.0L), 0.0);
  EXPECT_DOUBLE_EQ(ulpError(f(0x3f800001u), 1.0L), 1.0);
  // The error counts ulps of the exact value: one step below 1.0f is 2^-24
  // away, half the spacing 2^-23 above 1.
  EXPECT_DOUBLE_EQ(ulpError(f(0x3f7fffffu), 1.0L), 0.5);
  EXPECT_DOUBLE_EQ(ulpError(1.0f, 1.0L - 0x1p-25L), 0.5);
  EXPECT_DOUBLE_EQ(ulpError(f(0x00000001u), 0.0L), 1.0);
  EXPECT_EQ(ulpError(kNaN, std::nanl("")), 0.0);
  EXPECT_TRUE(std::isinf(ulpError(0.0f, std::nanl(""))));
  EXPECT_TRUE(std::isinf(ulpError(kNaN, 0.0L)));
  EXPECT_EQ(ulpError(kInf, std::ldexp(1.0L, 200)), 0.0);
  EXPECT_TRUE(std::isinf(ulpError(kInf, 1e30L)));
  EXPECT_TRUE(std::isinf(ulpError(-kInf, std::ldexp(1.0L, 200))));
}

/// The edge cases every sweep starts with.
std::vector<float> edgeCases() {
  std::vector<float> v = {
      0.0f, -0.0f, f(0x00000001u), f(0x80000001u), f(0x007fffffu),
      f(0x807fffffu), f(0x00800000u), f(0x80800000u),
      std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
      kInf, -kInf, kNaN, f(0xffc00000u), f(0x7f800001u), 1.0f, -1.0f, 0.5f,
      2.0f, -2.0f,
      // Overflow and underflow thresholds of exp, exp2, the logistic.
      88.72283f, 88.72284f, -87.33654f, -103.97208f, -104.0f, 128.0f,
      127.99999f, -149.0f, -150.0f, 89.0f, -89.0f,
      // Large arguments of sin and cos (argument reduction), tanh/erf
      // saturation, log1p near -1.
      1e10f, -1e10f, 1e38f, 3.14159265f, 1.5707964f, 6.2831855f, 9.0f, 20.0f,
      -0.99999994f, -1.0f, -1.0000001f, 1e-8f, -1e-8f};
  return v;
}

/// 2^20 inputs: the edge cases, then bit patterns striding over the whole
/// 32-bit space (both signs, every exponent, NaNs included) with a
/// pseudo-random offset inside each stride.
std::vector<float> sweep() {
  constexpr int kCount = 1 << 20;
  std::vector<float> v = edgeCases();
  uint32_t stride = uint32_t{1} << (32 - 20);
  std::mt19937 rng(1234);
  for (uint32_t i = v.size(); i < static_cast<uint32_t>(kCount); ++i)
    v.push_back(f(i * stride + (rng() & (stride - 1))));
  return v;
}

struct Unary {
  const char *name;
  float (*fn)(float);
  std::function<long double(long double)> exact;
  double bound;
};

TEST(VectorMathAccuracy, EupFunctionsOver2To20Inputs) {
  const double kBound = kEupMaxUlpError;
  // The long double reference itself is rounded (2^-64 relative): allow
  // that much above the correctly rounded half ulp.
  const double kExact = kCorrectlyRoundedUlpError + 1e-9;
  const Unary functions[] = {
      {"exp", exp, [](long double x) { return std::exp(x); }, kBound},
      {"exp2", exp2, [](long double x) { return std::exp2(x); }, kBound},
      {"log", log, [](long double x) { return std::log(x); }, kBound},
      {"log1p", log1p, [](long double x) { return std::log1p(x); }, kBound},
      {"tanh", tanh, [](long double x) { return std::tanh(x); }, kBound},
      {"logistic", logistic,
       [](long double x) { return 1.0L / (1.0L + std::exp(-x)); }, kBound},
      {"sqrt", sqrt, [](long double x) { return std::sqrt(x); }, kExact},
      {"rsqrt", rsqrt, [](long double x) { return 1.0L / std::sqrt(x); },
       kBound},
      {"rcp", rcp, [](long double x) { return 1.0L / x; }, kExact},
      {"sin", sin, [](long double x) { return std::sin(x); }, kBound},
      {"cos", cos, [](long double x) { return std::cos(x); }, kBound},
      {"erf", erf, [](long double x) { return std::erf(x); }, kBound},
      {"tan", tan, [](long double x) { return std::tan(x); }, kBound},
      // erf_inv: Newton's method in long double on erf(y) = x (erfc in the
      // tails), from the f32 result: quadratic convergence makes the
      // reference independent of the start.
      {"erf_inv", erfInv, [](long double x) -> long double {
         if (std::isnan(x) || std::fabs(x) > 1)
           return std::nanl("");
         if (std::fabs(x) == 1)
           return std::copysign(std::numeric_limits<long double>::infinity(), x);
         long double a = std::fabs(x), y = std::fabs(erfInv(static_cast<float>(x)));
         for (int i = 0; i < 4; ++i) {
           long double miss = a > 0.5L ? (1 - a) - std::erfc(y) : std::erf(y) - a;
           y -= miss / (1.1283791670955125738961589031215452L * std::exp(-y * y));
         }
         return std::copysign(y, x);
       }, kBound},
  };
  std::vector<float> inputs = sweep();
  ASSERT_EQ(inputs.size(), size_t{1} << 20);
  for (const Unary &u : functions) {
    double worst = 0;
    float worstInput = 0;
    int failures = 0;
    for (float x : inputs) {
      double err = ulpError(u.fn(x), u.exact(static_cast<long double>(x)));
      if (err > worst || std::isnan(err)) {
        worst = err;
        worstInput = x;
      }
      if (!(err <= u.bound) && failures++ < 3)
        ADD_FAILURE() << u.name << "(" << x << " = 0x" << std::hex
                      << bitsOf(x) << std::dec << ") = " << u.fn(x)
                      << ", exact " << static_cast<double>(u.exact(x))
                      << ": " << err << " ulp, bound " << u.bound;
    }
    EXPECT_LE(worst, u.bound) << u.name << " at " << worstInput;
    ::testing::Test::RecordProperty(std::string("max_ulp_") + u.name,
                                    std::to_string(worst));
  }
}

TEST(VectorMathAccuracy, PowAndDivOver2To20Pairs) {
  std::vector<float> a = sweep();
  // Exponents / divisors: the same sweep, shuffled, half of them drawn
  // from moderate ranges (and integers) so that pow's results are mostly
  // finite and not trivially 0, 1 or infinity.
  std::vector<float> b = sweep();
  std::mt19937 rng(77);
  std::shuffle(b.begin() + 64, b.end(), rng);
  std::uniform_real_distribution<float> moderate(-40.0f, 40.0f);
  for (size_t i = 64; i < b.size(); i += 2)
    b[i] = i % 8 == 0 ? std::round(moderate(rng)) : moderate(rng);
  // Edge pairs of pow.
  const std::pair<float, float> edges[] = {
      {0.0f, -1.0f}, {-0.0f, -1.0f}, {-0.0f, -2.0f}, {-1.0f, kInf},
      {1.0f, kNaN},  {kNaN, 0.0f},   {-8.0f, 1.0f / 3}, {-2.0f, 3.0f},
      {2.0f, 128.0f}, {2.0f, -149.0f}, {2.0f, -150.0f}, {0.5f, kInf},
      {kInf, -0.5f}, {-kInf, 3.0f}, {10.0f, 38.0f}, {10.0f, 39.0f}};
  for (size_t i = 0; i < std::size(edges); ++i) {
    a[i] = edges[i].first;
    b[i] = edges[i].second;
  }
  double worstPow = 0, worstDiv = 0;
  int failures = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    long double x = a[i], y = b[i];
    double errPow = ulpError(pow(a[i], b[i]), std::pow(x, y));
    double errDiv = ulpError(divF32(a[i], b[i]), x / y);
    // fmod is exact: equal to the long double one (NaN for NaN).
    long double rem = std::fmod(x, y);
    if (float r = remF32(a[i], b[i]);
        !(std::isnan(rem) ? std::isnan(r)
                          : r == rem && std::signbit(r) == std::signbit(rem)) &&
        failures++ < 3)
      ADD_FAILURE() << "rem(" << a[i] << ", " << b[i] << ") = " << r << ", exact "
                    << static_cast<double>(rem);
    worstPow = std::max(worstPow, errPow);
    worstDiv = std::max(worstDiv, errDiv);
    if ((!(errPow <= kEupMaxUlpError) ||
         !(errDiv <= kCorrectlyRoundedUlpError + 1e-9)) &&
        failures++ < 3)
      ADD_FAILURE() << "pow/div(" << a[i] << ", " << b[i] << ") = "
                    << pow(a[i], b[i]) << " / " << divF32(a[i], b[i])
                    << ": " << errPow << " / " << errDiv << " ulp";
  }
  EXPECT_LE(worstPow, kEupMaxUlpError);
  EXPECT_LE(worstDiv, kCorrectlyRoundedUlpError + 1e-9);
  ::testing::Test::RecordProperty("max_ulp_pow", std::to_string(worstPow));
  ::testing::Test::RecordProperty("max_ulp_div", std::to_string(worstDiv));
}

TEST(VectorMath, BitCounts) {
  EXPECT_EQ(popcount(0), 0);
  EXPECT_EQ(popcount(-1), 32);
  EXPECT_EQ(popcount(INT32_MIN), 1);
  EXPECT_EQ(popcount(0x0f0f0f0f), 16);
  EXPECT_EQ(clz(0), 32);
  EXPECT_EQ(clz(1), 31);
  EXPECT_EQ(clz(-1), 0);
  EXPECT_EQ(clz(0x00010000), 15);
}

}  // namespace
}  // namespace tessera::vmath
