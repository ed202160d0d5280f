//===- IntegerDtypeTest.cpp - int16, uint8, uint16 and uint32 values -------===//
//
// Every integer op on the dtypes beyond int32 and int8, compiled and
// interpreted, against a host reference in int64 that wraps to the dtype's
// bits (JAX's integer semantics): arithmetic, unsigned division and shifts,
// compares in the dtype's order, extrema and reductions, conversions
// between every pair with floats saturating, bitcasts, and the dtypes as
// pallas_call operands, Refs and DMA payloads. And bool arrays as kernel
// operands and outputs (int32 0 / 1 in memory, masks in registers).
//
//===----------------------------------------------------------------------===//
#include <bit>
#include <cmath>
#include <functional>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dsl/tessera.h"
#include "sim/VectorMath.h"

namespace tessera {
namespace {

constexpr DType kDtypes[] = {DType::int16, DType::uint8, DType::uint16, DType::uint32};

/// The rows of a value that fill whole packed tiles of every dtype here.
constexpr int64_t kR = 32, kC = 256, kN = kR * kC;

/// `x` wrapped to `d`'s bits, as the dtype's value.
int64_t wrap(DType d, int64_t x) {
  uint32_t w = wrapToWord(d, x);
  return isUnsigned(d) ? (int64_t)w : (int64_t)(int32_t)w;
}

/// Operand `which` of a binary op: edge values of `d` paired with each
/// other, then pseudo-random values of every magnitude.
std::vector<int64_t> operand(DType d, int which) {
  IntRange r = integerRange(d);
  std::vector<int64_t> edges = {0, 1, 2, 3, 7, 31, 32, r.hi, r.hi - 1, r.lo, r.lo + 1,
                                r.hi / 2, r.hi / 2 + 1, 100};
  if (!isUnsigned(d))
    for (int64_t e : {-1, -2, -7, -31, -32, -33, -100})
      edges.push_back(e);
  int64_t e = (int64_t)edges.size();
  std::vector<int64_t> v(kN);
  uint32_t s = 4242u + 77u * which;
  for (int64_t i = 0; i < kN; ++i) {
    if (i < e * e) {
      v[i] = edges[which == 0 ? i % e : i / e];
      continue;
    }
    s = s * 1664525u + 1013904223u;
    v[i] = wrap(d, (int64_t)(s >> (s % 29)));
  }
  return v;
}

Array upload(DType d, const std::vector<int64_t> &v) {
  std::vector<uint32_t> words(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    words[i] = (uint32_t)v[i];
  return Array::from_u32(words, {kR, kC}, d);
}

/// The elements of an integer array as int64 values of its dtype.
std::vector<int64_t> download(const Array &a) {
  std::vector<int64_t> out;
  if (isUnsigned(a.dtype())) {
    for (uint32_t w : a.to_u32())
      out.push_back(w);
  } else {
    for (int32_t w : a.to_s32())
      out.push_back(w);
  }
  return out;
}

using Body = std::function<Value(const std::vector<Value> &)>;

/// Runs `f` on whole-array blocks of `in`, compiled and interpreted, and
/// checks every element of both against want(i).
void expectKernel(const std::vector<Array> &in, DType out, const Body &f,
                  const std::function<int64_t(int64_t)> &want, const std::string &what) {
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(what + (interpret ? " interpreted" : " compiled"));
    pl::PallasCallSpec spec{.out_shape = ShapeDtypeStruct{{kR, kC}, out}, .interpret = interpret};
    Array o = in.size() == 1
                  ? pl::pallas_call([f](Ref x, Ref o) { o[___] = f({x[___]}); }, spec)(in[0])
                  : pl::pallas_call([f](Ref x, Ref y, Ref o) { o[___] = f({x[___], y[___]}); },
                                    spec)(in[0], in[1]);
    ASSERT_EQ(o.dtype(), out);
    std::vector<int64_t> got = download(o);
    for (int64_t i = 0; i < kN; ++i)
      if (got[i] != want(i)) {
        ADD_FAILURE() << "element " << i << ": got " << got[i] << ", want " << want(i);
        return;
      }
  }
}

std::string name(DType d) { return to_string(d); }

TEST(IntegerDtype, RoundTripsThroughHbmAndVmem) {
  for (DType d : kDtypes) {
    std::vector<int64_t> a = operand(d, 0);
    expectKernel({upload(d, a)}, d, [](const std::vector<Value> &v) { return v[0]; },
                 [&](int64_t i) { return a[i]; }, name(d) + " copy");
  }
}

TEST(IntegerDtype, ArithmeticWraps) {
  for (DType d : kDtypes) {
    std::vector<int64_t> a = operand(d, 0), b = operand(d, 1);
    Array x = upload(d, a), y = upload(d, b);
    struct Case {
      const char *op;
      std::function<Value(const Value &, const Value &)> f;
      std::function<int64_t(int64_t, int64_t)> host;
    };
    bool u = isUnsigned(d);
    int bits = 8 * itemsize(d);
    auto bitsOf = [&](int64_t x) { return (uint64_t)x & ((uint64_t{1} << bits) - 1); };
    std::vector<Case> cases = {
        {"+", [](auto &p, auto &q) { return p + q; }, [](int64_t p, int64_t q) { return p + q; }},
        {"-", [](auto &p, auto &q) { return p - q; }, [](int64_t p, int64_t q) { return p - q; }},
        {"*", [](auto &p, auto &q) { return p * q; }, [](int64_t p, int64_t q) { return p * q; }},
        {"/", [](auto &p, auto &q) { return p / q; },
         [&](int64_t p, int64_t q) -> int64_t {
           if (q == 0)
             return -1;  // all ones
           if (!u && p == integerRange(d).lo && q == -1)
             return p;
           return p / q;  // C truncation; unsigned operands are non-negative
         }},
        {"%", [](auto &p, auto &q) { return p % q; },
         [&](int64_t p, int64_t q) -> int64_t { return q == 0 ? p : q == -1 ? 0 : p % q; }},
        {"&", [](auto &p, auto &q) { return p & q; }, [](int64_t p, int64_t q) { return p & q; }},
        {"|", [](auto &p, auto &q) { return p | q; }, [](int64_t p, int64_t q) { return p | q; }},
        {"^", [](auto &p, auto &q) { return p ^ q; }, [](int64_t p, int64_t q) { return p ^ q; }},
        {"max", [](auto &p, auto &q) { return jnp::maximum(p, q); },
         [](int64_t p, int64_t q) { return std::max(p, q); }},
        {"min", [](auto &p, auto &q) { return jnp::minimum(p, q); },
         [](int64_t p, int64_t q) { return std::min(p, q); }},
        // Shifts by the amount's low bits as the dtype's value; amounts outside
        // [0, bits) give 0 (or the sign fill for >> of signed values).
        {"<<", [](auto &p, auto &q) { return p << q; },
         [&](int64_t p, int64_t q) -> int64_t {
           return q < 0 || q >= bits ? 0 : (int64_t)(bitsOf(p) << q);
         }},
        {">>", [](auto &p, auto &q) { return p >> q; },
         [&](int64_t p, int64_t q) -> int64_t {
           if (q < 0 || q >= bits)
             return u || p >= 0 ? 0 : -1;
           return u ? (int64_t)(bitsOf(p) >> q) : p >> q;
         }},
    };
    for (const Case &c : cases)
      expectKernel({x, y}, d, [&](const std::vector<Value> &v) { return c.f(v[0], v[1]); },
                   [&](int64_t i) { return wrap(d, c.host(a[i], b[i])); }, name(d) + " " + c.op);
  }
}

TEST(IntegerDtype, ComparesInTheDtypesOrder) {
  for (DType d : kDtypes) {
    std::vector<int64_t> a = operand(d, 0), b = operand(d, 1);
    Array x = upload(d, a), y = upload(d, b);
    expectKernel({x, y}, DType::int32,
                 [](const std::vector<Value> &v) {
                   // One bit per compare: < <= > >= == != as bits 0..5.
                   Value r = (v[0] < v[1]).astype(DType::int32);
                   r = r | ((v[0] <= v[1]).astype(DType::int32) << 1);
                   r = r | ((v[0] > v[1]).astype(DType::int32) << 2);
                   r = r | ((v[0] >= v[1]).astype(DType::int32) << 3);
                   r = r | ((v[0] == v[1]).astype(DType::int32) << 4);
                   return r | ((v[0] != v[1]).astype(DType::int32) << 5);
                 },
                 [&](int64_t i) {
                   int64_t p = a[i], q = b[i];
                   return (int64_t)(p < q) | (p <= q) << 1 | (p > q) << 2 | (p >= q) << 3 |
                          (p == q) << 4 | (p != q) << 5;
                 },
                 name(d) + " compares");
  }
}

TEST(IntegerDtype, UnaryOps) {
  for (DType d : kDtypes) {
    std::vector<int64_t> a = operand(d, 0);
    Array x = upload(d, a);
    int bits = 8 * itemsize(d);
    uint64_t mask = (uint64_t{1} << bits) - 1;
    expectKernel({x}, d, [](const std::vector<Value> &v) { return -v[0]; },
                 [&](int64_t i) { return wrap(d, -a[i]); }, name(d) + " neg");
    expectKernel({x}, d, [](const std::vector<Value> &v) { return ~v[0]; },
                 [&](int64_t i) { return wrap(d, ~a[i]); }, name(d) + " ~");
    expectKernel({x}, d, [](const std::vector<Value> &v) { return jnp::abs(v[0]); },
                 [&](int64_t i) { return wrap(d, std::abs(a[i])); }, name(d) + " abs");
    expectKernel({x}, d, [](const std::vector<Value> &v) { return jnp::sign(v[0]); },
                 [&](int64_t i) { return (int64_t)(a[i] > 0) - (a[i] < 0); }, name(d) + " sign");
    expectKernel({x}, d, [](const std::vector<Value> &v) { return lax::population_count(v[0]); },
                 [&](int64_t i) { return (int64_t)std::popcount((uint64_t)a[i] & mask); },
                 name(d) + " population_count");
    expectKernel({x}, d, [](const std::vector<Value> &v) { return lax::clz(v[0]); },
                 [&](int64_t i) {
                   return (int64_t)std::countl_zero((uint64_t)a[i] & mask) - (64 - bits);
                 },
                 name(d) + " clz");
  }
}

TEST(IntegerDtype, ConvertsBetweenEveryPair) {
  const DType all[] = {DType::int8,  DType::int16,  DType::int32,  DType::uint8,
                       DType::uint16, DType::uint32, DType::float32, DType::bool_};
  for (DType from : kDtypes) {
    std::vector<int64_t> a = operand(from, 0);
    Array x = upload(from, a);
    for (DType to : all) {
      if (to == DType::float32) {
        // Exact below 2^24, rounded to nearest even above.
        for (bool interpret : {false, true}) {
          SCOPED_TRACE(name(from) + " -> f32" + (interpret ? " interpreted" : ""));
          Array o = pl::pallas_call(
              [](Ref x, Ref o) { o[___] = x[___].astype(DType::float32); },
              {.out_shape = ShapeDtypeStruct{{kR, kC}, DType::float32},
               .interpret = interpret})(x);
          std::vector<float> got = o.to_f32();
          for (int64_t i = 0; i < kN; ++i)
            ASSERT_EQ(got[i], (float)a[i]) << i << ": " << a[i];
        }
        continue;
      }
      expectKernel({x}, to == DType::bool_ ? DType::int32 : to,
                   [to](const std::vector<Value> &v) {
                     Value r = v[0].astype(to);
                     return to == DType::bool_ ? r.astype(DType::int32) : r;
                   },
                   [&](int64_t i) { return to == DType::bool_ ? a[i] != 0 : wrap(to, a[i]); },
                   name(from) + " -> " + name(to));
    }
  }
}

TEST(IntegerDtype, FloatsSaturateToTheRange) {
  std::vector<float> f = {0.0f,    -0.0f,  0.5f,     -0.5f,    1.5f,       -1.5f,  127.9f,
                          128.0f,  255.5f, 256.0f,   -129.0f,  32767.5f,   32768.0f,
                          65535.9f, 65536.0f, -32769.0f, 2147483648.0f, 4294967040.0f,
                          4294967296.0f, 1e20f, -1e20f, INFINITY, -INFINITY, NAN};
  std::vector<float> data(kN);
  for (int64_t i = 0; i < kN; ++i)
    data[i] = f[i % f.size()];
  Array x = Array::from_f32(data, {kR, kC});
  for (DType d : kDtypes) {
    IntRange r = integerRange(d);
    expectKernel({x}, d, [d](const std::vector<Value> &v) { return v[0].astype(d); },
                 [&](int64_t i) -> int64_t {
                   float v = data[i];
                   if (std::isnan(v))
                     return 0;
                   return (int64_t)std::clamp<double>(std::trunc((double)v), (double)r.lo,
                                                      (double)r.hi);
                 },
                 "f32 -> " + name(d));
  }
}

TEST(IntegerDtype, Reductions) {
  for (DType d : kDtypes) {
    std::vector<int64_t> a = operand(d, 0);
    Array x = upload(d, a);
    DType sumDtype = isUnsigned(d) ? DType::uint32 : DType::int32;
    auto rowWise = [&](const char *kind, DType out,
                       const std::function<Value(const Value &)> &f,
                       const std::function<int64_t(int64_t, int64_t)> &combine) {
      expectKernel({x}, out,
                   [&](const std::vector<Value> &v) {
                     return jnp::broadcast_to(f(v[0]), {kR, kC});
                   },
                   [&](int64_t i) {
                     int64_t row = i / kC, acc = a[row * kC];
                     for (int64_t c = 1; c < kC; ++c)
                       acc = combine(acc, a[row * kC + c]);
                     return wrap(out, acc);
                   },
                   name(d) + " " + kind);
    };
    rowWise("sum", sumDtype, [](const Value &v) { return jnp::sum(v, 1, true); },
            [](int64_t p, int64_t q) { return p + q; });
    rowWise("max", d, [](const Value &v) { return jnp::max(v, 1, true); },
            [](int64_t p, int64_t q) { return std::max(p, q); });
    rowWise("min", d, [](const Value &v) { return jnp::min(v, 1, true); },
            [](int64_t p, int64_t q) { return std::min(p, q); });
  }
}

TEST(IntegerDtype, PromotesAsJax) {
  auto promoted = [](DType a, DType b) {
    DType out{};
    pl::pallas_call(
        [&](Ref x, Ref y, Ref o) {
          out = (x[___] + y[___]).dtype();
          o[___] = jnp::zeros({8, 128}, DType::float32);
        },
        {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32}})(
        jnp::zeros({32, 128}, a), jnp::zeros({32, 128}, b));
    return out;
  };
  EXPECT_EQ(promoted(DType::uint8, DType::int8), DType::int16);
  EXPECT_EQ(promoted(DType::uint8, DType::int16), DType::int16);
  EXPECT_EQ(promoted(DType::uint16, DType::int8), DType::int32);
  EXPECT_EQ(promoted(DType::uint32, DType::int32), DType::int32);
  EXPECT_EQ(promoted(DType::uint8, DType::uint32), DType::uint32);
  EXPECT_EQ(promoted(DType::int16, DType::int8), DType::int16);
  EXPECT_EQ(promoted(DType::uint16, DType::bfloat16), DType::bfloat16);
  EXPECT_EQ(promoted(DType::uint32, DType::float32), DType::float32);
  EXPECT_EQ(promoted(DType::bool_, DType::uint8), DType::uint8);
}

TEST(IntegerDtype, PythonScalarsMustFit) {
  Array x = jnp::zeros({32, 128}, DType::uint8);
  try {
    pl::pallas_call([](Ref x, Ref o) { o[___] = x[___] + 256; },
                    {.out_shape = ShapeDtypeStruct{{32, 128}, DType::uint8}})(x);
    FAIL() << "256 does not fit in u8";
  } catch (const Error &e) {
    EXPECT_THAT(e.what(), testing::HasSubstr("IntegerDtypeTest.cpp:"));
    EXPECT_THAT(e.what(), testing::HasSubstr("does not fit in u8 [0, 255]"));
  }
}

TEST(IntegerDtype, BitcastsBetweenSameWidthDtypes) {
  std::vector<int64_t> a = operand(DType::uint32, 0);
  Array x = upload(DType::uint32, a);
  expectKernel({x}, DType::int32,
               [](const std::vector<Value> &v) { return pltpu::bitcast(v[0], DType::int32); },
               [&](int64_t i) { return (int64_t)(int32_t)(uint32_t)a[i]; }, "u32 -> s32 bitcast");
  std::vector<int64_t> h = operand(DType::int16, 0);
  expectKernel({upload(DType::int16, h)}, DType::uint16,
               [](const std::vector<Value> &v) { return pltpu::bitcast(v[0], DType::uint16); },
               [&](int64_t i) { return wrap(DType::uint16, h[i]); }, "s16 -> u16 bitcast");
}

TEST(IntegerDtype, BitcastsOfPackedDtypes) {
  // Rows r of a p-packed dtype share the 32-bit word (r / p, c), row r in
  // bits 32 / p * (r % p) up (the vreg layout): a bitcast reinterprets the
  // words, scaling shape[-2] by the ratio of the widths.
  struct Case {
    DType from, to;
  };
  const Case cases[] = {{DType::uint32, DType::float32}, {DType::float32, DType::uint16},
                        {DType::int16, DType::bfloat16}, {DType::bfloat16, DType::int16},
                        {DType::uint8, DType::int8},     {DType::int8, DType::uint16},
                        {DType::uint16, DType::int32},   {DType::int32, DType::uint8}};
  for (const Case &c : cases) {
    int bitsIn = 8 * itemsize(c.from), bitsOut = 8 * itemsize(c.to);
    int64_t rows = 32, outRows = rows * bitsIn / bitsOut;
    std::vector<uint32_t> words(rows * 128);  // the input's element bits
    uint32_t st = 99;
    for (uint32_t &w : words) {
      st = st * 1664525u + 1013904223u;
      w = bitsIn == 32 ? st : st & ((1u << bitsIn) - 1);
      if (c.from == DType::float32 && ((w >> 23) & 0xff) == 0xff)
        w &= ~(1u << 30);  // not a NaN (their payloads need not survive)
      if (c.from == DType::bfloat16 && ((w >> 7) & 0xff) == 0xff)
        w &= ~(1u << 14);
    }
    auto element = [&](int64_t r, int64_t col) {  // output element bits
      int pIn = 32 / bitsIn, pOut = 32 / bitsOut;
      int64_t row = r / pOut;  // the word row
      uint32_t word = 0;
      for (int k = 0; k < pIn; ++k) {
        uint32_t e = words[(row * pIn + k) * 128 + col];
        word |= bitsIn == 32 ? e : (e & ((1u << bitsIn) - 1)) << (bitsIn * k);
      }
      return bitsOut == 32 ? word : (word >> (bitsOut * (r % pOut))) & ((1u << bitsOut) - 1);
    };
    Array x = isFloat(c.from) ? [&] {
      std::vector<float> f(words.size());
      for (size_t i = 0; i < words.size(); ++i)
        f[i] = c.from == DType::float32 ? std::bit_cast<float>(words[i])
                                        : vmath::fromBf16Bits((uint16_t)words[i]);
      return Array::from_f32(f, {rows, 128}, c.from);
    }()
                              : Array::from_u32(words, {rows, 128}, c.from);
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(name(c.from) + " -> " + name(c.to) + (interpret ? " interpreted" : ""));
      DType to = c.to;
      Array o = pl::pallas_call([to](Ref x, Ref o) { o[___] = pltpu::bitcast(x[___], to); },
                                {.out_shape = ShapeDtypeStruct{{outRows, 128}, to},
                                 .interpret = interpret})(x);
      std::vector<uint32_t> got;
      if (isFloat(to)) {
        for (float f : o.to_f32())
          got.push_back(to == DType::float32 ? std::bit_cast<uint32_t>(f) : vmath::bf16Bits(f));
      } else if (isUnsigned(to)) {
        got = o.to_u32();
      } else {
        for (int32_t v : o.to_s32())
          got.push_back(bitsOut == 32 ? (uint32_t)v : (uint32_t)v & ((1u << bitsOut) - 1));
      }
      // (A float NaN reads back as a NaN, its payload not kept by to_f32.)
      auto isNaN = [&](uint32_t bits) {
        return to == DType::float32 ? std::isnan(std::bit_cast<float>(bits))
                                    : to == DType::bfloat16 && (bits & 0x7f80) == 0x7f80 &&
                                          (bits & 0x7f) != 0;
      };
      for (int64_t i = 0; i < outRows * 128; ++i) {
        uint32_t want = element(i / 128, i % 128);
        if (isNaN(want))
          ASSERT_TRUE(isNaN(got[i])) << i;
        else
          ASSERT_EQ(got[i], want) << i;
      }
    }
  }
}

TEST(IntegerDtype, Int4AndFp8AreNotV4Dtypes) {
  auto message = [](const std::function<void()> &f) {
    try {
      f();
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(message([] { jnp::zeros({8, 128}, jnp::int4); }),
              testing::AllOf(testing::HasSubstr("IntegerDtypeTest.cpp:"),
                             testing::HasSubstr("jnp::zeros: int4 (s4) is not a TPU v4 dtype")));
  EXPECT_THAT(message([] { Array::from_f32({1.0f}, {1}, jnp::float8_e4m3fn); }),
              testing::HasSubstr("from_f32: f8e4m3fn is not a TPU v4 dtype: fp8 exists on TPU "
                                 "v5 and later"));
  Array x = jnp::zeros({8, 128});
  EXPECT_THAT(message([&] {
                pl::pallas_call([](Ref x, Ref o) { o[___] = x[___].astype(jnp::float8_e5m2); },
                                {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32}})(x);
              }),
              testing::HasSubstr("astype: f8e5m2 is not a TPU v4 dtype"));
  EXPECT_THAT(message([&] {
                pl::pallas_call([](Ref x, Ref o) { o[___] = x[___]; },
                                {.out_shape = ShapeDtypeStruct{{8, 128}, jnp::int4}})(x);
              }),
              testing::HasSubstr("int4 (s4) is not a TPU v4 dtype"));
}

TEST(IntegerDtype, ArrayProgramsOutsideKernels) {
  // The same ops on Arrays (eager and under jit): each a fused kernel.
  std::vector<int64_t> a = operand(DType::uint32, 0), b = operand(DType::uint32, 1);
  Array x = upload(DType::uint32, a), y = upload(DType::uint32, b);
  std::vector<int64_t> got = download(x / y);
  for (int64_t i = 0; i < kN; ++i)
    ASSERT_EQ(got[i], b[i] == 0 ? 0xffffffffll : a[i] / b[i]) << i;
  auto f = jit([](const Array &p, const Array &q) {
    return jnp::astype(jnp::maximum(p, q) % 1000, jnp::uint16);
  });
  got = download(f(x, y));
  for (int64_t i = 0; i < kN; ++i)
    ASSERT_EQ(got[i], std::max(a[i], b[i]) % 1000) << i;
}

TEST(IntegerDtype, LayoutOps) {
  // The layout ops move the words of packed tiles as they move bf16 and
  // int8 ones: the same element lands in the same place in every dtype.
  for (DType d : kDtypes) {
    constexpr int64_t R = 128, C = 256;
    std::vector<int64_t> a(R * C);
    for (int64_t i = 0; i < R * C; ++i)
      a[i] = wrap(d, i * 7 + 3);
    std::vector<uint32_t> words(a.begin(), a.end());
    Array x = Array::from_u32(words, {R, C}, d);
    struct Case {
      const char *name;
      Shape out;
      std::function<Value(const Value &)> f;
      std::function<int64_t(int64_t, int64_t)> at;  // the source element of (r, c)
    };
    const Case cases[] = {
        {"transpose", {C, R}, [](const Value &v) { return v.T(); },
         [&](int64_t r, int64_t c) { return c * C + r; }},
        {"roll", {R, C}, [](const Value &v) { return pltpu::roll(v, 3, 1); },
         [&](int64_t r, int64_t c) { return r * C + (c + C - 3) % C; }},
        {"repeat", {R, 2 * C}, [](const Value &v) { return pltpu::repeat(v, 2, 1); },
         [&](int64_t r, int64_t c) { return r * C + c % C; }},
        {"concatenate", {2 * R, C}, [](const Value &v) { return jnp::concatenate({v, v}, 0); },
         [&](int64_t r, int64_t c) { return (r % R) * C + c; }},
        {"row broadcast", {R, C},
         [](const Value &v) {
           return jnp::broadcast_to(jnp::max(v, 0, true), {R, C});  // each column's max
         },
         [&](int64_t, int64_t c) {
           int64_t best = 0;
           for (int64_t r = 1; r < R; ++r)
             if (a[r * C + c] > a[best * C + c])
               best = r;
           return best * C + c;
         }},
    };
    for (const Case &c : cases) {
      for (bool interpret : {false, true}) {
        SCOPED_TRACE(name(d) + " " + c.name + (interpret ? " interpreted" : " compiled"));
        Array o = pl::pallas_call([&c](Ref x, Ref o) { o[___] = c.f(x[___]); },
                                  {.out_shape = ShapeDtypeStruct{c.out, d},
                                   .interpret = interpret})(x);
        std::vector<int64_t> got = download(o);
        for (int64_t i = 0; i < (int64_t)got.size(); ++i)
          ASSERT_EQ(got[i], a[c.at(i / c.out[1], i % c.out[1])]) << i;
      }
    }
  }
}

TEST(IntegerDtype, OneRowWindows) {
  // One row of a packed Ref: a load unpacks the rows around it, a store
  // packs the row and writes its half or byte of one sublane.
  for (DType d : kDtypes) {
    std::vector<int64_t> a = operand(d, 0);
    Array x = upload(d, a);
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(name(d) + (interpret ? " interpreted" : " compiled"));
      Array o = pl::pallas_call(
          [](Ref x, Ref o) {
            o[___] = x[___];
            o[pl::ds(5, 1)] = x[pl::ds(17, 1)];
          },
          {.out_shape = ShapeDtypeStruct{{kR, kC}, d}, .interpret = interpret})(x);
      std::vector<int64_t> got = download(o);
      for (int64_t i = 0; i < kN; ++i)
        ASSERT_EQ(got[i], i / kC == 5 ? a[17 * kC + i % kC] : a[i]) << i;
    }
  }
}

TEST(IntegerDtype, MaskedStoresOfPackedDtypes) {
  // pltpu::store(ref, v, mask) into 16- and 8-bit Refs: vst.bmsk of the
  // packed mask's bytes; the other elements keep the Ref's (here x's).
  for (DType d : {DType::int16, DType::uint8, DType::uint16, DType::int8, DType::uint32}) {
    for (int64_t cols : {int64_t{256}, int64_t{200}}) {
      std::vector<int64_t> a(kR * cols), b(kR * cols);
      for (int64_t i = 0; i < kR * cols; ++i) {
        a[i] = wrap(d, i * 5 + 1);
        b[i] = wrap(d, i * 3 + 7);
      }
      std::vector<uint32_t> wa(a.begin(), a.end()), wb(b.begin(), b.end());
      Array x = Array::from_u32(wa, {kR, cols}, d), y = Array::from_u32(wb, {kR, cols}, d);
      for (bool interpret : {false, true}) {
        SCOPED_TRACE(name(d) + " [32, " + std::to_string(cols) + "]" +
                     (interpret ? " interpreted" : " compiled"));
        Array o = pl::pallas_call(
            [](Ref x, Ref y, Ref o) {
              o[___] = x[___];
              Value v = y[___];
              Shape s = v.shape();
              Value r = lax::broadcasted_iota(DType::int32, s, 0);
              Value c = lax::broadcasted_iota(DType::int32, s, 1);
              pltpu::store(o, v, (r + c) % 3 == 0);
            },
            {.out_shape = ShapeDtypeStruct{{kR, cols}, d}, .interpret = interpret})(x, y);
        std::vector<int64_t> got = download(o);
        for (int64_t i = 0; i < kR * cols; ++i)
          ASSERT_EQ(got[i], (i / cols + i % cols) % 3 == 0 ? b[i] : a[i]) << i;
      }
    }
  }
  // bf16 alike (the values exact in bf16).
  std::vector<float> fa(kR * kC), fb(kR * kC);
  for (int64_t i = 0; i < kR * kC; ++i) {
    fa[i] = (float)(i % 251);
    fb[i] = -(float)(i % 239);
  }
  Array x = Array::from_f32(fa, {kR, kC}, DType::bfloat16),
        y = Array::from_f32(fb, {kR, kC}, DType::bfloat16);
  for (bool interpret : {false, true}) {
    Array o = pl::pallas_call(
        [](Ref x, Ref y, Ref o) {
          o[___] = x[___];
          pltpu::store(o, y[___], lax::broadcasted_iota(DType::int32, {kR, kC}, 0) > 12);
        },
        {.out_shape = ShapeDtypeStruct{{kR, kC}, DType::bfloat16}, .interpret = interpret})(x, y);
    std::vector<float> got = o.to_f32();
    for (int64_t i = 0; i < kR * kC; ++i)
      ASSERT_EQ(got[i], i / kC > 12 ? fb[i] : fa[i]) << i << (interpret ? " interpreted" : "");
  }
}

TEST(IntegerDtype, Uint32Scalars) {
  // uint32 scalar prefetch and SMEM scratch: the scalar unit's unsigned
  // division (sdiv.u32, srem.u32), logical shifts, unsigned compares and
  // extrema, conversions to and from f32, each result broadcast into a row.
  const uint32_t kA = 0xfffffff0u, kB = 7u, kC = 0x80000001u;
  Array s = Array::from_u32({kA, kB, kC, 3u}, {4});
  std::vector<uint32_t> want = {
      kA / kB,
      kA % kB,
      kA >> 4,
      kA > kC ? 1u : 0u,
      std::max(kA, kC),
      vmath::f32ToU32(vmath::u32ToF32(kA)),  // 2^32 saturates
      kA + kB * 3u,                          // wraps
      vmath::f32ToU32(1.5e9f) + (kC < kB ? 1u : 0u)};
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{8, 128}, DType::uint32},
         .scratch_types = {pltpu::SMEM({2}, DType::uint32),
                           pltpu::VMEM({8, 128}, DType::uint32), pltpu::SemaphoreType::DMA},
         .num_scalar_prefetch = 1,
         .interpret = interpret},
        [](Ref s, Ref o_hbm, Ref t, Ref o, Ref sem) {
          Scalar a = s[0], b = s[1], c = s[2];
          t[0] = b * 3;
          Scalar f = Scalar(s[3]).astype(DType::float32) * 5.0e8;  // 1.5e9
          Scalar rows[] = {a / b,
                           a % b,
                           a >> 4,
                           (a > c).astype(DType::uint32),
                           jnp::maximum(a, c),
                           a.astype(DType::float32).astype(DType::uint32),
                           a + t[0],
                           f.astype(DType::uint32) + (c < b).astype(DType::uint32)};
          for (int r = 0; r < 8; ++r)
            o[pl::ds(r, 1)] = jnp::full({1, 128}, rows[r], DType::uint32);
          pltpu::async_copy(o, o_hbm, sem).wait();
        });
    std::vector<uint32_t> got = k(s).to_u32();
    for (int r = 0; r < 8; ++r)
      EXPECT_EQ(got[r * 128 + 77], want[r]) << "row " << r;
  }
}

TEST(IntegerDtype, RefBitcast) {
  // x_ref.bitcast(dt): the same VMEM as another dtype. f32 bits read as
  // uint32 and as bf16 (two rows per word), written back through an int16
  // view of a window; uint32 <-> int32 is the Ref itself.
  std::vector<float> xs(32 * 128);
  for (int64_t i = 0; i < 32 * 128; ++i)
    xs[i] = (float)(i % 97) * 0.75f - 20.0f;
  Array x = Array::from_f32(xs, {32, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = {ShapeDtypeStruct{{32, 128}, DType::uint32},
                      ShapeDtypeStruct{{32, 128}, DType::float32}},
         .scratch_types = {pltpu::VMEM({32, 128}, DType::float32),
                           pltpu::VMEM({32, 128}, DType::uint32), pltpu::SemaphoreType::DMA},
         .interpret = interpret},
        [](Ref x_hbm, Ref bits_hbm, Ref y_hbm, Ref buf, Ref bits, Ref sem) {
          pltpu::async_copy(x_hbm, buf, sem).wait();
          bits[___] = buf.bitcast(DType::uint32)[___] ^ 0x80000000u;  // -x, as bits
          Value halves = buf.at(pl::ds(8, 8)).bitcast(DType::bfloat16)[___];  // [16, 128]
          buf.at(pl::ds(16, 8)).bitcast(DType::int16)[___] =
              pltpu::bitcast(halves, DType::int16);  // rows 8..15 copied to 16..23
          bits.bitcast(DType::int32)[pl::ds(0, 8)] = bits.bitcast(DType::int32)[pl::ds(0, 8)];
          pltpu::async_copy(bits, bits_hbm, sem).wait();
          pltpu::async_copy(buf, y_hbm, sem).wait();
        });
    std::vector<Array> out = k.call({x});
    std::vector<uint32_t> gotBits = out[0].to_u32();
    std::vector<float> y = out[1].to_f32();
    for (int64_t i = 0; i < 32 * 128; ++i) {
      ASSERT_EQ(gotBits[i], std::bit_cast<uint32_t>(xs[i]) ^ 0x80000000u) << i;
      int64_t r = i / 128;
      ASSERT_EQ(y[i], r >= 16 && r < 24 ? xs[i - 8 * 128] : xs[i]) << i;
    }
  }
  // A window of a bitcast Ref is an error at the line.
  auto message = [&](auto body) {
    try {
      pl::kernel({.out_type = ShapeDtypeStruct{{32, 128}, DType::float32},
                  .scratch_types = {pltpu::VMEM({32, 128}, DType::float32),
                                    pltpu::SemaphoreType::DMA}},
                 body)(x);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_THAT(message([](Ref, Ref, Ref buf, Ref) {
                Value v = buf.bitcast(DType::bfloat16)[pl::ds(0, 16)];
                (void)v;
              }),
              testing::HasSubstr("take the window before the bitcast"));
  // DMAs of bitcast Refs: tests/dsl/RefDmaTest.cpp.
}

TEST(IntegerDtype, ComposedOps) {
  // The functions JAX composes, on the new dtypes: floor division and
  // Python's remainder (unsigned: plain / and %), clip, argmax, cumsum (in
  // int32 / uint32), and isfinite.
  for (DType d : kDtypes) {
    std::vector<int64_t> a = operand(d, 0), b = operand(d, 1);
    Array x = upload(d, a), y = upload(d, b);
    IntRange r = integerRange(d);
    auto floorDiv = [&](int64_t p, int64_t q) -> int64_t {
      if (q == 0)
        return r.hi;  // unsigned: XLA's x / 0, all ones
      int64_t t = p / q;
      return (p % q != 0 && ((p < 0) != (q < 0))) ? t - 1 : t;
    };
    expectKernel({x, y}, d,
                 [](const std::vector<Value> &v) { return jnp::floor_divide(v[0], v[1]); },
                 [&](int64_t i) {
                   if (b[i] == 0 && !isUnsigned(d))  // XLA's -1, less 1 where x != 0 (JAX)
                     return int64_t{a[i] != 0 ? -2 : -1};
                   return wrap(d, floorDiv(a[i], b[i]));
                 },
                 name(d) + " floor_divide");
    expectKernel({x, y}, d,
                 [](const std::vector<Value> &v) { return jnp::remainder(v[0], v[1]); },
                 [&](int64_t i) -> int64_t {
                   if (b[i] == 0)
                     return 0;
                   int64_t m = a[i] % b[i];
                   return m != 0 && ((m < 0) != (b[i] < 0)) ? m + b[i] : m;
                 },
                 name(d) + " remainder");
    expectKernel({x}, d, [](const std::vector<Value> &v) { return jnp::clip(v[0], 3, 100); },
                 [&](int64_t i) { return std::clamp<int64_t>(a[i], 3, 100); },
                 name(d) + " clip");
    DType sumDtype = isUnsigned(d) ? DType::uint32 : DType::int32;
    expectKernel({x}, sumDtype, [](const std::vector<Value> &v) { return jnp::cumsum(v[0], 0); },
                 [&](int64_t i) {
                   int64_t acc = 0;
                   for (int64_t row = 0; row <= i / kC; ++row)
                     acc += a[row * kC + i % kC];
                   return wrap(sumDtype, acc);
                 },
                 name(d) + " cumsum");
    expectKernel({x}, DType::int32,
                 [](const std::vector<Value> &v) {
                   return jnp::broadcast_to(jnp::argmax(v[0], 1, true), {kR, kC});
                 },
                 [&](int64_t i) {
                   int64_t row = i / kC, best = 0;
                   for (int64_t c = 1; c < kC; ++c)
                     if (a[row * kC + c] > a[row * kC + best])
                       best = c;
                   return best;
                 },
                 name(d) + " argmax");
    // take_along_axis: indices outside the axis give JAX's fill (the largest
    // value of an unsigned dtype, the most negative of a signed one).
    std::vector<int32_t> idx(kN);
    for (int64_t i = 0; i < kN; ++i)
      idx[i] = (int32_t)((i * 7) % (kC + 20)) - 10;  // some outside [-kC, kC)
    Array ix = Array::from_s32(idx, {kR, kC});
    expectKernel({x, ix}, d,
                 [](const std::vector<Value> &v) { return jnp::take_along_axis(v[0], v[1], 1); },
                 [&](int64_t i) {
                   int64_t j = idx[i] < 0 ? idx[i] + kC : idx[i];
                   if (j < 0 || j >= kC)
                     return isUnsigned(d) ? r.hi : r.lo;
                   return a[i / kC * kC + j];
                 },
                 name(d) + " take_along_axis");
  }
}

TEST(IntegerDtype, HostArrays) {
  Array a = Array::from_s32({-1, 65535, 70000, -40000}, {4}, DType::uint16);
  EXPECT_THAT(a.to_s32(), testing::ElementsAre(65535, 65535, 4464, 25536));
  EXPECT_THAT(a.to_u32(), testing::ElementsAre(65535u, 65535u, 4464u, 25536u));
  Array b = Array::from_u32({0xffffffffu, 0x80000000u}, {2}, DType::uint32);
  EXPECT_THAT(b.to_u32(), testing::ElementsAre(0xffffffffu, 0x80000000u));
  EXPECT_THROW(b.to_s32(), Error);
  Array c = Array::from_s32({-129, 128, 255}, {3}, DType::uint8);
  EXPECT_THAT(c.to_u32(), testing::ElementsAre(127u, 128u, 255u));
  Array s = Array::from_s32({-32769, 32768, -5}, {3}, DType::int16);
  EXPECT_THAT(s.to_s32(), testing::ElementsAre(32767, -32768, -5));
  EXPECT_EQ(to_string(s.aval()), "s16[3]");
}

TEST(BoolArray, BlocksInAndOut) {
  // A bool mask pipelined in (16, 128) blocks selects x; a second output is
  // the bool x > 0; an SMEM bool flag (scalar prefetch) turns the select
  // off for one block row.
  constexpr int64_t R = 64, C = 256;
  std::vector<float> xs(R * C);
  std::vector<int32_t> ms(R * C);
  for (int64_t i = 0; i < R * C; ++i) {
    xs[i] = (float)((i * 37) % 19) - 9.0f;
    ms[i] = (i * 7 / 3) % 5 == 0 ? 1 : 0;
  }
  Array x = Array::from_f32(xs, {R, C});
  Array m = Array::from_s32(ms, {R, C}, DType::bool_);
  Array flags = Array::from_s32({1, 0, 1, 1}, {4}, DType::bool_);
  auto block = [](Scalar i, Scalar j, Ref) { return std::tuple{i, j}; };
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto call = pl::pallas_call(
        [](Ref flag, Ref x, Ref m, Ref o, Ref pos) {
          Scalar on = flag[pl::program_id(0)];
          Value v = x[___];
          o[___] = v;
          pl::when(on, [&] { o[___] = jnp::where(m[___], v, 0.0f); });
          pos[___] = v > 0;
        },
        {.out_shape = {ShapeDtypeStruct{{R, C}, DType::float32},
                       ShapeDtypeStruct{{R, C}, DType::bool_}},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {R / 16, C / 128},
             .in_specs = {pl::BlockSpec({16, 128}, block), pl::BlockSpec({16, 128}, block)},
             .out_specs = {pl::BlockSpec({16, 128}, block), pl::BlockSpec({16, 128}, block)}},
         .interpret = interpret});
    std::vector<Array> out = call.call({flags, x, m});
    ASSERT_EQ(out[1].dtype(), DType::bool_);
    std::vector<float> o = out[0].to_f32();
    std::vector<int32_t> pos = out[1].to_s32();
    for (int64_t i = 0; i < R * C; ++i) {
      bool on = i / C / 16 != 1;
      ASSERT_EQ(o[i], on && !ms[i] ? 0.0f : xs[i]) << i;
      ASSERT_EQ(pos[i], xs[i] > 0) << i;
    }
  }
}

TEST(BoolArray, ScratchAndScalarStores) {
  // A bool VMEM scratch written and read back, and a bool SMEM scratch
  // written one scalar at a time and read as predicates.
  Array x = Array::from_f32(std::vector<float>(8 * 128, 2.0f), {8, 128});
  Array vals = Array::from_s32({5, 9}, {2});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
         .scratch_types = {pltpu::SMEM({2}, DType::bool_), pltpu::VMEM({8, 128}, DType::bool_),
                           pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
         .num_scalar_prefetch = 1,
         .interpret = interpret},
        [](Ref vals, Ref x_hbm, Ref o_hbm, Ref flags, Ref mask, Ref buf, Ref sem) {
          pltpu::async_copy(x_hbm, buf, sem).wait();
          flags[0] = vals[0] < vals[1];
          flags[1] = vals[0] == vals[1];
          Value v = buf[___];
          mask[___] = lax::broadcasted_iota(DType::int32, {8, 128}, 1) < 3;
          pl::when(flags[0], [&] { buf[___] = jnp::where(mask[___], v, -v); });
          pl::when(flags[1], [&] { buf[___] = jnp::full({8, 128}, 100.0f); });
          pltpu::async_copy(buf, o_hbm, sem).wait();
        });
    std::vector<float> o = k(vals, x).to_f32();
    for (int64_t i = 0; i < 8 * 128; ++i)
      ASSERT_EQ(o[i], i % 128 < 3 ? 2.0f : -2.0f) << i;
  }
}

}  // namespace
}  // namespace tessera
