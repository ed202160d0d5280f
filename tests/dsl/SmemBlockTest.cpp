//===- SmemBlockTest.cpp - pallas_call BlockSpecs with memory_space SMEM --===//
//
// Blocks of 1-D and 2-D int32 / f32 arrays in SMEM per grid step (copied in
// when the block index changes, written back when it moves on and after
// the grid), whole 2-D SMEM inputs and outputs, SMEM output blocks of a
// grid split over both TensorCores; compiled and interpreted, against the
// host; the errors at the BlockSpec's line.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "dsl/tessera.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::HasSubstr;
using namespace testutil;

constexpr MemorySpace SMEM = MemorySpace::SMEM;

std::vector<int32_t> iota(int64_t n, int32_t first, int32_t step = 1) {
  std::vector<int32_t> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = first + (int32_t)i * step;
  return v;
}

/// The output of `f(args)`, and the launch's statistics when compiled.
struct Ran {
  Array out;
  runtime::LaunchStats stats;
};
Ran ranOf(const Compiled &c, const std::vector<Array> &args) {
  auto out = c.run(args);
  EXPECT_TRUE(out.ok()) << out.status().message();
  if (!out.ok())
    return {};
  return {out->front(), c.last_run().front()};
}
Ran run(const pl::PallasCall &f, const Array &a) {
  return ranOf(compile([&](const Array &x) { return f(x); }, a), {a});
}
Ran run(const pl::PallasCall &f, const Array &a, const Array &b) {
  return ranOf(compile([&](const Array &x, const Array &y) { return f(x, y); }, a, b), {a, b});
}

TEST(SmemBlock, OneDInputBlocksPerStep) {
  // A [64] int32 table in blocks of 8: step i adds t[8i] + 2 t[8i + 7] to
  // block i of x (VMEM).
  std::vector<int32_t> t = iota(64, -20, 3), x = iota(64 * 128, 5);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref t_ref, Ref x_ref, Ref o_ref) {
          o_ref[___] = x_ref[___] + t_ref[0] + t_ref[7] * 2;
        },
        {.out_shape = s32(64, 128),
         .grid = {8},
         .in_specs = {pl::BlockSpec({8}, [](Scalar i) { return i; }, SMEM),
                      pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
         .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
         .interpret = interpret});
    std::vector<int32_t> got =
        f(Array::from_s32(t, {64}), Array::from_s32(x, {64, 128})).to_s32();
    for (int64_t e = 0; e < 64 * 128; ++e) {
      int64_t b = e / (8 * 128);
      ASSERT_EQ(got[e], x[e] + t[8 * b] + 2 * t[8 * b + 7]) << e << " " << interpret;
    }
  }
}

TEST(SmemBlock, AnUnchangedBlockIsNotCopiedAgain) {
  // Index map i / 2: steps 2k and 2k + 1 read block k, copied once (the
  // SMEM DMAs: 4, not 8), as Pallas compares with the previous step only.
  std::vector<int32_t> t = iota(32, 1, 2), x(64 * 128, 0);
  auto call = [](bool halved) {
    return pl::pallas_call(
        [](Ref t_ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + t_ref[1]; },
        {.out_shape = s32(64, 128),
         .grid = {8},
         .in_specs = {halved ? pl::BlockSpec({8}, [](Scalar i) { return i / 2; }, SMEM)
                             : pl::BlockSpec({4}, [](Scalar i) { return i; }, SMEM),
                      pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
         .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })}});
  };
  Array ta = Array::from_s32(t, {32}), xa = Array::from_s32(x, {64, 128});
  Ran halved = run(call(true), ta, xa), every = run(call(false), ta, xa);
  std::vector<int32_t> got = halved.out.to_s32();
  for (int64_t e = 0; e < 64 * 128; ++e)
    ASSERT_EQ(got[e], t[8 * (e / (2 * 8 * 128)) + 1]) << e;
  EXPECT_EQ(every.stats.run.dmasIssued - halved.stats.run.dmasIssued, 4);
}

TEST(SmemBlock, TwoDInputBlocksInt32AndF32) {
  // t: int32 [16, 256] in (8, 128) blocks over a (2, 2) grid; s: f32
  // [8, 64] in (4, 32) blocks; o block (i, j) of x gets t's and s's words.
  std::vector<int32_t> t = iota(16 * 256, -1000, 7);
  std::vector<float> s(8 * 64), x = pattern(4 * 8 * 128, 5);
  for (int64_t e = 0; e < 8 * 64; ++e)
    s[e] = 0.25f * (float)(e % 37) - 3.0f;
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref t_ref, Ref s_ref, Ref x_ref, Ref o_ref) {
          Scalar k = t_ref(0, 0) + t_ref(7, 127) * 3 + t_ref(3, 5);
          o_ref[___] = x_ref[___] * s_ref(1, 2) + s_ref(3, 31) + k.astype(DType::float32);
        },
        {.out_shape = f32(32, 128),
         .grid = {2, 2},
         .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i, Scalar j) { return std::tuple{i, j}; },
                                    SMEM),
                      pl::BlockSpec({4, 32}, [](Scalar i, Scalar j) { return std::tuple{i, j}; },
                                    SMEM),
                      pl::BlockSpec({8, 128},
                                    [](Scalar i, Scalar j) { return std::tuple{i * 2 + j, 0}; })},
         .out_specs = {pl::BlockSpec({8, 128},
                                     [](Scalar i, Scalar j) { return std::tuple{i * 2 + j, 0}; })},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_s32(t, {16, 256}), Array::from_f32(s, {8, 64}),
                               Array::from_f32(x, {32, 128}))
                                 .to_f32();
    for (int64_t e = 0; e < 32 * 128; ++e) {
      int64_t b = e / (8 * 128), i = b / 2, j = b % 2;
      auto T = [&](int64_t r, int64_t c) { return t[(8 * i + r) * 256 + 128 * j + c]; };
      auto S = [&](int64_t r, int64_t c) { return s[(4 * i + r) * 64 + 32 * j + c]; };
      float k = (float)(T(0, 0) + T(7, 127) * 3 + T(3, 5));
      ASSERT_EQ(got[e], x[e] * S(1, 2) + S(3, 31) + k) << e << " " << interpret;
    }
  }
}

TEST(SmemBlock, WholeTwoDInputAndOutput) {
  // A whole f32 [4, 200] input (copied row by row, 128-lane runs) and a
  // whole int32 [3, 5] output written on the scalar unit.
  std::vector<float> s(4 * 200);
  for (int64_t e = 0; e < 4 * 200; ++e)
    s[e] = 0.5f * (float)e;
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref s_ref, Ref o_ref) {
          for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 5; ++c)
              o_ref(r, c) = (s_ref(r + 1, 40 * c + 3) * 2.0).astype(DType::int32) + r;
        },
        {.out_shape = s32(3, 5),
         .grid = {1},
         .in_specs = {pl::BlockSpec::smem()},
         .out_specs = {pl::BlockSpec::smem()},
         .interpret = interpret});
    std::vector<int32_t> got = f(Array::from_f32(s, {4, 200})).to_s32();
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 5; ++c)
        EXPECT_EQ(got[r * 5 + c], (int32_t)(s[(r + 1) * 200 + 40 * c + 3] * 2.0f) + r)
            << r << "," << c << " " << interpret;
  }
}

TEST(SmemBlock, OneDOutputBlocksAccumulateAcrossConsecutiveSteps) {
  // o: int32 [32] in blocks of 8 over a (4, 3) grid, block i at every k:
  // written back once, when i moves on (and after the grid).
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref o_ref) {
          Scalar i = pl::program_id(0), k = pl::program_id(1);
          for (int e = 0; e < 8; ++e) {
            pl::when(k == 0, [&] { o_ref[e] = i * 100 + e; });
            o_ref[e] = o_ref[e] + k * 10;
          }
        },
        {.out_shape = ShapeDtypeStruct{{32}, DType::int32},
         .grid = {4, 3},
         .out_specs = {pl::BlockSpec({8}, [](Scalar i, Scalar) { return i; }, SMEM)},
         .interpret = interpret});
    std::vector<int32_t> want(32);
    for (int e = 0; e < 32; ++e)
      want[e] = (e / 8) * 100 + e % 8 + 30;
    EXPECT_EQ(f().to_s32(), want) << interpret;
  }
}

TEST(SmemBlock, TwoDOutputBlocksF32) {
  // o: f32 [16, 64] in (8, 32) blocks, (i, j) written from x's block sums.
  std::vector<float> x = pattern(16 * 128, 9);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Scalar i = pl::program_id(0), j = pl::program_id(1);
          lax::fori_loop(0, 8, [&](Scalar r, Scalar carry) {
            lax::fori_loop(0, 32, [&](Scalar c, Scalar c2) {
              o_ref(r, c) = ((i * 1000 + j * 100 + r * 10 + c).astype(DType::float32) +
                             x_ref(3, 5));
              return c2;
            }, 0);
            return carry;
          }, 0);
        },
        {.out_shape = f32(16, 64),
         .grid = {2, 2},
         .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i, Scalar) { return std::tuple{i, 0}; })},
         .out_specs = {pl::BlockSpec({8, 32}, [](Scalar i, Scalar j) { return std::tuple{i, j}; },
                                     SMEM)},
         .interpret = interpret});
    std::vector<float> got = f(Array::from_f32(x, {16, 128})).to_f32();
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 64; ++c) {
        int i = r / 8, j = c / 32;
        float want = (float)(i * 1000 + j * 100 + (r % 8) * 10 + c % 32) + x[(8 * i + 3) * 128 + 5];
        ASSERT_EQ(got[r * 64 + c], want) << r << "," << c << " " << interpret;
      }
  }
}

TEST(SmemBlock, Uint32BlocksPickedByScalarPrefetch) {
  // The table's block for step i is order[i] (an index map reading the
  // scalar-prefetch Ref); the uint32 output block i gets 2 t + i.
  std::vector<int32_t> order = {2, 0, 3, 1};
  std::vector<uint32_t> t(32);
  for (uint32_t e = 0; e < 32; ++e)
    t[e] = 0x80000000u + e * 0x01010101u;
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref order_ref, Ref t_ref, Ref o_ref) {
          Scalar i = pl::program_id(0);
          for (int e = 0; e < 8; ++e)
            o_ref[e] = t_ref[e] * 2 + i.astype(DType::uint32);
        },
        {.out_shape = ShapeDtypeStruct{{32}, DType::uint32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {4},
             .in_specs = {pl::BlockSpec({8}, [](Scalar i, Ref o) { return o[i]; }, SMEM)},
             .out_specs = {pl::BlockSpec({8}, [](Scalar i, Ref) { return i; }, SMEM)}},
         .interpret = interpret});
    std::vector<uint32_t> got =
        f.call({Array::from_s32(order, {4}), Array::from_u32(t, {32})}).front().to_u32();
    for (int e = 0; e < 32; ++e)
      ASSERT_EQ(got[e], t[8 * order[e / 8] + e % 8] * 2u + (uint32_t)(e / 8)) << e << interpret;
  }
}

TEST(SmemBlock, ElementBoundedSliceAndSqueezedDimensions) {
  // SMEM blocks of pl::Element windows (overlapping, at i * 5), of
  // pl::BoundedSlice windows from scalar prefetch (ragged segments, an
  // empty one; the output writes back its segment only), of 2-D element
  // and bounded rows, of a squeezed row and a squeezed column (the body's
  // SMEM Ref 1-D); compiled and interpreted against the host. A segment past its block
  // stops the kernel at the BlockSpec's line.
  std::vector<int32_t> t = iota(64, -20, 3), m = iota(16 * 128, 7, 2), c = iota(16 * 8, 1, 5);
  std::vector<int32_t> bounds = {0, 5, 5, 16, 30, 46, 64};
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    // pl::Element(8) at 5 i: steps read t[5i] and t[5i + 7].
    auto f = pl::pallas_call(
        [](Ref t_ref, Ref o_ref) { o_ref[___] = jnp::zeros({8, 128}, DType::int32) + t_ref[0] + t_ref[7]; },
        {.out_shape = s32(8 * 8, 128),
         .grid = {8},
         .in_specs = {pl::BlockSpec({pl::Element(8)}, [](Scalar i) { return i * 5; }, SMEM)},
         .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
         .interpret = interpret});
    std::vector<int32_t> got = f(Array::from_s32(t, {64})).to_s32();
    for (int64_t i = 0; i < 8; ++i)
      ASSERT_EQ(got[i * 8 * 128 + 3], t[5 * i] + t[5 * i + 7]) << i;
    // pl::BoundedSlice{18} segments [b[i], b[i + 1]): the output segment is
    // the input's doubled, written back alone.
    pl::BlockSpec segment({pl::BoundedSlice{18}}, [](Scalar i, Ref b) {
      Scalar start = b[i];
      return std::tuple{pl::ds(start, Scalar(b[i + 1]) - start)};
    }, SMEM);
    auto g = pl::pallas_call(
        [](Ref b_ref, Ref t_ref, Ref o_ref) {
          Scalar i = pl::program_id(0);
          Scalar n = Scalar(b_ref[i + 1]) - b_ref[i];
          pl::loop(0, n)([&](Scalar k) { o_ref[k] = t_ref[k] * 2; });
        },
        {.out_shape = ShapeDtypeStruct{{64}, DType::int32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1, .grid = {6}, .in_specs = {segment}, .out_specs = {segment}},
         .interpret = interpret});
    got = g.call({Array::from_s32(bounds, {7}), Array::from_s32(t, {64})}).front().to_s32();
    for (int64_t e = 0; e < 64; ++e)
      ASSERT_EQ(got[e], t[e] * 2) << e;
    // 2-D: pl::Element rows of [16, 128] (4 rows at i + i / 2) and pl::BoundedSlice
    // rows of [16, 8] (the first `size` of 8 at 8 (i % 2), size 8 - i / 2).
    auto h = pl::pallas_call(
        [](Ref rows_ref, Ref part_ref, Ref o_ref) {
          Scalar i = pl::program_id(0);
          Scalar n = 8 - i / 2;
          o_ref[___] = jnp::zeros({8, 128}, DType::int32) + rows_ref(1, 3) + rows_ref(3, 100) * 2 +
                       part_ref(0, 5) * 5 + part_ref(n - 1, 7) * 7;
        },
        {.out_shape = s32(8 * 8, 128),
         .grid = {8},
         .in_specs = {pl::BlockSpec({pl::Element(4), 128},
                                    [](Scalar i) { return std::tuple{i + i / 2, 0}; }, SMEM),
                      pl::BlockSpec({pl::BoundedSlice{8}, 8},
                                    [](Scalar i) {
                                      return std::tuple{pl::ds(i % 2 * 8, 8 - i / 2), 0};
                                    },
                                    SMEM)},
         .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
         .interpret = interpret});
    got = h(Array::from_s32(m, {16, 128}), Array::from_s32(c, {16, 8})).to_s32();
    for (int64_t i = 0; i < 8; ++i) {
      int64_t r0 = i % 2 * 8, n = 8 - i / 2;
      int64_t e = i + i / 2;
      ASSERT_EQ(got[i * 8 * 128], m[(e + 1) * 128 + 3] + m[(e + 3) * 128 + 100] * 2 +
                                      c[r0 * 8 + 5] * 5 + c[(r0 + n - 1) * 8 + 7] * 7)
          << i;
    }
    // A squeezed row of [16, 128] (the body's SMEM Ref [128]: one DMA of
    // the row's words) and a squeezed column of [16, 8] (8 rows of column
    // j: the body's Ref [8]).
    auto sq = pl::pallas_call(
        [](Ref row_ref, Ref col_ref, Ref o_ref) {
          EXPECT_EQ(row_ref.shape(), Shape{128});
          EXPECT_EQ(col_ref.shape(), Shape{8});
          o_ref[___] = jnp::zeros({8, 128}, DType::int32) + row_ref[3] + row_ref[100] * 2 +
                       col_ref[0] * 5 + col_ref[7] * 7;
        },
        {.out_shape = s32(16 * 8, 128),
         .grid = {16},
         .in_specs = {pl::BlockSpec({pl::Squeezed, 128},
                                    [](Scalar i) { return std::tuple{i, 0}; }, SMEM),
                      pl::BlockSpec({8, pl::Squeezed},
                                    [](Scalar i) { return std::tuple{i / 8, i % 8}; }, SMEM)},
         .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
         .interpret = interpret});
    got = sq(Array::from_s32(m, {16, 128}), Array::from_s32(c, {16, 8})).to_s32();
    for (int64_t i = 0; i < 16; ++i) {
      int64_t r0 = (i / 8) * 8, j = i % 8;
      ASSERT_EQ(got[i * 8 * 128],
                m[i * 128 + 3] + m[i * 128 + 100] * 2 + c[r0 * 8 + j] * 5 + c[(r0 + 7) * 8 + j] * 7)
          << i;
    }
    // Bounded columns of [16, 8]: rows 8 (i % 2) on, the first 8 - i / 2
    // columns from column i / 2 (by bits of the size, in each row).
    auto cols = pl::pallas_call(
        [](Ref part_ref, Ref o_ref) {
          Scalar i = pl::program_id(0);
          Scalar n = 8 - i / 2;
          o_ref[___] = jnp::zeros({8, 128}, DType::int32) + part_ref(2, 0) + part_ref(7, n - 1) * 3;
        },
        {.out_shape = s32(8 * 8, 128),
         .grid = {8},
         .in_specs = {pl::BlockSpec({8, pl::BoundedSlice{8}},
                                    [](Scalar i) {
                                      return std::tuple{i % 2, pl::ds(i / 2, 8 - i / 2)};
                                    },
                                    SMEM)},
         .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
         .interpret = interpret});
    got = cols(Array::from_s32(c, {16, 8})).to_s32();
    for (int64_t i = 0; i < 8; ++i) {
      int64_t r0 = i % 2 * 8, c0 = i / 2, n = 8 - i / 2;
      ASSERT_EQ(got[i * 8 * 128], c[(r0 + 2) * 8 + c0] + c[(r0 + 7) * 8 + c0 + n - 1] * 3) << i;
    }
    // A segment longer than its block: stopped at the BlockSpec's line.
    std::vector<int32_t> long_ = {0, 20, 20, 30, 40, 50, 64};
    std::string msg = errorOf([&] {
      g.call({Array::from_s32(long_, {7}), Array::from_s32(t, {64})}).front().to_s32();
    });
    EXPECT_THAT(msg, HasSubstr("the pl::BoundedSlice size 20 of in_specs[0] is outside [0, 18]"));
  }
}

TEST(SmemBlock, ABlockIndexOutsideTheArrayStopsTheKernelAtTheBlockSpec) {
  // Block i + 1 of 8: the last step's block 8 is past the int32[64].
  for (bool interpret : {false, true}) {
    std::string line = here(4);
    auto f = pl::pallas_call([](Ref t_ref, Ref o_ref) { o_ref[pl::program_id(0)] = t_ref[0]; },
                             {.out_shape = ShapeDtypeStruct{{8}, DType::int32},
                              .grid = {8},
                              .in_specs = {pl::BlockSpec({8}, [](Scalar i) { return i + 1; }, SMEM)},
                              .out_specs = {pl::BlockSpec::smem()},
                              .interpret = interpret});
    std::string msg = errorOf([&] { f(Array::from_s32(iota(64, 0), {64})); });
    EXPECT_THAT(msg, HasSubstr(line)) << interpret;
    EXPECT_THAT(msg, HasSubstr("[64, 72)")) << msg;
  }
}

pl::PallasCall splitCall(pltpu::Interpret interpret, bool blocked) {
  return pl::pallas_call(
      [](Ref t_ref, Ref o_ref) {
        Scalar i = pl::program_id(0);
        for (int e = 0; e < 8; ++e)
          o_ref[e] = t_ref[e] * 2 + i;
      },
      {.out_shape = ShapeDtypeStruct{{64}, DType::int32},
       .grid = {8},
       .in_specs = {pl::BlockSpec({8}, [](Scalar i) { return i; }, SMEM)},
       .out_specs = {blocked ? pl::BlockSpec({8}, [](Scalar i) { return i; }, SMEM)
                             : pl::BlockSpec({8}, [](Scalar) { return 0; }, SMEM)},
       .name = "smem_split",
       .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
       .interpret = interpret});
}

TEST(SmemBlock, OutputBlocksOfAMegacoreSplitGrid) {
  // The 8 points split over both TensorCores: each writes back its blocks.
  std::vector<int32_t> t = iota(64, -9, 5), want(64);
  for (int e = 0; e < 64; ++e)
    want[e] = t[e] * 2 + e / 8;
  Array ta = Array::from_s32(t, {64});
  Ran r = run(splitCall(false, true), ta);
  EXPECT_EQ(r.out.to_s32(), want);
  ASSERT_EQ(r.stats.cores.size(), 2u);
  EXPECT_EQ(r.stats.cores[0].dmasIssued, 8) << "4 blocks in, 4 out";
  EXPECT_EQ(r.stats.cores[1].dmasIssued, 8);
  auto params = pltpu::InterpretParams{.detect_races = true, .num_cores_or_threads = 2};
  EXPECT_EQ(splitCall(params, true)(ta).to_s32(), want);
  // One block for every point: both cores would write it back.
  std::string msg = errorOf([&] { splitCall(false, false)(ta); });
  EXPECT_THAT(msg, HasSubstr("out_specs[0] has memory_space SMEM and this call's parallel grid "
                             "axes are split over 2 TensorCores (megacore): its index map does "
                             "not use parallel axis 0, so both cores would write the same block"));
  EXPECT_THAT(msg, HasSubstr("SmemBlockTest.cpp"));
  msg = errorOf([&] {
    pl::pallas_call([](Ref o_ref) { o_ref[0] = pl::program_id(0); },
                    {.out_shape = ShapeDtypeStruct{{8}, DType::int32},
                     .grid = {4},
                     .out_specs = {pl::BlockSpec::smem()},
                     .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}}})();
  });
  EXPECT_THAT(msg, HasSubstr("a whole-array SMEM output would be written back by every core"));
}

/// The error of a pallas_call of `x` with in_specs {spec} (a body that
/// reads one word), and the line `spec` was made on.
std::string errorOfSpec(const Array &x, const pl::BlockSpec &spec) {
  return errorOf([&] {
    pl::pallas_call([](Ref t_ref, Ref o_ref) { o_ref[___] = jnp::zeros({8, 128}) + 1.0; },
                    {.out_shape = f32(8, 128), .grid = {2}, .in_specs = {spec}})(x);
  });
}

TEST(SmemBlock, ErrorsNameTheBlockSpecAndTheRule) {
  Array t64 = Array::from_s32(iota(64, 0), {64});
  std::string line = here(1);
  std::string msg = errorOfSpec(t64, pl::BlockSpec({12}, [](Scalar i) { return i; }, SMEM));
  EXPECT_EQ(msg, line + ": in_specs[0] has memory_space SMEM: block dimension 0 of s32[64] is "
                        "12: it must divide the array's 64 (a divisor in [1, 64]; SMEM blocks "
                        "are never partial)");
  msg = errorOfSpec(t64, pl::BlockSpec({128}, [](Scalar i) { return i; }, SMEM));
  EXPECT_THAT(msg, HasSubstr("is 128: it must divide the array's 64 (a divisor in [1, 64]"));
  line = here(2);
  msg = errorOfSpec(Array::from_f32(std::vector<float>(8 * 96), {8, 96}),
                    pl::BlockSpec({8, 48}, [](Scalar i) { return std::tuple{0, i}; }, SMEM));
  EXPECT_EQ(msg, line + ": in_specs[0] has memory_space SMEM: the last block dimension of "
                        "f32[8,96] is 48: it must be the array's (96), a divisor of 128 or a "
                        "multiple of 128 (a block row's DMAs stay in 128-lane tiles)");
  msg = errorOfSpec(jnp::astype(Array::from_f32(std::vector<float>(8 * 128), {8, 128}),
                                DType::bfloat16),
                    pl::BlockSpec({8, 128}, [](Scalar) { return std::tuple{0, 0}; }, SMEM));
  EXPECT_THAT(msg, HasSubstr("in_specs[0] has memory_space SMEM: SMEM holds 32-bit words: a "
                             "block of bf16[8,128] is not supported (int32, uint32 or float32 "
                             "blocks; bool only as a whole 1-D input)"));
  msg = errorOfSpec(Array::from_f32(std::vector<float>(2 * 8 * 128), {2, 8, 128}),
                    pl::BlockSpec::smem());
  EXPECT_THAT(msg, HasSubstr("in_specs[0] has memory_space SMEM: SMEM Refs have rank 1 or 2, "
                             "not f32[2,8,128]"));
  msg = errorOfSpec(t64, pl::BlockSpec({8}, [](Scalar i) { return std::tuple{i, 0}; }, SMEM));
  EXPECT_THAT(msg, HasSubstr("the index map of in_specs[0] returns 2 block indices; the array "
                             "[64] has 1 dimension"));
  msg = errorOfSpec(t64, pl::BlockSpec({pl::Element(8, {1, 1})}, [](Scalar i) { return i; }, SMEM));
  EXPECT_THAT(msg, HasSubstr("in_specs[0] has memory_space SMEM: block dimension 0 is a padded "
                             "pl::Element; an SMEM block's windows are inside the array"));
  msg = errorOfSpec(Array::from_s32(iota(8 * 128, 0), {8, 128}),
                    pl::BlockSpec({pl::Squeezed, pl::Squeezed},
                                  [](Scalar i) { return std::tuple{i, i}; }, SMEM));
  EXPECT_THAT(msg, HasSubstr("every block dimension is squeezed; an SMEM block keeps one"));
}

TEST(SmemBlock, EmitPipelineOperands) {
  // emit_pipeline's SMEM BlockSpecs (Pallas' BufferedRef in SMEM): a [64]
  // int32 table in blocks of 8 beside VMEM blocks of x, each step adding
  // t[0] + 2 t[7] to its x block; ragged pl::BoundedSlice segments of the
  // table (sizes 10 and 6 in turn) doubled into an SMEM output, each
  // written back alone; a whole 1-D SMEM input, copied once before the
  // pipeline. Compiled and interpreted.
  std::vector<int32_t> t = iota(64, -20, 3), x = iota(64 * 128, 5);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = {s32(64, 128), ShapeDtypeStruct{{64}, DType::int32}, s32(64, 128)},
         .interpret = interpret},
        [](Ref t_hbm, Ref x_hbm, Ref o_hbm, Ref d_hbm, Ref w_hbm) {
          auto rows = [] {
            return pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; });
          };
          pltpu::emit_pipeline(
              [](Ref t_ref, Ref x_ref, Ref o_ref) {
                o_ref[___] = x_ref[___] + t_ref[0] + t_ref[7] * 2;
              },
              {.grid = {8},
               .in_specs = {pl::BlockSpec({8}, [](Scalar i) { return i; }, SMEM), rows()},
               .out_specs = {rows()}})(t_hbm, x_hbm, o_hbm);
          auto segment = [] {
            return pl::BlockSpec({pl::BoundedSlice{10}}, [](Scalar i) {
              return std::tuple{pl::ds(i / 2 * 16 + i % 2 * 10, 10 - i % 2 * 4)};
            }, SMEM);
          };
          pltpu::emit_pipeline(
              [](Ref t_ref, Ref d_ref) {
                Scalar i = pl::program_id(0);
                pl::loop(0, 10 - i % 2 * 4)([&](Scalar e) { d_ref[e] = t_ref[e] * 2; });
              },
              {.grid = {8}, .in_specs = {segment()}, .out_specs = {segment()}})(t_hbm, d_hbm);
          pltpu::emit_pipeline(
              [](Ref t_ref, Ref x_ref, Ref w_ref) {
                w_ref[___] = x_ref[___] + t_ref[pl::program_id(0) * 8 + 1];
              },
              {.grid = {8}, .in_specs = {pl::BlockSpec::smem(), rows()}, .out_specs = {rows()}})(
              t_hbm, x_hbm, w_hbm);
        });
    auto out = k.call({Array::from_s32(t, {64}), Array::from_s32(x, {64, 128})});
    std::vector<int32_t> o = out[0].to_s32(), d = out[1].to_s32(), w = out[2].to_s32();
    for (int64_t e = 0; e < 64 * 128; ++e) {
      int64_t b = e / (8 * 128);
      ASSERT_EQ(o[e], x[e] + t[8 * b] + 2 * t[8 * b + 7]) << e;
      ASSERT_EQ(w[e], x[e] + t[8 * b + 1]) << e;
    }
    for (int64_t e = 0; e < 64; ++e)
      ASSERT_EQ(d[e], t[e] * 2) << e;
  }
}

}  // namespace
}  // namespace tessera
