//===- RaceTest.cpp - Races, uninitialized reads, budgets, the DMA queue --===//
//
// Hand-assembled programs for the run-time checks of RunOptions: race
// detection between vld / vst / DMAs and the DMAs not yet waited for, the
// read of VMEM rows nothing wrote, the cycle and DMA-byte budgets, and the
// bounded DMA queue. Every fault names both source lines where there are
// two, and the core runs normally afterwards.
//
//===----------------------------------------------------------------------===//
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "sim/Chip.h"
#include "sim/Dma.h"
#include "tests/sim/SimTestUtil.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using isa::Opcode;
using ::testing::EndsWith;
using ::testing::StartsWith;
using testing::assemble;
using testing::runOn;

class RaceTest : public ::testing::Test {
protected:
  TensorCore &core() { return chip_.core(0); }

  /// Runs `bundles` (positions test.cc:1, 2, ...) and returns the error
  /// message, or "ok".
  std::string outcome(const std::vector<std::string> &bundles,
                      const RunOptions &options = {}) {
    absl::StatusOr<RunResult> r =
        runOn(core(), assemble("k", bundles), {}, options);
    return r.ok() ? "ok" : std::string(r.status().message());
  }

  /// The core still runs a correct program with a DMA and its wait.
  void expectUsable() {
    core().resetSemaphores();
    EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0",
                       "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]",
                       "vwait.ge [sem:0], 4096", "vsyncadd [sem:0], -4096",
                       "vld v0, [vmem:0x0]"}),
              "ok");
    EXPECT_EQ(core().semaphore(0), 0);
  }

  Chip chip_;
};

// --- Races. ---

TEST_F(RaceTest, VldDuringAnInboundDma) {
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]",
                     "vld v0, [vmem:0x0]", "vwait.ge [sem:0], 4096",
                     "vsyncadd [sem:0], -4096"}),
            "kernel 'k': bundle 0x0002 (test.cc:3): vld of VMEM rows [0x0, "
            "0x8) while the DMA started at bundle 0x0001 (test.cc:2) still "
            "writes them (dma.hbm_to_vmem; wait for it on [sem:0] first)");
  expectUsable();
}

TEST_F(RaceTest, VstDuringAnOutboundDma) {
  // The kernel: o is overwritten while its DMA to HBM still reads it.
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0 ; vimm.f32 v0, 5.0",
                     "dma.vmem_to_hbm [vmem:s1], [hbm:s0], 0x8, [sem:0]",
                     "vst [vmem:0x0], v0", "vwait.ge [sem:0], 4096",
                     "vsyncadd [sem:0], -4096"}),
            "kernel 'k': bundle 0x0002 (test.cc:3): vst to VMEM rows [0x0, "
            "0x8) while the DMA started at bundle 0x0001 (test.cc:2) still "
            "reads them (dma.vmem_to_hbm; wait for it on [sem:0] first)");
  expectUsable();
}

// A vst.msk writes only the sublane rows its mask selects: a DMA into
// another row of the same tile is no race; into a selected row it is.
TEST_F(RaceTest, AMaskedStoreRacesOnlyOnTheRowsItsMaskSelects) {
  for (int sublane : {3, 6}) {
    VRegData mask{};
    for (int lane = 0; lane < machine::kLanes; ++lane)
      mask[sublane * machine::kLanes + lane] = 1;
    ASSERT_TRUE(core().vmem().writeRows(0x100, std::as_bytes(std::span(mask))).ok());
    core().resetSemaphores();
    // The DMA writes VMEM row 0x46 (sublane 6 of the tile at 0x40).
    std::string got = outcome({"vld v1, [vmem:0x100] ; smov s0, 0 ; smov s1, 70", "nop",
                               "nop", "nop",
                               "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x1, [sem:0]",
                               "vst.msk [vmem:0x40], v0, v1", "vwait.ge [sem:0], 512",
                               "vsyncadd [sem:0], -512"});
    if (sublane == 3)
      EXPECT_EQ(got, "ok");
    else
      EXPECT_EQ(got, "kernel 'k': bundle 0x0005 (test.cc:6): vst.msk to VMEM rows [0x46, "
                     "0x47) while the DMA started at bundle 0x0004 (test.cc:5) still writes "
                     "them (dma.hbm_to_vmem; wait for it on [sem:0] first)");
    expectUsable();
  }
}

TEST_F(RaceTest, TwoDmasIntoOneBuffer) {
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0] ; "
                     "smov s2, 64",
                     "dma.hbm_to_vmem [hbm:s2], [vmem:s1], 0x8, [sem:1]",
                     "vwait.ge [sem:0], 4096", "vwait.ge [sem:1], 4096"}),
            "kernel 'k': bundle 0x0002 (test.cc:3): dma.hbm_to_vmem writes "
            "VMEM rows [0x0, 0x8) while the DMA started at bundle 0x0001 "
            "(test.cc:2) still writes them (dma.hbm_to_vmem; wait for it on "
            "[sem:0] first)");
  expectUsable();
}

TEST_F(RaceTest, ADmaOutOfRowsADmaStillWrites) {
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0] ; "
                     "smov s2, 64",
                     "dma.vmem_to_hbm [vmem:s1], [hbm:s2], 0x8, [sem:1]",
                     "vwait.ge [sem:0], 4096", "vwait.ge [sem:1], 4096"}),
            "kernel 'k': bundle 0x0002 (test.cc:3): dma.vmem_to_hbm reads "
            "VMEM rows [0x0, 0x8) while the DMA started at bundle 0x0001 "
            "(test.cc:2) still writes them (dma.hbm_to_vmem; wait for it on "
            "[sem:0] first)");
  // Two DMAs writing the same HBM rows.
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0",
                     "dma.vmem_to_hbm [vmem:s1], [hbm:s0], 0x8, [sem:0] ; "
                     "smov s2, 16",
                     "dma.vmem_to_hbm [vmem:s2], [hbm:s0], 0x8, [sem:1]",
                     "vwait.ge [sem:0], 4096", "vwait.ge [sem:1], 4096"}),
            "kernel 'k': bundle 0x0002 (test.cc:3): dma.vmem_to_hbm writes "
            "HBM rows [0x0, 0x8) while the DMA started at bundle 0x0001 "
            "(test.cc:2) still writes them (dma.vmem_to_hbm; wait for it on "
            "[sem:0] first)");
  expectUsable();
}

TEST_F(RaceTest, SplitStartAndWaitWithIndependentWorkIsNotARace) {
  core().resetSemaphores();
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0] ; "
                     "smov s2, 32",
                     // Other rows, and reading what an outbound DMA reads.
                     "dma.vmem_to_hbm [vmem:s2], [hbm:s2], 0x8, [sem:1] ; "
                     "vld v0, [vmem:0x10]",
                     "vld v1, [vmem:0x20] ; vst [vmem:0x18], v3",
                     "vwait.ge [sem:0], 4096", "vsyncadd [sem:0], -4096",
                     "vld v2, [vmem:0x0] ; vwait.ge [sem:1], 4096",
                     "vsyncadd [sem:1], -4096", "nop",
                     "vst [vmem:0x20], v2"}),
            "ok");
  EXPECT_EQ(core().semaphore(0), 0);
  EXPECT_EQ(core().semaphore(1), 0);
}

TEST_F(RaceTest, ALandedDmaIsARaceUntilItIsWaitedFor) {
  // The loop outlasts the DMA (it has landed), but the program reads its
  // rows before waiting: on the chip that is a race whatever the timing.
  std::vector<std::string> program = {
      "smov s0, 0 ; smov s1, 0",
      "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0] ; smov s5, 0",
      ".L0002:",
      "sadd s5, s5, 1",
      "scmp.lt p0, s5, 300",
      "@p0 sbr .L0002",
      "vld v0, [vmem:0x0]",
      "vwait.ge [sem:0], 4096",
      "vsyncadd [sem:0], -4096"};
  EXPECT_EQ(outcome(program),
            "kernel 'k': bundle 0x0005 (test.cc:6): vld of VMEM rows [0x0, "
            "0x8) while the DMA started at bundle 0x0001 (test.cc:2) still "
            "writes them (dma.hbm_to_vmem; wait for it on [sem:0] first)");
  core().resetSemaphores();
  RunOptions off;
  off.detectRaces = false;
  EXPECT_EQ(outcome(program, off), "ok");
  expectUsable();
}

TEST_F(RaceTest, AWaitOnAnotherSemaphoreDoesNotEndTheRace) {
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0] ; "
                     "smov s2, 16",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s2], 0x8, [sem:1]",
                     "vwait.ge [sem:1], 4096", "vld v0, [vmem:0x0]",
                     "vwait.ge [sem:0], 4096"}),
            "kernel 'k': bundle 0x0004 (test.cc:5): vld of VMEM rows [0x0, "
            "0x8) while the DMA started at bundle 0x0001 (test.cc:2) still "
            "writes them (dma.hbm_to_vmem; wait for it on [sem:0] first)");
  // A dma.fence waits for every DMA.
  core().resetSemaphores();
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]",
                     "dma.fence", "vld v0, [vmem:0x0]"}),
            "ok");
  expectUsable();
}

TEST_F(RaceTest, TheFaultNamesTheOpsOwnLine) {
  // The vld's line is not the bundle's first op's.
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 0",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]  // "
                     "a.cc:31",
                     "smov s3, 1 ; vld v0, [vmem:0x0]  // a.cc:32 smov, a.cc:33 "
                     "vld",
                     "vwait.ge [sem:0], 4096"}),
            "kernel 'k': bundle 0x0002 (a.cc:33): vld of VMEM rows [0x0, "
            "0x8) while the DMA started at bundle 0x0001 (a.cc:31) still "
            "writes them (dma.hbm_to_vmem; wait for it on [sem:0] first)");
  expectUsable();
}

TEST(DmaRows, StridedSidesOverlapOnlyWhereTheirChunksDo) {
  // Chunks of 8 rows every 16 rows: [0, 8), [16, 24), [32, 40), [48, 56).
  DmaRows a{/*hbm=*/true, 0, 8, 4, 16};
  EXPECT_FALSE(a.overlaps(true, 8, 16));
  EXPECT_TRUE(a.overlaps(true, 15, 17));
  EXPECT_TRUE(a.overlaps(true, 55, 60));
  EXPECT_FALSE(a.overlaps(true, 56, 100));
  EXPECT_FALSE(a.overlaps(false, 0, 8));  // VMEM, not HBM
  // The interleaved rows [8, 16), [24, 32), ...: no overlap.
  DmaRows b{true, 8, 8, 4, 16};
  EXPECT_FALSE(a.overlaps(b));
  EXPECT_FALSE(b.overlaps(a));
  DmaRows c{true, 60, 4, 1, 0};
  EXPECT_FALSE(a.overlaps(c));
  EXPECT_TRUE(b.overlaps(c));
  DmaRows d{true, 50, 2, 100, 0};  // stride 0: one chunk, rewritten
  EXPECT_TRUE(a.overlaps(d));
  EXPECT_EQ(a.end(), 56);
}

// --- Uninitialized VMEM reads. ---

RunOptions uninitializedChecked() {
  RunOptions options;
  options.checkUninitializedReads = true;
  return options;
}

TEST_F(RaceTest, AReadOfNeverWrittenScratchIsAFault) {
  RunOptions options = uninitializedChecked();
  EXPECT_EQ(outcome({"vimm.f32 v0, 1.0", "vst [vmem:0x0], v0",
                     "vld v1, [vmem:0x4]"},
                    options),
            "kernel 'k': bundle 0x0002 (test.cc:3): vld of VMEM rows [0x4, "
            "0xc) reads VMEM row 0x8, which nothing wrote during this run "
            "(uninitialized scratch; RunOptions::checkUninitializedReads)");
  // Written in an earlier run does not count; off by default.
  EXPECT_NE(outcome({"vld v1, [vmem:0x0]"}, options), "ok");
  EXPECT_EQ(outcome({"vld v1, [vmem:0x0]"}), "ok");
  // A DMA that landed (and was waited for) writes the rows.
  core().resetSemaphores();
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 16",
                     "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]",
                     "vwait.ge [sem:0], 4096", "vsyncadd [sem:0], -4096",
                     "vld v0, [vmem:0x10]"},
                    options),
            "ok");
  // A DMA out of VMEM reads its rows too.
  EXPECT_EQ(outcome({"smov s0, 0 ; smov s1, 64",
                     "dma.vmem_to_hbm [vmem:s1], [hbm:s0], 0x8, [sem:0]",
                     "vwait.ge [sem:0], 4096", "vsyncadd [sem:0], -4096"},
                    options),
            "kernel 'k': bundle 0x0001 (test.cc:2): dma.vmem_to_hbm reads VMEM "
            "row 0x40, which nothing wrote during this run (uninitialized "
            "scratch; RunOptions::checkUninitializedReads)");
  expectUsable();
}

TEST_F(RaceTest, HbmWritesAreRecordedOnRequest) {
  RunOptions options;
  options.recordHbmWrites = true;
  core().resetSemaphores();
  absl::StatusOr<RunResult> r = runOn(
      core(),
      assemble("k", {"smov s0, 32 ; smov s1, 0",
                     "dma.vmem_to_hbm [vmem:s1], [hbm:s0], 0x8, [sem:0]"}),
      {}, options);
  ASSERT_TRUE(r.ok()) << r.status();
  // Landed in the drain after the end of the code.
  EXPECT_EQ(r->hbmWritten,
            (std::vector<std::pair<int64_t, int64_t>>{{0x20, 0x28}}));
  core().resetSemaphores();
}

// --- Budgets and the DMA queue. ---

TEST_F(RaceTest, AFullDmaQueueStallsTheNextDma) {
  std::vector<std::string> program = {"smov s0, 0 ; smov s1, 0"};
  for (int i = 0; i <= machine::kDmaQueueDepth; ++i)
    program.push_back("dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]");
  program.push_back(absl::StrFormat("vwait.ge [sem:0], %d",
                                    4096 * (machine::kDmaQueueDepth + 1)));
  RunOptions options;
  options.detectRaces = false;  // the same rows, on purpose
  Trace trace;
  options.trace = &trace;
  core().resetSemaphores();
  absl::StatusOr<RunResult> r =
      runOn(core(), assemble("queue", program), {}, options);
  ASSERT_TRUE(r.ok()) << r.status();
  // DMA kDmaQueueDepth would issue at cycle 1 + kDmaQueueDepth and waits
  // for the first landing (TimingTest.AFullDmaQueueStallsTheNextDma).
  int64_t firstLands = -1;
  for (const TraceEvent &e : trace.events)
    if (e.kind == TraceEvent::Kind::DmaComplete && firstLands < 0)
      firstLands = e.cycle;
  EXPECT_EQ(r->dmaQueueStallCycles,
            firstLands - (1 + machine::kDmaQueueDepth));
  EXPECT_EQ(r->cycles, r->bundlesExecuted + r->stallCycles);
  core().resetSemaphores();
}

TEST_F(RaceTest, ADmaReissuedInALoopEndsAtTheCycleBudget) {
  std::vector<std::string> program = {
      "smov s0, 0 ; smov s1, 0", ".L0001:",
      "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]", "sbr .L0001"};
  RunOptions options;
  options.detectRaces = false;
  options.cycleBudget = 100000;
  // The DMA queue holds the loop back (it never grows beyond its depth).
  std::string message = outcome(program, options);
  EXPECT_THAT(message, StartsWith("kernel 'k': bundle 0x0001 (test.cc:2): "
                                  "stopped at cycle 100"));
  EXPECT_THAT(message,
              EndsWith("without finishing: the run's cycle budget is 100000 "
                       "cycles (an endless loop or wait? RunOptions::cycleBudget: "
                       ".debug = {.cycle_budget = N} on a kernel, Compiled::run(args, "
                       "{.cycle_budget = N}), --cycle-budget=N for tessera-asm); the last branch taken was bundle 0x0002 "
                       "(test.cc:3) back to bundle 0x0001 (test.cc:2)"));
  // With race detection the second DMA into the same rows is the error.
  EXPECT_EQ(outcome(program),
            "kernel 'k': bundle 0x0001 (test.cc:2): dma.hbm_to_vmem writes "
            "VMEM rows [0x0, 0x8) while the DMA started at bundle 0x0001 "
            "(test.cc:2) still writes them (dma.hbm_to_vmem; wait for it on "
            "[sem:0] first)");
  expectUsable();
}

TEST_F(RaceTest, TheDmaByteBudgetStopsHugeDmas) {
  // 0x3800000 rows = 28 GiB, HBM to HBM.
  std::vector<std::string> program = {
      "smov s0, 0 ; smov s1, 8388608", ".L0001:",
      "dma.hbm_to_hbm [hbm:s0], [hbm:s1], 0x3800000, [sem:0]", "sbr .L0001"};
  EXPECT_EQ(outcome(program),
            "kernel 'k': bundle 0x0001 (test.cc:2): dma.hbm_to_hbm of "
            "30064771072 bytes would bring this run's DMA traffic to "
            "30064771072 bytes, beyond its budget of 8589934592 "
            "(RunOptions::dmaByteBudget: .debug = {.dma_byte_budget = N} on a "
            "kernel, Compiled::run(args, {.dma_byte_budget = N}), --dma-byte-budget=N for tessera-asm)");
  expectUsable();
}

TEST_F(RaceTest, TheCycleBudgetCountsStalls) {
  // One bundle of work and a long wait: bundles alone would never reach it.
  std::vector<std::string> program = {
      "smov s0, 0 ; smov s1, 0",
      "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]",
      "vwait.ge [sem:0], 4096", "vsyncadd [sem:0], -4096"};
  RunOptions options;
  options.cycleBudget = 100;
  EXPECT_EQ(outcome(program, options),
            "kernel 'k': bundle 0x0002 (test.cc:3): stopped at cycle 505 "
            "without finishing: the run's cycle budget is 100 cycles "
            "(an endless loop or wait? RunOptions::cycleBudget: .debug = {.cycle_budget = N} "
            "on a kernel, Compiled::run(args, {.cycle_budget = N}), --cycle-budget=N for tessera-asm)");
  expectUsable();
}

// Messages name a compiled kernel's VMEM rows by buffer and element rows:
// memory row m of a buffer is sub-row m % 8 of tile m / 8, its tiles
// row-major; a bf16 tile holds 16 element rows.
TEST(RaceMessages, VmemRowsByBufferAndElementRow) {
  std::vector<VmemBuffer> buffers = {{"acc", 0, 8, 1, 8, 1}, {"x", 8, 32, 2, 16, 2}};
  EXPECT_EQ(describeVmemRows(buffers, 0, 8), "rows [0, 8) of acc (VMEM rows [0x0, 0x8))");
  EXPECT_EQ(describeVmemRows(buffers, 8, 16), "rows [0, 16) of x (VMEM rows [0x8, 0x10))");
  EXPECT_EQ(describeVmemRows(buffers, 24, 32), "rows [16, 32) of x (VMEM rows [0x18, 0x20))");
  EXPECT_EQ(describeVmemRows(buffers, 4, 12), "VMEM rows [0x4, 0xc)");  // across buffers
  EXPECT_EQ(describeVmemRows({}, 0, 8), "VMEM rows [0x0, 0x8)");
}

}  // namespace
}  // namespace tessera::sim
