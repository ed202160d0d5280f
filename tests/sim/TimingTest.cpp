//===- TimingTest.cpp - The rules of sim/TIMING.md, with exact cycles -----===//
//
// Each test pins one rule of the timing page (sim/TIMING.md, rule names in
// brackets) with a small hand-assembled program and its exact cycle count,
// worked out in the comments from the MachineDesc.h constants. When a
// constant changes, these numbers change with the page on purpose.
//
//===----------------------------------------------------------------------===//
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_format.h"
#include "SimTestUtil.h"
#include "sim/Chip.h"
#include "sim/MachineDesc.h"
#include "sim/Trace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using testing::assemble;
using ::testing::HasSubstr;
using testing::runOn;

/// `n` empty bundles.
std::vector<std::string> nops(int n) {
  return std::vector<std::string>(n, "nop");
}

std::vector<std::string> operator+(std::vector<std::string> a,
                                   const std::vector<std::string> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

class TimingTest : public ::testing::Test {
protected:
  absl::StatusOr<RunResult> run(const std::vector<std::string> &bundles) {
    trace_.events.clear();
    RunOptions options;
    options.trace = &trace_;
    return runOn(chip_.core(0), assemble("timing", bundles), {}, options);
  }
  /// The cycles of the trace's events of `kind`, in order.
  std::vector<int64_t> cycles(TraceEvent::Kind kind) const {
    std::vector<int64_t> out;
    for (const TraceEvent &e : trace_.events)
      if (e.kind == kind)
        out.push_back(e.cycle);
    return out;
  }
  Chip chip_;
  Trace trace_;
};

TEST_F(TimingTest, ConstantsAreThePagesNumbers) {
  // [Units] and [DMA]: the numbers the page's tables give.
  EXPECT_EQ(machine::kDmaStartupCycles, 500);
  EXPECT_EQ(machine::kLocalDmaStartupCycles, 50);
  EXPECT_NEAR(machine::kHbmBytesPerCyclePerCore, 1142.857, 1e-3);
  EXPECT_EQ(machine::kLocalDmaBytesPerCycle, 4096);
  EXPECT_EQ(machine::kEupIssueInterval, 2);
  EXPECT_EQ(machine::kLatTranscendental, 7);
  EXPECT_EQ(machine::kCrossLaneIssueInterval, 4);
  EXPECT_EQ(machine::kLatCrossLane, 24);
  EXPECT_EQ(machine::kMxuPushInterval, 2);
  EXPECT_EQ(machine::kMxuStreamCycles, 8);
  EXPECT_EQ(machine::kMxuResultLatency, 16);
  EXPECT_EQ(machine::kLatMxuPop, 2);
  EXPECT_EQ(machine::kBranchTakenCycles, 2);
}

// [Issue] one bundle per cycle; [Latency] a result is readable from issue +
// latency on. vimm (1) at 0 -> v0 at 1; vmul.f32 (2) at 1 -> v1 at 3; the
// vadd.f32 at 3 reads it; 4 cycles.
TEST_F(TimingTest, LatencyIsWaitedOutWithNops) {
  absl::StatusOr<RunResult> r = run({"vimm.f32 v0, 2.0", "vmul.f32 v1, v0, v0",
                                     "nop", "vadd.f32 v2, v1, v1"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 4);
  EXPECT_EQ(r->stallCycles, 0);
  EXPECT_EQ(cycles(TraceEvent::Kind::BundleIssue),
            (std::vector<int64_t>{0, 1, 2, 3}));
  // [Latency] no interlock: one cycle early is a fault, never a stall.
  r = run({"vimm.f32 v0, 2.0", "vmul.f32 v1, v0, v0", "vadd.f32 v2, v1, v1"});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("reads v1 before it is ready"));
  EXPECT_THAT(r.status().message(),
              HasSubstr("ready at cycle 3, read at cycle 2"));
}

// [Latency] vld: 3 cycles. vld at 0, vst of its register at 3: 4 cycles.
TEST_F(TimingTest, LoadLatency) {
  absl::StatusOr<RunResult> r =
      run(std::vector<std::string>{"vld v0, [vmem:0x0]"} + nops(2) +
          std::vector<std::string>{"vst [vmem:0x8], v0"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 4);
}

// [Slots] a bundle holds at most 2 scalar, 2 vector ALU, 1 load, 1 store, 2
// matrix, 1 misc, 1 EUP and 1 XLU op; a full bundle still issues in one
// cycle, one op more is a load error.
TEST_F(TimingTest, SlotConflictIsALoadError) {
  absl::StatusOr<RunResult> r =
      run({"smov s0, 1 ; smov s1, 2 ; vimm.f32 v0, 1.0 ; vimm.f32 v1, 2.0 ; "
           "vld v2, [vmem:0x0] ; vst [vmem:0x8], v3 ; vexp.f32 v4, v3 ; "
           "vredlane.sum.f32 v5, v3 ; vsyncadd [sem:5], 0"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 1);
  absl::StatusOr<Executable> exe = parseListing(testing::listingOf(
      "timing", {"vimm.f32 v0, 1.0 ; vimm.f32 v1, 2.0 ; vimm.f32 v2, 3.0"}));
  ASSERT_FALSE(exe.ok());
  EXPECT_THAT(
      exe.status().message(),
      HasSubstr(
          "slot overflow: 3 vector ALU ops in one bundle, at most 2 fit"));
}

// [EUP] one op every 2 cycles, result after 7: vexp at 1 and 3, the second's
// result at 10, read by the vadd at 10; 11 cycles.
TEST_F(TimingTest, EupIssueInterval) {
  absl::StatusOr<RunResult> r =
      run(std::vector<std::string>{"vimm.f32 v0, 1.0", "vexp.f32 v1, v0", "nop",
                                   "vexp.f32 v2, v0"} +
          nops(6) + std::vector<std::string>{"vadd.f32 v3, v1, v2"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 11);
  // One cycle closer is a fault.
  r = run({"vimm.f32 v0, 1.0", "vexp.f32 v1, v0", "vexp.f32 v2, v0"});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("takes one op every 2 cycles"));
}

// [XLU] one op every 4 cycles, result after 24: vredlane at 1 and 5, the
// second's result at 29, read at 29; 30 cycles.
TEST_F(TimingTest, XluIssueInterval) {
  absl::StatusOr<RunResult> r = run(
      std::vector<std::string>{"vimm.f32 v0, 1.0", "vredlane.sum.f32 v1, v0"} +
      nops(3) + std::vector<std::string>{"vredlane.max.f32 v2, v0"} + nops(23) +
      std::vector<std::string>{"vadd.f32 v3, v1, v2"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 30);
  r = run(
      std::vector<std::string>{"vimm.f32 v0, 1.0", "vredlane.sum.f32 v1, v0"} +
      nops(2) + std::vector<std::string>{"vredlane.max.f32 v2, v0"});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("takes one op every 4 cycles"));
}

// [MXU] 8 bf16 pushes 2 cycles apart (1, 3, ..., 15), the latch at 16, a
// vmatmul at 17 streams until 25 where the next one may issue; results are
// poppable 16 cycles after their vmatmul (33, 41) and readable 2 cycles
// after the pop; the vst at 43 stores the second: 44 cycles.
TEST_F(TimingTest, MxuPushLatchStreamPop) {
  std::vector<std::string> b = {"vimm.f32 v0, 1.0"};
  for (int i = 0; i < machine::kMxuBf16Pushes; ++i) {
    b.push_back("vmatpush.bf16 mxu0, v0");
    if (i + 1 < machine::kMxuBf16Pushes)
      b.push_back("nop");
  }
  b.push_back("vmatlatch mxu0");       // 16
  b.push_back("vmatmul.f32 mxu0, v0"); // 17
  b = b + nops(7);
  b.push_back("vmatmul.f32 mxu0, v0"); // 25
  b = b + nops(7);
  b.push_back("vmatpop v1, mxu0"); // 33
  b = b + nops(7);
  b.push_back("vmatpop v2, mxu0"); // 41
  b.push_back("nop");
  b.push_back("vst [vmem:0x0], v2"); // 43
  absl::StatusOr<RunResult> r = run(b);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 44);

  // A push one cycle early, a vmatmul during the stream, a pop before the
  // result is ready: each a fault.
  std::vector<std::string> early = {
      "vimm.f32 v0, 1.0", "vmatpush.bf16 mxu0, v0", "vmatpush.bf16 mxu0, v0"};
  r = run(early);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("one push every 2 cycles"));
  std::vector<std::string> streaming(b.begin(), b.begin() + 18); // to 17
  streaming = streaming + nops(6);
  streaming.push_back("vmatmul.f32 mxu0, v0"); // 24
  r = run(streaming);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("still streaming"));
  std::vector<std::string> unready(b.begin(), b.begin() + 18);
  unready = unready + nops(14);
  unready.push_back("vmatpop v1, mxu0"); // 32
  r = run(unready);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("is ready at cycle 33"));
}

// [Branch] a taken sbr costs 2 cycles without issue; not taken, nothing.
// Bundles at 0, 1 (taken, to bundle 3) and 4 (bundle 3, a not-taken sbr):
// 5 cycles.
TEST_F(TimingTest, TakenBranchBubbles) {
  absl::StatusOr<RunResult> r =
      run({"pimm p0, 1 ; pimm p1, 0", "@p0 sbr .L0003", "nop",
           ".L0003:", "@p1 sbr .L0003"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 5);
  EXPECT_EQ(r->branchesTaken, 1);
  EXPECT_EQ(cycles(TraceEvent::Kind::BundleIssue),
            (std::vector<int64_t>{0, 1, 4}));
}

/// The DMA tests copy 1 MiB (0x800 rows) from HBM row 256 to VMEM row 0.
constexpr int64_t kMiB = 1 << 20;

// [DMA] completion = max(issue + start-up, engine free) + ceil(bytes /
// bandwidth). 1 MiB from HBM issued at 1: 1 + 500 + ceil(1048576 /
// 1142.857) = 1 + 500 + 918 = 1419. [Wait] the vwait reached at 2 stalls
// until 1419 and issues then (1417 stalled); the vsyncadd at 1420: 1421.
TEST_F(TimingTest, DmaStartupAndBandwidth) {
  absl::StatusOr<RunResult> r =
      run({"smov s0, 256 ; smov s1, 0",
           "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x800, [sem:0]",
           "vwait.ge [sem:0], 1048576", "vsyncadd [sem:0], -1048576"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 1421);
  EXPECT_EQ(r->stallCycles, 1417);
  EXPECT_EQ(r->dmaBytes, kMiB);
  EXPECT_EQ(cycles(TraceEvent::Kind::DmaStart), (std::vector<int64_t>{1}));
  EXPECT_EQ(cycles(TraceEvent::Kind::DmaComplete),
            (std::vector<int64_t>{1419}));
  EXPECT_EQ(cycles(TraceEvent::Kind::BundleIssue),
            (std::vector<int64_t>{0, 1, 1419, 1420}));
  // [Wait] the Wait event: reached at 2, stalled 1417 cycles on sem 0.
  for (const TraceEvent &e : trace_.events)
    if (e.kind == TraceEvent::Kind::Wait) {
      EXPECT_EQ(e.cycle, 2);
      EXPECT_EQ(e.stall, 1417);
      EXPECT_EQ(e.semaphore, 0);
      EXPECT_EQ(e.bytes, kMiB);
    }
}

// [DMA] two DMAs in flight share the HBM path: the first, issued at 2,
// moves alone from 502 to 503 (8000/7 bytes); from 503 both move at half
// the rate each. In units of 1/7 byte (8000 per cycle on the path) the first
// has 7340032 - 8000 = 7332032 left, done after ceil(7332032 x 2 / 8000) =
// 1834 shared cycles: it lands at 2337 (alone it would land at 1420); the
// second then has 4032 units left, 1 cycle alone: 2338, as if the two had
// been served one after the other. The vwait on the second issues at 2338,
// the one on the first at 2339, the two vsyncadds at 2340 and 2341: 2342.
TEST_F(TimingTest, TwoDmasInFlightShareTheHbmPath) {
  absl::StatusOr<RunResult> r =
      run({"smov s0, 256 ; smov s1, 0", "smov s2, 2304 ; smov s3, 2048",
           "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x800, [sem:0]",
           "dma.hbm_to_vmem [hbm:s2], [vmem:s3], 0x800, [sem:1]",
           "vwait.ge [sem:1], 1048576", "vwait.ge [sem:0], 1048576",
           "vsyncadd [sem:0], -1048576", "vsyncadd [sem:1], -1048576"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 2342);
  EXPECT_EQ(r->stallCycles, 2338 - 4);
  EXPECT_EQ(cycles(TraceEvent::Kind::DmaComplete),
            (std::vector<int64_t>{2337, 2338}));
}

// [DMA] a small DMA issued after a big one on the same path overtakes it:
// 1 MiB issued at 2 moves alone from 502; 4 KiB issued at 3 moves from
// 503 at half the rate (4000 units per cycle of its 28672): it lands at
// 503 + ceil(28672 x 2 / 8000) = 511. The 1 MiB read then has 7340032 -
// 8000 - 8 x 4000 = 7300032 units left, alone: ceil(7300032 / 8000) = 913
// more cycles, landing at 1424 (4 later than alone, the time the 4 KiB
// took). Completions come out of issue order.
TEST_F(TimingTest, ASmallDmaOvertakesABigOne) {
  absl::StatusOr<RunResult> r =
      run({"smov s0, 256 ; smov s1, 0", "smov s2, 2304 ; smov s3, 2048",
           "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x800, [sem:0]",
           "dma.hbm_to_vmem [hbm:s2], [vmem:s3], 0x8, [sem:1]",
           "vwait.ge [sem:1], 4096", "vwait.ge [sem:0], 1048576",
           "vsyncadd [sem:0], -1048576", "vsyncadd [sem:1], -4096"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(cycles(TraceEvent::Kind::DmaComplete),
            (std::vector<int64_t>{511, 1424}));
  EXPECT_EQ(cycles(TraceEvent::Kind::BundleIssue),
            (std::vector<int64_t>{0, 1, 2, 3, 511, 1424, 1425, 1426}));
  EXPECT_EQ(r->cycles, 1427);
  EXPECT_EQ(r->stallCycles, (511 - 4) + (1424 - 512));
}

// [DMA] a VMEM->VMEM copy alone: start-up 50, 4096 bytes per cycle. 8 rows
// (4096 bytes) issued at 1 land at 1 + 50 + 1 = 52; the wait issues at 52,
// the vsyncadd at 53: 54 cycles.
TEST_F(TimingTest, LocalCopyAlone) {
  absl::StatusOr<RunResult> r =
      run({"smov s2, 4096 ; smov s3, 4104",
           "dma.vmem_to_vmem [vmem:s2], [vmem:s3], 0x8, [sem:1]",
           "vwait.ge [sem:1], 4096", "vsyncadd [sem:1], -4096"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 54);
  EXPECT_EQ(cycles(TraceEvent::Kind::DmaComplete), (std::vector<int64_t>{52}));
}

// [DMA] a local copy uses its core's VMEM path, not the HBM one: beside a
// 1 MiB HBM read issued at 2 (landing at 2 + 500 + 918 = 1420, as alone),
// a 4 KiB VMEM->VMEM copy issued at 3 lands at 3 + 50 + 1 = 54, as alone.
// The wait on it, reached at 4, issues at 54; its vsyncadd at 55; the wait
// on the HBM read, reached at 56, issues at 1420, its vsyncadd at 1421:
// 1422 cycles, (54 - 4) + (1420 - 56) of them stalled.
TEST_F(TimingTest, LocalCopyBesideAnHbmCopyIsNotQueuedBehindIt) {
  absl::StatusOr<RunResult> r =
      run({"smov s0, 256 ; smov s1, 0", "smov s2, 4096 ; smov s3, 4104",
           "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x800, [sem:0]",
           "dma.vmem_to_vmem [vmem:s2], [vmem:s3], 0x8, [sem:1]",
           "vwait.ge [sem:1], 4096", "vsyncadd [sem:1], -4096",
           "vwait.ge [sem:0], 1048576", "vsyncadd [sem:0], -1048576"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(cycles(TraceEvent::Kind::DmaComplete),
            (std::vector<int64_t>{54, 1420}));
  EXPECT_EQ(cycles(TraceEvent::Kind::BundleIssue),
            (std::vector<int64_t>{0, 1, 2, 3, 54, 55, 1420, 1421}));
  EXPECT_EQ(r->cycles, 1422);
  EXPECT_EQ(r->stallCycles, (54 - 4) + (1420 - 56));
}

// --- [DMA] The chip's HBM path is shared by its two cores. ---

/// Runs `programs[i]` on core i of a fresh chip, together.
struct Together {
  std::vector<absl::StatusOr<RunResult>> results;
  std::vector<Trace> traces;
};
Together runTogether(Chip &chip,
                     const std::vector<std::vector<std::string>> &programs) {
  Together t;
  t.traces.resize(programs.size());
  std::vector<std::shared_ptr<const Program>> loaded;
  std::vector<CoreLaunch> launches;
  for (size_t i = 0; i < programs.size(); ++i) {
    loaded.push_back(assemble("core" + std::to_string(i), programs[i]));
    CoreLaunch l;
    l.core = static_cast<int>(i);
    l.program = loaded.back().get();
    l.options.trace = &t.traces[i];
    launches.push_back(l);
  }
  t.results = chip.runTogether(launches);
  return t;
}

std::vector<int64_t> landings(const Trace &trace) {
  std::vector<int64_t> out;
  for (const TraceEvent &e : trace.events)
    if (e.kind == TraceEvent::Kind::DmaComplete)
      out.push_back(e.cycle);
  return out;
}

const std::vector<std::string> kReadOneMiB = {
    "smov s0, 256 ; smov s1, 0",
    "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x800, [sem:0]",
    "vwait.ge [sem:0], 1048576", "vsyncadd [sem:0], -1048576"};

// Both cores read 1 MiB at cycle 1: both move from 501 at half the chip's
// rate, ceil(7340032 x 2 / 8000) = 1836 cycles, and land at 2337 (alone:
// 1419). Each core's wait issues at 2337, its vsyncadd at 2338: 2339.
TEST_F(TimingTest, TwoCoresStreamingShareTheChipsHbm) {
  Together t = runTogether(chip_, {kReadOneMiB, kReadOneMiB});
  for (int core = 0; core < 2; ++core) {
    ASSERT_TRUE(t.results[core].ok()) << t.results[core].status();
    EXPECT_EQ(t.results[core]->cycles, 2339) << "core " << core;
    EXPECT_EQ(landings(t.traces[core]), (std::vector<int64_t>{2337}));
  }
}

// Core 1 reads 1 MiB from cycle 601 (moving from 1101) while core 0's read,
// moving since 501, has 7340032 - 600 x 8000 = 2540032 units left: shared,
// ceil(2540032 x 2 / 8000) = 636 cycles, core 0's lands at 1737. Core 1's
// got 636 x 4000 of its 7340032 and finishes alone in ceil(4796032 / 8000)
// = 600 cycles: 2337. Core 0 ends at 1739, core 1 at 2339. Core 0's wait
// (reached at 2) cannot settle before core 1 has passed cycle 1419 - 500:
// the cores run in step.
TEST_F(TimingTest, ACoreStartingLaterSlowsTheOthersDmaFromThen) {
  std::vector<std::string> late = std::vector<std::string>{kReadOneMiB[0]} +
                                  nops(600) +
                                  std::vector<std::string>(kReadOneMiB.begin() + 1,
                                                           kReadOneMiB.end());
  Together t = runTogether(chip_, {kReadOneMiB, late});
  ASSERT_TRUE(t.results[0].ok()) << t.results[0].status();
  ASSERT_TRUE(t.results[1].ok()) << t.results[1].status();
  EXPECT_EQ(landings(t.traces[0]), (std::vector<int64_t>{1737}));
  EXPECT_EQ(landings(t.traces[1]), (std::vector<int64_t>{2337}));
  EXPECT_EQ(t.results[0]->cycles, 1739);
  EXPECT_EQ(t.results[1]->cycles, 2339);
  EXPECT_EQ(t.results[0]->stallCycles, 1737 - 2);
}

// A core's local copies use its own VMEM path: core 1's 4 KiB copy issued
// at 2 lands at 2 + 50 + 1 = 53 while core 0 streams 1 MiB (landing at
// 1419, alone on the HBM path); core 1's wait issues at 53: 55 cycles.
TEST_F(TimingTest, AnotherCoresLocalCopyDoesNotShareHbm) {
  std::vector<std::string> local = {
      "smov s2, 4096 ; smov s3, 4104", "nop",
      "dma.vmem_to_vmem [vmem:s2], [vmem:s3], 0x8, [sem:1]",
      "vwait.ge [sem:1], 4096", "vsyncadd [sem:1], -4096"};
  Together t = runTogether(chip_, {kReadOneMiB, local});
  ASSERT_TRUE(t.results[0].ok()) << t.results[0].status();
  ASSERT_TRUE(t.results[1].ok()) << t.results[1].status();
  EXPECT_EQ(landings(t.traces[0]), (std::vector<int64_t>{1419}));
  EXPECT_EQ(landings(t.traces[1]), (std::vector<int64_t>{53}));
  EXPECT_EQ(t.results[1]->cycles, 55);
}

// One launch alone in runTogether is TensorCore::run; a core used twice or
// out of range is an error result, and the other launches still run.
TEST_F(TimingTest, RunTogetherChecksItsLaunches) {
  Together alone = runTogether(chip_, {kReadOneMiB});
  ASSERT_TRUE(alone.results[0].ok()) << alone.results[0].status();
  EXPECT_EQ(alone.results[0]->cycles, 1421);

  std::shared_ptr<const Program> p = assemble("k", kReadOneMiB);
  std::vector<CoreLaunch> launches(3);
  for (CoreLaunch &l : launches)
    l.program = p.get();
  launches[2].core = 2;
  std::vector<absl::StatusOr<RunResult>> r = chip_.runTogether(launches);
  ASSERT_EQ(r.size(), 3u);
  ASSERT_TRUE(r[0].ok()) << r[0].status();
  EXPECT_EQ(r[0]->cycles, 1421);
  EXPECT_THAT(r[1].status().message(),
              HasSubstr("launch 1 runs on core 0, which an earlier launch "
                        "already runs on"));
  EXPECT_THAT(r[2].status().message(),
              HasSubstr("launch 2 names core 2 (a chip has cores 0 to 1)"));
}

// A fault on one core ends its run with an error; the other runs on.
TEST_F(TimingTest, AFaultOnOneCoreLeavesTheOtherRunning) {
  Together t = runTogether(
      chip_, {{"smov s0, 1 ; smov s1, 0", "sdiv s2, s0, s1"}, kReadOneMiB});
  ASSERT_FALSE(t.results[0].ok());
  EXPECT_THAT(t.results[0].status().message(), HasSubstr("sdiv of 1 by zero"));
  ASSERT_TRUE(t.results[1].ok()) << t.results[1].status();
  EXPECT_EQ(t.results[1]->cycles, 1421);
  // The chip runs alone again afterwards.
  absl::StatusOr<RunResult> again = run(kReadOneMiB);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->cycles, 1421);
}

/// A random program of segments: 1-4 DMAs (HBM -> VMEM, VMEM -> HBM, VMEM
/// -> VMEM; 4 KiB to 1 MiB) with nops between, then a wait per semaphore
/// for what the segment's DMAs add. `hbmBase` keeps the cores' HBM rows
/// apart; VMEM rows never collide within a segment (no races).
std::vector<std::string> randomDmaProgram(std::mt19937 &rng, int64_t hbmBase) {
  const char *kinds[] = {"hbm_to_vmem", "vmem_to_hbm", "vmem_to_vmem"};
  const int64_t sizes[] = {8, 64, 512, 2048};
  std::vector<std::string> b;
  int segments = 1 + static_cast<int>(rng() % 3);
  for (int seg = 0; seg < segments; ++seg) {
    int dmas = 1 + static_cast<int>(rng() % 4);
    std::map<int, int64_t> bytesOn;
    for (int d = 0; d < dmas; ++d) {
      std::string kind = kinds[rng() % 3];
      int64_t rows = sizes[rng() % 4];
      int64_t region = 0x1000 * d;  // VMEM rows [region, region + 0x1000)
      int64_t src = kind == "hbm_to_vmem" ? hbmBase + 0x1000 * d : region;
      int64_t dst = kind == "vmem_to_hbm" ? hbmBase + 0x1000 * d
                    : kind == "vmem_to_vmem" ? region + 0x800
                                             : region;
      int sem = static_cast<int>(rng() % 3);
      b.push_back(absl::StrFormat("smov s2, %d ; smov s3, %d", src, dst));
      b.push_back(absl::StrFormat("dma.%s [%s:s2], [%s:s3], 0x%x, [sem:%d]", kind,
                                  kind == "hbm_to_vmem" ? "hbm" : "vmem",
                                  kind == "vmem_to_hbm" ? "hbm" : "vmem", rows, sem));
      bytesOn[sem] += rows * machine::kRowBytes;
      b = b + nops(static_cast<int>(rng() % 300));
    }
    for (auto [sem, bytes] : bytesOn) {
      b.push_back(absl::StrFormat("vwait.ge [sem:%d], %d", sem, bytes));
      b.push_back(absl::StrFormat("vsyncadd [sem:%d], %d", sem, -bytes));
    }
  }
  return b;
}

// The cores run in step at most kMaxLookahead apart; running them
// cycle by cycle (lookahead 1) or with another lookahead gives the same
// results and the same events, to the cycle, for random programs.
TEST_F(TimingTest, RunTogetherDoesNotDependOnTheLookahead) {
  std::mt19937 rng(2026);
  for (int trial = 0; trial < 12; ++trial) {
    std::vector<std::string> a = randomDmaProgram(rng, 0);
    std::vector<std::string> b = randomDmaProgram(rng, 0x100000);
    std::vector<std::shared_ptr<const Program>> programs = {assemble("a", a),
                                                            assemble("b", b)};
    testing::expectIndependentOfLookahead(programs, {},
                                          "trial " + std::to_string(trial));
  }
}

// [Wait] a vwait whose semaphore already holds enough costs its one cycle;
// [DMA] the data lands at completion, so the vld after the wait sees it.
TEST_F(TimingTest, SatisfiedWaitDoesNotStall) {
  absl::StatusOr<RunResult> r =
      run(std::vector<std::string>{
              "smov s2, 4096 ; smov s3, 4104",
              "dma.vmem_to_vmem [vmem:s2], [vmem:s3], 0x8, [sem:1]"} +
          nops(60) +
          std::vector<std::string>{"vwait.ge [sem:1], 4096",
                                   "vsyncadd [sem:1], -4096"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 64);
  EXPECT_EQ(r->stallCycles, 0);
}

// [Issue] a DMA started while kDmaQueueDepth DMAs are in flight waits for
// one to land.
TEST_F(TimingTest, AFullDmaQueueStallsTheNextDma) {
  // kDmaQueueDepth + 1 HBM -> VMEM DMAs of 4 KiB (28672 units of 1/7 byte
  // each), one per bundle: DMA k issues at 1 + k and starts moving at
  // 501 + k, sharing the path with those before it. DMA 0 gets 8000, 4000,
  // 2666, ... units in its cycles (floor(8000 / n) with n moving): its
  // 28672 are done after 20 cycles, at 521. DMA 64 finds the queue full at
  // cycle 65 and issues at 521 (456 cycles on the queue). The first 64
  // land by 732 (64 x 28672 / 8000 = 229.4 cycles of path from 501, plus
  // the floors); DMA 64 moves alone from 1021 and lands at 1021 + 4.
  std::vector<std::string> b = {"smov s2, 0 ; smov s3, 4104"};
  for (int i = 0; i <= machine::kDmaQueueDepth; ++i)
    b.push_back("dma.hbm_to_vmem [hbm:s2], [vmem:s3], 0x8, [sem:1] ; sadd s3, s3, 8");
  b.push_back("vwait.ge [sem:1], 266240");
  b.push_back("vsyncadd [sem:1], -266240");
  absl::StatusOr<RunResult> r = run(b);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->dmaQueueStallCycles, 456);
  EXPECT_EQ(r->cycles, 1027);
  EXPECT_EQ(r->stallCycles, 456 + (1025 - 522));
  std::vector<int64_t> landed = cycles(TraceEvent::Kind::DmaComplete);
  ASSERT_EQ(landed.size(), 65u);
  EXPECT_EQ(landed.front(), 521);
  EXPECT_EQ(landed[63], 732);
  EXPECT_EQ(landed.back(), 1025);
  for (const TraceEvent &e : trace_.events)
    if (e.kind == TraceEvent::Kind::DmaQueueStall) {
      EXPECT_EQ(e.bundle, 65u);
      EXPECT_EQ(e.cycle, 65);
      EXPECT_EQ(e.stall, 456);
    }
}

} // namespace
} // namespace tessera::sim
