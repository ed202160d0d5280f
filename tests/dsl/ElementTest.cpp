//===- ElementTest.cpp - One element of a value or a Ref as a Scalar -------===//
//
// `v(i, j)` of a value and `x_ref(i, j)` of a VMEM or SMEM Ref (Pallas'
// `v[0, 0]`, `x_ref[i, j]`): every dtype, ranks 2 to 4, static and run-time
// indices, element writes; windows of values (lax::slice, dynamic_slice,
// dynamic_update_slice); compiled and interpreted against the host; the
// errors at the user's line.
//
//===----------------------------------------------------------------------===//
#include <bit>
#include <cmath>
#include <algorithm>
#include <array>
#include <functional>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "DslTestUtil.h"
#include "dsl/tessera.h"

namespace tessera {
namespace {

constexpr int64_t kR = 32, kC = 256;

/// Distinct words of `d` for element e (negatives, large, fractional).
uint32_t wordAt(DType d, int64_t e) {
  int64_t v = (e * 7919 + 13) % 2000 - 1000;
  switch (d) {
  case DType::float32: return std::bit_cast<uint32_t>((float)v * 0.37f);
  case DType::bfloat16: return std::bit_cast<uint32_t>((float)(v % 200));  // exact in bf16
  case DType::bool_: return (uint32_t)(e % 3 == 0);
  default: return wrapToWord(d, v * 40503);
  }
}

Array input(DType d, const Shape &shape) {
  std::vector<uint32_t> w(numElements(shape));
  for (size_t e = 0; e < w.size(); ++e)
    w[e] = wordAt(d, (int64_t)e);
  if (d == DType::float32 || d == DType::bfloat16) {
    std::vector<float> f(w.size());
    for (size_t e = 0; e < w.size(); ++e)
      f[e] = std::bit_cast<float>(w[e]);
    return Array::from_f32(f, shape, d);
  }
  if (d == DType::bool_) {
    std::vector<int32_t> b(w.begin(), w.end());
    return Array::from_s32(b, shape, d);
  }
  return Array::from_u32(w, shape, d);
}

/// The element's value as the Scalar holds it: f32 bits, or the integer
/// sign- or zero-extended to 32 bits, or 0 / 1.
uint32_t scalarWord(DType d, int64_t e) {
  uint32_t w = wordAt(d, e);
  if (d == DType::float32 || d == DType::bfloat16 || d == DType::bool_)
    return w;
  return elementWordOf(d, w);
}

/// The Scalar's dtype for elements of `d`.
DType scalarDtype(DType d) {
  if (d == DType::float32 || d == DType::bfloat16)
    return DType::float32;
  if (d == DType::bool_)
    return d;
  return isUnsigned(d) ? DType::uint32 : DType::int32;
}

/// Each word of an f32 / int32 / uint32 / bool output.
std::vector<uint32_t> words(const Array &a) {
  std::vector<uint32_t> out;
  if (a.dtype() == DType::float32)
    for (float f : a.to_f32())
      out.push_back(std::bit_cast<uint32_t>(f));
  else if (a.dtype() == DType::uint32)
    out = a.to_u32();
  else
    for (int32_t i : a.to_s32())
      out.push_back((uint32_t)i);
  return out;
}

/// An [8, 128] block of Scalar `s` (a bool as int32 0 / 1).
Value splat(const Scalar &s) {
  Value v = jnp::full({8, 128}, s);
  return s.dtype() == DType::bool_ ? v.astype(DType::int32) : v;
}

DType splatDtype(DType d) {
  DType s = scalarDtype(d);
  return s == DType::bool_ ? DType::int32 : s;
}

constexpr DType kDtypes[] = {DType::float32, DType::bfloat16, DType::int32,  DType::int16,
                             DType::int8,    DType::uint32,   DType::uint16, DType::uint8,
                             DType::bool_};

TEST(Element, OfAValueEveryDtype) {
  // Elements in the first tile, past the first 128 lanes, in the last rows.
  const std::pair<int64_t, int64_t> at[] = {{0, 0}, {3, 130}, {kR - 1, kC - 1}, {17, 77}};
  for (DType d : kDtypes)
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(d) + (interpret ? " interpreted" : " compiled"));
      Array x = input(d, {kR, kC});
      std::vector<uint32_t> got;
      auto f = pl::pallas_call(
          [&](Ref x_ref, Ref o_ref) {
            Value v = x_ref[___];
            for (size_t k = 0; k < std::size(at); ++k)
              o_ref[pl::ds(8 * (int64_t)k, 8)] = splat(v(at[k].first, at[k].second));
          },
          {.out_shape = ShapeDtypeStruct{{8 * (int64_t)std::size(at), 128}, splatDtype(d)},
           .interpret = interpret});
      got = words(f(x));
      for (size_t k = 0; k < std::size(at); ++k)
        ASSERT_EQ(got[k * 8 * 128 + 5], scalarWord(d, at[k].first * kC + at[k].second))
            << "element (" << at[k].first << ", " << at[k].second << ")";
    }
}

TEST(Element, ScalarIsUsableOnTheScalarUnit) {
  // The element drives a loop bound and scalar arithmetic.
  for (bool interpret : {false, true}) {
    std::vector<int32_t> data(8 * 128);
    for (size_t e = 0; e < data.size(); ++e)
      data[e] = (int32_t)e % 11;
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Value v = x_ref[___];
          Scalar n = v(0, 5);  // 5
          Scalar acc = lax::fori_loop(0, n, [&](Scalar i, Scalar a) { return a + i * v(1, 0); },
                                      Scalar(v(0, 2)));
          o_ref[___] = jnp::full({8, 128}, acc);
        },
        {.out_shape = ShapeDtypeStruct{{8, 128}, DType::int32}, .interpret = interpret});
    // v(1, 0) = 128 % 11 = 7; 2 + 7 * (0 + 1 + 2 + 3 + 4) = 72.
    EXPECT_EQ(f(Array::from_s32(data, {8, 128})).to_s32()[0], 72) << interpret;
  }
}

TEST(Element, OfRank3And4Values) {
  for (bool interpret : {false, true}) {
    Array x = input(DType::float32, {2, 3, 8, 128});
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Value v = x_ref[___];
          o_ref[pl::ds(0, 8)] = splat(v(1, 2, 7, 100));
          o_ref[pl::ds(8, 8)] = splat(jnp::sum(v, 0)(2, 3, 4));
        },
        {.out_shape = ShapeDtypeStruct{{16, 128}, DType::float32}, .interpret = interpret});
    std::vector<float> got = f(x).to_f32(), in = x.to_f32();
    EXPECT_EQ(got[0], in[(1 * 3 + 2) * 1024 + 7 * 128 + 100]) << interpret;
    EXPECT_EQ(got[8 * 128], in[2 * 1024 + 3 * 128 + 4] + in[(3 + 2) * 1024 + 3 * 128 + 4])
        << interpret;
  }
}

/// A kernel reading x_ref(i, j) of a VMEM block at run-time indices from
/// scalar prefetch `ij` (pairs), one [8, 128] output block per pair.
std::vector<uint32_t> readAt(const Array &x, const std::vector<int32_t> &ij, bool runtimeRow,
                             bool runtimeCol, bool interpret) {
  int64_t n = (int64_t)ij.size() / 2;
  DType d = x.dtype();
  auto f = pl::pallas_call(
      [&](Ref idx, Ref x_ref, Ref o_ref) {
        for (int64_t k = 0; k < n; ++k) {
          Index i = runtimeRow ? Index(Scalar(idx[2 * k])) : Index(ij[2 * k]);
          Index j = runtimeCol ? Index(Scalar(idx[2 * k + 1])) : Index(ij[2 * k + 1]);
          o_ref[pl::ds(8 * k, 8)] = splat(x_ref(i, j));
        }
      },
      {.out_shape = ShapeDtypeStruct{{8 * n, 128}, splatDtype(d)},
       .grid_spec = pltpu::PrefetchScalarGridSpec{
           .num_scalar_prefetch = 1,
           .grid = {1},
           .in_specs = {pl::BlockSpec({x.shape()[0], x.shape()[1]},
                                      [](Scalar, Ref) { return std::tuple{0, 0}; })},
           .out_specs = {pl::BlockSpec({8 * n, 128}, [](Scalar, Ref) { return std::tuple{0, 0}; })}},
       .interpret = interpret});
  std::vector<uint32_t> all = words(f(Array::from_s32(ij, {(int64_t)ij.size()}), x));
  std::vector<uint32_t> out;
  for (int64_t k = 0; k < n; ++k)
    out.push_back(all[k * 8 * 128 + 9]);
  return out;
}

TEST(Element, OfAVmemRefStaticAndRuntimeIndices) {
  const std::vector<int32_t> ij = {0, 0, 5, 200, 31, 255, 8, 128, 13, 1};
  for (DType d : kDtypes)
    for (int mode = 0; mode < 4; ++mode)
      for (bool interpret : {false, true}) {
        bool row = mode & 1, col = mode & 2;
        SCOPED_TRACE(to_string(d) + (row ? " run-time row" : "") + (col ? " run-time column" : "") +
                     (interpret ? " interpreted" : " compiled"));
        std::vector<uint32_t> got;
        try {
          got = readAt(input(d, {kR, kC}), ij, row, col, interpret);
        } catch (const Error &e) {
          FAIL() << e.what();
        }
        for (size_t k = 0; k < got.size(); ++k)
          ASSERT_EQ(got[k], scalarWord(d, ij[2 * k] * kC + ij[2 * k + 1])) << "pair " << k;
      }
}

TEST(Element, OfPaddedAndOneColumnRefs) {
  // f32[3, 5] (padded tiles), [12, 1] (one column), [1, 300] (one row).
  for (Shape shape : {Shape{3, 5}, Shape{12, 1}, Shape{1, 300}})
    for (bool interpret : {false, true}) {
      Array x = input(DType::float32, shape);
      int64_t i = shape[0] - 1, j = shape[1] - 1;
      for (bool runtime : {false, true}) {
        std::vector<uint32_t> got = readAt(x, {(int32_t)i, (int32_t)j}, runtime, runtime,
                                           interpret);
        EXPECT_EQ(got[0], scalarWord(DType::float32, i * shape[1] + j))
            << to_string(shape) << (runtime ? " run-time" : "") << (interpret ? " interpreted" : "");
      }
    }
}

TEST(Element, OfARank3VmemRef) {
  for (bool interpret : {false, true}) {
    Array x = input(DType::int32, {4, 8, 128});
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Scalar a = pl::program_id(0) + 2;  // 2, a run-time leading index
          o_ref[pl::ds(0, 8)] = splat(x_ref(a, 7, 127));
          o_ref[pl::ds(8, 8)] = splat(x_ref(1, 0, 3));
        },
        {.out_shape = ShapeDtypeStruct{{16, 128}, DType::int32}, .grid = {1},
         .in_specs = {pl::BlockSpec({4, 8, 128}, [](Scalar) { return std::tuple{0, 0, 0}; })},
         .out_specs = {pl::BlockSpec({16, 128}, [](Scalar) { return std::tuple{0, 0}; })},
         .interpret = interpret});
    std::vector<int32_t> got = f(x).to_s32(), in = x.to_s32();
    EXPECT_EQ(got[0], in[2 * 1024 + 7 * 128 + 127]) << interpret;
    EXPECT_EQ(got[8 * 128], in[1024 + 3]) << interpret;
  }
}

TEST(Element, WritesIntoAVmemRef) {
  // o = x, then o(i, j) = x(i, j) * 2 + 1 at static and run-time places;
  // every other element stays.
  const std::vector<int32_t> ij = {0, 0, 5, 200, 31, 255, 9, 3};
  for (DType d : {DType::float32, DType::int32, DType::bfloat16, DType::int8, DType::uint16})
    for (bool runtime : {false, true})
      for (bool interpret : {false, true}) {
        SCOPED_TRACE(to_string(d) + (runtime ? " run-time" : "") +
                     (interpret ? " interpreted" : " compiled"));
        Array x = input(d, {kR, kC});
        auto f = pl::pallas_call(
            [&](Ref idx, Ref x_ref, Ref o_ref) {
              o_ref[___] = x_ref[___];
              for (size_t k = 0; k < ij.size() / 2; ++k) {
                Index i = runtime ? Index(Scalar(idx[2 * k])) : Index(ij[2 * k]);
                Index j = runtime ? Index(Scalar(idx[2 * k + 1])) : Index(ij[2 * k + 1]);
                Scalar s = x_ref(i, j);
                o_ref(i, j) = s * 2 + 1;
              }
            },
            {.out_shape = ShapeDtypeStruct{{kR, kC}, d},
             .grid_spec = pltpu::PrefetchScalarGridSpec{
                 .num_scalar_prefetch = 1,
                 .grid = {1},
                 .in_specs = {pl::BlockSpec({kR, kC}, [](Scalar, Ref) { return std::tuple{0, 0}; })},
                 .out_specs = {pl::BlockSpec({kR, kC}, [](Scalar, Ref) { return std::tuple{0, 0}; })}},
             .interpret = interpret});
        Array o = f(Array::from_s32(ij, {(int64_t)ij.size()}), x);
        std::vector<float> gotF, inF;
        std::vector<uint32_t> gotW, inW;
        if (isFloat(d)) {
          gotF = o.to_f32();
          inF = x.to_f32();
        } else if (isUnsigned(d)) {
          gotW = o.to_u32();
          inW = x.to_u32();
        } else {
          for (int32_t v : o.to_s32())
            gotW.push_back((uint32_t)v);
          for (int32_t v : x.to_s32())
            inW.push_back((uint32_t)v);
        }
        for (int64_t e = 0; e < kR * kC; ++e) {
          bool written = false;
          for (size_t k = 0; k < ij.size() / 2; ++k)
            written = written || ij[2 * k] * kC + ij[2 * k + 1] == e;
          if (isFloat(d)) {
            float want = written ? inF[e] * 2 + 1 : inF[e];
            if (d == DType::bfloat16)
              want = std::bit_cast<float>(std::bit_cast<uint32_t>(want) & 0xffff0000u) == want
                         ? want
                         : gotF[e];  // the inputs are small integers: exact
            ASSERT_EQ(gotF[e], want) << "element " << e;
          } else {
            uint32_t want = written ? wrapToWord(d, (int64_t)elementWordOf(d, inW[e]) * 2 + 1)
                                    : inW[e];
            ASSERT_EQ(wrapToWord(d, gotW[e]), wrapToWord(d, want)) << "element " << e;
          }
        }
      }
}

TEST(Element, TwoDimensionalSmemScratch) {
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref o_ref, Ref s) {
          for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 5; ++j)
              s(i, j) = i * 10 + j;
          Scalar i = pl::program_id(0) + 2;
          Scalar sum = s(i, 4) + s(1, i);  // 24 + 12
          o_ref[___] = jnp::full({8, 128}, sum);
        },
        {.out_shape = ShapeDtypeStruct{{8, 128}, DType::int32}, .grid = {1},
         .out_specs = {pl::BlockSpec({8, 128}, [](Scalar) { return std::tuple{0, 0}; })},
         .scratch_shapes = {pltpu::SMEM({3, 5}, DType::int32)},
         .interpret = interpret});
    EXPECT_EQ(f().to_s32()[0], 36) << interpret;
  }
}

TEST(Element, Errors) {
  auto run = [](std::function<void(Ref, Ref)> body, bool interpret = false) {
    pl::pallas_call([body](Ref x, Ref o) { body(x, o); },
                    {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32},
                     .grid = {1},
                     .in_specs = {pl::BlockSpec({8, 128}, [](Scalar) { return std::tuple{0, 0}; })},
                     .out_specs = {pl::BlockSpec({8, 128}, [](Scalar) { return std::tuple{0, 0}; })},
                     .interpret = interpret})(input(DType::float32, {8, 128}));
  };
  auto expectError = [&](std::function<void(Ref, Ref)> body, const std::string &text) {
    for (bool interpret : {false, true})
      try {
        run(body, interpret);
        ADD_FAILURE() << "no error; expected: " << text;
      } catch (const Error &e) {
        EXPECT_THAT(e.what(), testing::HasSubstr(text)) << interpret;
        EXPECT_THAT(e.what(), testing::HasSubstr("ElementTest.cpp")) << interpret;
      }
  };
  expectError([](Ref x, Ref) { Value v = x[___]; (void)v(8, 0); },
              "index 8 of dimension 0 of a value of shape [8, 128] is outside [0, 8)");
  expectError([](Ref x, Ref) { Value v = x[___]; (void)v(0, 0, 0); },
              "a value of shape [8, 128] needs one index per dimension (2), not 3");
  expectError([](Ref x, Ref) { Value v = x[___]; (void)v(pl::program_id(0), 0); },
              "a run-time index of a value (dimension 0)");
  expectError([](Ref x, Ref) { (void)x(0, 128); },
              "index 128 of dimension 1 of Ref 'in0_blocks' is outside [0, 128)");
  expectError([](Ref x, Ref) { (void)x(Scalar(pl::program_id(0)).astype(DType::float32), 0); },
              "an index must be an int32 scalar, not f32");
  expectError([](Ref x, Ref o) { o(0, 0) = x(0, 0).astype(DType::int32); },
              "cannot store a s32 scalar into Ref 'out0_blocks' of dtype f32");
  // A run-time column outside the Ref: the run-time check, in both modes.
  expectError([](Ref x, Ref o) { o[___] = jnp::full({8, 128}, x(0, pl::program_id(0) + 128)); },
              "column 128 of Ref 'in0_blocks' is outside [0, 128)");
}

TEST(Element, PackedRowOutsideTheRefIsARunTimeError) {
  // A packed row at a run-time place reads its aligned tile of rows, which
  // is inside the Ref whatever the row: the row itself is checked.
  for (bool interpret : {false, true})
    for (int32_t row : {-1, 32}) {
      try {
        readAt(input(DType::bfloat16, {kR, kC}), {row, 3}, /*runtimeRow=*/true,
               /*runtimeCol=*/false, interpret);
        ADD_FAILURE() << "no error for row " << row;
      } catch (const Error &e) {
        EXPECT_THAT(e.what(), testing::HasSubstr("row " + std::to_string(row) +
                                                 " of Ref 'in1_blocks' is outside [0, 32)"))
            << interpret;
      }
    }
}

TEST(Element, HbmRefIsAnError) {
  try {
    pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::float32}, .name = "hbm_elem"},
               [](Ref x, Ref o) { (void)x(0, 0); })(input(DType::float32, {8, 128}));
    ADD_FAILURE() << "no error";
  } catch (const Error &e) {
    EXPECT_THAT(e.what(), testing::HasSubstr("only SMEM and VMEM Refs are read one element at a "
                                             "time"));
  }
}

/// The window [r0, r0 + r) x [c0, c0 + c) of a row-major [R, C] array.
std::vector<float> window(const std::vector<float> &x, int64_t C, int64_t r0, int64_t c0,
                          int64_t r, int64_t c) {
  std::vector<float> out;
  for (int64_t i = 0; i < r; ++i)
    for (int64_t j = 0; j < c; ++j)
      out.push_back(x[(r0 + i) * C + c0 + j]);
  return out;
}

std::vector<float> floats(int64_t n, int seed) {
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = (float)((i * 7919 + seed * 131) % 1999 - 999);
  return x;
}

TEST(ValueSlice, StaticWindows) {
  struct Case {
    int64_t r0, c0, r, c;
  };
  const Case cases[] = {{0, 0, 8, 128},  {8, 128, 24, 128}, {3, 5, 17, 195},
                        {13, 0, 1, 256}, {0, 0, 32, 256},   {16, 0, 3, 7}};
  for (DType d : {DType::float32, DType::bfloat16}) {
    Array in = Array::from_f32(floats(32 * 256, 1), {32, 256}, d);
    std::vector<float> x = in.to_f32();
    for (const Case &k : cases)
      for (bool interpret : {false, true}) {
        SCOPED_TRACE(to_string(d) + " window at (" + std::to_string(k.r0) + ", " +
                     std::to_string(k.c0) + ") of " + std::to_string(k.r) + "x" +
                     std::to_string(k.c) + (interpret ? " interpreted" : " compiled"));
        auto f = pl::pallas_call(
            [k](Ref x_ref, Ref o_ref) {
              o_ref[___] = lax::slice(x_ref[___], {k.r0, k.c0}, {k.r0 + k.r, k.c0 + k.c});
            },
            {.out_shape = ShapeDtypeStruct{{k.r, k.c}, d}, .interpret = interpret});
        EXPECT_EQ(f(in).to_f32(), window(x, 256, k.r0, k.c0, k.r, k.c));
      }
  }
}

TEST(ValueSlice, OneColumnWindows) {
  // A window of one column (held replicated over the lanes): the masked
  // lane maximum of its rows, every bit kept (NaN, -0, the extremes), of
  // f32, bf16, int32, uint32 and bool values, at columns in the first and
  // a later tile and rows at and inside tiles; both modes.
  std::vector<float> x = floats(16 * 256, 3);
  x[5 * 256 + 200] = -0.0f;
  x[9 * 256 + 200] = std::nanf("");
  x[2 * 256 + 7] = -INFINITY;
  struct Case {
    int64_t r0, r, c;
  };
  for (Case k : {Case{0, 16, 7}, Case{3, 9, 200}, Case{8, 8, 255}, Case{9, 1, 200}})
    for (DType d : {DType::float32, DType::bfloat16, DType::int32, DType::uint32, DType::bool_})
      for (bool interpret : {false, true}) {
        SCOPED_TRACE(to_string(d) + " column " + std::to_string(k.c) + " rows " +
                     std::to_string(k.r0) + "+" + std::to_string(k.r) +
                     (interpret ? " interpreted" : " compiled"));
        std::vector<int32_t> ints;
        for (float v : x)
          ints.push_back(std::isfinite(v) ? (int32_t)v * 65537 : INT32_MIN);
        Array in = d == DType::float32 || d == DType::bfloat16 ? Array::from_f32(x, {16, 256}, d)
                   : d == DType::uint32
                       ? Array::from_u32(std::vector<uint32_t>(ints.begin(), ints.end()), {16, 256})
                   : d == DType::bool_ ? Array::from_s32([&] {
                       std::vector<int32_t> b;
                       for (int32_t v : ints)
                         b.push_back(v > 0);
                       return b;
                     }(), {16, 256}, DType::bool_)
                                       : Array::from_s32(ints, {16, 256});
        auto bits = [&](const Array &a) {
          std::vector<uint32_t> out;
          if (d == DType::float32 || d == DType::bfloat16)
            for (float v : a.to_f32())
              out.push_back(std::bit_cast<uint32_t>(v));
          else if (d == DType::uint32)
            out = a.to_u32();
          else
            for (int32_t v : a.to_s32())
              out.push_back((uint32_t)v);
          return out;
        };
        // (bf16 [R, 1] Refs are not stored yet: its column is stored as f32.)
        DType od = d == DType::bfloat16 ? DType::float32 : d;
        auto f = pl::pallas_call(
            [k, od](Ref x_ref, Ref o_ref) {
              o_ref[___] =
                  lax::slice(x_ref[___], {k.r0, k.c}, {k.r0 + k.r, k.c + 1}).astype(od);
            },
            {.out_shape = ShapeDtypeStruct{{k.r, 1}, od}, .interpret = interpret});
        std::vector<uint32_t> all = bits(in), got = bits(f(in)), want;
        for (int64_t i = 0; i < k.r; ++i)
          want.push_back(all[(k.r0 + i) * 256 + k.c]);
        EXPECT_EQ(got, want);
      }
}

TEST(ValueSlice, OfOnePaddedTile) {
  // f32[5, 100]: both axes one padded tile; the window rolls by gathers.
  std::vector<float> x = floats(5 * 100, 8);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = lax::slice(x_ref[___], {2, 3}, {4, 50}); },
        {.out_shape = ShapeDtypeStruct{{2, 47}, DType::float32}, .interpret = interpret});
    EXPECT_EQ(f(Array::from_f32(x, {5, 100})).to_f32(), window(x, 100, 2, 3, 2, 47)) << interpret;
  }
}

TEST(ValueSlice, DynamicSliceClampsAsJax) {
  // Starts from scalar prefetch: inside, at the end, and past it (clamped).
  const std::vector<std::array<int32_t, 2>> starts = {{5, 70}, {24, 128}, {30, 250}, {-3, 0}};
  std::vector<float> x = floats(32 * 256, 2);
  for (auto [i, j] : starts)
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(i) + ", " + std::to_string(j) +
                   (interpret ? " interpreted" : " compiled"));
      auto f = pl::pallas_call(
          [](Ref idx, Ref x_ref, Ref o_ref) {
            o_ref[___] = lax::dynamic_slice(x_ref[___], {Scalar(idx[0]), Scalar(idx[1])},
                                            {8, 128});
          },
          {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32},
           .grid_spec = pltpu::PrefetchScalarGridSpec{
               .num_scalar_prefetch = 1,
               .grid = {1},
               .in_specs = {pl::BlockSpec({32, 256}, [](Scalar, Ref) { return std::tuple{0, 0}; })},
               .out_specs = {pl::BlockSpec({8, 128}, [](Scalar, Ref) { return std::tuple{0, 0}; })}},
           .interpret = interpret});
      int64_t ci = std::clamp<int64_t>(i, 0, 24), cj = std::clamp<int64_t>(j, 0, 128);
      EXPECT_EQ(f(Array::from_s32({i, j}, {2}), Array::from_f32(x, {32, 256})).to_f32(),
                window(x, 256, ci, cj, 8, 128));
    }
}

TEST(ValueSlice, DynamicUpdateSlice) {
  std::vector<float> x = floats(32 * 256, 3), u = floats(8 * 128, 4);
  const std::vector<std::array<int32_t, 2>> starts = {{5, 70}, {0, 0}, {30, 250}};
  for (auto [i, j] : starts)
    for (bool runtime : {false, true})
      for (bool interpret : {false, true}) {
        SCOPED_TRACE(std::to_string(i) + ", " + std::to_string(j) + (runtime ? " run-time" : "") +
                     (interpret ? " interpreted" : " compiled"));
        auto f = pl::pallas_call(
            [&](Ref idx, Ref x_ref, Ref u_ref, Ref o_ref) {
              Index a = runtime ? Index(Scalar(idx[0])) : Index(i);
              Index b = runtime ? Index(Scalar(idx[1])) : Index(j);
              o_ref[___] = lax::dynamic_update_slice(x_ref[___], u_ref[___], {a, b});
            },
            {.out_shape = ShapeDtypeStruct{{32, 256}, DType::float32},
             .grid_spec = pltpu::PrefetchScalarGridSpec{
                 .num_scalar_prefetch = 1,
                 .grid = {1},
                 .in_specs = {pl::BlockSpec({32, 256}, [](Scalar, Ref) { return std::tuple{0, 0}; }),
                              pl::BlockSpec({8, 128}, [](Scalar, Ref) { return std::tuple{0, 0}; })},
                 .out_specs = {pl::BlockSpec({32, 256}, [](Scalar, Ref) { return std::tuple{0, 0}; })}},
             .interpret = interpret});
        int64_t ci = std::clamp<int64_t>(i, 0, 24), cj = std::clamp<int64_t>(j, 0, 128);
        std::vector<float> want = x;
        for (int64_t r = 0; r < 8; ++r)
          for (int64_t c = 0; c < 128; ++c)
            want[(ci + r) * 256 + cj + c] = u[r * 128 + c];
        EXPECT_EQ(f(Array::from_s32({i, j}, {2}), Array::from_f32(x, {32, 256}),
                    Array::from_f32(u, {8, 128}))
                      .to_f32(),
                  want);
      }
}

/// jnp::concatenate of operands that are not whole tiles along the axis:
/// f32 shifted into place, bf16 and masks through 32 bits; rows and lanes.
TEST(ValueSlice, UnalignedConcatenate) {
  std::vector<float> a = floats(5 * 200, 9), b = floats(11 * 200, 10);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref a_ref, Ref b_ref, Ref o_ref, Ref p_ref) {
          Value a = a_ref[___], b = b_ref[___];
          o_ref[___] = jnp::concatenate({a, b, a}, 0);
          // bf16 along the lanes, masks along the rows.
          Value ab = a.astype(DType::bfloat16);
          Value lanes = jnp::concatenate({lax::slice(ab, {0, 0}, {5, 77}), ab}, 1);
          Value masks = jnp::concatenate({a > 0, b > 0}, 0);
          p_ref[pl::ds(0, 5)] = lanes.astype(DType::float32);
          p_ref(pl::ds(8, 16), pl::ds(0, 200)) = jnp::where(masks, 1.0, 0.0);
        },
        {.out_shape = {ShapeDtypeStruct{{21, 200}, DType::float32},
                       ShapeDtypeStruct{{24, 277}, DType::float32}},
         .interpret = interpret});
    auto out = f.call({Array::from_f32(a, {5, 200}), Array::from_f32(b, {11, 200})});
    std::vector<float> got = out[0].to_f32(), p = out[1].to_f32();
    std::vector<float> want = a;
    want.insert(want.end(), b.begin(), b.end());
    want.insert(want.end(), a.begin(), a.end());
    EXPECT_EQ(got, want) << interpret;
    std::vector<float> abf = Array::from_f32(a, {5, 200}, DType::bfloat16).to_f32();
    for (int64_t r = 0; r < 5; ++r)
      for (int64_t c = 0; c < 277; ++c)
        ASSERT_EQ(p[r * 277 + c], c < 77 ? abf[r * 200 + c] : abf[r * 200 + c - 77])
            << r << ", " << c << (interpret ? " interpreted" : "");
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t c = 0; c < 200; ++c) {
        float v = r < 5 ? a[r * 200 + c] : b[(r - 5) * 200 + c];
        ASSERT_EQ(p[(8 + r) * 277 + c], v > 0 ? 1.0f : 0.0f) << r << ", " << c;
      }
  }
}

TEST(ValueSlice, OneColumnValuesJoinAlongTheRows) {
  // Columns (held replicated over the lanes) of rows that are not whole
  // tiles: joined, padded and rolled along the rows, and a window of them
  // inside a tile.
  std::vector<float> a = floats(6 * 128, 11), b = floats(13 * 128, 12);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref a_ref, Ref b_ref, Ref o_ref) {
          Value ca = jnp::max(a_ref[___], 1, true), cb = jnp::sum(b_ref[___], 1, true);
          Value joined = jnp::concatenate({ca, cb, ca}, 0);  // [25, 1]
          Value padded = jnp::pad(cb, {{2, 1}, {0, 0}}, 0);    // [16, 1]
          Value rolled = pltpu::roll(joined, 3, 0);
          o_ref[___] = jnp::concatenate(
              {joined, padded, rolled, lax::slice(joined, {3, 0}, {12, 1})}, 0);
        },
        {.out_shape = ShapeDtypeStruct{{25 + 16 + 25 + 9, 1}, DType::float32},
         .interpret = interpret});
    std::vector<float> got =
        f(Array::from_f32(a, {6, 128}), Array::from_f32(b, {13, 128})).to_f32();
    std::vector<float> ca(6, -INFINITY), cb(13, 0), joined, padded(16, 0), want;
    for (int64_t r = 0; r < 6; ++r)
      for (int64_t c = 0; c < 128; ++c)
        ca[r] = std::max(ca[r], a[r * 128 + c]);
    for (int64_t r = 0; r < 13; ++r) {
      for (int64_t c = 0; c < 128; ++c)
        cb[r] += b[r * 128 + c];
      padded[2 + r] = cb[r];
    }
    for (const auto *part : {&ca, &cb, &ca})
      joined.insert(joined.end(), part->begin(), part->end());
    want = joined;
    want.insert(want.end(), padded.begin(), padded.end());
    for (int64_t r = 0; r < 25; ++r)
      want.push_back(joined[(r + 25 - 3) % 25]);
    want.insert(want.end(), joined.begin() + 3, joined.begin() + 12);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i)  // (sums in another order: near)
      ASSERT_NEAR(got[i], want[i], 1e-3f * (1 + std::fabs(want[i])))
          << i << (interpret ? " interpreted" : "");
  }
}

TEST(ValueSlice, RepeatAndTileAlongPaddedAxes) {
  // pltpu::repeat / jnp::tile along an axis that ends in a padded tile
  // (f32[3, 5], bf16[12, 130]): the copies concatenated, each shifted into
  // place; against the host, both modes.
  for (auto [rows, cols] : {std::pair<int64_t, int64_t>{3, 5}, {12, 130}})
    for (DType d : {DType::float32, DType::bfloat16, DType::int32})
      for (bool interpret : {false, true}) {
        SCOPED_TRACE(to_string(d) + " " + std::to_string(rows) + "x" + std::to_string(cols) +
                     (interpret ? " interpreted" : " compiled"));
        std::vector<float> x = floats(rows * cols, 5);
        Array in = d == DType::int32
                       ? Array::from_s32(std::vector<int32_t>(x.begin(), x.end()), {rows, cols})
                       : Array::from_f32(x, {rows, cols}, d);
        if (d == DType::bfloat16)
          x = in.to_f32();  // rounded to bf16
        auto f = pl::pallas_call(
            [](Ref x_ref, Ref a_ref, Ref b_ref) {
              a_ref[___] = pltpu::repeat(x_ref[___], 3, 0).astype(DType::float32);
              b_ref[___] = jnp::tile(x_ref[___], {2, 2}).astype(DType::float32);
            },
            {.out_shape = {ShapeDtypeStruct{{3 * rows, cols}, DType::float32},
                           ShapeDtypeStruct{{2 * rows, 2 * cols}, DType::float32}},
             .interpret = interpret});
        std::vector<Array> out = f.call({in});
        std::vector<float> a = out[0].to_f32(), b = out[1].to_f32();
        for (int64_t i = 0; i < 3 * rows; ++i)
          for (int64_t j = 0; j < cols; ++j)
            ASSERT_EQ(a[i * cols + j], x[(i % rows) * cols + j]) << i << ", " << j;
        for (int64_t i = 0; i < 2 * rows; ++i)
          for (int64_t j = 0; j < 2 * cols; ++j)
            ASSERT_EQ(b[i * 2 * cols + j], x[(i % rows) * cols + j % cols]) << i << ", " << j;
      }
}

TEST(ValueSlice, RollAlongAPaddedAxisOfSeveralTiles) {
  // pltpu::roll of f32[8, 200] along the lanes (two tiles, the last
  // padded) by 3 and 150, of f32[12, 128] and bf16[20, 128] along the rows
  // (8- and 16-row tiles, the last padded) by 5 and 7: the padding never
  // moves in (x padded to whole tiles, rolled twice, joined).
  struct Case {
    int64_t rows, cols;
    DType dtype;
    int axis;
    int64_t shift;
  };
  for (Case c : {Case{8, 200, DType::float32, 1, 3}, Case{8, 200, DType::float32, 1, 150},
                 Case{12, 128, DType::float32, 0, 5}, Case{20, 128, DType::bfloat16, 0, 7}})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(c.rows) + "x" + std::to_string(c.cols) + " axis " +
                   std::to_string(c.axis) + " by " + std::to_string(c.shift) +
                   (interpret ? " interpreted" : " compiled"));
      Array in = Array::from_f32(floats(c.rows * c.cols, 11), {c.rows, c.cols}, c.dtype);
      std::vector<float> x = in.to_f32();
      auto f = pl::pallas_call(
          [c](Ref x_ref, Ref o_ref) {
            o_ref[___] = pltpu::roll(x_ref[___], c.shift, c.axis).astype(DType::float32);
          },
          {.out_shape = ShapeDtypeStruct{{c.rows, c.cols}, DType::float32},
           .interpret = interpret});
      std::vector<float> got = f(in).to_f32();
      for (int64_t r = 0; r < c.rows; ++r)
        for (int64_t k = 0; k < c.cols; ++k) {
          int64_t fr = c.axis == 0 ? (r - c.shift % c.rows + c.rows) % c.rows : r;
          int64_t fk = c.axis == 1 ? (k - c.shift % c.cols + c.cols) % c.cols : k;
          ASSERT_EQ(got[r * c.cols + k], x[fr * c.cols + fk]) << r << ", " << k;
        }
    }
  // A run-time shift (scalar prefetch) along the 200 lanes: 3 and 197.
  std::vector<float> x = floats(8 * 200, 12);
  for (int32_t shift : {3, 197})
    for (bool interpret : {false, true}) {
      auto f = pl::pallas_call(
          [](Ref s_ref, Ref x_ref, Ref o_ref) {
            o_ref[___] = pltpu::roll(x_ref[___], Scalar(s_ref[0]), 1);
          },
          {.out_shape = ShapeDtypeStruct{{8, 200}, DType::float32},
           .grid_spec = pltpu::PrefetchScalarGridSpec{.num_scalar_prefetch = 1, .grid = {1}},
           .interpret = interpret});
      std::vector<float> got =
          f(Array::from_s32({shift}, {1}), Array::from_f32(x, {8, 200})).to_f32();
      for (int64_t r = 0; r < 8; ++r)
        for (int64_t k = 0; k < 200; ++k)
          ASSERT_EQ(got[r * 200 + k], x[r * 200 + (k - shift + 200) % 200])
              << shift << " " << r << ", " << k << " " << interpret;
    }
}

TEST(ValueSlice, UnalignedRowsJoinAlongTheLanes) {
  // One-row values of 100, 50 and 30 lanes joined along the lanes (each
  // shifted into place, as a 1-D VMEM Ref's parts are).
  std::vector<float> x = floats(8 * 256, 9);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref a, Ref o) {
          Value v = a[___];
          o[___] = jnp::concatenate({lax::slice(v, {1, 0}, {2, 100}), lax::slice(v, {0, 0}, {1, 50}),
                                     lax::slice(v, {3, 140}, {4, 170})},
                                    1);
        },
        {.out_shape = ShapeDtypeStruct{{1, 180}, DType::float32}, .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {8, 256})).to_f32();
    for (int64_t j = 0; j < 180; ++j) {
      float want = j < 100 ? x[256 + j] : j < 150 ? x[j - 100] : x[3 * 256 + 140 + j - 150];
      ASSERT_EQ(got[j], want) << j << " " << interpret;
    }
  }
}

TEST(ValueSlice, OneColumnValuesJoinAlongTheLanes) {
  // A one-column value (held replicated over the lanes) joined along the
  // lanes with others: first, last and between, a row's 1x1 value, padded
  // by a column, bf16 and masks (through 32 bits); compiled and
  // interpreted against the host.
  std::vector<float> a = floats(16 * 300, 11);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto f = pl::pallas_call(
        [](Ref a_ref, Ref o_ref, Ref p_ref) {
          Value v = a_ref[___];                        // [16, 300]
          Value col = jnp::sum(lax::slice(v, {0, 0}, {16, 128}), 1, true);  // [16, 1]
          Value left = lax::slice(v, {0, 0}, {16, 100}), right = lax::slice(v, {0, 100}, {16, 300});
          o_ref[___] = jnp::concatenate({left, col, right, col}, 1);  // [16, 302]
          Value narrow = lax::slice(v, {0, 0}, {16, 127});
          p_ref(pl::all, pl::ds(0, 128)) = jnp::concatenate({col, narrow}, 1);
          p_ref(pl::all, pl::ds(128, 128)) = jnp::pad(narrow, {{0, 0}, {0, 1}}, 5.0);
          Value row = lax::slice(v, {3, 0}, {4, 127}), one = lax::slice(v, {5, 7}, {6, 8});
          p_ref(pl::ds(0, 1), pl::ds(256, 128)) = jnp::concatenate({one, row}, 1);
          p_ref(pl::ds(1, 1), pl::ds(256, 128)) = jnp::concatenate({row, one}, 1);
          Value half = jnp::concatenate(
              {col.astype(DType::bfloat16), narrow.astype(DType::bfloat16)}, 1);
          p_ref(pl::ds(2, 14), pl::ds(256, 128)) =
              lax::slice(half.astype(DType::float32), {2, 0}, {16, 128});
          Value masks = jnp::concatenate({col > 0, lax::slice(v, {0, 0}, {16, 5}) > 0}, 1);
          p_ref(pl::all, pl::ds(384, 6)) = jnp::where(masks, 1.0, 0.0);
        },
        {.out_shape = {ShapeDtypeStruct{{16, 302}, DType::float32},
                       ShapeDtypeStruct{{16, 390}, DType::float32}},
         .interpret = interpret});
    auto out = f.call({Array::from_f32(a, {16, 300})});
    std::vector<float> o = out[0].to_f32(), p = out[1].to_f32();
    auto at = [&](int64_t r, int64_t c) { return a[r * 300 + c]; };
    auto bf = [](float x) { return Array::from_f32({x}, {1}, DType::bfloat16).to_f32()[0]; };
    for (int64_t r = 0; r < 16; ++r) {
      float sum = 0;
      for (int64_t c = 0; c < 128; ++c)
        sum += at(r, c);
      // (The sum's order is the vector unit's: compare it with itself.)
      float col = o[r * 302 + 100];
      EXPECT_NEAR(col, sum, 1e-3f * (1 + std::fabs(sum)));
      for (int64_t c = 0; c < 302; ++c) {
        float want = c < 100 ? at(r, c) : c == 100 || c == 301 ? col : at(r, c - 1);
        ASSERT_EQ(o[r * 302 + c], want) << r << ", " << c;
      }
      for (int64_t c = 0; c < 128; ++c) {
        ASSERT_EQ(p[r * 390 + c], c == 0 ? col : at(r, c - 1)) << r << ", " << c;
        ASSERT_EQ(p[r * 390 + 128 + c], c == 127 ? 5.0f : at(r, c)) << r << ", " << c;
        float want = r == 0   ? (c == 0 ? at(5, 7) : at(3, c - 1))
                     : r == 1 ? (c == 127 ? at(5, 7) : at(3, c))
                              : (c == 0 ? bf(col) : bf(at(r, c - 1)));
        ASSERT_EQ(p[r * 390 + 256 + c], want) << r << ", " << c;
      }
      for (int64_t c = 0; c < 6; ++c)
        ASSERT_EQ(p[r * 390 + 384 + c], (c == 0 ? col : at(r, c - 1)) > 0 ? 1.0f : 0.0f)
            << r << ", " << c;
    }
  }
}

TEST(ValueSlice, Errors) {
  auto error = [](std::function<void(Ref, Ref)> body) -> std::string {
    try {
      pl::pallas_call([body](Ref x, Ref o) { body(x, o); },
                      {.out_shape = ShapeDtypeStruct{{8, 128}, DType::float32}})(
          input(DType::float32, {16, 256}));
    } catch (const Error &e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_THAT(error([](Ref x, Ref) { (void)lax::slice(x[___], {4, 0}, {4, 8}); }),
              testing::HasSubstr("lax::slice: the window [4, 4) of axis 0 is empty or outside "
                                 "[0, 16)"));
  EXPECT_THAT(error([](Ref x, Ref) { (void)lax::dynamic_slice(x[___], {0, 0}, {17, 8}); }),
              testing::HasSubstr("lax::dynamic_slice: size 17 of axis 0 is outside [1, 16]"));
  // (A window of a padded axis of several tiles, rotated as pltpu::roll
  // rotates it: ValueSlice.RollAlongAPaddedAxisOfSeveralTiles and
  // Padded.WindowsOfSomeRowsAtAnyStaticRow.)
}

/// Windows of a Ref two column tiles wide whose rows start inside a tile:
/// at run-time rows (any, from scalar prefetch) and static ones, 8 and 12
/// rows, loaded and stored (plain and masked), f32 and int32, both modes.
TEST(UnalignedWindow, StaticRowsInsideATileOfAPipelinedBlock) {
  // A pipelined block of a 256-lane array sits at a run-time row of whole
  // tiles in its buffers: its windows at static rows inside a tile (rows
  // [3, 11) read, [5, 8) written) are two tiles joined around that row.
  // (The compiled program refused them; interpret mode took them.)
  const int64_t R = 32, C = 256;
  std::vector<float> x = floats(R * C, 15);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto rows = [](Scalar i) { return std::tuple{i, 0}; };
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          o_ref[___] = x_ref[___];
          o_ref(pl::ds(8, 8), pl::all) = x_ref(pl::ds(3, 8), pl::all) * 2;
          o_ref(pl::ds(5, 3), pl::all) = jnp::zeros({3, C});
        },
        {.out_shape = ShapeDtypeStruct{{R, C}, DType::float32},
         .grid = {2},
         .in_specs = {pl::BlockSpec({16, C}, rows)},
         .out_specs = {pl::BlockSpec({16, C}, rows)},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {R, C})).to_f32(), want = x;
    for (int64_t b = 0; b < 2; ++b)
      for (int64_t c = 0; c < C; ++c) {
        for (int64_t r = 0; r < 8; ++r)
          want[(b * 16 + 8 + r) * C + c] = x[(b * 16 + 3 + r) * C + c] * 2;
        for (int64_t r = 5; r < 8; ++r)
          want[(b * 16 + r) * C + c] = 0;
      }
    EXPECT_EQ(got, want);
  }
}

TEST(UnalignedWindow, LoadsAndStoresAtAnyRow) {
  const int64_t R = 40, C = 256;
  std::vector<float> x = floats(R * C, 5);
  for (int32_t t : {0, 3, 8, 13, 21, 28, 32, 35})
    for (int64_t rows : {8, 12}) {
      if (t + rows > R + 3)
        continue;
      for (bool interpret : {false, true}) {
        SCOPED_TRACE("row " + std::to_string(t) + ", " + std::to_string(rows) + " rows" +
                     (interpret ? " interpreted" : " compiled"));
        auto f = pl::pallas_call(
            [rows](Ref idx, Ref x_ref, Ref o_ref) {
              Scalar t = idx[0];
              o_ref[___] = x_ref[___];
              Value w = x_ref[pl::ds(t, rows)];
              // Read back what a store at the row above wrote, and a
              // masked store beside it: only the even columns change.
              o_ref[pl::ds(t, rows)] = w * 2 + 1;
              Value cols = lax::broadcasted_iota(DType::int32, {rows, C}, 1);
              pltpu::store(o_ref.at(pl::ds(t, rows)), -w, cols % 2 == 0);
            },
            {.out_shape = ShapeDtypeStruct{{R, C}, DType::float32},
             .grid_spec = pltpu::PrefetchScalarGridSpec{
                 .num_scalar_prefetch = 1,
                 .grid = {1},
                 .in_specs = {pl::BlockSpec({R, C}, [](Scalar, Ref) { return std::tuple{0, 0}; })},
                 .out_specs = {pl::BlockSpec({R, C}, [](Scalar, Ref) { return std::tuple{0, 0}; })}},
             .interpret = interpret});
        if (t + rows > R) {  // past the Ref: the bounds check, in both modes
          try {
            f(Array::from_s32({t}, {1}), Array::from_f32(x, {R, C}));
            ADD_FAILURE() << "no error";
          } catch (const Error &e) {
            EXPECT_THAT(e.what(), testing::HasSubstr("outside [0, 40)"));
          }
          continue;
        }
        std::vector<float> want = x;
        for (int64_t r = t; r < t + rows; ++r)
          for (int64_t c = 0; c < C; ++c)
            want[r * C + c] = c % 2 == 0 ? -x[r * C + c] : x[r * C + c] * 2 + 1;
        EXPECT_EQ(f(Array::from_s32({t}, {1}), Array::from_f32(x, {R, C})).to_f32(), want);
      }
    }
  // A static window at row 3 and int32.
  for (bool interpret : {false, true}) {
    std::vector<int32_t> xi(R * C);
    for (int64_t i = 0; i < R * C; ++i)
      xi[i] = (int32_t)(i * 37 % 1001) - 500;
    auto g = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          o_ref[___] = jnp::zeros({R, C}, DType::int32);
          o_ref(pl::ds(11, 8), pl::all) = x_ref(pl::ds(3, 8), pl::all);
        },
        {.out_shape = ShapeDtypeStruct{{R, C}, DType::int32}, .interpret = interpret});
    std::vector<int32_t> want(R * C, 0);
    for (int64_t r = 0; r < 8; ++r)
      for (int64_t c = 0; c < C; ++c)
        want[(11 + r) * C + c] = xi[(3 + r) * C + c];
    EXPECT_EQ(g(Array::from_s32(xi, {R, C})).to_s32(), want) << interpret;
  }
}

/// pl::Element block dimensions: the index map returns an element offset
/// (from scalar prefetch: ragged windows), for an input and an output,
/// both modes, against the host.
TEST(ElementBlock, RaggedRowWindows) {
  const int64_t R = 64, C = 256;
  std::vector<float> x = floats(R * C, 6);
  const std::vector<int32_t> offs = {0, 8, 24, 48};  // whole 8-row tiles (256 lanes wide)
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2 + 1; },
        {.out_shape = ShapeDtypeStruct{{4 * 16, C}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {4},
             // A window of a 256-lane array starts at a whole tile: promised.
             .in_specs = {pl::BlockSpec({pl::Element(16), C},
                                        [](Scalar i, Ref o) {
                                          return std::tuple{pl::multiple_of(o[i], 8), 0};
                                        })},
             .out_specs = {pl::BlockSpec({16, C}, [](Scalar i, Ref) { return std::tuple{i, 0}; })}},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_s32(offs, {4}), Array::from_f32(x, {R, C})).to_f32();
    for (int64_t b = 0; b < 4; ++b)
      for (int64_t e = 0; e < 16 * C; ++e)
        ASSERT_EQ(got[b * 16 * C + e], x[offs[b] * C + e] * 2 + 1)
            << "block " << b << " element " << e << (interpret ? " interpreted" : "");
  }
  // An output at element offsets of a 128-lane array (any row): rows
  // [3, 11) and [20, 28) written, the rest kept (aliased input).
  for (bool interpret : {false, true}) {
    std::vector<float> y = floats(32 * 128, 7);
    auto g = pl::pallas_call(
        [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = -x_ref[___]; },
        {.out_shape = ShapeDtypeStruct{{32, 128}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {2},
             .in_specs = {pl::BlockSpec({pl::Element(8), 128},
                                        [](Scalar i, Ref o) { return std::tuple{Scalar(o[i]), 0}; })},
             .out_specs = {pl::BlockSpec({pl::Element(8), 128},
                                         [](Scalar i, Ref o) { return std::tuple{Scalar(o[i]), 0}; })}},
         .input_output_aliases = {{1, 0}},
         .interpret = interpret});
    std::vector<float> got =
        g(Array::from_s32({3, 20}, {2}), Array::from_f32(y, {32, 128})).to_f32();
    std::vector<float> want = y;
    for (int64_t r : {3, 4, 5, 6, 7, 8, 9, 10, 20, 21, 22, 23, 24, 25, 26, 27})
      for (int64_t c = 0; c < 128; ++c)
        want[r * 128 + c] = -y[r * 128 + c];
    EXPECT_EQ(got, want) << interpret;
  }
}

TEST(ElementBlock, ColumnWindowsAtWholeLaneTiles) {
  // pl::Element along the lanes: step i reads the 256 columns of f32[8,
  // 1024] from column 128 i (offsets promised whole 128-lane tiles, as a
  // DMA moves them) and adds its two halves; compiled and interpreted. An
  // offset not promised a whole tile (64 i) is the same error in both
  // modes, at the BlockSpec's line.
  std::vector<float> data(8 * 1024);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = float(i % 1000);
  Array x = Array::from_f32(data, {8, 1024});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    std::string line;
    auto call = [&](int64_t unit) {
      line = testutil::here(5);
      return pl::pallas_call(
          [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref(pl::all, pl::ds(0, 128)) + x_ref(pl::all, pl::ds(128, 128)); },
          {.out_shape = ShapeDtypeStruct{{8, 896}, DType::float32},
           .grid = {7},
           .in_specs = {pl::BlockSpec({8, pl::Element(256)}, [unit](Scalar i) {
             return std::tuple{0, pl::multiple_of(i * unit, unit)};
           })},
           .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{0, i}; })},
           .interpret = interpret})(x);
    };
    std::vector<float> got = call(128).to_f32();
    for (int64_t r = 0; r < 8; ++r)
      for (int64_t i = 0; i < 7; ++i)
        for (int64_t c = 0; c < 128; ++c)
          ASSERT_EQ(got[r * 896 + i * 128 + c],
                    data[r * 1024 + i * 128 + c] + data[r * 1024 + i * 128 + 128 + c])
              << r << ", " << i << ", " << c;
    try {
      call(64);
      ADD_FAILURE() << "offsets of 64 lanes ran";
    } catch (const Error &e) {
      EXPECT_THAT(e.what(), testing::HasSubstr(line));
      EXPECT_THAT(e.what(), testing::HasSubstr(
                                "the pl::Element columns of in_specs[0] [8, 1024] start at the "
                                "index map's offset, which a DMA takes at whole tiles of 128 "
                                "lanes: promise the offsets with pl::multiple_of(offset, 128)"));
    }
  }
}

TEST(ElementBlock, PaddedColumnsForAHaloAlongTheLanes) {
  // pl::Element(512, (128, 256)) along the lanes: step i reads columns
  // [256 i - 128, 256 i + 384) of x padded by a tile of lanes before and
  // two after (the padding undefined, as in Pallas), a 3-tap stencil 128 lanes
  // apart; the output's blocks are padded columns too, (256, (128, 128)) at
  // 256 i + 128: each step writes back its columns inside the array. f32
  // [8, 1024] and [8, 1000] (the last tile partial), compiled and
  // interpreted.
  for (int64_t N : {1024, 1000})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(N) + (interpret ? " interpreted" : " compiled"));
      std::vector<float> data(8 * N);
      for (size_t i = 0; i < data.size(); ++i)
        data[i] = float(int(i % 997) - 400);
      Array x = Array::from_f32(data, {8, N});
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            o_ref[___] = x_ref(pl::all, pl::ds(0, 256)) + x_ref(pl::all, pl::ds(128, 256)) +
                         x_ref(pl::all, pl::ds(256, 256));
          },
          {.out_shape = ShapeDtypeStruct{{8, N}, DType::float32},
           .grid = {4},
           .in_specs = {pl::BlockSpec({8, pl::Element(512, {128, 256})}, [](Scalar i) {
             return std::tuple{0, pl::multiple_of(i * 256, 256)};
           })},
           .out_specs = {pl::BlockSpec({8, pl::Element(256, {128, 128})}, [](Scalar i) {
             return std::tuple{0, pl::multiple_of(i * 256 + 128, 128)};
           })},
           .interpret = interpret});
      std::vector<float> got = f(x).to_f32();
      for (int64_t r = 0; r < 8; ++r)
        for (int64_t c = 128; c + 128 < N; ++c)
          ASSERT_EQ(got[r * N + c],
                    data[r * N + c - 128] + data[r * N + c] + data[r * N + c + 128])
              << r << ", " << c;
    }
}

TEST(ElementBlock, BoundedSliceColumns) {
  // pl::BoundedSlice(256) along the lanes (ragged groups of columns):
  // step i gets columns [s[i], s[i + 1]) of f32[8, 1024] in the first
  // columns of a 256-column buffer (the rest undefined) and writes back
  // those only; starts and sizes whole 128-lane tiles, promised. Compiled
  // and interpreted; a group wider than the block stops the kernel at the
  // BlockSpec's line in both modes.
  std::vector<float> data(8 * 1024);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = float(int(i % 611) - 300);
  Array x = Array::from_f32(data, {8, 1024});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    int line = __LINE__ + 1;
    pl::BlockSpec group({8, pl::BoundedSlice{256}}, [](Scalar i, Ref s) {
      Scalar start = s[i], size = Scalar(s[i + 1]) - start;
      return std::tuple{0, pl::ds(pl::multiple_of(start, 128), pl::multiple_of(size, 128))};
    });
    auto f = pl::pallas_call(
        [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
        {.out_shape = ShapeDtypeStruct{{8, 1024}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{.num_scalar_prefetch = 1,
                                                    .grid = {6},
                                                    .in_specs = {group},
                                                    .out_specs = {group}},
         .interpret = interpret});
    std::vector<int32_t> starts = {0, 256, 384, 384, 640, 768, 1024};
    std::vector<float> got = f(Array::from_s32(starts, {7}), x).to_f32();
    for (int64_t r = 0; r < 8; ++r)
      for (int64_t c = 0; c < 1024; ++c)
        ASSERT_EQ(got[r * 1024 + c], data[r * 1024 + c] * 2.0f + 1.0f) << r << ", " << c;
    std::vector<int32_t> wide = {0, 384, 512, 640, 768, 896, 1024};
    try {
      f(Array::from_s32(wide, {7}), x).to_f32();
      ADD_FAILURE() << "a group of 384 columns in a block of 256 ran";
    } catch (const Error &e) {
      EXPECT_THAT(e.what(), testing::HasSubstr("ElementTest.cpp:" + std::to_string(line)));
      EXPECT_THAT(e.what(), testing::HasSubstr(
                                "the pl::BoundedSlice size 384 of in_specs[0] is outside [0, 256]"));
    }
  }
}

TEST(ElementBlock, PaddedRowsAndColumnsForATwoDimensionalHalo) {
  // pl::Element(24, (8, 8)) rows beside pl::Element(384, (128, 256))
  // columns: step (i, j) reads rows [8 i - 8, 8 i + 16) and columns
  // [128 j - 128, 128 j + 256) of x padded by a tile each way (two after
  // the columns, for the last, partial tile of 1000; the padding
  // undefined, as in Pallas), each step moving the rectangle inside the
  // array; the outputs take the block's centre, its upper-left and its
  // lower-right neighbour tiles, so every edge of the rectangle is
  // checked where it lies inside the array. A fourth output in the input's
  // padded blocks writes back the rectangle inside the array: x again.
  // f32 [64, 1024] and [64, 1000] (the last lane tile partial), compiled
  // and interpreted.
  const int64_t R = 64;
  for (int64_t N : {1024, 1000})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(N) + (interpret ? " interpreted" : " compiled"));
      std::vector<float> data = floats(R * N, 17);
      Array x = Array::from_f32(data, {R, N});
      auto halo = [] {
        return pl::BlockSpec({pl::Element(24, {8, 8}), pl::Element(384, {128, 256})},
                             [](Scalar i, Scalar j) {
                               return std::tuple{pl::multiple_of(i * 8, 8),
                                                 pl::multiple_of(j * 128, 128)};
                             });
      };
      pl::BlockSpec tile({8, 128}, [](Scalar i, Scalar j) { return std::tuple{i, j}; });
      ShapeDtypeStruct out{{R, N}, DType::float32};
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref centre, Ref upLeft, Ref downRight, Ref copy) {
            centre[___] = x_ref(pl::ds(8, 8), pl::ds(128, 128));
            upLeft[___] = x_ref(pl::ds(0, 8), pl::ds(0, 128));
            downRight[___] = x_ref(pl::ds(16, 8), pl::ds(256, 128));
            copy[___] = x_ref[___];
          },
          {.out_shape = {out, out, out, out},
           .grid = {R / 8, (N + 127) / 128},
           .in_specs = {halo()},
           .out_specs = {tile, tile, tile, halo()},
           .interpret = interpret});
      std::vector<Array> got = f.call({x});
      std::vector<float> centre = got[0].to_f32(), upLeft = got[1].to_f32(),
                         downRight = got[2].to_f32(), copy = got[3].to_f32();
      for (int64_t r = 0; r < R; ++r)
        for (int64_t c = 0; c < N; ++c) {
          float want = data[r * N + c];
          ASSERT_EQ(centre[r * N + c], want) << r << ", " << c;
          ASSERT_EQ(copy[r * N + c], want) << r << ", " << c;
          if (r >= 8 && c >= 128)
            ASSERT_EQ(upLeft[r * N + c], data[(r - 8) * N + c - 128]) << r << ", " << c;
          if (r + 8 < R && c + 128 < N)
            ASSERT_EQ(downRight[r * N + c], data[(r + 8) * N + c + 128]) << r << ", " << c;
        }
    }
}

TEST(ElementBlock, BoundedSliceRowsAndColumns) {
  // pl::BoundedSlice along both dimensions (ragged 2-D tiles): step (i, j)
  // gets rows [r[i], r[i + 1]) and columns [c[j], c[j + 1]) of f32 [64,
  // 1024] in the first rows and columns of a [16, 256] buffer (the rest
  // undefined) and writes back those only; the index map yields both
  // sizes. Rows whole 8-row tiles (the array is wider than 128 lanes) and
  // columns whole lane tiles, promised; empty groups too. Padded rows
  // beside bounded columns, and bounded rows beside padded columns, the
  // same. Compiled and interpreted.
  std::vector<float> data = floats(64 * 1024, 23);
  Array x = Array::from_f32(data, {64, 1024});
  std::vector<int32_t> bounds = {0, 16, 16, 24, 40, 56, 64, 0, 256, 384, 384, 640, 768, 1024};
  auto start = [](Ref s, Scalar i, int64_t table) { return Scalar(s[i + table]); };
  auto ragged = [&](int64_t d) {
    int64_t table = d ? 7 : 0, unit = d ? 128 : 8;
    return [=](Ref s, Scalar i) {
      Scalar from = start(s, i, table), size = start(s, i + 1, table) - from;
      return pl::ds(pl::multiple_of(from, unit), pl::multiple_of(size, unit));
    };
  };
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    pl::BlockSpec both({pl::BoundedSlice{16}, pl::BoundedSlice{256}},
                       [&](Scalar i, Scalar j, Ref s) {
                         return std::tuple{ragged(0)(s, i), ragged(1)(s, j)};
                       });
    auto f = pl::pallas_call(
        [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
        {.out_shape = ShapeDtypeStruct{{64, 1024}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{.num_scalar_prefetch = 1,
                                                    .grid = {6, 6},
                                                    .in_specs = {both},
                                                    .out_specs = {both}},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_s32(bounds, {14}), x).to_f32();
    for (int64_t i = 0; i < 64 * 1024; ++i)
      ASSERT_EQ(got[i], data[i] * 2.0f + 1.0f) << i / 1024 << ", " << i % 1024;

    // Padded rows beside bounded columns, bounded rows beside padded
    // columns: the output in tiles, the centre of each step's block.
    pl::BlockSpec paddedRows({pl::Element(32, {8, 8}), pl::BoundedSlice{256}},
                             [&](Scalar i, Scalar j, Ref s) {
                               return std::tuple{pl::multiple_of(i * 16, 16), ragged(1)(s, j)};
                             });
    auto g = pl::pallas_call(
        [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref(pl::ds(8, 16), pl::all) - 3.0; },
        {.out_shape = ShapeDtypeStruct{{64, 1024}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {4, 6},
             .in_specs = {paddedRows},
             .out_specs = {pl::BlockSpec({pl::Element(16), pl::BoundedSlice{256}},
                                         [&](Scalar i, Scalar j, Ref s) {
                                           return std::tuple{pl::multiple_of(i * 16, 16),
                                                             ragged(1)(s, j)};
                                         })}},
         .interpret = interpret});
    got = g(Array::from_s32(bounds, {14}), x).to_f32();
    for (int64_t i = 0; i < 64 * 1024; ++i)
      ASSERT_EQ(got[i], data[i] - 3.0f) << i / 1024 << ", " << i % 1024;
    pl::BlockSpec paddedCols({pl::BoundedSlice{16}, pl::Element(512, {128, 128})},
                             [&](Scalar i, Scalar j, Ref s) {
                               return std::tuple{ragged(0)(s, i), pl::multiple_of(j * 256, 256)};
                             });
    auto h = pl::pallas_call(
        [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref(pl::all, pl::ds(128, 256)) + 5.0; },
        {.out_shape = ShapeDtypeStruct{{64, 1024}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {6, 4},
             .in_specs = {paddedCols},
             .out_specs = {pl::BlockSpec({pl::BoundedSlice{16}, 256},
                                         [&](Scalar i, Scalar j, Ref s) {
                                           return std::tuple{ragged(0)(s, i), j};
                                         })}},
         .interpret = interpret});
    got = h(Array::from_s32(bounds, {14}), x).to_f32();
    for (int64_t i = 0; i < 64 * 1024; ++i)
      ASSERT_EQ(got[i], data[i] + 5.0f) << i / 1024 << ", " << i % 1024;
  }
}

TEST(ElementBlock, BoundedSliceColumnsOfEachMatrix) {
  // pl::BoundedSlice columns of a rank-3 array: {pl::Squeezed, 8,
  // pl::BoundedSlice{256}} of f32 [2, 16, 1024], ragged column groups from
  // scalar prefetch in each matrix's 8-row blocks (an empty group too);
  // compiled and interpreted.
  std::vector<float> data = floats(2 * 16 * 1024, 31);
  Array x = Array::from_f32(data, {2, 16, 1024});
  std::vector<int32_t> bounds = {0, 256, 384, 384, 640, 768, 1024};
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    pl::BlockSpec group({pl::Squeezed, 8, pl::BoundedSlice{256}},
                        [](Scalar b, Scalar r, Scalar j, Ref s) {
                          Scalar start = s[j], size = Scalar(s[j + 1]) - start;
                          return std::tuple{b, r, pl::ds(pl::multiple_of(start, 128),
                                                         pl::multiple_of(size, 128))};
                        });
    auto f = pl::pallas_call(
        [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 3.0 - 1.0; },
        {.out_shape = ShapeDtypeStruct{{2, 16, 1024}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{.num_scalar_prefetch = 1,
                                                    .grid = {2, 2, 6},
                                                    .in_specs = {group},
                                                    .out_specs = {group}},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_s32(bounds, {7}), x).to_f32();
    for (int64_t i = 0; i < 2 * 16 * 1024; ++i)
      ASSERT_EQ(got[i], data[i] * 3.0f - 1.0f) << i;
  }
}

TEST(ElementBlock, RowsOfWideArraysAtAnyRow) {
  // Element rows of arrays wider than 128 lanes at offsets inside a tile
  // (no promise): each step's rows move as one-row copies (a DMA moves
  // one memory row or whole tiles of such an array from a run-time row).
  // f32 [40, 256] in and out in blocks of 5 rows at 5 i; bf16 [40, 384]
  // blocks of 6 rows at offsets from a table (even: whole words).
  const int64_t R = 40;
  std::vector<float> x = floats(R * 256, 13), y = floats(R * 384, 14);
  const std::vector<int32_t> offs = {2, 30, 12, 34};
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto rows = [](Scalar i) { return std::tuple{i * 5, 0}; };
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2 + 1; },
        {.out_shape = ShapeDtypeStruct{{R, 256}, DType::float32},
         .grid = {R / 5},
         .in_specs = {pl::BlockSpec({pl::Element(5), 256}, rows)},
         .out_specs = {pl::BlockSpec({pl::Element(5), 256}, rows)},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {R, 256})).to_f32();
    for (size_t e = 0; e < x.size(); ++e)
      ASSERT_EQ(got[e], x[e] * 2 + 1) << e;
    auto g = pl::pallas_call(
        [](Ref, Ref y_ref, Ref o_ref) { o_ref[___] = y_ref[___] - 1; },
        {.out_shape = ShapeDtypeStruct{{4 * 6, 384}, DType::bfloat16},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {4},
             .in_specs = {pl::BlockSpec({pl::Element(6), 384},
                                        [](Scalar i, Ref o) {
                                          return std::tuple{pl::multiple_of(o[i], 2), 0};
                                        })},
             .out_specs = {pl::BlockSpec({pl::Element(6), 384},
                                         [](Scalar i, Ref) { return std::tuple{i * 6, 0}; })}},
         .interpret = interpret});
    Array yb = Array::from_f32(y, {R, 384}, DType::bfloat16);
    std::vector<float> yv = yb.to_f32(),
                       gy = g(Array::from_s32(offs, {4}), yb).to_f32();
    for (int64_t b = 0; b < 4; ++b)
      for (int64_t e = 0; e < 6 * 384; ++e) {
        float want = Array::from_f32({yv[offs[b] * 384 + e] - 1}, {1, 1}, DType::bfloat16)
                         .to_f32()[0];
        ASSERT_EQ(gy[b * 6 * 384 + e], want) << "block " << b << " element " << e;
      }
  }
}

TEST(ElementBlock, PaddedRowsForAHalo) {
  // A 3-row stencil over f32[64, 128] (and [64, 256], whose tiles need
  // offsets of whole tiles: a halo of 8 rows): blocks of 16 + 2h rows of
  // the array padded by h rows at both ends (pl::Element(16 + 2h, (h, h)),
  // index map 16 i, an offset into the padded array). The rows outside the
  // array are undefined: the kernel masks them (zero).
  for (int64_t cols : {128, 256})
    for (bool interpret : {false, true}) {
      int64_t h = cols == 128 ? 1 : 8;
      SCOPED_TRACE(std::to_string(cols) + (interpret ? " interpreted" : " compiled"));
      std::vector<float> x = floats(64 * cols, 3);
      auto f = pl::pallas_call(
          [h, cols](Ref x_ref, Ref o_ref) {
            // Rows k - 1 .. k + 1 around the 16 of the step: block rows
            // [h + d, h + d + 16), array rows 16 i + d + r.
            auto rows = [&](int64_t d) {
              Value v = x_ref(pl::ds(h + d, 16), pl::all);
              Value row = lax::broadcasted_iota(DType::int32, {16, cols}, 0) +
                          (pl::program_id(0) * 16 + (int)d);
              return jnp::where((row >= 0) & (row < 64), v, 0.0f);
            };
            o_ref[___] = rows(-1) + rows(0) + rows(1);
          },
          {.out_shape = ShapeDtypeStruct{{64, cols}, DType::float32},
           .grid = {4},
           .in_specs = {pl::BlockSpec({pl::Element(16 + 2 * h, {h, h}), cols},
                                      [](Scalar i) {
                                        return std::tuple{pl::multiple_of(i * 16, 8), 0};
                                      })},
           .out_specs = {pl::BlockSpec({16, cols}, [](Scalar i) { return std::tuple{i, 0}; })},
           .interpret = interpret});
      std::vector<float> got = f(Array::from_f32(x, {64, cols})).to_f32();
      auto at = [&](int64_t r, int64_t c) { return r < 0 || r >= 64 ? 0.0f : x[r * cols + c]; };
      for (int64_t r = 0; r < 64; ++r)
        for (int64_t c = 0; c < cols; ++c)
          ASSERT_EQ(got[r * cols + c], at(r - 1, c) + at(r, c) + at(r + 1, c)) << r << ", " << c;
    }
}

TEST(ElementBlock, PaddedRowsOfPackedArrays) {
  // The 3-row stencil over bf16 and int8 [64, 128] with halos of one word
  // of rows (2 and 4: padding, offsets and sizes whole words, promised),
  // windows of 16 rows at rows inside a packed tile read out of the tiles
  // around them. Compiled and interpreted, against the host.
  for (DType dt : {DType::bfloat16, DType::int8})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      int64_t h = dt == DType::bfloat16 ? 2 : 4;
      std::vector<int32_t> v(64 * 128);
      for (size_t i = 0; i < v.size(); ++i)
        v[i] = int32_t(i % 13) - 6;
      Array x = dt == DType::bfloat16
                    ? Array::from_f32(std::vector<float>(v.begin(), v.end()), {64, 128}, dt)
                    : Array::from_s32(v, {64, 128}, dt);
      auto f = pl::pallas_call(
          [h](Ref x_ref, Ref o_ref) {
            auto rows = [&](int64_t d) {
              Value w = x_ref(pl::ds(h + d, 16), pl::all);
              Value row = lax::broadcasted_iota(DType::int32, {16, 128}, 0) +
                          (pl::program_id(0) * 16 + (int)d);
              return jnp::where((row >= 0) & (row < 64), w, jnp::zeros_like(w));
            };
            o_ref[___] = rows(-1) + rows(0) + rows(1);
          },
          {.out_shape = ShapeDtypeStruct{{64, 128}, dt},
           .grid = {4},
           .in_specs = {pl::BlockSpec({pl::Element(16 + 2 * h, {h, h}), 128},
                                      [](Scalar i) {
                                        return std::tuple{pl::multiple_of(i * 16, 4), 0};
                                      })},
           .out_specs = {pl::BlockSpec({16, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
           .interpret = interpret});
      std::vector<int32_t> got = testutil::integersOf(f(x));
      auto at = [&](int64_t r, int64_t c) { return r < 0 || r >= 64 ? 0 : v[r * 128 + c]; };
      for (int64_t r = 0; r < 64; ++r)
        for (int64_t c = 0; c < 128; ++c)
          ASSERT_EQ(got[r * 128 + c], at(r - 1, c) + at(r, c) + at(r + 1, c)) << r << ", " << c;
    }
}

TEST(ElementBlock, PaddedOutputRowsWriteTheRowsInside) {
  // An output block with padded rows writes back only its rows inside the
  // array: steps of 18-row windows at 16 i - 1, neighbours overlapping
  // with equal values.
  std::vector<float> x = floats(64 * 128, 4);
  for (bool interpret : {false, true}) {
    auto spec = [] {
      return pl::BlockSpec({pl::Element(18, {1, 1}), 128},
                           [](Scalar i) { return std::tuple{i * 16, 0}; });
    };
    auto f = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0f; },
                             {.out_shape = ShapeDtypeStruct{{64, 128}, DType::float32},
                              .grid = {4},
                              .in_specs = {spec()},
                              .out_specs = {spec()},
                              .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {64, 128})).to_f32();
    for (int64_t e = 0; e < 64 * 128; ++e)
      ASSERT_EQ(got[e], x[e] * 2.0f) << e << " " << interpret;
  }
}

TEST(ElementBlock, OverlappingOutputWindowsLandInStepOrder) {
  // Output windows of 24 rows at 16 i overlap the next step's by 8 rows
  // and hold different values (step i writes i + 1): each write-back waits
  // for an earlier one in flight whose window overlaps, so the later step
  // wins, from 2 buffers, from a ring of 3 (pl::Buffered(3), and the
  // compiler's default) and interpreted.
  for (int buffers : {0, 2, 3})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(buffers) + (interpret ? " interpreted" : " compiled"));
      pl::BlockSpec out({pl::Element(24), 128}, [](Scalar i) { return std::tuple{i * 16, 0}; });
      if (buffers)
        out.pipeline_mode = pl::Buffered{buffers};
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            o_ref[___] = x_ref[___] * 0.0f + (pl::program_id(0) + 1).astype(DType::float32);
          },
          {.out_shape = ShapeDtypeStruct{{72, 128}, DType::float32},
           .grid = {4},
           .in_specs = {pl::BlockSpec({pl::Element(24), 128},
                                      [](Scalar i) { return std::tuple{i * 16, 0}; })},
           .out_specs = {out},
           .interpret = interpret});
      std::vector<float> got = f(Array::from_f32(floats(72 * 128, 5), {72, 128})).to_f32();
      for (int64_t r = 0; r < 72; ++r)
        ASSERT_EQ(got[r * 128 + 7], float(std::min<int64_t>(r / 16, 3) + 1)) << r;
    }
}

TEST(ElementBlock, RowsOfOneMatrixOfARank3Array) {
  // f32[4, 32, 128], blocks (pl::Squeezed, pl::Element(8), 128): step i
  // takes rows [off[i], off[i] + 8) of matrix i (any row: 128 lanes wide),
  // and a rank-4 array's block (1, pl::Squeezed, pl::Element(8), 128) the
  // same rows of matrix (0, i). An offset whose rows leave the matrix stops
  // the kernel (the bounds checks see all the matrices' rows).
  std::vector<float> x = floats(4 * 32 * 128, 8);
  const std::vector<int32_t> offs = {0, 5, 17, 24};
  auto call = [&](std::vector<int32_t> o, bool interpret, bool rank4) {
    Shape shape = rank4 ? Shape{1, 4, 32, 128} : Shape{4, 32, 128};
    std::vector<pl::BlockDim> block = {pl::Squeezed, pl::Element(8), 128};
    if (rank4)
      block.insert(block.begin(), 1);
    auto f = pl::pallas_call(
        [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___].reshape({8, 128}) * 3.0f; },
        {.out_shape = ShapeDtypeStruct{{4 * 8, 128}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {4},
             .in_specs = {rank4 ? pl::BlockSpec(block,
                                                [](Scalar i, Ref off) {
                                                  return std::tuple{0, i, Scalar(off[i]), 0};
                                                })
                                : pl::BlockSpec(block,
                                                [](Scalar i, Ref off) {
                                                  return std::tuple{i, Scalar(off[i]), 0};
                                                })},
             .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i, Ref) { return std::tuple{i, 0}; })}},
         .interpret = interpret});
    return f(Array::from_s32(o, {4}), Array::from_f32(x, shape));
  };
  for (bool rank4 : {false, true})
    for (bool interpret : {false, true}) {
      std::vector<float> got = call(offs, interpret, rank4).to_f32();
      for (int64_t b = 0; b < 4; ++b)
        for (int64_t e = 0; e < 8 * 128; ++e)
          ASSERT_EQ(got[b * 8 * 128 + e], x[(b * 32 + offs[b]) * 128 + e] * 3.0f)
              << "block " << b << " element " << e << (interpret ? " interpreted" : "")
              << (rank4 ? " rank 4" : "");
      std::string e;
      try {
        call({0, 5, 25, 24}, interpret, rank4);
      } catch (const Error &err) {
        e = err.what();
      }
      EXPECT_THAT(e, testing::HasSubstr("the block rows [25, 25 + 8) of in_specs[0] are "
                                        "outside its matrices' [0, 32)"))
          << interpret;
    }
}

TEST(ElementBlock, PaddedRowsOfEachMatrixOfARank3Array) {
  // A 3-row stencil over each matrix of f32[4, 16, 128]: blocks
  // {pl::Squeezed, pl::Element(18, (1, 1)), 128} at (b, 0, 0), each matrix
  // padded on its own (the rows outside it, undefined, masked to zero).
  std::vector<float> x = floats(4 * 16 * 128, 13);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          auto rows = [&](int64_t d) {
            Value v = x_ref(pl::ds(1 + d, 16), pl::all);
            Value row = lax::broadcasted_iota(DType::int32, {16, 128}, 0) + (int)d;
            return jnp::where((row >= 0) & (row < 16), v, 0.0f);
          };
          o_ref[___] = rows(-1) + rows(0) + rows(1);
        },
        {.out_shape = ShapeDtypeStruct{{4, 16, 128}, DType::float32},
         .grid = {4},
         .in_specs = {pl::BlockSpec({pl::Squeezed, pl::Element(18, {1, 1}), 128},
                                    [](Scalar b) { return std::tuple{b, 0, 0}; })},
         .out_specs = {pl::BlockSpec({pl::Squeezed, 16, 128},
                                     [](Scalar b) { return std::tuple{b, 0, 0}; })},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {4, 16, 128})).to_f32();
    auto at = [&](int64_t b, int64_t r, int64_t c) {
      return r < 0 || r >= 16 ? 0.0f : x[(b * 16 + r) * 128 + c];
    };
    for (int64_t b = 0; b < 4; ++b)
      for (int64_t r = 0; r < 16; ++r)
        for (int64_t c = 0; c < 128; ++c)
          ASSERT_EQ(got[(b * 16 + r) * 128 + c], at(b, r - 1, c) + at(b, r, c) + at(b, r + 1, c))
              << b << ", " << r << ", " << c << " " << interpret;
  }
}

TEST(ElementBlock, BoundedSliceRaggedRows) {
  // pl::BoundedSlice(16) rows (ragged groups, as a grouped matmul's): step
  // i gets rows [s[i], s[i + 1]) of x in the first rows of a 16-row
  // buffer (the rest undefined) and writes back those rows only; on a
  // 128-lane array at any row, and on a 256-lane one in whole tiles
  // (promised with pl::multiple_of). Compiled and interpreted.
  for (int64_t C : {128, 256})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(C) + (interpret ? " interpreted" : " compiled"));
      std::vector<int32_t> starts = C == 128 ? std::vector<int32_t>{0, 5, 16, 20, 34, 40}
                                             : std::vector<int32_t>{0, 8, 24, 24, 32, 40};
      std::vector<float> x = floats(40 * C, 9);
      auto rows = [C](Scalar i, Ref s) {
        Scalar start = s[i], size = Scalar(s[i + 1]) - start;
        if (C > 128)
          return std::tuple{pl::ds(pl::multiple_of(start, 8), pl::multiple_of(size, 8)), 0};
        return std::tuple{pl::ds(start, size), 0};
      };
      auto f = pl::pallas_call(
          [](Ref, Ref x_ref, Ref o_ref) {
            // Every row of the buffer is written: the rows past the size
            // too (undefined, never written back).
            o_ref[___] = x_ref[___] * 2.0 + jnp::sum(x_ref(pl::ds(0, 1), pl::all));
          },
          {.out_shape = ShapeDtypeStruct{{40, C}, DType::float32},
           .grid_spec = pltpu::PrefetchScalarGridSpec{
               .num_scalar_prefetch = 1,
               .grid = {5},
               .in_specs = {pl::BlockSpec({pl::BoundedSlice{16}, C}, rows)},
               .out_specs = {pl::BlockSpec({pl::BoundedSlice{16}, C}, rows)}},
           .interpret = interpret});
      std::vector<float> got =
          f(Array::from_s32(starts, {6}), Array::from_f32(x, {40, C})).to_f32();
      for (int64_t i = 0; i < 5; ++i) {
        if (starts[i] == starts[i + 1])
          continue;  // an empty step writes nothing
        float first = 0;  // the sum of the step's first row (integers: exact in any order)
        for (int64_t c = 0; c < C; ++c)
          first += x[starts[i] * C + c];
        for (int64_t r = starts[i]; r < starts[i + 1]; ++r)
          for (int64_t c = 0; c < C; ++c)
            ASSERT_EQ(got[r * C + c], x[r * C + c] * 2.0f + first) << "row " << r << " column " << c;
      }
    }
}

TEST(ElementBlock, PartialEdgeBlocksBesideElementRows) {
  // pl::Element rows beside blocks of 128 columns of f32[24, 233]: the
  // last column block is a partial edge block, whose in-bounds 105
  // columns move (the array's last lane tile, whole: the rest of the
  // buffer's tile undefined, as in Pallas); and pl::BoundedSlice rows
  // beside 256-column blocks of [32, 300]. Compiled and interpreted.
  for (int64_t C : {233, 300})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(C) + (interpret ? " interpreted" : " compiled"));
      int64_t R = C == 233 ? 24 : 32, bn = C == 233 ? 128 : 256;
      std::vector<float> x = floats(R * C, 12);
      pl::BlockSpec spec =
          C == 233 ? pl::BlockSpec({pl::Element(8), bn},
                                   [](Scalar i, Scalar j) { return std::tuple{i * 8, j}; })
                   : pl::BlockSpec({pl::BoundedSlice{16}, bn}, [](Scalar i, Scalar j) {
                       return std::tuple{pl::ds(pl::multiple_of(i * 16, 8), 16), j};
                     });
      auto f = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2 - 3; },
                               {.out_shape = ShapeDtypeStruct{{R, C}, DType::float32},
                                .grid = {R / (C == 233 ? 8 : 16), (C + bn - 1) / bn},
                                .in_specs = {spec},
                                .out_specs = {spec},
                                .interpret = interpret});
      std::vector<float> got = f(Array::from_f32(x, {R, C})).to_f32();
      for (int64_t e = 0; e < R * C; ++e)
        ASSERT_EQ(got[e], x[e] * 2 - 3) << "row " << e / C << " column " << e % C;
    }
}

TEST(ElementBlock, AOneBlockDimensionIndexedByAnyGridAxis) {
  // pl::Element rows beside the array's 89 columns, the column block index
  // from grid axis 0 (Pallas' grid may run its axes in any order): the one
  // column block is at column 0 (not at a run-time multiple of 89, which
  // no DMA could take), its index checked at run time.
  std::vector<float> x = floats(72 * 89, 13);
  for (bool interpret : {false, true}) {
    auto spec = pl::BlockSpec({pl::Element(8), 89},
                              [](Scalar j, Scalar i) { return std::tuple{i * 8, j}; });
    auto f = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 7; },
                             {.out_shape = ShapeDtypeStruct{{72, 89}, DType::float32},
                              .grid = {1, 9},
                              .in_specs = {spec},
                              .out_specs = {spec},
                              .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {72, 89})).to_f32();
    for (int64_t e = 0; e < 72 * 89; ++e)
      ASSERT_EQ(got[e], x[e] + 7) << e << (interpret ? " interpreted" : " compiled");
  }
}

TEST(ElementBlock, EmitPipelineTakesElementAndBoundedSliceDims) {
  // emit_pipeline with a pl::Element input (rows 8 i + 3) and a
  // pl::BoundedSlice output (rows [8 i, 8 i + 5)): each step copies its
  // windows itself, as pallas_call's element blocks do.
  std::vector<float> x = floats(64 * 128, 11);
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{32, 128}, DType::float32},
         .name = "nested_element",
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm) {
          pltpu::emit_pipeline(
              [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 3.0; },
              {.grid = {4},
               .in_specs = {pl::BlockSpec({pl::Element(8), 128},
                                          [](Scalar i) { return std::tuple{i * 8 + 3, 0}; })},
               .out_specs = {pl::BlockSpec({pl::BoundedSlice{8}, 128}, [](Scalar i) {
                 return std::tuple{pl::ds(i * 8, 5), 0};
               })}})(x_hbm, o_hbm);
        });
    std::vector<float> got = k(Array::from_f32(x, {64, 128})).to_f32();
    for (int64_t r = 0; r < 32; ++r)
      if (r % 8 < 5)
        for (int64_t c = 0; c < 128; ++c)
          ASSERT_EQ(got[r * 128 + c], x[(r + 3) * 128 + c] + 3.0f)
              << "row " << r << " column " << c << (interpret ? " interpreted" : "");
  }
}

TEST(ElementBlock, BoundedSliceErrors) {
  std::string line;
  auto run = [&](pl::BlockSpec spec, bool interpret = false, int64_t cols = 128) -> std::string {
    try {
      pl::pallas_call([](Ref x, Ref o) { o[___] = x[___]; },
                      {.out_shape = ShapeDtypeStruct{{16, cols}, DType::float32},
                       .grid = {1},
                       .in_specs = {spec},
                       .out_specs = {pl::BlockSpec({16, cols}, [](Scalar) {
                         return std::tuple{0, 0};
                       })},
                       .interpret = interpret})(input(DType::float32, {32, cols}));
    } catch (const Error &e) {
      return e.what();
    }
    return "no error";
  };
  for (bool interpret : {false, true}) {
    // A size past the block: a run-time check, in both modes.
    line = testutil::here(1);
    std::string e = run(pl::BlockSpec({pl::BoundedSlice{16}, 128},
                                       [](Scalar i) { return std::tuple{pl::ds(i, i + 17), 0}; }),
                        interpret);
    EXPECT_THAT(e, testing::HasSubstr(line)) << interpret;
    EXPECT_THAT(e, testing::HasSubstr("the pl::BoundedSlice size 17 of in_specs[0] is outside "
                                      "[0, 16]"))
        << interpret;
  }
  // A pl::BoundedSlice dimension takes a pl::ds; the others do not.
  EXPECT_THAT(run(pl::BlockSpec({pl::BoundedSlice{16}, 128},
                                [](Scalar) { return std::tuple{0, 0}; })),
              testing::HasSubstr("returns a block index for dimension 0, which is a "
                                 "pl::BoundedSlice dimension: return pl::ds(start, size) there"));
  EXPECT_THAT(run(pl::BlockSpec({16, 128},
                                [](Scalar) { return std::tuple{pl::ds(0, 8), 0}; })),
              testing::HasSubstr("returns pl::ds(start, size) for dimension 0, which is not a "
                                 "pl::BoundedSlice dimension"));
  EXPECT_THAT(run(pl::BlockSpec({pl::Element(16), 128},
                                [](Scalar) { return std::tuple{0, pl::ds(0, 128)}; })),
              testing::HasSubstr("returns pl::ds(start, size) for dimension 1, which is not a "
                                 "pl::BoundedSlice dimension"));
  // Along the lanes: whole tiles, promised; rows of a wide array: whole
  // tiles, promised.
  EXPECT_THAT(run(pl::BlockSpec({16, pl::BoundedSlice{128}},
                                [](Scalar i) { return std::tuple{0, pl::ds(0, i + 1)}; })),
              testing::HasSubstr("the pl::BoundedSlice columns of in_specs[0] [32, 128]: a step "
                                 "copies them in whole tiles of 128 lanes, so the block's "
                                 "columns and the index map's start and size must be multiples "
                                 "of 128 (promise them with pl::multiple_of)"));
  EXPECT_THAT(run(pl::BlockSpec({pl::BoundedSlice{16}, 256},
                                [](Scalar i) { return std::tuple{pl::ds(i, 8), 0}; }),
                  false, 256),
              testing::HasSubstr("the array is wider than 128 lanes, so the rows each step "
                                 "copies are whole tiles"));
}

TEST(ElementBlock, Errors) {
  auto error = [](pl::BlockSpec spec) -> std::string {
    try {
      pl::pallas_call([](Ref x, Ref o) { o[___] = x[___]; },
                      {.out_shape = ShapeDtypeStruct{{16, 128}, DType::float32},
                       .grid = {1},
                       .in_specs = {spec},
                       .out_specs = {pl::BlockSpec({16, 128}, [](Scalar) {
                         return std::tuple{0, 0};
                       })}})(input(DType::float32, {32, 128}));
    } catch (const Error &e) {
      return e.what();
    }
    return "no error";
  };
  // Along the lanes: whole 128-lane tiles.
  EXPECT_THAT(error(pl::BlockSpec({16, pl::Element(128, {1, 1})},
                                  [](Scalar) { return std::tuple{0, 0}; })),
              testing::HasSubstr("pl::Element of in_specs[0] with padding (1, 1) along the "
                                 "lanes: a step copies the columns inside the array in whole "
                                 "tiles of 128 lanes, so the padding and the block's columns "
                                 "(128) must be multiples of 128"));
  // Packed rows move in whole words: a halo of one bf16 row is refused.
  try {
    pl::pallas_call([](Ref x, Ref o) { o[___] = x(pl::ds(1, 16), pl::all); },
                    {.out_shape = ShapeDtypeStruct{{16, 128}, DType::bfloat16},
                     .grid = {1},
                     .in_specs = {pl::BlockSpec({pl::Element(18, {1, 1}), 128},
                                                [](Scalar i) { return std::tuple{i * 16, 0}; })},
                     .out_specs = {pl::BlockSpec({16, 128}, [](Scalar) {
                       return std::tuple{0, 0};
                     })}})(Array::from_f32(std::vector<float>(32 * 128, 1.0f), {32, 128},
                                           DType::bfloat16));
    ADD_FAILURE() << "expected an error";
  } catch (const Error &e) {
    EXPECT_THAT(e.what(), testing::HasSubstr("its rows are packed 2 to a word, so the rows each "
                                             "step copies are whole words"));
  }
  // Padded rows of each matrix of a packed array: the high padding too is
  // whole words (every matrix's offsets keep them).
  try {
    pl::pallas_call([](Ref x, Ref o) { o[___] = x(pl::ds(2, 16), pl::all); },
                    {.out_shape = ShapeDtypeStruct{{2, 16, 128}, DType::bfloat16},
                     .grid = {2},
                     .in_specs = {pl::BlockSpec({pl::Squeezed, pl::Element(20, {2, 1}), 128},
                                                [](Scalar b) { return std::tuple{b, 0, 0}; })},
                     .out_specs = {pl::BlockSpec({pl::Squeezed, 16, 128}, [](Scalar b) {
                       return std::tuple{b, 0, 0};
                     })}})(Array::from_f32(std::vector<float>(2 * 16 * 128, 1.0f), {2, 16, 128},
                                           DType::bfloat16));
    ADD_FAILURE() << "expected an error";
  } catch (const Error &e) {
    EXPECT_THAT(e.what(), testing::HasSubstr("pl::Element of in_specs[0] with padding (2, 1): its "
                                             "rows are packed 2 to a word, so the rows each step "
                                             "copies are whole words: the low padding and the "
                                             "high, the block's and the matrices' rows"));
  }
  EXPECT_THAT(error(pl::BlockSpec({pl::Element(35, {1, 1}), 128},
                                  [](Scalar) { return std::tuple{0, 0}; })),
              testing::HasSubstr("block dimension 0 of in_specs[0] f32[32,128] is 35: it must be "
                                 "in [1, 34]"));
  EXPECT_THAT(error(pl::BlockSpec({pl::Element(33), 128}, [](Scalar) { return std::tuple{0, 0}; })),
              testing::HasSubstr("block dimension 0 of in_specs[0] f32[32,128] is 33: it must be "
                                 "in [1, 32]"));
  // An offset past the array: the pipeline's check of the index map (an
  // output's: its DMA's bounds check).
  EXPECT_THAT(error(pl::BlockSpec({pl::Element(16), 128}, [](Scalar) { return std::tuple{20, 0}; })),
              testing::HasSubstr("at grid point (0) the index map of in_specs[0] 'in0' returned "
                                 "(20, 0), outside its array [32, 128] for a block of [16, 128] "
                                 "(offsets in [0, 16], block indices in [0, 1))"));
}

}  // namespace
}  // namespace tessera
