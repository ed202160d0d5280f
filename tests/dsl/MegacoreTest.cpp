//===- MegacoreTest.cpp - Both TensorCores of a chip ----------------------===//
//
// A pl::kernel over pltpu::TensorCoreMesh{"tc", 2} runs its body on both
// TensorCores (lax::axis_index tells each which it is); a pallas_call with
// parallel grid axes on a whole chip splits their points across the two
// cores, as Pallas' megacore does (PALLAS_REFERENCE.md section 1, model
// (b): row-major, one contiguous chunk per core, odd counts give core 0
// one point more). Every kernel is checked against the host, compiled and
// interpreted, and for the split, by how many DMAs each core issued.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "dsl/tessera.h"
#include "tests/dsl/DslTestUtil.h"

namespace tessera {
namespace {

using testing::AllOf;
using testing::HasSubstr;
using namespace testutil;

/// Runs `c` on `args`: the first output, and the launch's statistics.
struct Ran {
  std::vector<float> out;
  runtime::LaunchStats stats;
};
Ran runOnce(const Compiled &c, const std::vector<Array> &args) {
  auto out = c.run(args);
  EXPECT_TRUE(out.ok()) << out.status().message();
  if (!out.ok())
    return {};
  return {out->front().to_f32(), c.last_run().front()};
}

/// A kernel on both cores: core c scales rows [8c, 8c + 8) of x by c + 2,
/// moving them by DMA; lax::axis_size is 2.
pl::Kernel halves(bool interpret) {
  return pl::kernel(
      {.out_type = f32(16, 128),
       .mesh = pltpu::TensorCoreMesh{"tc", 2},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "halves",
       .interpret = interpret},
      [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
        Scalar c = lax::axis_index("tc");
        Scalar row = pl::multiple_of(c * 8, 8);
        pltpu::async_copy(x_hbm.at(pl::ds(row, 8)), buf, sem).wait();
        buf[___] = buf[___] * (c + 2) + (float)lax::axis_size("tc");
        pltpu::async_copy(buf, o_hbm.at(pl::ds(row, 8)), sem).wait();
      });
}

TEST(Megacore, AKernelOnATwoCoreMeshRunsOnBothCores) {
  std::vector<float> data = pattern(16 * 128);
  Array x = Array::from_f32(data, {16, 128});
  std::vector<float> want(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    want[i] = data[i] * (float)(i / (8 * 128) + 2) + 2.0f;
  for (bool interpret : {false, true}) {
    pl::Kernel k = halves(interpret);
    Ran r = runOnce(compile([&](const Array &a) { return k(a); }, x), {x});
    EXPECT_EQ(r.out, want) << (interpret ? "interpreted" : "compiled");
    if (!interpret) {
      ASSERT_EQ(r.stats.cores.size(), 2u);
      EXPECT_EQ(r.stats.cores[0].dmasIssued, 2);
      EXPECT_EQ(r.stats.cores[1].dmasIssued, 2);
      EXPECT_EQ(r.stats.run.dmasIssued, 4) << "the launch counts both cores' DMAs";
    }
  }
}

TEST(Megacore, TheCoreIndexIsReadFromTheAbiWordAndListed) {
  std::vector<float> data = pattern(16 * 128);
  Array x = Array::from_f32(data, {16, 128});
  pl::Kernel k = halves(false);
  Compiled c = compile([&](const Array &a) { return k(a); }, x);
  EXPECT_THAT(c.ir("kernel"), HasSubstr("tessera.core_index : i32"));
  EXPECT_THAT(c.ir("kernel"), HasSubstr("tessera.num_cores = 2"));
  EXPECT_THAT(c.listing(), HasSubstr("[smem:0x3ffff]")) << "sim::kCoreIndexSmemWord";
}

TEST(Megacore, OneCoreMeshLeavesTheSecondCoreIdle) {
  std::vector<float> data = pattern(8 * 128);
  Array x = Array::from_f32(data, {8, 128});
  auto k = pl::kernel(
      {.out_type = f32(8, 128),
       .mesh = pltpu::TensorCoreMesh{"tc", 1},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "one"},
      [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
        EXPECT_EQ(lax::axis_size("tc"), 1);
        pltpu::async_copy(x_hbm, buf, sem).wait();
        buf[___] = buf[___] + lax::axis_index("tc");
        pltpu::async_copy(buf, o_hbm, sem).wait();
      });
  Ran r = runOnce(compile([&](const Array &a) { return k(a); }, x), {x});
  EXPECT_EQ(r.out, data);
  EXPECT_TRUE(r.stats.cores.empty()) << "one core ran";
}

TEST(Megacore, MeshAndAxisErrorsNameTheLine) {
  Array x = Array::from_f32(pattern(8 * 128), {8, 128});
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .mesh = pltpu::TensorCoreMesh{"tc", 3}, .name = "three"},
               [](Ref, Ref) {})(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": TensorCoreMesh num_cores=3: a v4 chip has 2 TensorCores"));
  std::string axisLine = here(4);
  msg = errorOf([&] {
    pl::kernel({.out_type = f32(8, 128), .mesh = pltpu::TensorCoreMesh{"tc", 2}, .name = "axis"},
               [](Ref, Ref) {
                 lax::axis_index("x");
               })(x);
  });
  EXPECT_THAT(msg, HasSubstr(axisLine + ": lax::axis_index('x'): the kernel's TensorCoreMesh "
                                        "axis is 'tc'"));
}

TEST(Megacore, RunOnFirstCoreRunsOnCoreZeroOnly) {
  // Both cores add their index + 1 into their own half; core 0 alone also
  // writes a marker row block, so core 1's half stays as it computed it.
  std::vector<float> data = pattern(16 * 128);
  Array x = Array::from_f32(data, {16, 128});
  auto k = pl::kernel(
      {.out_type = f32(16, 128),
       .mesh = pltpu::TensorCoreMesh{"tc", 2},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "first"},
      [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
        Scalar row = pl::multiple_of(lax::axis_index("tc") * 8, 8);
        pltpu::async_copy(x_hbm.at(pl::ds(row, 8)), buf, sem).wait();
        pltpu::run_on_first_core("tc", [&] { buf[___] = buf[___] + 100.0; });
        pltpu::async_copy(buf, o_hbm.at(pl::ds(row, 8)), sem).wait();
      });
  Ran r = runOnce(compile([&](const Array &a) { return k(a); }, x), {x});
  std::vector<float> want = data;
  for (size_t i = 0; i < 8 * 128; ++i)
    want[i] += 100.0f;
  EXPECT_EQ(r.out, want);
}

TEST(Megacore, TheProfileAndTimelineShowEachCore) {
  std::vector<float> data = pattern(16 * 128);
  Array x = Array::from_f32(data, {16, 128});
  pl::Kernel k = halves(false);
  Compiled c = compile([&](const Array &a) { return k(a); }, x);
  Profile p = c.profile({x});
  ASSERT_EQ(p.launches.size(), 2u) << "one profile per core";
  EXPECT_EQ(p.cores, (std::vector<int>{0, 1}));
  EXPECT_EQ(p.launches[0].dmaCount, 2);
  EXPECT_EQ(p.launches[1].dmaCount, 2);
  EXPECT_THAT(p.str(), AllOf(HasSubstr("TensorCore 0 of the launch:"),
                             HasSubstr("TensorCore 1 of the launch:")));
  std::string path = testing::TempDir() + "megacore_timeline.json";
  c.trace(path);
  std::ifstream in(path);
  std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_THAT(json, AllOf(HasSubstr("\"name\":\"chip 0\""), HasSubstr("TensorCore 0 kernel"),
                          HasSubstr("TensorCore 1 kernel"),
                          HasSubstr("HBM transfers sharing the path")));
  // Both cores fetch their halves at once: two transfers share the path.
  EXPECT_THAT(json, HasSubstr("\"transfers\":2"));
}

//===----------------------------------------------------------------------===//
// pallas_call split across the cores
//===----------------------------------------------------------------------===//

/// o = x * 2 + 1 over row blocks of 8 on a grid of `grid` (the leading
/// `parallel` axes parallel, the rest arbitrary); block (i, j) of a 2-D grid
/// is row block i * grid[1] + j.
Ran scaleOnGrid(std::vector<int64_t> grid, int parallel, bool megacore, bool interpret) {
  int64_t blocks = 1;
  for (int64_t g : grid)
    blocks *= g;
  std::vector<float> data = pattern(blocks * 8 * 128, 5);
  Array x = Array::from_f32(data, {blocks * 8, 128});
  std::vector<pltpu::GridDimensionSemantics> sem;
  for (size_t k = 0; k < grid.size(); ++k)
    sem.push_back((int)k < parallel ? pltpu::PARALLEL : pltpu::ARBITRARY);
  int64_t inner = grid.size() == 2 ? grid[1] : 1;
  auto map = [inner](const std::vector<Scalar> &g) {
    return std::vector<Scalar>{g.size() == 2 ? g[0] * inner + g[1] : g[0], Scalar(g[0] * 0)};
  };
  pl::BlockSpec spec = grid.size() == 2
                           ? pl::BlockSpec({8, 128}, [map](Scalar i, Scalar j) { return map({i, j}); })
                           : pl::BlockSpec({8, 128}, [map](Scalar i) { return map({i}); });
  auto f = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
                           {.out_shape = f32(blocks * 8, 128),
                            .grid = grid,
                            .in_specs = {spec},
                            .out_specs = {spec},
                            .debug = {.megacore = megacore},
                            .name = "split",
                            .compiler_params = {.dimension_semantics = sem},
                            .interpret = interpret});
  Ran r = runOnce(compile([&](const Array &a) { return f(a); }, x), {x});
  std::vector<float> want(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    want[i] = data[i] * 2.0f + 1.0f;
  EXPECT_EQ(r.out, want);
  return r;
}

TEST(Megacore, AnEvenParallelAxisIsSplitInHalves) {
  Ran r = scaleOnGrid({8}, 1, true, false);
  ASSERT_EQ(r.stats.cores.size(), 2u);
  EXPECT_EQ(r.stats.cores[0].dmasIssued, 8) << "4 blocks in, 4 out";
  EXPECT_EQ(r.stats.cores[1].dmasIssued, 8);
}

TEST(Megacore, AnOddParallelAxisGivesCoreZeroOneStepMore) {
  Ran r = scaleOnGrid({5}, 1, true, false);
  ASSERT_EQ(r.stats.cores.size(), 2u);
  EXPECT_EQ(r.stats.cores[0].dmasIssued, 6) << "3 blocks";
  EXPECT_EQ(r.stats.cores[1].dmasIssued, 4) << "2 blocks";
}

TEST(Megacore, SeveralParallelAxesAreSplitAsOneRowMajorRange) {
  // Grid (3, 3), both parallel: 9 points, core 0 takes the first 5.
  Ran r = scaleOnGrid({3, 3}, 2, true, false);
  ASSERT_EQ(r.stats.cores.size(), 2u);
  EXPECT_EQ(r.stats.cores[0].dmasIssued, 10);
  EXPECT_EQ(r.stats.cores[1].dmasIssued, 8);
}

TEST(Megacore, ParallelThenArbitraryKeepsEachPointsStepsOnOneCore) {
  // Grid (3, 2), parallel then arbitrary: core 0 takes points 0 and 1 with
  // both of their steps each (4 steps), core 1 point 2 (2 steps).
  Ran r = scaleOnGrid({3, 2}, 1, true, false);
  ASSERT_EQ(r.stats.cores.size(), 2u);
  EXPECT_EQ(r.stats.cores[0].dmasIssued, 8);
  EXPECT_EQ(r.stats.cores[1].dmasIssued, 4);
}

TEST(Megacore, ArbitraryAxesAndOnePointStayOnOneCore) {
  EXPECT_TRUE(scaleOnGrid({4}, 0, true, false).stats.cores.empty()) << "all arbitrary";
  EXPECT_TRUE(scaleOnGrid({1, 4}, 1, true, false).stats.cores.empty()) << "one parallel point";
  EXPECT_TRUE(scaleOnGrid({8}, 1, false, false).stats.cores.empty()) << "megacore = false";
}

TEST(Megacore, InterpretModeSplitsTheSameWay) {
  for (auto [grid, parallel] : std::vector<std::pair<std::vector<int64_t>, int>>{
           {{8}, 1}, {{5}, 1}, {{3, 3}, 2}, {{3, 2}, 1}})
    scaleOnGrid(grid, parallel, true, true);
}

TEST(Megacore, AnAccumulatorOverTheArbitraryAxisIsExactOnBothCores) {
  // o[i] = x[4i] + ... + x[4i + 3] over grid (4, 4): the output block stays
  // in VMEM over the 4 arbitrary steps of its point, on the point's core.
  std::vector<float> data = pattern(16 * 8 * 256, 3);
  auto f = pl::pallas_call(
      [](Ref x_ref, Ref o_ref) {
        pl::when(pl::program_id(1) == 0, [&] { o_ref[___] = 0.0; });
        o_ref[___] = o_ref[___] + x_ref[___];
      },
      {.out_shape = f32(32, 256),
       .grid = {4, 4},
       .in_specs = {pl::BlockSpec({8, 256},
                                  [](Scalar i, Scalar k) { return std::tuple{i * 4 + k, 0}; })},
       .out_specs = {pl::BlockSpec({8, 256}, [](Scalar i, Scalar) { return std::tuple{i, 0}; })},
       .name = "accumulate",
       .compiler_params = {.dimension_semantics = {pltpu::PARALLEL, pltpu::ARBITRARY}}});
  Array x = Array::from_f32(data, {128, 256});
  std::vector<float> want(32 * 256, 0.0f);
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t k = 0; k < 4; ++k)
      for (int64_t e = 0; e < 8 * 256; ++e)
        want[i * 8 * 256 + e] = want[i * 8 * 256 + e] + data[(i * 4 + k) * 8 * 256 + e];
  Ran r = runOnce(compile([&](const Array &a) { return f(a); }, x), {x});
  EXPECT_EQ(r.out, want);
  ASSERT_EQ(r.stats.cores.size(), 2u);
  EXPECT_EQ(r.stats.cores[0].dmasIssued, 8 + 2);
  EXPECT_EQ(r.stats.cores[1].dmasIssued, 8 + 2);
}

//===----------------------------------------------------------------------===//
// Interpret mode: the simulated cores, races between them
//===----------------------------------------------------------------------===//

/// o = x * 2 + 1 over a parallel grid of 8 row blocks, interpreted with
/// these params: its kernel IR (the grid's cores) and its output.
std::string interpretedScale(pltpu::InterpretParams params, std::vector<float> *out) {
  std::vector<float> data = pattern(64 * 128, 7);
  Array x = Array::from_f32(data, {64, 128});
  pl::BlockSpec spec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; });
  auto f = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
                           {.out_shape = f32(64, 128),
                            .grid = {8},
                            .in_specs = {spec},
                            .out_specs = {spec},
                            .name = "scale",
                            .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
                            .interpret = params});
  Compiled c = compile([&](const Array &a) { return f(a); }, x);
  Ran r = runOnce(c, {x});
  std::vector<float> want(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    want[i] = data[i] * 2.0f + 1.0f;
  EXPECT_EQ(r.out, want);
  *out = r.out;
  return c.ir("kernel");
}

TEST(Megacore, InterpretModeSimulatesNumCoresOrThreads) {
  std::vector<float> out;
  // 0 (the default): the device's cores, as compiled.
  EXPECT_THAT(interpretedScale({}, &out), HasSubstr("cores 2"));
  EXPECT_THAT(interpretedScale({.num_cores_or_threads = 1}, &out), HasSubstr("cores 1"));
  EXPECT_THAT(interpretedScale({.num_cores_or_threads = 2}, &out), HasSubstr("cores 2"));
}

TEST(Megacore, NumCoresOrThreadsErrorsNameTheLine) {
  Array x = Array::from_f32(pattern(8 * 128), {8, 128});
  auto run = [&](pltpu::InterpretParams params, std::source_location loc) {
    return errorOf([&] {
      pl::kernel({.out_type = f32(8, 128),
                  .mesh = pltpu::TensorCoreMesh{"tc", 2},
                  .name = "k",
                  .interpret = params},
                 [](Ref, Ref) {}, loc)(x);
    });
  };
  std::string line = here(1);
  std::string msg = run({.num_cores_or_threads = 3}, std::source_location::current());
  EXPECT_THAT(msg, HasSubstr(line + ": InterpretParams num_cores_or_threads=3: interpret mode "
                                    "simulates the TensorCores of a v4 chip (1 to 2)"));
  line = here(1);
  msg = run({.num_cores_or_threads = 1}, std::source_location::current());
  EXPECT_THAT(msg, HasSubstr(line + ": TensorCoreMesh num_cores=2, but interpret mode simulates "
                                    "1 TensorCore per device"));
}

/// The lines of exchange's write (core 0) and read (core 1).
std::string writeLine, readLine;

/// Core 0 writes rows [0, 8) of its output by DMA; core 1 reads them back
/// into rows [8, 16), after a core barrier when `barrier`.
pl::Kernel exchange(bool barrier, bool interpret) {
  pltpu::Interpret mode = false;
  if (interpret)
    mode = pltpu::InterpretParams{.detect_races = true};
  return pl::kernel(
      {.out_type = f32(16, 128),
       .mesh = pltpu::TensorCoreMesh{"tc", 2},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA,
                         pltpu::SemaphoreType::REGULAR},
       .name = "exchange",
       .interpret = mode},
      [barrier](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem, Ref bar) {
        Scalar c = lax::axis_index("tc");
        pl::when(c == 0, [&] {
          pltpu::async_copy(x_hbm.at(pl::ds(0, 8)), buf, sem).wait();
          writeLine = here(1);
          pltpu::async_copy(buf, o_hbm.at(pl::ds(0, 8)), sem).wait();
        });
        if (barrier)
          pltpu::core_barrier(bar, "tc");
        pl::when(c == 1, [&] {
          readLine = here(1);
          pltpu::async_copy(o_hbm.at(pl::ds(0, 8)), buf, sem).wait();
          pltpu::async_copy(buf, o_hbm.at(pl::ds(8, 8)), sem).wait();
        });
      });
}

TEST(Megacore, ARaceBetweenTheCoresIsFoundInBothModes) {
  std::vector<float> data = pattern(16 * 128);
  Array x = Array::from_f32(data, {16, 128});
  std::vector<float> want(data.begin(), data.begin() + 8 * 128);
  want.insert(want.end(), data.begin(), data.begin() + 8 * 128);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    EXPECT_EQ(exchange(true, interpret)(x).to_f32(), want) << "the barrier orders the two";
    std::string msg = errorOf([&] { exchange(false, interpret)(x); });
    EXPECT_THAT(msg, HasSubstr("cross-core race"));
    EXPECT_THAT(msg, HasSubstr("on core 1"));
    EXPECT_THAT(msg, HasSubstr("on core 0"));
    EXPECT_THAT(msg, AllOf(HasSubstr(writeLine), HasSubstr(readLine))) << "both lines";
  }
}

TEST(Megacore, InterpretModeFindsARaceBetweenTheCoresBlockCopies) {
  // Grid point i reads block 1 - i of x and writes block i of the same
  // buffer (aliased): on two cores, core 0 reads block 1 while core 1
  // writes it, with nothing ordering them; on one core the points run in
  // order and the program is fine (it reads the old block 1 first).
  std::vector<float> data = pattern(16 * 128);
  auto f = [&](pltpu::Interpret mode) {
    return pl::pallas_call(
        [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] + 1.0; },
        {.out_shape = f32(16, 128),
         .grid = {2},
         .in_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{1 - i, 0}; })},
         .out_specs = {pl::BlockSpec({8, 128}, [](Scalar i) { return std::tuple{i, 0}; })},
         .input_output_aliases = {{0, 0}},
         .name = "swap",
         .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}},
         .interpret = mode});
  };
  Array x = Array::from_f32(data, {16, 128});
  std::string msg = errorOf([&] {
    f(pltpu::InterpretParams{.detect_races = true, .num_cores_or_threads = 2})(x);
  });
  // Core 0 (point 0) writes block 0 back; core 1 (point 1) then reads it.
  EXPECT_THAT(msg, AllOf(HasSubstr("cross-core race on core 1: the pallas_call's copy of block "
                                   "(0, 0) of in_specs[0] 'in0'"),
                         HasSubstr(" reads in0 rows [0, 8), which the pallas_call's copy of "
                                   "block (0, 0) of out_specs[0] 'out0'"),
                         HasSubstr("on core 0 writes")));
  EXPECT_THAT(errorOf([&] { f(false)(x); }), HasSubstr("cross-core race")) << "compiled";
  std::vector<float> out =
      f(pltpu::InterpretParams{.detect_races = true, .num_cores_or_threads = 1})(x).to_f32();
  EXPECT_EQ(out[0], data[8 * 128] + 1.0f);
}

//===----------------------------------------------------------------------===//
// pl::run_state and pl::core_map
//===----------------------------------------------------------------------===//

/// pl::run_state over (x, o): a core_map in which core c copies rows
/// [8c, 8c + 8) of x into o times (c + 2), and adds 1 to its rows of x in
/// place; then a second core_map that adds x (as the first left it) to o.
std::vector<Array> coreMapped(const Array &x, const Array &o, bool interpret) {
  return pl::run_state([&](Ref x_hbm, Ref o_hbm) {
    pl::CoreMapSpec spec{
        .scratch_shapes = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
        .interpret = interpret};
    pl::core_map(
        pltpu::TensorCoreMesh{"tc", 2},
        [&](Ref buf, Ref sem) {
          Scalar c = lax::axis_index("tc");
          Scalar row = pl::multiple_of(c * 8, 8);
          pltpu::async_copy(x_hbm.at(pl::ds(row, 8)), buf, sem).wait();
          buf[___] = buf[___] * (c + 2);
          pltpu::async_copy(buf, o_hbm.at(pl::ds(row, 8)), sem).wait();
          pltpu::async_copy(x_hbm.at(pl::ds(row, 8)), buf, sem).wait();
          buf[___] = buf[___] + 1.0;
          pltpu::async_copy(buf, x_hbm.at(pl::ds(row, 8)), sem).wait();
        },
        spec);
    spec.scratch_shapes.push_back(pltpu::VMEM({8, 128}, DType::float32));
    spec.name = "add";
    pl::core_map(
        pltpu::TensorCoreMesh{"tc", 2},
        [&](Ref a, Ref sem, Ref b) {
          Scalar row = pl::multiple_of(lax::axis_index("tc") * 8, 8);
          pltpu::async_copy(x_hbm.at(pl::ds(row, 8)), a, sem).wait();
          pltpu::async_copy(o_hbm.at(pl::ds(row, 8)), b, sem).wait();
          b[___] = b[___] + a[___];
          pltpu::async_copy(b, o_hbm.at(pl::ds(row, 8)), sem).wait();
        },
        spec);
  })(x, o);
}

TEST(CoreMap, RunsItsBodyOnEachCoreOnTheRunStatesRefs) {
  std::vector<float> data = pattern(16 * 128);
  Array x = Array::from_f32(data, {16, 128});
  Array o = jnp::zeros({16, 128});
  std::vector<float> xs(data.size()), want(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    xs[i] = data[i] + 1.0f;
    want[i] = data[i] * (float)(i / (8 * 128) + 2) + xs[i];
  }
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    std::vector<Array> out = coreMapped(x, o, interpret);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].to_f32(), xs) << "x, written in place";
    EXPECT_EQ(out[1].to_f32(), want);
    EXPECT_EQ(x.to_f32(), data) << "the caller's array is a value: run_state returns new ones";
    // Under jit: the core_maps are two kernels of one program.
    Compiled c = compile(
        [&](const Array &a, const Array &b) { return coreMapped(a, b, interpret)[1]; }, x, o);
    auto ran = c.run({x, o});
    ASSERT_TRUE(ran.ok()) << ran.status().message();
    EXPECT_EQ(ran->front().to_f32(), want);
    if (!interpret)
      EXPECT_THAT(c.ir("kernel"), AllOf(HasSubstr("tessera.num_cores = 2"),
                                        HasSubstr("tessera.core_index")));
  }
}

TEST(CoreMap, ErrorsNameTheLine) {
  Array x = Array::from_f32(pattern(16 * 128), {16, 128});
  std::string line = here(2);
  std::string msg = errorOf([&] {
    pl::core_map(pltpu::TensorCoreMesh{"tc", 2}, [] {});
  });
  EXPECT_THAT(msg, HasSubstr(line + ": pl::core_map runs on the Refs of a pl::run_state"));
  line = here(3);
  msg = errorOf([&] {
    pl::run_state([&](Ref) {
      pl::core_map(pltpu::TensorCoreMesh{"tc", 2}, [](Ref) {});
    })(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": the core_map body takes 1 Refs, but 0 scratch_shapes"));
  line = here(2);
  msg = errorOf([&] {
    pl::run_state([&](Ref x_hbm) { Value v = x_hbm[___]; })(x);
  });
  EXPECT_THAT(msg, HasSubstr(line + ": Ref 'state0' of pl::run_state is used outside "
                                    "pl::core_map"));
  line = here(1);
  msg = errorOf([&] { pl::run_state([&](Ref, Ref) {})(x); });
  EXPECT_THAT(msg, HasSubstr(line + ": pl::run_state's function takes 2 Refs, but it is called "
                                    "on 1 arrays"));
}

}  // namespace
}  // namespace tessera
