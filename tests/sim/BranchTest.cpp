//===- BranchTest.cpp - Branches, loops and their cycles ------------------===//
//
// `sbr` semantics (Isa.def, Execute.cpp): every op of the branch bundle
// executes, a taken branch costs machine::kBranchTakenCycles cycles without
// issue while latencies keep counting, a branch not taken costs nothing.
// Cycle counts are exact, derived from the MachineDesc.h constants.
//
//===----------------------------------------------------------------------===//
#include <vector>

#include "SimTestUtil.h"
#include "sim/Chip.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using machine::kBranchTakenCycles;
using testing::assemble;
using testing::runOn;

/// sum = 1 + 2 + ... + 10 in s2, stored to SMEM word 0x10; the loop body is
/// bundles 1-3, its branch taken 9 times (the 10th time it falls through).
std::vector<std::string> sumLoop() {
  return {
      "smov s1, 1 ; smov s2, 0",
      ".L0001:",
      "sadd s2, s2, s1 ; sadd s1, s1, 1",
      "scmp.le p0, s1, 10",
      "@p0 sbr .L0001",
      "sst [smem:0x10], s2",
  };
}

class BranchTest : public ::testing::Test {
protected:
  TensorCore &core() { return chip.core(0); }
  Chip chip;
};

TEST_F(BranchTest, CountedLoopSumsOneToTenInExactCycles) {
  auto program = assemble("sum", sumLoop());
  Trace trace;
  RunOptions options;
  options.trace = &trace;
  absl::StatusOr<RunResult> r = runOn(core(), program, {}, options);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->outcome, RunOutcome::Completed);
  EXPECT_EQ(core().sreg(2), 55u);
  std::vector<uint32_t> word(1);
  ASSERT_TRUE(core().smem().read(0x10, word).ok());
  EXPECT_EQ(word[0], 55u);

  constexpr int kIterations = 10, kBody = 3;
  EXPECT_EQ(r->bundlesExecuted, 1 + kIterations * kBody + 1);  // 32
  EXPECT_EQ(r->branchesTaken, kIterations - 1);
  EXPECT_EQ(r->stallCycles, 0);
  // One cycle per bundle plus the bubble of each taken branch: 32 + 9 * 2.
  EXPECT_EQ(r->cycles, 32 + 9 * kBranchTakenCycles);
  static_assert(kBranchTakenCycles == 2, "the literal below assumes 2");
  EXPECT_EQ(r->cycles, 50);

  // Each iteration starts kBody + kBranchTakenCycles cycles after the last.
  std::vector<int64_t> bodyStarts;
  for (const TraceEvent &e : trace.events)
    if (e.kind == TraceEvent::Kind::BundleIssue && e.bundle == 1)
      bodyStarts.push_back(e.cycle);
  ASSERT_EQ(bodyStarts.size(), static_cast<size_t>(kIterations));
  for (int i = 0; i < kIterations; ++i)
    EXPECT_EQ(bodyStarts[i], 1 + i * (kBody + kBranchTakenCycles)) << i;
  // The fall-through costs nothing: the store issues right after the branch.
  ASSERT_FALSE(trace.events.empty());
  EXPECT_EQ(trace.events.back().bundle, 4u);
  EXPECT_EQ(trace.events.back().cycle, bodyStarts.back() + kBody);
}

TEST_F(BranchTest, PredicatedBranchNotTakenCostsNothing) {
  auto notTaken = assemble("nt", {
                                     "pimm p0, 0",
                                     "@p0 sbr .L0003",
                                     "smov s1, 1",
                                     ".L0003:",
                                     "smov s2, 2",
                                 });
  absl::StatusOr<RunResult> r = runOn(core(), notTaken);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->branchesTaken, 0);
  EXPECT_EQ(r->bundlesExecuted, 4);
  EXPECT_EQ(r->cycles, 4);
  EXPECT_EQ(core().sreg(1), 1u);
  EXPECT_EQ(core().sreg(2), 2u);

  // The negated guard takes it: bundle 2 is skipped, the bubble is paid.
  auto taken = assemble("t", {
                                 "pimm p0, 0",
                                 "@!p0 sbr .L0003",
                                 "smov s1, 1",
                                 ".L0003:",
                                 "smov s2, 2",
                             });
  r = runOn(core(), taken);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->branchesTaken, 1);
  EXPECT_EQ(r->bundlesExecuted, 3);
  EXPECT_EQ(r->cycles, 3 + kBranchTakenCycles);
  EXPECT_EQ(core().sreg(1), 0u);
  EXPECT_EQ(core().sreg(2), 2u);
}

TEST_F(BranchTest, EveryOpOfTheBranchBundleExecutesAndReadsAtIssue) {
  auto program = assemble("bundle", {
                                        "pimm p0, 1 ; smov s1, 5",
                                        // The compare writes p0, but the
                                        // branch's guard is read at issue:
                                        // the old p0 (true) takes it.
                                        "scmp.eq p0, s1, 0 ; smov s2, 7 ; "
                                        "@p0 sbr .L0003",
                                        "smov s3, 9",
                                        ".L0003:",
                                        "@!p0 smov s4, 11",
                                    });
  absl::StatusOr<RunResult> r = runOn(core(), program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->branchesTaken, 1);
  EXPECT_EQ(core().sreg(2), 7u);   // executed with the branch
  EXPECT_EQ(core().sreg(3), 0u);   // skipped
  EXPECT_EQ(core().sreg(4), 11u);  // the new p0 is false
}

TEST_F(BranchTest, LatenciesKeepCountingThroughTheBubble) {
  // The load issues with the branch; its target reads the result after
  // `waits` more bundles. The bubble counts towards the load's latency.
  auto program = [](int waits) {
    std::vector<std::string> b = {"sld s1, [smem:0x0] ; sbr .L0002",
                                  "smov s5, 1", ".L0002:"};
    for (int i = 0; i < waits; ++i)
      b.push_back("nop");
    b.push_back("sadd s2, s1, 1");
    return b;
  };
  // Issue at 0, target at 1 + bubble; ready at kLatScalarLoad.
  int waits = machine::kLatScalarLoad - 1 - kBranchTakenCycles;
  ASSERT_GT(waits, 0) << "the test needs a latency longer than the bubble";
  absl::StatusOr<RunResult> r =
      runOn(core(), assemble("lat", program(waits)), {41});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(2), 42u);
  r = runOn(core(), assemble("lat", program(waits - 1)), {41});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            absl::StrFormat("kernel 'lat': bundle 0x%04x (test.cc:%d) reads "
                            "s1 before it is ready: written by bundle 0x0000 "
                            "(test.cc:1), ready at cycle %d, read at cycle %d",
                            2 + waits - 1, 3 + waits - 1,
                            machine::kLatScalarLoad,
                            machine::kLatScalarLoad - 1));
}

TEST_F(BranchTest, DmasLandDuringLoops) {
  // A loop that spins on a counter while a VMEM-to-VMEM DMA is in flight;
  // the wait after it has nothing left to wait for once the loop has run
  // longer than the DMA.
  int64_t dmaCycles = machine::kLocalDmaStartupCycles + 1;
  auto program = assemble(
      "spin", {
                  "smov s1, 0 ; smov s2, 8",
                  "dma.vmem_to_vmem [vmem:s1], [vmem:s2], 0x8, [sem:2]",
                  ".L0002:",
                  "sadd s3, s3, 1",
                  "scmp.lt p0, s3, " + std::to_string(dmaCycles),
                  "@p0 sbr .L0002",
                  "vwait.ge [sem:2], 4096",
                  "vsyncadd [sem:2], -4096",
              });
  absl::StatusOr<RunResult> r = runOn(core(), program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->stallCycles, 0);
  EXPECT_EQ(core().semaphore(2), 0);
  EXPECT_EQ(r->cycles, r->bundlesExecuted +
                           r->branchesTaken * kBranchTakenCycles);
  EXPECT_EQ(r->branchesTaken, dmaCycles - 1);
}

TEST_F(BranchTest, TheCycleBudgetCountsLoopIterations) {
  auto program = assemble("sum", sumLoop());
  absl::StatusOr<RunResult> r = runOn(core(), program);
  ASSERT_TRUE(r.ok()) << r.status();
  int64_t cycles = r->cycles;
  RunOptions options;
  options.cycleBudget = cycles;  // exactly what the loop takes
  r = runOn(core(), program, {}, options);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(2), 55u);
  options.cycleBudget = cycles - 1;  // the last bundle issues at cycles - 1
  r = runOn(core(), program, {}, options);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(r.status().message(),
            absl::StrFormat(
                "kernel 'sum': bundle 0x0004 (test.cc:5): stopped at cycle %d "
                "without finishing: the run's cycle budget is %d cycles "
                "(an endless loop or wait? RunOptions::cycleBudget: .debug = {.cycle_budget = N} "
                "on a kernel, Compiled::run(args, {.cycle_budget = N}), --cycle-budget=N for tessera-asm); the "
                "last branch taken was bundle 0x0003 (test.cc:4) back to "
                "bundle 0x0001 (test.cc:2)",
                cycles - 1, cycles - 1));
}

TEST(BranchLoad, TargetsUpToTheEndOfTheCode) {
  // The end of the code is a valid target; one past it is not.
  EXPECT_NE(assemble("end", {"sbr .L0002", "nop"}), nullptr);
  absl::StatusOr<Executable> exe =
      parseListing(testing::listingOf("far", {"nop", "@p1 sbr .L0004", "nop"}));
  ASSERT_TRUE(exe.ok()) << exe.status();
  absl::StatusOr<std::shared_ptr<const Program>> p = loadProgram(*exe);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            "kernel 'far': bundle 0x0001 (test.cc:2): sbr target 0x4 is "
            "outside the code (3 bundles)");
}

}  // namespace
}  // namespace tessera::sim
