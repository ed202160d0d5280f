//===- ProfileTest.cpp - Profiles of hand-assembled runs (sim/Profile.h) --===//
//
// The figures of a profile on programs whose timing TimingTest.cpp pins:
// every unit's busy + idle cycles add up to the run's, stalls name their
// wait, semaphore, line and the DMA that ended them, lines add up, and the
// verdict follows its thresholds.
//
//===----------------------------------------------------------------------===//
#include <string>
#include <vector>

#include "SimTestUtil.h"
#include "sim/Chip.h"
#include "sim/MachineDesc.h"
#include "sim/Profile.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using ::testing::HasSubstr;

class ProfileTest : public ::testing::Test {
protected:
  /// Assembles, runs with a trace and profiles; fails the test on an error.
  KernelProfile profile(const std::vector<std::string> &bundles) {
    absl::StatusOr<Executable> exe =
        parseListing(testing::listingOf("prof", bundles));
    EXPECT_TRUE(exe.ok()) << exe.status();
    exe_ = *exe;
    absl::StatusOr<std::shared_ptr<const Program>> program = loadProgram(exe_);
    EXPECT_TRUE(program.ok()) << program.status();
    trace_.events.clear();
    RunOptions options;
    options.trace = &trace_;
    absl::StatusOr<RunResult> r = chip_.core(0).run(**program, {}, options);
    EXPECT_TRUE(r.ok()) << r.status();
    run_ = *r;
    absl::StatusOr<KernelProfile> p = profileRun(exe_, trace_, run_);
    EXPECT_TRUE(p.ok()) << p.status();
    return *p;
  }

  static void expectUnitsAddUp(const KernelProfile &p) {
    for (const UnitProfile &u : p.units)
      EXPECT_EQ(u.busy + u.idleCycles(), p.cycles) << u.name;
    double lines = 0;
    for (const LineProfile &l : p.lines)
      lines += l.cycles;
    EXPECT_NEAR(lines, static_cast<double>(p.cycles), 1e-6);
    int64_t bundles = 0;
    for (const BundleProfile &b : p.bundles)
      bundles += b.cycles();
    EXPECT_EQ(bundles + p.drainCycles, p.cycles);
  }

  Chip chip_;
  Executable exe_;
  Trace trace_;
  RunResult run_;
};

// TimingTest.DmaStartupAndBandwidth: 1421 cycles, 1417 stalled on sem 0.
// A wait for an amount in a register is a wait too: its stall goes to its
// own line, not to the line of the bundle's other op.
TEST_F(ProfileTest, AWaitForARegisterAmountIsChargedToItsLine) {
  KernelProfile p = profile(
      {"smov s0, 256 ; smov s1, 0  // a.cc:10",
       "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x800, [sem:0] ; "
       "smov s2, 1048576  // a.cc:11",
       "smov s3, 0 ; vwait.ge [sem:0], s2  // a.cc:13 smov, a.cc:12 vwait.ge",
       "vsyncadd [sem:0], -1048576  // a.cc:12"});
  EXPECT_EQ(p.cycles, 1421);
  ASSERT_EQ(p.stalls.size(), 1u);
  EXPECT_EQ(p.stalls[0].position, "a.cc:12");
  EXPECT_EQ(p.stalls[0].cycles, 1417);
  ASSERT_FALSE(p.lines.empty());
  EXPECT_EQ(p.lines[0].position, "a.cc:12");
  EXPECT_EQ(p.lines[0].stallCycles, 1417);
}

TEST_F(ProfileTest, AWaitedDmaIsChargedToItsWait) {
  KernelProfile p = profile(
      {"smov s0, 256 ; smov s1, 0  // a.cc:10",
       "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x800, [sem:0]  // a.cc:11",
       "vwait.ge [sem:0], 1048576  // a.cc:12",
       "vsyncadd [sem:0], -1048576  // a.cc:12"});
  EXPECT_EQ(p.cycles, 1421);
  EXPECT_EQ(p.issueCycles, 4);
  EXPECT_EQ(p.waitCycles, 1417);
  expectUnitsAddUp(p);
  const UnitProfile &scalar = p.unit("scalar");
  EXPECT_EQ(scalar.ops, 2);
  EXPECT_EQ(scalar.busy, 1);
  EXPECT_EQ(scalar.idle[static_cast<int>(IdleCause::Wait)], 1417);
  EXPECT_EQ(scalar.idle[static_cast<int>(IdleCause::Other)], 3);
  const UnitProfile &misc = p.unit("misc");
  EXPECT_EQ(misc.ops, 3);
  EXPECT_EQ(misc.busy, 3);
  // The DMA engine: start-up 500 (2..501), moving 918 (502..1419), empty
  // the 3 cycles before and after.
  const UnitProfile &engine = p.unit("DMA engine");
  EXPECT_EQ(engine.ops, 1);
  EXPECT_EQ(engine.busy, 918);
  EXPECT_EQ(engine.idle[static_cast<int>(IdleCause::DmaStartup)], 500);
  EXPECT_EQ(engine.idle[static_cast<int>(IdleCause::DmaEmpty)], 3);
  ASSERT_EQ(p.dmas.size(), 1u);
  EXPECT_EQ(p.dmas[0].bytes, 1 << 20);
  EXPECT_EQ(p.dmas[0].transferCycles, 918);
  EXPECT_EQ(p.hbmBytes, 1 << 20);
  // The stall: the wait of bundle 2 on sem 0, a.cc:12, ended by bundle 1.
  ASSERT_EQ(p.stalls.size(), 1u);
  EXPECT_EQ(p.stalls[0].bundle, 2u);
  EXPECT_EQ(p.stalls[0].semaphore, 0);
  EXPECT_EQ(p.stalls[0].position, "a.cc:12");
  EXPECT_EQ(p.stalls[0].cycles, 1417);
  EXPECT_EQ(p.stalls[0].releasedBy, 1u);
  EXPECT_EQ(p.stalls[0].releasedByPosition, "a.cc:11");
  ASSERT_FALSE(p.lines.empty());
  EXPECT_EQ(p.lines[0].position, "a.cc:12");
  EXPECT_DOUBLE_EQ(p.lines[0].cycles, 1419); // 2 issues + the stall
  EXPECT_EQ(p.lines[0].stallCycles, 1417);
  // 1 MiB in 1421 cycles is 64.6% of the HBM roofline: HBM-bound.
  EXPECT_NEAR(p.hbmFraction,
              (1 << 20) / (machine::kHbmBytesPerCyclePerCore * 1421), 1e-12);
  EXPECT_EQ(p.verdict, Verdict::HbmBound);
  EXPECT_THAT(p.verdictLine(),
              HasSubstr("HBM-bound: DMAs moved 1048576 HBM bytes"));
  std::string text = formatProfile(p, exe_);
  EXPECT_THAT(
      text, HasSubstr("kernel 'prof': 1421 cycles = 4 bundles issued (0 empty) "
                      "+ 1417 stalled in vwait.ge"));
  EXPECT_THAT(text, HasSubstr("vwait.ge [sem:0]"));
  EXPECT_THAT(text, HasSubstr("0x0001 a.cc:11"));
}

// A small DMA waited for at once is all start-up: latency-bound.
TEST_F(ProfileTest, ASmallWaitedDmaIsLatencyBound) {
  KernelProfile p =
      profile({"smov s0, 256 ; smov s1, 0",
               "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]",
               "vwait.ge [sem:0], 4096", "vsyncadd [sem:0], -4096"});
  // 1 + 500 + ceil(4096 / 1142.857) = 505: the wait issues then.
  EXPECT_EQ(p.cycles, 507);
  expectUnitsAddUp(p);
  EXPECT_EQ(p.verdict, Verdict::LatencyBound);
  EXPECT_THAT(p.verdictLine(), HasSubstr("latency-bound: no unit reaches 50%"));
}

// Back-to-back EUP ops at its issue interval keep it busy: vector-bound.
TEST_F(ProfileTest, EupAtItsIntervalIsVectorBound) {
  std::vector<std::string> b = {"vimm.f32 v0, 1.0"};
  for (int i = 0; i < 20; ++i) {
    b.push_back("vexp.f32 v1, v0");
    b.push_back("nop");
  }
  KernelProfile p = profile(b);
  EXPECT_EQ(p.cycles, 41);
  expectUnitsAddUp(p);
  const UnitProfile &eup = p.unit("EUP");
  EXPECT_EQ(eup.ops, 20);
  EXPECT_EQ(eup.busy, 40); // 2 cycles per op, from cycle 1
  EXPECT_EQ(eup.idle[static_cast<int>(IdleCause::Other)], 1);
  EXPECT_EQ(p.unit("vector ALU").idle[static_cast<int>(IdleCause::Nop)], 20);
  EXPECT_EQ(p.nopBundles, 20);
  EXPECT_EQ(p.verdict, Verdict::VectorBound);
  EXPECT_EQ(p.vectorUnit, "EUP");
}

// Taken-branch bubbles are charged to the branch and its line.
TEST_F(ProfileTest, BranchBubbles) {
  KernelProfile p =
      profile({"pimm p0, 1  // b.cc:1", "@p0 sbr .L0003  // b.cc:2", "nop",
               ".L0003:", "smov s0, 1  // b.cc:4"});
  EXPECT_EQ(p.cycles, 5);
  EXPECT_EQ(p.branchCycles, 2);
  expectUnitsAddUp(p);
  EXPECT_EQ(p.bundles[1].branchCycles, 2);
  EXPECT_EQ(p.unit("scalar").idle[static_cast<int>(IdleCause::Branch)], 2);
  bool found = false;
  for (const LineProfile &l : p.lines)
    if (l.position == "b.cc:2") {
      EXPECT_DOUBLE_EQ(l.cycles, 3);
      found = true;
    }
  EXPECT_TRUE(found);
}

// An MXU streaming back to back: MXU-bound on the busiest unit.
TEST_F(ProfileTest, MxuStreamsAreBusyCycles) {
  std::vector<std::string> b = {"vimm.f32 v0, 1.0"};
  for (int i = 0; i < machine::kMxuBf16Pushes; ++i) {
    // Two matrix slots: mxu0/1 in one bundle, mxu2/3 in the next.
    b.push_back("vmatpush.bf16 mxu0, v0 ; vmatpush.bf16 mxu1, v0");
    b.push_back("vmatpush.bf16 mxu2, v0 ; vmatpush.bf16 mxu3, v0");
  }
  b.push_back("vmatlatch mxu0 ; vmatlatch mxu1");
  b.push_back("vmatlatch mxu2 ; vmatlatch mxu3");
  // 16 rounds: each MXU streams 8 cycles per vmatmul; pops 16 later.
  for (int round = 0; round < 16; ++round) {
    b.push_back("vmatmul.f32 mxu0, v0 ; vmatmul.f32 mxu1, v0");
    b.push_back("vmatmul.f32 mxu2, v0 ; vmatmul.f32 mxu3, v0");
    for (int i = 0; i < 6; ++i)
      b.push_back(round >= 2 && i < 4
                      ? absl::StrFormat("vmatpop v%d, mxu%d", 1 + i, i)
                      : std::string("nop"));
  }
  b.push_back("nop"); // the last stream ends within the run
  KernelProfile p = profile(b);
  EXPECT_EQ(p.cycles, 19 + 16 * 8 + 1);
  expectUnitsAddUp(p);
  for (int m = 0; m < machine::kNumMxus; ++m)
    EXPECT_EQ(p.units[8 + m].busy, 16 * machine::kMxuStreamCycles);
  EXPECT_EQ(p.verdict, Verdict::MxuBound) << p.verdictLine();
}

// TimingTest.AFullDmaQueueStallsTheNextDma's program: 456 cycles on the
// full queue (charged to the DMA's line), then 503 in the wait.
TEST_F(ProfileTest, AFullDmaQueueIsItsOwnCause) {
  std::vector<std::string> b = {"smov s2, 0 ; smov s3, 4104  // q.cc:1"};
  for (int i = 0; i <= machine::kDmaQueueDepth; ++i)
    b.push_back("dma.hbm_to_vmem [hbm:s2], [vmem:s3], 0x8, [sem:1] ; sadd "
                "s3, s3, 8  // q.cc:2");
  b.push_back("vwait.ge [sem:1], 266240  // q.cc:3");
  b.push_back("vsyncadd [sem:1], -266240  // q.cc:3");
  KernelProfile p = profile(b);
  EXPECT_EQ(p.cycles, 1027);
  EXPECT_EQ(p.queueCycles, 456);
  EXPECT_EQ(p.waitCycles, 503);
  expectUnitsAddUp(p);
  EXPECT_EQ(p.unit("vector ALU").idle[static_cast<int>(IdleCause::Queue)], 456);
  // Most cycles first: the wait (503), then the queue (456).
  ASSERT_EQ(p.stalls.size(), 2u);
  EXPECT_EQ(p.stalls[0].cycles, 503);
  const StallSite &queue = p.stalls[1];
  EXPECT_EQ(queue.op, isa::Opcode::DmaHbmToVmem);
  EXPECT_EQ(queue.bundle, 65u);
  EXPECT_EQ(queue.cycles, 456);
  EXPECT_EQ(queue.position, "q.cc:2");
  EXPECT_EQ(queue.releasedBy, 1u); // the oldest DMA landed first
  EXPECT_EQ(p.bundles[65].queueCycles, 456);
  EXPECT_THAT(formatProfile(p, exe_),
              HasSubstr("queue full: dma.hbm_to_vmem"));
}

// A DMA nobody waits for lands after the last bundle: the run's cycles
// include its drain (issued at 1, lands at 1 + 500 + 4 = 505).
TEST_F(ProfileTest, DrainingDmasEndTheRun) {
  KernelProfile p =
      profile({"smov s0, 256 ; smov s1, 0",
               "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]"});
  EXPECT_EQ(run_.cycles, 2);
  EXPECT_EQ(p.drainCycles, 503);
  EXPECT_EQ(p.cycles, 505);
  expectUnitsAddUp(p);
  EXPECT_EQ(p.unit("scalar").idle[static_cast<int>(IdleCause::Drain)], 503);
  const UnitProfile &engine = p.unit("DMA engine");
  EXPECT_EQ(engine.busy, 4);
  EXPECT_EQ(engine.idle[static_cast<int>(IdleCause::DmaStartup)], 500);
  EXPECT_EQ(engine.idle[static_cast<int>(IdleCause::DmaEmpty)], 1);
}

TEST_F(ProfileTest, ATraceOfAnotherKernelIsAnError) {
  KernelProfile p = profile({"smov s0, 1", "smov s1, 2", "smov s2, 3"});
  absl::StatusOr<Executable> small =
      parseListing(testing::listingOf("small", {"nop"}));
  ASSERT_TRUE(small.ok());
  absl::StatusOr<KernelProfile> bad = profileRun(*small, trace_, run_);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(
      bad.status().message(),
      HasSubstr("the trace does not belong to a run of kernel 'small'"));
}

} // namespace
} // namespace tessera::sim
