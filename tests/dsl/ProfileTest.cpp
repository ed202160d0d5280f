//===- ProfileTest.cpp - Compiled::profile and Compiled::trace ------------===//
//
// Profiles of the samples' kernels (every unit's busy + idle cycles add up
// to the run's; the verdicts of an HBM-bound and a compute-bound kernel) and
// the timeline read back with llvm::json: its tracks, one span per executed
// DMA, flows, and semaphore counters that end at the values the simulator
// reports.
//
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "DslTestUtil.h"
#include "dsl/Timeline.h"
#include "dsl/tessera.h"
#include "runtime/Host.h"
#include "runtime/Program.h"
#include "sim/Dma.h"
#include "sim/MachineDesc.h"
#include "sim/Profile.h"
#include "sim/Slice.h"
#include "llvm/Support/JSON.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;

class ProfileTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { tpu_init::initialize_one_chip(); }

  static Mesh mesh() { return make_mesh({1}, {"device"}); }

  /// The pipelined_scale sample's kernel: x * 2 + 1 in row blocks.
  static Compiled pipelinedScale(const Array &x, int64_t block) {
    int64_t rows = x.shape()[0], cols = x.shape()[1];
    auto fn = shard_map({.mesh = mesh(), .in_specs = P(), .out_specs = P(), .check_vma = false},
                        [&](const Array &x) -> Array {
                          return pl::pallas_call(
                              [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
                              {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
                               .grid = {rows / block},
                               .in_specs = {pl::BlockSpec({block, cols},
                                                          [](Scalar i) {
                                                            return std::tuple{i, 0};
                                                          })},
                               .out_specs = {pl::BlockSpec({block, cols},
                                                           [](Scalar i) {
                                                             return std::tuple{i, 0};
                                                           })},
                               .debug = {.megacore = false},  // a profile of one core's run
                               .name = "pipelined_scale",
                               .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}}})(x);
                        });
    return compile(fn, x);
  }

  /// The matmul sample's kernel at its default blocks (bm, bn, bk) =
  /// (128, N, K).
  static Compiled matmul(const Array &x, const Array &y) {
    int64_t m = x.shape()[0], k = x.shape()[1], n = y.shape()[1], bm = 128;
    auto fn =
        shard_map({.mesh = mesh(), .in_specs = P(), .out_specs = P(), .check_vma = false},
                  [&](const Array &x, const Array &y) -> Array {
                    return pl::pallas_call(
                        [](Ref x_ref, Ref y_ref, Ref o_ref) {
                          o_ref[___] = jnp::dot(x_ref[___], y_ref[___],
                                                {.preferred_element_type = DType::float32});
                        },
                        {.out_shape = ShapeDtypeStruct{{m, n}, DType::float32},
                         .grid = {m / bm},
                         .in_specs = {pl::BlockSpec({bm, k},
                                                    [](Scalar i) {
                                                      return std::tuple{i, 0};
                                                    }),
                                      pl::BlockSpec({k, n},
                                                    [](Scalar) {
                                                      return std::tuple{0, 0};
                                                    })},
                         .out_specs = {pl::BlockSpec({bm, n},
                                                     [](Scalar i) {
                                                       return std::tuple{i, 0};
                                                     })},
                         .debug = {.megacore = false},  // a profile of one core's run
                         .name = "matmul",
                         .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}}})(x, y);
                  });
    return compile(fn, x, y);
  }

  static void expectUnitsAddUp(const sim::KernelProfile &p) {
    ASSERT_GT(p.cycles, 0);
    for (const sim::UnitProfile &u : p.units)
      EXPECT_EQ(u.busy + u.idleCycles(), p.cycles) << p.kernel << " " << u.name;
    EXPECT_EQ(p.issueCycles + p.waitCycles + p.fenceCycles + p.queueCycles + p.branchCycles +
                  p.drainCycles,
              p.cycles);
    double lines = 0;
    for (const sim::LineProfile &l : p.lines)
      lines += l.cycles;
    EXPECT_NEAR(lines, static_cast<double>(p.cycles), 1e-6 * p.cycles);
  }
};

TEST_F(ProfileTest, PipelinedScaleIsHbmBound) {
  auto x = Array::from_f32(testutil::pattern(2048 * 1024), {2048, 1024});
  Compiled c = pipelinedScale(x, 256);
  ASSERT_TRUE(c.run({x}).ok());
  const sim::RunResult run = c.last_run().front().run;
  Profile p = c.profile(); // runs x again, traced
  ASSERT_EQ(p.launches.size(), 1u);
  const sim::KernelProfile &k = p.launches[0];
  // The traced run is the run: the simulator is deterministic.
  EXPECT_EQ(k.cycles, run.cycles + run.drainCycles);
  EXPECT_EQ(k.issueCycles, run.bundlesExecuted);
  EXPECT_EQ(k.dmaBytes, run.dmaBytes);
  EXPECT_EQ(k.dmaCount, run.dmasIssued);
  EXPECT_EQ(k.waitCycles + k.fenceCycles + k.queueCycles, run.stallCycles);
  expectUnitsAddUp(k);
  EXPECT_EQ(k.verdict, sim::Verdict::HbmBound) << k.verdictLine();
  // Each step's fetch shares the HBM path with the last writeback, so part
  // of the next fetch's start-up is exposed (sim/TIMING.md, [DMA]).
  EXPECT_GT(k.hbmFraction, 0.8);
  // 16 MiB in and out.
  EXPECT_EQ(k.hbmBytes, 2 * 2048 * 1024 * 4);
  // The stalls name their waits' lines, here, and the DMAs that ended them.
  ASSERT_FALSE(k.stalls.empty());
  EXPECT_THAT(k.stalls[0].position, HasSubstr("ProfileTest.cpp:"));
  EXPECT_GT(k.stalls[0].releases, 0);
  std::string text = p.str(10);
  EXPECT_THAT(text, HasSubstr("verdict: HBM-bound"));
  EXPECT_THAT(text, HasSubstr("annotated listing (the 10 hottest bundles"));
}

TEST_F(ProfileTest, MatmulIsMxuBound) {
  // The matmul sample's size: smaller ones spend too much of the run on
  // the first blocks' fetch to be MXU-bound.
  constexpr int64_t n = 1024;
  std::vector<float> xs(n * n), ys(n * n);
  for (size_t i = 0; i < xs.size(); ++i) {
    xs[i] = (float)((int)(i % 17) - 8) * 0.5f;
    ys[i] = (float)((int)(i % 13) - 6) * 0.25f;
  }
  auto x = Array::from_f32(xs, {n, n}, DType::bfloat16);
  auto y = Array::from_f32(ys, {n, n}, DType::bfloat16);
  Compiled c = matmul(x, y);
  Profile p = c.profile({x, y});
  ASSERT_EQ(p.launches.size(), 1u);
  const sim::KernelProfile &k = p.launches[0];
  expectUnitsAddUp(k);
  EXPECT_EQ(k.verdict, sim::Verdict::MxuBound) << k.verdictLine();
  // The MXUs' busy cycles are their streams: n^3 MACs / (8 rows x 128 x
  // 128 per vmatmul) vmatmuls of kMxuStreamCycles each.
  int64_t streams = 0;
  for (int m = 0; m < machine::kNumMxus; ++m)
    streams += k.unit("mxu" + std::to_string(m)).ops;
  EXPECT_EQ(streams, n * n * n / (8 * 128 * 128));
  int64_t busy = 0;
  for (int m = 0; m < machine::kNumMxus; ++m)
    busy += k.unit("mxu" + std::to_string(m)).busy;
  EXPECT_EQ(busy, streams * machine::kMxuStreamCycles);
}

// The first_kernel and softmax samples' kernels: a copy, a computation and
// a copy back waited for at once; a row softmax on the EUP and XLU.
TEST_F(ProfileTest, UnitsAddUpOnTheSamplesKernels) {
  auto small = Array::from_f32(testutil::pattern(8 * 128), {8, 128});
  auto scale =
      shard_map({.mesh = mesh(), .in_specs = P(), .out_specs = P(), .check_vma = false},
                [&](const Array &x) -> Array {
                  return pl::kernel({.out_type = ShapeDtypeStruct{x.shape(), x.dtype()},
                                     .mesh = pltpu::TensorCoreMesh{"tc", 1},
                                     .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                                                       pltpu::SemaphoreType::DMA},
                                     .name = "scale"},
                                    [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
                                      pltpu::async_copy(x_hbm, x_vmem, sem).wait();
                                      x_vmem[___] = x_vmem[___] * 2.0;
                                      pltpu::async_copy(x_vmem, o_hbm, sem).wait();
                                    })(x);
                });
  Compiled first = compile(scale, small);
  Profile p = first.profile({small});
  ASSERT_EQ(p.launches.size(), 1u);
  expectUnitsAddUp(p.launches[0]);
  // Two DMAs of 4 KiB waited for at once: the run is their start-up.
  EXPECT_EQ(p.launches[0].verdict, sim::Verdict::LatencyBound) << p.launches[0].verdictLine();
  int stalledWaits = 0;
  for (const sim::StallSite &site : p.launches[0].stalls)
    stalledWaits += site.stalls > 0;
  EXPECT_EQ(stalledWaits, 2);

  constexpr int64_t rows = 64, cols = 1024, block = 32;
  auto x = Array::from_f32(testutil::pattern(rows * cols), {rows, cols});
  auto softmax =
      shard_map({.mesh = mesh(), .in_specs = P(), .out_specs = P(), .check_vma = false},
                [&](const Array &x) -> Array {
                  return pl::pallas_call(
                      [](Ref x_ref, Ref o_ref) {
                        pl::loop(0, block / 8, 1, {.unroll = 4})([&](Scalar g) {
                          auto rows = pl::ds(pl::multiple_of(g * 8, 8), 8);
                          Value s = x_ref[rows];
                          Value e = jnp::exp(s - jnp::max(s, 1, /*keepdims=*/true));
                          o_ref[rows] = e / jnp::sum(e, 1, /*keepdims=*/true);
                        });
                      },
                      {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()},
                       .grid = {rows / block},
                       .in_specs = {pl::BlockSpec({block, cols},
                                                  [](Scalar i) {
                                                    return std::tuple{i, 0};
                                                  })},
                       .out_specs = {pl::BlockSpec({block, cols},
                                                   [](Scalar i) {
                                                     return std::tuple{i, 0};
                                                   })},
                       .debug = {.megacore = false},  // a profile of one core's run
                       .name = "softmax",
                       .compiler_params = {.dimension_semantics = {pltpu::PARALLEL}}})(x);
                });
  Compiled c = compile(softmax, x);
  p = c.profile({x});
  ASSERT_EQ(p.launches.size(), 1u);
  const sim::KernelProfile &k = p.launches[0];
  expectUnitsAddUp(k);
  EXPECT_GT(k.unit("EUP").ops, 0);
  EXPECT_GT(k.unit("XLU").ops, 0);
  EXPECT_EQ(k.unit("EUP").busy, k.unit("EUP").ops * machine::kEupIssueInterval);
}

// A chain of dependent ops on one vreg: the scheduler has nothing to put
// between them, so empty bundles wait out each latency. Their cycles count
// for the line of the op they wait for (the lane reduction's, on the XLU,
// the longest), never for "(no line)", and the annotated listing says
// which op each waits out.
TEST_F(ProfileTest, EmptyBundlesCountForTheLineTheyWaitFor) {
  auto x = Array::from_f32(testutil::pattern(8 * 128), {8, 128});
  int reduceLine = 0;
  auto chain = [&](const Array &x) -> Array {
    return pl::pallas_call(
        [&](Ref x_ref, Ref o_ref) {
          Value v = x_ref[___];
          reduceLine = __LINE__ + 1;
          Value m = jnp::max(v, 1, /*keepdims=*/true);
          o_ref[___] = jnp::exp(v - m);
        },
        {.out_shape = ShapeDtypeStruct{x.shape(), x.dtype()}, .name = "chain"})(x);
  };
  Compiled c = compile(chain, x);
  Profile p = c.profile({x});
  ASSERT_EQ(p.launches.size(), 1u);
  const sim::KernelProfile &k = p.launches[0];
  expectUnitsAddUp(k);
  ASSERT_GT(k.nopBundles, machine::kLatCrossLane / 2);
  std::string reduce = "ProfileTest.cpp:" + std::to_string(reduceLine);
  double reduceCycles = 0;
  for (const sim::LineProfile &l : k.lines) {
    EXPECT_FALSE(l.position.empty() && l.cycles >= 1.0) << p.str(0);
    if (l.position == reduce)
      reduceCycles = l.cycles;
  }
  // The reduction's line has at least the wait for its result.
  EXPECT_GE(reduceCycles, machine::kLatCrossLane - 2) << p.str(0);
  EXPECT_THAT(p.str(0), HasSubstr("nop  // waits out vredlane.max.f32 at 0x"));
  EXPECT_THAT(p.str(0), HasSubstr("(" + reduce + ")"));
}

TEST_F(ProfileTest, ProfileBeforeAnyRunIsAnError) {
  auto x = Array::from_f32(testutil::pattern(256 * 1024), {256, 1024});
  Compiled c = pipelinedScale(x, 128);
  EXPECT_THAT(testutil::errorOf([&] { c.profile(); }), HasSubstr("the program has not run yet"));
  EXPECT_THAT(testutil::errorOf([&] { c.trace("/nonexistent-dir/t.json"); }),
              HasSubstr("the program has not run yet"));
  ASSERT_TRUE(c.run({x}).ok());
  EXPECT_THAT(testutil::errorOf([&] { c.trace("/nonexistent-dir/t.json"); }),
              HasSubstr("cannot write the timeline to '/nonexistent-dir/t.json'"));
}

// What a caller holds of last_run() stays valid across profile() and
// trace() of the same run (the samples' pattern: `const auto &run =
// c.last_run().front().run;`, then `c.profile()`): the traced re-run adds
// its events to the launches already there.
TEST_F(ProfileTest, LastRunStaysValidAcrossProfileAndTrace) {
  auto x = Array::from_f32(testutil::pattern(256 * 1024), {256, 1024});
  Compiled c = pipelinedScale(x, 128);
  ASSERT_TRUE(c.run({x}).ok());
  const sim::RunResult &run = c.last_run().front().run;
  const int64_t cycles = run.cycles;
  EXPECT_EQ(c.last_run().front().trace, nullptr);
  Profile p = c.profile();
  std::string path = testing::TempDir() + "last_run.json";
  c.trace(path);
  EXPECT_EQ(&c.last_run().front().run, &run);
  EXPECT_EQ(run.cycles, cycles);
  EXPECT_EQ(p.launches.front().cycles, cycles);
  EXPECT_NE(c.last_run().front().trace, nullptr);
}

/// The events of a timeline file.
llvm::json::Array readEvents(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(text.str());
  if (!v) {
    ADD_FAILURE() << llvm::toString(v.takeError());
    return {};
  }
  const llvm::json::Object *root = v->getAsObject();
  if (!root || !root->getArray("traceEvents")) {
    ADD_FAILURE() << "no traceEvents";
    return {};
  }
  return *root->getArray("traceEvents");
}

TEST_F(ProfileTest, TimelineRoundTrip) {
  auto x = Array::from_f32(testutil::pattern(1024 * 1024), {1024, 1024});
  Compiled c = pipelinedScale(x, 256);
  ASSERT_TRUE(c.run({x}).ok());
  std::string path = (std::filesystem::temp_directory_path() /
                      ("tessera_timeline_" + std::to_string(::getpid()) + ".json"))
                         .string();
  c.trace(path);
  const sim::RunResult run = c.last_run().front().run;
  llvm::json::Array events = readEvents(path);
  std::filesystem::remove(path);
  ASSERT_FALSE(events.empty());

  std::map<int64_t, std::string> threads;
  int dmaSpans = 0, flowStarts = 0, flowEnds = 0, opSlices = 0;
  struct Span {
    int64_t tid, start, complete, transfer, bytes;
  };
  std::vector<Span> spans;
  std::map<std::string, int64_t> lastCounter;
  int64_t hbmTransfers = -1, maxHbmTransfers = 0;
  for (const llvm::json::Value &ev : events) {
    const llvm::json::Object *e = ev.getAsObject();
    ASSERT_TRUE(e);
    std::string ph = e->getString("ph").value_or("").str();
    int64_t tid = e->getInteger("tid").value_or(-1);
    ASSERT_TRUE(e->getInteger("pid")) << "every event names its process";
    if (ph == "M" && e->getString("name") == "thread_name")
      threads[tid] = e->getObject("args")->getString("name").value_or("").str();
    if (ph == "X") {
      ASSERT_TRUE(e->getNumber("ts") && e->getNumber("dur"));
      EXPECT_GE(*e->getNumber("dur"), 0);
      if (tid >= timeline::kFirstDmaTrack) {
        ++dmaSpans;
        EXPECT_THAT(e->getString("name").value_or("").str(), HasSubstr("dma."))
            << "a DMA span is named by its op";
        const llvm::json::Object *args = e->getObject("args");
        ASSERT_TRUE(args);
        spans.push_back({tid, *args->getInteger("cycle"), *args->getInteger("complete_cycle"),
                         *args->getInteger("transfer_cycles"), *args->getInteger("bytes")});
      } else if (tid >= timeline::kFirstUnitTrack) {
        ++opSlices;
      }
    }
    if (ph == "s")
      ++flowStarts;
    if (ph == "f")
      ++flowEnds;
    if (ph == "C" && e->getString("name") == "HBM transfers sharing the path") {
      // The chip's HBM path: transfers in flight, back to none at the end.
      hbmTransfers = *e->getObject("args")->getInteger("transfers");
      EXPECT_GE(hbmTransfers, 0);
      maxHbmTransfers = std::max(maxHbmTransfers, hbmTransfers);
    } else if (ph == "C") {
      std::string name = e->getString("name").value_or("").str();
      EXPECT_THAT(name, ::testing::StartsWith("TensorCore 0 sem "));
      lastCounter[name] = *e->getObject("args")->getInteger("value");
    }
  }
  // Tracks: one per unit slot, the stalls, the kernel and the DMA tracks.
  std::vector<std::string> names;
  for (auto &[tid, name] : threads)
    names.push_back(name);
  for (const char *want : {"kernel", "stalls", "scalar 0", "scalar 1", "vector ALU 0",
                           "vector ALU 1", "vector load", "vector store", "EUP", "XLU", "matrix 0",
                           "matrix 1", "misc", "mxu0 stream", "mxu3 stream", "DMA 0"})
    EXPECT_THAT(names, ::testing::Contains("TensorCore 0 " + std::string(want)));
  EXPECT_EQ(hbmTransfers, 0) << "the HBM path's counter ends with no transfer";
  EXPECT_GE(maxHbmTransfers, 1);
  // One span per executed DMA, each with a flow from the op that started it
  // to the wait that consumed it.
  EXPECT_EQ(dmaSpans, run.dmasIssued);
  EXPECT_EQ(flowStarts, run.dmasIssued);
  EXPECT_EQ(flowEnds, run.dmasIssued);
  EXPECT_GT(opSlices, run.bundlesExecuted / 2);
  // DMAs in flight together share the HBM path (sim/TIMING.md): the
  // pipeline's fetch and write-back overlap, each on its own DMA track, and
  // none moves faster than it would alone.
  int overlapping = 0;
  for (size_t i = 0; i < spans.size(); ++i) {
    EXPECT_GE(spans[i].transfer, sim::dmaTransferCycles(isa::Opcode::DmaHbmToVmem,
                                                        spans[i].bytes));
    for (size_t j = i + 1; j < spans.size(); ++j)
      if (spans[i].start < spans[j].complete && spans[j].start < spans[i].complete) {
        ++overlapping;
        EXPECT_NE(spans[i].tid, spans[j].tid) << "two DMAs in flight on one track";
      }
  }
  EXPECT_GT(overlapping, 0);
  // Every semaphore counter ends at the value the simulator holds.
  ASSERT_FALSE(lastCounter.empty());
  sim::TensorCore &core = runtime::Host::get().chip(0).core(0);
  for (auto &[name, value] : lastCounter)
    EXPECT_EQ(value, core.semaphore(std::stoi(name.substr(std::string("TensorCore 0 sem ").size()))))
        << name;
}

// A hand-assembled run that leaves semaphores nonzero: the timeline's
// counters follow every DMA landing and vsyncadd and end where the core's
// semaphores are.
TEST_F(ProfileTest, TimelineCountersFollowTheSemaphores) {
  absl::StatusOr<sim::Executable> exe = sim::parseListing(
      ".kernel counters\n.hbm_args 0\n.scalar_words 0\n.vmem_rows 0x0\n.semaphores 2\n"
      "0x0000  smov s0, 256 ; smov s1, 0\n"
      "0x0001  dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]\n"
      "0x0002  vsyncadd [sem:1], 12\n"
      "0x0003  vwait.ge [sem:0], 4096\n"
      "0x0004  vsyncadd [sem:0], -1000\n");
  ASSERT_TRUE(exe.ok()) << exe.status();
  auto program = sim::loadProgram(*exe);
  ASSERT_TRUE(program.ok()) << program.status();
  sim::Chip chip;
  sim::Trace trace;
  sim::RunOptions options;
  options.trace = &trace;
  absl::StatusOr<sim::RunResult> r = chip.core(0).run(**program, {}, options);
  ASSERT_TRUE(r.ok()) << r.status();
  std::string path = (std::filesystem::temp_directory_path() /
                      ("tessera_counters_" + std::to_string(::getpid()) + ".json"))
                         .string();
  ASSERT_TRUE(timeline::write(path, {{&*exe, &trace, *r, 0, 0}}).ok());
  llvm::json::Array events = readEvents(path);
  std::filesystem::remove(path);
  std::map<std::string, std::vector<int64_t>> values;
  for (const llvm::json::Value &ev : events) {
    const llvm::json::Object *e = ev.getAsObject();
    if (e->getString("ph") == "C")
      values[e->getString("name")->str()].push_back(*e->getObject("args")->getInteger("value"));
  }
  // sem 0: 0 at the start, 4096 when the DMA lands, 3096 after vsyncadd.
  EXPECT_EQ(values["TensorCore 0 sem 0"], (std::vector<int64_t>{0, 4096, 3096}));
  EXPECT_EQ(values["TensorCore 0 sem 1"], (std::vector<int64_t>{0, 12}));
  EXPECT_EQ(values["TensorCore 0 sem 0"].back(), chip.core(0).semaphore(0));
  EXPECT_EQ(values["TensorCore 0 sem 1"].back(), chip.core(0).semaphore(1));
}

// The timeline of a launch on 4 chips: a process per chip with its core's
// tracks, and a counter per ICI link the copies cross. Chip 0 pushes to
// chip 3 (+x from chip 0, then +y from chip 1) while chip 1 pushes to chip
// 3 too: chip 1's +y link carries both at once.
TEST(SliceTimeline, AProcessPerChipAndTheLinksTheCopiesCross) {
  auto assembled = [](const std::string &name, const std::string &body) {
    absl::StatusOr<sim::Executable> exe = sim::parseListing(
        ".kernel " + name + "\n.hbm_args 0\n.scalar_words 0\n.vmem_rows 0x0\n.semaphores 2\n" +
        body);
    EXPECT_TRUE(exe.ok()) << exe.status();
    return *exe;
  };
  // Chip 0's copy lands in rows 0..8 of chip 3, chip 1's in rows 8..16.
  auto push = [&](int dstRow) {
    return assembled(
        "push", "0x0000  smov s0, 0 ; smov s1, " + std::to_string(dstRow) + "\n" +
                    "0x0001  smov s2, 8 ; smov s3, 3\n"
                    "0x0002  smov s4, 0 ; smov s5, 0\n"
                    "0x0003  smov s6, 1\n"
                    "0x0004  dma.remote.vmem_to_vmem [vmem:s0], [vmem:s1], s2, [chip:s3], "
                    "[core:s4], [send:s5], [recv:s6]\n"
                    "0x0005  vwait.ge [sem:0], 4096\n"
                    "0x0006  vsyncadd [sem:0], -4096\n");
  };
  sim::Executable push0 = push(0), push1 = push(8);
  sim::Executable receive = assembled("receive", "0x0000  vwait.ge [sem:1], 8192\n"
                                                 "0x0001  vsyncadd [sem:1], -8192\n");
  std::vector<std::shared_ptr<const sim::Program>> programs;
  for (const sim::Executable *exe : {&push0, &push1, &receive}) {
    auto program = sim::loadProgram(*exe);
    ASSERT_TRUE(program.ok()) << program.status();
    programs.push_back(std::move(*program));
  }
  sim::Slice slice;
  std::vector<sim::Trace> traces(3);
  std::vector<sim::SliceLaunch> launches;
  const int chips[] = {0, 1, 3};
  for (int i = 0; i < 3; ++i) {
    launches.push_back({chips[i], 0, programs[i].get(), {}, {}});
    launches.back().options.trace = &traces[i];
  }
  std::vector<absl::StatusOr<sim::RunResult>> results = slice.runTogether(launches);
  std::vector<timeline::Launch> traced;
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(results[i].ok()) << results[i].status();
    traced.push_back({i == 0 ? &push0 : i == 1 ? &push1 : &receive, &traces[i], *results[i],
                      chips[i], 0, i > 0});
  }
  std::string path = (std::filesystem::temp_directory_path() /
                      ("tessera_slice_" + std::to_string(::getpid()) + ".json"))
                         .string();
  ASSERT_TRUE(timeline::write(path, traced, sim::kHostTorus).ok());
  llvm::json::Array events = readEvents(path);
  std::filesystem::remove(path);
  std::map<int64_t, std::string> processes;
  std::map<int64_t, std::set<std::string>> threads;
  std::map<std::pair<int64_t, std::string>, std::vector<int64_t>> counters;
  for (const llvm::json::Value &ev : events) {
    const llvm::json::Object *e = ev.getAsObject();
    int64_t pid = *e->getInteger("pid");
    std::string name = e->getString("name").value_or("").str();
    if (e->getString("ph") == "M" && name == "process_name")
      processes[pid] = e->getObject("args")->getString("name")->str();
    if (e->getString("ph") == "M" && name == "thread_name")
      threads[pid].insert(e->getObject("args")->getString("name")->str());
    if (e->getString("ph") == "C" && name.starts_with("ICI link"))
      counters[{pid, name}].push_back(*e->getObject("args")->getInteger("remote DMAs"));
  }
  EXPECT_EQ(processes,
            (std::map<int64_t, std::string>{{0, "chip 0"}, {1, "chip 1"}, {3, "chip 3"}}));
  for (int chip : chips)
    EXPECT_TRUE(threads[chip].contains("TensorCore 0 kernel")) << chip;
  const std::string crossing = ": remote DMAs crossing";
  std::map<std::pair<int64_t, std::string>, std::vector<int64_t>> want = {
      {{0, "ICI link +x" + crossing}, {1, 0}},
      {{1, "ICI link +y" + crossing}, {2, 0}}};
  EXPECT_EQ(counters, want);
}

} // namespace
} // namespace tessera
