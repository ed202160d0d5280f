//===- IciTest.cpp - Chips joined by the interconnect ---------------------===//
//
// sim::Slice: the torus and its routes, dma.remote.* and vsyncadd.remote
// (text and words, data and semaphores, exact cycles: sim/TIMING.md,
// [ICI]), faults, and deadlocks across chips.
//
//===----------------------------------------------------------------------===//
#include <string>
#include <vector>

#include "sim/Slice.h"
#include "sim/isa/Isa.h"
#include "tests/sim/SimTestUtil.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using isa::Opcode;
using ::testing::HasSubstr;
using testing::assemble;

TEST(IciIsa, TextRoundTrips) {
  for (const char *text :
       {"dma.remote.vmem_to_vmem [vmem:s0], [vmem:s1], s2, [chip:s3], [core:s4], [send:s5], "
        "[recv:s6]",
        "dma.remote.hbm_to_hbm [hbm:s7], [hbm:s8], s9, [chip:s10], [core:s11], [send:s12], "
        "[recv:s13]",
        "vsyncadd.remote [chip:s1], [core:s2], [sem:s3], s4"}) {
    absl::StatusOr<isa::Instr> instr = isa::parseInstr(text);
    ASSERT_TRUE(instr.ok()) << text << ": " << instr.status();
    EXPECT_EQ(isa::printInstr(*instr), text);
    absl::StatusOr<isa::Instr> back = isa::decodeInstr(isa::encodeInstr(*instr, true));
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(isa::printInstr(*back), text);
  }
}

TEST(IciTopology, AHostIsATwoByTwoBlockAndLargerSlicesWrap) {
  Slice host;
  EXPECT_EQ(host.numChips(), 4);
  EXPECT_EQ(host.coords(3), (std::array<int, 3>{1, 1, 0}));
  EXPECT_EQ(host.hops(0, 1), 1);
  EXPECT_EQ(host.hops(0, 2), 1);
  EXPECT_EQ(host.hops(0, 3), 2) << "x, then y";
  EXPECT_EQ(host.hops(2, 2), 0);
  Slice torus(TorusShape{4, 4, 1});
  EXPECT_EQ(torus.numChips(), 16);
  EXPECT_EQ(torus.hops(0, 3), 1) << "the x axis wraps around";
  EXPECT_EQ(torus.hops(0, 2), 2);
  EXPECT_EQ(torus.hops(0, 15), 2) << "(0,0) to (3,3): one hop back on each axis";
}

/// Registers s0..s6 of a remote copy: src row 0, dst row 0, 8 rows, chip
/// `chip`, core `core`, send semaphore 0, receive semaphore 1.
std::vector<std::string> pushTo(int chip, const std::string &kind = "vmem_to_vmem",
                                const std::string &srcMem = "vmem",
                                const std::string &dstMem = "vmem", int core = 0) {
  return {"smov s0, 0 ; smov s1, 0",
          "smov s2, 8 ; smov s3, " + std::to_string(chip),
          "smov s4, " + std::to_string(core) + " ; smov s5, 0",
          "smov s6, 1",
          "dma.remote." + kind + " [" + srcMem + ":s0], [" + dstMem +
              ":s1], s2, [chip:s3], [core:s4], [send:s5], [recv:s6]",
          "vwait.ge [sem:0], 4096",
          "vsyncadd [sem:0], -4096"};
}
const std::vector<std::string> kReceive = {"vwait.ge [sem:1], 4096", "vsyncadd [sem:1], -4096"};

struct SliceRun {
  std::vector<std::shared_ptr<const Program>> programs;
  std::vector<absl::StatusOr<RunResult>> results;
};
struct CoreProgram {
  int chip = 0, core = 0;
  std::vector<std::string> bundles;
};
SliceRun runOnCores(Slice &slice, const std::vector<CoreProgram> &runs,
                    const RunOptions &options = {}) {
  SliceRun out;
  std::vector<SliceLaunch> launches;
  for (const CoreProgram &run : runs) {
    out.programs.push_back(assemble("k", run.bundles));
    launches.push_back({run.chip, run.core, out.programs.back().get(), {}, options});
  }
  out.results = slice.runTogether(launches);
  return out;
}
/// Programs on core 0 of chips.
SliceRun runOnChips(Slice &slice, const std::vector<std::pair<int, std::vector<std::string>>> &runs) {
  std::vector<CoreProgram> onCores;
  for (const auto &[chip, bundles] : runs)
    onCores.push_back({chip, 0, bundles});
  return runOnCores(slice, onCores);
}

// [ICI] The copy issues at cycle 4 and starts moving at 4 + 500; its 4096
// bytes leave at 300 bytes per 7 cycles (45 GB/s): ceil(4096 * 7 / 300) =
// 96 cycles, so the send semaphore has them at 600 (the sender's wait
// issues then, and it ends at 602); they land one hop (1050 cycles) later,
// at 1650, where the receiver's wait issues (it ends at 1652).
TEST(IciTiming, ARemoteCopyLeavesThenLandsOneHopLater) {
  Slice slice;
  std::vector<int32_t> row(128 * 8);
  for (size_t i = 0; i < row.size(); ++i)
    row[i] = 1000 + i;
  ASSERT_TRUE(slice.chip(0).core(0).vmem().writeS32(0, row).ok());
  SliceRun r = runOnChips(slice, {{0, pushTo(1)}, {1, kReceive}});
  ASSERT_TRUE(r.results[0].ok()) << r.results[0].status();
  ASSERT_TRUE(r.results[1].ok()) << r.results[1].status();
  EXPECT_EQ(r.results[0]->cycles, 602);
  EXPECT_EQ(r.results[1]->cycles, 1652);
  EXPECT_EQ(r.results[1]->stallCycles, 1650);
  std::vector<int32_t> got(128 * 8);
  ASSERT_TRUE(slice.chip(1).core(0).vmem().readS32(0, got).ok());
  EXPECT_EQ(got, row);
  EXPECT_EQ(slice.chip(1).core(0).semaphore(1), 0);
  EXPECT_EQ(slice.chip(0).core(0).semaphore(0), 0);
}

// [ICI] Two hops (x, then y) from chip 0 to chip 3: the data lands at
// 600 + 2 * 1050.
TEST(IciTiming, ADiagonalCopyTakesTwoHops) {
  Slice slice;
  SliceRun r = runOnChips(slice, {{0, pushTo(3)}, {3, kReceive}});
  ASSERT_TRUE(r.results[1].ok()) << r.results[1].status();
  EXPECT_EQ(r.results[1]->cycles, 600 + 2 * machine::kIciHopCycles + 2);
}

TEST(IciTopology, RoutesGoInDimensionOrderOverEachLinkTheyCross) {
  Slice host;
  EXPECT_EQ(host.route(0, 3), (std::vector<int>{iciLinkResource(0, 0), iciLinkResource(1, 2)}))
      << "+x from chip 0, then +y from chip 1";
  EXPECT_EQ(host.route(3, 0), (std::vector<int>{iciLinkResource(3, 1), iciLinkResource(2, 3)}));
  EXPECT_TRUE(host.route(2, 2).empty());
  Slice torus(TorusShape{4, 4, 1});
  EXPECT_EQ(torus.route(0, 3), (std::vector<int>{iciLinkResource(0, 1)})) << "-x, round";
  EXPECT_EQ(torus.route(0, 2), (std::vector<int>{iciLinkResource(0, 0), iciLinkResource(1, 0)}))
      << "as short both ways: the + way";
}

// [ICI] Two cores of chip 0 push 4096 bytes each to chip 1 at once: both
// cross chip 0's +x link, so each moves at half its bandwidth and leaves at
// 504 + ceil(2 * 4096 * 7 / 300) = 696 (the waits end at 698). Sent to
// chip 2 instead (the +y link), core 1's copy shares nothing: 602 each.
TEST(IciContention, TwoCoresCrossingOneLinkShareIt) {
  for (int secondTarget : {1, 2}) {
    Slice slice;
    SliceRun r = runOnCores(slice, {{0, 0, pushTo(1)},
                                    {0, 1, pushTo(secondTarget, "vmem_to_vmem", "vmem", "vmem", 1)},
                                    {1, 0, kReceive},
                                    {secondTarget, 1, kReceive}});
    for (const auto &result : r.results)
      ASSERT_TRUE(result.ok()) << result.status();
    int64_t sent = secondTarget == 1 ? 698 : 602;
    EXPECT_EQ(r.results[0]->cycles, sent) << "to chips 1 and " << secondTarget;
    EXPECT_EQ(r.results[1]->cycles, sent);
    EXPECT_EQ(r.results[2]->cycles, sent - 2 + machine::kIciHopCycles + 2);
  }
}

// [ICI] A route is charged on every link it crosses: chip 0's copy to chip
// 3 goes +x to chip 1, then +y over chip 1's link, which chip 1's own copy
// to chip 3 crosses too; both leave at 696. Chip 2's copy to chip 3 (+x
// from chip 2) shares no link with chip 0's: 602 each.
TEST(IciContention, ARouteSharesEachLinkItCrosses) {
  for (int second : {1, 2}) {
    Slice slice;
    SliceRun r = runOnCores(slice, {{0, 0, pushTo(3)},
                                    {second, 0, pushTo(3, "vmem_to_vmem", "vmem", "vmem", 1)},
                                    {3, 0, kReceive},
                                    {3, 1, kReceive}});
    for (const auto &result : r.results)
      ASSERT_TRUE(result.ok()) << result.status();
    int64_t sent = second == 1 ? 698 : 602;
    EXPECT_EQ(r.results[0]->cycles, sent) << "from chips 0 and " << second;
    EXPECT_EQ(r.results[1]->cycles, sent);
    EXPECT_EQ(r.results[2]->cycles, sent - 2 + 2 * machine::kIciHopCycles + 2);
  }
}

// [ICI] A remote signal arrives a hop after it issues (at cycle 2 here).
TEST(IciTiming, ARemoteSignalArrivesAHopLater) {
  Slice slice;
  SliceRun r = runOnChips(
      slice, {{0, {"smov s1, 2 ; smov s2, 0", "smov s3, 5 ; smov s4, 3",
                   "vsyncadd.remote [chip:s1], [core:s2], [sem:s3], s4"}},
              {2, {"vwait.ge [sem:5], 3", "vsyncadd [sem:5], -3"}}});
  ASSERT_TRUE(r.results[1].ok()) << r.results[1].status();
  EXPECT_EQ(r.results[1]->cycles, 2 + machine::kIciHopCycles + 2);
}

// HBM to HBM over the interconnect lands in the target chip's HBM.
TEST(IciData, HbmToHbm) {
  Slice slice;
  std::vector<int32_t> row(128 * 8, 7);
  ASSERT_TRUE(slice.chip(0).hbm().writeS32(0, row).ok());
  SliceRun r = runOnChips(slice, {{0, pushTo(2, "hbm_to_hbm", "hbm", "hbm")}, {2, kReceive}});
  ASSERT_TRUE(r.results[1].ok()) << r.results[1].status();
  std::vector<int32_t> got(128 * 8);
  ASSERT_TRUE(slice.chip(2).hbm().readS32(0, got).ok());
  EXPECT_EQ(got, row);
}

// The sender ends only once its copy's data has left, even without a wait.
TEST(IciTiming, TheSenderEndsOnceItsDataHasLeft) {
  Slice slice;
  std::vector<std::string> noWait = pushTo(1);
  noWait.resize(5);
  SliceRun r = runOnChips(slice, {{0, noWait}, {1, kReceive}});
  ASSERT_TRUE(r.results[0].ok()) << r.results[0].status();
  EXPECT_EQ(r.results[0]->cycles, 600);
  EXPECT_EQ(slice.chip(0).core(0).semaphore(0), 4096) << "never waited for";
  slice.chip(0).core(0).resetSemaphores();
}

TEST(IciFaults, AChipOutsideTheSliceIsAFault) {
  Slice slice;
  SliceRun r = runOnChips(slice, {{0, pushTo(4)}});
  ASSERT_FALSE(r.results[0].ok());
  EXPECT_THAT(std::string(r.results[0].status().message()),
              HasSubstr("dma.remote.vmem_to_vmem [chip:s3]: chip 4 is outside [0, 4)"));
}

TEST(IciDeadlock, WaitsOnEveryChipThatNothingCanSatisfy) {
  Slice slice;
  // Chip 3 would push to chip 1 once it has received something itself.
  std::vector<std::string> relay = kReceive;
  for (const std::string &b : pushTo(1))
    relay.push_back(b);
  SliceRun r = runOnChips(slice, {{0, kReceive}, {1, kReceive}, {3, relay}});
  ASSERT_FALSE(r.results[0].ok());
  std::string message(r.results[0].status().message());
  EXPECT_THAT(message, HasSubstr("deadlock: chip 0 core 0 waits at bundle 0x0000"));
  EXPECT_THAT(message, HasSubstr("chip 1 core 0 waits"));
  EXPECT_THAT(message, HasSubstr("chip 3 core 0 waits"));
  EXPECT_EQ(r.results[1].status(), r.results[0].status()) << "the same error";
  EXPECT_EQ(r.results[2].status(), r.results[0].status());
}

// --- Race detection on remote writes: the target must not touch the rows a
// remote copy writes until it has waited for the copy on its receive
// semaphore (RunOptions::detectRaces on every launch). ---

RunOptions racesDetected() {
  RunOptions options;
  options.detectRaces = true;
  return options;
}

TEST(IciRaces, TheTargetReadingRowsARemoteCopyStillWrites) {
  for (bool waitFirst : {false, true}) {
    Slice slice;
    std::vector<std::string> target = {"nop", "nop", "nop", "nop", "nop", "nop"};
    std::vector<std::string> read = {"vld v0, [vmem:0x0]"};
    if (waitFirst)
      target.insert(target.end(), kReceive.begin(), kReceive.end());
    target.insert(target.end(), read.begin(), read.end());
    if (!waitFirst)
      target.insert(target.end(), kReceive.begin(), kReceive.end());
    SliceRun r = runOnCores(slice, {{0, 0, pushTo(1)}, {1, 0, target}}, racesDetected());
    ASSERT_TRUE(r.results[0].ok()) << r.results[0].status();
    if (waitFirst) {
      EXPECT_TRUE(r.results[1].ok()) << r.results[1].status();
      continue;
    }
    ASSERT_FALSE(r.results[1].ok());
    EXPECT_THAT(std::string(r.results[1].status().message()),
                HasSubstr("bundle 0x0006 (test.cc:7): vld of VMEM rows [0x0, 0x8) while the "
                          "remote DMA from chip 0 core 0 started at bundle 0x0004 (test.cc:5) "
                          "still writes them "
                          "(dma.remote.vmem_to_vmem; wait for it on [sem:1] first)"));
  }
}

TEST(IciRaces, TwoRemoteCopiesIntoTheSameRows) {
  Slice slice;
  std::vector<std::string> receiveBoth = {"vwait.ge [sem:1], 8192", "vsyncadd [sem:1], -8192"};
  SliceRun r = runOnCores(slice, {{0, 0, pushTo(1)}, {2, 0, pushTo(1)}, {1, 0, receiveBoth}},
                          racesDetected());
  // The copy issued second (in the lockstep's order) is the race.
  int failed = r.results[0].ok() ? 1 : 0;
  ASSERT_FALSE(r.results[failed].ok()) << "one of the two senders";
  EXPECT_THAT(std::string(r.results[failed].status().message()),
              HasSubstr("dma.remote.vmem_to_vmem writes VMEM rows [0x0, 0x8) of chip 1 core 0 "
                        "while the remote DMA from chip " +
                        std::to_string(failed == 0 ? 2 : 0) +
                        " core 0 started at bundle 0x0004 (test.cc:5) still writes them"));
}

TEST(IciRaces, ARemoteCopyIntoRowsTheTargetsOwnDmaStillReads) {
  Slice slice;
  SliceRun r = runOnCores(slice,
                          {{0, 0, pushTo(1)},
                           {1, 0,
                            {"smov s0, 0 ; smov s1, 256",
                             "dma.vmem_to_hbm [vmem:s0], [hbm:s1], 0x8, [sem:2]",
                             "vwait.ge [sem:2], 4096", "vsyncadd [sem:2], -4096", kReceive[0],
                             kReceive[1]}}},
                          racesDetected());
  // The cores run up to kMaxLookahead apart: the copy was recorded at the
  // target before the target's DMA issued (cycle 1 there), which is the
  // race.
  ASSERT_TRUE(r.results[0].ok()) << r.results[0].status();
  ASSERT_FALSE(r.results[1].ok());
  EXPECT_THAT(std::string(r.results[1].status().message()),
              HasSubstr("bundle 0x0001 (test.cc:2): dma.vmem_to_hbm reads VMEM rows [0x0, 0x8) "
                        "while the remote DMA from chip 0 core 0 started at bundle 0x0004 "
                        "(test.cc:5) still writes them (dma.remote.vmem_to_vmem; wait for it on "
                        "[sem:1] first)"));
}

TEST(IciDeterminism, TheSameRunGivesTheSameCycles) {
  std::vector<int64_t> first;
  for (int run = 0; run < 2; ++run) {
    Slice slice(TorusShape{4, 4, 1});
    std::vector<std::pair<int, std::vector<std::string>>> ring;
    for (int c = 0; c < 16; ++c) {
      std::vector<std::string> program = pushTo((c + 1) % 16);
      program[0] = "smov s0, 0 ; smov s1, 8";  // into rows 8.., apart from what it sends
      program.insert(program.end(), kReceive.begin(), kReceive.end());
      ring.push_back({c, program});
    }
    SliceRun r = runOnChips(slice, ring);
    std::vector<int64_t> cycles;
    for (const auto &result : r.results) {
      ASSERT_TRUE(result.ok()) << result.status();
      cycles.push_back(result->cycles);
    }
    if (run == 0)
      first = cycles;
    else
      EXPECT_EQ(cycles, first);
  }
}

}  // namespace
}  // namespace tessera::sim
