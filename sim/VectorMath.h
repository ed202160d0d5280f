//===- VectorMath.h - The simulator's numerics, as host reference ---------===//
//
// Every number the vector unit, the EUP, the XLU and the MXUs compute is
// defined here, once: the simulator's executor calls these functions lane by
// lane, and every host reference (tests, differential checks, the compiler's
// constant folding if any) calls the same ones, so a reference agrees with
// the machine bit for bit by construction. Reading this header is reading
// the machine's arithmetic.
//
// Conventions (README, "Values: dtypes, math, reductions and the MXU"):
// - f32 arithmetic is IEEE binary32, round to nearest even, no flush of
//   denormals. A NaN produced by the min/max rules is 0x7fc00000.
// - bf16 is the upper half of an f32; rounding to bf16 is RNE; a NaN stays a
//   NaN (quiet, with its sign).
// - s32 arithmetic wraps (two's complement); nothing here traps.
// - The transcendental functions evaluate the <cmath> function in double and
//   round once to f32: (float)F((double)x). Exceptions: sqrt is IEEE sqrtf,
//   rcp is 1.0f / x, div is the IEEE f32 quotient (all three correctly
//   rounded); rsqrt is (float)(1 / sqrt((double)x)), logistic is
//   (float)(1 / (1 + exp(-(double)x))), pow is (float)pow((double)a,
//   (double)b).
//
// Accuracy (kEupMaxUlpError, checked by tests/sim/VectorMathTest.cpp against
// a long double reference over 2^20 inputs per function, edge cases
// included): every EUP function is within 1 ulp of the exact result (in f32
// ulps of the exact result; the double evaluation plus one rounding gives at
// most 0.5 ulp + the double's own error). sqrt, rcp and div are correctly
// rounded (0.5 ulp). NaN inputs give NaN (except where C defines a number:
// pow(x, 0) = pow(1, y) = 1), and a NaN result only comes from an input
// where the exact result is undefined. The test sweep measures at most
// 0.50000 ulp for every function; the stated bound leaves room for libm
// versions whose double functions are less accurate.
//
// Reductions are butterflies: over the 128 lanes of one sublane row, p[l] =
// op(p[l], p[l ^ d]) for d = 64, 32, ..., 1; over the 8 sublanes of a lane,
// d = 4, 2, 1. Every position ends with the same value (op is commutative),
// which reduceLanes / reduceSublanes return; f32 sums round after every
// step, so references must use these functions to match exactly.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "sim/MachineDesc.h"

namespace tessera::vmath {

/// Upper bound of the EUP functions' error in f32 ulps (see above).
inline constexpr double kEupMaxUlpError = 1.0;
/// sqrt, rcp and div are correctly rounded.
inline constexpr double kCorrectlyRoundedUlpError = 0.5;

// --- bf16. ---

// Inline: the vector unit's packs and unpacks and the MXU's LHS call them
// for every element.

/// The bf16 bit pattern of `x`: round to nearest even on the upper 16 bits
/// of the f32; a NaN gives the quiet NaN 0x7fc0 with x's sign (0xffc0).
inline uint16_t bf16Bits(float x) {
  uint32_t bits = std::bit_cast<uint32_t>(x);
  if (x != x)  // NaN
    return static_cast<uint16_t>(((bits & 0x80000000u) | 0x7fc00000u) >> 16);
  // Round to nearest even on bit 16: add 0x7fff plus the kept LSB. A carry
  // out of the mantissa rounds up the exponent (to inf past the largest).
  uint32_t rounded = bits + 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(rounded >> 16);
}
/// The f32 whose upper half is `bits` (exact).
inline float fromBf16Bits(uint16_t bits) {
  return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);
}
/// `x` rounded to bf16 precision (RNE), as an f32: fromBf16Bits(bf16Bits(x)).
inline float roundBf16(float x) { return fromBf16Bits(bf16Bits(x)); }

// --- f32 min/max, conversions. ---

/// NaN (0x7fc00000) if either operand is NaN; -0 < +0; else the larger.
float maxF(float a, float b);
/// NaN (0x7fc00000) if either operand is NaN; -0 < +0; else the smaller.
float minF(float a, float b);
/// Truncation toward zero, saturating to [INT32_MIN, INT32_MAX]; NaN -> 0.
int32_t f32ToS32(float x);
/// The nearest f32 (round to nearest even).
float s32ToF32(int32_t x);
/// Truncation toward zero, saturating to [0, UINT32_MAX]; NaN -> 0 (XLA's
/// float -> u32 convert).
uint32_t f32ToU32(float x);
/// The nearest f32 of an unsigned word (round to nearest even).
float u32ToF32(uint32_t x);
/// floor, ceil, and round to the nearest integer with halves to even.
float floorF(float x);
float ceilF(float x);
float roundHalfEven(float x);

// --- s32. ---

/// C truncation. x / 0 = -1; INT32_MIN / -1 = INT32_MIN.
int32_t divS32(int32_t a, int32_t b);
/// C remainder (the dividend's sign). x % 0 = x; INT32_MIN % -1 = 0.
int32_t remS32(int32_t a, int32_t b);
/// Unsigned division and remainder: x / 0 = UINT32_MAX, x % 0 = x (XLA).
uint32_t divU32(uint32_t a, uint32_t b);
uint32_t remU32(uint32_t a, uint32_t b);
/// |x|, wrapping: absS32(INT32_MIN) = INT32_MIN.
int32_t absS32(int32_t x);
/// Shifts with XLA semantics: an amount outside [0, 32) gives 0 for the
/// left and logical right shifts and the sign fill (0 or -1) for the
/// arithmetic right shift.
int32_t shiftLeft(int32_t x, int32_t amount);
int32_t shiftRightArithmetic(int32_t x, int32_t amount);
int32_t shiftRightLogical(int32_t x, int32_t amount);
/// The low 8 bits of x, sign-extended (int8 wrapping).
int32_t wrapS8(int32_t x);
/// The number of one bits of x's 32-bit word (lax.population_count).
int32_t popcount(int32_t x);
/// The number of leading zero bits of x's 32-bit word; 32 for 0 (lax.clz).
int32_t clz(int32_t x);

// --- Compares (vcmp.*): 1 / 0 words. f32 unordered: false except Ne. ---

enum class CmpKind : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };
bool compareF32(CmpKind kind, float a, float b);
bool compareS32(CmpKind kind, int32_t a, int32_t b);

// --- EUP functions, one per instruction (vexp.f32 ... vdiv.f32). ---

float exp(float x);       // vexp.f32
float exp2(float x);      // vexp2.f32
float log(float x);       // vlog.f32
float log1p(float x);     // vlog1p.f32
float tanh(float x);      // vtanh.f32
float logistic(float x);  // vlogistic.f32: 1 / (1 + e^-x)
float sqrt(float x);      // vsqrt.f32 (IEEE)
float rsqrt(float x);     // vrsqrt.f32: 1 / sqrt(x)
float rcp(float x);       // vrcp.f32: 1.0f / x (IEEE)
float sin(float x);       // vsin.f32
float cos(float x);       // vcos.f32
float erf(float x);       // verf.f32
float tan(float x);       // vtan.f32
/// The inverse of erf (lax.erf_inv): +-inf at +-1, NaN outside [-1, 1].
float erfInv(float x);    // verfinv.f32
float pow(float a, float b);    // vpow.f32
float divF32(float a, float b); // vdiv.f32 (IEEE quotient)
/// C's fmod (XLA's float rem, lax.rem): a - n * b, n = trunc(a / b), exact;
/// the dividend's sign; NaN for b = 0 or an infinite a.
float remF32(float a, float b); // vrem.f32

// --- Reductions (vredlane.*, vredsub.*). ---

enum class ReduceKind : uint8_t { Sum, Max, Min };
/// Sum: f32 +, rounding after every butterfly step; Max/Min: maxF/minF.
float reduceLanes(ReduceKind kind, const float values[machine::kLanes]);
float reduceSublanes(ReduceKind kind, const float values[machine::kSublanes]);
/// Sum wraps; Max/Min signed.
int32_t reduceLanes(ReduceKind kind, const int32_t values[machine::kLanes]);
int32_t reduceSublanes(ReduceKind kind,
                       const int32_t values[machine::kSublanes]);
/// A reduction of one line of an array along an axis, as a kernel computes
/// jnp.sum/max/min: the line's `n` elements (element i at values[i *
/// stride]) are cut into vreg-wide pieces (128 lanes, or 8 sublanes; the
/// last one padded with the neutral element, 0 / -inf / +inf or INT_MIN /
/// INT_MAX, when n is not a multiple: a padded tile) that are combined
/// elementwise in order (piece 0, op piece 1, op piece 2, ...), then the
/// butterfly above reduces the last piece.
float reduceAlongLanes(ReduceKind kind, const float *values, int64_t n, int64_t stride = 1);
float reduceAlongSublanes(ReduceKind kind, const float *values, int64_t n, int64_t stride = 1);
int32_t reduceAlongLanes(ReduceKind kind, const int32_t *values, int64_t n,
                         int64_t stride = 1);
int32_t reduceAlongSublanes(ReduceKind kind, const int32_t *values, int64_t n,
                            int64_t stride = 1);

// --- MXU. ---

/// One LHS row through a weight block: out[n] = sum over k (in k order) of
/// roundBf16(lhs[k]) * weights[k * 128 + n], each product exact, the sum in
/// double, rounded once to f32 (a NaN sum gives 0x7fc00000). `weights` is
/// row-major [K = 128][N = 128] and holds bf16 values (the MXU's weights
/// are bf16; an f32 weight is used as it is, its product is still exact in
/// double).
std::array<float, machine::kMxuDim>
mxuPass(const float lhs[machine::kMxuDim],
        const float weights[machine::kMxuDim * machine::kMxuDim]);
/// int8: out[n] = sum over k of lhs[k] * weights[k * 128 + n], exact in
/// int32 (it cannot overflow: |sum| <= 128 * 128 * 128).
std::array<int32_t, machine::kMxuDim>
mxuPass(const int8_t lhs[machine::kMxuDim],
        const int8_t weights[machine::kMxuDim * machine::kMxuDim]);

/// A weight block as the MXU's fast passes read it: [K = 128][N = 128]
/// row-major, each weight (a bf16 or an int8 value) exact as a double.
struct alignas(64) MxuWeights {
  std::array<double, machine::kMxuDim * machine::kMxuDim> w;
};
/// The host vectors the fast MXU passes run on.
enum class MxuHostIsa : uint8_t { Portable, Avx2, Avx512 };
/// The widest this host runs (what mxuPassRows uses), and whether it runs
/// `isa` at all (the tests check every one it runs against mxuPass).
MxuHostIsa mxuHostIsa();
bool mxuHostRuns(MxuHostIsa isa);
/// "portable", "avx2" (with FMA) or "avx512".
const char *mxuHostIsaName(MxuHostIsa isa);

/// `rows` LHS rows (row-major, 128 values each) through one weight block:
/// out[r * 128 + n] is mxuPass(lhs + r * 128, the same weights)[n] bit for
/// bit (the same products, summed in double in the same k order), computed
/// eight rows at a time on host vectors: AVX-512 or AVX2 + FMA where the
/// host has them (a product is exact, so a fused multiply-add rounds as an
/// add does), else portable vector code. The simulator's vmatmul and the
/// fast host references use these. `isa` must be one the host runs.
void mxuPassRows(const float *lhs, int64_t rows, const MxuWeights &weights, float *out,
                 MxuHostIsa isa = mxuHostIsa());
/// int8 LHS rows through int8 weights: exact in int32, as mxuPass.
void mxuPassRows(const int8_t *lhs, int64_t rows, const MxuWeights &weights, int32_t *out,
                 MxuHostIsa isa = mxuHostIsa());

}  // namespace tessera::vmath
