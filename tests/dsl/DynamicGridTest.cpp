//===- DynamicGridTest.cpp - pallas_call grids with run-time extents ------===//
//
// Pallas' "the grid is ints or int32 scalars": a grid axis whose extent is
// an int32 Array, known only when the kernel runs. Each case runs compiled
// (one binary for every extent: the compile cache must hit) and
// interpreted, against host arithmetic: 1-D grids of 0, 1, some and all of
// the array's blocks, a static and a run-time axis, an accumulation over a
// run-time ARBITRARY axis, a PARALLEL run-time axis split across both
// TensorCores, pl::num_programs of a run-time axis, the errors, and
// pltpu::emit_pipeline over a run-time Scalar of the kernel.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "dsl/tessera.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::AllOf;
using testing::HasSubstr;
using testing::StartsWith;
using namespace testutil;

Array extent(int32_t n) { return Array::from_s32({n}, {1}); }

const runtime::KernelBinary *binaryOf(const Compiled &c) {
  return c.program().calls.at(0).kernel.get();
}

std::vector<float> run(const Compiled &c, const std::vector<Array> &args) {
  auto out = c.run(args);
  EXPECT_TRUE(out.ok()) << out.status().message();
  return out.ok() ? out->front().to_f32() : std::vector<float>{};
}

//===----------------------------------------------------------------------===//
// 1-D: blocks [0, n) of x, scaled, over `base` (aliased to the output, so
// that the blocks past n keep base's data)
//===----------------------------------------------------------------------===//

constexpr int64_t kBlocks = 8;

/// `buffers`: the input's pl::Buffered (a ring of 1 and of 3 fetch in the
/// prologue and the steps otherwise than the double buffer).
constexpr int kScaleFirstLine = __LINE__ + 4;
pl::PallasCall scaleFirst(const Array &n, bool interpret, int buffers = 2) {
  auto map = [](Scalar i) { return std::tuple{i, 0}; };
  auto block = pl::BlockSpec({8, 128}, map);
  return pl::pallas_call(
      [](Ref x_ref, Ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
      {.out_shape = f32(kBlocks * 8, 128),
       .grid = {n},
       .in_specs = {pl::BlockSpec({8, 128}, map, pl::Buffered{buffers}), pl::BlockSpec::any()},
       .out_specs = {block},
       .input_output_aliases = {{1, 0}},
       .name = "scale_first",
       .interpret = interpret});
}

std::vector<float> scaleFirstWant(int64_t n, const std::vector<float> &x,
                                  const std::vector<float> &base) {
  std::vector<float> want = base;
  for (int64_t e = 0; e < std::min(n, kBlocks) * 8 * 128; ++e)
    want[e] = x[e] * 2.0f + 1.0f;
  return want;
}

TEST(DynamicGrid, OneAxisRunsTheExtentReadAtRunTime) {
  std::vector<float> x = pattern(kBlocks * 8 * 128, 1), base = pattern(kBlocks * 8 * 128, 2);
  Array xa = Array::from_f32(x, {kBlocks * 8, 128}), ba = Array::from_f32(base, {kBlocks * 8, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    // One program for every extent: the extent is an argument of the jit.
    Compiled c = compile([&](const Array &n, const Array &a,
                             const Array &b) { return scaleFirst(n, interpret)(a, b); },
                         extent(3), xa, ba);
    for (int32_t n : {0, 1, 3, 5, 8}) {
      SCOPED_TRACE("n = " + std::to_string(n));
      EXPECT_EQ(run(c, {extent(n), xa, ba}), scaleFirstWant(n, x, base));
      if (!interpret && n == 0)
        EXPECT_EQ(c.last_run().front().run.dmasIssued, 0) << "no step: no fetch, no write-back";
      if (!interpret && n == 3)
        EXPECT_EQ(c.last_run().front().run.dmasIssued, 3 + 3)
            << "3 fetches and 3 write-backs (of blocks as wide as the array: one DMA each)";
    }
    // Eagerly, with an extent of shape [] (a scalar Array).
    EXPECT_EQ(scaleFirst(Array::from_s32({2}, {}), interpret)(xa, ba).to_f32(),
              scaleFirstWant(2, x, base));
  }
}

TEST(DynamicGrid, RingsOfOneAndThreeBuffers) {
  std::vector<float> x = pattern(kBlocks * 8 * 128, 11), base = pattern(kBlocks * 8 * 128, 12);
  Array xa = Array::from_f32(x, {kBlocks * 8, 128}), ba = Array::from_f32(base, {kBlocks * 8, 128});
  for (int buffers : {1, 3}) {
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(std::to_string(buffers) + (interpret ? " buffers, interpreted" : " buffers"));
      Compiled c = compile([&](const Array &n, const Array &a,
                               const Array &b) { return scaleFirst(n, interpret, buffers)(a, b); },
                           extent(3), xa, ba);
      for (int32_t n : {0, 1, 2, 3, 8}) {
        SCOPED_TRACE("n = " + std::to_string(n));
        EXPECT_EQ(run(c, {extent(n), xa, ba}), scaleFirstWant(n, x, base));
        if (!interpret)
          EXPECT_EQ(c.last_run().front().run.dmasIssued, 2 * n) << "each block fetched once";
      }
    }
  }
}

// With scalar prefetch of the user's own: the index map and the kernel see
// the user's SMEM Ref (block indices), not the extent's.
TEST(DynamicGrid, ARunTimeExtentBesideScalarPrefetch) {
  std::vector<float> x = pattern(kBlocks * 8 * 128, 15);
  Array xa = Array::from_f32(x, {kBlocks * 8, 128});
  auto call = [](const Array &n, bool interpret) {
    return pl::pallas_call(
        [](Ref idx, Ref x_ref, Ref o_ref) {
          // (idx[0] is 5; the extent's Ref would hold n.)
          o_ref[___] = x_ref[___];
          pl::when(Scalar(idx[0]) == 5, [&] { o_ref[___] = x_ref[___] + 5.0; });
        },
        {.out_shape = f32(kBlocks * 8, 128),
         .grid_spec =
             pltpu::PrefetchScalarGridSpec{
                 .num_scalar_prefetch = 1,
                 .grid = {n},
                 .in_specs = {pl::BlockSpec({8, 128},
                                            [](Scalar i, Ref idx) {
                                              return std::tuple{Scalar(idx[i]), 0};
                                            })},
                 .out_specs = {pl::BlockSpec({8, 128},
                                             [](Scalar i, Ref) {
                                               return std::tuple{i, 0};
                                             })}},
         .name = "gather",
         .interpret = interpret});
  };
  std::vector<int32_t> pages = {5, 0, 3, 3, 7, 1, 2, 6};
  Array idx = Array::from_s32(pages, {kBlocks});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    Compiled c = compile(
        [&](const Array &n, const Array &i, const Array &a) { return call(n, interpret)(i, a); },
        extent(8), idx, xa);
    for (int32_t n : {1, 4, 8}) {
      SCOPED_TRACE("n = " + std::to_string(n));
      std::vector<float> got = run(c, {extent(n), idx, xa});
      ASSERT_EQ(got.size(), x.size());
      for (int64_t r = 0; r < 8 * n; ++r)
        for (int64_t col = 0; col < 128; ++col)
          ASSERT_EQ(got[r * 128 + col], x[(pages[r / 8] * 8 + r % 8) * 128 + col] + 5.0f)
              << "row " << r;
    }
  }
}

// A partial edge block: f32[60, 128] in 8-row blocks is 7 whole blocks and
// one of 4 rows; the grid covers the first n of them.
TEST(DynamicGrid, APartialEdgeBlockAtTheEndOfARunTimeGrid) {
  std::vector<float> x = pattern(60 * 128, 13), base = pattern(60 * 128, 14);
  Array xa = Array::from_f32(x, {60, 128}), ba = Array::from_f32(base, {60, 128});
  auto call = [](const Array &n, bool interpret) {
    auto block = pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; });
    return pl::pallas_call([](Ref x_ref, Ref, Ref o_ref) { o_ref[___] = x_ref[___] - 3.0; },
                           {.out_shape = f32(60, 128),
                            .grid = {n},
                            .in_specs = {block, pl::BlockSpec::any()},
                            .out_specs = {block},
                            .input_output_aliases = {{1, 0}},
                            .name = "edge",
                            .interpret = interpret});
  };
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    Compiled c = compile(
        [&](const Array &n, const Array &a, const Array &b) { return call(n, interpret)(a, b); },
        extent(8), xa, ba);
    for (int32_t n : {0, 1, 7, 8}) {
      SCOPED_TRACE("n = " + std::to_string(n));
      std::vector<float> want = base;
      for (int64_t e = 0; e < std::min<int64_t>(8 * n, 60) * 128; ++e)
        want[e] = x[e] - 3.0f;
      EXPECT_EQ(run(c, {extent(n), xa, ba}), want);
    }
  }
}

// Pallas' "Revisited block" with a run-time extent: output block i % 2,
// A, B is fine, A, B, A is the error, compiled and interpreted alike.
TEST(DynamicGrid, RevisitedBlockWithARunTimeExtent) {
  Array xa = jnp::zeros({24, 128});
  auto call = [](const Array &n, bool interpret) {
    return pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                           {.out_shape = f32(16, 128),
                            .grid = {n},
                            .in_specs = {pl::BlockSpec({8, 128},
                                                       [](Scalar i) {
                                                         return std::tuple{i, 0};
                                                       })},
                            .out_specs = {pl::BlockSpec({8, 128},
                                                        [](Scalar i) {
                                                          return std::tuple{i % 2, 0};
                                                        })},
                            .name = "revisit",
                            .interpret = interpret});
  };
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    Compiled c = compile([&](const Array &n, const Array &a) { return call(n, interpret)(a); },
                         extent(2), xa);
    EXPECT_TRUE(c.run({extent(2), xa}).ok());
    auto bad = c.run({extent(3), xa});
    ASSERT_FALSE(bad.ok());
    EXPECT_THAT(std::string(bad.status().message()),
                AllOf(HasSubstr("DynamicGridTest.cpp:"), HasSubstr("kernel 'revisit' stopped"),
                      HasSubstr("Revisited block (0, 0) of out_specs[0]")));
  }
}

TEST(DynamicGrid, TheCompiledKernelIsOneForEveryExtent) {
  Array xa = jnp::zeros({kBlocks * 8, 128}), ba = jnp::zeros({kBlocks * 8, 128});
  auto compileFor = [&](int32_t n) {
    return compile(
        [&](const Array &e, const Array &a, const Array &b) { return scaleFirst(e, false)(a, b); },
        extent(n), xa, ba);
  };
  Compiled c3 = compileFor(3), c5 = compileFor(5);
  EXPECT_EQ(binaryOf(c3), binaryOf(c5)) << "a run-time extent must not specialise the kernel";
  // (Static extents are part of the kernel: another binary.)
  auto staticCall = [&](int64_t n) {
    auto block = pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; });
    return pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0; },
                           {.out_shape = f32(kBlocks * 8, 128),
                            .grid = {n},
                            .in_specs = {block},
                            .out_specs = {block},
                            .name = "scale_static"});
  };
  auto compileStatic = [&](int64_t n) {
    return compile([&](const Array &a) { return staticCall(n)(a); }, xa);
  };
  EXPECT_NE(binaryOf(compileStatic(3)), binaryOf(compileStatic(5)));
}

// An extent past the array's blocks: the index map's block 8 is outside,
// an error at the BlockSpec's line naming the point, in both modes.
TEST(DynamicGrid, AnExtentPastTheArrayStopsAtTheIndexMap) {
  Array xa = jnp::zeros({kBlocks * 8, 128}), ba = jnp::zeros({kBlocks * 8, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    std::string msg = errorOf([&] { (void)scaleFirst(extent(10), interpret)(xa, ba); });
    EXPECT_THAT(msg,
                AllOf(HasSubstr("DynamicGridTest.cpp:"), HasSubstr("kernel 'scale_first' stopped"),
                      HasSubstr("at grid point (8) the index map of in_specs[0] 'in0' "
                                "returned block (8, 0), outside its array's 8 x 1 blocks")));
  }
}

TEST(DynamicGrid, ANegativeExtentIsAnErrorAtThePallasCallLine) {
  Array xa = jnp::zeros({kBlocks * 8, 128}), ba = jnp::zeros({kBlocks * 8, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    std::string msg = errorOf([&] { (void)scaleFirst(extent(-2), interpret)(xa, ba); });
    EXPECT_THAT(msg, AllOf(StartsWith("DynamicGridTest.cpp:" + std::to_string(kScaleFirstLine)),
                           HasSubstr("kernel 'scale_first' stopped"),
                           HasSubstr(": grid axis 0 has the run-time extent -2; a grid extent "
                                     "is at least 0 (0 runs no grid point)")));
  }
}

// Extents whose product passes 2^31 - 1 (a static grid's is refused when
// traced): an error at the pallas_call's line, compiled and interpreted.
TEST(DynamicGrid, TooManyStepsIsAnErrorAtThePallasCallLine) {
  int line = __LINE__ + 2;
  auto call = [](const Array &m, const Array &n, bool interpret) {
    return pl::pallas_call(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
        {.out_shape = f32(8, 128), .grid = {3, m, n}, .name = "huge", .interpret = interpret});
  };
  Array xa = jnp::zeros({8, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    std::string msg = errorOf([&] { (void)call(extent(1 << 16), extent(1 << 15), interpret)(xa); });
    EXPECT_THAT(msg, AllOf(StartsWith("DynamicGridTest.cpp:" + std::to_string(line)),
                           HasSubstr("kernel 'huge' stopped"),
                           HasSubstr("the grid's run-time extents make more than 2^31 - 1 "
                                     "steps (196608 x 32768 and more)")));
    // 3 x 0 x (anything): no step, no error.
    EXPECT_EQ(call(extent(0), extent(1 << 30), interpret)(xa).to_f32().size(), 8u * 128);
  }
}

TEST(DynamicGrid, ARunTimeExtentIsAnInt32Scalar) {
  Array xa = jnp::zeros({kBlocks * 8, 128}), ba = jnp::zeros({kBlocks * 8, 128});
  std::string msg = errorOf([&] { (void)scaleFirst(Array::from_s32({1, 2}, {2}), false)(xa, ba); });
  EXPECT_THAT(msg, AllOf(StartsWith("DynamicGridTest.cpp:" + std::to_string(kScaleFirstLine)),
                         HasSubstr("grid axis 0: a run-time extent is an int32 scalar Array "
                                   "(shape [] or [1]), not s32[2]")));
  msg = errorOf([&] { (void)scaleFirst(Array::from_f32({2.0f}, {1}), false)(xa, ba); });
  EXPECT_THAT(msg, HasSubstr("not f32[1]"));
}

// The hidden extent input is not counted in errors about the user's Refs.
TEST(DynamicGrid, ErrorsCountTheUsersRefs) {
  auto block = pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; });
  int line = __LINE__ + 1;
  auto f = pl::pallas_call([](Ref x_ref, Ref y_ref, Ref o_ref) { o_ref[___] = x_ref[___] + y_ref[___]; },
                           {.out_shape = f32(kBlocks * 8, 128),
                            .grid = {extent(2)},
                            .in_specs = {block, block},
                            .out_specs = {block},
                            .name = "two_inputs"});
  std::string msg = errorOf([&] { (void)f(jnp::zeros({kBlocks * 8, 128})); });
  EXPECT_THAT(msg, StartsWith("DynamicGridTest.cpp:" + std::to_string(line) +
                              ": the kernel body takes 3 Refs, but it gets 1 input(s) + 1 "
                              "output(s) + 0 scratch = 2"));
  auto g = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                           {.out_shape = f32(kBlocks * 8, 128),
                            .grid = {extent(2)},
                            .in_specs = {block},
                            .out_specs = {block},
                            .name = "named",
                            .arg_names = {"x", "o", "extra"}});
  msg = errorOf([&] { (void)g(jnp::zeros({kBlocks * 8, 128})); });
  EXPECT_THAT(msg, HasSubstr("arg_names has 3 names for 2 Refs"));
}

//===----------------------------------------------------------------------===//
// 2-D: a static axis and a run-time one
//===----------------------------------------------------------------------===//

TEST(DynamicGrid, AStaticAndARunTimeAxis) {
  // x [16, 512] in [8, 128] blocks: grid (2, m), block (i, j).
  std::vector<float> x = pattern(16 * 512, 3), base = pattern(16 * 512, 4);
  Array xa = Array::from_f32(x, {16, 512}), ba = Array::from_f32(base, {16, 512});
  auto call = [](const Array &m, bool interpret) {
    auto block = pl::BlockSpec({8, 128}, [](Scalar i, Scalar j) { return std::tuple{i, j}; });
    return pl::pallas_call([](Ref x_ref, Ref, Ref o_ref) { o_ref[___] = x_ref[___] * 3.0 + 1.0; },
                           {.out_shape = f32(16, 512),
                            .grid = {2, m},
                            .in_specs = {block, pl::BlockSpec::any()},
                            .out_specs = {block},
                            .input_output_aliases = {{1, 0}},
                            .name = "two_axes",
                            .interpret = interpret});
  };
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    Compiled c = compile(
        [&](const Array &m, const Array &a, const Array &b) { return call(m, interpret)(a, b); },
        extent(1), xa, ba);
    for (int32_t m : {0, 1, 3, 4}) {
      SCOPED_TRACE("m = " + std::to_string(m));
      std::vector<float> want = base;
      for (int64_t r = 0; r < 16; ++r)
        for (int64_t col = 0; col < 128 * m; ++col)
          want[r * 512 + col] = x[r * 512 + col] * 3.0f + 1.0f;
      EXPECT_EQ(run(c, {extent(m), xa, ba}), want);
    }
  }
}

//===----------------------------------------------------------------------===//
// Accumulation over a run-time ARBITRARY last axis
//===----------------------------------------------------------------------===//

TEST(DynamicGrid, AccumulatesOverARunTimeArbitraryAxis) {
  // o[i] = sum over j < k of x block (i, j); rows of 2 blocks, up to 4
  // column blocks.
  std::vector<float> x = pattern(16 * 512, 5), base = pattern(16 * 128, 6);
  Array xa = Array::from_f32(x, {16, 512}), ba = Array::from_f32(base, {16, 128});
  auto call = [](const Array &k, bool interpret) {
    return pl::pallas_call(
        [](Ref x_ref, Ref, Ref o_ref) {
          pl::when(pl::program_id(1) == 0, [&] { o_ref[___] = jnp::zeros_like(o_ref[___]); });
          o_ref[___] = o_ref[___] + x_ref[___];
        },
        {.out_shape = f32(16, 128),
         .grid = {2, k},
         .in_specs = {pl::BlockSpec({8, 128},
                                    [](Scalar i, Scalar j) {
                                      return std::tuple{i, j};
                                    }),
                      pl::BlockSpec::any()},
         .out_specs = {pl::BlockSpec({8, 128},
                                     [](Scalar i, Scalar) {
                                       return std::tuple{i, 0};
                                     })},
         .input_output_aliases = {{1, 0}},
         .debug = {.megacore = false},
         .name = "accumulate",
         .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::ARBITRARY}},
         .interpret = interpret});
  };
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    Compiled c = compile(
        [&](const Array &k, const Array &a, const Array &b) { return call(k, interpret)(a, b); },
        extent(2), xa, ba);
    for (int32_t k : {0, 1, 3, 4}) {
      SCOPED_TRACE("k = " + std::to_string(k));
      std::vector<float> want = base;
      if (k > 0)
        for (int64_t r = 0; r < 16; ++r)
          for (int64_t col = 0; col < 128; ++col) {
            float acc = 0.0f;
            for (int64_t j = 0; j < k; ++j)
              acc += x[r * 512 + j * 128 + col];
            want[r * 128 + col] = acc;
          }
      EXPECT_EQ(run(c, {extent(k), xa, ba}), want);
    }
  }
}

//===----------------------------------------------------------------------===//
// Megacore: a PARALLEL run-time axis split across both TensorCores
//===----------------------------------------------------------------------===//

TEST(DynamicGrid, AParallelRunTimeAxisIsSplitAcrossBothCores) {
  std::vector<float> x = pattern(kBlocks * 8 * 128, 7), base = pattern(kBlocks * 8 * 128, 8);
  Array xa = Array::from_f32(x, {kBlocks * 8, 128}), ba = Array::from_f32(base, {kBlocks * 8, 128});
  auto call = [](const Array &n, pltpu::Interpret interpret) {
    auto block = pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; });
    return pl::pallas_call([](Ref x_ref, Ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
                           {.out_shape = f32(kBlocks * 8, 128),
                            .grid = {n},
                            .in_specs = {block, pl::BlockSpec::any()},
                            .out_specs = {block},
                            .input_output_aliases = {{1, 0}},
                            .name = "split",
                            .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
                            .interpret = interpret});
  };
  // Compiled, interpreted, and interpreted with the parallel points
  // shuffled (over the extent of each run): every point once.
  for (int mode : {0, 1, 2}) {
    bool interpret = mode > 0;
    SCOPED_TRACE(mode == 0 ? "compiled" : mode == 1 ? "interpreted" : "shuffled");
    pltpu::Interpret how =
        mode == 2 ? pltpu::Interpret(pltpu::InterpretParams{.grid_point_shuffle_seed = 7})
                  : pltpu::Interpret(interpret);
    Compiled c =
        compile([&](const Array &n, const Array &a, const Array &b) { return call(n, how)(a, b); },
                extent(4), xa, ba);
    for (int32_t n : {0, 1, 4, 5, 8}) {
      SCOPED_TRACE("n = " + std::to_string(n));
      EXPECT_EQ(run(c, {extent(n), xa, ba}), scaleFirstWant(n, x, base));
      if (interpret)
        continue;
      // ceil(n / 2) points on core 0, the rest on core 1; each point one
      // fetch and one write-back.
      const runtime::LaunchStats &stats = c.last_run().front();
      ASSERT_EQ(stats.cores.size(), 2u);
      EXPECT_EQ(stats.cores[0].dmasIssued, 2 * ((n + 1) / 2));
      EXPECT_EQ(stats.cores[1].dmasIssued, 2 * (n / 2));
    }
  }
}

//===----------------------------------------------------------------------===//
// pl::num_programs of a run-time axis
//===----------------------------------------------------------------------===//

/// Runs `call(n, interpret)`, a pallas_call over a run-time grid of n
/// blocks on x[e] = e % 1000 and a base of -5 (aliased to the output),
/// compiled once and run for n = 1, 3, 8, in both modes: element e of
/// block b < n must be want(x[e], b, n), the blocks past n stay -5.
void expectOverRunTimeExtents(
    const std::function<pl::PallasCall(const Array &, bool)> &call,
    const std::function<int32_t(int32_t, int64_t, int32_t)> &want) {
  std::vector<int32_t> x(kBlocks * 8 * 128);
  for (size_t e = 0; e < x.size(); ++e)
    x[e] = (int32_t)(e % 1000);
  Array xa = Array::from_s32(x, {kBlocks * 8, 128});
  Array ba = Array::from_s32(std::vector<int32_t>(x.size(), -5), {kBlocks * 8, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    Compiled c = compile(
        [&](const Array &n, const Array &a, const Array &b) { return call(n, interpret)(a, b); },
        extent(2), xa, ba);
    for (int32_t n : {1, 3, 8}) {
      SCOPED_TRACE("n = " + std::to_string(n));
      auto out = c.run({extent(n), xa, ba});
      ASSERT_TRUE(out.ok()) << out.status().message();
      std::vector<int32_t> got = out->front().to_s32();
      for (int64_t e = 0; e < (int64_t)x.size(); ++e) {
        int64_t block = e / (8 * 128);
        ASSERT_EQ(got[e], block < n ? want(x[e], block, n) : -5) << "element " << e;
      }
    }
  }
}

TEST(DynamicGrid, NumProgramsOfARunTimeAxisIsAScalar) {
  // o block i = x block i + 100 * num_programs(0), + 1 at the last point.
  expectOverRunTimeExtents(
      [](const Array &n, bool interpret) {
        auto block = pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; });
        return pl::pallas_call(
            [](Ref x_ref, Ref, Ref o_ref) {
              pl::NumPrograms n = pl::num_programs(0);
              o_ref[___] = x_ref[___] + Scalar(n * 100);
              pl::when(pl::program_id(0) == n - 1, [&] { o_ref[___] = o_ref[___] + 1; });
            },
            {.out_shape = s32(kBlocks * 8, 128),
             .grid = {n},
             .in_specs = {block, pl::BlockSpec::any()},
             .out_specs = {block},
             .input_output_aliases = {{1, 0}},
             .name = "num_programs",
             .interpret = interpret});
      },
      [](int32_t x, int64_t block, int32_t n) { return x + 100 * n + (block == n - 1); });
}

TEST(DynamicGrid, NumProgramsOfARunTimeAxisInAnIndexMap) {
  // Blocks visited in reverse: step i takes block n - 1 - i.
  expectOverRunTimeExtents(
      [](const Array &n, bool interpret) {
        auto block = pl::BlockSpec({8, 128}, [](Scalar i) {
          return std::tuple{Scalar(pl::num_programs(0)) - 1 - i, 0};
        });
        return pl::pallas_call(
            [](Ref x_ref, Ref, Ref o_ref) { o_ref[___] = x_ref[___] + pl::program_id(0) * 10000; },
            {.out_shape = s32(kBlocks * 8, 128),
             .grid = {n},
             .in_specs = {block, pl::BlockSpec::any()},
             .out_specs = {block},
             .input_output_aliases = {{1, 0}},
             .name = "reversed",
             .interpret = interpret});
      },
      [](int32_t x, int64_t block, int32_t n) { return x + 10000 * (int32_t)(n - 1 - block); });
}

//===----------------------------------------------------------------------===//
// pltpu::emit_pipeline over a run-time extent (a Scalar of the kernel)
//===----------------------------------------------------------------------===//

/// o = base, then blocks [0, n) of o = x + 100 * num_programs(0), with n
/// read from SMEM: one binary for every n.
pl::Kernel nestedRunTimePipeline(bool interpret) {
  auto block = pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; });
  return pl::kernel(
      {.out_type = s32(kBlocks * 8, 128),
       .scratch_types = {pltpu::SemaphoreType::DMA},
       .name = "nested_run_time",
       .num_scalar_prefetch = 1,
       .interpret = interpret},
      [block](Ref n_smem, Ref x_hbm, Ref base_hbm, Ref o_hbm, Ref sem) {
        pltpu::async_copy(base_hbm, o_hbm, sem).wait();
        Scalar n = n_smem[0];
        pltpu::emit_pipeline(
            [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + Scalar(pl::num_programs(0) * 100); },
            {.grid = {n}, .in_specs = {block}, .out_specs = {block}})(x_hbm, o_hbm);
      });
}

TEST(DynamicGrid, EmitPipelineOverARunTimeExtent) {
  std::vector<int32_t> x(kBlocks * 8 * 128);
  for (size_t e = 0; e < x.size(); ++e)
    x[e] = (int32_t)(e % 1000);
  Array xa = Array::from_s32(x, {kBlocks * 8, 128});
  Array ba = Array::from_s32(std::vector<int32_t>(x.size(), -5), {kBlocks * 8, 128});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    pl::Kernel k = nestedRunTimePipeline(interpret);
    Compiled c = compile([&](const Array &n, const Array &a, const Array &b) { return k(n, a, b); },
                         extent(2), xa, ba);
    for (int32_t n : {0, 1, 3, 8}) {
      SCOPED_TRACE("n = " + std::to_string(n));
      auto out = c.run({extent(n), xa, ba});
      ASSERT_TRUE(out.ok()) << out.status().message();
      std::vector<int32_t> got = out->front().to_s32();
      for (int64_t e = 0; e < (int64_t)x.size(); ++e) {
        int32_t want = e / (8 * 128) < n ? x[e] + 100 * n : -5;
        ASSERT_EQ(got[e], want) << "element " << e;
      }
    }
  }
}

TEST(DynamicGrid, EmitPipelineRunTimeExtentErrors) {
  Array xa = jnp::zeros({kBlocks * 8, 128}, DType::int32);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    // Past the array: the index map's block is out of range.
    std::string msg = errorOf([&] { (void)nestedRunTimePipeline(interpret)(extent(9), xa, xa); });
    EXPECT_THAT(msg, AllOf(HasSubstr("kernel 'nested_run_time' stopped"),
                           HasSubstr("at grid point (8) the index map of")));
    msg = errorOf([&] { (void)nestedRunTimePipeline(interpret)(extent(-1), xa, xa); });
    EXPECT_THAT(msg, HasSubstr("grid axis 0 has the run-time extent -1; a grid extent is at "
                               "least 0"));
  }
  // Not an int32 Scalar.
  int line = __LINE__ + 5;
  std::string msg = errorOf([&] {
    (void)pl::kernel({.out_type = f32(8, 128), .name = "bad"}, [](Ref x_hbm, Ref o_hbm) {
      Scalar p = lax::axis_index("tc") == 0;
      auto whole = pl::BlockSpec({8, 128}, [](Scalar) { return std::tuple{0, 0}; });
      pltpu::emit_pipeline([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                           {.grid = {p}, .in_specs = {whole}, .out_specs = {whole}})(x_hbm, o_hbm);
    })(jnp::zeros({8, 128}));
  });
  EXPECT_THAT(msg, AllOf(StartsWith("DynamicGridTest.cpp:" + std::to_string(line)),
                         HasSubstr("grid axis 0: a run-time extent is an int32 Scalar, not pred")));
}

TEST(DynamicGrid, NumProgramsOfARunTimeAxisIsNoInteger) {
  int line = __LINE__ + 2;
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * (double)(int64_t)pl::num_programs(0); },
      {.out_shape = f32(8, 128), .grid = {extent(1)}, .name = "bad"});
  std::string msg = errorOf([&] { (void)f(jnp::zeros({8, 128})); });
  EXPECT_THAT(msg, AllOf(StartsWith("DynamicGridTest.cpp:" + std::to_string(line)),
                         HasSubstr("pl::num_programs of a grid axis whose extent is known only "
                                   "at run time is an int32 Scalar")));
  // A static axis converts as before.
  auto g = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        int64_t n = pl::num_programs(0);
        o_ref[___] = x_ref[___] + (double)n + (double)(pl::num_programs(0) - 1);
      },
      {.out_shape = f32(8, 128), .grid = {3}, .name = "static"});
  std::vector<float> got = g(jnp::zeros({8, 128})).to_f32();
  EXPECT_EQ(got, std::vector<float>(8 * 128, 5.0f));
}

} // namespace
} // namespace tessera
