//===- TimingTest.cpp - The rules of sim/TIMING.md, with exact cycles -----===//
//
// Each test pins one rule of the timing page (sim/TIMING.md, rule names in
// brackets) with a small hand-assembled program and its exact cycle count,
// worked out in the comments from the MachineDesc.h constants. When a
// constant changes, these numbers change with the page on purpose.
//
//===----------------------------------------------------------------------===//
#include <string>
#include <vector>

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

// [DMA] two DMAs back to back are served one after the other (today's FIFO
// engine): the first, issued at 2, lands at 2 + 500 + 918 = 1420; the
// second, issued at 3, starts moving when the engine is free (max(503,
// 1420) = 1420) and lands at 1420 + 918 = 2338: no second start-up, but no
// sharing either. The vwait on it issues at 2338, the one on the first at
// 2339 (already satisfied), the two vsyncadds at 2340 and 2341: 2342.
TEST_F(TimingTest, TwoDmasBackToBackAreSerialized) {
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
            (std::vector<int64_t>{1420, 2338}));
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

// [DMA] today a local copy issued beside an HBM copy queues behind it in
// the one engine: the 1 MiB HBM copy issued at 2 lands at 1420; the 4 KiB
// VMEM->VMEM copy issued at 3 starts at max(3 + 50, 1420) and lands at
// 1421. The wait on it, reached at 4, issues at 1421 (not at 52 as alone);
// then its vsyncadd at 1422, the wait on the HBM copy (landed at 1420) at
// 1423 and its vsyncadd at 1424: 1425 cycles, 1417 of them stalled.
TEST_F(TimingTest, LocalCopyBesideAnHbmCopyQueuesBehindIt) {
  absl::StatusOr<RunResult> r =
      run({"smov s0, 256 ; smov s1, 0", "smov s2, 4096 ; smov s3, 4104",
           "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x800, [sem:0]",
           "dma.vmem_to_vmem [vmem:s2], [vmem:s3], 0x8, [sem:1]",
           "vwait.ge [sem:1], 4096", "vsyncadd [sem:1], -4096",
           "vwait.ge [sem:0], 1048576", "vsyncadd [sem:0], -1048576"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(cycles(TraceEvent::Kind::DmaComplete),
            (std::vector<int64_t>{1420, 1421}));
  EXPECT_EQ(cycles(TraceEvent::Kind::BundleIssue),
            (std::vector<int64_t>{0, 1, 2, 3, 1421, 1422, 1423, 1424}));
  EXPECT_EQ(r->cycles, 1425);
  EXPECT_EQ(r->stallCycles, 1421 - 4);
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

// [Issue] a DMA started while kDmaQueueDepth = 16 are in flight waits for
// the oldest to land. 17 local copies of 4 KiB issued at 1..17: the k-th
// (k <= 16) lands at max(k + 50, previous) + 1 = 52, 53, ..., 67; the 17th,
// reached at 17, stalls until the first lands (52, 35 cycles) and lands at
// max(52 + 50, 67) + 1 = 103. The wait for all 17 x 4096 bytes issues at
// 103, the vsyncadd at 104: 105 cycles, 35 + 50 stalled.
TEST_F(TimingTest, AFullDmaQueueStallsTheNextDma) {
  // kDmaQueueDepth + 1 HBM -> VMEM DMAs of 4 KiB (4 cycles each), one per
  // bundle: DMA k issues at 1 + k and lands at 505 + 4k (FIFO). DMA 64
  // finds the queue full at cycle 65 and issues when DMA 0 lands (505):
  // 440 cycles on the queue; it lands at 505 + 500 + 4 = 1009.
  std::vector<std::string> b = {"smov s2, 0 ; smov s3, 4104"};
  for (int i = 0; i <= machine::kDmaQueueDepth; ++i)
    b.push_back("dma.hbm_to_vmem [hbm:s2], [vmem:s3], 0x8, [sem:1] ; sadd s3, s3, 8");
  b.push_back("vwait.ge [sem:1], 266240");
  b.push_back("vsyncadd [sem:1], -266240");
  absl::StatusOr<RunResult> r = run(b);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->dmaQueueStallCycles, 440);
  EXPECT_EQ(r->cycles, 1011);
  EXPECT_EQ(r->stallCycles, 440 + (1009 - 506));
  std::vector<int64_t> landed = cycles(TraceEvent::Kind::DmaComplete);
  ASSERT_EQ(landed.size(), 65u);
  EXPECT_EQ(landed.front(), 505);
  EXPECT_EQ(landed[63], 757);
  EXPECT_EQ(landed.back(), 1009);
  for (const TraceEvent &e : trace_.events)
    if (e.kind == TraceEvent::Kind::DmaQueueStall) {
      EXPECT_EQ(e.bundle, 65u);
      EXPECT_EQ(e.cycle, 65);
      EXPECT_EQ(e.stall, 440);
    }
}

} // namespace
} // namespace tessera::sim
