//===- PallasCallTest.cpp - The grid, its DMA pipeline and its errors -----===//
//
// pl::pallas_call runs its body once per grid step on VMEM blocks and
// writes the DMA pipeline around it. These tests check the pipeline's
// semantics from the outside: the numbers (against host math, bit for bit),
// how many DMAs a run issues (a block is fetched only when its index
// changes and written back once it is done), that the code does not grow
// with the grid, and the user errors of BlockSpecs and grids.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "dsl/tessera.h"
#include "samples/MatmulKernel.h"
#include "samples/MatmulReference.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::AllOf;
using testing::HasSubstr;
using testing::StartsWith;

using namespace testutil;

/// The first output of a run and the DMAs the run issued.
struct Counted {
  std::vector<float> out;
  int64_t dmas = -1;
};

/// Runs `c` once on `args` and counts the DMAs it issued.
Counted runCounted(const Compiled &c, const std::vector<Array> &args) {
  auto out = c.run(args);
  if (!out.ok()) {
    ADD_FAILURE() << out.status().message();
    return {};
  }
  return {out->front().to_f32(), c.last_run().front().run.dmasIssued};
}

//===----------------------------------------------------------------------===//
// Fetching and writing back
//===----------------------------------------------------------------------===//

/// Step g reads block idx[g] of x (two [8,128] blocks, A and B) and writes
/// output block g = that block + 1.
Counted gatherBlocks(const std::vector<int32_t> &idx, const std::vector<float> &data,
                     int buffers = 2) {
  int64_t G = idx.size();
  auto f = pl::pallas_call(
      [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 1.0; },
      {.out_shape = f32(G * 8, 128),
       .grid_spec = pltpu::PrefetchScalarGridSpec{
           .num_scalar_prefetch = 1,
           .grid = {G},
           .in_specs = {pl::BlockSpec(
               {8, 128}, [](Scalar g, Ref idx) { return std::tuple{Scalar(idx[g]), 0}; },
               pl::Buffered{buffers})},
           .out_specs = {pl::BlockSpec({8, 128}, [](Scalar g, Ref) { return std::tuple{g, 0}; })}},
       .name = "gather_blocks"});
  Array indices = Array::from_s32(idx, {G}), x = Array::from_f32(data, {16, 128});
  return runCounted(compile([&](const Array &i, const Array &a) { return f(i, a); }, indices, x),
                    {indices, x});
}

std::vector<float> gathered(const std::vector<int32_t> &idx, const std::vector<float> &data) {
  std::vector<float> want;
  for (int32_t b : idx)
    for (int64_t e = 0; e < 8 * 128; ++e)
      want.push_back(data[b * 8 * 128 + e] + 1.0f);
  return want;
}

TEST(PallasCall, BlockIndicesAABFetchTwice) {
  std::vector<float> data = pattern(16 * 128);
  std::vector<int32_t> idx = {0, 0, 1};
  Counted r = gatherBlocks(idx, data);
  EXPECT_EQ(r.out, gathered(idx, data));
  EXPECT_EQ(r.dmas, 2 + 3) << "2 input fetches (A, B) and 3 output writebacks";
}

TEST(PallasCall, BlockIndicesABAFetchThreeTimes) {
  std::vector<float> data = pattern(16 * 128, 1);
  std::vector<int32_t> idx = {0, 1, 0};
  Counted r = gatherBlocks(idx, data);
  EXPECT_EQ(r.out, gathered(idx, data));
  EXPECT_EQ(r.dmas, 3 + 3) << "A is fetched again after B: 3 fetches and 3 writebacks";
}

TEST(PallasCall, BlockIndicesAAAFetchOnce) {
  std::vector<float> data = pattern(16 * 128, 2);
  std::vector<int32_t> idx = {1, 1, 1, 1};
  Counted r = gatherBlocks(idx, data);
  EXPECT_EQ(r.out, gathered(idx, data));
  EXPECT_EQ(r.dmas, 1 + 4);
}

/// pl.Buffered(n): the blocks rotate through n buffers, each new block
/// fetched n - 1 steps ahead (1: when its step starts); the same blocks are
/// fetched, as often, whatever n.
TEST(PallasCall, BufferedRingsFetchEachNewBlockOnce) {
  std::vector<float> data = pattern(16 * 128, 3);
  for (const std::vector<int32_t> &idx :
       std::vector<std::vector<int32_t>>{{0, 0, 1}, {0, 1, 0}, {1, 1, 1, 1}, {0, 1, 1, 0, 0, 1, 1, 1, 0},
                                         {1}, {0, 1}}) {
    int fetches = 1;
    for (size_t g = 1; g < idx.size(); ++g)
      fetches += idx[g] != idx[g - 1];
    for (int n : {1, 3, 4, 5}) {
      SCOPED_TRACE("Buffered(" + std::to_string(n) + "), " + std::to_string(idx.size()) +
                   " steps");
      Counted r = gatherBlocks(idx, data, n);
      EXPECT_EQ(r.out, gathered(idx, data));
      EXPECT_EQ(r.dmas, fetches + (int64_t)idx.size());
    }
  }
}

/// A third buffer hides a DMA start-up longer than a step: x * 2 + 1 over
/// 64-row blocks (a step of ~70 cycles, a fetch of 500 + 230) runs in
/// fewer simulated cycles with Buffered(3) on its input and output (33,740
/// against 45,491: 87% of the HBM roofline), and both give x * 2 + 1
/// (compiled and interpreted). (A third buffer on the input alone: 38,522;
/// the output's write-backs then wait.)
TEST(PallasCall, AThirdBufferHidesTheStartUp) {
  constexpr int64_t kRows = 4096, kBlock = 64;
  std::vector<float> x = pattern(kRows * 1024, 4), want(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    want[i] = x[i] * 2 + 1;
  Array xa = Array::from_f32(x, {kRows, 1024});
  int64_t cycles[2] = {0, 0};
  for (int n : {2, 3})
    for (bool interpret : {false, true}) {
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
          {.out_shape = f32(kRows, 1024),
           .grid = {kRows / kBlock},
           .in_specs = {pl::BlockSpec({kBlock, 1024}, [](Scalar i) { return std::tuple{i, 0}; },
                                      pl::Buffered{n})},
           .out_specs = {pl::BlockSpec({kBlock, 1024}, [](Scalar i) { return std::tuple{i, 0}; },
                                       pl::Buffered{n})},
           .interpret = interpret});
      Compiled c = compile([&](const Array &a) { return f(a); }, xa);
      auto out = c.run({xa});
      ASSERT_TRUE(out.ok()) << out.status().message();
      EXPECT_EQ(out->front().to_f32(), want);
      if (!interpret)
        cycles[n - 2] = c.last_run().front().run.cycles;
    }
  EXPECT_LT(cycles[1], cycles[0] * 4 / 5) << "Buffered(2) took " << cycles[0]
                                          << " cycles, Buffered(3) " << cycles[1];
}

/// Without a pipeline_mode the compiler picks the buffers: 3 where a
/// step's DMAs outlast the step (x * 2 + 1 in 64-row blocks: 500 + 512 KiB
/// at the HBM rate against a step of a few hundred cycles), faster than
/// Pallas' 2 and the same numbers, compiled and interpreted; 2 where the
/// step outlasts them (the matmul sample's kernel), where the user names
/// pl::Buffered, where a third buffer does not fit the VMEM limit, and on a
/// grid of two steps.
TEST(PallasCall, TheDefaultBufferCountFollowsTheStepAndTheDma) {
  constexpr int64_t kBlock = 64;
  auto rowBlock = [](Scalar i) { return std::tuple{i, 0}; };
  // `spec` for both blocks; the kernel's IR and its cycles.
  auto scale = [&](int64_t rows, pl::BlockSpec spec, bool interpret, int64_t vmemLimit = 0) {
    std::vector<float> x = pattern(rows * 1024, 5), want(x.size());
    for (size_t i = 0; i < x.size(); ++i)
      want[i] = x[i] * 2 + 1;
    Array xa = Array::from_f32(x, {rows, 1024});
    auto f = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
                             {.out_shape = f32(rows, 1024),
                              .grid = {rows / kBlock},
                              .in_specs = {spec},
                              .out_specs = {spec},
                              .compiler_params = {.vmem_limit_bytes = vmemLimit},
                              .interpret = interpret});
    Compiled c = compile([&](const Array &a) { return f(a); }, xa);
    auto out = c.run({xa});
    EXPECT_TRUE(out.ok()) << out.status().message();
    if (out.ok())
      EXPECT_EQ(out->front().to_f32(), want);
    return std::pair{c.ir("kernel"), interpret ? 0 : c.last_run().front().run.cycles};
  };
  pl::BlockSpec byDefault({kBlock, 1024}, rowBlock);
  pl::BlockSpec two({kBlock, 1024}, rowBlock, pl::Buffered{2});
  for (bool interpret : {false, true}) {
    EXPECT_THAT(scale(2048, byDefault, interpret).first, HasSubstr("buffers [3, 3]"));
    EXPECT_THAT(scale(2048, two, interpret).first, HasSubstr("buffers [2, 2]"));
  }
  auto [ring, ringCycles] = scale(2048, byDefault, false);
  auto [pair, pairCycles] = scale(2048, two, false);
  EXPECT_LT(ringCycles, pairCycles * 19 / 20) << "3 buffers: " << ringCycles << " cycles, 2: "
                                              << pairCycles;
  // 4 buffers of 256 KiB fit in 1 MiB, 6 do not; 2 steps: nothing to gain.
  EXPECT_THAT(scale(2048, byDefault, false, 1 << 20).first, HasSubstr("buffers [2, 2]"));
  EXPECT_THAT(scale(2 * kBlock, byDefault, false).first, HasSubstr("buffers [2, 2]"));
  // The matmul's steps (2,048 MXU cycles) outlast its blocks' DMAs.
  constexpr int64_t kN = 1024;
  Array x = Array::from_f32(samples::matmulLhs(kN, kN), {kN, kN}, DType::bfloat16);
  Array y = Array::from_f32(samples::matmulRhs(kN, kN), {kN, kN}, DType::bfloat16);
  auto mesh = make_mesh({1}, {"device"});
  Compiled mm = compile(samples::matmulProgram(mesh, kN, kN, kN, {}), x, y);
  EXPECT_THAT(mm.ir("kernel"), HasSubstr("buffers [2, 2, 2]"));
}

/// The matmul sample's kernel with pl::Buffered(3) inputs: a ring carries
/// more scalar state from step to step (the slot and block of the last
/// fetch started), so scalars run out, and the register allocator used to
/// spill the address the step's 1,024 weight loads go through (Belady's
/// choice: its next read was the furthest), reloading it before each:
/// 1,206 scalar reloads in the machine IR. Weighing a spilled scalar's
/// reloads spills the rings' bookkeeping instead (58); the product is the
/// host's.
TEST(PallasCall, AThreeBufferMatmulKeepsItsAddressesInRegisters) {
  constexpr int64_t kN = 1024;
  std::vector<float> xs = samples::matmulLhs(kN, kN), ys = samples::matmulRhs(kN, kN);
  Array x = Array::from_f32(xs, {kN, kN}, DType::bfloat16);
  Array y = Array::from_f32(ys, {kN, kN}, DType::bfloat16);
  auto mesh = make_mesh({1}, {"device"});
  Compiled c = compile(samples::matmulProgram(mesh, kN, kN, kN, {}, {.buffered = pl::Buffered{3}}), x, y);
  std::string listing = c.ir("machine");
  int64_t reloads = 0;
  for (size_t at = 0; (at = listing.find("reload spilled scalar", at)) != std::string::npos; ++at)
    ++reloads;
  EXPECT_LT(reloads, 100) << listing;
  auto out = c.run({x, y});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(out->front().to_f32(), samples::matmulReference(xs, ys, kN, kN, kN, kN));
}

/// A grid matmul whose steps keep the MXUs busy and whose last write-back
/// starts as its rows are done: bf16[512, 512] @ bf16[512, 512] -> f32 in
/// (256, 256, 512) blocks, the dot in row slices of 64. The MXU work is
/// 512^3 / 65536 = 2048 cycles, the first blocks' fetch 500 + 768 KiB at
/// 1142 B/cycle = 1188, and the last write-back (256 KiB) in 8 pieces
/// exposes only its last rows' piece (500 + 29) instead of 500 + 230.
/// Measured 4,591 cycles; 4,627 without each step's first weight loads and
/// pushes at the end of the step before (the listing checks below), 4,818
/// with the last write-back in one DMA. Small integers: every product and
/// sum is exact.
TEST(PallasCall, AGridMatmulKeepsTheMxusBusyAndWritesBackRowsAsTheyAreDone) {
  constexpr int64_t kN = 512, kBm = 256, kBn = 256, kTm = 64;
  std::vector<float> x(kN * kN), y(kN * kN), want(kN * kN, 0.0f);
  for (int64_t i = 0; i < kN * kN; ++i) {
    x[i] = (float)((i * 7 + i / kN) % 5 - 2);
    y[i] = (float)((i * 3 + i / kN * 5) % 5 - 2);
  }
  for (int64_t r = 0; r < kN; ++r)
    for (int64_t k = 0; k < kN; ++k)
      for (int64_t c = 0; c < kN; ++c)
        want[r * kN + c] += x[r * kN + k] * y[k * kN + c];
  Array xa = Array::from_f32(x, {kN, kN}, DType::bfloat16);
  Array ya = Array::from_f32(y, {kN, kN}, DType::bfloat16);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref y_ref, Ref o_ref) {
        for (int64_t m = 0; m < kBm; m += kTm)
          o_ref[pl::ds(m, kTm)] = jnp::dot(x_ref[pl::ds(m, kTm)], y_ref[___],
                                           {.preferred_element_type = DType::float32});
      },
      {.out_shape = f32(kN, kN),
       .grid = {kN / kBm, kN / kBn},
       .in_specs = {pl::BlockSpec({kBm, kN}, [](Scalar i, Scalar) { return std::tuple{i, 0}; }),
                    pl::BlockSpec({kN, kBn}, [](Scalar, Scalar j) { return std::tuple{0, j}; })},
       .out_specs = {pl::BlockSpec({kBm, kBn}, [](Scalar i, Scalar j) { return std::tuple{i, j}; })}});
  Compiled c = compile([&](const Array &a, const Array &b) { return f(a, b); }, xa, ya);
  auto out = c.run({xa, ya});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(out->front().to_f32(), want);
  EXPECT_LT(c.last_run().front().run.cycles, 4700);
  // A step's first weights are loaded and pushed at the end of the step
  // before (lowering/Rotation.h): the step's first MXU op is a latch, and
  // pushes come after the waits for the next step's blocks.
  std::string listing = c.listing();
  size_t loop = listing.find("\n.L");
  size_t back = listing.find("loop back edge");
  ASSERT_NE(loop, std::string::npos);
  ASSERT_NE(back, std::string::npos);
  size_t firstMxu = listing.find("vmat", loop);
  EXPECT_EQ(listing.compare(firstMxu, 9, "vmatlatch"), 0) << listing.substr(loop, 4000);
  size_t lastWait = listing.rfind("vwait.ge", back);
  size_t lastPush = listing.rfind("vmatpush", back);
  EXPECT_GT(lastPush, lastWait);
}

/// Output blocks written back from a ring of 3 buffers (pl::Buffered(3)
/// on out_specs, with 3 on the input): a step's slot waits only for the
/// write-back of 3 steps before, so a row softmax's write-backs (500-cycle
/// start-ups against ~360-cycle steps) stop stalling it. Blocks of rows,
/// partial edge blocks ([200, 256] in 64-row blocks), an output summed over
/// an arbitrary axis, and the parallel axis split over both TensorCores:
/// compiled and interpreted give the host's numbers.
TEST(PallasCall, OutputsWrittenBackFromARingOfBuffers) {
  constexpr int64_t R = 256, C = 1024;
  std::vector<float> x = pattern(R * C, 6);
  Array xa = Array::from_f32(x, {R, C});
  int64_t cycles[2] = {0, 0};
  for (int n : {2, 3}) {
    auto rows = [](Scalar i) { return std::tuple{i, 0}; };
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          pl::loop(0, 4, 1, {.unroll = 4})([&](Scalar g) {
            auto r = pl::ds(pl::multiple_of(g * 8, 8), 8);
            Value s = x_ref[r];
            o_ref[r] = s - jnp::max(s, 1, true);
          });
        },
        {.out_shape = f32(R, C),
         .grid = {R / 32},
         .in_specs = {pl::BlockSpec({32, C}, rows, pl::Buffered{n})},
         .out_specs = {pl::BlockSpec({32, C}, rows, pl::Buffered{n})},
         .debug = {.megacore = false}});
    Compiled c = compile([&](const Array &a) { return f(a); }, xa);
    std::vector<float> got = c(xa).to_f32();
    for (int64_t r = 0; r < R; ++r) {
      float top = -INFINITY;
      for (int64_t k = 0; k < C; ++k)
        top = std::max(top, x[r * C + k]);
      for (int64_t k = 0; k < C; ++k)
        ASSERT_EQ(got[r * C + k], x[r * C + k] - top) << r << " " << k << " n " << n;
    }
    cycles[n - 2] = c.last_run().front().run.cycles;
  }
  EXPECT_LT(cycles[1], cycles[0]) << "2 buffers took " << cycles[0] << " cycles, 3 " << cycles[1];
  // Edge blocks, an accumulation over an arbitrary axis and megacore.
  std::vector<float> y = pattern(200 * 256, 7), wantY(y.size()), wantS(8 * 256, 0.0f);
  for (size_t i = 0; i < y.size(); ++i)
    wantY[i] = y[i] * 3;
  for (int64_t r = 0; r < 64; ++r)
    for (int64_t k = 0; k < 256; ++k)
      wantS[(r % 8) * 256 + k] += y[r * 256 + k];
  Array ya = Array::from_f32(y, {200, 256});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto rows = [](Scalar i) { return std::tuple{i, 0}; };
    auto edges = pl::pallas_call(
        [](Ref y_ref, Ref o_ref) { o_ref[___] = y_ref[___] * 3; },
        {.out_shape = f32(200, 256),
         .grid = {4},
         .in_specs = {pl::BlockSpec({64, 256}, rows)},
         .out_specs = {pl::BlockSpec({64, 256}, rows, pl::Buffered{4})},
         .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
         .interpret = interpret});
    EXPECT_EQ(edges(ya).to_f32(), wantY);
    auto sums = pl::pallas_call(
        [](Ref y_ref, Ref o_ref) {
          pl::when(pl::program_id(1) == 0, [&] { o_ref[___] = 0.0; });
          o_ref[___] = o_ref[___] + y_ref[___];
        },
        {.out_shape = f32(8, 256),
         .grid = {1, 8},
         .in_specs = {pl::BlockSpec({8, 256}, [](Scalar, Scalar k) { return std::tuple{k, 0}; })},
         .out_specs = {pl::BlockSpec({8, 256}, [](Scalar, Scalar) { return std::tuple{0, 0}; },
                                     pl::Buffered{3})},
         .interpret = interpret});
    EXPECT_EQ(sums(ya).to_f32(), wantS);
  }
}

TEST(PallasCallErrors, BufferedRules) {
  Array x = jnp::zeros({16, 128});
  for (auto [in, out, what] : std::vector<std::tuple<int, int, std::string>>{
           {0, 2, "pl::Buffered(0) of in_specs[0]: a block needs at least 1 buffer"},
           {2, 1, "pl::Buffered(1) of out_specs[0]: an output is written back from at least 2 "
                  "buffers"}}) {
    std::string line = here(3);
    std::string msg = errorOf([&] {
      pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                      {.out_shape = f32(16, 128), .grid = {2},
                       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; },
                                                  pl::Buffered{in})},
                       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; },
                                                   pl::Buffered{out})}})(x);
    });
    EXPECT_THAT(msg, HasSubstr(what));
    EXPECT_THAT(msg, HasSubstr("PallasCallTest.cpp:"));
  }
}

TEST(PallasCall, OutputAccumulatedOverConsecutiveStepsIsWrittenBackOnce) {
  // o[i] = x[4i] + x[4i+1] + x[4i+2] + x[4i+3] (blocks of [8,256]); o's
  // block index does not depend on k, so it stays in VMEM over the 4 steps.
  std::vector<float> data = pattern(64 * 256, 3);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        pl::when(pl::program_id(1) == 0, [&] { o_ref[___] = 0.0; });
        o_ref[___] = o_ref[___] + x_ref[___];
      },
      {.out_shape = f32(16, 256),
       .grid = {2, 4},
       .in_specs = {pl::BlockSpec({8, 256},
                                  [](Scalar i, Scalar k) { return std::tuple{i * 4 + k, 0}; })},
       .out_specs = {pl::BlockSpec({8, 256}, [](Scalar i, Scalar) { return std::tuple{i, 0}; })},
       .name = "accumulate",
       .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::ARBITRARY}}});
  Array x = Array::from_f32(data, {64, 256});
  Counted r = runCounted(compile([&](const Array &a) { return f(a); }, x), {x});
  std::vector<float> want(16 * 256, 0.0f);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t k = 0; k < 4; ++k)
      for (int64_t e = 0; e < 8 * 256; ++e)
        want[i * 8 * 256 + e] = want[i * 8 * 256 + e] + data[(i * 4 + k) * 8 * 256 + e];
  EXPECT_EQ(r.out, want);
  EXPECT_EQ(r.dmas, 8 + 2) << "8 input blocks fetched, each output block written back once";
}

//===----------------------------------------------------------------------===//
// State across grid steps
//===----------------------------------------------------------------------===//

TEST(PallasCall, VmemScratchPersistsAcrossGridSteps) {
  // o[i] = x[0] + ... + x[i]: a running sum kept in scratch.
  std::vector<float> data = pattern(32 * 128, 5);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref, Ref acc) {
        pl::when(pl::program_id(0) == 0, [&] { acc[___] = 0.0; });
        acc[___] = acc[___] + x_ref[___];
        o_ref[___] = acc[___];
      },
      {.out_shape = f32(32, 128),
       .grid = {4},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .scratch_shapes = {pltpu::VMEM({8, 128}, DType::float32)},
       .name = "running_sum"});
  std::vector<float> want(32 * 128), acc(8 * 128, 0.0f);
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t e = 0; e < 8 * 128; ++e) {
      acc[e] = acc[e] + data[i * 8 * 128 + e];
      want[i * 8 * 128 + e] = acc[e];
    }
  EXPECT_EQ(f(Array::from_f32(data, {32, 128})).to_f32(), want);
}

TEST(PallasCall, OneColumnScratchKeepsARunningRowMaximum) {
  // m[r] = max over the column blocks so far of x[r, :] in an f32[32, 1]
  // scratch (lane 0 of each padded row); at the last block, o = x - m (the
  // column broadcast over the lanes), as an online softmax keeps it.
  std::vector<float> data = pattern(32 * 512, 7);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref, Ref m) {
        Value x = x_ref[___];
        pl::when(pl::program_id(0) == 0, [&] { m[___] = jnp::max(x, 1, true); });
        m[___] = jnp::maximum(m[___], jnp::max(x, 1, true));
        o_ref[___] = x - m[___];
      },
      {.out_shape = f32(32, 512),
       .grid = {4},
       .in_specs = {pl::BlockSpec({32, 128}, [](Scalar j) { return std::tuple{0, j}; })},
       .out_specs = {pl::BlockSpec({32, 128}, [](Scalar j) { return std::tuple{0, j}; })},
       .scratch_shapes = {pltpu::VMEM({32, 1}, DType::float32)},
       .name = "running_max"});
  std::vector<float> want(32 * 512);
  for (int64_t r = 0; r < 32; ++r) {
    float m = -INFINITY;
    for (int64_t j = 0; j < 4; ++j) {
      for (int64_t c = 128 * j; c < 128 * (j + 1); ++c)
        m = std::max(m, data[r * 512 + c]);
      for (int64_t c = 128 * j; c < 128 * (j + 1); ++c)
        want[r * 512 + c] = data[r * 512 + c] - m;
    }
  }
  Array x = Array::from_f32(data, {32, 512});
  EXPECT_EQ(f(x).to_f32(), want);
  // A window of rows of the column, compiled and interpreted.
  auto columnWindow = [](pltpu::Interpret interpret) {
    return pl::pallas_call(
        [](Ref x_ref, Ref o_ref, Ref m) {
          m[pl::ds(8, 8)] = jnp::max(x_ref[pl::ds(0, 8)], 1, true);
          o_ref[___] = x_ref[pl::ds(0, 8)] - m[pl::ds(8, 8)];
        },
        {.out_shape = f32(8, 512),
         .scratch_shapes = {pltpu::VMEM({16, 1}, DType::float32)},
         .name = "column_window",
         .interpret = interpret});
  };
  std::vector<float> want8(8 * 512);
  for (int64_t r = 0; r < 8; ++r) {
    float m = -INFINITY;
    for (int64_t c = 0; c < 512; ++c)
      m = std::max(m, data[r * 512 + c]);
    for (int64_t c = 0; c < 512; ++c)
      want8[r * 512 + c] = data[r * 512 + c] - m;
  }
  Array x8 = Array::from_f32(std::vector<float>(data.begin(), data.begin() + 8 * 512), {8, 512});
  EXPECT_EQ(columnWindow({})(x8).to_f32(), want8);
  EXPECT_EQ(columnWindow(true)(x8).to_f32(), want8);
}

TEST(PallasCall, OneRowWindowsOfPackedRefs) {
  // o[r] = x[31 - r] + 1 row by row, for bf16 and int8: a row load unpacks
  // its 8 rows and takes its sublane; a row store packs the row and writes
  // its half (bf16) or byte (int8) of one sublane (vst.bmsk). The rows
  // around each stored row keep what the earlier stores wrote. Compiled
  // and interpreted alike.
  for (DType t : {DType::bfloat16, DType::int8}) {
    SCOPED_TRACE(to_string(t));
    std::vector<float> data(32 * 256);
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = (float)((int)(i * 7 % 41) - 20);
    ShapeDtypeStruct type{{32, 256}, t};
    int64_t tile = t == DType::bfloat16 ? 16 : 32;
    auto reversed = [&](pltpu::Interpret interpret) {
      return pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            for (int64_t r = 0; r < 32; ++r)
              o_ref[pl::ds(r, 1)] = x_ref[pl::ds(31 - r, 1)] + 1;
          },
          {.out_shape = type, .name = "packed_rows", .interpret = interpret});
    };
    // A run-time tile start (pl::multiple_of) and a static row in it.
    auto dynamic = [&](pltpu::Interpret interpret) {
      return pl::pallas_call(
          [tile](Ref x_ref, Ref o_ref) {
            o_ref[___] = x_ref[___];
            lax::fori_loop(0, 32 / tile, [&](Scalar i, std::tuple<> carry) {
              Scalar start = pl::multiple_of(i * tile, tile);
              o_ref.at(pl::ds(start, tile))[pl::ds(3, 1)] =
                  x_ref.at(pl::ds(start, tile))[pl::ds(5, 1)];
              return carry;
            }, std::tuple{});
          },
          {.out_shape = type, .name = "packed_rows_dynamic", .interpret = interpret});
    };
    Array x = t == DType::bfloat16 ? Array::from_f32(data, {32, 256}, t)
                                   : Array::from_s32(std::vector<int32_t>(data.begin(), data.end()),
                                                     {32, 256}, t);
    std::vector<float> want(data.size()), want2 = data;
    for (int64_t r = 0; r < 32; ++r)
      for (int64_t c = 0; c < 256; ++c)
        want[r * 256 + c] = data[(31 - r) * 256 + c] + 1;
    for (int64_t start = 0; start < 32; start += tile)
      for (int64_t c = 0; c < 256; ++c)
        want2[(start + 3) * 256 + c] = data[(start + 5) * 256 + c];
    auto values = [&](const Array &o) {
      if (t == DType::int8) {
        std::vector<int32_t> v = o.to_s32();
        return std::vector<float>(v.begin(), v.end());
      }
      return o.to_f32();
    };
    for (pltpu::Interpret interpret : {pltpu::Interpret{}, pltpu::Interpret{true}}) {
      EXPECT_EQ(values(reversed(interpret)(x)), want);
      EXPECT_EQ(values(dynamic(interpret)(x)), want2);
    }
  }
}

TEST(PallasCall, OneColumnArraysInAndOut) {
  // m = rowmax(x) as an f32[64, 1] output in blocks of 16 rows, then
  // o = x - m with m an input; [R, 1] arrays live padded in HBM (each row
  // 128 lanes, lane 0 the data, as XLA's T(8,128)), and their blocks too.
  std::vector<float> data = pattern(64 * 256, 3);
  Array x = Array::from_f32(data, {64, 256});
  std::vector<float> rowMax(64, -INFINITY), centered(64 * 256);
  for (int64_t r = 0; r < 64; ++r)
    for (int64_t c = 0; c < 256; ++c)
      rowMax[r] = std::max(rowMax[r], data[r * 256 + c]);
  for (int64_t r = 0; r < 64; ++r)
    for (int64_t c = 0; c < 256; ++c)
      centered[r * 256 + c] = data[r * 256 + c] - rowMax[r];
  for (pltpu::Interpret interpret : {pltpu::Interpret{}, pltpu::Interpret{true}}) {
    auto rowmax = pl::pallas_call(
        [](Ref x_ref, Ref m_ref) { m_ref[___] = jnp::max(x_ref[___], 1, true); },
        {.out_shape = f32(64, 1),
         .grid = {4},
         .in_specs = {pl::BlockSpec({16, 256}, [](Scalar i) { return std::tuple{i, 0}; })},
         .out_specs = {pl::BlockSpec({16, 1}, [](Scalar i) { return std::tuple{i, 0}; })},
         .name = "rowmax",
         .interpret = interpret});
    Array m = rowmax(x);
    EXPECT_EQ(m.shape(), (Shape{64, 1}));
    EXPECT_EQ(m.to_f32(), rowMax);
    auto center = pl::pallas_call(
        [](Ref x_ref, Ref m_ref, Ref o_ref) { o_ref[___] = x_ref[___] - m_ref[___]; },
        {.out_shape = f32(64, 256), .name = "center", .interpret = interpret});
    EXPECT_EQ(center(x, m).to_f32(), centered);
  }
  // The host pads and unpads: a round trip keeps the column.
  std::vector<float> column(64);
  for (int64_t r = 0; r < 64; ++r)
    column[r] = (float)r - 31.5f;
  EXPECT_EQ(Array::from_f32(column, {64, 1}).to_f32(), column);
}

// One column of a wider Ref is read out of the tiles around it (more in
// PaddedTest's OneColumnOfAWiderRef).
TEST(PallasCall, OneColumnOfAWiderRef) {
  std::vector<float> x = pattern(8 * 128, 1), want(8 * 128);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 128; ++c)
      want[r * 128 + c] = x[r * 128 + c] - x[r * 128];
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] - x_ref(pl::ds(0, 8), pl::ds(0, 1)); },
        {.out_shape = f32(8, 128), .name = "column_of_wide", .interpret = interpret});
    EXPECT_EQ(f(Array::from_f32(x, {8, 128})).to_f32(), want);
  }
}

TEST(PallasCall, SmemScratchPersistsAcrossGridSteps) {
  // cnt[0] = 1 + 2 + ... + (i + 1) at step i only if SMEM keeps its value
  // from step to step; a block gets + 100 exactly when it does.
  std::vector<float> data = pattern(40 * 128, 7);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref, Ref cnt) {
        Scalar i = pl::program_id(0);
        pl::when(i == 0, [&] { cnt[0] = 0; });
        cnt[0] = cnt[0] + i + 1;
        Scalar triangular = (i + 1) * (i + 2) / 2;
        o_ref[___] = x_ref[___];
        pl::when(Scalar(cnt[0]) == triangular, [&] { o_ref[___] = x_ref[___] + 100.0; });
      },
      {.out_shape = f32(40, 128),
       .grid = {5},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .scratch_shapes = {pltpu::SMEM({1}, DType::int32)},
       .name = "smem_counter"});
  std::vector<float> want = data;
  for (float &e : want)
    e = e + 100.0f;
  EXPECT_EQ(f(Array::from_f32(data, {40, 128})).to_f32(), want);
}

//===----------------------------------------------------------------------===//
// The grid is a loop
//===----------------------------------------------------------------------===//

/// o = the sum over steps i of x block i % 2 (x: [16,128], o: [8,128]).
pl::PallasCall alternatingSum(int64_t steps) {
  return pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        pl::when(pl::program_id(0) == 0, [&] { o_ref[___] = 0.0; });
        o_ref[___] = o_ref[___] + x_ref[___];
      },
      {.out_shape = f32(8, 128),
       .grid = {steps},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i % 2, 0}; })},
       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar) { return std::tuple{0, 0}; })},
       .name = "alternating_sum"});
}

TEST(PallasCall, GridSizeDoesNotChangeTheCode) {
  std::vector<float> data = pattern(16 * 128, 9);
  Array x = Array::from_f32(data, {16, 128});
  auto bundles = [&](int64_t steps, Counted *run) {
    pl::PallasCall f = alternatingSum(steps);
    Compiled c = compile([&](const Array &a) { return f(a); }, x);
    const auto &exe = c.program().calls.at(0).kernel->executable;
    if (run)
      *run = runCounted(c, {x});
    return exe.numBundles();
  };
  Counted big;
  size_t one = bundles(1, nullptr), three = bundles(3, nullptr), many = bundles(10000, &big);
  // The grid is one loop whatever its length; a grid of 1 is that loop's
  // single trip, which the canonicalizer inlines (no loop, no branch), so it
  // may only be smaller.
  EXPECT_EQ(three, many) << "a grid of 3 and of 10^4 steps: the same loop";
  EXPECT_LE(one, many);
  std::vector<float> want(8 * 128, 0.0f);
  for (int64_t i = 0; i < 10000; ++i)
    for (int64_t e = 0; e < 8 * 128; ++e)
      want[e] = want[e] + data[(i % 2) * 8 * 128 + e];
  EXPECT_EQ(big.out, want);
  EXPECT_EQ(big.dmas, 10000 + 1) << "an input fetch per step, one writeback";
}

TEST(PallasCall, NumProgramsInsideAnIndexMap) {
  // Pallas allows pl.num_programs in an index map: here the blocks are
  // visited in reverse, block n - 1 - i at step i.
  std::vector<float> data = pattern(32 * 128, 5);
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 1.0; },
        {.out_shape = f32(32, 128),
         .grid = {4},
         .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) {
           return std::tuple{Scalar(pl::num_programs(0) - 1) - i, 0};
         })},
         .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) {
           return std::tuple{(int64_t)pl::num_programs(0) - 1 - i, 0};
         })},
         .name = "num_programs_map",
         .interpret = interpret});
    std::vector<float> want = data;
    for (float &e : want)
      e += 1.0f;
    EXPECT_EQ(f(Array::from_f32(data, {32, 128})).to_f32(), want) << interpret;
  }
}

TEST(PallasCall, SmemBlockSpecInputs) {
  // An f32 table in SMEM (BlockSpec memory_space SMEM) scales block i of x
  // by table[i]; an int32 scalar-prefetch input picks the block, so the
  // SMEM input sits between the prefetch input and a VMEM-blocked one.
  std::vector<float> data = pattern(32 * 128, 3), table = {0.5f, -2.0f, 3.25f, 10.0f};
  std::vector<int32_t> order = {3, 0, 2, 1};
  for (bool interpret : {false, true}) {
    auto f = pl::pallas_call(
        [](Ref order_ref, Ref table_ref, Ref x_ref, Ref o_ref) {
          Scalar b = order_ref[pl::program_id(0)];
          o_ref[___] = x_ref[___] * table_ref[b] + table_ref[0];
        },
        {.out_shape = f32(32, 128),
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {4},
             .in_specs = {pl::BlockSpec::smem(),
                          pl::BlockSpec({8, 128}, [](Scalar i, Ref o) { return std::tuple{o[i], 0}; })},
             .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i, Ref o) { return std::tuple{o[i], 0}; })}},
         .name = "smem_table",
         .interpret = interpret});
    std::vector<float> got = f.call({Array::from_s32(order, {4}), Array::from_f32(table, {4}),
                                     Array::from_f32(data, {32, 128})})
                                 .front()
                                 .to_f32();
    for (int64_t e = 0; e < 32 * 128; ++e)
      ASSERT_EQ(got[e], data[e] * table[e / (8 * 128)] + table[0])
          << "element " << e << (interpret ? " (interpret)" : "");
  }
  // Of rank 3 (SMEM Refs have rank 1 or 2): an error at the BlockSpec.
  std::string line;
  std::string msg = testutil::errorOf([&] {
    line = testutil::here(2);
    pl::pallas_call([](Ref t, Ref o) { o[___] = jnp::zeros({8, 128}) + t(0, 0); },
                    {.out_shape = f32(8, 128), .in_specs = {pl::BlockSpec::smem()}})(
        Array::from_f32(std::vector<float>(2 * 8 * 128), {2, 8, 128}));
  });
  EXPECT_EQ(msg, line + ": in_specs[0] has memory_space SMEM: SMEM Refs have rank 1 or 2, not "
                        "f32[2,8,128]");
  // More in_specs than inputs: the count, not a crash.
  msg = testutil::errorOf([&] {
    line = testutil::here(1);
    pl::pallas_call([](Ref t, Ref o) { o[___] = jnp::zeros({8, 128}) + t[0]; },
                    {.out_shape = f32(8, 128),
                     .in_specs = {pl::BlockSpec(), pl::BlockSpec::smem()}})(
        Array::from_f32(std::vector<float>(4), {4}));
  });
  EXPECT_EQ(msg, line + ": in_specs has 2 BlockSpecs for 1 inputs");
}

TEST(PallasCall, NumPrograms) {
  std::vector<float> data = pattern(24 * 256, 11);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        o_ref[___] = x_ref[___] * (double)pl::num_programs(0) + (double)pl::num_programs(1);
      },
      {.out_shape = f32(24, 256),
       .grid = {3, 2},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i, Scalar j) { return std::tuple{i, j}; })},
       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i, Scalar j) { return std::tuple{i, j}; })},
       .name = "num_programs"});
  std::vector<float> want = data;
  for (float &e : want)
    e = e * 3.0f + 2.0f;
  EXPECT_EQ(f(Array::from_f32(data, {24, 256})).to_f32(), want);
}

TEST(PallasCall, AliasedOutputKeepsTheInputOutsideVisitedBlocks) {
  // The grid visits blocks 1, 3 and 5 of 8; the others keep x's data.
  std::vector<float> data = pattern(64 * 128, 13);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 10.0; },
      {.out_shape = f32(64, 128),
       .grid = {3},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i * 2 + 1, 0}; })},
       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i * 2 + 1, 0}; })},
       .input_output_aliases = {{0, 0}},
       .name = "aliased"});
  std::vector<float> want = data;
  for (int64_t b : {1, 3, 5})
    for (int64_t e = b * 8 * 128; e < (b + 1) * 8 * 128; ++e)
      want[e] = data[e] * 10.0f;
  EXPECT_EQ(f(Array::from_f32(data, {64, 128})).to_f32(), want);
}

//===----------------------------------------------------------------------===//
// Partial edge blocks, revisits, emit_pipeline
//===----------------------------------------------------------------------===//

TEST(PallasCall, PartialEdgeBlocksMoveOnlyTheirInBoundsPart) {
  // [40, 384] in blocks of [16, 256]: the last row block has 8 rows, the
  // last column block 128 columns; a 3 x 2 grid covers the array.
  std::vector<float> data = pattern(40 * 384, 17);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 - 1.0; },
      {.out_shape = f32(40, 384),
       .grid = {3, 2},
       .in_specs = {pl::BlockSpec({16, 256}, [](Scalar i, Scalar j) { return std::tuple{i, j}; })},
       .out_specs = {pl::BlockSpec({16, 256}, [](Scalar i, Scalar j) { return std::tuple{i, j}; })},
       .name = "edges"});
  std::vector<float> want = data;
  for (float &e : want)
    e = e * 2.0f - 1.0f;
  EXPECT_EQ(f(Array::from_f32(data, {40, 384})).to_f32(), want);
}

TEST(PallasCall, RevisitedOutputBlockIsAnError) {
  // Output block index i % 2 over 3 steps: A, B, A. Block A was written back
  // after step 0; step 2 would overwrite it with a fresh buffer.
  std::vector<float> data = pattern(24 * 128, 19);
  int line = __LINE__ + 1;
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
      {.out_shape = f32(16, 128),
       .grid = {3},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i % 2, 0}; })},
       .name = "revisit"});
  Array x = Array::from_f32(data, {24, 128});
  std::string msg = errorOf([&] { f(x); });
  EXPECT_THAT(msg, AllOf(HasSubstr("PallasCallTest.cpp:" + std::to_string(line)),
                         HasSubstr("Revisited block (0, 0) of out_specs[0]"),
                         HasSubstr("consecutive steps")));
  // The chip is usable afterwards, and A, B, B is fine.
  auto g = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
      {.out_shape = f32(16, 128),
       .grid = {3},
       .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
       .out_specs = {pl::BlockSpec(
           {8, 128}, [](Scalar i) { return std::tuple{jnp::minimum(i, i * 0 + 1), 0}; })},
       .name = "no_revisit"});
  std::vector<float> got = g(x).to_f32();
  std::vector<float> want(data.begin(), data.begin() + 8 * 128);
  want.insert(want.end(), data.begin() + 16 * 128, data.begin() + 24 * 128);
  EXPECT_EQ(got, want);
}

TEST(PallasCall, EmitPipelineInsideAKernel) {
  // A nested pipeline over HBM Refs: o = x + 3 in [8, 256] blocks.
  std::vector<float> data = pattern(32 * 256, 23);
  auto k = pl::kernel({.out_type = f32(32, 256), .name = "nested"}, [](Ref x_hbm, Ref o_hbm) {
    pltpu::emit_pipeline(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 3.0; },
        {.grid = {4},
         .in_specs = {pl::BlockSpec({8, 256}, [](Scalar i) { return std::tuple{i, 0}; })},
         .out_specs = {pl::BlockSpec({8, 256}, [](Scalar i) { return std::tuple{i, 0}; })}})(
        x_hbm, o_hbm);
  });
  std::vector<float> want = data;
  for (float &e : want)
    e = e + 3.0f;
  EXPECT_EQ(k(Array::from_f32(data, {32, 256})).to_f32(), want);
}

//===----------------------------------------------------------------------===//
// One-row arrays ([1, N], padded to 8-row tiles as XLA's T(8,128))
//===----------------------------------------------------------------------===//

TEST(PallasCall, OneRowInputsBroadcastOverTheRows) {
  // o = x * row + row2 with row and row2 f32[1, 256] whole-array blocks: each
  // is fetched once (row 0 of each 8-row tile) and read as a [1, 256] value.
  std::vector<float> data = pattern(32 * 256, 29), row = pattern(256, 31),
                     row2 = pattern(256, 37);
  auto whole = pl::BlockSpec({1, 256}, [](Scalar) { return std::tuple{0, 0}; });
  auto rows = pl::BlockSpec({8, 256}, [](Scalar i) { return std::tuple{i, 0}; });
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref row_ref, Ref row2_ref, Ref o_ref) {
        o_ref[___] = x_ref[___] * row_ref[___] + row2_ref[___];
      },
      {.out_shape = f32(32, 256),
       .grid = {4},
       .in_specs = {rows, whole, whole},
       .out_specs = {rows},
       .name = "one_row"});
  Array x = Array::from_f32(data, {32, 256}), r = Array::from_f32(row, {1, 256}),
        r2 = Array::from_f32(row2, {1, 256});
  EXPECT_TRUE(r.tiled());
  EXPECT_EQ(r.to_f32(), row);  // the host pads and unpads
  std::vector<float> want(data.size());
  for (int64_t i = 0; i < 32; ++i)
    for (int64_t c = 0; c < 256; ++c) {
      float t = data[i * 256 + c] * row[c];  // one rounding per op, as the chip
      want[i * 256 + c] = t + row2[c];
    }
  Counted got = runCounted(
      compile([&](const Array &a, const Array &b, const Array &c) { return f(a, b, c); }, x, r,
              r2),
      {x, r, r2});
  EXPECT_EQ(got.out, want);
  // 4 x blocks in, 4 out, each row once (one strided DMA).
  EXPECT_EQ(got.dmas, 10);
}

TEST(PallasCall, OneRowBlocksAlongTheColumns) {
  // A [1, 512] row in [1, 128] blocks, double-buffered (slots a tile apart).
  std::vector<float> data = pattern(8 * 512, 41), row = pattern(512, 43);
  auto cols = pl::BlockSpec({8, 128}, [](Scalar j) { return std::tuple{0, j}; });
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref row_ref, Ref o_ref) { o_ref[___] = x_ref[___] + row_ref[___]; },
      {.out_shape = f32(8, 512),
       .grid = {4},
       .in_specs = {cols, pl::BlockSpec({1, 128}, [](Scalar j) { return std::tuple{0, j}; })},
       .out_specs = {cols},
       .name = "one_row_cols"});
  std::vector<float> want(data.size());
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t c = 0; c < 512; ++c)
      want[i * 512 + c] = data[i * 512 + c] + row[c];
  EXPECT_EQ(f(Array::from_f32(data, {8, 512}), Array::from_f32(row, {1, 512})).to_f32(), want);
}

TEST(PallasCall, OneRowVmemScratchAndOutput) {
  // An int32 [1, 384] row through a [1, 384] VMEM scratch to a [1, 384]
  // output, by DMA both ways; plus a broadcast read of the scratch.
  std::vector<int32_t> row(384);
  for (int64_t c = 0; c < 384; ++c)
    row[c] = (int32_t)(c * 7 % 101) - 50;
  auto k = pl::kernel(
      {.out_type = {s32(1, 384), s32(8, 384)},
       .scratch_types = {pltpu::VMEM({1, 384}, DType::int32),
                         pltpu::VMEM({8, 384}, DType::int32), pltpu::SemaphoreType::DMA},
       .name = "one_row_scratch"},
      [](Ref in, Ref out, Ref out8, Ref buf, Ref buf8, Ref sem) {
        pltpu::async_copy(in, buf, sem).wait();
        pltpu::async_copy(buf, out, sem).wait();
        buf8[___] = jnp::broadcast_to(buf[___], {8, 384}) + 1;
        pltpu::async_copy(buf8, out8, sem).wait();
      });
  std::vector<Array> outs = k.call({Array::from_s32(row, {1, 384})});
  EXPECT_EQ(outs[0].to_s32(), row);
  std::vector<int32_t> want;
  for (int i = 0; i < 8; ++i)
    for (int32_t e : row)
      want.push_back(e + 1);
  EXPECT_EQ(outs[1].to_s32(), want);
}

//===----------------------------------------------------------------------===//
// User errors
//===----------------------------------------------------------------------===//

TEST(PallasCallErrors, BlockShapeBreaksTheTilingRule) {
  Array x = jnp::zeros({64, 128});
  auto map = [](Scalar i) { return std::tuple{i, 0}; };
  std::string line = here(4);
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref, Ref) {},
                    {.out_shape = f32(64, 128), .grid = {4},
                     .in_specs = {pl::BlockSpec({12, 128}, map)}})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": block shape [12, 128] of in_specs[0] [64, 128]"),
                         HasSubstr("multiple of 8"), HasSubstr("(8, 128) tiling rule")));
}

TEST(PallasCall, StoresAOneRowValueWithAMaskedStore) {
  // A [1, N] output block is written by the vector unit's masked store
  // (vst.msk of its one row) and copied out by DMA.
  std::vector<float> v(256);
  for (int i = 0; i < 256; ++i)
    v[i] = 0.25f * i - 7.0f;
  Array out = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 1.0; },
                              {.out_shape = f32(1, 256)})(Array::from_f32(v, {1, 256}));
  std::vector<float> got = out.to_f32();
  ASSERT_EQ(got.size(), 256u);
  for (int i = 0; i < 256; ++i)
    EXPECT_EQ(got[i], v[i] + 1.0f) << i;
}

TEST(PallasCallErrors, IndexMapReturnsTheWrongNumberOfIndices) {
  Array x = jnp::zeros({64, 128});
  auto map = [](Scalar i) { return std::tuple{i, 0, 0}; };
  std::string line = here(4);
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref, Ref) {},
                    {.out_shape = f32(64, 128), .grid = {8},
                     .in_specs = {pl::BlockSpec({8, 128}, map)}})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": the index map of in_specs[0] returns 3 block indices"),
                         HasSubstr("[64, 128] has 2 dimensions")));
}

TEST(PallasCallErrors, BlocksOverVmemLimitBytes) {
  // Each [512,1024] f32 block is 2 MiB, double-buffered 4 MiB: the input
  // fits the 6 MiB limit, the output's buffers do not.
  Array x = jnp::zeros({1024, 1024});
  std::string line = here(6);
  std::string msg = errorOf([&] {
    pl::pallas_call(
        [](Ref, Ref) {},
        {.out_shape = f32(1024, 1024), .grid = {2},
         .in_specs = {pl::BlockSpec({512, 1024}, [](Scalar i) { return std::tuple{i, 0}; })},
         .out_specs = {pl::BlockSpec({512, 1024}, [](Scalar i) { return std::tuple{i, 0}; })},
         .compiler_params = {.vmem_limit_bytes = 6 << 20}})(x);
  });
  EXPECT_THAT(msg, AllOf(HasSubstr(line + ": the block buffers of out_specs[0] need 4194304 bytes"),
                         HasSubstr("2 buffers of [512, 1024] f32"), HasSubstr("8388608 bytes"),
                         HasSubstr("vmem_limit_bytes = 6291456")));
}

TEST(PallasCallErrors, ParallelAfterArbitrary) {
  Array x = jnp::zeros({16, 256});
  auto map = [](Scalar i, Scalar j) { return std::tuple{i, j}; };
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                    {.out_shape = f32(16, 256),
                     .grid = {2, 2},
                     .in_specs = {pl::BlockSpec({8, 128}, map)},
                     .out_specs = {pl::BlockSpec({8, 128}, map)},
                     .compiler_params = {.dimension_semantics = {pltpu::ARBITRARY,
                                                                 pltpu::PARALLEL}}})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": dimension_semantics: parallel axes must come before "
                                    "arbitrary ones"));
}

// A block index read at run time (scalar prefetch) outside the array's
// blocks: compiled and interpreted, an error at the BlockSpec's line naming
// the grid point, the block index and the operand (interpreted it was a
// std::length_error; compiled, the bounds check of the block's DMA).
TEST(PallasCallErrors, RunTimeBlockIndexOutOfRange) {
  Array x = Array::from_f32(pattern(32 * 128), {32, 128});
  for (bool interpret : {false, true}) {
    auto k = pl::pallas_call(
        [](Ref idx, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0; },
        {.out_shape = ShapeDtypeStruct{{32, 128}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 1,
             .grid = {4},
             .in_specs = {pl::BlockSpec(
                 {8, 128}, [](Scalar i, Ref idx) { return std::tuple{Scalar(idx[i]), 0}; })},
             .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i, Ref) { return std::tuple{i, 0}; })}},
         .name = "gather",
         .interpret = interpret});
    std::string msg = errorOf([&] { (void)k(Array::from_s32({0, 1, 7, 2}, {4}), x); });
    // Compiled, the check is the pipeline's (at the index map's line, in
    // place of its DMAs' bounds checks); interpreted, the grid's own.
    EXPECT_THAT(msg, AllOf(StartsWith(here(-11) + ": kernel 'gather' stopped"),
                           HasSubstr("at grid point (2) the index map of in_specs[0] 'in1' "
                                     "returned block (7, 0), outside its array's 4 x 1 blocks "
                                     "of [8, 128] (block indices in [0, 4) x [0, 1))")));
    // A negative block.
    msg = errorOf([&] { (void)k(Array::from_s32({0, 1, 2, -1}, {4}), x); });
    EXPECT_THAT(msg, HasSubstr("at grid point (3) the index map of in_specs[0] 'in1' returned "
                               "block (-1, 0)"));
  }
}

// Block indices read from scalar prefetch on both TensorCores (a PARALLEL
// axis of 5 points: core 1 has fewer), through a double buffer and a ring
// of 3: the gather is right, and an index out of range stops the kernel at
// the index map's line naming the point, compiled and interpreted alike.
TEST(PallasCall, ScalarPrefetchGatherOnBothCoresChecksItsBlocks) {
  std::vector<float> data = pattern(48 * 128);
  Array x = Array::from_f32(data, {48, 128});
  for (bool interpret : {false, true})
    for (int buffers : {2, 3}) {
      SCOPED_TRACE(std::string(interpret ? "interpreted" : "compiled") + ", " +
                   std::to_string(buffers) + " buffers");
      auto k = pl::pallas_call(
          [](Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 1.0; },
          {.out_shape = ShapeDtypeStruct{{40, 128}, DType::float32},
           .grid_spec = pltpu::PrefetchScalarGridSpec{
               .num_scalar_prefetch = 1,
               .grid = {5},
               .in_specs = {pl::BlockSpec(
                   {8, 128}, [](Scalar i, Ref idx) { return std::tuple{Scalar(idx[i]), 0}; },
                   pl::Buffered{buffers})},
               .out_specs = {pl::BlockSpec({8, 128},
                                           [](Scalar i, Ref) { return std::tuple{i, 0}; })}},
           .name = "gather",
           .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
           .interpret = interpret});
      std::vector<int32_t> pages = {5, 0, 3, 3, 1};
      std::vector<float> got = k(Array::from_s32(pages, {5}), x).to_f32();
      for (int64_t r = 0; r < 40; ++r)
        for (int64_t c = 0; c < 128; ++c)
          ASSERT_EQ(got[r * 128 + c], data[(pages[r / 8] * 8 + r % 8) * 128 + c] + 1.0f)
              << "row " << r;
      std::string msg = errorOf([&] { (void)k(Array::from_s32({5, 0, 3, 6, 1}, {5}), x); });
      EXPECT_THAT(msg, AllOf(HasSubstr(here(-18) + ": kernel 'gather' stopped"),
                             HasSubstr("at grid point (3) the index map of in_specs[0] 'in1' "
                                       "returned block (6, 0), outside its array's 6 x 1 "
                                       "blocks of [8, 128]")));
    }
}

TEST(PallasCallErrors, ProgramIdOutsideAGrid) {
  Array x = jnp::zeros({8, 128});
  std::string line = here(3);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128)}, [](Ref, Ref) {
      pl::program_id(0);
    })(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": pl::program_id is used outside a pallas_call or "
                                    "emit_pipeline body"));

  line = here(1);
  msg = errorOf([] { pl::program_id(0); });
  EXPECT_THAT(msg, HasSubstr(line + ": pl::program_id is used outside a kernel body"));

  line = here(3);
  msg = errorOf([&] {
    pl::pallas_call([](Ref, Ref) {
      pl::program_id(1);
    }, {.out_shape = f32(8, 128), .grid = {2}})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": pl::program_id(1): the grid has 1 axes"));
}

}  // namespace
}  // namespace tessera

