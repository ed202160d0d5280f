//===- VectorOpsTest.cpp - Every value op, per dtype, against the host ----===//
//
// Each case runs a one-op kernel (a whole-array pallas_call) on the
// simulator and compares every element with a host reference built from
// sim/VectorMath.h, the simulator's own numerics: so the comparison is bit
// for bit (a NaN matches any NaN), including bf16's rounding after every
// op, the butterfly order of reductions and the MXU's passes. Operands mix
// edge values (0, -0, inf, NaN, denormals, INT_MIN, values that saturate)
// pairwise with pseudo-random ones.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <array>
#include <bit>
#include <cfloat>
#include <climits>
#include <cmath>
#include <functional>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"
#include "tests/dsl/DslTestUtil.h"
#include "sim/MachineDesc.h"
#include "sim/VectorMath.h"

namespace tessera {
namespace {

namespace vm = vmath;

constexpr int64_t kR = 32, kC = 256, kN = kR * kC;

const float kFloatEdges[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -2.5f, 2.5f, 3.5f, -3.5f,
                             INFINITY, -INFINITY, NAN, 1e-45f, -1e-45f, 1.17549435e-38f,
                             5.9e-39f, FLT_MAX, -FLT_MAX, 1e10f, -1e-10f, 65504.0f, 3.0e38f,
                             0.1f, -0.3f, 100.0f, 1.5f, -1.5f, 0.75f, 2147483648.0f,
                             -2147483904.0f, 1e20f, 127.5f, -128.5f, 300.0f, 1.00390625f};
constexpr int64_t kNumFloatEdges = sizeof(kFloatEdges) / sizeof(kFloatEdges[0]);

const int32_t kIntEdges[] = {0,   1,    -1,   2,      -2,     7,        -7,        31,
                             32,  33,   -33,  100,    -100,   127,      128,       -128,
                             -129, 255, 65536, -65536, 1 << 30, INT32_MAX, INT32_MIN,
                             INT32_MIN + 1, 3, -3};
constexpr int64_t kNumIntEdges = sizeof(kIntEdges) / sizeof(kIntEdges[0]);

uint32_t lcg(uint32_t &state) {
  state = state * 1664525u + 1013904223u;
  return state;
}

/// Operand `which` (0, 1, 2) of a binary op: the first E*E elements pair
/// every edge value with every other, the rest pseudo-random of mixed
/// magnitudes.
std::vector<float> floats(int which) {
  std::vector<float> v(kN);
  uint32_t s = 12345u + which * 777u;
  for (int64_t i = 0; i < kN; ++i) {
    if (i < kNumFloatEdges * kNumFloatEdges) {
      v[i] = kFloatEdges[which == 0 ? i % kNumFloatEdges : i / kNumFloatEdges];
      continue;
    }
    float mant = (float)(int32_t)(lcg(s) >> 8) / (float)(1 << 23) - 1.0f;  // [-1, 1)
    int e = (int)(lcg(s) >> 28) - 6;                                        // [-6, 9]
    v[i] = std::ldexp(mant, e);
  }
  return v;
}

std::vector<int32_t> ints(int which, bool int8 = false) {
  std::vector<int32_t> v(kN);
  uint32_t s = 999u + which * 31u;
  for (int64_t i = 0; i < kN; ++i) {
    if (i < kNumIntEdges * kNumIntEdges)
      v[i] = kIntEdges[which == 0 ? i % kNumIntEdges : i / kNumIntEdges];
    else
      v[i] = (int32_t)lcg(s) >> (lcg(s) % 31);
    if (int8)
      v[i] = vm::wrapS8(v[i]);
  }
  return v;
}

std::vector<float> roundedBf16(std::vector<float> v) {
  for (float &x : v)
    x = vm::roundBf16(x);
  return v;
}

ShapeDtypeStruct type(DType d, int64_t r = kR, int64_t c = kC) { return {{r, c}, d}; }

/// Runs `f` on whole-array VMEM blocks of `in` (one to three arrays).
using Body = std::function<Value(const std::vector<Value> &)>;
Array run(const std::vector<Array> &in, ShapeDtypeStruct out, Body f) {
  pl::PallasCallSpec spec{.out_shape = out};
  switch (in.size()) {
  case 1:
    return pl::pallas_call([f](Ref x, Ref o) { o[___] = f({x[___]}); }, spec)(in[0]);
  case 2:
    return pl::pallas_call([f](Ref x, Ref y, Ref o) { o[___] = f({x[___], y[___]}); },
                           spec)(in[0], in[1]);
  default:
    return pl::pallas_call(
        [f](Ref x, Ref y, Ref z, Ref o) { o[___] = f({x[___], y[___], z[___]}); },
        spec)(in[0], in[1], in[2]);
  }
}

bool sameFloat(float a, float b) {
  return std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b) ||
         (std::isnan(a) && std::isnan(b));
}

/// Compares every element; reports the first mismatch with its operands.
void expectFloats(const std::vector<float> &got, const std::function<float(int64_t)> &want,
                  const std::string &what,
                  const std::function<std::string(int64_t)> &operands = nullptr) {
  ASSERT_EQ((int64_t)got.size(), (int64_t)got.size());
  for (int64_t i = 0; i < (int64_t)got.size(); ++i) {
    float w = want(i);
    if (!sameFloat(got[i], w)) {
      ADD_FAILURE() << what << ": element " << i << " (" << i / kC << ", " << i % kC
                    << "): got " << got[i] << " (0x" << std::hex
                    << std::bit_cast<uint32_t>(got[i]) << "), want " << w << " (0x"
                    << std::bit_cast<uint32_t>(w) << std::dec << ")"
                    << (operands ? " for " + operands(i) : "");
      return;
    }
  }
}

void expectInts(const std::vector<int32_t> &got, const std::function<int32_t(int64_t)> &want,
                const std::string &what,
                const std::function<std::string(int64_t)> &operands = nullptr) {
  for (int64_t i = 0; i < (int64_t)got.size(); ++i) {
    int32_t w = want(i);
    if (got[i] != w) {
      ADD_FAILURE() << what << ": element " << i << " (" << i / kC << ", " << i % kC
                    << "): got " << got[i] << ", want " << w
                    << (operands ? " for " + operands(i) : "");
      return;
    }
  }
}

std::string pairText(float a, float b) {
  std::ostringstream os;
  os << "(" << a << ", " << b << ")";
  return os.str();
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

struct FloatBinary {
  const char *name;
  std::function<Value(Value, Value)> dsl;
  std::function<float(float, float)> host;
};

const FloatBinary kFloatBinary[] = {
    {"+", [](Value a, Value b) { return a + b; }, [](float a, float b) { return a + b; }},
    {"-", [](Value a, Value b) { return a - b; }, [](float a, float b) { return a - b; }},
    {"*", [](Value a, Value b) { return a * b; }, [](float a, float b) { return a * b; }},
    {"/", [](Value a, Value b) { return a / b; }, vm::divF32},
    {"maximum", [](Value a, Value b) { return jnp::maximum(a, b); }, vm::maxF},
    {"minimum", [](Value a, Value b) { return jnp::minimum(a, b); }, vm::minF},
    {"pow", [](Value a, Value b) { return jnp::pow(a, b); }, vm::pow},
    {"% (fmod)", [](Value a, Value b) { return a % b; }, vm::remF32},
    {"lax::rem", [](Value a, Value b) { return lax::rem(a, b); }, vm::remF32},
};

TEST(VectorOps, F32BinaryMatchesVectorMath) {
  std::vector<float> a = floats(0), b = floats(1);
  Array x = Array::from_f32(a, {kR, kC}), y = Array::from_f32(b, {kR, kC});
  for (const FloatBinary &op : kFloatBinary) {
    SCOPED_TRACE(op.name);
    std::vector<float> got =
        run({x, y}, type(DType::float32), [&](auto v) { return op.dsl(v[0], v[1]); }).to_f32();
    expectFloats(got, [&](int64_t i) { return op.host(a[i], b[i]); },
                 std::string("f32 ") + op.name, [&](int64_t i) { return pairText(a[i], b[i]); });
  }
}

TEST(VectorOps, Bf16BinaryRoundsAfterEveryOp) {
  std::vector<float> a = roundedBf16(floats(0)), b = roundedBf16(floats(1));
  Array x = Array::from_f32(a, {kR, kC}, DType::bfloat16);
  Array y = Array::from_f32(b, {kR, kC}, DType::bfloat16);
  for (const FloatBinary &op : kFloatBinary) {
    SCOPED_TRACE(op.name);
    std::vector<float> got =
        run({x, y}, type(DType::bfloat16), [&](auto v) { return op.dsl(v[0], v[1]); }).to_f32();
    expectFloats(got, [&](int64_t i) { return vm::roundBf16(op.host(a[i], b[i])); },
                 std::string("bf16 ") + op.name, [&](int64_t i) { return pairText(a[i], b[i]); });
  }
  // Two ops in a row round twice: (a * b) + a.
  std::vector<float> got =
      run({x, y}, type(DType::bfloat16), [](auto v) { return v[0] * v[1] + v[0]; }).to_f32();
  expectFloats(got, [&](int64_t i) { return vm::roundBf16(vm::roundBf16(a[i] * b[i]) + a[i]); },
               "bf16 a * b + a");
}

struct IntBinary {
  const char *name;
  std::function<Value(Value, Value)> dsl;
  std::function<int32_t(int32_t, int32_t)> host;
};

int32_t wrapAdd(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
int32_t wrapSub(int32_t a, int32_t b) { return (int32_t)((uint32_t)a - (uint32_t)b); }
int32_t wrapMul(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }

const IntBinary kIntBinary[] = {
    {"+", [](Value a, Value b) { return a + b; }, wrapAdd},
    {"-", [](Value a, Value b) { return a - b; }, wrapSub},
    {"*", [](Value a, Value b) { return a * b; }, wrapMul},
    {"/", [](Value a, Value b) { return a / b; }, vm::divS32},
    {"%", [](Value a, Value b) { return a % b; }, vm::remS32},
    {"&", [](Value a, Value b) { return a & b; }, [](int32_t a, int32_t b) { return a & b; }},
    {"|", [](Value a, Value b) { return a | b; }, [](int32_t a, int32_t b) { return a | b; }},
    {"^", [](Value a, Value b) { return a ^ b; }, [](int32_t a, int32_t b) { return a ^ b; }},
    {"maximum", [](Value a, Value b) { return jnp::maximum(a, b); },
     [](int32_t a, int32_t b) { return std::max(a, b); }},
    {"minimum", [](Value a, Value b) { return jnp::minimum(a, b); },
     [](int32_t a, int32_t b) { return std::min(a, b); }},
};

const IntBinary kShifts[] = {
    {"<<", [](Value a, Value b) { return a << b; }, vm::shiftLeft},
    {">>", [](Value a, Value b) { return a >> b; }, vm::shiftRightArithmetic},
    {"shift_right_logical", [](Value a, Value b) { return lax::shift_right_logical(a, b); },
     vm::shiftRightLogical},
};

TEST(VectorOps, S32BinaryWrapsAndTruncates) {
  std::vector<int32_t> a = ints(0), b = ints(1);
  Array x = Array::from_s32(a, {kR, kC}), y = Array::from_s32(b, {kR, kC});
  for (const IntBinary &op : kIntBinary) {
    SCOPED_TRACE(op.name);
    std::vector<int32_t> got =
        run({x, y}, type(DType::int32), [&](auto v) { return op.dsl(v[0], v[1]); }).to_s32();
    expectInts(got, [&](int64_t i) { return op.host(a[i], b[i]); }, std::string("s32 ") + op.name,
               [&](int64_t i) { return pairText((float)a[i], (float)b[i]); });
  }
}

TEST(VectorOps, S32ShiftsFollowXla) {
  std::vector<int32_t> a = ints(0), b = ints(1);
  Array x = Array::from_s32(a, {kR, kC}), y = Array::from_s32(b, {kR, kC});
  for (const IntBinary &op : kShifts) {
    SCOPED_TRACE(op.name);
    std::vector<int32_t> got =
        run({x, y}, type(DType::int32), [&](auto v) { return op.dsl(v[0], v[1]); }).to_s32();
    expectInts(got, [&](int64_t i) { return op.host(a[i], b[i]); }, std::string("s32 ") + op.name);
  }
}

TEST(VectorOps, S8BinaryWrapsToEightBits) {
  std::vector<int32_t> a = ints(0, true), b = ints(1, true);
  Array x = Array::from_s32(a, {kR, kC}, DType::int8), y = Array::from_s32(b, {kR, kC}, DType::int8);
  for (const IntBinary &op : kIntBinary) {
    SCOPED_TRACE(op.name);
    std::vector<int32_t> got =
        run({x, y}, type(DType::int8), [&](auto v) { return op.dsl(v[0], v[1]); }).to_s32();
    expectInts(got, [&](int64_t i) { return vm::wrapS8(op.host(a[i], b[i])); },
               std::string("s8 ") + op.name);
  }
}

TEST(VectorOps, S8ShiftsAreEightBitShifts) {
  // XLA shifts an s8 as 8 bits: an amount outside [0, 8) gives 0 (left,
  // logical right) or the sign fill; a logical right shift brings in zeros
  // above bit 7.
  std::vector<int32_t> a = ints(0, true), b = ints(1, true);
  Array x = Array::from_s32(a, {kR, kC}, DType::int8), y = Array::from_s32(b, {kR, kC}, DType::int8);
  auto shl = [](int32_t v, int32_t n) { return n < 0 || n >= 8 ? 0 : vm::wrapS8(v << n); };
  auto sra = [](int32_t v, int32_t n) { return n < 0 || n >= 8 ? (v < 0 ? -1 : 0) : v >> n; };
  auto srl = [](int32_t v, int32_t n) {
    return n < 0 || n >= 8 ? 0 : vm::wrapS8((int32_t)((uint32_t)(uint8_t)v >> n));
  };
  const IntBinary s8Shifts[] = {{"<<", kShifts[0].dsl, shl},
                                {">>", kShifts[1].dsl, sra},
                                {"shift_right_logical", kShifts[2].dsl, srl}};
  for (const IntBinary &op : s8Shifts) {
    SCOPED_TRACE(op.name);
    std::vector<int32_t> got =
        run({x, y}, type(DType::int8), [&](auto v) { return op.dsl(v[0], v[1]); }).to_s32();
    expectInts(got, [&](int64_t i) { return op.host(a[i], b[i]); }, std::string("s8 ") + op.name,
               [&](int64_t i) { return pairText((float)a[i], (float)b[i]); });
  }
}

//===----------------------------------------------------------------------===//
// Comparisons and select
//===----------------------------------------------------------------------===//

struct Comparison {
  const char *name;
  std::function<Value(Value, Value)> dsl;
  vm::CmpKind kind;
};

const Comparison kComparisons[] = {
    {"==", [](Value a, Value b) { return a == b; }, vm::CmpKind::Eq},
    {"!=", [](Value a, Value b) { return a != b; }, vm::CmpKind::Ne},
    {"<", [](Value a, Value b) { return a < b; }, vm::CmpKind::Lt},
    {"<=", [](Value a, Value b) { return a <= b; }, vm::CmpKind::Le},
    {">", [](Value a, Value b) { return a > b; }, vm::CmpKind::Gt},
    {">=", [](Value a, Value b) { return a >= b; }, vm::CmpKind::Ge},
};

TEST(VectorOps, ComparisonsGiveMasks) {
  std::vector<float> fa = floats(0), fb = floats(1);
  std::vector<float> ba = roundedBf16(fa), bb = roundedBf16(fb);
  std::vector<int32_t> ia = ints(0), ib = ints(1);
  std::vector<int32_t> sa = ints(0, true), sb = ints(1, true);
  struct Operand {
    const char *dtype;
    Array x, y;
    std::function<bool(vm::CmpKind, int64_t)> host;
  };
  Operand operands[] = {
      {"f32", Array::from_f32(fa, {kR, kC}), Array::from_f32(fb, {kR, kC}),
       [&](vm::CmpKind k, int64_t i) { return vm::compareF32(k, fa[i], fb[i]); }},
      {"bf16", Array::from_f32(ba, {kR, kC}, DType::bfloat16),
       Array::from_f32(bb, {kR, kC}, DType::bfloat16),
       [&](vm::CmpKind k, int64_t i) { return vm::compareF32(k, ba[i], bb[i]); }},
      {"s32", Array::from_s32(ia, {kR, kC}), Array::from_s32(ib, {kR, kC}),
       [&](vm::CmpKind k, int64_t i) { return vm::compareS32(k, ia[i], ib[i]); }},
      {"s8", Array::from_s32(sa, {kR, kC}, DType::int8), Array::from_s32(sb, {kR, kC}, DType::int8),
       [&](vm::CmpKind k, int64_t i) { return vm::compareS32(k, sa[i], sb[i]); }},
  };
  for (const Operand &o : operands)
    for (const Comparison &c : kComparisons) {
      SCOPED_TRACE(std::string(o.dtype) + " " + c.name);
      std::vector<int32_t> got = run({o.x, o.y}, type(DType::int32), [&](auto v) {
                                   return c.dsl(v[0], v[1]).astype(DType::int32);
                                 }).to_s32();
      expectInts(got, [&](int64_t i) { return (int32_t)o.host(c.kind, i); },
                 std::string(o.dtype) + " " + c.name);
    }
}

TEST(VectorOps, WhereSelectsAndMasksCombine) {
  std::vector<float> a = floats(0), b = floats(1);
  Array x = Array::from_f32(a, {kR, kC}), y = Array::from_f32(b, {kR, kC});
  std::vector<float> got = run({x, y}, type(DType::float32), [](auto v) {
                             return jnp::where(v[0] < v[1], v[0], v[1]);
                           }).to_f32();
  expectFloats(got, [&](int64_t i) { return vm::compareF32(vm::CmpKind::Lt, a[i], b[i]) ? a[i] : b[i]; },
               "where(a < b, a, b)");
  // Masks combine with & | ^ ~, and a number is a weak operand of where.
  got = run({x, y}, type(DType::float32), [](auto v) {
          Value m = ((v[0] > 0.0) & (v[1] > 0.0)) | ~(v[0] == v[0]);
          return jnp::where(m ^ (v[1] < -1.0), v[0], 0.0);
        }).to_f32();
  expectFloats(got, [&](int64_t i) {
    bool m = (a[i] > 0 && b[i] > 0) || std::isnan(a[i]);
    return (m != (b[i] < -1.0f)) ? a[i] : 0.0f;
  }, "where(mask logic, a, 0)");
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

int32_t f32ToS8(float x) { return std::clamp(vm::f32ToS32(x), -128, 127); }

TEST(VectorOps, AstypeBetweenAllPairs) {
  std::vector<float> f = floats(0), bf = roundedBf16(f);
  std::vector<int32_t> i = ints(0), s8 = ints(0, true);
  struct From {
    DType dtype;
    Array array;
    bool isFloat;
    const std::vector<float> *fv;
    const std::vector<int32_t> *iv;
  };
  From froms[] = {{DType::float32, Array::from_f32(f, {kR, kC}), true, &f, nullptr},
                  {DType::bfloat16, Array::from_f32(bf, {kR, kC}, DType::bfloat16), true, &bf, nullptr},
                  {DType::int32, Array::from_s32(i, {kR, kC}), false, nullptr, &i},
                  {DType::int8, Array::from_s32(s8, {kR, kC}, DType::int8), false, nullptr, &s8}};
  for (const From &from : froms) {
    for (DType to : {DType::float32, DType::bfloat16, DType::int32, DType::int8, DType::bool_}) {
      SCOPED_TRACE(to_string(from.dtype) + " -> " + to_string(to));
      DType out = to == DType::bool_ ? DType::int32 : to;
      Array r = run({from.array}, type(out), [&](auto v) {
        Value c = v[0].astype(to);
        return to == DType::bool_ ? c.astype(DType::int32) : c;
      });
      std::string what = to_string(from.dtype) + " -> " + to_string(to);
      if (from.isFloat) {
        const auto &x = *from.fv;
        if (to == DType::float32 || to == DType::bfloat16)
          expectFloats(r.to_f32(), [&](int64_t k) {
            return to == DType::float32 ? x[k] : vm::roundBf16(x[k]);
          }, what);
        else
          expectInts(r.to_s32(), [&](int64_t k) {
            return to == DType::int32  ? vm::f32ToS32(x[k])
                   : to == DType::int8 ? f32ToS8(x[k])
                                       : (int32_t)(x[k] != 0.0f);  // NaN -> true
          }, what, [&](int64_t k) { return std::to_string(x[k]); });
      } else {
        const auto &x = *from.iv;
        if (to == DType::float32 || to == DType::bfloat16)
          expectFloats(r.to_f32(), [&](int64_t k) {
            float v = vm::s32ToF32(x[k]);
            return to == DType::float32 ? v : vm::roundBf16(v);
          }, what);
        else
          expectInts(r.to_s32(), [&](int64_t k) {
            return to == DType::int32  ? x[k]
                   : to == DType::int8 ? vm::wrapS8(x[k])
                                       : (int32_t)(x[k] != 0);
          }, what);
      }
    }
  }
  // From bool: 0 / 1 in every dtype.
  Array x = froms[0].array;
  for (DType to : {DType::float32, DType::bfloat16, DType::int32, DType::int8}) {
    SCOPED_TRACE("pred -> " + to_string(to));
    Array r = run({x}, type(to), [&](auto v) { return (v[0] > 0.0).astype(to); });
    if (isFloat(to))
      expectFloats(r.to_f32(), [&](int64_t k) { return f[k] > 0 ? 1.0f : 0.0f; }, "pred -> float");
    else
      expectInts(r.to_s32(), [&](int64_t k) { return f[k] > 0 ? 1 : 0; }, "pred -> int");
  }
}

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

struct FloatUnary {
  const char *name;
  std::function<Value(Value)> dsl;
  std::function<float(float)> host;
};

const FloatUnary kFloatUnary[] = {
    {"exp", [](Value x) { return jnp::exp(x); }, vm::exp},
    {"exp2", [](Value x) { return jnp::exp2(x); }, vm::exp2},
    {"log", [](Value x) { return jnp::log(x); }, vm::log},
    {"log1p", [](Value x) { return jnp::log1p(x); }, vm::log1p},
    {"tanh", [](Value x) { return jnp::tanh(x); }, vm::tanh},
    {"sqrt", [](Value x) { return jnp::sqrt(x); }, vm::sqrt},
    {"rsqrt", [](Value x) { return lax::rsqrt(x); }, vm::rsqrt},
    {"sin", [](Value x) { return jnp::sin(x); }, vm::sin},
    {"cos", [](Value x) { return jnp::cos(x); }, vm::cos},
    {"erf", [](Value x) { return jnp::erf(x); }, vm::erf},
    {"tan", [](Value x) { return jnp::tan(x); }, vm::tan},
    {"erf_inv", [](Value x) { return lax::erf_inv(x); }, vm::erfInv},
    {"sign", [](Value x) { return jnp::sign(x); },
     [](float x) { return x > 0 ? 1.0f : x < 0 ? -1.0f : x; }},
    {"isnan", [](Value x) { return jnp::isnan(x).astype(x.dtype()); },
     [](float x) { return std::isnan(x) ? 1.0f : 0.0f; }},
    {"isinf", [](Value x) { return jnp::isinf(x).astype(x.dtype()); },
     [](float x) { return std::isinf(x) ? 1.0f : 0.0f; }},
    {"isfinite", [](Value x) { return jnp::isfinite(x).astype(x.dtype()); },
     [](float x) { return std::isfinite(x) ? 1.0f : 0.0f; }},
    {"logistic", [](Value x) { return lax::logistic(x); }, vm::logistic},
    {"sigmoid", [](Value x) { return jax::nn::sigmoid(x); }, vm::logistic},
    {"reciprocal", [](Value x) { return pl::reciprocal(x); }, vm::rcp},
    {"floor", [](Value x) { return jnp::floor(x); }, vm::floorF},
    {"ceil", [](Value x) { return jnp::ceil(x); }, vm::ceilF},
    {"round", [](Value x) { return jnp::round(x); }, vm::roundHalfEven},
    {"abs", [](Value x) { return jnp::abs(x); }, [](float x) { return std::fabs(x); }},
    {"neg", [](Value x) { return -x; }, [](float x) { return -x; }},
};

TEST(VectorOps, F32UnaryMatchesVectorMath) {
  std::vector<float> a = floats(0);
  Array x = Array::from_f32(a, {kR, kC});
  for (const FloatUnary &op : kFloatUnary) {
    SCOPED_TRACE(op.name);
    std::vector<float> got = run({x}, type(DType::float32), [&](auto v) { return op.dsl(v[0]); }).to_f32();
    expectFloats(got, [&](int64_t i) { return op.host(a[i]); }, std::string("f32 ") + op.name,
                 [&](int64_t i) { return std::to_string(a[i]); });
  }
}

TEST(VectorOps, Bf16UnaryComputesInF32AndRounds) {
  std::vector<float> a = roundedBf16(floats(0));
  Array x = Array::from_f32(a, {kR, kC}, DType::bfloat16);
  for (const FloatUnary &op : kFloatUnary) {
    SCOPED_TRACE(op.name);
    std::vector<float> got = run({x}, type(DType::bfloat16), [&](auto v) { return op.dsl(v[0]); }).to_f32();
    expectFloats(got, [&](int64_t i) { return vm::roundBf16(op.host(a[i])); },
                 std::string("bf16 ") + op.name, [&](int64_t i) { return std::to_string(a[i]); });
  }
}

TEST(VectorOps, IntUnary) {
  std::vector<int32_t> a = ints(0), s8 = ints(0, true);
  Array x = Array::from_s32(a, {kR, kC}), y = Array::from_s32(s8, {kR, kC}, DType::int8);
  struct Op {
    const char *name;
    std::function<Value(Value)> dsl;
    std::function<int32_t(int32_t)> host;
  } ops[] = {{"neg", [](Value v) { return -v; }, [](int32_t v) { return wrapSub(0, v); }},
             {"~", [](Value v) { return ~v; }, [](int32_t v) { return ~v; }},
             {"abs", [](Value v) { return jnp::abs(v); }, vm::absS32},
             {"floor", [](Value v) { return jnp::floor(v); }, [](int32_t v) { return v; }}};
  for (const Op &op : ops) {
    SCOPED_TRACE(op.name);
    expectInts(run({x}, type(DType::int32), [&](auto v) { return op.dsl(v[0]); }).to_s32(),
               [&](int64_t i) { return op.host(a[i]); }, std::string("s32 ") + op.name);
    expectInts(run({y}, type(DType::int8), [&](auto v) { return op.dsl(v[0]); }).to_s32(),
               [&](int64_t i) { return vm::wrapS8(op.host(s8[i])); }, std::string("s8 ") + op.name);
  }
}

//===----------------------------------------------------------------------===//
// The functions JAX composes of other ops (dsl/Composites.cpp): host models
// of the same composition, op by op, each result through `n` (bf16 rounds
// after every op, as the kernel does).
//===----------------------------------------------------------------------===//

using Narrow = float (*)(float);
float keep(float x) { return x; }
float signF(float x) { return x > 0 ? 1.0f : x < 0 ? -1.0f : x; }
int32_t signI(int32_t x) { return (x > 0) - (x < 0); }

/// JAX's _float_divmod quotient, rounded half away from zero (lax.round).
float floorDivideF(float a, float b, Narrow n) {
  float mod = n(vm::remF32(a, b));
  float div = n(vm::divF32(n(a - mod), b));
  if (mod != 0 && signF(b) != signF(mod))  // NaN compares unequal
    div = n(div - 1);
  float t = div < 0 ? vm::ceilF(div) : vm::floorF(div);
  return std::fabs(n(div - t)) >= 0.5f ? n(t + signF(div)) : t;
}
float remainderF(float a, float b, Narrow n) {
  float r = n(vm::remF32(a, b));
  return (r < 0) != (b < 0) && r != 0 ? n(r + b) : r;
}
int32_t floorDivideI(int32_t a, int32_t b) {
  int32_t q = vm::divS32(a, b);
  return signI(a) != signI(b) && vm::remS32(a, b) != 0 ? wrapSub(q, 1) : q;
}
int32_t remainderI(int32_t a, int32_t b) {
  int32_t y = b == 0 ? 1 : b, r = vm::remS32(a, y);
  return (r < 0) != (y < 0) && r != 0 ? wrapAdd(r, y) : r;
}

TEST(ComposedOps, FloorDivideAndRemainderAsJaxComposesThem) {
  std::vector<float> fa = floats(0), fb = floats(1);
  std::vector<float> ba = roundedBf16(fa), bb = roundedBf16(fb);
  struct Case {
    const char *name;
    DType dt;
    const std::vector<float> &a, &b;
    Narrow n;
  } cases[] = {{"f32", DType::float32, fa, fb, keep},
               {"bf16", DType::bfloat16, ba, bb, vm::roundBf16}};
  for (const Case &c : cases) {
    Array x = Array::from_f32(c.a, {kR, kC}, c.dt), y = Array::from_f32(c.b, {kR, kC}, c.dt);
    auto operands = [&](int64_t i) { return pairText(c.a[i], c.b[i]); };
    expectFloats(run({x, y}, type(c.dt), [](auto v) { return jnp::floor_divide(v[0], v[1]); })
                     .to_f32(),
                 [&](int64_t i) { return floorDivideF(c.a[i], c.b[i], c.n); },
                 std::string(c.name) + " floor_divide", operands);
    expectFloats(run({x, y}, type(c.dt), [](auto v) { return jnp::remainder(v[0], v[1]); })
                     .to_f32(),
                 [&](int64_t i) { return remainderF(c.a[i], c.b[i], c.n); },
                 std::string(c.name) + " remainder", operands);
  }
  for (bool s8 : {false, true}) {
    std::vector<int32_t> a = ints(0, s8), b = ints(1, s8);
    DType dt = s8 ? DType::int8 : DType::int32;
    Array x = Array::from_s32(a, {kR, kC}, dt), y = Array::from_s32(b, {kR, kC}, dt);
    auto wrap = [&](int32_t v) { return s8 ? vm::wrapS8(v) : v; };
    expectInts(run({x, y}, type(dt), [](auto v) { return jnp::floor_divide(v[0], v[1]); }).to_s32(),
               [&](int64_t i) { return wrap(floorDivideI(a[i], b[i])); },
               to_string(dt) + " floor_divide");
    expectInts(run({x, y}, type(dt), [](auto v) { return jnp::remainder(v[0], v[1]); }).to_s32(),
               [&](int64_t i) { return wrap(remainderI(a[i], b[i])); }, to_string(dt) + " remainder");
  }
  // jnp::mod is remainder; jnp::fmod the dividend's sign, fmod(x, 0) = 0
  // for integers (NaN for floats); jnp::square is x * x.
  {
    std::vector<int32_t> a = ints(0), b = ints(1);
    Array x = Array::from_s32(a, {kR, kC}), y = Array::from_s32(b, {kR, kC});
    expectInts(run({x, y}, type(DType::int32), [](auto v) {
                 return jnp::fmod(v[0], v[1]) + jnp::mod(v[0], v[1]) + jnp::square(v[1]);
               }).to_s32(),
               [&](int64_t i) {
                 return wrapAdd(wrapAdd(vm::remS32(a[i], b[i] == 0 ? 1 : b[i]),
                                        remainderI(a[i], b[i])),
                                wrapMul(b[i], b[i]));
               },
               "s32 fmod + mod + square");
    std::vector<float> fa = floats(0), fb = floats(1);
    Array fx = Array::from_f32(fa, {kR, kC}), fy = Array::from_f32(fb, {kR, kC});
    expectFloats(run({fx, fy}, type(DType::float32), [](auto v) {
                   return jnp::fmod(v[0], v[1]);
                 }).to_f32(),
                 [&](int64_t i) { return vm::remF32(fa[i], fb[i]); }, "f32 fmod");
    expectFloats(run({fx}, type(DType::float32), [](auto v) { return jnp::square(v[0]); }).to_f32(),
                 [&](int64_t i) { return fa[i] * fa[i]; }, "f32 square");
  }
  // Weak numbers on either side: x // 3 and 7 % x.
  std::vector<int32_t> a = ints(0);
  Array x = Array::from_s32(a, {kR, kC});
  expectInts(run({x}, type(DType::int32), [](auto v) {
               return jnp::floor_divide(v[0], 3) + jnp::remainder(7, v[0]);
             }).to_s32(),
             [&](int64_t i) { return wrapAdd(floorDivideI(a[i], 3), remainderI(7, a[i])); },
             "x // 3 + 7 % x");
}

TEST(ComposedOps, BitCountsSignAndIntegerPow) {
  for (bool s8 : {false, true}) {
    std::vector<int32_t> a = ints(0, s8);
    DType dt = s8 ? DType::int8 : DType::int32;
    Array x = Array::from_s32(a, {kR, kC}, dt);
    uint32_t bitsMask = s8 ? 0xffu : 0xffffffffu;
    auto wrap = [&](int32_t v) { return s8 ? vm::wrapS8(v) : v; };
    struct Op {
      const char *name;
      std::function<Value(Value)> dsl;
      std::function<int32_t(int32_t)> host;
    } ops[] = {
        {"population_count", [](Value v) { return lax::population_count(v); },
         [&](int32_t v) { return vm::popcount((int32_t)((uint32_t)v & bitsMask)); }},
        {"clz", [](Value v) { return lax::clz(v); },
         [&](int32_t v) { return vm::clz((int32_t)((uint32_t)v & bitsMask)) - (s8 ? 24 : 0); }},
        {"sign", [](Value v) { return jnp::sign(v); }, signI},
        {"integer_pow 0", [](Value v) { return lax::integer_pow(v, 0); },
         [](int32_t) { return 1; }},
        {"integer_pow 3", [](Value v) { return lax::integer_pow(v, 3); },
         [&](int32_t v) { return wrap(wrapMul(v, wrap(wrapMul(v, v)))); }},
        {"integer_pow 6", [](Value v) { return lax::integer_pow(v, 6); },
         [&](int32_t v) {
           int32_t sq = wrap(wrapMul(v, v));
           return wrap(wrapMul(sq, wrap(wrapMul(sq, sq))));
         }},
    };
    for (const Op &op : ops) {
      SCOPED_TRACE(to_string(dt) + " " + op.name);
      expectInts(run({x}, type(dt), [&](auto v) { return op.dsl(v[0]); }).to_s32(),
                 [&](int64_t i) { return wrap(op.host(a[i])); }, to_string(dt) + " " + op.name);
    }
  }
  // Floats: x ** 5 = x * (x^2)^2 and x ** -2 = 1 / (x * x), rounding each.
  std::vector<float> f = floats(0), bf = roundedBf16(f);
  for (auto [dt, in, n] : {std::tuple{DType::float32, &f, (Narrow)keep},
                           std::tuple{DType::bfloat16, &bf, (Narrow)vm::roundBf16}}) {
    const std::vector<float> &a = *in;
    Array x = Array::from_f32(a, {kR, kC}, dt);
    expectFloats(run({x}, type(dt), [](auto v) { return lax::integer_pow(v[0], 5); }).to_f32(),
                 [&](int64_t i) {
                   float sq = n(a[i] * a[i]);
                   return n(a[i] * n(sq * sq));
                 },
                 to_string(dt) + " integer_pow 5");
    expectFloats(run({x}, type(dt), [](auto v) { return lax::integer_pow(v[0], -2); }).to_f32(),
                 [&](int64_t i) { return n(vm::divF32(1.0f, n(a[i] * a[i]))); },
                 to_string(dt) + " integer_pow -2");
  }
}

TEST(ComposedOps, BoolComparisonsOrderFalseBeforeTrue) {
  std::vector<float> a = floats(0), b = floats(1);
  Array x = Array::from_f32(a, {kR, kC}), y = Array::from_f32(b, {kR, kC});
  for (const Comparison &c : kComparisons) {
    SCOPED_TRACE(c.name);
    std::vector<int32_t> got = run({x, y}, type(DType::int32), [&](auto v) {
                                 return c.dsl(v[0] > 0.0, v[1] > 0.0).astype(DType::int32);
                               }).to_s32();
    expectInts(got, [&](int64_t i) {
      return (int32_t)vm::compareS32(c.kind, a[i] > 0, b[i] > 0);
    }, std::string("bool ") + c.name);
  }
}

TEST(ComposedOps, TriuAndTril) {
  std::vector<float> a = floats(0);
  Array x = Array::from_f32(a, {kR, kC});
  for (int64_t k : {-5, 0, 3, 40}) {
    SCOPED_TRACE("k = " + std::to_string(k));
    expectFloats(run({x}, type(DType::float32), [&](auto v) { return jnp::triu(v[0], k); }).to_f32(),
                 [&](int64_t i) { return i % kC - i / kC >= k ? a[i] : 0.0f; }, "triu");
    expectFloats(run({x}, type(DType::float32), [&](auto v) { return jnp::tril(v[0], k); }).to_f32(),
                 [&](int64_t i) { return i % kC - i / kC <= k ? a[i] : 0.0f; }, "tril");
  }
  // A mask: tril of all-true is the lower triangle.
  expectInts(run({x}, type(DType::int32), [](auto v) {
               return jnp::tril(v[0] == v[0] | v[0] != v[0]).astype(DType::int32);
             }).to_s32(),
             [&](int64_t i) { return (int32_t)(i % kC <= i / kC); }, "tril of a mask");
}

TEST(ComposedOps, AllAndAny) {
  std::vector<float> a = floats(0);
  for (int64_t c = 0; c < kC; ++c)
    a[3 * kC + c] = 1.0f + (float)c;  // row 3 all nonzero
  for (int64_t r = 0; r < kR; ++r)
    a[r * kC + 9] = 0.0f;  // column 9 all zero
  Array x = Array::from_f32(a, {kR, kC});
  for (bool all : {true, false})
    for (int axis : {0, 1}) {
      SCOPED_TRACE(std::string(all ? "all" : "any") + " axis " + std::to_string(axis));
      std::vector<int32_t> got = run({x}, type(DType::int32), [&](auto v) {
                                   Value r = all ? jnp::all(v[0], axis, true)
                                                 : jnp::any(v[0], axis, true);
                                   return jnp::broadcast_to(r.astype(DType::int32), {kR, kC});
                                 }).to_s32();
      expectInts(got, [&](int64_t k) {
        int64_t n = axis == 1 ? kC : kR;
        bool acc = all;
        for (int64_t j = 0; j < n; ++j) {
          bool nz = (axis == 1 ? a[(k / kC) * kC + j] : a[j * kC + k % kC]) != 0.0f;
          acc = all ? acc && nz : acc || nz;
        }
        return (int32_t)acc;
      }, all ? "all" : "any");
    }
}

TEST(ComposedOps, CumsumIsALogDepthScan) {
  // The host runs the same scan: for d = 1, 2, 4, ... every element adds
  // the one d before it (0 at the start; x + 0 turns -0 into +0).
  auto scan = [](std::vector<float> v, int axis, Narrow n) {
    for (int64_t d = 1; d < (axis == 1 ? kC : kR); d *= 2) {
      std::vector<float> prev = v;
      for (int64_t i = 0; i < kN; ++i) {
        int64_t at = axis == 1 ? i % kC : i / kC;
        v[i] = n(prev[i] + (at >= d ? prev[i - (axis == 1 ? d : d * kC)] : 0.0f));
      }
    }
    return v;
  };
  std::vector<float> f = floats(0);
  for (float &e : f)
    e = std::isfinite(e) && std::fabs(e) < 1e6f ? e : 1.5f;
  std::vector<float> bf = roundedBf16(f);
  Array xf = Array::from_f32(f, {kR, kC}), xb = Array::from_f32(bf, {kR, kC}, DType::bfloat16);
  std::vector<int32_t> i = ints(0);
  Array xi = Array::from_s32(i, {kR, kC});
  for (int axis : {0, 1, -1}) {
    SCOPED_TRACE("axis " + std::to_string(axis));
    int ax = axis < 0 ? axis + 2 : axis;
    std::vector<float> want = scan(f, ax, keep);
    expectFloats(run({xf}, type(DType::float32), [&](auto v) { return jnp::cumsum(v[0], axis); })
                     .to_f32(),
                 [&](int64_t k) { return want[k]; }, "f32 cumsum");
    std::vector<float> wantB = scan(bf, ax, vm::roundBf16);
    expectFloats(run({xb}, type(DType::bfloat16), [&](auto v) { return jnp::cumsum(v[0], axis); })
                     .to_f32(),
                 [&](int64_t k) { return wantB[k]; }, "bf16 cumsum");
    // int32 wraps; bool sums in int32 (as jnp.cumsum promotes it).
    std::vector<int32_t> gotI =
        run({xi}, type(DType::int32), [&](auto v) { return jnp::cumsum(v[0], axis); }).to_s32();
    std::vector<int32_t> gotB = run({xi}, type(DType::int32), [&](auto v) {
                                  return jnp::cumsum(v[0] > 0, axis);
                                }).to_s32();
    for (int64_t k = 0; k < kN; ++k) {
      int32_t sum = 0, count = 0;
      for (int64_t j = 0; j <= (ax == 1 ? k % kC : k / kC); ++j) {
        int64_t at = ax == 1 ? (k / kC) * kC + j : j * kC + k % kC;
        sum = wrapAdd(sum, i[at]);
        count += i[at] > 0;
      }
      ASSERT_EQ(gotI[k], sum) << "int32 cumsum element " << k;
      ASSERT_EQ(gotB[k], count) << "bool cumsum element " << k;
    }
  }
}

TEST(ComposedOps, TakeAlongAxis) {
  // Indices in [-n - 40, n + 40): negative ones count from the end, the
  // rest outside [0, n) fill (NaN, INT_MIN). Axis 1 over 2 lane tiles,
  // axis 0 over 2 sublane tiles, one padded lane tile (100 columns); axes
  // of several tiles ending in a padded one (12 and 20 rows, 200 columns:
  // padded to whole tiles, gathered, the own part taken).
  struct Case {
    int64_t rows, cols;
    int axis;
  } cases[] = {{16, 256, 1}, {16, 256, 0}, {8, 100, 1}, {24, 128, -2},
               {12, 128, 0}, {20, 200, 0}, {8, 200, 1}, {16, 300, 1}};
  for (const Case &c : cases) {
    int64_t n = c.axis == 1 ? c.cols : c.rows, count = c.rows * c.cols;
    int ax = c.axis < 0 ? c.axis + 2 : c.axis;
    n = ax == 1 ? c.cols : c.rows;
    std::vector<float> f(count);
    std::vector<int32_t> idx(count), iv(count);
    uint32_t st = 99;
    for (int64_t k = 0; k < count; ++k) {
      f[k] = (float)k * 0.5f - 7.0f;
      iv[k] = (int32_t)(k * 13) - 1000;
      idx[k] = (int32_t)(lcg(st) % (uint32_t)(2 * n + 80)) - (int32_t)(n + 40);
    }
    auto source = [&](int64_t k) -> int64_t {  // the flat index read, or -1
      int64_t i = idx[k] < 0 ? idx[k] + n : idx[k];
      if (i < 0 || i >= n)
        return -1;
      return ax == 1 ? (k / c.cols) * c.cols + i : i * c.cols + k % c.cols;
    };
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(c.rows) + "x" + std::to_string(c.cols) + " axis " +
                   std::to_string(c.axis) + (interpret ? " interpreted" : " compiled"));
      auto call = [&](const Array &x, DType out) {
        return pl::pallas_call(
            [&](Ref x_ref, Ref i_ref, Ref o_ref) {
              o_ref[___] = jnp::take_along_axis(x_ref[___], i_ref[___], c.axis);
            },
            {.out_shape = type(out, c.rows, c.cols), .interpret = interpret})(
            x, Array::from_s32(idx, {c.rows, c.cols}));
      };
      expectFloats(call(Array::from_f32(f, {c.rows, c.cols}), DType::float32).to_f32(),
                   [&](int64_t k) { return source(k) < 0 ? NAN : f[source(k)]; }, "f32");
      expectInts(call(Array::from_s32(iv, {c.rows, c.cols}), DType::int32).to_s32(),
                 [&](int64_t k) { return source(k) < 0 ? INT32_MIN : iv[source(k)]; }, "s32");
      if (c.rows % 16 == 0)
        expectFloats(call(Array::from_f32(f, {c.rows, c.cols}, DType::bfloat16), DType::bfloat16)
                         .to_f32(),
                     [&](int64_t k) { return source(k) < 0 ? NAN : vm::roundBf16(f[source(k)]); },
                     "bf16");
    }
  }
}

TEST(LayoutOps, StridedRollAlongPaddedAxesOfSeveralTiles) {
  // Pallas' strided roll (slice k along stride_axis rolls by 3 + 2 k)
  // along axes of several tiles ending in a padded one: f32[8, 200] and
  // [16, 300] along the lanes, [12, 128] and [20, 256] along the rows.
  struct Case {
    int64_t rows, cols;
    int axis, strideAxis;
  } cases[] = {{8, 200, 1, 0}, {16, 300, 1, 0}, {12, 128, 0, 1}, {20, 256, 0, 1}};
  for (const Case &c : cases)
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(c.rows) + "x" + std::to_string(c.cols) + " axis " +
                   std::to_string(c.axis) + (interpret ? " interpreted" : " compiled"));
      std::vector<float> f(c.rows * c.cols);
      for (size_t k = 0; k < f.size(); ++k)
        f[k] = (float)k;
      auto roll = pl::pallas_call(
          [&](Ref x_ref, Ref o_ref) {
            o_ref[___] = pltpu::roll(x_ref[___], 3, c.axis, 2, c.strideAxis);
          },
          {.out_shape = type(DType::float32, c.rows, c.cols), .interpret = interpret});
      std::vector<float> got = roll(Array::from_f32(f, {c.rows, c.cols})).to_f32();
      int64_t n = c.axis == 1 ? c.cols : c.rows;
      for (int64_t r = 0; r < c.rows; ++r)
        for (int64_t col = 0; col < c.cols; ++col) {
          int64_t shift = (3 + 2 * (c.strideAxis == 0 ? r : col)) % n;
          int64_t from = c.axis == 1 ? r * c.cols + ((col - shift) % n + n) % n
                                     : (((r - shift) % n + n) % n) * c.cols + col;
          ASSERT_EQ(got[r * c.cols + col], f[from]) << "row " << r << " column " << col;
        }
    }
}

TEST(LayoutOps, RollByARunTimeShiftAndStrided) {
  // np.roll by a shift from SMEM (any sign: mod n), along the lanes of two
  // tiles and the sublanes; and Pallas' strided roll (row k of the lanes
  // rolls by shift + k * stride).
  constexpr int64_t R = 16, C = 256;
  std::vector<float> f(R * C);
  for (int64_t k = 0; k < R * C; ++k)
    f[k] = (float)k;
  Array x = Array::from_f32(f, {R, C});
  for (bool interpret : {false, true})
    for (int axis : {0, 1})
      for (int32_t shift : {0, 3, 130, -5, 1000}) {
        SCOPED_TRACE("axis " + std::to_string(axis) + " shift " + std::to_string(shift) +
                     (interpret ? " interpreted" : ""));
        auto k = pl::kernel(
            {.out_type = type(DType::float32, R, C),
             .scratch_types = {pltpu::VMEM({R, C}, DType::float32), pltpu::SemaphoreType::DMA},
             .num_scalar_prefetch = 1,
             .interpret = interpret},
            [axis](Ref s, Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
              pltpu::async_copy(x_hbm, v, sem).wait();
              v[___] = pltpu::roll(v[___], Scalar(s[0]), axis);
              pltpu::async_copy(v, o_hbm, sem).wait();
            });
        std::vector<float> got = k(Array::from_s32({shift}, {1}), x).to_f32();
        int64_t n = axis == 1 ? C : R;
        expectFloats(got, [&](int64_t e) {
          int64_t r = e / C, c = e % C, t = axis == 1 ? c : r;
          int64_t from = (((t - shift) % n) + n) % n;
          return axis == 1 ? f[r * C + from] : f[from * C + c];
        }, "run-time roll");
      }
  expectFloats(run({x}, type(DType::float32, R, C), [](auto v) {
                 return pltpu::roll(v[0], 5, 1, 3, 0);
               }).to_f32(),
               [&](int64_t e) {
                 int64_t r = e / C, c = e % C;
                 return f[r * C + (((c - (5 + 3 * r)) % C) + C) % C];
               }, "strided roll");
}

TEST(VectorOps, IntMathPromotesToF32) {
  std::vector<int32_t> a = ints(0);
  Array x = Array::from_s32(a, {kR, kC});
  std::vector<float> got = run({x}, type(DType::float32), [](auto v) { return jnp::exp(v[0]); }).to_f32();
  expectFloats(got, [&](int64_t i) { return vm::exp(vm::s32ToF32(a[i])); }, "exp(s32)");
}

//===----------------------------------------------------------------------===//
// Scalars, promotion, broadcasting
//===----------------------------------------------------------------------===//

TEST(VectorOps, NumbersAreWeaklyTyped) {
  std::vector<float> f = floats(0), bf = roundedBf16(f);
  std::vector<int32_t> i = ints(0), s8 = ints(0, true);
  Array xf = Array::from_f32(f, {kR, kC}), xb = Array::from_f32(bf, {kR, kC}, DType::bfloat16);
  Array xi = Array::from_s32(i, {kR, kC}), x8 = Array::from_s32(s8, {kR, kC}, DType::int8);
  // f32 with an int and a double on either side.
  expectFloats(run({xf}, type(DType::float32), [](auto v) { return 3 - v[0] * 0.5; }).to_f32(),
               [&](int64_t k) { return 3.0f - f[k] * 0.5f; }, "3 - x * 0.5");
  // bf16 keeps its dtype; the constant is 0.1 rounded to bf16 once.
  float tenth = vm::roundBf16(0.1f);
  expectFloats(run({xb}, type(DType::bfloat16), [](auto v) { return v[0] * 0.1; }).to_f32(),
               [&](int64_t k) { return vm::roundBf16(bf[k] * tenth); }, "bf16 * 0.1");
  // int32 * double is f32; int8 + int stays int8.
  expectFloats(run({xi}, type(DType::float32), [](auto v) { return v[0] * 2.0; }).to_f32(),
               [&](int64_t k) { return vm::s32ToF32(i[k]) * 2.0f; }, "s32 * 2.0");
  expectInts(run({x8}, type(DType::int8), [](auto v) { return v[0] + 100; }).to_s32(),
             [&](int64_t k) { return vm::wrapS8(s8[k] + 100); }, "s8 + 100");
}

TEST(VectorOps, MixedDtypesPromoteOnTheLattice) {
  std::vector<float> f = floats(0), bf = roundedBf16(floats(1));
  std::vector<int32_t> i = ints(0), s8 = ints(1, true);
  Array xf = Array::from_f32(f, {kR, kC}), xb = Array::from_f32(bf, {kR, kC}, DType::bfloat16);
  Array xi = Array::from_s32(i, {kR, kC}), x8 = Array::from_s32(s8, {kR, kC}, DType::int8);
  expectFloats(run({xf, xb}, type(DType::float32), [](auto v) { return v[0] + v[1]; }).to_f32(),
               [&](int64_t k) { return f[k] + bf[k]; }, "f32 + bf16 -> f32");
  expectInts(run({xi, x8}, type(DType::int32), [](auto v) { return v[0] * v[1]; }).to_s32(),
             [&](int64_t k) { return wrapMul(i[k], s8[k]); }, "s32 * s8 -> s32");
  expectFloats(run({xi, xb}, type(DType::bfloat16), [](auto v) { return v[0] + v[1]; }).to_f32(),
               [&](int64_t k) { return vm::roundBf16(vm::roundBf16(vm::s32ToF32(i[k])) + bf[k]); },
               "s32 + bf16 -> bf16");
}

TEST(VectorOps, RowAndColumnBroadcast) {
  std::vector<float> a = floats(0), b = floats(1);
  Array x = Array::from_f32(a, {kR, kC}), y = Array::from_f32(b, {kR, kC});
  // A [1, C] row read from a Ref (a layer-norm scale) against [R, C].
  Array r = pl::pallas_call([](Ref x_ref, Ref y_ref, Ref o) {
                              Value row = y_ref[pl::ds(5, 1)];
                              o[___] = x_ref[___] * row;
                            },
                            {.out_shape = type(DType::float32)})(x, y);
  expectFloats(r.to_f32(), [&](int64_t k) { return a[k] * b[5 * kC + k % kC]; }, "x * row");
  // An [R, 1] column (a row statistic) against [R, C]: x - rowmax(x).
  std::vector<float> pos(kN);
  for (int64_t k = 0; k < kN; ++k)
    pos[k] = (float)((k * 37) % 101) * 0.25f - 7.0f;
  Array p = Array::from_f32(pos, {kR, kC});
  std::vector<float> got = run({p}, type(DType::float32), [](auto v) {
                             return v[0] - jnp::max(v[0], 1, true);
                           }).to_f32();
  expectFloats(got, [&](int64_t k) {
    int64_t row = k / kC;
    float m = -INFINITY;
    for (int64_t c = 0; c < kC; ++c)
      m = vm::maxF(m, pos[row * kC + c]);
    return pos[k] - m;
  }, "x - max(x, 1, keepdims)");
}

TEST(VectorOps, ClipAndClamp) {
  std::vector<float> a = floats(0);
  Array x = Array::from_f32(a, {kR, kC});
  expectFloats(run({x}, type(DType::float32), [](auto v) { return jnp::clip(v[0], -1.0, 2.0); }).to_f32(),
               [&](int64_t k) { return vm::minF(vm::maxF(a[k], -1.0f), 2.0f); }, "clip");
  expectFloats(run({x}, type(DType::float32), [](auto v) { return lax::clamp(0.0, v[0], 1.0); }).to_f32(),
               [&](int64_t k) { return vm::minF(vm::maxF(a[k], 0.0f), 1.0f); }, "clamp");
}

TEST(VectorOps, BroadcastedIota) {
  Array z = jnp::zeros({kR, kC}, DType::int32);
  expectInts(run({z}, type(DType::int32), [](auto v) {
               return v[0] + lax::broadcasted_iota(DType::int32, {kR, kC}, 0) * 1000 +
                      lax::broadcasted_iota(DType::int32, {kR, kC}, 1);
             }).to_s32(),
             [&](int64_t k) { return (int32_t)((k / kC) * 1000 + k % kC); }, "iota");
  Array zf = jnp::zeros({kR, kC});
  expectFloats(run({zf}, type(DType::float32), [](auto v) {
                 return v[0] + lax::broadcasted_iota(DType::float32, {kR, kC}, 1);
               }).to_f32(),
               [&](int64_t k) { return (float)(k % kC); }, "iota f32");
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The chip's order: the tiles along the axis combined elementwise in
/// order, then the butterfly across the lanes (axis 1) or sublanes (axis 0).
template <class T>
T reduceRef(vm::ReduceKind kind, const std::vector<T> &x, int64_t rows, int64_t cols, int axis,
            int64_t index) {
  if (axis == 1)
    return vm::reduceAlongLanes(kind, &x[index * cols], cols);
  return vm::reduceAlongSublanes(kind, &x[index], rows, cols);
}

struct Reduction {
  const char *name;
  std::function<Value(Value, int)> dsl;  // keepdims = true
  vm::ReduceKind kind;
};
const Reduction kReductions[] = {
    {"sum", [](Value x, int a) { return jnp::sum(x, a, true); }, vm::ReduceKind::Sum},
    {"max", [](Value x, int a) { return jnp::max(x, a, true); }, vm::ReduceKind::Max},
    {"min", [](Value x, int a) { return jnp::min(x, a, true); }, vm::ReduceKind::Min},
};

TEST(VectorOps, F32ReductionsInButterflyOrder) {
  std::vector<float> a = floats(2);
  a[7] = NAN;  // row 0 and column 7 see a NaN
  a[3 * kC + 9] = -0.0f;
  Array x = Array::from_f32(a, {kR, kC});
  for (const Reduction &red : kReductions)
    for (int axis : {0, 1, -1}) {
      SCOPED_TRACE(std::string(red.name) + " axis " + std::to_string(axis));
      int ax = axis < 0 ? axis + 2 : axis;
      std::vector<float> got = run({x}, type(DType::float32), [&](auto v) {
                                 return jnp::broadcast_to(red.dsl(v[0], axis), {kR, kC});
                               }).to_f32();
      expectFloats(got, [&](int64_t k) {
        return reduceRef<float>(red.kind, a, kR, kC, ax, ax == 1 ? k / kC : k % kC);
      }, red.name);
    }
}

TEST(VectorOps, IntAndBf16Reductions) {
  std::vector<int32_t> i = ints(2);
  Array xi = Array::from_s32(i, {kR, kC});
  std::vector<float> bf = roundedBf16(floats(2));
  Array xb = Array::from_f32(bf, {kR, kC}, DType::bfloat16);
  for (const Reduction &red : kReductions)
    for (int axis : {0, 1}) {
      SCOPED_TRACE(std::string(red.name) + " axis " + std::to_string(axis));
      expectInts(run({xi}, type(DType::int32), [&](auto v) {
                   return jnp::broadcast_to(red.dsl(v[0], axis), {kR, kC});
                 }).to_s32(),
                 [&](int64_t k) {
                   return reduceRef<int32_t>(red.kind, i, kR, kC, axis, axis == 1 ? k / kC : k % kC);
                 }, std::string("s32 ") + red.name);
      // bf16: reduced in f32, rounded once.
      expectFloats(run({xb}, type(DType::bfloat16), [&](auto v) {
                     return jnp::broadcast_to(red.dsl(v[0], axis), {kR, kC});
                   }).to_f32(),
                   [&](int64_t k) {
                     return vm::roundBf16(
                         reduceRef<float>(red.kind, bf, kR, kC, axis, axis == 1 ? k / kC : k % kC));
                   }, std::string("bf16 ") + red.name);
    }
}

// Four 8-row groups of a row reduction, unrolled: each group's chain (the
// tiles' maximum, the 24-cycle lane reduction, the subtraction, the stores)
// is long, so the compiler orders the block by a list schedule, not one
// group after the other: the four lane reductions issue within one
// reduction's latency of each other (one group at a time, 25 bundles
// apart), and the results are the host's.
TEST(VectorOps, TheGroupsOfARowReductionOverlap) {
  std::vector<float> data(32 * 1024);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = float(int(i * 37 % 101) - 50) * 0.25f;
  Array x = Array::from_f32(data, {32, 1024});
  auto k = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        pl::loop(0, 4, 1, {.unroll = 4})([&](Scalar g) {
          auto rows = pl::ds(pl::multiple_of(g * 8, 8), 8);
          Value s = x_ref[rows];
          o_ref[rows] = s - jnp::max(s, 1, /*keepdims=*/true);
        });
      },
      {.out_shape = ShapeDtypeStruct{{32, 1024}, DType::float32}});
  Compiled c = compile([&](const Array &a) { return k(a); }, x);
  auto out = c.run({x});
  ASSERT_TRUE(out.ok()) << out.status();
  std::vector<float> got = out->front().to_f32();
  for (int64_t r = 0; r < 32; ++r) {
    float m = *std::max_element(data.begin() + r * 1024, data.begin() + (r + 1) * 1024);
    for (int64_t col = 0; col < 1024; ++col)
      ASSERT_EQ(got[r * 1024 + col], data[r * 1024 + col] - m) << r << ", " << col;
  }
  std::vector<int> reductions;
  std::istringstream lines(c.listing());
  for (std::string line; std::getline(lines, line);) {
    std::string code = line.substr(0, line.find("//"));  // the comment names ops too
    if (code.rfind("0x", 0) == 0 && code.find("vredlane.max") != std::string::npos)
      reductions.push_back(std::stoi(code.substr(2, 4), nullptr, 16));
  }
  ASSERT_EQ(reductions.size(), 4u) << c.listing();
  EXPECT_LT(reductions.back() - reductions.front(), machine::kLatCrossLane) << c.listing();
}

// More constants live at once than the 32 vector registers (40 splats,
// each used going up and again coming back down): register allocation
// makes a spilled constant again (`vimm`) before each use instead of
// storing it and loading it back; the result is the host's.
TEST(VectorOps, ConstantsBeyondTheRegistersAreMadeAgain) {
  constexpr int kConstants = 40;
  std::vector<float> data(8 * 128);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = float(int(i % 7) - 3) * 0.5f;
  Array x = Array::from_f32(data, {8, 128});
  auto k = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        Value v = x_ref[___], s = v;
        for (int c = 0; c < kConstants; ++c)
          s = s * (1.0 + c / 64.0) + v;
        for (int c = kConstants; c-- > 0;)
          s = s * (1.0 + c / 64.0) - v;
        o_ref[___] = s;
      },
      {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32}});
  Compiled c = compile([&](const Array &a) { return k(a); }, x);
  auto out = c.run({x});
  ASSERT_TRUE(out.ok()) << out.status();
  std::vector<float> got = out->front().to_f32();
  for (size_t i = 0; i < data.size(); ++i) {
    float v = data[i], s = v;
    for (int k = 0; k < kConstants; ++k) {
      float t = s * float(1.0 + k / 64.0);  // (two statements: never fused)
      s = t + v;
    }
    for (int k = kConstants; k-- > 0;) {
      float t = s * float(1.0 + k / 64.0);
      s = t - v;
    }
    ASSERT_EQ(got[i], s) << i;
  }
  std::string listing = c.listing();
  EXPECT_THAT(listing, testing::HasSubstr("rematerialize spilled constant"));
  EXPECT_THAT(listing, testing::Not(testing::HasSubstr("reload spilled vector")));
}

TEST(VectorOps, MeanIsSumOverCount) {
  std::vector<float> a = floats(2);
  Array x = Array::from_f32(a, {kR, kC});
  expectFloats(run({x}, type(DType::float32), [](auto v) {
                 return jnp::broadcast_to(jnp::mean(v[0], 1, true), {kR, kC});
               }).to_f32(),
               [&](int64_t k) {
                 return vm::divF32(reduceRef<float>(vm::ReduceKind::Sum, a, kR, kC, 1, k / kC),
                                   (float)kC);
               }, "mean axis 1");
}

TEST(VectorOps, ArgmaxTakesTheFirstMaximumAndTheFirstNaN) {
  std::vector<float> a(kN);
  for (int64_t k = 0; k < kN; ++k)
    a[k] = (float)((k * 13) % 29);  // many ties of 28
  a[2 * kC + 200] = NAN;
  a[2 * kC + 100] = NAN;  // row 2: first NaN at 100
  a[5 * kC + 17] = 1000.0f;
  Array x = Array::from_f32(a, {kR, kC});
  for (bool isMax : {true, false})
    for (int axis : {0, 1}) {
      SCOPED_TRACE(std::string(isMax ? "argmax" : "argmin") + " axis " + std::to_string(axis));
      std::vector<int32_t> got = run({x}, type(DType::int32), [&](auto v) {
                                   Value r = isMax ? jnp::argmax(v[0], axis, true)
                                                   : jnp::argmin(v[0], axis, true);
                                   return jnp::broadcast_to(r, {kR, kC});
                                 }).to_s32();
      expectInts(got, [&](int64_t k) {
        int64_t n = axis == 1 ? kC : kR;
        int32_t best = 0;
        for (int64_t j = 0; j < n; ++j) {
          float v = axis == 1 ? a[(k / kC) * kC + j] : a[j * kC + k % kC];
          float b = axis == 1 ? a[(k / kC) * kC + best] : a[best * kC + k % kC];
          if (std::isnan(b))
            break;
          if (std::isnan(v) || (isMax ? v > b : v < b))
            best = (int32_t)j;
        }
        return best;
      }, isMax ? "argmax" : "argmin");
    }
}

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

/// out = a [M,K] @ w [K,N] as the chip does it: per 128-wide K block one MXU
/// pass (vmath::mxuPass), the passes summed in f32 in K order.
std::vector<float> mxuRef(const std::vector<float> &a, const std::vector<float> &w, int64_t m,
                          int64_t k, int64_t n) {
  std::vector<float> out(m * n);
  std::vector<float> block(128 * 128), row(128);
  // (N and K need not be multiples of 128: the last block's columns past N
  // are padding, here zeros; its rows past K, and the LHS lanes past K,
  // are zero, as the compiler makes them.)
  for (int64_t nb = 0; nb < (n + 127) / 128; ++nb)
    for (int64_t kb = 0; kb < (k + 127) / 128; ++kb) {
      for (int64_t r = 0; r < 128; ++r)
        for (int64_t c = 0; c < 128; ++c)
          block[r * 128 + c] = nb * 128 + c < n && kb * 128 + r < k
                                   ? w[(kb * 128 + r) * n + nb * 128 + c]
                                   : 0.0f;
      for (int64_t i = 0; i < m; ++i) {
        for (int64_t r = 0; r < 128; ++r)
          row[r] = kb * 128 + r < k ? a[i * k + kb * 128 + r] : 0.0f;
        auto pass = vm::mxuPass(row.data(), block.data());
        for (int64_t c = 0; c < 128 && nb * 128 + c < n; ++c) {
          float &o = out[i * n + nb * 128 + c];
          o = kb == 0 ? pass[c] : o + pass[c];
        }
      }
    }
  return out;
}

/// b [k, n] as [n, k] (a transposed RHS's data).
std::vector<float> transposed(const std::vector<float> &b, int64_t k, int64_t n) {
  std::vector<float> t(n * k);
  for (int64_t r = 0; r < k; ++r)
    for (int64_t c = 0; c < n; ++c)
      t[c * k + r] = b[r * n + c];
  return t;
}

/// out = a [M,K] @ b [K,N] of int8 values (as int32 words), summed in int32.
std::vector<int32_t> int8Ref(const std::vector<int32_t> &a, const std::vector<int32_t> &b,
                             int64_t m, int64_t k, int64_t n) {
  std::vector<int32_t> out(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t c = 0; c < n; ++c)
      for (int64_t kk = 0; kk < k; ++kk)
        out[i * n + c] += a[i * k + kk] * b[kk * n + c];
  return out;
}

TEST(VectorOps, DotBf16AccumulatesInF32) {
  constexpr int64_t M = 32, K = 256, N = 128;
  std::vector<float> a(M * K), b(K * N);
  uint32_t s = 5;
  for (float &v : a)
    v = vm::roundBf16((float)((int32_t)(lcg(s) >> 20) - 2048) / 512.0f);
  for (float &v : b)
    v = vm::roundBf16((float)((int32_t)(lcg(s) >> 20) - 2048) / 1024.0f);
  Array x = Array::from_f32(a, {M, K}, DType::bfloat16), y = Array::from_f32(b, {K, N}, DType::bfloat16);
  std::vector<float> want = mxuRef(a, b, M, K, N);
  std::vector<float> got =
      run({x, y}, type(DType::float32, M, N), [](auto v) {
        return jnp::dot(v[0], v[1], {.preferred_element_type = DType::float32});
      }).to_f32();
  expectFloats(got, [&](int64_t i) { return want[i]; }, "bf16 dot");
  // pl::dot gives f32 too; a @ b.T with the right operand stored [N, K].
  std::vector<float> bt(N * K);
  for (int64_t r = 0; r < K; ++r)
    for (int64_t c = 0; c < N; ++c)
      bt[c * K + r] = b[r * N + c];
  Array yt = Array::from_f32(bt, {N, K}, DType::bfloat16);
  got = run({x, yt}, type(DType::float32, M, N), [](auto v) {
          return pl::dot(v[0], v[1], false, true);
        }).to_f32();
  expectFloats(got, [&](int64_t i) { return want[i]; }, "bf16 pl::dot trans_b");
  // Without preferred_element_type the result is bf16 (JAX's default).
  got = run({x, y}, type(DType::bfloat16, M, N), [](auto v) { return jnp::dot(v[0], v[1]); })
            .to_f32();
  expectFloats(got, [&](int64_t i) { return vm::roundBf16(want[i]); }, "bf16 dot -> bf16");
}

TEST(VectorOps, DotF32DefaultAndHighest) {
  constexpr int64_t M = 8, K = 128, N = 256;
  std::vector<float> a(M * K), b(K * N);
  uint32_t s = 9;
  for (float &v : a)
    v = (float)((int32_t)lcg(s)) / 2147483648.0f;
  for (float &v : b)
    v = (float)((int32_t)lcg(s)) / 2147483648.0f;
  Array x = Array::from_f32(a, {M, K}), y = Array::from_f32(b, {K, N});
  // DEFAULT: the MXU rounds the LHS on entry; the RHS is rounded to bf16.
  std::vector<float> b1 = roundedBf16(b);
  std::vector<float> want = mxuRef(a, b1, M, K, N);
  std::vector<float> got =
      run({x, y}, type(DType::float32, M, N), [](auto v) { return jnp::dot(v[0], v[1]); }).to_f32();
  expectFloats(got, [&](int64_t i) { return want[i]; }, "f32 dot DEFAULT");
  // HIGHEST: three bf16 parts each, six products in the documented order.
  auto split = [](const std::vector<float> &v) {
    std::vector<float> p1(v.size()), p2(v.size()), p3(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      p1[i] = vm::roundBf16(v[i]);
      p2[i] = vm::roundBf16(v[i] - p1[i]);
      p3[i] = vm::roundBf16((v[i] - p1[i]) - p2[i]);
    }
    return std::array<std::vector<float>, 3>{p1, p2, p3};
  };
  auto as = split(a), bs = split(b);
  const std::pair<int, int> terms[] = {{2, 0}, {1, 1}, {0, 2}, {1, 0}, {0, 1}, {0, 0}};
  std::vector<float> hi(M * N);
  bool first = true;
  for (auto [ta, tb] : terms) {
    std::vector<float> t = mxuRef(as[ta], bs[tb], M, K, N);
    for (size_t i = 0; i < hi.size(); ++i)
      hi[i] = first ? t[i] : hi[i] + t[i];
    first = false;
  }
  got = run({x, y}, type(DType::float32, M, N), [](auto v) {
          return jnp::dot(v[0], v[1], {.precision = lax::Precision::HIGHEST});
        }).to_f32();
  expectFloats(got, [&](int64_t i) { return hi[i]; }, "f32 dot HIGHEST");
}

// M and N of any size (issue 22): f32[12, 256] @ bf16[256, 200], the
// right operand transposed (bf16[208, 256].T: its last weight block runs
// past N), f32 HIGHEST with a transposed f32[200, 256], and int8[32, 256]
// @ int8[256, 200]; the result's padding rows and lanes are padding.
// Compiled and interpreted, exact against the host.
TEST(VectorOps, DotOfAnyMAndN) {
  constexpr int64_t M = 12, K = 256;
  uint32_t s = 21;
  auto values = [&](int64_t n, float scale) {
    std::vector<float> v(n);
    for (float &x : v)
      x = vm::roundBf16((float)((int32_t)(lcg(s) >> 20) - 2048) / scale);
    return v;
  };
  std::vector<float> a = values(M * K, 512.0f);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto dot = [&](const Array &x, const Array &y, int64_t n, bool transposeB,
                   lax::Precision precision) {
      return pl::pallas_call(
                 [=](Ref x_ref, Ref y_ref, Ref o_ref) {
                   o_ref[___] = pl::dot(x_ref[___], y_ref[___], false, transposeB, precision);
                 },
                 {.out_shape = type(DType::float32, M, n), .interpret = interpret})(x, y)
          .to_f32();
    };
    for (int64_t n : {int64_t{200}, int64_t{208}}) {
      std::vector<float> b = values(K * n, 1024.0f), want = mxuRef(a, b, M, K, n);
      Array x = Array::from_f32(a, {M, K});
      expectFloats(dot(x, Array::from_f32(b, {K, n}, DType::bfloat16), n, false,
                       lax::Precision::DEFAULT),
                   [&](int64_t i) { return want[i]; }, "f32 @ bf16, N " + std::to_string(n));
      if (n % 16 == 0)
        expectFloats(dot(x, Array::from_f32(transposed(b, K, n), {n, K}, DType::bfloat16), n,
                         true, lax::Precision::DEFAULT),
                     [&](int64_t i) { return want[i]; }, "f32 @ bf16.T, N " + std::to_string(n));
      // HIGHEST of bf16-valued f32 operands: the parts past the first are
      // zero, so the result is the DEFAULT one.
      expectFloats(dot(x, Array::from_f32(transposed(b, K, n), {n, K}), n, true,
                       lax::Precision::HIGHEST),
                   [&](int64_t i) { return want[i]; }, "f32 @ f32.T HIGHEST, N " + std::to_string(n));
    }
    std::vector<int32_t> ia = ints(0, true), ib = ints(1, true);
    ia.resize(32 * K);
    ib.resize(K * 200);
    std::vector<int32_t> got =
        pl::pallas_call(
            [](Ref x_ref, Ref y_ref, Ref o_ref) {
              o_ref[___] = jnp::dot(x_ref[___], y_ref[___], {.preferred_element_type = DType::int32});
            },
            {.out_shape = type(DType::int32, 32, 200), .interpret = interpret})(
            Array::from_s32(ia, {32, K}, DType::int8), Array::from_s32(ib, {K, 200}, DType::int8))
            .to_s32();
    std::vector<int32_t> want = int8Ref(ia, ib, 32, K, 200);
    expectInts(got, [&](int64_t idx) { return want[idx]; }, "int8 dot, N 200");
  }
}

// K of any size: the last K block's LHS lanes and weight rows past K are
// zeroed (the operands' padding holds anything: here NaN, as the kernel
// divides both operands by arrays of ones, whose padding is 0), so the
// passes sum K products.
TEST(VectorOps, DotOfAnyK) {
  constexpr int64_t M = 16, N = 256;
  uint32_t s = 7;
  auto values = [&](int64_t n, float) {  // multiples of 1/16 in [-4, 4): x + 1 is bf16 too
    std::vector<float> v(n);
    for (float &x : v)
      x = (float)((int32_t)(lcg(s) >> 25) - 64) / 16.0f;
    return v;
  };

  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto dot = [&](const Array &x, const Array &y, bool transposeB, lax::Precision precision) {
      Array ones_x = jnp::ones(x.shape(), x.dtype()), ones_y = jnp::ones(y.shape(), y.dtype());
      return pl::pallas_call(
                 [=](Ref x_ref, Ref y_ref, Ref ox_ref, Ref oy_ref, Ref o_ref) {
                   Value x = x_ref[___] / ox_ref[___] + 1.0, y = y_ref[___] / oy_ref[___] + 1.0;
                   o_ref[___] = pl::dot(x, y, false, transposeB, precision);
                 },
                 {.out_shape = type(DType::float32, M, N), .interpret = interpret})(
                 x, y, ones_x, ones_y)
          .to_f32();
    };
    auto plusOne = [](std::vector<float> v) {  // exact: the values are bf16 ones below 8
      for (float &x : v)
        x = x + 1.0f;
      return v;
    };
    for (int64_t k : {int64_t{1}, int64_t{64}, int64_t{100}, int64_t{200}, int64_t{320}}) {
      SCOPED_TRACE("K = " + std::to_string(k));
      std::vector<float> a = values(M * k, 512.0f), b = values(k * N, 1024.0f);
      std::vector<float> a1 = plusOne(a), b1 = plusOne(b);
      for (float x : a1)
        ASSERT_EQ(x, vm::roundBf16(x)) << "the bf16 operands' + 1 must be exact";
      for (float x : b1)
        ASSERT_EQ(x, vm::roundBf16(x)) << "the bf16 operands' + 1 must be exact";
      std::vector<float> want = mxuRef(a1, b1, M, k, N);
      Array x = Array::from_f32(a, {M, k});
      expectFloats(dot(x, Array::from_f32(b, {k, N}), false, lax::Precision::DEFAULT),
                   [&](int64_t i) { return want[i]; }, "f32 @ f32");
      expectFloats(dot(x, Array::from_f32(transposed(b, k, N), {N, k}), true,
                       lax::Precision::HIGHEST),
                   [&](int64_t i) { return want[i]; }, "f32 @ f32.T HIGHEST");
      if (k % 16 == 0) {
        expectFloats(dot(x, Array::from_f32(b, {k, N}, DType::bfloat16), false,
                         lax::Precision::DEFAULT),
                     [&](int64_t i) { return want[i]; }, "f32 @ bf16");
        expectFloats(dot(Array::from_f32(a, {M, k}, DType::bfloat16),
                         Array::from_f32(transposed(b, k, N), {N, k}, DType::bfloat16), true,
                         lax::Precision::DEFAULT),
                     [&](int64_t i) { return want[i]; }, "bf16 @ bf16.T");
      }
      if (k % 32 == 0) {
        std::vector<int32_t> ia = ints(0, true), ib = ints(1, true);
        ia.resize(32 * k);
        ib.resize(k * N);
        for (int32_t &x : ia)
          x = std::clamp(x, -100, 100);
        for (int32_t &x : ib)
          x = std::clamp(x, -100, 100);
        std::vector<int32_t> ia1 = ia, ib1 = ib;
        for (int32_t &x : ia1)
          x += 1;
        for (int32_t &x : ib1)
          x += 1;
        std::vector<int32_t> got =
            pl::pallas_call(
                [](Ref x_ref, Ref y_ref, Ref o_ref) {
                  o_ref[___] = jnp::dot(x_ref[___] + 1, y_ref[___] + 1,
                                        {.preferred_element_type = DType::int32});
                },
                {.out_shape = type(DType::int32, 32, N), .interpret = interpret})(
                Array::from_s32(ia, {32, k}, DType::int8), Array::from_s32(ib, {k, N}, DType::int8))
                .to_s32();
        std::vector<int32_t> wantI = int8Ref(ia1, ib1, 32, k, N);
        expectInts(got, [&](int64_t i) { return wantI[i]; }, "int8 dot");
      }
    }
  }
}

// One-row and one-column operands and results (M = 1, N = 1, both), held
// as replicated 1x128 / 8x1 / 1x1 tiles: f32 @ bf16, a transposed RHS, f32
// HIGHEST, int8. A one-column RHS used to crash the compiler (or make a
// pack of 8x1 tiles that the verifier refuses).
TEST(VectorOps, DotsOfOneRowOrOneColumn) {
  constexpr int64_t K = 256;
  uint32_t s = 31;
  auto values = [&](int64_t n, float scale) {
    std::vector<float> v(n);
    for (float &x : v)
      x = vm::roundBf16((float)((int32_t)(lcg(s) >> 20) - 2048) / scale);
    return v;
  };
  for (auto [m, n] : {std::pair<int64_t, int64_t>{1, 128}, {12, 1}, {1, 1}, {8, 200}}) {
    std::vector<float> a = values(m * K, 512.0f), b = values(K * n, 1024.0f);
    std::vector<float> want = mxuRef(a, b, m, K, n), bt(n * K);
    for (int64_t r = 0; r < K; ++r)
      for (int64_t c = 0; c < n; ++c)
        bt[c * K + r] = b[r * n + c];
    // int8: M a multiple of 32 (its LHS tiles); N = 1 as for the others.
    const int64_t m8 = 32;
    std::vector<int32_t> ia(m8 * K), ib(K * n);
    for (int64_t i = 0; i < m8 * K; ++i)
      ia[i] = (int32_t)(i * 7 % 255) - 127;
    for (int64_t i = 0; i < K * n; ++i)
      ib[i] = (int32_t)(i * 13 % 255) - 127;
    for (bool interpret : {false, true}) {
      SCOPED_TRACE((interpret ? "interpreted, M " : "compiled, M ") + std::to_string(m) + " N " +
                   std::to_string(n));
      // `bf16`: the RHS made bf16 in the kernel (a bf16 array of one column
      // is not a kernel input yet).
      auto dot = [&](const Array &x, const Array &y, bool transposeB, lax::Precision p,
                     bool bf16 = false) {
        return pl::pallas_call(
                   [=](Ref x_ref, Ref y_ref, Ref o_ref) {
                     Value rhs = bf16 ? y_ref[___].astype(DType::bfloat16) : y_ref[___];
                     o_ref[___] = pl::dot(x_ref[___], rhs, false, transposeB, p);
                   },
                   {.out_shape = type(DType::float32, m, n), .interpret = interpret})(x, y)
            .to_f32();
      };
      Array x = Array::from_f32(a, {m, K});
      expectFloats(dot(x, Array::from_f32(b, {K, n}), false, lax::Precision::DEFAULT, true),
                   [&](int64_t i) { return want[i]; }, "f32 @ bf16");
      expectFloats(dot(x, Array::from_f32(bt, {n, K}), true, lax::Precision::HIGHEST),
                   [&](int64_t i) { return want[i]; }, "f32 @ f32.T HIGHEST");
      // An int8 RHS of one column (made in the kernel: int8 arrays come
      // in whole (32, 128) tiles).
      std::vector<int32_t> got =
          pl::pallas_call(
              [](Ref x_ref, Ref y_ref, Ref o_ref) {
                o_ref[___] = jnp::dot(x_ref[___].astype(DType::int8), y_ref[___].astype(DType::int8),
                                      {.preferred_element_type = DType::int32});
              },
              {.out_shape = type(DType::int32, m8, n), .interpret = interpret})(
              Array::from_s32(ia, {m8, K}), Array::from_s32(ib, {K, n}))
              .to_s32();
      std::vector<int32_t> want8 = int8Ref(ia, ib, m8, K, n);
      expectInts(got, [&](int64_t idx) { return want8[idx]; }, "int8");
    }
  }
}

TEST(VectorOps, DotInt8AccumulatesInInt32) {
  constexpr int64_t M = 32, K = 128, N = 128;
  std::vector<int32_t> a = ints(0, true), b = ints(1, true);
  a.resize(M * K);
  b.resize(K * N);
  Array x = Array::from_s32(a, {M, K}, DType::int8), y = Array::from_s32(b, {K, N}, DType::int8);
  std::vector<int32_t> got = run({x, y}, type(DType::int32, M, N), [](auto v) {
                               return jnp::dot(v[0], v[1], {.preferred_element_type = DType::int32});
                             }).to_s32();
  std::vector<int32_t> want = int8Ref(a, b, M, K, N);
  expectInts(got, [&](int64_t idx) { return want[idx]; }, "int8 dot");
}

//===----------------------------------------------------------------------===//
// Arrays of the new dtypes in HBM
//===----------------------------------------------------------------------===//

TEST(NarrowArrays, RoundTripThroughHbmInEveryLayout) {
  std::vector<float> f = floats(0);
  std::vector<int32_t> i = ints(0);
  for (Shape shape : {Shape{kR, kC}, Shape{3, 5}, Shape{1000}, Shape{8, 128}}) {
    SCOPED_TRACE(to_string(shape));
    int64_t n = numElements(shape);
    std::vector<float> fv(f.begin(), f.begin() + n);
    std::vector<int32_t> iv(i.begin(), i.begin() + n);
    expectFloats(Array::from_f32(fv, shape, DType::bfloat16).to_f32(),
                 [&](int64_t k) { return vm::roundBf16(fv[k]); }, "bf16 round trip");
    expectInts(Array::from_s32(iv, shape, DType::int8).to_s32(),
               [&](int64_t k) { return vm::wrapS8(iv[k]); }, "s8 round trip");
    expectInts(Array::from_s32(iv, shape, DType::bool_).to_s32(),
               [&](int64_t k) { return (int32_t)(iv[k] != 0); }, "pred round trip");
    expectFloats(Array::from_f32(fv, shape).to_f32(), [&](int64_t k) { return fv[k]; },
                 "f32 round trip");
  }
  EXPECT_EQ(itemsize(DType::bfloat16), 2);
  EXPECT_EQ(itemsize(DType::int8), 1);
  EXPECT_EQ(itemsize(DType::bool_), 4);
  expectFloats(jnp::arange(300, DType::bfloat16).to_f32(),
               [](int64_t k) { return vm::roundBf16((float)k); }, "bf16 arange");
}

// A [1, C] value stored into a one-row Ref (a padded [1, N] output) or a
// one-row window of a larger Ref: a masked store (vst.msk) of its sublane;
// the rows around it keep their values.
TEST(NarrowArrays, OneRowValuesStoreThroughAMaskedStore) {
  std::vector<float> a = floats(1);
  Array x = Array::from_f32(a, {kR, kC});
  Array sums = pl::pallas_call([](Ref x_ref, Ref o) { o[___] = jnp::sum(x_ref[___], 0, true); },
                               {.out_shape = type(DType::float32, 1, kC)})(x);
  EXPECT_EQ(sums.shape(), (Shape{1, kC}));
  expectFloats(sums.to_f32(), [&](int64_t k) {
    return reduceRef<float>(vm::ReduceKind::Sum, a, kR, kC, 0, k);
  }, "sum over rows into f32[1, C]");
  for (int64_t row : {int64_t{0}, int64_t{3}, int64_t{13}, kR - 1}) {
    SCOPED_TRACE(row);
    Array out = pl::pallas_call(
        [row](Ref x_ref, Ref o) {
          o[___] = x_ref[___];
          o[pl::ds(row, 1)] = jnp::max(x_ref[___], 0, true) * 2.0f;
        },
        {.out_shape = type(DType::float32)})(x);
    expectFloats(out.to_f32(), [&](int64_t k) {
      if (k / kC != row)
        return a[k];
      return reduceRef<float>(vm::ReduceKind::Max, a, kR, kC, 0, k % kC) * 2.0f;
    }, "o[row] = max(x, 0) * 2, the other rows x");
  }
  // int32, a row read back from the Ref after the masked store.
  std::vector<int32_t> i = ints(2);
  Array xi = Array::from_s32(i, {kR, kC});
  Array outi = pl::pallas_call(
      [](Ref x_ref, Ref o) {
        o[___] = x_ref[___];
        o[pl::ds(9, 1)] = x_ref[pl::ds(2, 1)] + 1;
        o[pl::ds(10, 1)] = o[pl::ds(9, 1)] * 3;
      },
      {.out_shape = type(DType::int32)})(xi);
  expectInts(outi.to_s32(), [&](int64_t k) {
    int64_t r = k / kC, c = k % kC;
    int32_t row9 = (int32_t)((uint32_t)i[2 * kC + c] + 1u);
    if (r == 9)
      return row9;
    if (r == 10)
      return (int32_t)((uint32_t)row9 * 3u);
    return i[k];
  }, "int32 row stores");
}

// One-row windows at run-time rows that are not multiples of 8 (Pallas'
// x_ref[pl.ds(i, 1)] with a dynamic i): the load keeps the row's sublane
// and sums the sublanes as words, so every bit pattern survives (NaN
// payloads, -0.0, INT_MIN); the store masks the sublane. In a loop over
// the rows, for Refs 128, 256 and 200 lanes wide and a column Ref;
// compiled equals interpreted equals the host.
TEST(NarrowArrays, OneRowWindowsAtRunTimeRows) {
  static constexpr int64_t R = 24;
  for (int64_t cols : {int64_t{128}, int64_t{256}, int64_t{200}, int64_t{1}}) {
    std::vector<int32_t> bits(R * cols);
    for (int64_t k = 0; k < R * cols; ++k)
      bits[k] = k % 7 == 0   ? INT32_MIN                          // -0.0f
                : k % 7 == 1 ? (int32_t)(0x7fa00000u + (uint32_t)k)  // a NaN with a payload
                             : (int32_t)(k * 2654435761u);
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(cols) +
                   (interpret ? " columns, interpreted" : " columns, compiled"));
      // o[r] = x[(3 r + start) % R] for r = 0..R-1: every row read and
      // written at a run-time row; f32 rows moved as they are, int32 rows
      // plus one.
      auto k = pl::pallas_call(
          [](Ref start, Ref x_ref, Ref y_ref, Ref o_ref, Ref p_ref) {
            Scalar s0 = start[0];
            pl::loop(0, R)([&](Scalar r) {
              Scalar from = (r * 3 + s0) % R;
              o_ref[pl::ds(r, 1)] = Value(x_ref[pl::ds(from, 1)]);
              p_ref[pl::ds(r, 1)] = y_ref[pl::ds(from, 1)] + 1;
            });
          },
          {.out_shape = {type(DType::float32, R, cols), type(DType::int32, R, cols)},
           .grid_spec = pltpu::PrefetchScalarGridSpec{.num_scalar_prefetch = 1},
           .interpret = interpret});
      std::vector<float> asFloats(bits.size());
      for (size_t j = 0; j < bits.size(); ++j)
        asFloats[j] = std::bit_cast<float>(bits[j]);
      std::vector<Array> out =
          k.call({Array::from_s32({5}, {1}), Array::from_f32(asFloats, {R, cols}),
                  Array::from_s32(bits, {R, cols})});
      std::vector<float> movedFloats = out[0].to_f32();
      std::vector<int32_t> moved(movedFloats.size()), plus = out[1].to_s32();
      for (size_t j = 0; j < moved.size(); ++j)
        moved[j] = std::bit_cast<int32_t>(movedFloats[j]);
      for (int64_t r = 0; r < R; ++r)
        for (int64_t c = 0; c < cols; ++c) {
          int32_t want = bits[((3 * r + 5) % R) * cols + c];
          ASSERT_EQ(moved[r * cols + c], want) << "f32 row " << r << " column " << c;
          ASSERT_EQ(plus[r * cols + c], (int32_t)((uint32_t)want + 1u))
              << "int32 row " << r << " column " << c;
        }
    }
  }
}

// A run-time row outside the Ref stops the kernel at the window's line in
// both modes (bounds checks on, as by default).
TEST(NarrowArrays, OneRowWindowAtARunTimeRowOutsideTheRef) {
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    std::string line = testutil::here(4);
    auto k = pl::pallas_call(
        [](Ref start, Ref x_ref, Ref o_ref) {
          o_ref[___] = x_ref[___];
          o_ref[pl::ds(start[0], 1)] = Value(x_ref[pl::ds(3, 1)]);
        },
        {.out_shape = type(DType::float32, 24, 256),
         .grid_spec = pltpu::PrefetchScalarGridSpec{.num_scalar_prefetch = 1},
         .interpret = interpret});
    Array x = Array::from_f32(std::vector<float>(24 * 256, 1.0f), {24, 256});
    std::string msg = testutil::errorOf([&] { k(Array::from_s32({24}, {1}), x); });
    EXPECT_THAT(msg, ::testing::HasSubstr(line)) << msg;
    EXPECT_THAT(msg, ::testing::HasSubstr("rows [24, 25) of out0_block are outside [0, 24)"))
        << msg;
  }
}

TEST(NarrowArrays, HloTextShowsThePackedTiling) {
  Array b = Array::from_f32(floats(0), {kR, kC}, DType::bfloat16);
  Array q = Array::from_s32(ints(0, true), {kR, kC}, DType::int8);
  auto f = [](const Array &x, const Array &y) {
    auto k = pl::pallas_call(
        [](Ref x_ref, Ref y_ref, Ref o) {
          o[___] = x_ref[___].astype(DType::float32) + y_ref[___].astype(DType::float32);
        },
        {.out_shape = type(DType::float32), .name = "widen"});
    return k(x, y);
  };
  Compiled c = compile(f, b, q);
  std::string hlo = c.hlo();
  EXPECT_NE(hlo.find("bf16[32,256]{1,0:T(8,128)(2,1)}"), std::string::npos) << hlo;
  EXPECT_NE(hlo.find("s8[32,256]{1,0:T(8,128)(4,1)}"), std::string::npos) << hlo;
  EXPECT_NE(hlo.find("f32[32,256]{1,0:T(8,128)}"), std::string::npos) << hlo;
  std::vector<float> bf = b.to_f32();
  std::vector<int32_t> qi = q.to_s32();
  expectFloats(c(b, q).to_f32(), [&](int64_t k) { return bf[k] + (float)qi[k]; }, "widen");
}

TEST(NarrowArrays, ManualDmasRetileBf16BetweenHbmAndVmem) {
  // HBM holds bf16 as T(8,128)(2,1), VMEM as (16,128): an 8-row HBM window
  // is half a VMEM tile.
  std::vector<float> v = roundedBf16(floats(1));
  Array x = Array::from_f32(v, {kR, kC}, DType::bfloat16);
  auto k = pl::kernel({.out_type = type(DType::bfloat16),
                       .scratch_types = {pltpu::VMEM({kR, kC}, DType::bfloat16),
                                         pltpu::SemaphoreType::DMA}},
                      [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
                        pltpu::async_copy(x_hbm, buf, sem).wait();
                        buf[pl::ds(16, 16)] = buf[pl::ds(16, 16)] * 2.0;
                        pltpu::async_copy(buf, o_hbm, sem).wait();
                      });
  expectFloats(k(x).to_f32(), [&](int64_t i) {
    return i / kC >= 16 ? vm::roundBf16(v[i] * 2.0f) : v[i];
  }, "bf16 DMA in, scale rows 16-31, DMA out");
}

TEST(NarrowArrays, PallasCallBlocksAndScratchOfBf16AndInt8) {
  // bf16 blocks of 16 rows and int8 blocks of 32 (one packed tile each),
  // a bf16 scratch carried across the grid.
  constexpr int64_t R = 128;
  std::vector<float> v = roundedBf16(floats(0));
  v.resize(R * kC);
  std::vector<int32_t> q = ints(1, true);
  q.resize(R * kC);
  Array x = Array::from_f32(v, {R, kC}, DType::bfloat16);
  Array y = Array::from_s32(q, {R, kC}, DType::int8);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref y_ref, Ref o_ref, Ref s_ref, Ref acc) {
        pl::when(pl::program_id(0) == 0, [&] { acc[___] = 0.0; });
        Value top = x_ref[pl::ds(0, 16)], bottom = x_ref[pl::ds(16, 16)];
        acc[___] += top + bottom;  // bf16: each op rounds
        o_ref[___] = (y_ref[___] + 1) * 2;
        s_ref[___] = acc[___];
      },
      {.out_shape = {ShapeDtypeStruct{{R, kC}, DType::int8},
                     ShapeDtypeStruct{{16, kC}, DType::bfloat16}},
       .grid = {4},
       .in_specs = {pl::BlockSpec({32, kC}, [](Scalar i) { return std::tuple{i, 0}; }),
                    pl::BlockSpec({32, kC}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({32, kC}, [](Scalar i) { return std::tuple{i, 0}; }),
                     pl::BlockSpec({16, kC}, [](Scalar) { return std::tuple{0, 0}; })},
       .scratch_shapes = {pltpu::VMEM({16, kC}, DType::bfloat16)}});
  std::vector<Array> out = f.call({x, y});
  expectInts(out[0].to_s32(), [&](int64_t i) { return vm::wrapS8((q[i] + 1) * 2); },
             "int8 blocks");
  expectFloats(out[1].to_f32(), [&](int64_t i) {
    float acc = 0;
    for (int64_t step = 0; step < 4; ++step) {
      int64_t top = (step * 32) * kC + i, bottom = top + 16 * kC;
      acc = vm::roundBf16(acc + vm::roundBf16(v[top] + v[bottom]));
    }
    return acc;
  }, "bf16 scratch accumulated over the grid");
}

//===----------------------------------------------------------------------===//
// Traced scalars (vbcast) and the layout ops: repeat, bitcast, roll
//===----------------------------------------------------------------------===//

TEST(VectorOps, TracedScalarsBroadcast) {
  // pl::program_id as an operand: an int32 sreg broadcast to every tile
  // (vbcast), promoted like an int32 array; a predicate Scalar as a mask.
  std::vector<float> a = floats(0);
  std::vector<int32_t> i = ints(0);
  Array x = Array::from_f32(a, {kR, kC}), y = Array::from_s32(i, {kR, kC});
  auto block = [] { return pl::BlockSpec({8, kC}, [](Scalar g) { return std::tuple{g, 0}; }); };
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref y_ref, Ref of, Ref oi) {
        Scalar g = pl::program_id(0);
        of[___] = x_ref[___] * 0.5 + g;
        Value m = y_ref[___] > g * 100;
        oi[___] = jnp::where(m, y_ref[___], g) + jnp::where(g == 2, y_ref[___], 7);
      },
      {.out_shape = {type(DType::float32), type(DType::int32)},
       .grid = {kR / 8},
       .in_specs = {block(), block()},
       .out_specs = {block(), block()}});
  std::vector<Array> out = f.call({x, y});
  expectFloats(out[0].to_f32(), [&](int64_t k) { return a[k] * 0.5f + (float)(k / kC / 8); },
               "x * 0.5 + program_id");
  expectInts(out[1].to_s32(), [&](int64_t k) {
    int32_t g = (int32_t)(k / kC / 8);
    int32_t w = i[k] > g * 100 ? i[k] : g;
    return (int32_t)((uint32_t)w + (uint32_t)(g == 2 ? i[k] : 7));
  }, "where(y > g * 100, y, g) + where(g == 2, y, 7)");
  // bf16 with an int32 Scalar stays bf16 (the lattice): the scalar is
  // converted, the sum rounds once.
  std::vector<float> b = roundedBf16(floats(1));
  Array xb = Array::from_f32(b, {kR, kC}, DType::bfloat16);
  auto block16 = [] { return pl::BlockSpec({16, kC}, [](Scalar g) { return std::tuple{g, 0}; }); };
  Array ob = pl::pallas_call([](Ref x_ref, Ref o) { o[___] = x_ref[___] + pl::program_id(0) * 3; },
                             {.out_shape = type(DType::bfloat16),
                              .grid = {kR / 16},
                              .in_specs = {block16()},
                              .out_specs = {block16()}})(xb);
  expectFloats(ob.to_f32(), [&](int64_t k) {
    return vm::roundBf16(b[k] + vm::roundBf16((float)(k / kC / 16 * 3)));
  }, "bf16 + program_id * 3");
}

TEST(LayoutOps, RepeatIsJnpTile) {
  constexpr int64_t R = 16, C = 128;
  std::vector<float> a = floats(0);
  a.resize(R * C);
  Array x = Array::from_f32(a, {R, C});
  // Along the lanes and the sublanes: whole tiles reused.
  expectFloats(run({x}, type(DType::float32, R, 3 * C),
                   [](auto v) { return pltpu::repeat(v[0], 3, 1); }).to_f32(),
               [&](int64_t k) { return a[(k / (3 * C)) * C + (k % (3 * C)) % C]; },
               "repeat(x, 3, axis 1)");
  expectFloats(run({x}, type(DType::float32, 2 * R, C),
                   [](auto v) { return pltpu::repeat(v[0], 2, -2); }).to_f32(),
               [&](int64_t k) { return a[k % (R * C)]; }, "repeat(x, 2, axis 0)");
  // A row repeated is a broadcast.
  Array r = pl::pallas_call([](Ref x_ref, Ref o) { o[___] = pltpu::repeat(x_ref[pl::ds(3, 1)], 8, 0); },
                            {.out_shape = type(DType::float32, 8, C)})(x);
  expectFloats(r.to_f32(), [&](int64_t k) { return a[3 * C + k % C]; }, "repeat(row, 8, 0)");
  // bf16 keeps its packed tiles.
  std::vector<float> b = roundedBf16(floats(1));
  b.resize(R * 2 * C);
  Array xb = Array::from_f32(b, {R, 2 * C}, DType::bfloat16);
  expectFloats(run({xb}, type(DType::bfloat16, 3 * R, 2 * C),
                   [](auto v) { return pltpu::repeat(v[0], 3, 0); }).to_f32(),
               [&](int64_t k) { return b[k % (R * 2 * C)]; }, "repeat(bf16, 3, axis 0)");
}

/// The word that rows p*s .. p*s+p-1 of a packed column pack into, the
/// first row in the low bits (vpack's and Pallas's order).
uint32_t packWord(const std::function<uint32_t(int64_t)> &element, int64_t s, int bits) {
  uint32_t word = 0;
  int p = 32 / bits;
  uint32_t mask = bits == 32 ? ~0u : (1u << bits) - 1;
  for (int j = 0; j < p; ++j)
    word |= (element(p * s + j) & mask) << (bits * j);
  return word;
}

TEST(LayoutOps, BitcastReinterpretsVregs) {
  std::vector<float> a = floats(0);
  std::vector<int32_t> i = ints(1);
  Array x = Array::from_f32(a, {kR, kC}), y = Array::from_s32(i, {kR, kC});
  auto bitsOf = [](float f) { return std::bit_cast<uint32_t>(f); };
  // Same width: the same bits.
  expectInts(run({x}, type(DType::int32), [](auto v) { return pltpu::bitcast(v[0], DType::int32); })
                 .to_s32(),
             [&](int64_t k) { return (int32_t)bitsOf(a[k]); }, "bitcast f32 -> s32");
  expectFloats(run({y}, type(DType::float32),
                   [](auto v) { return pltpu::bitcast(v[0], DType::float32); }).to_f32(),
               [&](int64_t k) { return std::bit_cast<float>(i[k]); }, "bitcast s32 -> f32");
  // f32[32,256] -> bf16[64,256]: bf16 row r is half r % 2 of f32 row r / 2;
  // an op on the result unpacks it the same way (vunpack agrees).
  auto half = [&](int64_t k) {
    int64_t r = k / kC, c = k % kC;
    return vm::fromBf16Bits((uint16_t)(bitsOf(a[(r / 2) * kC + c]) >> (16 * (r % 2))));
  };
  expectFloats(run({x}, type(DType::bfloat16, 2 * kR),
                   [](auto v) { return pltpu::bitcast(v[0], DType::bfloat16); }).to_f32(),
               half, "bitcast f32 -> bf16");
  expectFloats(run({x}, type(DType::bfloat16, 2 * kR),
                   [](auto v) { return pltpu::bitcast(v[0], DType::bfloat16) * 2.0; }).to_f32(),
               [&](int64_t k) { return vm::roundBf16(half(k) * 2.0f); }, "bitcast f32 -> bf16, * 2");
  // int8 <-> f32 and bf16 <-> int8: bytes, the first row in the low byte.
  std::vector<int32_t> q = ints(0, true);
  Array x8 = Array::from_s32(q, {kR, kC}, DType::int8);
  expectFloats(run({x8}, type(DType::float32, kR / 4),
                   [](auto v) { return pltpu::bitcast(v[0], DType::float32); }).to_f32(),
               [&](int64_t k) {
                 int64_t s = k / kC, c = k % kC;
                 return std::bit_cast<float>(
                     packWord([&](int64_t r) { return (uint32_t)q[r * kC + c]; }, s, 8));
               },
               "bitcast s8 -> f32");
  expectInts(run({y}, type(DType::int8, 4 * kR),
                 [](auto v) { return pltpu::bitcast(v[0], DType::int8); }).to_s32(),
             [&](int64_t k) {
               int64_t r = k / kC, c = k % kC;
               return vm::wrapS8((int32_t)((uint32_t)i[(r / 4) * kC + c] >> (8 * (r % 4))));
             },
             "bitcast s32 -> s8");
  std::vector<float> b = roundedBf16(floats(1));
  Array xb = Array::from_f32(b, {kR, kC}, DType::bfloat16);
  expectInts(run({xb}, type(DType::int8, 2 * kR),
                 [](auto v) { return pltpu::bitcast(v[0], DType::int8); }).to_s32(),
             [&](int64_t k) {
               int64_t r = k / kC, c = k % kC;
               uint32_t word = packWord(
                   [&](int64_t row) { return (uint32_t)vm::bf16Bits(b[row * kC + c]); }, r / 4,
                   16);
               return vm::wrapS8((int32_t)(word >> (8 * (r % 4))));
             },
             "bitcast bf16 -> s8");
  // There and back is the identity, through arithmetic on the way.
  expectFloats(run({x}, type(DType::float32), [](auto v) {
                 Value i32 = pltpu::bitcast(pltpu::bitcast(v[0], DType::bfloat16), DType::int32);
                 return pltpu::bitcast(i32 + 0, DType::float32);
               }).to_f32(),
               [&](int64_t k) { return a[k]; }, "f32 -> bf16 -> s32 -> f32");
}

TEST(LayoutOps, ReshapeDropsAndReAddsUnitDimensions) {
  std::vector<float> a = floats(0);
  Array x = Array::from_f32(a, {kR, kC});
  // A keepdims=false row sum [R] (a column in registers) back to [R, 1]
  // broadcasts against x; a [C] column sum back to [1, C] likewise.
  expectFloats(run({x}, type(DType::float32), [](auto v) {
                 Value rows = jnp::max(v[0], 1).reshape({kR, 1});
                 Value cols = jnp::reshape(jnp::min(v[0], 0), {1, kC});
                 return v[0] - rows + cols.reshape({kC}).reshape({1, kC});
               }).to_f32(),
               [&](int64_t k) {
                 int64_t r = k / kC, c = k % kC;
                 float m = reduceRef(vm::ReduceKind::Max, a, kR, kC, 1, r);
                 float n = reduceRef(vm::ReduceKind::Min, a, kR, kC, 0, c);
                 return a[k] - m + n;
               },
               "x - max(x, 1).reshape(R, 1) + min(x, 0).reshape(1, C)");
}

/// np.roll of a row-major [rows, cols] array by `shift` along `axis`.
template <class T>
T rolled(const std::vector<T> &x, int64_t rows, int64_t cols, int64_t shift, int axis,
         int64_t k) {
  int64_t r = k / cols, c = k % cols;
  if (axis == 0)
    r = ((r - shift) % rows + rows) % rows;
  else
    c = ((c - shift) % cols + cols) % cols;
  return x[r * cols + c];
}

TEST(LayoutOps, RollAlongLanesAndSublanes) {
  constexpr int64_t R = 32, C = 384;
  std::vector<float> a = floats(0);
  a.resize(R * C);
  for (int64_t k = kN; k < R * C; ++k)
    a[k] = (float)k;
  Array x = Array::from_f32(a, {R, C});
  for (int64_t shift : {0, 1, 5, 127, 128, 130, 383, 1000}) {
    SCOPED_TRACE(shift);
    expectFloats(run({x}, type(DType::float32, R, C),
                     [shift](auto v) { return pltpu::roll(v[0], shift, 1); }).to_f32(),
                 [&](int64_t k) { return rolled(a, R, C, shift, 1, k); }, "f32 lane roll");
  }
  for (int64_t shift : {1, 3, 8, 13, 31, 40}) {
    SCOPED_TRACE(shift);
    expectFloats(run({x}, type(DType::float32, R, C),
                     [shift](auto v) { return pltpu::roll(v[0], shift, 0); }).to_f32(),
                 [&](int64_t k) { return rolled(a, R, C, shift, 0, k); }, "f32 sublane roll");
  }
  // One tile, and a row: vrot.lane alone.
  std::vector<float> t(a.begin(), a.begin() + 8 * 128);
  Array x1 = Array::from_f32(t, {8, 128});
  expectFloats(run({x1}, type(DType::float32, 8, 128),
                   [](auto v) { return pltpu::roll(v[0], 3, 1) + pltpu::roll(v[0], 5, 0); }).to_f32(),
               [&](int64_t k) {
                 return rolled(t, 8, 128, 3, 1, k) + rolled(t, 8, 128, 5, 0, k);
               }, "one tile: roll 3 lanes + roll 5 sublanes");
  Array row = pl::pallas_call(
      [](Ref x_ref, Ref o) { o[___] = x_ref[___] * pltpu::roll(x_ref[pl::ds(2, 1)], 7, 1); },
      {.out_shape = type(DType::float32, 8, 128)})(x1);
  expectFloats(row.to_f32(), [&](int64_t k) {
    return t[k] * t[2 * 128 + ((k % 128) - 7 + 128) % 128];
  }, "x * roll(row 2, 7)");
}

TEST(LayoutOps, RollOfPackedIntAndMaskValues) {
  constexpr int64_t R = 64, C = 256;
  std::vector<float> b = roundedBf16(floats(0));
  b.resize(R * C);
  for (int64_t k = kN; k < R * C; ++k)
    b[k] = vm::roundBf16((float)(k % 1000) - 500.0f);
  Array xb = Array::from_f32(b, {R, C}, DType::bfloat16);
  for (auto [shift, axis] : std::vector<std::pair<int64_t, int>>{
           {3, 1}, {200, 1}, {2, 0}, {5, 0}, {16, 0}, {24, 0}}) {
    SCOPED_TRACE(std::to_string(shift) + " axis " + std::to_string(axis));
    expectFloats(run({xb}, type(DType::bfloat16, R, C),
                     [=](auto v) { return pltpu::roll(v[0], shift, axis); }).to_f32(),
                 [&](int64_t k) { return rolled(b, R, C, shift, axis, k); }, "bf16 roll");
  }
  std::vector<int32_t> q = ints(0, true);
  q.resize(R * C);
  for (int64_t k = kN; k < R * C; ++k)
    q[k] = vm::wrapS8((int32_t)k);
  Array x8 = Array::from_s32(q, {R, C}, DType::int8);
  for (auto [shift, axis] : std::vector<std::pair<int64_t, int>>{{9, 1}, {7, 0}, {32, 0}}) {
    SCOPED_TRACE(std::to_string(shift) + " axis " + std::to_string(axis));
    expectInts(run({x8}, type(DType::int8, R, C),
                   [=](auto v) { return pltpu::roll(v[0], shift, axis); }).to_s32(),
               [&](int64_t k) { return rolled(q, R, C, shift, axis, k); }, "s8 roll");
  }
  // int32 and a rolled mask.
  std::vector<int32_t> i = ints(1);
  Array xi = Array::from_s32(i, {kR, kC});
  expectInts(run({xi}, type(DType::int32), [](auto v) {
               return jnp::where(pltpu::roll(v[0] > 0, 3, 0), pltpu::roll(v[0], 129, 1), -1);
             }).to_s32(),
             [&](int64_t k) {
               return rolled(i, kR, kC, 3, 0, k) > 0 ? rolled(i, kR, kC, 129, 1, k) : -1;
             },
             "where(roll(y > 0, 3, 0), roll(y, 129, 1), -1)");
}

//===----------------------------------------------------------------------===//
// jnp::zeros / ones / full in kernels (compiled and interpreted alike)
//===----------------------------------------------------------------------===//

class Constants : public testing::TestWithParam<bool> {
protected:
  pltpu::Interpret mode() const { return GetParam(); }
};

TEST_P(Constants, ZerosOnesAndFullAreValues) {
  std::vector<float> a = floats(0);
  Array x = Array::from_f32(a, {kR, kC});
  auto block = [] { return pl::BlockSpec({8, kC}, [](Scalar g) { return std::tuple{g, 0}; }); };
  std::vector<Array> out = pl::pallas_call(
      [](Ref x_ref, Ref of, Ref oi, Ref om) {
        // The README's loop: an accumulator that starts as zeros.
        Value acc = lax::fori_loop(0, 4, [&](Scalar, Value acc) {
          return acc + x_ref[___];
        }, jnp::zeros({8, kC}));
        // A rank-1 constant is a row; a rank-3 one a stack of matrices.
        of[___] = acc + jnp::ones({kC}) + jnp::sum(jnp::full({2, 8, kC}, 0.25), 0);
        // A Scalar fill is one vbcast; a float into int32 truncates.
        oi[___] = jnp::full({8, kC}, pl::program_id(0) * 3) + jnp::full({8, kC}, -2.7, jnp::int32);
        om[___] = jnp::where(jnp::full({8, kC}, true), 5, jnp::zeros({8, kC}, jnp::int32));
      },
      {.out_shape = {type(DType::float32), type(DType::int32), type(DType::int32)},
       .grid = {kR / 8},
       .in_specs = {block()},
       .out_specs = {block(), block(), block()},
       .interpret = mode()})
      .call({x});
  expectFloats(out[0].to_f32(), [&](int64_t k) {
    float s = 0.0f;
    for (int t = 0; t < 4; ++t)
      s += a[k];
    return s + 1.0f + 0.5f;
  }, "fori_loop from zeros, + ones row + sum of a rank-3 full");
  expectInts(out[1].to_s32(), [&](int64_t k) { return (int32_t)(k / kC / 8 * 3) - 2; },
             "full(program_id * 3) + full(-2.7, int32)");
  expectInts(out[2].to_s32(), [&](int64_t) { return 5; }, "where(full(true), 5, zeros)");
}

TEST_P(Constants, Bf16AndFullOfAValue) {
  std::vector<float> a = floats(1);
  a.resize(16 * kC);
  Array x = Array::from_f32(a, {16, kC});
  std::vector<Array> o = pl::pallas_call(
      [](Ref x_ref, Ref ov, Ref on) {
        ov[___] = jnp::full({16, kC}, x_ref[pl::ds(2, 1)], jnp::bfloat16);
        on[___] = jnp::full({16, kC}, 1.00390625, jnp::bfloat16) + jnp::ones({1, kC}, jnp::bfloat16);
      },
      {.out_shape = {type(DType::bfloat16, 16, kC), type(DType::bfloat16, 16, kC)},
       .interpret = mode()}).call({x});
  expectFloats(o[0].to_f32(), [&](int64_t k) { return vm::roundBf16(a[2 * kC + k % kC]); },
               "full(row 2, bf16)");
  expectFloats(o[1].to_f32(), [&](int64_t) { return 2.0f; },
               "bf16 full(1.00390625) rounds to 1, + a ones row");
}

TEST_P(Constants, ErrorsNameTheLine) {
  Array x = Array::from_f32(std::vector<float>(8 * 128), {8, 128});
  auto fails = [&](std::function<void(Ref, Ref)> body) {
    return testutil::errorOf([&] {
      pl::pallas_call([body](Ref x_ref, Ref o) { body(x_ref, o); },
                      {.out_shape = type(DType::float32, 8, 128), .interpret = mode()})(x);
    });
  };
  std::string line = testutil::here(1);
  std::string msg = fails([](Ref, Ref o) { jnp::full({32, 128}, 300, jnp::int8); });
  EXPECT_THAT(msg, testing::HasSubstr(line + ": jnp::full: the fill value 300 does not fit in "
                                             "s8 [-128, 127]"));
  line = testutil::here(1);
  msg = fails([](Ref, Ref o) { o[___] = jnp::zeros({2, 2, 2, 2, 8, 128}); });
  EXPECT_THAT(msg, testing::HasSubstr(line + ": jnp::zeros of shape [2, 2, 2, 2, 8, 128]: a "
                                             "kernel Value has rank 0 to 5"));
  line = testutil::here(1);
  msg = fails([](Ref, Ref o) { o[___] = jnp::zeros({0, 128}); });
  EXPECT_THAT(msg, testing::HasSubstr(line + ": jnp::zeros of shape [0, 128]: a kernel Value's "
                                             "dimensions are at least 1"));
  // A constant made in a kernel is not an Array, nor a host one a Value.
  line = testutil::here(1);
  msg = fails([](Ref, Ref o) { Array bad = jnp::zeros({8, 128}); o[___] = 1.0; });
  EXPECT_THAT(msg, testing::HasSubstr(line + ": the constant made here in a kernel body is a "
                                             "Value, not an Array"));
  auto host = jnp::zeros({8, 128});
  line = testutil::here(1);
  msg = fails([&](Ref, Ref o) { o[___] = host + 1.0; });
  EXPECT_THAT(msg, testing::HasSubstr(line + ": a value is used outside the kernel"));
  Value leaked;
  pl::pallas_call([&](Ref x_ref, Ref o) { o[___] = leaked = x_ref[___]; },
                  {.out_shape = type(DType::float32, 8, 128), .interpret = mode()})(x);
  line = testutil::here(1);
  msg = testutil::errorOf([&] { jnp::full({8, 128}, leaked); });
  EXPECT_THAT(msg, testing::HasSubstr(line + ": jnp.full outside a kernel body takes a number"));
}

INSTANTIATE_TEST_SUITE_P(, Constants, testing::Values(false, true),
                         [](const auto &info) { return info.param ? "Interpreted" : "Compiled"; });

TEST(HostConstants, ZerosOnesAndFullOnTheHost) {
  EXPECT_EQ(Array(jnp::ones({8, 128}, jnp::bfloat16)).to_f32(), std::vector<float>(1024, 1.0f));
  EXPECT_EQ(Array(jnp::full({3, 5}, 7)).to_s32(), std::vector<int32_t>(15, 7));
  Array f = jnp::full({2, 3}, 2.5);
  EXPECT_EQ(f.dtype(), DType::float32);
  EXPECT_EQ(f.to_f32(), std::vector<float>(6, 2.5f));
  EXPECT_EQ(Array(jnp::full({4}, -1.5, jnp::int8)).to_s32(), std::vector<int32_t>(4, -1));
  EXPECT_EQ(Array(jnp::full({4}, true)).dtype(), DType::bool_);
  // Host arrays of jnp::zeros feed kernels as before.
  Array o = pl::pallas_call([](Ref x_ref, Ref o) { o[___] = x_ref[___] + 1.0; },
                            {.out_shape = type(DType::float32, 8, 128)})(jnp::zeros({8, 128}));
  EXPECT_EQ(o.to_f32(), std::vector<float>(1024, 1.0f));
}

}  // namespace
}  // namespace tessera
