//===- KernelGenerator.cpp - Random kernel programs and their host model --===//
//
// Two parts. The host model (HostModel) runs a Program on host arrays: it is
// the reference the chip's output is compared with, and it also checks the
// rules a generated program must keep (windows in range, only written data
// read, the DMA rules, values that stay tame), returning false when a rule
// is broken. The generator (Generator) writes programs op by op: straight
// code is run on the host model as it is appended, so the generator always
// knows the exact state at the top level; a loop or branch is written whole
// from what is known of every iteration (which values a scalar can take,
// which tiles are written whatever the path, which DMAs are in flight), then
// run on the host model, and dropped if some iteration breaks a rule.
//
//===----------------------------------------------------------------------===//
#include "KernelGenerator.h"

#include "sim/VectorMath.h"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tessera::difftest {
namespace {

/// The most values the generator tracks for one scalar (more: unknown).
constexpr size_t kMaxFactValues = 64;
/// The most iterations of one loop (the host model refuses more).
constexpr int64_t kMaxTrips = 8;
/// Loops nest at most this deep; loops and branches together a bit deeper.
constexpr int kMaxLoopDepth = 2, kMaxDepth = 3;
/// The rows of a dot's RHS value: one MXU weight block of K (or of N when
/// transposed).
constexpr int64_t kMxuRows = 128;

//===----------------------------------------------------------------------===//
// Scalar semantics (the scalar unit's: int32, wrapping, C division)
//===----------------------------------------------------------------------===//

/// The result of `a k b`; false for a fault (a division by zero).
bool evalSBin(SBinKind k, int32_t a, int32_t b, int32_t &r) {
  uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
  switch (k) {
  case SBinKind::Add: r = (int32_t)(ua + ub); return true;
  case SBinKind::Sub: r = (int32_t)(ua - ub); return true;
  case SBinKind::Mul: r = (int32_t)(ua * ub); return true;
  case SBinKind::Div:
    if (b == 0)
      return false;
    r = a == INT32_MIN && b == -1 ? INT32_MIN : a / b;
    return true;
  case SBinKind::Rem:
    if (b == 0)
      return false;
    r = a == INT32_MIN && b == -1 ? 0 : a % b;
    return true;
  case SBinKind::And: r = a & b; return true;
  case SBinKind::Or: r = a | b; return true;
  case SBinKind::Xor: r = a ^ b; return true;
  case SBinKind::Shl: r = (int32_t)(ua << (ub & 31)); return true;
  case SBinKind::Shr: r = a >> (ub & 31); return true;
  case SBinKind::Min: r = std::min(a, b); return true;
  case SBinKind::Max: r = std::max(a, b); return true;
  case SBinKind::LAnd: r = (a != 0) && (b != 0); return true;
  case SBinKind::LOr: r = (a != 0) || (b != 0); return true;
  }
  return false;
}

bool evalCmp(CmpKind k, int32_t a, int32_t b) {
  switch (k) {
  case CmpKind::Lt: return a < b;
  case CmpKind::Le: return a <= b;
  case CmpKind::Gt: return a > b;
  case CmpKind::Ge: return a >= b;
  case CmpKind::Eq: return a == b;
  case CmpKind::Ne: return a != b;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// The host model
//===----------------------------------------------------------------------===//

/// A Ref's contents on the host, row-major, and which (row, 128-column
/// tile) elements have been written.
struct HostBuf {
  int64_t rows = 0, cols = 0;
  std::vector<float> data;
  std::vector<uint8_t> init;
  std::vector<uint8_t> fromBody;  // last written inside a loop or branch
  bool present = false;
  int64_t colTiles() const { return cols / kLanes; }
};

/// A value on the host: its elements as floats whatever its dtype (bf16
/// values are bf16-exact floats; int32, int8 and bool_ values are integers,
/// exact because tame values stay below 2^24).
struct HostValue {
  int64_t rows = 0, cols = 0;
  std::vector<float> data;
  DType dtype = DType::float32;
};

/// A window with its run-time start resolved.
struct CWin {
  int ref = -1;
  int64_t r0 = 0, nr = 0, c0 = 0, nc = 0;
};

bool overlaps(const CWin &a, const CWin &b) {
  return a.ref == b.ref && a.r0 < b.r0 + b.nr && b.r0 < a.r0 + a.nr && a.c0 < b.c0 + b.nc &&
         b.c0 < a.c0 + a.nc;
}

/// Values stay finite and away from subnormals, so nothing depends on how
/// the chip treats them (bit-identical must hold anyway).
bool tame(const std::vector<float> &v) {
  for (float f : v) {
    float m = std::fabs(f);
    if (!std::isfinite(f) || m > 1.0e6f || (m != 0.0f && m < 1.0e-20f))
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The vector and matrix language on the host (sim/VectorMath.h numerics)
//===----------------------------------------------------------------------===//

/// Integer arithmetic wraps to the dtype's bits; the result (its value:
/// unsigned ones non-negative) as a float (tame ones are exact).
float wrapInt(DType dtype, int64_t r) {
  uint32_t w = wrapToWord(dtype, r);
  return isUnsigned(dtype) ? (float)w : (float)(int32_t)w;
}
/// A result of `dtype` computed in f32 (floats) or int64 (ints): bf16 rounds
/// after every op, integers wrap.
float narrow(DType dtype, double x) {
  if (dtype == DType::bfloat16)
    return vmath::roundBf16((float)x);
  if (isInteger(dtype))
    return wrapInt(dtype, (int64_t)x);
  return (float)x;
}
int32_t asInt(float f) { return (int32_t)f; }
/// An integer value's bits as an unsigned word (its dtype's value wrapped).
uint32_t asWord(float f) { return (uint32_t)(int64_t)f; }

/// Elementwise + - * of two operands of `dtype`.
float binHost(DType dtype, BinKind k, float x, float y) {
  if (isIntDType(dtype)) {
    int64_t a = asInt(x), b = asInt(y);
    return wrapInt(dtype, k == BinKind::Add ? a + b : k == BinKind::Sub ? a - b : a * b);
  }
  float r = k == BinKind::Add ? x + y : k == BinKind::Sub ? x - y : x * y;
  return narrow(dtype, r);
}

/// A value every element of which keeps the rules: floats tame, ints
/// within +-1e6 (so that converting them back to f32 is exact).
bool tameValue(const HostValue &v) {
  if (!isIntDType(v.dtype) && v.dtype != DType::bool_)
    return tame(v.data);
  for (float f : v.data)
    if (!(std::fabs(f) <= 1.0e6f))
      return false;
  return true;
}

vmath::ReduceKind reduceKind(RedKind k) {
  return k == RedKind::Sum   ? vmath::ReduceKind::Sum
         : k == RedKind::Max ? vmath::ReduceKind::Max
                             : vmath::ReduceKind::Min;
}

/// One lane row of a reduction over the lanes of a [rows, cols] value:
/// the row's 128-lane tiles combined in order, then the butterfly; ints
/// wrap; bf16 reduces in f32 and rounds once.
float reduceRow(RedKind k, DType dtype, const float *row, int64_t cols, int64_t stride) {
  vmath::ReduceKind kind = reduceKind(k);
  if (isIntDType(dtype)) {
    std::vector<int32_t> line(cols);
    for (int64_t c = 0; c < cols; ++c)
      line[c] = asInt(row[c * stride]);
    return (float)vmath::reduceAlongLanes(kind, line.data(), cols);
  }
  return narrow(dtype, vmath::reduceAlongLanes(kind, row, cols, stride));
}

/// The same over the sublanes of one column: the column's 8-row tiles
/// combined in order, then the sublane butterfly.
float reduceColumn(RedKind k, DType dtype, const float *col, int64_t rows, int64_t stride) {
  vmath::ReduceKind kind = reduceKind(k);
  if (isIntDType(dtype)) {
    std::vector<int32_t> line(rows);
    for (int64_t r = 0; r < rows; ++r)
      line[r] = asInt(col[r * stride]);
    return (float)vmath::reduceAlongSublanes(kind, line.data(), rows);
  }
  return narrow(dtype, vmath::reduceAlongSublanes(kind, col, rows, stride));
}

/// dot(a, b) (b transposed: [N, K]) as the MXUs compute it: per output
/// tile, one pass per 128-wide K block (vmath::mxuPass), summed in f32 in
/// kb order; f32 operands at DEFAULT enter as bf16; HIGHEST sums the six
/// bf16 terms (a3,b1) (a2,b2) (a1,b3) (a2,b1) (a1,b2) (a1,b1) in order,
/// each term's passes in kb order; int8 passes are exact int32.
/// a.T() of a host value (exact: elements move, no rounding).
HostValue transposeHost(const HostValue &a) {
  HostValue r{a.cols, a.rows, std::vector<float>(a.data.size()), a.dtype};
  for (int64_t i = 0; i < a.rows; ++i)
    for (int64_t j = 0; j < a.cols; ++j)
      r.data[j * a.rows + i] = a.data[i * a.cols + j];
  return r;
}

HostValue dotHost(const HostValue &a, const HostValue &b, bool transB, bool highest) {
  int64_t m = a.rows, k = a.cols, n = transB ? b.rows : b.cols;
  HostValue r{m, n, std::vector<float>(m * n, 0.0f),
              a.dtype == DType::int8 ? DType::int32 : DType::float32};
  auto weight = [&](const std::vector<float> &bd, int64_t kk, int64_t nn) {
    return transB ? bd[nn * k + kk] : bd[kk * n + nn];
  };
  if (a.dtype == DType::int8) {
    std::vector<int8_t> lhs(kLanes), w(kLanes * kLanes);
    for (int64_t kb = 0; kb < k / kLanes; ++kb)
      for (int64_t nb = 0; nb < n / kLanes; ++nb) {
        for (int64_t i = 0; i < kLanes; ++i)
          for (int64_t j = 0; j < kLanes; ++j)
            w[i * kLanes + j] = (int8_t)asInt(weight(b.data, kb * kLanes + i, nb * kLanes + j));
        for (int64_t row = 0; row < m; ++row) {
          for (int64_t i = 0; i < kLanes; ++i)
            lhs[i] = (int8_t)asInt(a.data[row * k + kb * kLanes + i]);
          auto pass = vmath::mxuPass(lhs.data(), w.data());
          for (int64_t j = 0; j < kLanes; ++j) {
            float &o = r.data[row * n + nb * kLanes + j];
            o = wrapInt(DType::int32, (int64_t)asInt(o) + pass[j]);
          }
        }
      }
    return r;
  }
  auto split = [](const std::vector<float> &v, int part) {
    std::vector<float> out(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      float p1 = vmath::roundBf16(v[i]), r1 = v[i] - p1, p2 = vmath::roundBf16(r1);
      out[i] = part == 0 ? p1 : part == 1 ? p2 : vmath::roundBf16(r1 - p2);
    }
    return out;
  };
  std::vector<std::pair<std::vector<float>, std::vector<float>>> terms;
  if (highest) {
    const int order[6][2] = {{2, 0}, {1, 1}, {0, 2}, {1, 0}, {0, 1}, {0, 0}};
    for (auto [i, j] : order)
      terms.push_back({split(a.data, i), split(b.data, j)});
  } else {
    terms.push_back({a.data, split(b.data, 0)});
  }
  // K and N may end in partial blocks: weight rows and LHS lanes past K,
  // and weight columns past N, are zero (as the compiler makes them).
  std::vector<uint8_t> first(m * n, 1);
  std::vector<float> w(kLanes * kLanes), lhs(kLanes);
  for (const auto &[ad, bd] : terms)
    for (int64_t kb = 0; kb < (k + kLanes - 1) / kLanes; ++kb)
      for (int64_t nb = 0; nb < (n + kLanes - 1) / kLanes; ++nb) {
        for (int64_t i = 0; i < kLanes; ++i)
          for (int64_t j = 0; j < kLanes; ++j) {
            int64_t kk = kb * kLanes + i, nn = nb * kLanes + j;
            w[i * kLanes + j] = kk < k && nn < n ? weight(bd, kk, nn) : 0.0f;
          }
        for (int64_t row = 0; row < m; ++row) {
          for (int64_t i = 0; i < kLanes; ++i)
            lhs[i] = kb * kLanes + i < k ? ad[row * k + kb * kLanes + i] : 0.0f;
          auto pass = vmath::mxuPass(lhs.data(), w.data());
          for (int64_t j = 0; j < kLanes && nb * kLanes + j < n; ++j) {
            int64_t i = row * n + nb * kLanes + j;
            r.data[i] = first[i] ? pass[j] : r.data[i] + pass[j];
            first[i] = 0;
          }
        }
      }
  return r;
}

/// a.astype(to) of one element.
float convert(DType from, DType to, float x) {
  bool fromInt = isIntDType(from) || from == DType::bool_;
  switch (to) {
  case DType::float32: return fromInt ? vmath::s32ToF32(asInt(x)) : x;
  case DType::bfloat16: return vmath::roundBf16(fromInt ? vmath::s32ToF32(asInt(x)) : x);
  case DType::int32: return fromInt ? x : (float)vmath::f32ToS32(x);
  case DType::int8: return (float)vmath::wrapS8(fromInt ? asInt(x) : vmath::f32ToS32(x));
  case DType::bool_: return x != 0.0f;
  case DType::int16:
  case DType::uint8:
  case DType::uint16:
  case DType::uint32: {
    // Integers wrap to the dtype's bits; floats saturate to its range.
    IntRange range = integerRange(to);
    int64_t i = fromInt ? (isUnsigned(from) ? (int64_t)(uint32_t)asInt(x) : asInt(x))
                        : (int64_t)std::clamp<double>(std::isnan(x) ? 0.0 : std::trunc(x),
                                                      (double)range.lo, (double)range.hi);
    uint32_t w = wrapToWord(to, i);
    return isUnsigned(to) ? (float)w : (float)(int32_t)w;
  }
  default: break;  // never drawn
  }
  return x;
}

/// jnp.sign of one element (floats keep 0, -0 and NaN).
float signHost(float x) { return x > 0 ? 1.0f : x < 0 ? -1.0f : x; }

/// The functions JAX composes of other ops (MathKind::Tan ... Cumsum), op
/// by op as dsl/Composites.cpp records them, each result narrowed to the
/// dtype (bf16 rounds after every op).
bool composedHost(const Op &op, const HostValue &a, const HostValue &b, HostValue &r) {
  DType t = a.dtype;
  bool isInt = isIntDType(t);
  auto n = [&](double x) { return narrow(t, x); };
  auto each = [&](auto f) {
    for (size_t i = 0; i < a.data.size(); ++i)
      r.data[i] = f(a.data[i], b.data[i], (int64_t)i / a.cols, (int64_t)i % a.cols);
  };
  auto divisor = [&](float y) { return op.spelling == 1 ? n(std::fabs(y) + 0.5f) : y; };
  switch (op.math) {
  case MathKind::Tan: each([&](float x, float, int64_t, int64_t) { return n(vmath::tan(x)); }); return true;
  case MathKind::ErfInv:
    each([&](float x, float, int64_t, int64_t) {
      return n(vmath::erfInv(n(n(vmath::tanh(x)) * 0.5f)));
    });
    return true;
  case MathKind::Finite:
    each([&](float x, float, int64_t, int64_t) { return std::isfinite(x) ? x : 0.0f; });
    return true;
  case MathKind::IntPow:  // XLA's squaring order (lax::integer_pow)
    each([&](float x, float, int64_t, int64_t) {
      int m = (int)op.scalar;
      if (m == 0)
        return 1.0f;
      std::optional<float> acc;
      for (float base = x; m > 0;) {
        if (m & 1)
          acc = acc ? n(*acc * base) : base;
        m >>= 1;
        if (m > 0)
          base = n(base * base);
      }
      return *acc;
    });
    return true;
  case MathKind::FRem:
    each([&](float x, float y, int64_t, int64_t) {
      return n(vmath::remF32(x, n(std::fabs(y) + 0.5f)));
    });
    return true;
  case MathKind::Window: {
    int64_t i = std::clamp<int64_t>(op.at0, 0, a.rows - op.rows),
            j = std::clamp<int64_t>(op.at1, 0, a.cols - op.cols);
    r.data = a.data;
    for (int64_t p = 0; p < op.rows; ++p)
      for (int64_t q = 0; q < op.cols; ++q)
        r.data[(i + p) * a.cols + j + q] = a.data[p * a.cols + q];
    return true;
  }
  case MathKind::Element: {
    float y = a.data[op.rows * a.cols + op.cols];
    each([&](float x, float, int64_t, int64_t) {
      return isInt ? wrapInt(t, (int64_t)asInt(x) + asInt(y)) : n(x + y);
    });
    return true;
  }
  case MathKind::Sign:
    each([&](float x, float, int64_t, int64_t) {
      return isInt ? (float)((asInt(x) > 0) - (asInt(x) < 0)) : signHost(x);
    });
    return true;
  case MathKind::FloorDiv:
    each([&](float x, float y0, int64_t, int64_t) {
      float y = divisor(y0);
      if (isInt) {
        int32_t p = asInt(x), q = asInt(y), d = vmath::divS32(p, q);
        bool adjust = ((p > 0) - (p < 0)) != ((q > 0) - (q < 0)) && vmath::remS32(p, q) != 0;
        return wrapInt(t, adjust ? (int64_t)d - 1 : d);
      }
      float mod = n(vmath::remF32(x, y));
      float div = n(vmath::divF32(n(x - mod), y));
      if (mod != 0 && signHost(y) != signHost(mod))
        div = n(div - 1);
      float tr = div < 0 ? vmath::ceilF(div) : vmath::floorF(div);
      return std::fabs(n(div - tr)) >= 0.5f ? n(tr + signHost(div)) : tr;
    });
    return true;
  case MathKind::Mod:
    each([&](float x, float y0, int64_t, int64_t) {
      float y = divisor(y0);
      if (isInt) {
        int32_t p = asInt(x), q = asInt(y) == 0 ? 1 : asInt(y), m = vmath::remS32(p, q);
        return wrapInt(t, (m < 0) != (q < 0) && m != 0 ? (int64_t)m + q : m);
      }
      float m = n(vmath::remF32(x, y));
      return (m < 0) != (y < 0) && m != 0 ? n(m + y) : m;
    });
    return true;
  case MathKind::Triu:
  case MathKind::Tril:
    each([&](float x, float, int64_t i, int64_t j) {
      int64_t k = (int64_t)op.scalar;
      bool keep = op.math == MathKind::Triu ? j - i >= k : j - i <= k;
      return keep ? x : 0.0f;
    });
    return true;
  case MathKind::AnyAll: {
    bool all = op.spelling == 1;
    each([&](float x, float, int64_t i, int64_t j) {
      bool acc = all;
      int64_t len = op.axis == 1 ? a.cols : a.rows;
      for (int64_t q = 0; q < len; ++q) {
        float e = op.axis == 1 ? a.data[i * a.cols + q] : a.data[q * a.cols + j];
        bool positive = isInt ? asInt(e) > 0 : e > 0;
        acc = all ? acc && positive : acc || positive;
      }
      if (acc)
        return x;
      return isInt ? wrapInt(t, -(int64_t)asInt(x)) : -x;
    });
    return true;
  }
  case MathKind::PopCount:
    each([&](float x, float, int64_t, int64_t) { return (float)vmath::popcount(asInt(x)); });
    return true;
  case MathKind::Clz:
    each([&](float x, float, int64_t, int64_t) { return (float)vmath::clz(asInt(x)); });
    return true;
  case MathKind::GramSum: {  // a + sum(pl::dot(a, a.T), 1) * 0.0625, any K (f32)
    HostValue g = dotHost(a, a, /*transB=*/true, op.highest);
    for (int64_t i = 0; i < a.rows; ++i) {
      float rowSum = reduceRow(RedKind::Sum, DType::float32, &g.data[i * g.cols], g.cols, 1);
      float scaled = rowSum * 0.0625f;
      for (int64_t j = 0; j < a.cols; ++j)
        r.data[i * a.cols + j] = a.data[i * a.cols + j] + scaled;
    }
    return true;
  }
  case MathKind::TakeAlong: {  // indices (t * 7 + 3) % (n + 3) - 1 along the axis
    int64_t n = op.axis == 1 ? a.cols : a.rows;
    each([&](float, float, int64_t i, int64_t j) {
      int64_t t = op.axis == 1 ? j : i, k = (t * 7 + 3) % (n + 3) - 1;
      if (k < 0)
        k += n;
      if (k >= n)
        return isInt ? (float)INT32_MIN : std::numeric_limits<float>::quiet_NaN();
      return op.axis == 1 ? a.data[i * a.cols + k] : a.data[k * a.cols + j];
    });
    return true;
  }
  case MathKind::Cumsum: {  // the log-depth scan of jnp::cumsum (f32)
    r.data = a.data;
    int64_t len = op.axis == 1 ? a.cols : a.rows;
    for (int64_t d = 1; d < len; d *= 2) {
      std::vector<float> prev = r.data;
      for (int64_t i = 0; i < a.rows; ++i)
        for (int64_t j = 0; j < a.cols; ++j) {
          int64_t along = op.axis == 1 ? j : i;
          float before = along >= d ? prev[op.axis == 1 ? i * a.cols + j - d
                                                        : (i - d) * a.cols + j]
                                    : 0.0f;
          r.data[i * a.cols + j] = prev[i * a.cols + j] + before;
        }
    }
    return true;
  }
  default:
    return false;
  }
}

/// A Math op on host values (operands checked by the caller); false when
/// the op is not defined for the operands (it is then not generated).
bool mathHost(const Op &op, const HostValue &a, const HostValue *b, const HostValue *c,
              HostValue &r) {
  r = HostValue{a.rows, a.cols, std::vector<float>(a.data.size()), op.dtype};
  DType t = a.dtype;
  bool isInt = isIntDType(t);
  auto each = [&](auto f) {
    for (size_t i = 0; i < a.data.size(); ++i)
      r.data[i] = f(a.data[i], b ? b->data[i] : 0.0f, c ? c->data[i] : 0.0f);
  };
  auto unary = [&](float (*f)(float), bool positive) {
    each([&](float x, float, float) {
      if (positive)
        x = narrow(t, std::fabs(x) + 0.5f);
      return narrow(t, f(x));
    });
  };
  switch (op.math) {
  case MathKind::Exp: unary(vmath::exp, false); return true;
  case MathKind::Exp2: unary(vmath::exp2, false); return true;
  case MathKind::Tanh: unary(vmath::tanh, false); return true;
  case MathKind::Sin: unary(vmath::sin, false); return true;
  case MathKind::Cos: unary(vmath::cos, false); return true;
  case MathKind::Erf: unary(vmath::erf, false); return true;
  case MathKind::Logistic: unary(vmath::logistic, false); return true;
  case MathKind::Floor: unary(vmath::floorF, false); return true;
  case MathKind::Ceil: unary(vmath::ceilF, false); return true;
  case MathKind::Round: unary(vmath::roundHalfEven, false); return true;
  case MathKind::Abs:
    each([&](float x, float, float) {
      return isInt ? wrapInt(t, std::abs((int64_t)asInt(x))) : std::fabs(x);
    });
    return true;
  case MathKind::Log: unary(vmath::log, true); return true;
  case MathKind::Log1p: unary(vmath::log1p, true); return true;
  case MathKind::Sqrt: unary(vmath::sqrt, true); return true;
  case MathKind::Rsqrt: unary(vmath::rsqrt, true); return true;
  case MathKind::Recip: unary(vmath::rcp, true); return true;
  case MathKind::PowC:
    each([&](float x, float, float) {
      return narrow(t, vmath::pow(narrow(t, std::fabs(x) + 0.5f), narrow(t, (float)op.scalar)));
    });
    return true;
  case MathKind::Div:
    each([&](float x, float y, float) {
      if (isInt && isUnsigned(t))
        return wrapInt(t, vmath::divU32(asWord(x), asWord(y)));
      if (isInt)
        return wrapInt(t, vmath::divS32(asInt(x), asInt(y)));
      if (op.spelling == 1)  // a / (jnp::abs(b) + 0.5)
        y = narrow(t, std::fabs(y) + 0.5f);
      return narrow(t, vmath::divF32(x, y));
    });
    return true;
  case MathKind::Max:
  case MathKind::Min: {
    bool mx = op.math == MathKind::Max;
    each([&](float x, float y, float) {
      if (isInt)
        return mx ? std::max(x, y) : std::min(x, y);  // the values (exact in f32)
      return mx ? vmath::maxF(x, y) : vmath::minF(x, y);
    });
    return true;
  }
  case MathKind::Rem:
    each([&](float x, float y, float) {
      return isUnsigned(t) ? wrapInt(t, vmath::remU32(asWord(x), asWord(y)))
                           : wrapInt(t, vmath::remS32(asInt(x), asInt(y)));
    });
    return true;
  case MathKind::And:
  case MathKind::Or:
  case MathKind::Xor:
    each([&](float x, float y, float) {
      int32_t p = asInt(x), q = asInt(y);
      int32_t v = op.math == MathKind::And ? (p & q) : op.math == MathKind::Or ? (p | q) : (p ^ q);
      return t == DType::bool_ ? (float)v : wrapInt(t, v);
    });
    return true;
  case MathKind::ShlC:
    each([&](float x, float, float) {
      return wrapInt(t, vmath::shiftLeft(asInt(x), (int32_t)op.scalar));
    });
    return true;
  case MathKind::ShrC:
    each([&](float x, float, float) {
      return isUnsigned(t) ? wrapInt(t, vmath::shiftRightLogical((int32_t)asWord(x),
                                                                  (int32_t)op.scalar))
                           : wrapInt(t, vmath::shiftRightArithmetic(asInt(x), (int32_t)op.scalar));
    });
    return true;
  case MathKind::Cmp: {
    vmath::CmpKind k[] = {vmath::CmpKind::Lt, vmath::CmpKind::Le, vmath::CmpKind::Gt,
                          vmath::CmpKind::Ge, vmath::CmpKind::Eq, vmath::CmpKind::Ne};
    vmath::CmpKind ck = k[(int)op.cmp];
    each([&](float x, float y, float) -> float {
      return isInt ? vmath::compareS32(ck, asInt(x), asInt(y)) : vmath::compareF32(ck, x, y);
    });
    return true;
  }
  case MathKind::Where:
    r.dtype = b->dtype;
    each([&](float m, float y, float z) { return m != 0.0f ? y : z; });
    return true;
  case MathKind::Reduce: {
    // Two matrices' elements combined, as a reduction across matrices does
    // (sums of bf16 in f32, rounded by the caller; ints wrap).
    auto combine = [&](float acc, float y) {
      if (op.red == RedKind::Sum)
        return isIntDType(t) ? (float)wrapInt(DType::int32, (int64_t)asInt(acc) + asInt(y))
                             : acc + y;
      if (isIntDType(t))
        return (float)(op.red == RedKind::Max ? std::max(asInt(acc), asInt(y))
                                              : std::min(asInt(acc), asInt(y)));
      return op.red == RedKind::Max ? vmath::maxF(acc, y) : vmath::minF(acc, y);
    };
    if (op.spelling == 6) {
      // Rank 4: a and b as [2, g / 2, m, cols]; the matrices combined along
      // leading axis op.axis in index order (as spelling 5), the result
      // broadcast back along that axis.
      int64_t g = op.rows, m = a.rows / g, cols = a.cols, h = g / 2;
      for (int64_t k = 0; k < g; ++k) {
        int64_t p0 = k / h, h0 = k % h, len = op.axis == 0 ? 2 : h;
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < cols; ++j) {
            auto at = [&](int64_t q) {  // the q-th matrix along the axis
              int64_t kk = op.axis == 0 ? q * h + h0 : p0 * h + q;
              return b->data[(kk * m + i) * cols + j];
            };
            float acc = at(0);
            for (int64_t q = 1; q < len; ++q)
              acc = combine(acc, at(q));
            int64_t o = (k * m + i) * cols + j;
            r.data[o] = binHost(t, op.bin, a.data[o], narrow(t, acc));
          }
      }
      return true;
    }
    if (op.spelling == 4 || op.spelling == 5 || op.spelling == 7 || op.spelling == 8) {
      // Rank 3: a and b as op.rows matrices of m rows; spelling 4 reduces
      // each matrix (axis + 1, the result broadcast back within it), 5
      // combines the matrices elementwise in index order (sums of bf16 in
      // f32, rounded once; ints wrap) and broadcasts that to every matrix.
      int64_t g = op.rows, m = a.rows / g, cols = a.cols;
      for (int64_t k = 0; k < g; ++k)
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < cols; ++j) {
            int64_t at = (k * m + i) * cols + j;
            float red;
            if (op.spelling != 5)  // 7: the same per matrix, of rank 4; 8: without keepdims
              red = op.axis == 1 ? reduceRow(op.red, t, &b->data[(k * m + i) * cols], cols, 1)
                                 : reduceColumn(op.red, t, &b->data[k * m * cols + j], m, cols);
            else {
              float acc = b->data[i * cols + j];
              for (int64_t q = 1; q < g; ++q)
                acc = combine(acc, b->data[(q * m + i) * cols + j]);
              red = narrow(t, acc);
            }
            r.data[at] = binHost(t, op.bin, a.data[at], red);
          }
      return true;
    }
    // a bin broadcast(reduce(b)).
    std::vector<float> red(op.axis == 1 ? b->rows : b->cols);
    for (size_t i = 0; i < red.size(); ++i)
      red[i] = op.axis == 1 ? reduceRow(op.red, t, &b->data[i * b->cols], b->cols, 1)
                            : reduceColumn(op.red, t, &b->data[i], b->rows, b->cols);
    for (int64_t i = 0; i < a.rows; ++i)
      for (int64_t j = 0; j < a.cols; ++j)
        r.data[i * a.cols + j] =
            binHost(t, op.bin, a.data[i * a.cols + j], red[op.axis == 1 ? i : j]);
    return true;
  }
  case MathKind::Astype:
    each([&](float x, float, float) { return convert(t, op.dtype, x); });
    return true;
  case MathKind::Iota:
    r = HostValue{op.rows, op.cols, std::vector<float>(op.rows * op.cols), DType::int32};
    for (int64_t i = 0; i < op.rows; ++i)
      for (int64_t j = 0; j < op.cols; ++j)
        r.data[i * op.cols + j] = (float)(op.axis == 0 ? i : j);
    return true;
  case MathKind::Full:  // every element the number converted (spelling 3: the max of equals)
    r = HostValue{op.rows, op.cols,
                  std::vector<float>(op.rows * op.cols,
                                     convert(DType::float32, op.dtype, (float)op.scalar)),
                  op.dtype};
    return true;
  case MathKind::Dot:
    r = dotHost(op.transA ? transposeHost(a) : a, *b, op.transB, op.highest);
    return true;
  case MathKind::Transpose:
    r = transposeHost(a);
    return true;
  case MathKind::Flat: {  // the same elements in order: elementwise
    r = a;
    float top = -INFINITY;
    for (float x : a.data)
      top = std::max(top, x);
    for (float &x : r.data) {
      x = x > 0.0f ? x : x * 0.5f;
      if (op.spelling == 1)
        x = x + top - top;
    }
    return true;
  }
  default:
    return composedHost(op, a, b ? *b : a, r);
  }
  return false;
}

/// Runs programs on host arrays. Every op either keeps the rules and takes
/// effect, or breaks one and returns false (a straight op then has changed
/// nothing; a loop or branch may have: the caller keeps a copy).
///
/// Under the DMA rules (a DMA's destination is read only after its wait;
/// neither its source nor its destination is written while it is in
/// flight; two DMAs in flight never share a semaphore) a DMA's effect is
/// the same whenever it lands between start and wait, so the model copies
/// at start.
/// The op kind InjectedHostFault makes the host model get wrong, if any.
std::optional<Kind> gInjectedFault;

/// The injected fault on a result of an op of `kind` (see InjectedHostFault).
void injectFault(Kind kind, HostValue &r) {
  if (gInjectedFault == kind && r.dtype != DType::bool_ && !r.data.empty())
    r.data[0] += 1.0f;
}

class HostModel;
std::string runDevices(const Program &p, std::vector<HostModel> &ms);

class HostModel {
  friend std::string runDevices(const Program &p, std::vector<HostModel> &ms);

public:
  std::array<HostBuf, kNumRefs> bufs;
  std::vector<HostValue> vals;
  std::vector<int32_t> scal;
  std::vector<uint8_t> vdef, sdef;  // handles made so far (a use before is a broken rule)
  std::vector<int32_t> smem, tmp;
  std::vector<uint8_t> tmpInit;
  struct Flight {
    int dma, sem;
    CWin src, dst;
  };
  std::vector<Flight> flights;
  // REGULAR semaphores; two-core kernels: the other core's signal (to
  // rsem[remoteSem], after `remoteAfter` core barriers) and the barriers
  // the body has passed.
  std::vector<int64_t> rsem;
  int cores = 1, remoteSem = -1, remoteAfter = 0, barriers = 0;
  int64_t remoteAmount = 0;
  // Kernels on several devices: this model's device and their number.
  int device = 0, devices = 1;
  int64_t taken = 0, notTaken = 0, zeroTrips = 0, oneTrip = 0;
  int depth = 0;      // loops and branches being run
  std::string error;  // the rule the last failing op broke

  void reserve(int numValues, int numScalars) {
    if ((int)vals.size() < numValues) {
      vals.resize(numValues);
      vdef.resize(numValues);
    }
    if ((int)scal.size() < numScalars) {
      scal.resize(numScalars);
      sdef.resize(numScalars);
    }
  }

  /// The state before a program's first op on device `dev`: its inputs
  /// (its shard of them), nothing written.
  void init(const Program &p, int dev = 0) {
    for (int r = 0; r < kNumRefs; ++r) {
      HostBuf &b = bufs[r];
      b.present = r != Y || p.twoInputs;
      if (!b.present)
        continue;
      b.rows = p.shapes[r][0];
      b.cols = p.shapes[r][1];
      b.data.assign(b.rows * b.cols, 0.0f);
      b.init.assign(b.rows * b.colTiles(), r == X || r == Y);
      b.fromBody.assign(b.init.size(), 0);
    }
    auto shard = [&](const std::vector<float> &all, int ref) {
      size_t n = (size_t)(p.shapes[ref][0] * p.shapes[ref][1]);
      return std::vector<float>(all.begin() + dev * n, all.begin() + (dev + 1) * n);
    };
    bufs[X].data = shard(p.x, X);
    if (p.twoInputs)
      bufs[Y].data = shard(p.y, Y);
    device = dev;
    devices = p.devices;
    smem = p.smem;
    tmp.assign(p.tmp ? kTmpWords : 0, 0);
    tmpInit.assign(tmp.size(), 0);
    reserve(p.numValues, p.numScalars);
    rsem.assign(p.rsems, 0);
    cores = p.cores;
    remoteSem = p.remoteSem;
    remoteAfter = p.remoteAfter;
    remoteAmount = p.remoteAmount;
    barriers = 0;
    if (cores == 2)
      arriveAfterBarrier();
  }

  /// Two-core kernels: the other core's signal, once the body has passed
  /// `remoteAfter` barriers (the other core makes it after as many).
  void arriveAfterBarrier() {
    if (barriers == remoteAfter && remoteSem >= 0 && remoteSem < (int)rsem.size())
      rsem[remoteSem] += remoteAmount;
  }

  /// The rule a finished run breaks at the end: a DMA in flight, a REGULAR
  /// semaphore not back to zero, the other core's signal never made.
  std::string endError() const {
    if (!flights.empty())
      return "a DMA still in flight at the end";
    for (size_t r = 0; r < rsem.size(); ++r)
      if (rsem[r] != 0)
        return "REGULAR semaphore " + std::to_string(r) + " is " + std::to_string(rsem[r]) +
               " at the end";
    if (cores == 2 && (remoteSem < 0 || remoteSem >= (int)rsem.size() || remoteAfter > barriers))
      return "the other core's signal is never made";
    return "";
  }

  bool run(const std::vector<Op> &ops) {
    for (const Op &op : ops)
      if (!exec(op))
        return false;
    return true;
  }

  bool exec(const Op &op);

  bool window(const Win &w, CWin &out) {
    const HostBuf &b = bufs[w.ref];
    if (!b.present)
      return fail("a window of an absent Ref");
    int64_t r0 = w.r0;
    if (w.isDynamic() && !usesS({Sc::of(w.start)}))
      return false;
    if (w.isDynamic()) {
      int64_t s = scal[w.start];
      r0 = s + w.k;
      if (w.syntax == Syntax::DynNested && (s < 0 || s + w.nb > b.rows))
        return fail("an outer window out of range");
    }
    if (r0 < 0 || w.nr <= 0 || r0 + w.nr > b.rows || w.c0 < 0 || w.nc <= 0 ||
        w.c0 + w.nc > b.cols || w.c0 % kLanes || w.nc % kLanes)
      return fail("a window out of range");
    if (w.count >= 0 && (!usesS({Sc::of(w.count)}) || scal[w.count] != w.nr))
      return fail("a run-time row count other than the window's rows");
    out = {w.ref, r0, w.nr, w.c0, w.nc};
    return true;
  }

  bool isInit(const CWin &w) const {
    const HostBuf &b = bufs[w.ref];
    for (int64_t r = w.r0; r < w.r0 + w.nr; ++r)
      for (int64_t t = w.c0 / kLanes; t < (w.c0 + w.nc) / kLanes; ++t)
        if (!b.init[r * b.colTiles() + t])
          return false;
    return true;
  }

  HostValue read(const CWin &w) const {
    const HostBuf &b = bufs[w.ref];
    HostValue v{w.nr, w.nc, {}};
    v.data.reserve(w.nr * w.nc);
    for (int64_t r = 0; r < w.nr; ++r)
      for (int64_t c = 0; c < w.nc; ++c)
        v.data.push_back(b.data[(w.r0 + r) * b.cols + w.c0 + c]);
    return v;
  }

  void write(const CWin &w, const std::vector<float> &data) {
    HostBuf &b = bufs[w.ref];
    for (int64_t r = 0; r < w.nr; ++r)
      for (int64_t c = 0; c < w.nc; ++c)
        b.data[(w.r0 + r) * b.cols + w.c0 + c] = data[r * w.nc + c];
    for (int64_t r = w.r0; r < w.r0 + w.nr; ++r)
      for (int64_t t = w.c0 / kLanes; t < (w.c0 + w.nc) / kLanes; ++t) {
        b.init[r * b.colTiles() + t] = 1;
        b.fromBody[r * b.colTiles() + t] = depth > 0;
      }
  }

private:
  bool fail(const std::string &why) {
    error = why;
    return false;
  }
  bool usesV(std::initializer_list<int> ids) {
    for (int id : ids)
      if (id < 0 || id >= (int)vdef.size() || !vdef[id])
        return fail("a use of value v" + std::to_string(id) + " before it is made");
    return true;
  }
  bool usesS(std::initializer_list<Sc> ss) {
    for (const Sc &s : ss)
      if (!s.isConst() && (s.id >= (int)sdef.size() || !sdef[s.id]))
        return fail("a use of scalar s" + std::to_string(s.id) + " before it is made");
    return true;
  }
  bool usesAll(const std::vector<int> &v, const std::vector<int> &s) {
    for (int id : v)
      if (!usesV({id}))
        return false;
    for (int id : s)
      if (!usesS({Sc::of(id)}))
        return false;
    return true;
  }
  void defineV(int id) { vdef[id] = 1; }
  void defineS(int id) { sdef[id] = 1; }
  int64_t value(const Sc &s) const { return s.isConst() ? s.c : scal[s.id]; }

  /// Whole (8, 128) tiles of VMEM; rows 8-aligned unless the buffer is 128 wide.
  bool vectorAccessible(const CWin &w) const {
    const HostBuf &b = bufs[w.ref];
    return isVmem(w.ref) && w.nr % kTileRows == 0 && (b.cols == kLanes || w.r0 % kTileRows == 0);
  }
  bool readable(const CWin &w) const {
    return std::none_of(flights.begin(), flights.end(),
                        [&](const Flight &f) { return overlaps(f.dst, w); });
  }
  bool writable(const CWin &w) const {
    return std::none_of(flights.begin(), flights.end(), [&](const Flight &f) {
      return overlaps(f.dst, w) || overlaps(f.src, w);
    });
  }

  bool arith(const Op &op);
  bool loop(const Op &op);
  bool branch(const Op &op);
};

bool HostModel::arith(const Op &op) {
  if (!usesV({op.a}) || (op.kind == Kind::Bin && !usesV({op.b})))
    return false;
  const HostValue &va = vals[op.a];
  DType t = va.dtype;
  if (t == DType::bool_)
    return fail("arithmetic on a bool_ mask");
  HostValue r{va.rows, va.cols, std::vector<float>(va.data.size()), t};
  auto combine = [&](float x, float y) { return binHost(t, op.bin, x, y); };
  if (op.kind == Kind::Bin) {
    const HostValue &vb = vals[op.b];
    if (vb.rows != va.rows || vb.cols != va.cols || vb.dtype != t)
      return fail("operands of different shapes or dtypes");
    for (size_t i = 0; i < r.data.size(); ++i)
      r.data[i] = combine(va.data[i], vb.data[i]);
  } else if (op.kind == Kind::ScalarOp && !op.sa.isConst()) {
    // An int32 Scalar: f32 values take it converted, int32 values as is.
    if (!usesS({op.sa}))
      return false;
    if (t != DType::float32 && t != DType::int32)
      return fail("a Scalar operand of a " + std::string(dtypeName(t)) + " value");
    float s = (float)scal[op.sa.id];
    if (op.spelling == 1) {  // an f32 scalar: s.astype(f32) * 0.5 + 0.25
      if (t != DType::float32)
        return fail("an f32 Scalar operand of a " + std::string(dtypeName(t)) + " value");
      s = vmath::s32ToF32((int32_t)scal[op.sa.id]) * 0.5f + 0.25f;
    }
    for (size_t i = 0; i < r.data.size(); ++i)
      r.data[i] = op.scalarFirst ? combine(s, va.data[i]) : combine(va.data[i], s);
  } else if (op.kind == Kind::ScalarOp) {
    // A literal takes the value's dtype (weak typing): bf16 rounds it.
    float s = isIntDType(t) ? (float)(int64_t)op.scalar : narrow(t, op.scalar);
    for (size_t i = 0; i < r.data.size(); ++i)
      r.data[i] = op.scalarFirst ? combine(s, va.data[i]) : combine(va.data[i], s);
  } else {
    for (size_t i = 0; i < r.data.size(); ++i)
      r.data[i] = isIntDType(t) ? wrapInt(t, -(int64_t)asInt(va.data[i])) : -va.data[i];
  }
  injectFault(op.kind, r);
  if (!tameValue(r))
    return fail("a value that is not tame");
  vals[op.dst] = std::move(r);
  defineV(op.dst);
  return true;
}

bool HostModel::loop(const Op &op) {
  if (!usesS({op.lo, op.hi}) || !usesAll(op.initV, op.initS))
    return false;
  int64_t lo = value(op.lo), hi = value(op.hi);
  int64_t trips = hi > lo ? (hi - lo + op.step - 1) / op.step : 0;
  if (trips > kMaxTrips)
    return fail("a loop of " + std::to_string(trips) + " iterations");
  zeroTrips += trips == 0;
  oneTrip += trips == 1;
  std::vector<HostValue> cv;
  std::vector<int32_t> cs;
  for (int id : op.initV)
    cv.push_back(vals[id]);
  for (int id : op.initS)
    cs.push_back(scal[id]);
  for (int64_t i = lo; i < hi; i += op.step) {
    for (size_t j = 0; j < cv.size(); ++j) {
      vals[op.argV[j]] = cv[j];
      defineV(op.argV[j]);
    }
    for (size_t j = 0; j < cs.size(); ++j) {
      scal[op.argS[j]] = cs[j];
      defineS(op.argS[j]);
    }
    scal[op.iv] = (int32_t)i;
    defineS(op.iv);
    ++depth;
    bool ok = run(op.body);
    --depth;
    if (!ok || !usesAll(op.yieldV, op.yieldS))
      return false;
    for (size_t j = 0; j < cv.size(); ++j)
      cv[j] = vals[op.yieldV[j]];
    for (size_t j = 0; j < cs.size(); ++j)
      cs[j] = scal[op.yieldS[j]];
  }
  for (size_t j = 0; j < cv.size(); ++j) {
    vals[op.resV[j]] = std::move(cv[j]);
    defineV(op.resV[j]);
  }
  for (size_t j = 0; j < cs.size(); ++j) {
    scal[op.resS[j]] = cs[j];
    defineS(op.resS[j]);
  }
  return true;
}

bool HostModel::branch(const Op &op) {
  if (!usesS({Sc::of(op.pred)}))
    return false;
  bool p = scal[op.pred] != 0;
  ++(p ? taken : notTaken);
  ++depth;
  bool ok = run(p ? op.body : op.orelse);
  --depth;
  if (!ok)
    return false;
  const std::vector<int> &yv = p ? op.yieldV : op.elseYieldV;
  const std::vector<int> &ys = p ? op.yieldS : op.elseYieldS;
  if (!usesAll(yv, ys))
    return false;
  std::vector<HostValue> rv;
  for (int id : yv)
    rv.push_back(vals[id]);
  for (size_t j = 0; j < rv.size(); ++j) {
    vals[op.resV[j]] = std::move(rv[j]);
    defineV(op.resV[j]);
  }
  std::vector<int32_t> rs;
  for (int id : ys)
    rs.push_back(scal[id]);
  for (size_t j = 0; j < rs.size(); ++j) {
    scal[op.resS[j]] = rs[j];
    defineS(op.resS[j]);
  }
  return true;
}

bool HostModel::exec(const Op &op) {
  switch (op.kind) {
  case Kind::Load: {
    CWin w;
    if (!window(op.w, w))
      return false;
    if (!vectorAccessible(w))
      return fail("a load of a window that is not whole aligned VMEM tiles");
    if (!isInit(w))
      return fail("a load of unwritten data");
    if (!readable(w))
      return fail("a load of a DMA's destination before its wait");
    vals[op.dst] = read(w);
    defineV(op.dst);
    return true;
  }
  case Kind::Bin:
  case Kind::ScalarOp:
  case Kind::Neg: return arith(op);
  case Kind::Store:
  case Kind::StoreConst: {
    CWin w;
    if (!window(op.w, w))
      return false;
    // A one-row store (rowSum) is a masked vst of one sublane of a
    // full-width window; other vector stores are whole aligned tiles.
    bool oneRow = op.kind == Kind::Store && op.rowSum;
    if (oneRow ? !(isVmem(w.ref) && w.nr == 1 && w.c0 == 0 && w.nc == bufs[w.ref].cols)
               : !vectorAccessible(w))
      return fail("a store to a window that is not whole aligned VMEM tiles");
    if (!writable(w))
      return fail("a store to a window a DMA in flight uses");
    if (op.kind == Kind::Store) {
      if (!usesV({op.a}))
        return false;
      const HostValue &v = vals[op.a];
      if (oneRow) {
        if (v.cols != w.nc || v.dtype != DType::float32)
          return fail("a one-row store of a value of another width or dtype");
        std::vector<float> sums(v.cols);
        for (int64_t j = 0; j < v.cols; ++j)
          sums[j] = reduceColumn(RedKind::Sum, DType::float32, &v.data[j], v.rows, v.cols);
        write(w, sums);
        return true;
      }
      if (v.rows != w.nr || v.cols != w.nc || v.dtype != DType::float32)
        return fail("a store of a value of another shape or dtype");
      if (op.b >= 0) {  // pltpu::store(window, a, mask): only where the mask holds
        if (!usesV({op.b}))
          return false;
        const HostValue &m = vals[op.b];
        if (m.rows != w.nr || m.cols != w.nc || m.dtype != DType::bool_)
          return fail("a masked store whose mask is not a bool of the window's shape");
        // The elements it writes are not known to cover tiles: it marks
        // nothing initialized (a read of the rest must find them written).
        HostBuf &b = bufs[w.ref];
        for (int64_t r = 0; r < w.nr; ++r)
          for (int64_t c = 0; c < w.nc; ++c)
            if (m.data[r * w.nc + c] != 0.0f)
              b.data[(w.r0 + r) * b.cols + w.c0 + c] = v.data[r * w.nc + c];
        return true;
      }
      write(w, v.data);
    } else {
      write(w, std::vector<float>(w.nr * w.nc, (float)op.scalar));
    }
    return true;
  }
  case Kind::DmaStart: {
    CWin s, d;
    if (!window(op.w, s) || !window(op.w2, d) || !usesS({op.sem}))
      return false;
    int64_t sem = value(op.sem);
    if (sem < 0 || sem >= kNumSems)
      return fail("a semaphore index out of range");
    if (s.nr != d.nr || s.nc != d.nc)
      return fail("a DMA between windows of different shapes");
    if (!isInit(s))
      return fail("a DMA of unwritten data");
    if (!readable(s) || !writable(d) || overlaps(s, d))
      return fail("a DMA against the DMA rules");
    for (const Flight &f : flights)
      if (f.sem == sem || f.dma == op.dma)
        return fail("a DMA on a busy semaphore");
    write(d, read(s).data);
    flights.push_back({op.dma, (int)sem, s, d});
    return true;
  }
  case Kind::DmaWait: {
    if (op.rebuilt) {  // pairs with the DMA in flight on its semaphore, of the same windows
      CWin s, d;
      if (!window(op.w, s) || !window(op.w2, d) || !usesS({op.sem}))
        return false;
      int64_t sem = value(op.sem);
      auto it = std::find_if(flights.begin(), flights.end(),
                             [&](const Flight &f) { return f.sem == sem; });
      if (it == flights.end())
        return fail("a wait on a semaphore no DMA is in flight on");
      if (it->src.ref != s.ref || it->src.r0 != s.r0 || it->src.c0 != s.c0 ||
          it->src.nr != s.nr || it->src.nc != s.nc || it->dst.ref != d.ref ||
          it->dst.r0 != d.r0 || it->dst.c0 != d.c0)
        return fail("a wait for other windows than the DMA in flight");
      flights.erase(it);
      return true;
    }
    auto it = std::find_if(flights.begin(), flights.end(),
                           [&](const Flight &f) { return f.dma == op.dma; });
    if (it == flights.end())
      return fail("a wait for a DMA not in flight");
    flights.erase(it);
    return true;
  }
  case Kind::SRead: {
    if (!usesS({op.sa}))
      return false;
    int64_t i = value(op.sa);
    if (op.smem == Smem::Off) {
      if (i < 0 || i >= (int64_t)smem.size())
        return fail("an SMEM index out of range");
      scal[op.sdst] = smem[i];
    } else {
      if (i < 0 || i >= (int64_t)tmp.size() || !tmpInit[i])
        return fail("a read of an unwritten or absent SMEM word");
      scal[op.sdst] = tmp[i];
    }
    defineS(op.sdst);
    return true;
  }
  case Kind::SWrite: {
    if (!usesS({op.sa, op.sb}))
      return false;
    int64_t i = value(op.sa);
    if (i < 0 || i >= (int64_t)tmp.size())
      return fail("an SMEM index out of range");
    tmp[i] = (int32_t)value(op.sb);
    tmpInit[i] = 1;
    return true;
  }
  case Kind::SBin: {
    int32_t r;
    if (!usesS({op.sa, op.sb}))
      return false;
    if (!evalSBin(op.sbin, (int32_t)value(op.sa), (int32_t)value(op.sb), r))
      return fail("a scalar division by zero");
    scal[op.sdst] = r;
    defineS(op.sdst);
    return true;
  }
  case Kind::SCmp:
    if (!usesS({op.sa, op.sb}))
      return false;
    scal[op.sdst] = evalCmp(op.cmp, (int32_t)value(op.sa), (int32_t)value(op.sb));
    defineS(op.sdst);
    return true;
  case Kind::SNot:
    if (!usesS({op.sa}))
      return false;
    scal[op.sdst] = scal[op.sa.id] == 0;
    defineS(op.sdst);
    return true;
  case Kind::SWhere:
    if (!usesS({op.sa, op.sb, op.sc}))
      return false;
    scal[op.sdst] = scal[op.sa.id] ? scal[op.sb.id] : scal[op.sc.id];
    defineS(op.sdst);
    return true;
  case Kind::SMultipleOf:
    if (!usesS({op.sa}))
      return false;
    if (scal[op.sa.id] % op.multiple != 0)
      return fail("pl::multiple_of of a value that is not a multiple");
    scal[op.sdst] = scal[op.sa.id];
    defineS(op.sdst);
    return true;
  case Kind::For: return loop(op);
  case Kind::If: return branch(op);
  case Kind::Math: {
    bool needsA = !isSource(op.math);
    if ((needsA && !usesV({op.a})) || (op.b >= 0 && !usesV({op.b})) ||
        (op.c >= 0 && !usesV({op.c})))
      return false;
    HostValue none;
    const HostValue &a = needsA ? vals[op.a] : none;
    const HostValue *b = op.b >= 0 ? &vals[op.b] : nullptr;
    const HostValue *c = op.c >= 0 ? &vals[op.c] : nullptr;
    HostValue r;
    if (!mathHost(op, a, b, c, r))
      return fail("a math op the host does not define");
    injectFault(op.kind, r);
    if (!tameValue(r))
      return fail("a value that is not tame");
    vals[op.dst] = std::move(r);
    defineV(op.dst);
    return true;
  }
  case Kind::SemSignal:
  case Kind::SemWait:
  case Kind::SemRead: {
    if (!usesS({op.sem, op.sa}))
      return false;
    int64_t i = value(op.sem), n = value(op.sa);
    if (op.kind == Kind::SemRead && op.dmaSem) {
      if (i < 0 || i >= kNumSems)
        return fail("a semaphore index out of range");
      if (std::any_of(flights.begin(), flights.end(), [&](const Flight &f) { return f.sem == i; }))
        return fail("a read of a DMA semaphore a DMA is in flight on");
      scal[op.sdst] = 0;
      defineS(op.sdst);
      return true;
    }
    if (i < 0 || i >= (int64_t)rsem.size())
      return fail("a REGULAR semaphore index out of range");
    if (op.kind == Kind::SemRead) {
      if (cores == 2 && i == remoteSem)
        return fail("a read of the semaphore the other core signals");
      scal[op.sdst] = (int32_t)rsem[i];
      defineS(op.sdst);
      return true;
    }
    if (n < 0)
      return fail("a negative semaphore amount");
    if (op.kind == Kind::SemSignal) {
      if (op.ownCore && cores != 2)
        return fail("a signal with a core_index on one core");
      if (rsem[i] + n > INT32_MAX)
        return fail("a semaphore past int32");
      rsem[i] += n;
      return true;
    }
    if (rsem[i] < n)
      return fail("a semaphore wait that never returns (a deadlock)");
    rsem[i] -= n;
    return true;
  }
  case Kind::DeviceId:
    if (devices < 2)
      return fail("lax::axis_index(\"d\") on one device");
    scal[op.sdst] = device;
    defineS(op.sdst);
    return true;
  case Kind::RemoteShift:
    return fail("a remote copy in a loop or branch, or on one device");
  case Kind::CoreBarrier:
    if (cores != 2)
      return fail("a core barrier on one core");
    if (depth > 0)
      return fail("a core barrier in a loop or branch");
    ++barriers;
    arriveAfterBarrier();
    return true;
  }
  return fail("an unknown op");
}

//===----------------------------------------------------------------------===//
// What the generator knows of a scalar
//===----------------------------------------------------------------------===//

/// The values a scalar can take wherever it is used (all iterations, all
/// paths), when known, and what the compiler can prove about it
/// (mirroring mlir::tessera::getKnownMultiple; 0 means "is 0").
/// Runs `p` on one host model per device (ms[d] device d's), in lockstep
/// at the top level, where a RemoteShift moves each device's window to the
/// device `shift` after it. The rule a failing op broke, or "".
std::string runDevices(const Program &p, std::vector<HostModel> &ms) {
  for (auto [data, ref] : {std::pair{&p.x, X}, std::pair{&p.y, Y}})
    if ((ref == X || p.twoInputs) &&
        data->size() != (size_t)(allShards(p, ref)[0] * allShards(p, ref)[1]))
      return "an input of another size than its shards";
  ms.assign(p.devices, HostModel());
  for (int d = 0; d < p.devices; ++d)
    ms[d].init(p, d);
  for (const Op &op : p.ops) {
    if (op.kind != Kind::RemoteShift) {
      for (HostModel &m : ms)
        if (!m.exec(op))
          return m.error;
      continue;
    }
    if (p.devices < 2)
      return "a remote copy on one device";
    if (!op.sem.isConst() || !op.sb.isConst() || op.sem.c == op.sb.c || op.sem.c < 0 ||
        op.sem.c >= kNumSems || op.sb.c < 0 || op.sb.c >= kNumSems)
      return "a remote copy's semaphores: two of the DMA semaphores";
    std::vector<std::vector<float>> sent(p.devices);
    for (HostModel &m : ms) {
      CWin s, t;
      if (!m.window(op.w, s) || !m.window(op.w2, t))
        return m.error;
      if (s.nr != t.nr || s.nc != t.nc)
        return "a remote copy between windows of different shapes";
      if (!m.isInit(s))
        return "a remote copy of unwritten data";
      if (!isVmem(t.ref) && t.ref != O)
        return "a remote copy into an input";
      if (!m.readable(s) || !m.writable(t) || overlaps(s, t))
        return "a remote copy against the DMA rules";
      for (const HostModel::Flight &f : m.flights)
        if (f.sem == op.sem.c || f.sem == op.sb.c)
          return "a remote copy on a busy semaphore";
      sent[m.device] = m.read(s).data;
    }
    for (int d = 0; d < p.devices; ++d) {
      HostModel &to = ms[(d + op.shift) % p.devices];
      CWin t;
      to.window(op.w2, t);
      to.write(t, sent[d]);
    }
  }
  return "";
}

struct SFact {
  bool pred = false;
  bool known = false;
  std::vector<int64_t> vals;  // sorted, distinct (when known)
  int64_t mult = 1;
  int64_t lo() const { return vals.front(); }
  int64_t hi() const { return vals.back(); }
  bool allMultiplesOf(int64_t m) const {
    return known && std::all_of(vals.begin(), vals.end(), [&](int64_t v) { return v % m == 0; });
  }
  bool provablyMultipleOf(int64_t m) const { return mult == 0 || mult % m == 0; }
};

SFact constFact(int64_t c) { return {false, true, {c}, c < 0 ? -c : c}; }

SFact setFact(const std::set<int64_t> &s, bool pred = false) {
  SFact f;
  f.pred = pred;
  f.known = !s.empty() && s.size() <= kMaxFactValues;
  if (f.known)
    f.vals.assign(s.begin(), s.end());
  return f;
}

int64_t multMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return std::max(a, b);
  return r;
}

int64_t multLcm(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  return multMul(a / std::gcd(a, b), b);
}

//===----------------------------------------------------------------------===//
// The generator
//===----------------------------------------------------------------------===//

class Generator {
public:
  Generator(uint32_t seed, int index) {
    std::seed_seq seq{seed, (uint32_t)index, 0x7e55e7a1u};
    rng_.seed(seq);
  }

  Program generate();

private:
  std::mt19937 rng_;
  Program p_;
  HostModel model_;

  // Handles: shapes of values, facts of scalars, what is visible here.
  // rows, cols, dtype (DType as an integer: values of one vshape_ are
  // interchangeable as operands).
  std::vector<std::array<int64_t, 3>> vshape_;
  std::vector<SFact> sfact_;
  std::vector<uint8_t> liveS_;
  std::vector<int> visV_, visS_;
  std::vector<int> ivs_;  // induction variables of the enclosing loops

  // Where ops go, and how deep.
  std::vector<Op> *region_ = nullptr;
  int depth_ = 0, loopDepth_ = 0;

  // What is known of memory here whatever the path: tiles and SMEM words
  // surely written, DMAs in flight (with every window and semaphore they
  // may use).
  std::array<std::vector<uint8_t>, kNumRefs> ainit_;
  std::vector<uint8_t> atmpInit_;
  struct AFlight {
    int dma;
    std::vector<int64_t> sems;
    std::vector<CWin> srcs, dsts;
  };
  std::vector<AFlight> aflights_;
  size_t regionFlights_ = 0;  // aflights_[regionFlights_..]: started in this region
  std::vector<Win> recent_;   // VMEM windows used lately
  bool cf_ = false;           // a kernel with control flow

  int64_t pick(int64_t lo, int64_t hi) {  // inclusive
    return lo + (int64_t)(rng_() % (uint64_t)(hi - lo + 1));
  }
  bool chance(double prob) { return (rng_() % 10000) < prob * 10000; }
  double roll() { return (rng_() % 1000) / 1000.0; }
  template <class T>
  const T &oneOf(const std::vector<T> &v) {
    return v[pick(0, (int64_t)v.size() - 1)];
  }

  // Handles.
  int newValue(int64_t rows, int64_t cols, DType dtype = DType::float32) {
    vshape_.push_back({rows, cols, (int64_t)dtype});
    return p_.numValues++;
  }
  int newScalar(SFact f) {
    sfact_.push_back(std::move(f));
    liveS_.push_back(0);
    return p_.numScalars++;
  }
  void defineV(int id) { visV_.push_back(id); }
  void defineS(int id) {
    visS_.push_back(id);
    liveS_[id] = 1;
  }
  /// A new value of the shape and dtype of value `id`.
  int newLike(int id) { return newValue(vshape_[id][0], vshape_[id][1], dtypeOf(id)); }
  DType dtypeOf(int id) const { return (DType)vshape_[id][2]; }
  SFact fact(const Sc &s) const { return s.isConst() ? constFact(s.c) : sfact_[s.id]; }

  // Emitting, and undoing what a failed attempt emitted.
  struct Mark {
    size_t ops, visV, visS;
  };
  Mark mark() const { return {region_->size(), visV_.size(), visS_.size()}; }
  void rollback(const Mark &m);
  bool emit(Op op);
  bool emitConstruct(Op op);
  void apply(const Op &op);

  // Regions.
  struct Scope {
    size_t visV, visS, ivs, flights, regionFlights;
    std::vector<Op> *region;
    std::array<std::vector<uint8_t>, kNumRefs> init;
    std::vector<uint8_t> tmpInit;
  };
  Scope enter(std::vector<Op> *region);
  void leave(const Scope &s);

  // Scalars.
  std::optional<int> scalarOp(Op op);
  std::optional<int> sbin(SBinKind k, Sc a, Sc b);
  std::optional<int> sread(Smem m, Sc index);
  std::optional<SFact> factOf(const Op &op) const;
  std::vector<int> knownInts(bool nonNegative) const;
  std::optional<int> source();
  std::optional<int> startScalar(int64_t maxStart, int64_t align);
  std::optional<int> makePred();
  std::optional<int> simplePred();
  std::optional<Sc> pickSem();

  // Windows.
  std::vector<CWin> possible(const Win &w) const;
  bool initAll(const Win &w) const;
  bool readableAll(const Win &w) const;
  bool writableAll(const Win &w) const;
  bool disjointAll(const Win &a, const Win &b) const;
  bool loadable(const Win &w) const;
  void chooseSyntax(Win &w, bool dma);
  void chooseDynSyntax(Win &w);
  std::optional<Win> dynWindow(int ref, int64_t nr, int64_t nc, bool dma);
  std::optional<Win> windowIn(int ref, int64_t nr, int64_t nc, bool dma);
  std::optional<Win> vmemWindow(int64_t nr, int64_t nc);
  std::optional<Win> shifted(const Win &w);
  std::optional<Win> respelled(Win w);
  void remember(const Win &w) {
    if (isVmem(w.ref)) {
      recent_.push_back(w);
      if (recent_.size() > 6)
        recent_.erase(recent_.begin());
    }
  }
  double dynamicShare() const {
    if (cf_)
      return loopDepth_ > 0 ? 0.55 : 0.3;
    return p_.prefetch ? 0.45 : 0.0;
  }

  // Ops.
  void setShapes();
  std::vector<float> randomData(int64_t n);
  void genOps(int target);
  bool genLoad();
  bool genArith();
  bool genStore();
  bool genStoreConst();
  bool genDmaStart();
  bool genScalarMemory();
  bool genMath();
  bool genDot();
  std::optional<int> mathOp(Op op);
  std::optional<int> typedOp(int a);
  std::optional<int> astype(int a, DType to);
  std::optional<int> narrowIntOp(int a);
  bool genConstruct();
  bool genFor();
  bool genIf();
  bool genPipeline();
  void emitWait(size_t flight);
  bool outputSource(int64_t nr, int64_t nc, Win &w);
  void finish();
};

//===----------------------------------------------------------------------===//
// Emitting
//===----------------------------------------------------------------------===//

void Generator::rollback(const Mark &m) {
  region_->erase(region_->begin() + (std::ptrdiff_t)m.ops, region_->end());
  for (size_t i = m.visS; i < visS_.size(); ++i)
    liveS_[visS_[i]] = 0;
  visS_.resize(m.visS);
  visV_.resize(m.visV);
}

/// Appends a straight op; at the top level it runs on the host model first
/// (and is not appended if it breaks a rule).
bool Generator::emit(Op op) {
  if (depth_ == 0) {
    model_.reserve(p_.numValues, p_.numScalars);
    if (!model_.exec(op))
      return false;
  }
  apply(op);
  region_->push_back(std::move(op));
  return true;
}

/// Appends a loop or branch; at the top level it runs on a copy of the host
/// model first, which replaces the model if every iteration kept the rules.
bool Generator::emitConstruct(Op op) {
  if (depth_ == 0) {
    model_.reserve(p_.numValues, p_.numScalars);
    HostModel trial = model_;
    if (!trial.exec(op))
      return false;
    model_ = std::move(trial);
    for (int r = 0; r < kNumRefs; ++r)
      ainit_[r] = model_.bufs[r].init;
    atmpInit_ = model_.tmpInit;
    for (int id : op.resS)
      sfact_[id] = SFact{sfact_[id].pred, true, {model_.scal[id]}, sfact_[id].mult};
  }
  region_->push_back(std::move(op));
  return true;
}

/// What an appended op changes in the known state.
void Generator::apply(const Op &op) {
  auto markInit = [&](const Win &w) {
    std::vector<CWin> ws = possible(w);
    if (ws.size() != 1)
      return;  // written somewhere, but where depends on the path
    const CWin &c = ws[0];
    int64_t tiles = (int64_t)(p_.shapes[c.ref][1] / kLanes);
    for (int64_t r = c.r0; r < c.r0 + c.nr; ++r)
      for (int64_t t = c.c0 / kLanes; t < (c.c0 + c.nc) / kLanes; ++t)
        ainit_[c.ref][r * tiles + t] = 1;
  };
  switch (op.kind) {
  case Kind::Store:
  case Kind::StoreConst: markInit(op.w); break;
  case Kind::DmaStart: {
    AFlight f{op.dma, {}, possible(op.w), possible(op.w2)};
    if (op.sem.isConst())
      f.sems = {op.sem.c};
    else
      f.sems = sfact_[op.sem.id].vals;
    aflights_.push_back(std::move(f));
    markInit(op.w2);  // read only after the wait, which comes in this region
    break;
  }
  case Kind::DmaWait:
    for (size_t i = 0; i < aflights_.size(); ++i)
      if (aflights_[i].dma == op.dma) {
        aflights_.erase(aflights_.begin() + (std::ptrdiff_t)i);
        break;
      }
    break;
  case Kind::SWrite: {
    SFact f = fact(op.sa);
    if (f.known && f.vals.size() == 1)
      atmpInit_[f.vals[0]] = 1;
    break;
  }
  default: break;
  }
}

Generator::Scope Generator::enter(std::vector<Op> *region) {
  Scope s{visV_.size(), visS_.size(), ivs_.size(), aflights_.size(), regionFlights_,
          region_, ainit_, atmpInit_};
  region_ = region;
  regionFlights_ = aflights_.size();
  ++depth_;
  return s;
}

/// Back to the enclosing region: what the body made is out of scope, and
/// what it wrote is not surely written (the body may not run).
void Generator::leave(const Scope &s) {
  for (size_t i = s.visS; i < visS_.size(); ++i)
    liveS_[visS_[i]] = 0;
  visS_.resize(s.visS);
  visV_.resize(s.visV);
  ivs_.resize(s.ivs);
  aflights_.resize(s.flights);  // the body waited for its own DMAs
  regionFlights_ = s.regionFlights;
  region_ = s.region;
  ainit_ = s.init;
  atmpInit_ = s.tmpInit;
  --depth_;
  std::erase_if(recent_, [&](const Win &w) { return w.isDynamic() && !liveS_[w.start]; });
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

std::optional<SFact> Generator::factOf(const Op &op) const {
  switch (op.kind) {
  case Kind::SRead: {
    SFact idx = fact(op.sa);
    if (!idx.known)
      return std::nullopt;
    std::set<int64_t> out;
    for (int64_t i : idx.vals) {
      if (op.smem == Smem::Off) {
        if (i < 0 || i >= kSmemWords)
          return std::nullopt;
        out.insert(p_.smem[i]);
      } else {
        if (i < 0 || i >= kTmpWords || !atmpInit_[i])
          return std::nullopt;
        if (depth_ > 0)
          return SFact{};  // what a body stored may differ per iteration
        out.insert(model_.tmp[i]);
      }
    }
    return setFact(out);
  }
  case Kind::SBin: {
    SFact a = fact(op.sa), b = fact(op.sb);
    bool pred = op.sbin == SBinKind::LAnd || op.sbin == SBinKind::LOr;
    if ((op.sbin == SBinKind::Div || op.sbin == SBinKind::Rem) &&
        (!b.known || std::find(b.vals.begin(), b.vals.end(), 0) != b.vals.end()))
      return std::nullopt;
    SFact r;
    if (a.known && b.known) {
      std::set<int64_t> out;
      for (int64_t x : a.vals)
        for (int64_t y : b.vals) {
          int32_t z;
          if (!evalSBin(op.sbin, (int32_t)x, (int32_t)y, z))
            return std::nullopt;
          out.insert(z);
        }
      r = setFact(out, pred);
    }
    r.pred = pred;
    switch (op.sbin) {
    case SBinKind::Add:
    case SBinKind::Sub: r.mult = std::gcd(a.mult, b.mult); break;
    case SBinKind::Mul: r.mult = multMul(a.mult, b.mult); break;
    case SBinKind::Shl:
      r.mult = op.sb.isConst() && op.sb.c >= 0 && op.sb.c < 31 ? multMul(a.mult, int64_t{1} << op.sb.c)
                                                               : 1;
      break;
    default: r.mult = 1; break;
    }
    return r;
  }
  case Kind::SCmp: {
    SFact a = fact(op.sa), b = fact(op.sb), r;
    if (a.known && b.known) {
      std::set<int64_t> out;
      for (int64_t x : a.vals)
        for (int64_t y : b.vals)
          out.insert(evalCmp(op.cmp, (int32_t)x, (int32_t)y));
      r = setFact(out, true);
    }
    r.pred = true;
    return r;
  }
  case Kind::SNot: {
    SFact a = fact(op.sa), r;
    if (a.known) {
      std::set<int64_t> out;
      for (int64_t x : a.vals)
        out.insert(x == 0);
      r = setFact(out, true);
    }
    r.pred = true;
    return r;
  }
  case Kind::SWhere: {
    SFact b = fact(op.sb), c = fact(op.sc), r;
    if (b.known && c.known) {
      std::set<int64_t> out(b.vals.begin(), b.vals.end());
      out.insert(c.vals.begin(), c.vals.end());
      r = setFact(out);
    }
    r.mult = std::gcd(b.mult, c.mult);
    return r;
  }
  case Kind::SMultipleOf: {
    SFact a = fact(op.sa);
    if (!a.allMultiplesOf(op.multiple))
      return std::nullopt;  // the promise must hold
    a.mult = multLcm(a.mult, op.multiple);
    return a;
  }
  default: return std::nullopt;
  }
}

/// Appends a scalar op making a new scalar; nothing if its operands might
/// fault or break a promise.
std::optional<int> Generator::scalarOp(Op op) {
  std::optional<SFact> f = factOf(op);
  if (!f)
    return std::nullopt;
  op.sdst = newScalar(*f);
  int id = op.sdst;
  if (!emit(std::move(op)))
    return std::nullopt;
  defineS(id);
  return id;
}

std::optional<int> Generator::sbin(SBinKind k, Sc a, Sc b) {
  Op op(Kind::SBin);
  op.sbin = k;
  op.sa = a;
  op.sb = b;
  return scalarOp(std::move(op));
}

std::optional<int> Generator::sread(Smem m, Sc index) {
  Op op(Kind::SRead);
  op.smem = m;
  op.sa = index;
  return scalarOp(std::move(op));
}

/// Visible int32 scalars whose values are known (and >= 0 if asked).
std::vector<int> Generator::knownInts(bool nonNegative) const {
  std::vector<int> out;
  for (int id : visS_) {
    const SFact &f = sfact_[id];
    if (!f.pred && f.known && (!nonNegative || f.lo() >= 0))
      out.push_back(id);
  }
  return out;
}

/// A scalar >= 0 to derive a run-time start from: mostly an induction
/// variable inside loops, else a scalar read from off_smem (a row start, a
/// count, a table entry; inside loops often the entry the iteration indexes).
std::optional<int> Generator::source() {
  std::vector<int> ivs;
  for (int id : ivs_)
    if (liveS_[id] && sfact_[id].known && sfact_[id].lo() >= 0)
      ivs.push_back(id);
  if (!ivs.empty() && chance(0.6))
    return oneOf(ivs);
  if (!ivs.empty() && chance(0.3)) {  // off_smem[kTableAt + i % kTableWords]
    std::optional<int> idx = sbin(SBinKind::Rem, Sc::of(oneOf(ivs)), Sc::constant(kTableWords));
    if (idx)
      idx = sbin(SBinKind::Add, Sc::of(*idx), Sc::constant(kTableAt));
    if (idx)
      return sread(Smem::Off, Sc::of(*idx));
  }
  std::vector<int> known = knownInts(true);
  if (!known.empty() && chance(0.4))
    return oneOf(known);
  if (!p_.prefetch)
    return std::nullopt;
  double r = roll();
  int64_t word = r < 0.6 ? pick(0, kNumRowStarts - 1)
                 : r < 0.8 ? pick(kTableAt, kSmemWords - 1)
                           : pick(kCountsAt, kTableAt - 1);
  return sread(Smem::Off, Sc::constant(word));
}

/// A scalar whose every value is in [0, maxStart] and a multiple of
/// `align` (1 or 8); for 8, provably so (pl::multiple_of where only the
/// generator knows it). Appends the scalar ops that make it.
std::optional<int> Generator::startScalar(int64_t maxStart, int64_t align) {
  auto fits = [&](int id) {
    const SFact &f = sfact_[id];
    return !f.pred && f.known && f.lo() >= 0 && f.hi() <= maxStart &&
           (align == 1 || (f.allMultiplesOf(align) && f.provablyMultipleOf(align)));
  };
  std::vector<int> ready;
  for (int id : visS_)
    if (fits(id))
      ready.push_back(id);
  if (!ready.empty() && chance(0.4))
    return oneOf(ready);
  std::optional<int> src = source();
  if (!src)
    return std::nullopt;
  SFact f = sfact_[*src];
  if (!f.known || f.lo() < 0)
    return std::nullopt;
  if (chance(0.25)) {  // more scalar arithmetic on the way (>= 0 stays >= 0)
    double r = roll();
    std::optional<int> d;
    if (r < 0.2) {
      d = sbin(SBinKind::Div, Sc::of(*src), Sc::constant(pick(2, 3)));
    } else if (r < 0.4) {
      d = sbin(SBinKind::Shr, Sc::of(*src), Sc::constant(1));
    } else if (r < 0.6) {
      d = sbin(SBinKind::Max, Sc::of(*src), Sc::of(oneOf(knownInts(true))));
    } else if (r < 0.8) {
      d = sbin(SBinKind::Or, Sc::of(*src), Sc::constant(1));
    } else if (std::optional<int> p = simplePred()) {
      Op op(Kind::SWhere);
      op.sa = Sc::of(*p);
      op.sb = Sc::of(*src);
      op.sc = Sc::of(oneOf(knownInts(true)));
      d = scalarOp(std::move(op));
    }
    if (d && sfact_[*d].known && sfact_[*d].lo() >= 0) {
      src = d;
      f = sfact_[*d];
    }
  }
  if (f.hi() <= maxStart && (align == 1 || f.allMultiplesOf(align))) {
    if (align == 1 || f.provablyMultipleOf(align))
      return src;
    Op op(Kind::SMultipleOf);  // the generator knows it; the compiler does not
    op.sa = Sc::of(*src);
    op.multiple = align;
    return scalarOp(std::move(op));
  }
  // Into [0, slots): src & (slots - 1), src % slots, or
  // jnp::minimum(src % slots, src) (the same value, but a min, which
  // getKnownMultiple does not follow).
  int64_t slots = maxStart / align + 1;
  std::optional<int> t = src;
  if (f.hi() >= slots) {
    double r = roll();
    if (std::has_single_bit((uint64_t)slots) && r < 0.3) {
      t = sbin(SBinKind::And, Sc::of(*src), Sc::constant(slots - 1));
    } else {
      t = sbin(SBinKind::Rem, Sc::of(*src), Sc::constant(slots));
      if (t && r > 0.85)
        t = sbin(SBinKind::Min, Sc::of(*t), Sc::of(*src));
    }
  }
  if (!t || align == 1)
    return t;
  double r = roll();
  if (r < 0.4)
    return sbin(SBinKind::Mul, Sc::of(*t), Sc::constant(align));
  if (r < 0.6)
    return sbin(SBinKind::Shl, Sc::of(*t), Sc::constant(std::countr_zero((uint64_t)align)));
  if (r < 0.75)
    return sbin(SBinKind::Mul, Sc::constant(align), Sc::of(*t));
  // (src * 8) % (slots * 8): multiples of 8 in range that only the generator
  // knows are multiples.
  std::optional<int> u = sbin(SBinKind::Mul, Sc::of(*src), Sc::constant(align));
  if (u)
    u = sbin(SBinKind::Rem, Sc::of(*u), Sc::constant(slots * align));
  if (!u)
    return std::nullopt;
  Op op(Kind::SMultipleOf);
  op.sa = Sc::of(*u);
  op.multiple = align;
  return scalarOp(std::move(op));
}

/// A comparison of a scalar with a constant or another scalar; the constant
/// is one of the scalar's values, so that both outcomes happen.
std::optional<int> Generator::simplePred() {
  std::vector<int> varying, known = knownInts(false), any;
  for (int id : visS_)
    if (!sfact_[id].pred) {
      any.push_back(id);
      if (sfact_[id].known && sfact_[id].vals.size() > 1)
        varying.push_back(id);
    }
  std::optional<int> x;
  if (!varying.empty() && chance(0.7))
    x = oneOf(varying);
  else if (!known.empty() && chance(0.6))
    x = oneOf(known);
  else if (!any.empty() && chance(0.5))
    x = oneOf(any);
  else if (p_.prefetch)
    x = sread(Smem::Off, Sc::constant(pick(0, kSmemWords - 1)));
  if (!x)
    return std::nullopt;
  SFact f = sfact_[*x];
  Op op(Kind::SCmp);
  op.cmp = (CmpKind)pick(0, 5);
  op.sa = Sc::of(*x);
  double r = roll();
  if (r < 0.5 || (r < 0.75 && any.size() < 2)) {
    int64_t c = f.known ? oneOf(f.vals) : pick(0, 4);
    if (chance(0.3))
      c += pick(-1, 1);  // sometimes just beside a value
    op.sb = Sc::constant(c);
    if (chance(0.2))
      std::swap(op.sa, op.sb);
  } else if (r < 0.75) {
    op.sb = Sc::of(oneOf(any));
  } else if (r < 0.88) {  // i % 2 == 0
    std::optional<int> m = sbin(SBinKind::Rem, Sc::of(*x), Sc::constant(2));
    if (!m)
      return std::nullopt;
    op.sa = Sc::of(*m);
    op.cmp = chance(0.5) ? CmpKind::Eq : CmpKind::Ne;
    op.sb = Sc::constant(0);
  } else {  // the first or last iteration
    op.cmp = CmpKind::Eq;
    op.sb = Sc::constant(f.known ? (chance(0.5) ? f.lo() : f.hi()) : 0);
  }
  return scalarOp(std::move(op));
}

std::optional<int> Generator::makePred() {
  std::optional<int> p = simplePred();
  if (!p)
    return std::nullopt;
  double r = roll();
  if (r < 0.25) {
    std::optional<int> q = simplePred();
    if (q)
      p = sbin(chance(0.5) ? SBinKind::LAnd : SBinKind::LOr, Sc::of(*p), Sc::of(*q));
  } else if (r < 0.35) {
    Op op(Kind::SNot);
    op.sa = Sc::of(*p);
    p = scalarOp(std::move(op));
  }
  return p;
}

/// A free semaphore: a constant, or (often inside loops) a run-time index
/// such as sems.at(i % 2) whose every value is free.
std::optional<Sc> Generator::pickSem() {
  std::array<bool, kNumSems> busy{};
  for (const AFlight &f : aflights_)
    for (int64_t s : f.sems)
      busy[s] = true;
  std::vector<int64_t> free;
  for (int s = 0; s < kNumSems; ++s)
    if (!busy[s])
      free.push_back(s);
  if (free.empty())
    return std::nullopt;
  if (cf_ && chance(loopDepth_ > 0 ? 0.5 : 0.15)) {
    std::vector<int64_t> bases;
    for (int64_t b : {0, 2})
      if (!busy[b] && !busy[b + 1])
        bases.push_back(b);
    std::optional<int> x = source();
    if (!bases.empty() && x && sfact_[*x].known && sfact_[*x].lo() >= 0) {
      int64_t base = oneOf(bases);
      std::optional<int> s = chance(0.7) ? sbin(SBinKind::Rem, Sc::of(*x), Sc::constant(2))
                                         : sbin(SBinKind::And, Sc::of(*x), Sc::constant(1));
      if (s && base)
        s = sbin(SBinKind::Add, Sc::of(*s), Sc::constant(base));
      if (s)
        return Sc::of(*s);
    }
  }
  return Sc::constant(oneOf(free));
}

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

/// Every window `w` can be (one for a static window).
std::vector<CWin> Generator::possible(const Win &w) const {
  if (!w.isDynamic())
    return {{w.ref, w.r0, w.nr, w.c0, w.nc}};
  std::vector<CWin> out;
  for (int64_t v : sfact_[w.start].vals)
    out.push_back({w.ref, v + w.k, w.nr, w.c0, w.nc});
  return out;
}

bool Generator::initAll(const Win &w) const {
  for (const CWin &c : possible(w)) {
    int64_t tiles = (int64_t)(p_.shapes[c.ref][1] / kLanes);
    for (int64_t r = c.r0; r < c.r0 + c.nr; ++r)
      for (int64_t t = c.c0 / kLanes; t < (c.c0 + c.nc) / kLanes; ++t)
        if (!ainit_[c.ref][r * tiles + t])
          return false;
  }
  return true;
}

bool Generator::readableAll(const Win &w) const {
  for (const CWin &c : possible(w))
    for (const AFlight &f : aflights_)
      for (const CWin &d : f.dsts)
        if (overlaps(c, d))
          return false;
  return true;
}

bool Generator::writableAll(const Win &w) const {
  for (const CWin &c : possible(w))
    for (const AFlight &f : aflights_) {
      for (const CWin &d : f.dsts)
        if (overlaps(c, d))
          return false;
      for (const CWin &s : f.srcs)
        if (overlaps(c, s))
          return false;
    }
  return true;
}

bool Generator::disjointAll(const Win &a, const Win &b) const {
  if (a.ref != b.ref)
    return true;
  std::vector<CWin> as = possible(a), bs = possible(b);
  if (a.isDynamic() && b.isDynamic() && a.start == b.start) {  // the same scalar: pairwise
    for (size_t i = 0; i < as.size(); ++i)
      if (overlaps(as[i], bs[i]))
        return false;
    return true;
  }
  for (const CWin &x : as)
    for (const CWin &y : bs)
      if (overlaps(x, y))
        return false;
  return true;
}

/// Whole (8, 128) tiles of VMEM; rows provably 8-aligned unless the buffer
/// is 128 wide.
bool Generator::loadable(const Win &w) const {
  const Shape &s = p_.shapes[w.ref];
  if (!isVmem(w.ref) || w.c0 % kLanes || w.nr < 1 || w.nc < 1)
    return false;
  // A window that is not whole (8, 128) tiles (f32 scratch: padded tiles)
  // starts where a tile starts.
  bool padded = w.nr % kTileRows || w.nc % kLanes;
  if (s[1] == kLanes && !padded)
    return true;
  if (!w.isDynamic())
    return w.r0 % kTileRows == 0;
  const SFact &f = sfact_[w.start];
  return w.k % kTileRows == 0 && f.allMultiplesOf(kTileRows) &&
         f.provablyMultipleOf(kTileRows);
}

/// Picks one static spelling the window allows.
void Generator::chooseSyntax(Win &w, bool dma) {
  const Shape &shape = p_.shapes[w.ref];
  w.start = -1;
  w.k = 0;
  bool fullCols = w.c0 == 0 && w.nc == shape[1];
  bool whole = fullCols && w.r0 == 0 && w.nr == shape[0];
  std::vector<Syntax> options = {Syntax::RowsCols};
  if (whole)
    options.insert(options.end(), {Syntax::Whole, Syntax::Whole});
  if (fullCols)
    options.insert(options.end(), {Syntax::Slice, Syntax::Ds, Syntax::RowsAll});
  // A nested window: an outer row window around it (rows of the outer one
  // start anywhere for 128-wide buffers; tile-aligned otherwise).
  if (chance(0.5))
    options.push_back(Syntax::Nested);
  w.syntax = oneOf(options);
  if (w.syntax == Syntax::Nested) {
    int64_t step = (shape[1] == kLanes || dma) ? 1 : kTileRows;
    w.base = pick(0, w.r0 / step) * step;
    w.nb = pick(w.r0 + w.nr, shape[0]) - w.base;
  }
}

/// Picks one run-time spelling for a window whose start and k are set.
void Generator::chooseDynSyntax(Win &w) {
  const Shape &shape = p_.shapes[w.ref];
  const SFact &f = sfact_[w.start];
  bool fullCols = w.c0 == 0 && w.nc == shape[1];
  std::vector<Syntax> options = {Syntax::DynCols};
  if (fullCols) {
    options.insert(options.end(), {Syntax::DynAdd, Syntax::DynSlice});
    if (w.k == 0)
      options.insert(options.end(), {Syntax::DynDs, Syntax::DynDs});
  } else {
    options.push_back(Syntax::DynCols);
  }
  if (w.k >= 0 && w.k + w.nr <= shape[0] - f.hi())
    options.push_back(Syntax::DynNested);
  w.syntax = oneOf(options);
  if (w.syntax == Syntax::DynNested)
    w.nb = pick(w.k + w.nr, shape[0] - f.hi());
}

/// A window of shape (nr, nc) of `ref` whose rows start at a run-time
/// scalar (plus a static part): tile-aligned ones on Refs wider than 128
/// lanes (and often on 128-wide ones), any on 128-wide Refs.
std::optional<Win> Generator::dynWindow(int ref, int64_t nr, int64_t nc, bool dma) {
  const Shape &shape = p_.shapes[ref];
  int64_t maxStart = shape[0] - nr;
  if (maxStart < 0)
    return std::nullopt;
  bool wide = shape[1] != kLanes;
  int64_t align = wide || (!dma && chance(0.6)) ? kTileRows : 1;
  if (align == kTileRows && (nr % kTileRows || maxStart % kTileRows))
    return std::nullopt;
  if (maxStart == 0 && chance(0.7))
    return std::nullopt;  // only one place: a run-time start is always 0
  Mark m = mark();
  std::optional<int> s = startScalar(maxStart, align);
  if (!s) {
    rollback(m);
    return std::nullopt;
  }
  const SFact &f = sfact_[*s];
  Win w;
  w.ref = ref;
  w.nr = nr;
  w.nc = nc;
  w.c0 = pick(0, (shape[1] - nc) / kLanes) * kLanes;
  w.start = *s;
  // The static part: any that keeps every value in range (aligned as the start).
  int64_t kmin = -f.lo(), kmax = maxStart - f.hi();
  if (!chance(0.5) && kmax >= kmin) {
    int64_t lo = (kmin + align - 1 + 1024 * align) / align - 1024, hi = (kmax + 1024 * align) / align - 1024;
    if (hi >= lo)
      w.k = pick(lo, hi) * align;
  }
  chooseDynSyntax(w);
  return w;
}

/// A random window of shape (nr, nc) of `ref` that loads and stores can use
/// (row starts 8-aligned for buffers wider than 128 columns), or any rows
/// for a DMA; often with a run-time start where the kernel has scalars.
std::optional<Win> Generator::windowIn(int ref, int64_t nr, int64_t nc, bool dma) {
  const Shape &shape = p_.shapes[ref];
  if ((ref == Y && !p_.twoInputs) || nr > shape[0] || nc > shape[1])
    return std::nullopt;
  if (chance(dynamicShare()))
    if (std::optional<Win> w = dynWindow(ref, nr, nc, dma))
      return w;
  Win w;
  w.ref = ref;
  w.nr = nr;
  w.nc = nc;
  int64_t step = (shape[1] == kLanes || dma) ? 1 : kTileRows;
  int64_t maxStart = shape[0] - nr;
  w.r0 = pick(0, maxStart / step) * step;
  if (!dma && step == 1 && chance(0.5))
    w.r0 = (w.r0 / kTileRows) * kTileRows;  // aligned half the time
  w.c0 = pick(0, (shape[1] - nc) / kLanes) * kLanes;
  chooseSyntax(w, dma);
  return w;
}

/// A window of the given shape in a random VMEM scratch buffer.
std::optional<Win> Generator::vmemWindow(int64_t nr, int64_t nc) {
  std::vector<int> candidates;
  for (int r = A; r <= D; ++r)
    if (nr <= p_.shapes[r][0] && nc <= p_.shapes[r][1])
      candidates.push_back(r);
  if (candidates.empty())
    return std::nullopt;
  return windowIn(oneOf(candidates), nr, nc, false);
}

/// The same window spelled again (possibly another way).
std::optional<Win> Generator::respelled(Win w) {
  if (w.isDynamic()) {
    if (!liveS_[w.start])
      return std::nullopt;
    chooseDynSyntax(w);
  } else {
    chooseSyntax(w, false);
  }
  return w;
}

/// `w` moved by a few rows (a window overlapping it), or by a column tile.
std::optional<Win> Generator::shifted(const Win &w) {
  const Shape &shape = p_.shapes[w.ref];
  Win s = w;
  int64_t d = 0;
  if (shape[1] == kLanes) {
    d = pick(-7, 7);
    if (d == 0)
      d = 1;
  } else if (chance(0.5)) {
    d = chance(0.5) ? kTileRows : -kTileRows;
  } else {
    s.c0 = w.c0 + (chance(0.5) ? kLanes : -kLanes);
  }
  if (w.isDynamic()) {
    if (!liveS_[w.start])
      return std::nullopt;
    const SFact &f = sfact_[w.start];
    s.k = w.k + d;
    if (f.lo() + s.k < 0 || f.hi() + s.k + s.nr > shape[0] || s.c0 < 0 || s.c0 + s.nc > shape[1])
      return std::nullopt;
    chooseDynSyntax(s);
    return s;
  }
  s.r0 = w.r0 + d;
  if (s.r0 < 0 || s.r0 + s.nr > shape[0] || s.c0 < 0 || s.c0 + s.nc > shape[1])
    return std::nullopt;
  chooseSyntax(s, false);
  return s;
}

//===----------------------------------------------------------------------===//
// Kernel shapes and inputs
//===----------------------------------------------------------------------===//

const Shape kBufShapes[] = {{8, 128}, {16, 128}, {32, 128}, {16, 256}, {32, 256}};

void Generator::setShapes() {
  double family = roll();
  // 15% straight code over static windows, 15% straight code with run-time
  // windows, 70% loops and branches (with scalar prefetch and SMEM scratch).
  cf_ = family >= 0.3;
  p_.prefetch = family >= 0.15;
  p_.twoInputs = chance(0.75);
  p_.tmp = cf_ && chance(0.6);
  p_.checks = chance(0.5);
  if (p_.prefetch) {
    p_.smem.assign(kSmemWords, 0);
    // Run-time row starts: some equal, some 8 apart, so that windows with
    // different scalars do overlap or coincide at run time; some tile-aligned.
    p_.smem[0] = (int32_t)pick(0, 24);
    p_.smem[1] = (int32_t)pick(0, 24);
    p_.smem[2] = chance(0.5) ? p_.smem[0] : (int32_t)pick(0, 8);
    p_.smem[3] = chance(0.5) ? p_.smem[1] + 8 : (int32_t)pick(0, 16);
    for (int i = 0; i < kNumRowStarts; ++i)
      if (chance(0.35))
        p_.smem[i] = p_.smem[i] / kTileRows * kTileRows;
    // Counts (run-time trip counts): 0 and 1 among them most of the time.
    std::vector<int32_t> counts = {0, 1, (int32_t)pick(2, 4), (int32_t)pick(0, 5)};
    if (chance(0.2))
      counts[0] = (int32_t)pick(1, 3);
    std::shuffle(counts.begin(), counts.end(), rng_);
    std::copy(counts.begin(), counts.end(), p_.smem.begin() + kCountsAt);
    for (int i = kTableAt; i < kSmemWords; ++i)
      p_.smem[i] = (int32_t)(chance(0.5) ? pick(0, 3) * kTileRows : pick(0, 24));
  }
  for (int r = 0; r < kNumRefs; ++r)
    p_.shapes[r] = kBufShapes[chance(0.1) ? 4 : pick(0, 3)];
  if (p_.prefetch)  // mostly 128-wide Refs, which take any run-time row start
    for (int r = 0; r < kNumRefs; ++r)
      if (p_.shapes[r][1] != kLanes && chance(0.5))
        p_.shapes[r] = kBufShapes[pick(0, 2)];
  // A third of the kernels draw from the vector and matrix language; half
  // of those have a 128-row scratch buffer D (filled from x first) whose
  // values are the RHS of dots.
  p_.math = chance(0.35);
  if (p_.math && chance(0.5)) {
    p_.shapes[D] = {kMxuRows, chance(0.6) ? kLanes : 2 * kLanes};
    p_.shapes[X] = p_.shapes[D];
  }
  if (!p_.twoInputs)
    p_.shapes[Y] = {};
  // Some scratch buffer holds a window of the output's shape.
  const Shape &o = p_.shapes[O];
  bool fits = false;
  for (int r = A; r <= D; ++r)
    fits = fits || (p_.shapes[r][0] >= o[0] && p_.shapes[r][1] >= o[1]);
  if (!fits)
    p_.shapes[pick(A, D)] = o;
  int64_t xRows = p_.shapes[X][0], xCols = p_.shapes[X][1];
  p_.x = randomData(xRows * xCols);
  if (p_.twoInputs)
    p_.y = randomData(p_.shapes[Y][0] * p_.shapes[Y][1]);
  model_.init(p_);
  for (int r = 0; r < kNumRefs; ++r)
    ainit_[r] = model_.bufs[r].init;
  atmpInit_ = model_.tmpInit;
}

std::vector<float> Generator::randomData(int64_t n) {
  std::vector<float> v(n);
  int style = (int)pick(0, 2);
  for (auto &f : v) {
    int64_t k = pick(-64, 64);
    f = style == 0 ? (float)k * 0.25f : style == 1 ? (float)k / 7.0f : (float)k * 0.1f + 0.03125f;
  }
  return v;
}

//===----------------------------------------------------------------------===//
// Straight ops
//===----------------------------------------------------------------------===//

bool Generator::genLoad() {
  Mark m = mark();
  std::optional<Win> w;
  double r = roll();
  if (!recent_.empty() && r < 0.45) {
    w = respelled(oneOf(recent_));  // a re-read of the same region
  } else if (!recent_.empty() && r < 0.65) {
    w = shifted(oneOf(recent_));  // an overlapping region
  } else {
    int ref = (int)pick(A, D);
    const Shape &s = p_.shapes[ref];
    int64_t nr = kTileRows * pick(1, s[0] / kTileRows);
    int64_t nc = kLanes * pick(1, s[1] / kLanes);
    if (chance(0.3)) {
      nr = s[0];
      nc = s[1];
    } else if (chance(0.15)) {  // padded tiles: rows or lanes short of a tile
      if (chance(0.6))
        nr = pick(2, s[0]);
      if (chance(0.6))
        nc = pick(2, s[1]);
    }
    w = windowIn(ref, nr, nc, false);
  }
  if (!w || !loadable(*w) || !initAll(*w) || !readableAll(*w)) {
    rollback(m);
    return false;
  }
  Op op(Kind::Load);
  op.w = *w;
  op.dst = newValue(w->nr, w->nc);
  int id = op.dst;
  if (!emit(std::move(op))) {
    rollback(m);
    return false;
  }
  defineV(id);
  remember(*w);
  return true;
}

bool Generator::genArith() {
  if (visV_.empty())
    return false;
  int n = (int)visV_.size();
  int a = chance(0.6) ? visV_[n - 1 - (int)pick(0, std::min(2, n - 1))] : oneOf(visV_);
  if (dtypeOf(a) == DType::bool_)
    return false;  // masks take & | ^ and jnp::where, not arithmetic
  Op op(Kind::Bin);
  op.a = a;
  op.dtype = dtypeOf(a);
  double r = roll();
  if (r < 0.5) {
    std::vector<int> same;
    for (int id : visV_)
      if (vshape_[id] == vshape_[a])
        same.push_back(id);
    op.b = oneOf(same);
    op.bin = (BinKind)pick(0, 2);
  } else if (r < 0.93) {
    static const double kScalars[] = {0.5, 0.25, 2.0, 1.5, -1.0, 3.0, 0.125, -0.75, 1.0, 0.0,
                                      0.1, -2.5};
    // In loop bodies, factors that do not blow up over the iterations.
    static const double kLoopScalars[] = {0.5, -1.0, 1.0, 0.75, 0.0, -0.5, 1.25, 2.0};
    op.kind = Kind::ScalarOp;
    op.scalar = loopDepth_ > 0 ? kLoopScalars[pick(0, std::size(kLoopScalars) - 1)]
                               : kScalars[pick(0, std::size(kScalars) - 1)];
    if (isIntDType(op.dtype))  // an integer literal keeps the int dtype (so fits it)
      op.scalar = (double)pick(isUnsigned(op.dtype) ? 0 : -3, 5);
    else if (op.dtype == DType::bfloat16 && op.scalar == 0.1)
      op.scalar = 0.375;  // bf16-exact literals only (no question of rounding them)
    op.bin = (BinKind)pick(0, 2);
    op.scalarFirst = chance(0.4);
  } else {
    op.kind = Kind::Neg;
  }
  op.dst = newLike(a);
  int id = op.dst;
  if (!emit(std::move(op)))
    return false;
  defineV(id);
  return true;
}

bool Generator::genStore() {
  if (visV_.empty())
    return false;
  Mark m = mark();
  int v = chance(0.6) ? visV_.back() : oneOf(visV_);
  if (dtypeOf(v) != DType::float32) {
    std::vector<int> f32s;
    for (int id : visV_)
      if (dtypeOf(id) == DType::float32)
        f32s.push_back(id);
    if (f32s.empty())
      return false;
    v = oneOf(f32s);
  }
  auto [rows, cols, dtype] = vshape_[v];
  if (chance(0.08)) {  // o[pl::ds(r, 1)] = jnp::sum(v, 0, true): a masked store
    std::vector<int> refs;
    for (int ref = 0; ref < kNumRefs; ++ref)
      if (isVmem(ref) && p_.shapes[ref][1] == cols)
        refs.push_back(ref);
    if (refs.empty())
      return false;
    Win w{oneOf(refs), 0, 1, 0, cols};
    w.r0 = pick(0, p_.shapes[w.ref][0] - 1);
    w.syntax = Syntax::Ds;
    if (!writableAll(w))
      return false;
    Op op(Kind::Store);
    op.a = v;
    op.w = w;
    op.rowSum = true;
    if (!emit(std::move(op))) {
      rollback(m);
      return false;
    }
    return true;
  }
  std::optional<Win> w;
  std::vector<Win> sameShape;
  for (const Win &r : recent_)
    if (r.nr == rows && r.nc == cols)
      sameShape.push_back(r);
  double r = roll();
  if (!sameShape.empty() && r < 0.4)
    w = respelled(oneOf(sameShape));  // the same window again: overwrites or read-backs
  else if (!sameShape.empty() && r < 0.6)
    w = shifted(oneOf(sameShape));  // a partial overwrite
  else
    w = vmemWindow(rows, cols);
  if (!w || !loadable(*w) || !writableAll(*w)) {
    rollback(m);
    return false;
  }
  Op op(Kind::Store);
  op.a = v;
  op.w = *w;
  if (!emit(std::move(op))) {
    rollback(m);
    return false;
  }
  remember(*w);
  return true;
}

bool Generator::genStoreConst() {
  Mark m = mark();
  std::optional<Win> w;
  if (!recent_.empty() && chance(0.5)) {
    w = chance(0.5) ? respelled(oneOf(recent_)) : shifted(oneOf(recent_));
  } else {
    int ref = (int)pick(A, D);
    const Shape &s = p_.shapes[ref];
    w = windowIn(ref, kTileRows * pick(1, s[0] / kTileRows), kLanes * pick(1, s[1] / kLanes),
                 false);
  }
  if (!w || !loadable(*w) || !writableAll(*w)) {
    rollback(m);
    return false;
  }
  static const double kConsts[] = {0.0, 1.0, -1.5, 0.5, 7.0, 0.2};
  Op op(Kind::StoreConst);
  op.scalar = kConsts[pick(0, std::size(kConsts) - 1)];
  op.w = *w;
  if (!emit(std::move(op))) {
    rollback(m);
    return false;
  }
  remember(*w);
  return true;
}

bool Generator::genDmaStart() {
  Mark m = mark();
  auto hbmIn = [&] {
    std::vector<int> c = {X, O};
    if (p_.twoInputs)
      c.push_back(Y);
    return oneOf(c);
  };
  int src, dst;
  double r = roll();
  if (r < 0.35) {
    src = hbmIn();
    dst = (int)pick(A, D);
  } else if (r < 0.68) {
    src = (int)pick(A, D);
    dst = (int)pick(A, D);
  } else if (r < 0.9) {
    src = (int)pick(A, D);
    dst = O;
  } else {
    src = p_.twoInputs && chance(0.5) ? Y : X;
    dst = O;
  }
  const Shape &s = p_.shapes[src], &d = p_.shapes[dst];
  int64_t maxRows = std::min(s[0], d[0]), maxTiles = std::min(s[1], d[1]) / kLanes;
  int64_t nr, nc = kLanes * pick(1, maxTiles);
  double shape = roll();
  if (shape < 0.3)
    nr = maxRows;
  else if (shape < 0.7)
    nr = std::min<int64_t>(maxRows, kTileRows * pick(1, 2));
  else
    nr = pick(1, maxRows);
  if (s == d && chance(0.3)) {
    nr = s[0];  // whole buffer to whole buffer
    nc = s[1];
  }
  // Often into a window the program has just used (loaded, stored, copied):
  // what was known about it must be forgotten.
  std::optional<Win> reuseDst;
  if (!recent_.empty() && chance(0.35)) {
    reuseDst = respelled(oneOf(recent_));
    if (reuseDst && reuseDst->nc % kLanes)  // a DMA moves whole 128-lane rows
      reuseDst.reset();
    if (reuseDst) {
      dst = reuseDst->ref;
      nr = reuseDst->nr;
      nc = reuseDst->nc;
      std::vector<int> srcs;
      for (int k = 0; k < kNumRefs; ++k)
        if (k != O && (k != Y || p_.twoInputs) && p_.shapes[k][0] >= nr && p_.shapes[k][1] >= nc)
          srcs.push_back(k);
      src = oneOf(srcs);  // dst's own buffer fits: never empty
    }
  }
  std::optional<Win> ws = windowIn(src, nr, nc, true);
  std::optional<Win> wd = reuseDst ? reuseDst : windowIn(dst, nr, nc, true);
  if (ws && wd && chance(0.4)) {  // tile-aligned rows, as in most kernels
    for (Win *w : {&*ws, &*wd}) {
      if ((w == &*wd && reuseDst) || w->isDynamic())
        continue;
      w->r0 = w->r0 / kTileRows * kTileRows;
      chooseSyntax(*w, true);
    }
  }
  if (!ws || !wd || !initAll(*ws) || !readableAll(*ws) || !writableAll(*wd) ||
      !disjointAll(*ws, *wd)) {
    rollback(m);
    return false;
  }
  std::optional<Sc> sem = pickSem();
  if (!sem) {
    rollback(m);
    return false;
  }
  Op op(Kind::DmaStart);
  op.w = *ws;
  op.w2 = *wd;
  op.sem = *sem;
  op.dma = p_.numDmas++;
  op.asyncCopy = chance(0.3);
  if (!emit(std::move(op))) {
    rollback(m);
    return false;
  }
  remember(*ws);
  remember(*wd);
  return true;
}

void Generator::emitWait(size_t i) {
  Op op(Kind::DmaWait);
  op.dma = aflights_[i].dma;
  bool ok = emit(std::move(op));
  (void)ok;  // a wait for a DMA in flight always keeps the rules
}

/// SMEM scratch traffic: a word written (from a scalar or a constant, at a
/// constant or run-time index), read back, or bumped (read, add, write).
bool Generator::genScalarMemory() {
  if (!p_.tmp)
    return false;
  Mark m = mark();
  std::vector<int64_t> written;
  for (int i = 0; i < kTmpWords; ++i)
    if (atmpInit_[i])
      written.push_back(i);
  double r = roll();
  if (r < 0.35 && !written.empty()) {
    if (sread(Smem::Tmp, Sc::constant(oneOf(written))))
      return true;
  } else if (r < 0.6 && !written.empty()) {
    int64_t word = oneOf(written);
    std::optional<int> t = sread(Smem::Tmp, Sc::constant(word));
    std::vector<int> addends = knownInts(true);
    Sc addend = addends.empty() || chance(0.3) ? Sc::constant(pick(1, 3)) : Sc::of(oneOf(addends));
    std::optional<int> u = t ? sbin(SBinKind::Add, Sc::of(*t), addend) : std::nullopt;
    if (u) {
      Op op(Kind::SWrite);
      op.sa = Sc::constant(word);
      op.sb = Sc::of(*u);
      if (emit(std::move(op)))
        return true;
    }
  } else {
    Op op(Kind::SWrite);
    op.sa = Sc::constant(pick(0, kTmpWords - 1));
    std::vector<int> ivs;
    for (int id : ivs_)
      if (liveS_[id] && sfact_[id].known && sfact_[id].lo() >= 0)
        ivs.push_back(id);
    if (!ivs.empty() && chance(0.3)) {  // tmp[i % 8]: a run-time index
      std::optional<int> idx = sbin(SBinKind::Rem, Sc::of(oneOf(ivs)), Sc::constant(kTmpWords));
      if (idx)
        op.sa = Sc::of(*idx);
    }
    std::vector<int> ints;
    for (int id : visS_)
      if (!sfact_[id].pred)
        ints.push_back(id);
    op.sb = ints.empty() || chance(0.3) ? Sc::constant(pick(0, 24)) : Sc::of(oneOf(ints));
    if (emit(std::move(op)))
      return true;
  }
  rollback(m);
  return false;
}


//===----------------------------------------------------------------------===//
// The vector and matrix language
//===----------------------------------------------------------------------===//

/// Emits a Math op whose dst is not yet made; its id, or nothing (rolled
/// back) when the op breaks a rule (a value that is not tame).
std::optional<int> Generator::mathOp(Op op) {
  Mark m = mark();
  int64_t rows = op.rows, cols = op.cols;
  if (!isSource(op.math) && op.math != MathKind::Dot) {
    rows = vshape_[op.a][0];
    cols = vshape_[op.a][1];
  }
  if (op.math == MathKind::Transpose)
    std::swap(rows, cols);
  op.kind = Kind::Math;
  op.dst = newValue(rows, cols, op.dtype);
  int id = op.dst;
  if (!emit(std::move(op))) {
    rollback(m);
    return std::nullopt;
  }
  defineV(id);
  return id;
}

std::optional<int> Generator::astype(int a, DType to) {
  if (dtypeOf(a) == to)
    return a;
  int64_t rows = vshape_[a][0];
  if (rows % (kTileRows * packing(to)) != 0 && to != DType::bool_)
    return std::nullopt;  // packed values are whole (16,128) / (32,128) tiles of rows
  Op op(Kind::Math);
  op.math = MathKind::Astype;
  op.a = a;
  op.dtype = to;
  return mathOp(std::move(op));
}

/// int32 value `a` through another integer dtype (int8, int16, uint8,
/// uint16, uint32: it wraps), then often one op in that dtype with another
/// int32 value of a's shape converted alike (the unsigned division,
/// remainder, extrema, shifts and compares); the result's id (of the
/// narrow dtype, or a mask).
std::optional<int> Generator::narrowIntOp(int a) {
  static const DType kNarrow[] = {DType::int8, DType::int16, DType::uint8, DType::uint16,
                                  DType::uint32};
  DType nd = kNarrow[pick(0, std::size(kNarrow) - 1)];
  std::optional<int> x = astype(a, nd);
  if (!x || chance(0.3))
    return x;
  std::vector<int> ints;
  for (int id : visV_)
    if (vshape_[id] == vshape_[a])
      ints.push_back(id);
  Op op(Kind::Math);
  op.math = oneOf(std::vector<MathKind>{MathKind::Div, MathKind::Rem, MathKind::Max,
                                        MathKind::Min, MathKind::And, MathKind::Or,
                                        MathKind::Xor, MathKind::Abs, MathKind::ShrC,
                                        MathKind::ShlC, MathKind::Cmp});
  op.a = *x;
  op.dtype = nd;
  if (op.math == MathKind::ShrC || op.math == MathKind::ShlC) {
    op.scalar = (double)pick(0, 4);
  } else if (op.math != MathKind::Abs) {
    std::optional<int> y = astype(oneOf(ints), nd);
    if (!y)
      return x;
    op.b = *y;
  }
  if (op.math == MathKind::Cmp) {
    op.cmp = (CmpKind)pick(0, 5);
    op.dtype = DType::bool_;
  }
  return mathOp(std::move(op));
}

/// One op on value `a` that its dtype allows; the result's id.
std::optional<int> Generator::typedOp(int a) {
  DType t = dtypeOf(a);
  std::vector<int> same;
  for (int id : visV_)
    if (vshape_[id] == vshape_[a])
      same.push_back(id);
  Op op(Kind::Math);
  op.a = a;
  op.dtype = t;
  double r = roll();
  bool isFloat = t == DType::float32 || t == DType::bfloat16;
  if (t == DType::bool_) {
    if (r < 0.5) {  // jnp::where(mask, x, y) over values of the mask's shape
      std::vector<int> xs;
      for (int id : visV_)
        if (vshape_[id][0] == vshape_[a][0] && vshape_[id][1] == vshape_[a][1] &&
            dtypeOf(id) != DType::bool_)
          xs.push_back(id);
      if (xs.empty())
        return astype(a, DType::float32);
      op.math = MathKind::Where;
      op.b = oneOf(xs);
      std::vector<int> ys;
      for (int id : xs)
        if (vshape_[id] == vshape_[op.b])
          ys.push_back(id);
      op.c = oneOf(ys);
      op.dtype = dtypeOf(op.b);
      return mathOp(std::move(op));
    }
    if (r < 0.75) {
      op.math = oneOf(std::vector<MathKind>{MathKind::And, MathKind::Or, MathKind::Xor});
      op.b = oneOf(same);
      return mathOp(std::move(op));
    }
    return astype(a, chance(0.7) ? DType::float32 : DType::int32);
  }
  if (isIntDType(t) && t != DType::int32)
    return astype(a, DType::int32);
  if (r < 0.15 || (isFloat && r < 0.3)) {  // a compare, then a select on it
    op.math = MathKind::Cmp;
    op.b = oneOf(same);
    op.cmp = (CmpKind)pick(0, 5);
    op.dtype = DType::bool_;
    std::optional<int> mask = mathOp(std::move(op));
    if (!mask || chance(0.2))
      return mask;
    return typedOp(*mask);
  }
  if (r < 0.45 || (t == DType::bfloat16 && r < 0.6)) {  // a reduction broadcast back
    op.math = MathKind::Reduce;
    op.b = chance(0.5) ? a : oneOf(same);
    op.red = (RedKind)pick(0, 2);
    op.axis = t == DType::bfloat16 && chance(0.8) ? 0 : (int)pick(0, 1);
    op.bin = (BinKind)pick(0, 2);
    op.spelling = chance(0.2);
    int64_t rows = vshape_[op.b][0];
    if (op.axis == 1 && t == DType::float32 && rows <= kColRows && chance(0.5)) {
      op.spelling = 2;  // the [R, 1] reduction through the one-column scratch (any R)
      op.rows = rows;
    } else if (op.axis == 0 && t == DType::bfloat16 && vshape_[op.b][1] <= kRowbCols &&
               chance(0.9)) {
      op.spelling = 3;  // the [1, C] bf16 reduction through one packed row
      op.rows = pick(0, 15);
      op.cols = vshape_[op.b][1];
    } else if (t != DType::bool_ && chance(0.4)) {
      // Rank 3: the rows as g matrices of whole tiles (g >= 2).
      int64_t tile = kTileRows * (t == DType::bfloat16 ? 2 : 1);
      std::vector<int64_t> groups;
      for (int64_t g = 2; g <= rows / tile; ++g)
        if (rows % g == 0 && (rows / g) % tile == 0)
          groups.push_back(g);
      if (!groups.empty()) {
        op.spelling = chance(0.5) ? (chance(0.3) ? 8 : 4) : 5;
        op.rows = oneOf(groups);
      }
    }
    if (op.bin == BinKind::Mul && op.red == RedKind::Sum)
      op.bin = BinKind::Sub;  // products of sums grow fast
    return mathOp(std::move(op));
  }
  if (!isFloat) {  // int32
    if (r < 0.75) {
      op.math = oneOf(std::vector<MathKind>{MathKind::Div, MathKind::Rem, MathKind::Max,
                                            MathKind::Min, MathKind::And, MathKind::Or,
                                            MathKind::Xor, MathKind::Abs});
      if (op.math != MathKind::Abs)
        op.b = oneOf(same);
      return mathOp(std::move(op));
    }
    if (r < 0.85) {
      op.math = chance(0.5) ? MathKind::ShlC : MathKind::ShrC;
      op.scalar = (double)pick(0, 4);
      return mathOp(std::move(op));
    }
    if (chance(0.4))
      if (std::optional<int> n = narrowIntOp(a))
        return astype(*n, DType::int32);
    return astype(a, DType::float32);
  }
  if (r < 0.7) {  // the EUP and the rest of the unary functions
    static const MathKind kUnary[] = {
        MathKind::Exp,  MathKind::Exp2, MathKind::Tanh,  MathKind::Sin,   MathKind::Cos,
        MathKind::Erf,  MathKind::Logistic, MathKind::Floor, MathKind::Ceil, MathKind::Round,
        MathKind::Abs,  MathKind::Log,  MathKind::Log1p, MathKind::Sqrt,  MathKind::Rsqrt,
        MathKind::Recip, MathKind::PowC};
    op.math = kUnary[pick(0, std::size(kUnary) - 1)];
    if (op.math == MathKind::PowC)
      op.scalar = oneOf(std::vector<double>{0.5, 1.5, 2.0, -1.0});
    if (op.math == MathKind::Exp || op.math == MathKind::Exp2) {
      // The softmax pattern keeps exp in range: exp(a - max(a)).
      Op shift(Kind::Math);
      shift.math = MathKind::Reduce;
      shift.a = shift.b = a;
      shift.red = RedKind::Max;
      shift.axis = (int)pick(0, 1);
      shift.bin = BinKind::Sub;
      shift.dtype = t;
      std::optional<int> s = mathOp(std::move(shift));
      if (!s)
        return std::nullopt;
      op.a = *s;
    }
    return mathOp(std::move(op));
  }
  if (r < 0.85) {
    op.math = oneOf(std::vector<MathKind>{MathKind::Div, MathKind::Max, MathKind::Min});
    op.b = oneOf(same);
    op.spelling = op.math == MathKind::Div;  // a / (jnp::abs(b) + 0.5)
    return mathOp(std::move(op));
  }
  if (t == DType::bfloat16)
    return astype(a, DType::float32);
  DType to = oneOf(std::vector<DType>{DType::bfloat16, DType::int32, DType::int32});
  return astype(a, to);
}

/// A Math op (or a short chain: into another dtype, a few ops there, back
/// to f32, so that the work reaches memory).
bool Generator::genMath() {
  if (p_.shapes[D][0] == kMxuRows && chance(0.35) && genDot())
    return true;
  std::optional<int> a;
  if (visV_.empty() || chance(0.08)) {  // lax::broadcasted_iota
    Op op(Kind::Math);
    op.math = MathKind::Iota;
    op.dtype = DType::int32;
    const Shape &s = kBufShapes[pick(0, 3)];
    op.rows = s[0];
    op.cols = s[1];
    op.axis = (int)pick(0, 1);
    a = mathOp(std::move(op));
  } else if (chance(0.06)) {  // jnp::zeros / ones / full
    Op op(Kind::Math);
    op.math = MathKind::Full;
    const Shape &s = kBufShapes[pick(0, 3)];
    op.rows = s[0];
    op.cols = s[1];
    op.dtype = s[0] % 16 == 0 && chance(0.3) ? DType::bfloat16
               : chance(0.3)                 ? DType::int32
                                             : DType::float32;
    op.spelling = (int)pick(0, 3);
    op.scalar = op.spelling == 1   ? 0.0
                : op.spelling == 2 ? 1.0
                                   : oneOf(std::vector<double>{-2.75, 0.5, 3.0, 1.00390625, -7.0});
    op.axis = (int)pick(1, 3);  // spelling 3: the matrices of the rank-3 full
    a = mathOp(std::move(op));
  } else {
    int n = (int)visV_.size();
    a = chance(0.6) ? visV_[n - 1 - (int)pick(0, std::min(2, n - 1))] : oneOf(visV_);
  }
  if (!a)
    return false;
  if (dtypeOf(*a) == DType::float32 && chance(0.45)) {
    DType to = oneOf(std::vector<DType>{DType::bfloat16, DType::bfloat16, DType::int32});
    if (std::optional<int> b = astype(*a, to))
      a = b;
  }
  for (int i = 0, n = (int)pick(1, 3); i < n && a; ++i)
    if (std::optional<int> next = typedOp(*a))
      a = next;
  if (a && dtypeOf(*a) != DType::float32 && chance(0.7))
    astype(*a, DType::float32);
  return true;
}

/// A small dot: an LHS [M, K] against a 128-row RHS value (from the
/// 128-row scratch buffer), in one of the supported dtype pairs and
/// precisions, sometimes with the RHS transposed.
bool Generator::genDot() {
  std::vector<int> rhs;
  for (int id : visV_)
    if (vshape_[id][0] == kMxuRows && vshape_[id][1] % kLanes == 0 &&
        dtypeOf(id) == DType::float32)
      rhs.push_back(id);
  if (rhs.empty()) {
    if (p_.shapes[D][0] != kMxuRows)
      return false;
    Win w{D, 0, kMxuRows, 0, p_.shapes[D][1]};
    chooseSyntax(w, false);
    if (!loadable(w) || !initAll(w) || !readableAll(w))
      return false;
    Op load(Kind::Load);
    load.w = w;
    load.dst = newValue(w.nr, w.nc);
    int id = load.dst;
    if (!emit(std::move(load)))
      return false;
    defineV(id);
    rhs.push_back(id);
  }
  int b = oneOf(rhs);
  if (vshape_[b][1] == kMxuRows && chance(0.15)) {  // weights through the XLU: b.T()
    Op t(Kind::Math);
    t.math = MathKind::Transpose;
    t.a = b;
    t.dtype = dtypeOf(b);
    t.spelling = chance(0.5);
    if (std::optional<int> bt = mathOp(std::move(t)))
      b = *bt;
  }
  bool transB = chance(0.3);
  int64_t k = transB ? vshape_[b][1] : vshape_[b][0];
  std::vector<int> lhs;
  for (int id : visV_)
    if (vshape_[id][1] == k && vshape_[id][0] <= 64 && vshape_[id][0] % kTileRows == 0 &&
        dtypeOf(id) == DType::float32)
      lhs.push_back(id);
  if (lhs.empty() || chance(0.3)) {  // an LHS from D's rows
    std::optional<Win> w = windowIn(D, kTileRows * pick(1, 4), k, false);
    if (!w || !loadable(*w) || !initAll(*w) || !readableAll(*w))
      return false;
    Op load(Kind::Load);
    load.w = *w;
    load.dst = newValue(w->nr, w->nc);
    int id = load.dst;
    if (!emit(std::move(load)))
      return false;
    defineV(id);
    lhs = {id};
  }
  int a = oneOf(lhs);
  // a.T() @ b (trans_a): an LHS stored [K, M], a square 128-row value.
  bool transA = false;
  if (chance(0.15))
    for (int id : rhs)
      if (vshape_[id][0] == k && vshape_[id][1] == kMxuRows) {
        a = id;
        transA = true;
        break;
      }
  double r = roll();
  Op op(Kind::Math);
  op.math = MathKind::Dot;
  op.transA = transA;
  op.transB = transB;
  op.dtype = DType::float32;
  std::optional<int> av = a, bv = b;
  if (r < 0.25) {
    av = astype(a, DType::bfloat16);
    bv = astype(b, DType::bfloat16);
  } else if (r < 0.35) {
    av = astype(a, DType::bfloat16);
  } else if (r < 0.5) {
    av = astype(a, DType::int32);
    av = av ? astype(*av, DType::int8) : std::nullopt;
    bv = astype(b, DType::int32);
    bv = bv ? astype(*bv, DType::int8) : std::nullopt;
    op.dtype = DType::int32;
  } else if (r < 0.7) {
    op.highest = true;
  }
  if (!av || !bv)
    return false;
  op.a = *av;
  op.b = *bv;
  op.rows = transA ? vshape_[*av][1] : vshape_[*av][0];
  op.cols = transB ? vshape_[*bv][0] : vshape_[*bv][1];
  std::optional<int> d = mathOp(std::move(op));
  if (d && dtypeOf(*d) != DType::float32)
    astype(*d, DType::float32);
  return d.has_value();
}

//===----------------------------------------------------------------------===//
// Loops and branches
//===----------------------------------------------------------------------===//

bool Generator::genConstruct() {
  if (depth_ >= kMaxDepth)
    return false;
  if (depth_ == 0 && chance(0.15))
    return genPipeline();
  if (loopDepth_ < kMaxLoopDepth && chance(0.55))
    return genFor();
  return genIf();
}

bool Generator::genFor() {
  Mark m = mark();
  auto fail = [&] {
    rollback(m);
    return false;
  };
  Op op(Kind::For);
  double form = roll();
  op.loop = form < 0.6 ? LoopForm::Fori : form < 0.87 ? LoopForm::PlLoop : LoopForm::While;
  if (op.loop == LoopForm::PlLoop) {
    double st = roll();
    op.step = st < 0.6 ? 1 : st < 0.85 ? 2 : kTileRows;
  }
  // Bounds: constants, or run-time ones read from off_smem or made from an
  // enclosing loop's index (a triangular nest).
  std::vector<int> outer;
  for (int id : ivs_)
    if (liveS_[id] && sfact_[id].known && sfact_[id].lo() >= 0 && sfact_[id].hi() < kMaxTrips)
      outer.push_back(id);
  bool runtime = p_.prefetch && chance(0.45);
  if (!runtime) {
    double t = roll();
    int64_t trips = t < 0.08 ? 0 : t < 0.22 ? 1 : t < 0.48 ? 2 : t < 0.74 ? 3 : t < 0.9 ? 4 : pick(5, 6);
    int64_t lo = chance(0.7) ? 0 : pick(1, 3);
    if (op.step == kTileRows)
      lo = 0;
    op.lo = Sc::constant(lo);
    op.hi = Sc::constant(lo + trips * op.step - (op.step > 1 && trips > 0 ? pick(0, op.step - 1) : 0));
  } else {
    double t = roll();
    if (!outer.empty() && t < 0.25) {  // for j in [0, i + c)
      std::optional<int> hi = sbin(SBinKind::Add, Sc::of(oneOf(outer)), Sc::constant(pick(0, 1)));
      if (!hi)
        return fail();
      op.lo = Sc::constant(0);
      op.hi = Sc::of(*hi);
    } else if (t < 0.75) {  // for i in [0, off_smem[count])
      std::optional<int> n = sread(Smem::Off, Sc::constant(pick(kCountsAt, kTableAt - 1)));
      if (!n)
        return fail();
      op.lo = Sc::constant(0);
      op.hi = Sc::of(*n);
      if (chance(0.3)) {  // for i in [s, s + n)
        std::optional<int> s = sread(Smem::Off, Sc::constant(pick(kCountsAt, kTableAt - 1)));
        std::optional<int> hi = s ? sbin(SBinKind::Add, Sc::of(*s), Sc::of(*n)) : std::nullopt;
        if (!hi)
          return fail();
        op.lo = Sc::of(*s);
        op.hi = Sc::of(*hi);
      }
    } else {  // for i in [0, off_smem[count] + c)
      std::optional<int> n = sread(Smem::Off, Sc::constant(pick(kCountsAt, kTableAt - 1)));
      std::optional<int> hi = n ? sbin(SBinKind::Add, Sc::of(*n), Sc::constant(pick(0, 2)))
                                : std::nullopt;
      if (!hi)
        return fail();
      op.lo = Sc::constant(0);
      op.hi = Sc::of(*hi);
    }
    if (op.step > 1 && !op.lo.isConst())
      op.step = 1;
  }
  if (op.loop == LoopForm::While && op.lo.isConst()) {
    // The counter starts from a scalar: a count of the same value, or a
    // count with the bounds moved by it.
    std::optional<int> s = sread(Smem::Off, Sc::constant(pick(kCountsAt, kTableAt - 1)));
    if (!s)
      return fail();
    int64_t v = sfact_[*s].vals[0];
    if (op.hi.isConst()) {
      op.hi = Sc::constant(op.hi.c - op.lo.c + v);
    } else {
      std::optional<int> hi = sbin(SBinKind::Add, op.hi, Sc::constant(v - op.lo.c));
      if (!hi)
        return fail();
      op.hi = Sc::of(*hi);
    }
    op.lo = Sc::of(*s);
  }
  SFact flo = fact(op.lo), fhi = fact(op.hi);
  if (!flo.known || !fhi.known)
    return fail();
  std::set<int64_t> ivVals;
  int64_t maxTrips = 0;
  for (int64_t lo : flo.vals)
    for (int64_t hi : fhi.vals) {
      int64_t trips = hi > lo ? (hi - lo + op.step - 1) / op.step : 0;
      maxTrips = std::max(maxTrips, trips);
      for (int64_t i = lo; i < hi && maxTrips <= kMaxTrips; i += op.step)
        ivVals.insert(i);
    }
  if (maxTrips > kMaxTrips)
    return fail();
  // Unrolling (not of while loops).
  if (op.loop != LoopForm::While) {
    if (op.lo.isConst() && op.hi.isConst() && maxTrips <= 4 && chance(0.06))
      op.fullUnroll = true;
    else if (chance(0.2))
      op.unroll = (int)pick(2, 3);
  }
  // Carried handles (not through pl::loop).
  size_t nv = 0, ns = 0;
  if (op.loop != LoopForm::PlLoop) {
    double c = roll();
    nv = c < 0.3 ? 0 : c < 0.75 ? 1 : 2;
    for (int tries = 0; tries < 6 && visV_.size() < nv; ++tries)
      genLoad();  // something to carry
    nv = std::min(nv, visV_.size());
    double s = roll();
    ns = s < 0.6 ? 0 : s < 0.92 ? 1 : 2;
    op.tupleCarry = chance(0.3);
  }
  for (size_t j = 0; j < nv; ++j)
    op.initV.push_back(visV_[visV_.size() - 1 - (size_t)pick(0, std::min<int64_t>(3, visV_.size() - 1))]);
  std::vector<int64_t> domains;  // a carried scalar stays in [0, q)
  for (size_t j = 0; j < ns; ++j) {
    int64_t q = oneOf(std::vector<int64_t>{2, 3, 4, 8});
    std::vector<int> inits;
    for (int id : knownInts(true))
      if (sfact_[id].hi() < q)
        inits.push_back(id);
    std::optional<int> init;
    if (!inits.empty() && chance(0.6)) {
      init = oneOf(inits);
    } else if (std::optional<int> src = source()) {
      init = sbin(SBinKind::Rem, Sc::of(*src), Sc::constant(q));
    }
    if (!init)
      return fail();
    op.initS.push_back(*init);
    domains.push_back(q);
  }

  // The body.
  Scope scope = enter(&op.body);
  ++loopDepth_;
  SFact ivFact = setFact(ivVals);
  ivFact.mult = op.loop == LoopForm::While ? 1 : std::gcd(flo.mult, op.step);
  op.iv = newScalar(ivFact);
  defineS(op.iv);
  ivs_.push_back(op.iv);
  for (int init : op.initV) {
    int id = newLike(init);
    op.argV.push_back(id);
    defineV(id);
  }
  for (size_t j = 0; j < ns; ++j) {
    std::set<int64_t> dom;
    for (int64_t v = 0; v < domains[j]; ++v)
      dom.insert(v);
    int id = newScalar(setFact(dom));
    op.argS.push_back(id);
    defineS(id);
  }
  size_t bodyStart = visV_.size();
  genOps((int)pick(2, depth_ == 1 ? 9 : 5));
  // What the iteration passes on: mostly something it computed from the
  // carried value (acc = acc + x), sometimes the value itself or another.
  for (size_t j = 0; j < nv; ++j) {
    int arg = op.argV[j];
    std::vector<int> made;
    for (size_t i = bodyStart; i < visV_.size(); ++i)
      if (vshape_[visV_[i]] == vshape_[arg])
        made.push_back(visV_[i]);
    int yield = arg;
    double r = roll();
    if (!made.empty() && r < 0.5 && dtypeOf(arg) != DType::bool_) {
      Op acc(Kind::Bin);
      acc.a = arg;
      acc.dtype = dtypeOf(arg);
      acc.b = oneOf(made);
      acc.bin = chance(0.6) ? BinKind::Add : chance(0.5) ? BinKind::Sub : BinKind::Mul;
      acc.dst = newLike(arg);
      yield = acc.dst;
      emit(std::move(acc));
      defineV(yield);
    } else if (!made.empty() && r < 0.8) {
      yield = made.back();
    } else if (r < 0.9) {
      std::vector<int> same;
      for (int id : visV_)
        if (vshape_[id] == vshape_[arg])
          same.push_back(id);
      yield = oneOf(same);
    }
    op.yieldV.push_back(yield);
  }
  for (size_t j = 0; j < ns; ++j) {
    int arg = op.argS[j];
    std::optional<int> y;
    if (domains[j] == 2 && chance(0.3)) {
      y = sbin(SBinKind::Xor, Sc::of(arg), Sc::constant(1));
    } else {
      std::vector<int> addends = knownInts(true);
      Sc t = addends.empty() || chance(0.3) ? Sc::constant(pick(1, 3)) : Sc::of(oneOf(addends));
      std::optional<int> sum = sbin(SBinKind::Add, Sc::of(arg), t);
      y = sum ? sbin(SBinKind::Rem, Sc::of(*sum), Sc::constant(domains[j])) : std::nullopt;
      if (y && chance(0.25)) {  // only on some iterations: jnp::where(p, next, arg)
        if (std::optional<int> p = simplePred()) {
          Op op(Kind::SWhere);
          op.sa = Sc::of(*p);
          op.sb = Sc::of(*y);
          op.sc = Sc::of(arg);
          y = scalarOp(std::move(op));
        }
      }
    }
    op.yieldS.push_back(y ? *y : arg);
  }
  --loopDepth_;
  leave(scope);

  for (int init : op.initV)
    op.resV.push_back(newLike(init));
  for (size_t j = 0; j < ns; ++j) {
    std::set<int64_t> dom;
    for (int64_t v = 0; v < domains[j]; ++v)
      dom.insert(v);
    op.resS.push_back(newScalar(setFact(dom)));
  }
  std::vector<int> resV = op.resV, resS = op.resS;
  if (!emitConstruct(std::move(op)))
    return fail();
  for (int id : resV)
    defineV(id);
  for (int id : resS)
    defineS(id);
  return true;
}

bool Generator::genIf() {
  Mark m = mark();
  std::optional<int> pred = makePred();
  if (!pred) {
    rollback(m);
    return false;
  }
  Op op(Kind::If);
  op.pred = *pred;
  op.ifForm = chance(0.4) ? IfForm::When : IfForm::Cond;
  size_t nv = 0, ns = 0;
  if (op.ifForm == IfForm::Cond && chance(0.6)) {
    nv = std::min<size_t>((size_t)pick(0, 2), visV_.size());
    ns = chance(0.35) || nv == 0 ? 1 : 0;
    op.tupleCarry = chance(0.3);
  }
  // Each result has an outer default that a side may pass through.
  std::vector<int> defaultsV, defaultsS;
  for (size_t j = 0; j < nv; ++j)
    defaultsV.push_back(visV_[visV_.size() - 1 - (size_t)pick(0, std::min<int64_t>(3, visV_.size() - 1))]);
  std::vector<int> ints = knownInts(false);
  if (ns && ints.empty())
    ns = 0;
  for (size_t j = 0; j < ns; ++j)
    defaultsS.push_back(oneOf(ints));

  auto side = [&](std::vector<Op> *region, std::vector<int> &yv, std::vector<int> &ys,
                  int budget) {
    Scope scope = enter(region);
    size_t start = visV_.size();
    if (budget > 0)
      genOps((int)pick(1, budget));
    for (size_t j = 0; j < nv; ++j) {
      std::vector<int> made;
      for (size_t i = start; i < visV_.size(); ++i)
        if (vshape_[visV_[i]] == vshape_[defaultsV[j]])
          made.push_back(visV_[i]);
      yv.push_back(!made.empty() && chance(0.6) ? made.back() : defaultsV[j]);
    }
    for (size_t j = 0; j < ns; ++j) {
      std::vector<int> known = knownInts(false);
      ys.push_back(chance(0.5) || known.empty() ? defaultsS[j] : oneOf(known));
    }
    leave(scope);
  };
  int budget = depth_ == 0 ? 7 : 4;
  side(&op.body, op.yieldV, op.yieldS, budget);
  if (op.ifForm == IfForm::Cond)
    side(&op.orelse, op.elseYieldV, op.elseYieldS, chance(0.2) ? 0 : budget);

  for (int d : defaultsV)
    op.resV.push_back(newLike(d));
  for (size_t j = 0; j < ns; ++j) {
    // Facts of the yields are read before they go out of scope: they are
    // still in sfact_.
    SFact a = sfact_[op.yieldS[j]], b = sfact_[op.elseYieldS[j]], r;
    if (a.known && b.known) {
      std::set<int64_t> u(a.vals.begin(), a.vals.end());
      u.insert(b.vals.begin(), b.vals.end());
      r = setFact(u);
    }
    op.resS.push_back(newScalar(r));
  }
  std::vector<int> resV = op.resV, resS = op.resS;
  if (!emitConstruct(std::move(op))) {
    rollback(m);
    return false;
  }
  for (int id : resV)
    defineV(id);
  for (int id : resS)
    defineS(id);
  return true;
}

/// The double-buffered copy loop a pallas_call grid becomes: blocks of
/// `nr` rows of an input, one per iteration, copied into two slots of a
/// scratch buffer; iteration i waits for its block (started by iteration
/// i - 1, or before the loop for i = 0) on sems.at(base + i % 2) with a
/// descriptor made again, starts block i + 1 into the other slot under
/// pl::when(i + 1 < n), and reads its slot while that copy is in flight:
///
///   pl::when(n > 0, [&] { copy(block(0), slot 0).start(); });
///   acc = lax::fori_loop(0, n, [&](Scalar i, Value acc) {
///     copy(block(i), slot(i)).wait();
///     pl::when(i + 1 < n, [&] { copy(block(i + 1), slot(i + 1)).start(); });
///     Value v = buf[slot(i)];  ...  return acc + v;
///   }, init);
///
/// A DMA started in one iteration and waited in the next is beyond what
/// the generic bodies keep track of, so the pattern is written here whole,
/// with random work after the read that keeps off both slots and the block
/// being copied.
bool Generator::genPipeline() {
  if (depth_ != 0 || !p_.prefetch)
    return false;
  std::array<bool, kNumSems> busy{};
  for (const AFlight &f : aflights_)
    for (int64_t s : f.sems)
      busy[s] = true;
  std::vector<int64_t> bases;
  for (int64_t b : {0, 2})
    if (!busy[b] && !busy[b + 1])
      bases.push_back(b);
  if (bases.empty())
    return false;
  int64_t semBase = oneOf(bases);
  int src = p_.twoInputs && chance(0.5) ? Y : X;
  const Shape &ss = p_.shapes[src];
  int64_t nr = kTileRows, nc = kLanes * pick(1, ss[1] / kLanes);
  int64_t sc0 = kLanes * pick(0, (ss[1] - nc) / kLanes);
  std::vector<int> bufs;
  for (int r = A; r <= D; ++r)
    if (p_.shapes[r][0] >= 2 * nr && p_.shapes[r][1] >= nc)
      bufs.push_back(r);
  if (bufs.empty())
    return false;
  int buf = oneOf(bufs);
  const Shape &bs = p_.shapes[buf];
  int64_t bc0 = kLanes * pick(0, (bs[1] - nc) / kLanes);
  int64_t slotBase = pick(0, (bs[0] - 2 * nr) / kTileRows) * kTileRows;
  for (int64_t s = 0; s < 2; ++s)
    if (!writableAll(Win{buf, slotBase + s * nr, nr, bc0, nc}))
      return false;

  Mark m = mark();
  HostModel saved = model_;
  auto fail = [&] {
    model_ = std::move(saved);
    rollback(m);
    return false;
  };
  // The trip count: a constant or a count from off_smem (0 and 1 among them).
  Sc n = Sc::constant(chance(0.3) ? pick(0, 1) : pick(2, 5));
  if (chance(0.6)) {
    std::optional<int> c = sread(Smem::Off, Sc::constant(pick(kCountsAt, kTableAt - 1)));
    if (!c)
      return fail();
    n = Sc::of(*c);
  }
  // Block j starts at row (j % slots) * 8 of the input, or at the table's
  // entry j % 8 when every entry fits.
  int64_t slots = (ss[0] - nr) / kTileRows + 1;
  bool table = chance(0.4);
  for (int i = kTableAt; i < kSmemWords; ++i)
    table = table && p_.smem[i] <= ss[0] - nr && (ss[1] == kLanes || p_.smem[i] % kTileRows == 0);
  int variant = (int)pick(0, 2);
  auto blockStart = [&](Sc j) -> std::optional<Sc> {
    if (table) {
      std::optional<int> idx;
      if (j.isConst()) {
        idx = std::nullopt;
      } else {
        idx = sbin(SBinKind::Rem, j, Sc::constant(kTableWords));
        if (idx)
          idx = sbin(SBinKind::Add, Sc::of(*idx), Sc::constant(kTableAt));
        if (!idx)
          return std::nullopt;
      }
      std::optional<int> s = sread(Smem::Off, idx ? Sc::of(*idx)
                                                  : Sc::constant(kTableAt + j.c % kTableWords));
      if (s && ss[1] != kLanes) {
        Op op(Kind::SMultipleOf);
        op.sa = Sc::of(*s);
        op.multiple = kTileRows;
        s = scalarOp(std::move(op));
      }
      return s ? std::optional<Sc>(Sc::of(*s)) : std::nullopt;
    }
    if (j.isConst())
      return Sc::constant(j.c % slots * kTileRows);
    std::optional<int> s;
    if (variant == 2) {  // (j * 8) % (slots * 8), promised a multiple of 8
      s = sbin(SBinKind::Mul, j, Sc::constant(kTileRows));
      if (s)
        s = sbin(SBinKind::Rem, Sc::of(*s), Sc::constant(slots * kTileRows));
      if (s) {
        Op op(Kind::SMultipleOf);
        op.sa = Sc::of(*s);
        op.multiple = kTileRows;
        s = scalarOp(std::move(op));
      }
    } else {
      s = sbin(SBinKind::Rem, j, Sc::constant(slots));
      if (s)
        s = variant == 0 ? sbin(SBinKind::Mul, Sc::of(*s), Sc::constant(kTileRows))
                         : sbin(SBinKind::Shl, Sc::of(*s), Sc::constant(3));
    }
    return s ? std::optional<Sc>(Sc::of(*s)) : std::nullopt;
  };
  auto window = [&](int ref, Sc start, int64_t base, int64_t c0) {
    Win w;
    w.ref = ref;
    w.nr = nr;
    w.nc = nc;
    w.c0 = c0;
    if (start.isConst()) {
      w.r0 = base + start.c;
      chooseSyntax(w, true);
    } else {
      w.start = start.id;
      w.k = base;
      chooseDynSyntax(w);
    }
    return w;
  };
  // The slot of block j: rows slotBase + (j % 2) * nr of buf, on semaphore
  // semBase + j % 2.
  struct Slot {
    Sc offset, sem;
  };
  auto slotOf = [&](Sc j) -> std::optional<Slot> {
    if (j.isConst())
      return Slot{Sc::constant(j.c % 2 * nr), Sc::constant(semBase + j.c % 2)};
    std::optional<int> parity = sbin(SBinKind::Rem, j, Sc::constant(2));
    std::optional<int> off = parity ? sbin(SBinKind::Mul, Sc::of(*parity), Sc::constant(nr))
                                    : std::nullopt;
    std::optional<int> sem = parity && semBase ? sbin(SBinKind::Add, Sc::of(*parity),
                                                      Sc::constant(semBase))
                                               : parity;
    if (!off || !sem)
      return std::nullopt;
    return Slot{Sc::of(*off), Sc::of(*sem)};
  };
  auto copy = [&](Sc j, Kind kind) -> std::optional<Op> {
    std::optional<Sc> start = blockStart(j);
    std::optional<Slot> slot = slotOf(j);
    if (!start || !slot)
      return std::nullopt;
    Op op(kind);
    op.w = window(src, *start, 0, sc0);
    op.w2 = window(buf, slot->offset, slotBase, bc0);
    op.sem = slot->sem;
    op.dma = p_.numDmas++;
    op.rebuilt = kind == Kind::DmaWait;
    op.asyncCopy = kind == Kind::DmaStart && chance(0.3);
    return op;
  };

  // The prologue: block 0 into slot 0 when the loop runs at all.
  std::optional<Op> first = copy(Sc::constant(0), Kind::DmaStart);
  if (!first)
    return fail();
  if (n.isConst()) {
    if (n.c > 0) {
      model_.reserve(p_.numValues, p_.numScalars);
      if (!model_.exec(*first))
        return fail();
      region_->push_back(std::move(*first));
    }
  } else {
    Op when(Kind::If);
    Op cmp(Kind::SCmp);
    cmp.cmp = CmpKind::Gt;
    cmp.sa = n;
    cmp.sb = Sc::constant(0);
    std::optional<int> pred = scalarOp(std::move(cmp));
    if (!pred)
      return fail();
    when.pred = *pred;
    when.body.push_back(std::move(*first));
    model_.reserve(p_.numValues, p_.numScalars);
    if (!model_.exec(when))
      return fail();
    region_->push_back(std::move(when));
  }

  // The loop.
  Op loop(Kind::For);
  loop.lo = Sc::constant(0);
  loop.hi = n;
  std::vector<int> accs;
  for (int id : visV_)
    if (vshape_[id] == std::array<int64_t, 3>{nr, nc, (int64_t)DType::float32})
      accs.push_back(id);
  bool carry = !accs.empty() && chance(0.8);
  if (carry)
    loop.initV.push_back(oneOf(accs));
  loop.tupleCarry = chance(0.2);
  SFact nf = fact(n);
  std::set<int64_t> ivVals;
  for (int64_t i = 0; i < nf.hi(); ++i)
    ivVals.insert(i);
  ivVals.insert(0);  // (a loop that never runs: any fact holds)
  Scope scope = enter(&loop.body);
  ++loopDepth_;
  SFact ivFact = setFact(ivVals);
  ivFact.mult = 1;  // gcd(0's, 1)
  loop.iv = newScalar(ivFact);
  defineS(loop.iv);
  ivs_.push_back(loop.iv);
  if (carry) {
    loop.argV.push_back(newValue(nr, nc));
    defineV(loop.argV[0]);
  }
  bool ok = true;
  std::optional<Op> wait = copy(Sc::of(loop.iv), Kind::DmaWait);
  ok = ok && wait;
  std::optional<int> next = sbin(SBinKind::Add, Sc::of(loop.iv), Sc::constant(1));
  Op more(Kind::SCmp);
  more.cmp = CmpKind::Lt;
  more.sa = next ? Sc::of(*next) : Sc::constant(0);
  more.sb = n;
  std::optional<int> morePred = next ? scalarOp(std::move(more)) : std::nullopt;
  if (ok && morePred) {
    region_->push_back(std::move(*wait));
    Op when(Kind::If);
    when.pred = *morePred;
    std::optional<Op> start = copy(Sc::of(*next), Kind::DmaStart);
    ok = start.has_value();
    if (ok) {
      // Its scalar ops went to the loop body (region_), ahead of the branch.
      when.body.push_back(std::move(*start));
      region_->push_back(std::move(when));
    }
  } else {
    ok = false;
  }
  std::optional<Slot> cur = ok ? slotOf(Sc::of(loop.iv)) : std::nullopt;
  if (cur) {
    // The next block is in flight from here to the end of the iteration:
    // the random work below keeps off both slots and every block.
    AFlight f{-1, {semBase, semBase + 1}, {}, {}};
    for (int64_t r = 0; r + nr <= ss[0]; ++r)
      f.srcs.push_back({src, r, nr, sc0, nc});
    for (int64_t s = 0; s < 2; ++s)
      f.dsts.push_back({buf, slotBase + s * nr, nr, bc0, nc});
    aflights_.push_back(std::move(f));
    regionFlights_ = aflights_.size();
    Op load(Kind::Load);
    load.w = window(buf, cur->offset, slotBase, bc0);
    load.dst = newValue(nr, nc);
    int v = load.dst;
    region_->push_back(std::move(load));
    defineV(v);
    genOps((int)pick(1, 6));
    if (carry) {
      Op acc(Kind::Bin);
      acc.a = loop.argV[0];
      std::vector<int> same;
      for (int id : visV_)
        if (id >= v && vshape_[id] == std::array<int64_t, 3>{nr, nc, (int64_t)DType::float32})
          same.push_back(id);
      acc.b = chance(0.7) ? v : oneOf(same);
      acc.bin = chance(0.7) ? BinKind::Add : BinKind::Sub;
      acc.dst = newValue(nr, nc);
      loop.yieldV.push_back(acc.dst);
      emit(std::move(acc));
    }
  } else {
    ok = false;
  }
  --loopDepth_;
  leave(scope);
  if (!ok)
    return fail();
  if (carry)
    loop.resV.push_back(newValue(nr, nc));
  std::vector<int> resV = loop.resV;
  model_.reserve(p_.numValues, p_.numScalars);
  HostModel trial = model_;
  if (!trial.exec(loop))
    return fail();
  model_ = std::move(trial);
  region_->push_back(std::move(loop));
  for (int r = 0; r < kNumRefs; ++r)
    ainit_[r] = model_.bufs[r].init;
  atmpInit_ = model_.tmpInit;
  for (int id : resV)
    defineV(id);
  return true;
}

//===----------------------------------------------------------------------===//
// Whole bodies
//===----------------------------------------------------------------------===//

/// Appends about `target` ops to the current region; a body ends by waiting
/// for the DMAs it started.
void Generator::genOps(int target) {
  size_t start = region_->size();
  for (int attempts = 0; (int)(region_->size() - start) < target && attempts < target * 20;
       ++attempts) {
    double cfShare = cf_ && depth_ < kMaxDepth ? (depth_ == 0 ? 0.16 : 0.08) : 0.0;
    if (chance(cfShare)) {
      genConstruct();
      continue;
    }
    if (p_.math && chance(0.2)) {
      genMath();
      continue;
    }
    double r = roll();
    if (r < 0.17) {
      genDmaStart();
    } else if (r < 0.32) {
      if (aflights_.size() > regionFlights_)
        emitWait(chance(0.6) ? regionFlights_ : (size_t)pick(regionFlights_, aflights_.size() - 1));
    } else if (r < 0.57) {
      genLoad();
    } else if (r < 0.77) {
      genArith();
    } else if (r < 0.91) {
      genStore();
    } else if (r < 0.96 || !p_.tmp) {
      genStoreConst();
    } else {
      genScalarMemory();
    }
  }
  if (depth_ > 0)
    while (aflights_.size() > regionFlights_)
      emitWait((size_t)pick(regionFlights_, aflights_.size() - 1));
}

/// A scratch window of shape (nr, nc) to copy to the output: of a few
/// random ones, the one with most tiles written (those written inside loops
/// and branches counting most, so that their work reaches the output), with
/// its unwritten tiles filled.
bool Generator::outputSource(int64_t nr, int64_t nc, Win &w) {
  std::vector<int> fits;
  for (int r = A; r <= D; ++r)
    if (p_.shapes[r][0] >= nr && p_.shapes[r][1] >= nc)
      fits.push_back(r);
  if (fits.empty())
    return false;
  int64_t best = -1;
  for (int tries = 0; tries < 8; ++tries) {
    Win c;
    c.ref = oneOf(fits);
    c.nr = nr;
    c.nc = nc;
    c.r0 = pick(0, p_.shapes[c.ref][0] - c.nr);
    c.c0 = kLanes * pick(0, (p_.shapes[c.ref][1] - c.nc) / kLanes);
    CWin cw{c.ref, c.r0, c.nr, c.c0, c.nc};
    bool busy = false;
    for (const AFlight &f : aflights_)
      for (const CWin &d : f.dsts)
        busy = busy || overlaps(d, cw);
    if (busy)
      continue;
    const HostBuf &b = model_.bufs[c.ref];
    int64_t score = 0;
    for (int64_t r = c.r0; r < c.r0 + c.nr; ++r)
      for (int64_t t = c.c0 / kLanes; t < (c.c0 + c.nc) / kLanes; ++t)
        score += b.init[r * b.colTiles() + t] + 3 * b.fromBody[r * b.colTiles() + t];
    if (score > best) {
      best = score;
      w = c;
    }
  }
  if (best < 0)
    return false;
  // Fill unwritten 8-row tiles (buffer-aligned) that the window touches.
  for (int64_t r = w.r0 / kTileRows * kTileRows; r < w.r0 + w.nr; r += kTileRows)
    for (int64_t c = w.c0; c < w.c0 + w.nc; c += kLanes) {
      Win t{w.ref, r, kTileRows, c, kLanes};
      if (model_.isInit({w.ref, r, kTileRows, c, kLanes}))
        continue;
      chooseSyntax(t, false);
      std::vector<int> tiles;
      for (int id : visV_)
        if (vshape_[id][0] == kTileRows && vshape_[id][1] == kLanes && dtypeOf(id) == DType::float32)
          tiles.push_back(id);
      Op op(Kind::StoreConst);
      op.scalar = 2.0 + (double)pick(0, 8) * 0.25;
      if (!tiles.empty() && chance(0.6)) {
        op.kind = Kind::Store;
        op.a = oneOf(tiles);
      }
      op.w = t;
      if (!emit(std::move(op)))
        return false;
    }
  return true;
}

/// Waits for everything, makes one scratch window of the output's shape
/// fully written, copies it out, and (sometimes) adds stores nothing reads.
void Generator::finish() {
  while (!aflights_.empty())
    emitWait((size_t)pick(0, aflights_.size() - 1));
  // Sometimes register pressure: one sum of many values made along the way
  // keeps all of them live to here.
  if (!visV_.empty() && chance(0.25) && dtypeOf(visV_.back()) == DType::float32) {
    auto shape = vshape_[visV_.back()];
    std::vector<int> same;
    for (int id : visV_)
      if (vshape_[id] == shape)
        same.push_back(id);
    if (same.size() >= 3) {
      int acc = same[0];
      for (size_t j = 1; j < same.size(); ++j) {
        Op op(Kind::Bin);
        op.a = acc;
        op.b = same[j];
        op.bin = chance(0.5) ? BinKind::Add : BinKind::Sub;
        op.dst = newValue(shape[0], shape[1]);
        int id = op.dst;
        if (!emit(std::move(op)))
          break;
        defineV(id);
        acc = id;
      }
      Mark m = mark();
      std::optional<Win> w = vmemWindow(shape[0], shape[1]);
      Op op(Kind::Store);
      op.a = acc;
      if (w && loadable(*w)) {
        op.w = *w;
        if (emit(std::move(op)))
          remember(*w);
        else
          rollback(m);
      } else {
        rollback(m);
      }
    }
  }
  // The output: sometimes only its rows nothing has written yet (so what
  // loops and branches DMA'd there stays), else all of it, each from a
  // scratch window.
  const HostBuf &out = model_.bufs[O];
  std::vector<std::pair<int64_t, int64_t>> runs;  // rows [first, second) of O to copy
  bool patch = chance(0.5);
  if (patch) {
    for (int64_t r = 0; r < out.rows; ++r) {
      bool missing = false;
      for (int64_t t = 0; t < out.colTiles(); ++t)
        missing = missing || !out.init[r * out.colTiles() + t];
      if (!missing)
        continue;
      if (!runs.empty() && runs.back().second == r)
        ++runs.back().second;
      else
        runs.push_back({r, r + 1});
    }
    patch = runs.size() < (size_t)kNumSems && (runs.empty() || runs[0] != std::pair<int64_t, int64_t>{0, out.rows});
  }
  if (!patch)
    runs = {{0, out.rows}};
  std::vector<size_t> copies;
  for (auto [first, last] : runs) {
    Win w;
    if (!outputSource(last - first, out.cols, w))
      throw std::logic_error("generator: no scratch window for the output");
    Win dst{O, first, last - first, 0, out.cols};
    chooseSyntax(dst, true);
    chooseSyntax(w, true);
    Op op(Kind::DmaStart);
    op.w = w;
    op.w2 = dst;
    std::optional<Sc> sem = pickSem();  // fewer copies than semaphores: one is free
    if (!sem)
      throw std::logic_error("generator: no free semaphore for the output");
    op.sem = *sem;
    op.dma = p_.numDmas++;
    op.asyncCopy = chance(0.5);
    if (!emit(std::move(op)))
      throw std::logic_error("generator: the output copy breaks a rule: " + model_.error);
  }
  // Sometimes scratch work while the output DMAs are in flight (never
  // writing their sources), then the waits; sometimes dead stores after.
  if (chance(0.4)) {
    for (int i = 0, n = (int)pick(1, 3); i < n; ++i)
      chance(0.5) ? genLoad() : chance(0.5) ? genStoreConst() : genStore();
  }
  while (!aflights_.empty())
    emitWait((size_t)pick(0, aflights_.size() - 1));
  if (chance(0.5)) {
    for (int i = 0, n = (int)pick(1, 4); i < n; ++i)
      chance(0.3) ? genLoad() : chance(0.5) ? genStoreConst() : genStore();
  }
  p_.expected = model_.bufs[O].data;
}

Program Generator::generate() {
  setShapes();
  region_ = &p_.ops;
  int target = cf_ ? (int)pick(6, 24) : (int)pick(8, 40);
  // A 128-row D is filled from x first (the dots' RHS values come from it).
  if (p_.math && p_.shapes[D][0] == kMxuRows) {
    Win src{X, 0, kMxuRows, 0, p_.shapes[X][1]}, dst{D, 0, kMxuRows, 0, p_.shapes[D][1]};
    Op op(Kind::DmaStart);
    op.w = src;
    op.w2 = dst;
    op.sem = Sc::constant(0);
    op.dma = p_.numDmas++;
    op.asyncCopy = true;
    if (emit(std::move(op)))
      emitWait(aflights_.size() - 1);
  }
  // Start with data: most kernels begin by copying an input in.
  if (chance(0.8))
    for (int tries = 0; tries < 20 && !genDmaStart(); ++tries) {
    }
  genOps(target);
  finish();
  if (!model_.flights.empty())
    throw std::logic_error("generator: a DMA is still in flight at the end");
  // The program run again from its inputs must give what running it while
  // writing it gave (the host model has no hidden state).
  std::vector<float> expected = p_.expected;
  if (std::string why = runHostModel(p_); !why.empty() || p_.expected != expected)
    throw std::logic_error("generator: the program run again on the host model " +
                           (why.empty() ? std::string("gives another output") : "breaks a rule: " + why));
  p_.branchesTaken = model_.taken;
  p_.branchesNotTaken = model_.notTaken;
  p_.zeroTripLoops = model_.zeroTrips;
  p_.oneTripLoops = model_.oneTrip;
  return std::move(p_);
}

//===----------------------------------------------------------------------===//
// Semaphores and the second core
//===----------------------------------------------------------------------===//

/// What the passes that add to a finished program share: a random stream
/// of their own (the generator's stream, and so every op it draws, stays as
/// it was), and edits kept only if the host model accepts the program with
/// them, so the host model's verdict is the rule, as it is for the reducer.
class ProgramEditor {
protected:
  ProgramEditor(Program &p, uint32_t seed, int index, uint32_t salt) : p_(p) {
    std::seed_seq seq{seed, (uint32_t)index, salt};
    rng_.seed(seq);
  }

  Program &p_;
  std::mt19937 rng_;

  int64_t pick(int64_t lo, int64_t hi) { return lo + (int64_t)(rng_() % (uint64_t)(hi - lo + 1)); }
  bool chance(double prob) { return (rng_() % 10000) < prob * 10000; }
  double roll() { return (rng_() % 1000) / 1000.0; }

  /// An op list of the program, the loop or branch it is the body of (none
  /// at the top level) and which side.
  struct Region {
    std::vector<Op> *ops;
    Op *owner;
    bool orelse;
  };
  static void regions(std::vector<Op> &ops, Op *owner, bool orelse, std::vector<Region> &out) {
    out.push_back({&ops, owner, orelse});
    for (Op &op : ops) {
      if (op.kind != Kind::For && op.kind != Kind::If)
        continue;
      regions(op.body, &op, false, out);
      if (op.kind == Kind::If && op.ifForm == IfForm::Cond)  // pl::when has no else
        regions(op.orelse, &op, true, out);
    }
  }
  /// The top level half of the time, else any body.
  Region region() {
    std::vector<Region> all;
    regions(p_.ops, nullptr, false, all);
    return chance(0.5) ? all[0] : all[pick(0, (int64_t)all.size() - 1)];
  }

  /// After the edits: the host model runs the program again (recording its
  /// expected output); a program it refuses is the generator's bug, named
  /// by what the editor added.
  void settle(const std::string &added, const char *verb = "breaks") {
    if (std::string why = runHostModel(p_); !why.empty())
      throw std::logic_error("generator: " + added + " " + verb + " a rule: " + why);
  }

  /// With probability `prob`, 1 to `most` tries of `add` (each kept as
  /// tryEdit keeps it), then settle(what).
  template <class F>
  void sometimes(double prob, int64_t most, const std::string &what, F &&add) {
    if (!chance(prob))
      return;
    for (int i = 0, n = (int)pick(1, most); i < n; ++i)
      tryEdit(add);
    settle(what);
  }

  /// Applies `edit` and keeps it if the host model runs the program to its
  /// end (on every device).
  template <class F>
  bool tryEdit(F &&edit) {
    Program saved = p_;
    edit();
    std::vector<HostModel> ms;
    if (runDevices(p_, ms).empty())
      return true;
    p_ = std::move(saved);
    return false;
  }

  /// The dtype and shape of every value the program makes on its inputs
  /// (none for a value it does not make: in a branch not taken, a loop run
  /// 0 times).
  struct ValueInfo {
    DType dtype;
    int64_t rows, cols;
  };
  /// What the program defines, from one run of the host model.
  struct Defined {
    std::vector<std::optional<ValueInfo>> values;
    std::vector<uint8_t> scalars;  // made (1) or not (0), by id
  };
  Defined defined() {
    std::vector<HostModel> ms;
    runDevices(p_, ms);
    Defined d{std::vector<std::optional<ValueInfo>>(p_.numValues), ms.front().sdef};
    for (int id = 0; id < p_.numValues; ++id)
      if (ms.front().vdef[id]) {
        const HostValue &v = ms.front().vals[id];
        d.values[id] = ValueInfo{v.dtype, v.rows, v.cols};
      }
    return d;
  }

  /// The values made before `at` in g's list (and g's loop arguments) that
  /// `accept` takes, of those `infos` says are made.
  template <class F>
  static std::vector<int> valuesBefore(const std::vector<std::optional<ValueInfo>> &infos,
                                       const Region &g, size_t at, F accept) {
    std::vector<int> out;
    auto consider = [&](int id) {
      if (id >= 0 && id < (int)infos.size() && infos[id] && accept(*infos[id]))
        out.push_back(id);
    };
    if (g.owner && g.owner->kind == Kind::For)
      for (int id : g.owner->argV)
        consider(id);
    for (size_t i = 0; i < at; ++i) {
      consider((*g.ops)[i].dst);
      for (int id : (*g.ops)[i].resV)
        consider(id);
    }
    return out;
  }

  /// A place in a random list (g, at) and a value made before it that
  /// `accept` takes (v), with what the program defines (infos); nothing
  /// when no value there is accepted.
  struct ValueAt {
    Region g;
    size_t at;
    int v;
    std::vector<std::optional<ValueInfo>> infos;
  };
  template <class F>
  std::optional<ValueAt> valueAt(F accept) {
    Region g = region();
    size_t at = (size_t)pick(0, (int64_t)g.ops->size());
    std::vector<std::optional<ValueInfo>> infos = defined().values;
    std::vector<int> values = valuesBefore(infos, g, at, accept);
    if (values.empty())
      return std::nullopt;
    int v = values[pick(0, (int64_t)values.size() - 1)];
    return ValueAt{g, at, v, std::move(infos)};
  }

  /// Later uses of value v in g's list from `at` on (and the list's
  /// yields) take value `with` instead.
  static void replaceLaterUses(const Region &g, size_t at, int v, int with) {
    for (size_t i = at; i < g.ops->size(); ++i)
      visitIds((*g.ops)[i], [&](int &id, IdKind kind) {
        if (kind == IdKind::Value && id == v)
          id = with;
      });
    if (g.owner)
      for (int &id : g.orelse ? g.owner->elseYieldV : g.owner->yieldV)
        id = id == v ? with : id;
  }

  /// With probability `prob`, appends to `added` (ops to insert at `at` in
  /// `g`) a use of scalar `s`: added to (or subtracted from) an f32 or
  /// int32 value made earlier in the same list, whose later uses (and the
  /// list's yields) take the sum instead. Whether it did.
  bool useOnAValue(const Region &g, size_t at, int s, std::vector<Op> &added, double prob) {
    std::vector<std::optional<ValueInfo>> infos = defined().values;
    std::vector<int> candidates = valuesBefore(infos, g, at, [](const ValueInfo &v) {
      return v.dtype == DType::float32 || v.dtype == DType::int32;
    });
    if (candidates.empty() || !chance(prob))
      return false;
    int v = candidates[pick(0, (int64_t)candidates.size() - 1)];
    Op use(Kind::ScalarOp);
    use.a = v;
    use.sa = Sc::of(s);
    use.bin = chance(0.5) ? BinKind::Add : BinKind::Sub;
    use.scalarFirst = chance(0.3);
    use.dtype = infos[v]->dtype;
    use.dst = p_.numValues++;
    replaceLaterUses(g, at, v, use.dst);
    added.push_back(std::move(use));
    return true;
  }
};

/// Adds the functions JAX composes of other ops (MathKind::Tan ... Cumsum)
/// to a finished program of the vector language: each applied to a value
/// made earlier in the same op list (the second operand of a binary one of
/// the same dtype and shape), whose later uses take its result; kept only
/// if the host model runs the program with it.
class ComposedAdder : ProgramEditor {
public:
  ComposedAdder(Program &p, uint32_t seed, int index) : ProgramEditor(p, seed, index, 0xc0ffee5u) {}

  void run() {
    if (!p_.math || !chance(0.4))
      return;
    for (int i = 0, n = (int)pick(1, 3); i < n; ++i) {
      if (chance(0.25))
        tryEdit([&] { addFloatScalarUse(); });
      else
        tryEdit([&] { add(); });
    }
    settle("a composed op");
  }

private:
  /// An f32 Scalar made on the scalar unit from an int32 (or predicate)
  /// scalar of the list, s.astype(f32) * 0.5 + 0.25, used on an f32 value.
  void addFloatScalarUse() {
    Region g = region();
    size_t at = (size_t)pick(0, (int64_t)g.ops->size());
    Defined d = defined();
    std::vector<int> scalars;
    auto consider = [&](int id) {
      if (id >= 0 && id < (int)d.scalars.size() && d.scalars[id])
        scalars.push_back(id);
    };
    if (g.owner && g.owner->kind == Kind::For) {
      consider(g.owner->iv);
      for (int id : g.owner->argS)
        consider(id);
    }
    for (size_t i = 0; i < at; ++i)
      consider((*g.ops)[i].sdst);
    std::vector<int> values = valuesBefore(d.values, g, at, [](const ValueInfo &v) {
      return v.dtype == DType::float32;
    });
    if (scalars.empty() || values.empty())
      return;
    int v = values[pick(0, (int64_t)values.size() - 1)];
    Op use(Kind::ScalarOp);
    use.a = v;
    use.sa = Sc::of(scalars[pick(0, (int64_t)scalars.size() - 1)]);
    use.spelling = 1;
    use.bin = (BinKind)pick(0, 2);
    use.scalarFirst = chance(0.3);
    use.dtype = DType::float32;
    use.dst = p_.numValues++;
    replaceLaterUses(g, at, v, use.dst);
    g.ops->insert(g.ops->begin() + (std::ptrdiff_t)at, std::move(use));
  }

  void add() {
    std::optional<ValueAt> p = valueAt([](const ValueInfo &v) {
      return v.dtype == DType::float32 || v.dtype == DType::bfloat16 || v.dtype == DType::int32;
    });
    if (!p)
      return;
    auto &[g, at, v, infos] = *p;
    ValueInfo info = *infos[v];
    bool isF = info.dtype != DType::int32;
    bool tiles = info.rows % 8 == 0 && info.cols % 128 == 0;
    std::vector<MathKind> kinds = {MathKind::Sign, MathKind::FloorDiv, MathKind::Mod,
                                   MathKind::Triu, MathKind::Tril,     MathKind::AnyAll};
    if (isF)
      kinds.insert(kinds.end(), {MathKind::Tan, MathKind::ErfInv, MathKind::Finite,
                                 MathKind::IntPow, MathKind::FRem});
    else
      kinds.insert(kinds.end(), {MathKind::PopCount, MathKind::Clz});
    if (info.dtype == DType::float32 && tiles)
      kinds.push_back(MathKind::Cumsum);
    if (info.dtype == DType::float32 && info.rows > 1 && info.cols > 1)
      kinds.insert(kinds.end(), 3, MathKind::GramSum);  // the MXU at any K: drawn more
    std::vector<int> gatherAxes;  // take_along_axis: one tile, or whole tiles
    for (int axis : {0, 1}) {
      int64_t n = axis == 1 ? info.cols : info.rows, tile = axis == 1 ? 128 : 8;
      if (n > 1 && (n <= tile || n % tile == 0))
        gatherAxes.push_back(axis);
    }
    if (!gatherAxes.empty())
      kinds.insert(kinds.end(), 2, MathKind::TakeAlong);
    Op op(Kind::Math);
    op.math = kinds[pick(0, (int64_t)kinds.size() - 1)];
    op.a = v;
    op.dtype = info.dtype;
    std::vector<int> partners = valuesBefore(infos, g, at, [&](const ValueInfo &w) {
      return w.dtype == info.dtype && w.rows == info.rows && w.cols == info.cols;
    });
    op.b = partners[pick(0, (int64_t)partners.size() - 1)];  // v itself is one
    switch (op.math) {
    case MathKind::IntPow: op.scalar = (double)pick(0, 3); break;
    case MathKind::Triu:
    case MathKind::Tril: op.scalar = (double)pick(-8, 8); break;
    case MathKind::FloorDiv:
    case MathKind::Mod: op.spelling = isF; break;  // floats: jnp::abs(b) + 0.5
    case MathKind::AnyAll:
      op.axis = (int)pick(0, 1);
      op.spelling = (int)pick(0, 1);
      break;
    case MathKind::Cumsum: op.axis = (int)pick(0, 1); break;
    case MathKind::GramSum: op.highest = chance(0.3); break;
    case MathKind::TakeAlong: op.axis = gatherAxes[pick(0, (int64_t)gatherAxes.size() - 1)]; break;
    default: break;
    }
    op.dst = p_.numValues++;
    replaceLaterUses(g, at, v, op.dst);
    g.ops->insert(g.ops->begin() + (std::ptrdiff_t)at, std::move(op));
  }
};

/// Adds element reads (a + a(i, j): one element of an f32 or int32 value
/// moved to the scalar unit, `vextract`, and broadcast back) to a finished
/// program. Its own random stream: every other op is the same.
class ElementAdder : ProgramEditor {
public:
  ElementAdder(Program &p, uint32_t seed, int index) : ProgramEditor(p, seed, index, 0xe1e3e27u) {}

  void run() {
    if (p_.math)
      sometimes(0.3, 2, "an element read", [&] { add(); });
  }

private:
  void add() {
    std::optional<ValueAt> p = valueAt([](const ValueInfo &v) {
      return v.dtype == DType::float32 || v.dtype == DType::int32;
    });
    if (!p)
      return;
    auto &[g, at, v, infos] = *p;
    const ValueInfo &info = *infos[v];
    Op op(Kind::Math);
    op.a = v;
    op.dtype = info.dtype;
    // A window moved needs whole tiles (the rotation and the padding of
    // the update to the value's shape).
    if (info.rows % 8 == 0 && info.cols % 128 == 0 && chance(0.4)) {
      op.math = MathKind::Window;
      op.rows = 8 * pick(1, info.rows / 8);
      op.cols = 128 * pick(1, info.cols / 128);
      op.at0 = pick(-2, info.rows + 2);
      op.at1 = pick(-2, info.cols + 2);
    } else {
      op.math = MathKind::Element;
      op.rows = pick(0, info.rows - 1);
      op.cols = pick(0, info.cols - 1);
    }
    op.dst = p_.numValues++;
    replaceLaterUses(g, at, v, op.dst);
    g.ops->insert(g.ops->begin() + (std::ptrdiff_t)at, std::move(op));
  }
};

/// Adds transposes of values of any shape (f32[3, 5], [1, 128], [12, 130]:
/// padded to 8-row units, or widened from one row or column): a value made
/// earlier, transposed twice (x.T() or jnp::transpose), its later uses
/// taking the result, which must be the value again bit for bit. Its own
/// random stream: every other op is the same.
class TransposeAdder : ProgramEditor {
public:
  TransposeAdder(Program &p, uint32_t seed, int index) : ProgramEditor(p, seed, index, 0x7a05e5u) {}

  void run() {
    if (p_.math)
      sometimes(0.25, 2, "a transpose", [&] { add(); });
  }

private:
  void add() {
    std::optional<ValueAt> p = valueAt([](const ValueInfo &v) {
      return v.dtype == DType::float32 || v.dtype == DType::int32 ||
             (v.dtype == DType::bfloat16 && v.rows > 1 && v.cols > 1);
    });
    if (!p)
      return;
    auto &[g, at, v, infos] = *p;
    std::vector<Op> added;
    int from = v;
    for (int k = 0; k < 2; ++k) {
      Op t(Kind::Math);
      t.math = MathKind::Transpose;
      t.a = from;
      t.dtype = infos[v]->dtype;
      t.spelling = chance(0.5);
      t.dst = from = p_.numValues++;
      added.push_back(std::move(t));
    }
    replaceLaterUses(g, at, v, from);
    g.ops->insert(g.ops->begin() + (std::ptrdiff_t)at, added.begin(), added.end());
  }
};

/// Takes some f32 values of 128 columns through their 1-D value
/// (MathKind::Flat): [R, 128] <-> [R * 128], a folded 1-D value when R > 1
/// (its rows of 128 lanes), a row when R is 1. Its own random stream: every
/// other op is the same.
class FlatAdder : ProgramEditor {
public:
  FlatAdder(Program &p, uint32_t seed, int index) : ProgramEditor(p, seed, index, 0x1d1d1du) {}

  void run() {
    if (p_.math)
      sometimes(0.25, 2, "a 1-D value", [&] { add(); });
  }

private:
  void add() {
    std::optional<ValueAt> p = valueAt([](const ValueInfo &v) {
      return v.dtype == DType::float32 && v.cols == kLanes;
    });
    if (!p)
      return;
    auto &[g, at, v, infos] = *p;
    Op t(Kind::Math);
    t.math = MathKind::Flat;
    t.a = v;
    t.dtype = DType::float32;
    t.rows = infos[v]->rows;
    t.cols = infos[v]->cols;
    t.spelling = chance(0.3);
    t.dst = p_.numValues++;
    int dst = t.dst;
    replaceLaterUses(g, at, v, dst);
    g.ops->insert(g.ops->begin() + (std::ptrdiff_t)at, std::move(t));
  }
};

/// Gives some DMAs their rows as a scalar (pl::ds(start, n) with n
/// traced): before the start, n read from an off_smem word that holds the
/// rows (or a word plus a constant), said a multiple of 8 where a window
/// of a Ref wider than 128 lanes needs whole tiles; both windows take n,
/// and so the descriptor's wait. Its own random stream: every other op is
/// the same.
class LengthAdder : ProgramEditor {
public:
  LengthAdder(Program &p, uint32_t seed, int index) : ProgramEditor(p, seed, index, 0x1e9a7b5u) {}

  void run() {
    if (p_.prefetch)
      sometimes(0.3, 2, "a DMA of run-time length", [&] { add(); });
  }

private:
  /// Whether a DMA's windows can take a run-time row count.
  bool eligible(const Op &dma) const {
    bool wide = false;
    for (const Win *w : {&dma.w, &dma.w2}) {
      if (w->count >= 0 || w->syntax == Syntax::Nested || w->syntax == Syntax::DynNested)
        return false;
      if (p_.shapes[w->ref][1] != kLanes) {
        wide = true;
        if (!w->isDynamic() && w->r0 % kTileRows)
          return false;
      }
    }
    return !wide || dma.w.nr % kTileRows == 0;
  }

  void add() {
    Region g = region();
    std::vector<size_t> dmas;
    for (size_t i = 0; i < g.ops->size(); ++i)
      if ((*g.ops)[i].kind == Kind::DmaStart && eligible((*g.ops)[i]))
        dmas.push_back(i);
    if (dmas.empty())
      return;
    size_t at = dmas[pick(0, (int64_t)dmas.size() - 1)];
    int64_t nr = (*g.ops)[at].w.nr;
    bool wide = p_.shapes[(*g.ops)[at].w.ref][1] != kLanes ||
                p_.shapes[(*g.ops)[at].w2.ref][1] != kLanes;
    std::vector<int> words;
    for (int i = 0; i < kSmemWords; ++i)
      if (p_.smem[i] == nr)
        words.push_back(i);
    std::vector<Op> added;
    Op rd(Kind::SRead);
    rd.smem = Smem::Off;
    int word = words.empty() || chance(0.2) ? (int)pick(0, kSmemWords - 1)
                                            : words[pick(0, (int64_t)words.size() - 1)];
    rd.sa = Sc::constant(word);
    rd.sdst = p_.numScalars++;
    int n = rd.sdst;
    added.push_back(std::move(rd));
    if (p_.smem[word] != nr) {
      Op sum(Kind::SBin);
      sum.sbin = SBinKind::Add;
      sum.sa = Sc::of(n);
      sum.sb = Sc::constant(nr - p_.smem[word]);
      sum.sdst = n = p_.numScalars++;
      added.push_back(std::move(sum));
    }
    if (wide) {
      Op mo(Kind::SMultipleOf);
      mo.sa = Sc::of(n);
      mo.multiple = kTileRows;
      mo.sdst = n = p_.numScalars++;
      added.push_back(std::move(mo));
    }
    (*g.ops)[at].w.count = (*g.ops)[at].w2.count = n;
    g.ops->insert(g.ops->begin() + (std::ptrdiff_t)at, added.begin(), added.end());
  }
};

/// Adds masked stores (pltpu::store(window, v, mask)) to a finished
/// program: after a store of a value into a window, another f32 value of
/// the window's shape stored where a comparison of the two holds. Its own
/// random stream: every other op is the same.
class MaskAdder : ProgramEditor {
public:
  MaskAdder(Program &p, uint32_t seed, int index) : ProgramEditor(p, seed, index, 0x3a5c0debu) {}

  void run() { sometimes(0.3, 3, "a masked store", [&] { add(); }); }

private:
  void add() {
    Region g = region();
    std::vector<size_t> stores;
    for (size_t i = 0; i < g.ops->size(); ++i) {
      const Op &op = (*g.ops)[i];
      if (op.kind == Kind::Store && !op.rowSum && op.b < 0)
        stores.push_back(i);
    }
    if (stores.empty())
      return;
    size_t at = stores[pick(0, (int64_t)stores.size() - 1)];
    Op store = (*g.ops)[at];
    std::vector<std::optional<ValueInfo>> infos = defined().values;
    if (store.a >= (int)infos.size() || !infos[store.a])
      return;
    ValueInfo info = *infos[store.a];
    std::vector<int> partners = valuesBefore(infos, g, at, [&](const ValueInfo &w) {
      return w.dtype == DType::float32 && w.rows == info.rows && w.cols == info.cols;
    });
    if (partners.empty())
      return;
    Op cmp(Kind::Math);
    cmp.math = MathKind::Cmp;
    cmp.a = store.a;
    cmp.b = partners[pick(0, (int64_t)partners.size() - 1)];
    cmp.cmp = (CmpKind)pick(0, 5);
    cmp.dtype = DType::bool_;
    cmp.dst = p_.numValues++;
    Op masked = store;
    masked.a = cmp.b;
    masked.b = cmp.dst;
    g.ops->insert(g.ops->begin() + (std::ptrdiff_t)at + 1, std::move(cmp));
    g.ops->insert(g.ops->begin() + (std::ptrdiff_t)at + 2, std::move(masked));
  }
};

/// Makes some of a finished program's rank-3 reductions (Reduce spellings
/// 4 and 5 of an even number of matrices) rank 4: the rows as
/// [2, g / 2, m, cols], reduced per matrix (spelling 7) or along a leading
/// axis (spelling 6). Its own random stream: every other op is the same.
class RankAdder : ProgramEditor {
public:
  RankAdder(Program &p, uint32_t seed, int index) : ProgramEditor(p, seed, index, 0x4a4b5d1u) {}

  void run() {
    if (!chance(0.6))
      return;
    std::vector<Region> all;
    regions(p_.ops, nullptr, false, all);
    for (const Region &g : all)
      for (Op &op : *g.ops) {
        if (op.kind != Kind::Math || op.math != MathKind::Reduce ||
            (op.spelling != 4 && op.spelling != 5) || op.rows % 2 != 0 || !chance(0.6))
          continue;
        Op before = op;
        if (op.spelling == 4) {
          op.spelling = 7;
        } else {
          op.spelling = 6;
          op.axis = (int)pick(0, 1);
        }
        if (!runHostModel(p_).empty())
          op = before;
      }
    settle("a rank-4 reduction");
  }
};

/// Adds REGULAR semaphore ops (and, in some kernels, a second TensorCore) to
/// a finished program. Each addition is kept only if the host model accepts
/// the program with it (no wait that never returns, no read of a DMA
/// semaphore in flight, every semaphore back to zero at the end).
class SyncAdder : ProgramEditor {
public:
  SyncAdder(Program &p, uint32_t seed, int index) : ProgramEditor(p, seed, index, 0x5e3a4d0fu) {}

  void run() {
    if (!chance(0.3))
      return;
    p_.rsems = (int)pick(1, 3);
    if (chance(0.4)) {
      p_.cores = 2;
      p_.worker = (int)pick(0, 1);
      p_.firstCore = p_.worker == 0 && chance(0.5);
      p_.remoteSem = (int)pick(0, p_.rsems - 1);
      p_.remoteAmount = pick(1, 3);
      int barriers = (int)pick(0, 2);
      for (int i = 0; i < barriers; ++i)
        p_.ops.insert(p_.ops.begin() + pick(0, (int64_t)p_.ops.size()), Op(Kind::CoreBarrier));
      p_.remoteAfter = (int)pick(0, barriers);
      // The worker waits for the other core somewhere (or at the end).
      for (int tries = 0; tries < 4; ++tries)
        if (tryEdit([&] {
              Op op(Kind::SemWait);
              op.sem = Sc::constant(p_.remoteSem);
              op.sa = Sc::constant(p_.remoteAmount);
              p_.ops.insert(p_.ops.begin() + pick(0, (int64_t)p_.ops.size()), std::move(op));
            }))
          break;
    }
    for (int i = 0, n = (int)pick(1, 5); i < n; ++i) {
      double r = roll();
      if (r < 0.45)
        tryEdit([&] { signal(); });
      else if (r < 0.8)
        tryEdit([&] { read(); });
      else
        tryEdit([&] { wait(); });
    }
    drain();
    settle("the semaphores", "break");
  }

private:
  /// Signals (by 1 to 3, or by the loop index in a loop body) somewhere.
  void signal() {
    Region g = region();
    Op op(Kind::SemSignal);
    op.sem = Sc::constant(pick(0, p_.rsems - 1));
    op.sa = Sc::constant(pick(1, 3));
    if (g.owner && g.owner->kind == Kind::For && chance(0.3))
      op.sa = Sc::of(g.owner->iv);
    op.ownCore = p_.cores == 2 && chance(0.3);
    g.ops->insert(g.ops->begin() + pick(0, (int64_t)g.ops->size()), std::move(op));
  }

  /// Waits for 1 to 3 somewhere (the host model refuses a wait that would
  /// never return).
  void wait() {
    Region g = region();
    Op op(Kind::SemWait);
    op.sem = Sc::constant(pick(0, p_.rsems - 1));
    op.sa = Sc::constant(pick(1, 3));
    g.ops->insert(g.ops->begin() + pick(0, (int64_t)g.ops->size()), std::move(op));
  }

  /// Reads a semaphore (sometimes a DMA one) somewhere and uses its value:
  /// added to (or subtracted from) an f32 or int32 value made earlier in
  /// the same list, whose later uses take the sum instead; or, failing
  /// that, as the amount of a wait that brings the semaphore to zero.
  void read() {
    Region g = region();
    size_t at = (size_t)pick(0, (int64_t)g.ops->size());
    Op rd(Kind::SemRead);
    rd.dmaSem = chance(0.3);
    rd.sem = Sc::constant(pick(0, (rd.dmaSem ? kNumSems : p_.rsems) - 1));
    rd.sdst = p_.numScalars++;
    int s = rd.sdst;
    std::vector<Op> added = {std::move(rd)};
    if (!useOnAValue(g, at, s, added, 0.7) && !added[0].dmaSem) {
      Op w(Kind::SemWait);
      w.sem = added[0].sem;
      w.sa = Sc::of(s);
      added.push_back(std::move(w));
    }
    g.ops->insert(g.ops->begin() + (std::ptrdiff_t)at, added.begin(), added.end());
  }

  /// Brings every semaphore back to zero at the end: a wait for what it
  /// holds, as a constant or (not the semaphore the other core signals) as
  /// the value read just before.
  void drain() {
    HostModel m;
    m.init(p_);
    if (!m.run(p_.ops))
      throw std::logic_error("generator: the semaphores break a rule: " + m.error);
    for (int r = 0; r < p_.rsems; ++r) {
      if (m.rsem[r] == 0)
        continue;
      Op w(Kind::SemWait);
      w.sem = Sc::constant(r);
      w.sa = Sc::constant(m.rsem[r]);
      if (!(p_.cores == 2 && r == p_.remoteSem) && chance(0.5)) {
        Op rd(Kind::SemRead);
        rd.sem = w.sem;
        rd.sdst = p_.numScalars++;
        w.sa = Sc::of(rd.sdst);
        p_.ops.push_back(std::move(rd));
      }
      p_.ops.push_back(std::move(w));
    }
  }
};

/// Makes some one-core kernels run on 2 or 4 devices (a shard_map over
/// make_mesh({n}, {"d"})): every device its own shard of the inputs, one or
/// two remote shifts of a window along the ring at the top level, and the
/// device's index (lax::axis_index) added to a value, so that the devices
/// compute different numbers. Kept only if the host model accepts it.
class DeviceAdder : ProgramEditor {
public:
  DeviceAdder(Program &p, uint32_t seed, int index) : ProgramEditor(p, seed, index, 0xd3b1ce5u) {}

  void run() {
    if (p_.cores != 1 || p_.prefetch || !chance(0.3))
      return;
    Program saved = p_;
    p_.devices = chance(0.5) ? 2 : 4;
    p_.barrierSemaphore = chance(0.5);
    // Device d's shard of each input: device 0 keeps the generator's.
    for (auto [data, ref] : {std::pair{&p_.x, X}, std::pair{&p_.y, Y}}) {
      if (ref == Y && !p_.twoInputs)
        continue;
      std::vector<float> one = *data;
      for (int d = 1; d < p_.devices; ++d) {
        std::vector<float> more = pattern((int64_t)one.size(), 1000 * d + (int)ref);
        data->insert(data->end(), more.begin(), more.end());
      }
    }
    // A few tries each: most places refuse a shift (its rows unwritten yet,
    // a DMA in flight on them).
    bool added = false;
    for (int shifts = (int)pick(1, 2), tries = 0; shifts > 0 && tries < 8; ++tries)
      if (tryEdit([&] { shift(); })) {
        added = true;
        --shifts;
      }
    for (int tries = chance(0.6) ? 3 : 0; tries > 0; --tries)
      if (tryEdit([&] { deviceValue(); })) {
        added = true;
        break;
      }
    if (!added || !runHostModel(p_).empty())
      p_ = std::move(saved);
  }

private:
  /// A remote shift of rows of one Ref to rows of the output or a VMEM
  /// scratch of as many columns, somewhere at the top level.
  void shift() {
    std::vector<int> refs = {X, O, A, B, C, D};
    if (p_.twoInputs)
      refs.push_back(Y);
    int src = refs[pick(0, (int64_t)refs.size() - 1)];
    std::vector<int> dsts;
    for (int r : {O, A, B, C, D})
      if (p_.shapes[r][1] == p_.shapes[src][1] && r != src)
        dsts.push_back(r);
    if (dsts.empty())
      return;
    int dst = dsts[pick(0, (int64_t)dsts.size() - 1)];
    int64_t tiles = std::min(p_.shapes[src][0], p_.shapes[dst][0]) / kTileRows;
    if (tiles < 1)
      return;
    int64_t n = pick(1, tiles) * kTileRows;
    Op op(Kind::RemoteShift);
    op.w = Win{src, pick(0, p_.shapes[src][0] / kTileRows - n / kTileRows) * kTileRows, n, 0,
               p_.shapes[src][1], Syntax::Ds};
    op.w2 = Win{dst, pick(0, p_.shapes[dst][0] / kTileRows - n / kTileRows) * kTileRows, n, 0,
                p_.shapes[dst][1], Syntax::Ds};
    op.sem = Sc::constant(pick(0, kNumSems - 1));
    op.sb = Sc::constant((op.sem.c + pick(1, kNumSems - 1)) % kNumSems);
    op.shift = pick(1, p_.devices - 1);
    p_.ops.insert(p_.ops.begin() + pick(0, (int64_t)p_.ops.size()), std::move(op));
  }

  /// lax::axis_index("d") added to (or subtracted from) a value somewhere
  /// at the top level.
  void deviceValue() {
    Region top{&p_.ops, nullptr, false};
    size_t at = (size_t)pick(0, (int64_t)p_.ops.size());
    Op id(Kind::DeviceId);
    id.sdst = p_.numScalars++;
    std::vector<Op> added = {id};
    if (useOnAValue(top, at, id.sdst, added, 1.0))
      p_.ops.insert(p_.ops.begin() + (std::ptrdiff_t)at, added.begin(), added.end());
  }
};

}  // namespace

InjectedHostFault::InjectedHostFault(Kind kind) {
  if (gInjectedFault)
    throw std::logic_error("InjectedHostFault: one at a time");
  gInjectedFault = kind;
}
InjectedHostFault::~InjectedHostFault() { gInjectedFault.reset(); }

Program generateProgram(uint32_t seed, int index) {
  Program p = Generator(seed, index).generate();
  SyncAdder(p, seed, index).run();
  DeviceAdder(p, seed, index).run();
  ComposedAdder(p, seed, index).run();
  RankAdder(p, seed, index).run();
  MaskAdder(p, seed, index).run();
  ElementAdder(p, seed, index).run();
  LengthAdder(p, seed, index).run();
  TransposeAdder(p, seed, index).run();
  FlatAdder(p, seed, index).run();
  return p;
}

std::string runHostModel(Program &p) {
  std::vector<HostModel> ms;
  if (std::string why = runDevices(p, ms); !why.empty())
    return why;
  p.expected.clear();
  for (const HostModel &m : ms) {
    if (std::string why = m.endError(); !why.empty())
      return why;
    for (uint8_t written : m.bufs[O].init)
      if (!written)
        return "the output is not all written";
    p.expected.insert(p.expected.end(), m.bufs[O].data.begin(), m.bufs[O].data.end());
  }
  const HostModel &m = ms.front();
  p.branchesTaken = m.taken;
  p.branchesNotTaken = m.notTaken;
  p.zeroTripLoops = m.zeroTrips;
  p.oneTripLoops = m.oneTrip;
  return "";
}

}  // namespace tessera::difftest
