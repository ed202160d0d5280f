//===- VectorMath.cpp - The simulator's numerics (see VectorMath.h) -------===//
#include "sim/VectorMath.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace tessera::vmath {
namespace {

using machine::kLanes;
using machine::kMxuDim;
using machine::kSublanes;

constexpr uint32_t kCanonicalNaN = 0x7fc00000u;

float canonicalNaN() { return std::bit_cast<float>(kCanonicalNaN); }

float combine(ReduceKind kind, float a, float b) {
  switch (kind) {
  case ReduceKind::Sum:
    return a + b;
  case ReduceKind::Max:
    return maxF(a, b);
  case ReduceKind::Min:
    return minF(a, b);
  }
  return a;
}

int32_t combine(ReduceKind kind, int32_t a, int32_t b) {
  switch (kind) {
  case ReduceKind::Sum:
    return static_cast<int32_t>(static_cast<uint32_t>(a) +
                                static_cast<uint32_t>(b));
  case ReduceKind::Max:
    return a > b ? a : b;
  case ReduceKind::Min:
    return a < b ? a : b;
  }
  return a;
}

/// The butterfly over N positions: p[l] = op(p[l], p[l ^ d]), d = N/2 .. 1.
template <int N, typename T> T butterfly(ReduceKind kind, const T *values) {
  std::array<T, N> p;
  for (int i = 0; i < N; ++i)
    p[i] = values[i];
  for (int d = N / 2; d >= 1; d /= 2) {
    std::array<T, N> next;
    for (int l = 0; l < N; ++l)
      next[l] = combine(kind, p[l], p[l ^ d]);
    p = next;
  }
  return p[0];  // every position holds the same value
}

template <typename Cmp> bool compareWith(CmpKind kind, Cmp a, Cmp b) {
  switch (kind) {
  case CmpKind::Eq:
    return a == b;
  case CmpKind::Ne:
    return a != b;
  case CmpKind::Lt:
    return a < b;
  case CmpKind::Le:
    return a <= b;
  case CmpKind::Gt:
    return a > b;
  case CmpKind::Ge:
    return a >= b;
  }
  return false;
}

}  // namespace

// --- f32 min/max, conversions. ---

float maxF(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return canonicalNaN();
  if (a == b)  // also +0 vs -0: +0 is the larger
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

float minF(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return canonicalNaN();
  if (a == b)  // also +0 vs -0: -0 is the smaller
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

int32_t f32ToS32(float x) {
  if (std::isnan(x))
    return 0;
  // 2^31 is exactly representable; everything at or above saturates.
  if (x >= 2147483648.0f)
    return std::numeric_limits<int32_t>::max();
  if (x <= -2147483648.0f)
    return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(x);  // truncates toward zero
}

float s32ToF32(int32_t x) { return static_cast<float>(x); }

uint32_t f32ToU32(float x) {
  if (std::isnan(x) || x <= 0.0f)
    return 0;
  // 2^32 is exactly representable; everything at or above saturates.
  if (x >= 4294967296.0f)
    return std::numeric_limits<uint32_t>::max();
  return static_cast<uint32_t>(x);  // truncates toward zero
}

float u32ToF32(uint32_t x) { return static_cast<float>(x); }

float floorF(float x) { return std::floor(x); }
float ceilF(float x) { return std::ceil(x); }
float roundHalfEven(float x) {
  // nearbyint rounds in the current mode, which the simulator never changes
  // from round-to-nearest-even.
  return std::nearbyint(x);
}

// --- s32. ---

int32_t divS32(int32_t a, int32_t b) {
  if (b == 0)
    return -1;
  if (b == -1)  // INT32_MIN / -1 overflows in C++; the machine wraps
    return static_cast<int32_t>(0u - static_cast<uint32_t>(a));
  return a / b;
}

int32_t remS32(int32_t a, int32_t b) {
  if (b == 0)
    return a;
  if (b == -1)
    return 0;
  return a % b;
}

uint32_t divU32(uint32_t a, uint32_t b) {
  return b == 0 ? std::numeric_limits<uint32_t>::max() : a / b;
}

uint32_t remU32(uint32_t a, uint32_t b) { return b == 0 ? a : a % b; }

int32_t absS32(int32_t x) {
  return x < 0 ? static_cast<int32_t>(0u - static_cast<uint32_t>(x)) : x;
}

int32_t shiftLeft(int32_t x, int32_t amount) {
  if (static_cast<uint32_t>(amount) >= 32)
    return 0;
  return static_cast<int32_t>(static_cast<uint32_t>(x) << amount);
}

int32_t shiftRightArithmetic(int32_t x, int32_t amount) {
  if (static_cast<uint32_t>(amount) >= 32)
    return x < 0 ? -1 : 0;
  return x >> amount;  // C++20: arithmetic
}

int32_t shiftRightLogical(int32_t x, int32_t amount) {
  if (static_cast<uint32_t>(amount) >= 32)
    return 0;
  return static_cast<int32_t>(static_cast<uint32_t>(x) >> amount);
}

int32_t wrapS8(int32_t x) { return static_cast<int8_t>(x & 0xff); }

int32_t popcount(int32_t x) { return std::popcount(static_cast<uint32_t>(x)); }
int32_t clz(int32_t x) { return std::countl_zero(static_cast<uint32_t>(x)); }

// --- Compares. ---

bool compareF32(CmpKind kind, float a, float b) {
  return compareWith(kind, a, b);  // IEEE: unordered is false except !=
}

bool compareS32(CmpKind kind, int32_t a, int32_t b) {
  return compareWith(kind, a, b);
}

// --- EUP. ---

float exp(float x) { return static_cast<float>(std::exp(double{x})); }
float exp2(float x) { return static_cast<float>(std::exp2(double{x})); }
float log(float x) { return static_cast<float>(std::log(double{x})); }
float log1p(float x) { return static_cast<float>(std::log1p(double{x})); }
float tanh(float x) { return static_cast<float>(std::tanh(double{x})); }
float logistic(float x) {
  return static_cast<float>(1.0 / (1.0 + std::exp(-double{x})));
}
float sqrt(float x) { return std::sqrt(x); }
float rsqrt(float x) {
  return static_cast<float>(1.0 / std::sqrt(double{x}));
}
float rcp(float x) { return 1.0f / x; }
float sin(float x) { return static_cast<float>(std::sin(double{x})); }
float cos(float x) { return static_cast<float>(std::cos(double{x})); }
float erf(float x) { return static_cast<float>(std::erf(double{x})); }
float tan(float x) { return static_cast<float>(std::tan(double{x})); }

float erfInv(float x) {
  if (std::isnan(x) || std::fabs(x) > 1.0f)
    return std::numeric_limits<float>::quiet_NaN();
  if (std::fabs(x) == 1.0f)
    return std::copysign(std::numeric_limits<float>::infinity(), x);
  if (x == 0.0f)
    return x;  // keeps -0
  // Giles' single-precision approximation as the start, then Newton steps
  // on erf(y) = x in double (on erfc(|y|) = 1 - |x| in the tails, where
  // erf(y) is too close to 1 to resolve): the double result is far closer
  // than half an f32 ulp, so the float is the correctly rounded one but
  // for ties no f32 input reaches.
  double a = std::fabs(double{x});
  double w = -std::log((1.0 - a) * (1.0 + a));
  double y;
  if (w < 5.0) {
    w -= 2.5;
    double p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                     -0.00125372503, -0.00417768164, 0.246640727, 1.50140941})
      p = c + p * w;
    y = p * a;
  } else {
    w = std::sqrt(w) - 3.0;
    double p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
                     -0.0076224613, 0.00943887047, 1.00167406, 2.83297682})
      p = c + p * w;
    y = p * a;
  }
  const double twoOverSqrtPi = 1.1283791670955126;
  for (int i = 0; i < 3; ++i) {
    double slope = twoOverSqrtPi * std::exp(-y * y);
    double miss = a > 0.5 ? (1.0 - a) - std::erfc(y) : std::erf(y) - a;  // erf(y) - a
    y -= miss / slope;
  }
  return static_cast<float>(std::copysign(y, double{x}));
}
float pow(float a, float b) {
  return static_cast<float>(std::pow(double{a}, double{b}));
}
float divF32(float a, float b) { return a / b; }
float remF32(float a, float b) { return std::fmod(a, b); }

// --- Reductions. ---

float reduceLanes(ReduceKind kind, const float values[kLanes]) {
  return butterfly<kLanes>(kind, values);
}
float reduceSublanes(ReduceKind kind, const float values[kSublanes]) {
  return butterfly<kSublanes>(kind, values);
}
int32_t reduceLanes(ReduceKind kind, const int32_t values[kLanes]) {
  return butterfly<kLanes>(kind, values);
}
int32_t reduceSublanes(ReduceKind kind, const int32_t values[kSublanes]) {
  return butterfly<kSublanes>(kind, values);
}

namespace {
/// The element a padded vreg's padding holds in a reduction: one that
/// changes nothing (0, -inf / INT_MIN, +inf / INT_MAX).
template <typename T>
T neutral(ReduceKind kind) {
  if constexpr (std::is_floating_point_v<T>)
    return kind == ReduceKind::Sum   ? T(0)
           : kind == ReduceKind::Max ? -std::numeric_limits<T>::infinity()
                                     : std::numeric_limits<T>::infinity();
  else
    return kind == ReduceKind::Sum   ? T(0)
           : kind == ReduceKind::Max ? std::numeric_limits<T>::min()
                                     : std::numeric_limits<T>::max();
}

/// Pieces of N combined in order (the last one padded with the neutral
/// element when n is not a multiple of N), then the butterfly over N.
template <int N, typename T>
T reduceAlong(ReduceKind kind, const T *values, int64_t n, int64_t stride) {
  auto at = [&](int64_t k) { return k < n ? values[k * stride] : neutral<T>(kind); };
  std::array<T, N> acc;
  for (int i = 0; i < N; ++i)
    acc[i] = at(i);
  for (int64_t piece = 1; piece < (n + N - 1) / N; ++piece)
    for (int i = 0; i < N; ++i)
      acc[i] = combine(kind, acc[i], at(piece * N + i));
  return butterfly<N>(kind, acc.data());
}
}  // namespace

float reduceAlongLanes(ReduceKind kind, const float *values, int64_t n, int64_t stride) {
  return reduceAlong<kLanes>(kind, values, n, stride);
}
float reduceAlongSublanes(ReduceKind kind, const float *values, int64_t n, int64_t stride) {
  return reduceAlong<kSublanes>(kind, values, n, stride);
}
int32_t reduceAlongLanes(ReduceKind kind, const int32_t *values, int64_t n, int64_t stride) {
  return reduceAlong<kLanes>(kind, values, n, stride);
}
int32_t reduceAlongSublanes(ReduceKind kind, const int32_t *values, int64_t n,
                            int64_t stride) {
  return reduceAlong<kSublanes>(kind, values, n, stride);
}

// --- MXU. ---

// The MXU passes are the simulator's hottest loops (a matmul's profile):
// compiled also for AVX2, chosen at load time where the host has it. Each
// column n still sums its products in k order (a lane per column), and the
// bf16 x bf16 products are exact in double, so every build gives the same
// bits.
#if defined(__x86_64__) && defined(__linux__)
#define TESSERA_HOT_LOOP __attribute__((target_clones("avx2", "default")))
#else
#define TESSERA_HOT_LOOP
#endif

namespace {
/// A pass's sum as the MXU gives it: rounded once to f32; a NaN is the
/// canonical 0x7fc00000 (which NaN a host's adds and fused multiply-adds
/// propagate differs, so every build gives the same bits).
float mxuSum(double sum) {
  return sum != sum ? canonicalNaN() : static_cast<float>(sum);
}
}  // namespace

TESSERA_HOT_LOOP
std::array<float, kMxuDim> mxuPass(const float lhs[kMxuDim],
                                   const float weights[kMxuDim * kMxuDim]) {
  std::array<double, kMxuDim> acc{};
  for (int k = 0; k < kMxuDim; ++k) {
    double a = roundBf16(lhs[k]);
    const float *row = weights + k * kMxuDim;
    for (int n = 0; n < kMxuDim; ++n)
      acc[n] += a * double{row[n]};  // bf16 x bf16: exact in double
  }
  std::array<float, kMxuDim> out;
  for (int n = 0; n < kMxuDim; ++n)
    out[n] = mxuSum(acc[n]);
  return out;
}

TESSERA_HOT_LOOP
std::array<int32_t, kMxuDim> mxuPass(const int8_t lhs[kMxuDim],
                                     const int8_t weights[kMxuDim * kMxuDim]) {
  std::array<int32_t, kMxuDim> out{};
  for (int k = 0; k < kMxuDim; ++k) {
    int32_t a = lhs[k];
    const int8_t *row = weights + k * kMxuDim;
    for (int n = 0; n < kMxuDim; ++n)
      out[n] += a * int32_t{row[n]};
  }
  return out;
}

namespace {

/// Eight LHS rows a[8][128] through w[128][128] into out[8][128]: for each
/// W-column slice, eight accumulators (one per row) of W doubles, summed in
/// k order. Inlined into one function per host ISA below.
template <int W>
[[gnu::always_inline]] inline void mxuRowsKernel(const double *a, const double *w,
                                                 double *out) {
  using Vec = double __attribute__((vector_size(W * sizeof(double))));
  constexpr int kRows = machine::kSublanes;
  for (int n0 = 0; n0 < kMxuDim; n0 += W) {
    Vec acc[kRows] = {};
    for (int k = 0; k < kMxuDim; ++k) {
      Vec wk;
      std::memcpy(&wk, w + k * kMxuDim + n0, sizeof(Vec));
      for (int r = 0; r < kRows; ++r)
        acc[r] += a[r * kMxuDim + k] * wk;  // exact product: fused or not, one rounding
    }
    for (int r = 0; r < kRows; ++r)
      std::memcpy(out + r * kMxuDim + n0, &acc[r], sizeof(Vec));
  }
}

using MxuKernel = void (*)(const double *, const double *, double *);

void mxuKernelPortable(const double *a, const double *w, double *out) {
  mxuRowsKernel<2>(a, w, out);
}
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define TESSERA_X86_KERNELS 1
[[gnu::target("avx512f")]] void mxuKernelAvx512(const double *a, const double *w, double *out) {
  mxuRowsKernel<8>(a, w, out);
}
[[gnu::target("avx2,fma")]] void mxuKernelAvx2(const double *a, const double *w, double *out) {
  mxuRowsKernel<4>(a, w, out);
}
#endif

MxuKernel mxuKernel(MxuHostIsa isa) {
#ifdef TESSERA_X86_KERNELS
  if (isa == MxuHostIsa::Avx512)
    return mxuKernelAvx512;
  if (isa == MxuHostIsa::Avx2)
    return mxuKernelAvx2;
#endif
  return mxuKernelPortable;
}

/// The rows of `lhs` in groups of eight (the last padded with zero rows)
/// through `weights`: each element entering as toDouble(x), each sum
/// leaving as fromSum(sum).
template <typename In, typename Out, typename ToDouble, typename FromSum>
void mxuRowGroups(const In *lhs, int64_t rows, const MxuWeights &weights, Out *out,
                  MxuHostIsa isa, ToDouble toDouble, FromSum fromSum) {
  constexpr int kRows = machine::kSublanes;
  alignas(64) double a[kRows * kMxuDim], sums[kRows * kMxuDim];
  MxuKernel kernel = mxuKernel(isa);
  for (int64_t r0 = 0; r0 < rows; r0 += kRows) {
    int64_t count = std::min<int64_t>(kRows, rows - r0) * kMxuDim;
    const In *in = lhs + r0 * kMxuDim;
    for (int64_t i = 0; i < count; ++i)
      a[i] = toDouble(in[i]);
    std::fill(a + count, a + kRows * kMxuDim, 0.0);
    kernel(a, weights.w.data(), sums);
    for (int64_t i = 0; i < count; ++i)
      out[r0 * kMxuDim + i] = fromSum(sums[i]);
  }
}

}  // namespace

void mxuPassRows(const float *lhs, int64_t rows, const MxuWeights &weights, float *out,
                 MxuHostIsa isa) {
  mxuRowGroups(lhs, rows, weights, out, isa, [](float x) -> double { return roundBf16(x); },
               mxuSum);
}

void mxuPassRows(const int8_t *lhs, int64_t rows, const MxuWeights &weights, int32_t *out,
                 MxuHostIsa isa) {
  // |sum| <= 128 * 128 * 128: every partial sum is an exact double.
  mxuRowGroups(lhs, rows, weights, out, isa, [](int8_t x) -> double { return x; },
               [](double sum) { return static_cast<int32_t>(sum); });
}

bool mxuHostRuns(MxuHostIsa isa) {
#ifdef TESSERA_X86_KERNELS
  __builtin_cpu_init();
  if (isa == MxuHostIsa::Avx512)
    return __builtin_cpu_supports("avx512f");
  if (isa == MxuHostIsa::Avx2)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
  return isa == MxuHostIsa::Portable;
}

MxuHostIsa mxuHostIsa() {
  static const MxuHostIsa best = mxuHostRuns(MxuHostIsa::Avx512) ? MxuHostIsa::Avx512
                                 : mxuHostRuns(MxuHostIsa::Avx2) ? MxuHostIsa::Avx2
                                                                 : MxuHostIsa::Portable;
  return best;
}

const char *mxuHostIsaName(MxuHostIsa isa) {
  switch (isa) {
  case MxuHostIsa::Avx512:
    return "avx512";
  case MxuHostIsa::Avx2:
    return "avx2";
  case MxuHostIsa::Portable:
    return "portable";
  }
  return "?";
}

}  // namespace tessera::vmath
