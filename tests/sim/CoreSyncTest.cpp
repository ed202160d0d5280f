//===- CoreSyncTest.cpp - Semaphore signals between a chip's two cores ----===//
//
// vsyncadd.core and the register-amount forms of vwait.ge / vsyncadd: their
// text and words, their semantics on the own and the other core (alone and
// in Chip::runTogether), cycles that do not depend on the lookahead, a
// deadlock reported at once, and cross-core races on HBM found through the
// semaphore signals' vector clocks (CoreSync.h).
//
//===----------------------------------------------------------------------===//
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_format.h"
#include "sim/Chip.h"
#include "sim/isa/Isa.h"
#include "tests/sim/SimTestUtil.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using isa::Opcode;
using testing::assemble;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::runOn;

// --- Text and words. ---

/// Parses `text`, checks its opcode, prints it back and returns the words.
uint64_t wordOf(const std::string &text, Opcode expected) {
  absl::StatusOr<isa::Instr> instr = isa::parseInstr(text);
  EXPECT_TRUE(instr.ok()) << text << ": " << instr.status();
  if (!instr.ok())
    return 0;
  EXPECT_EQ(instr->opcode, expected) << text;
  EXPECT_EQ(isa::printInstr(*instr), text);
  uint64_t word = isa::encodeInstr(*instr, /*stop=*/true);
  absl::StatusOr<isa::Instr> back = isa::decodeInstr(word);
  EXPECT_TRUE(back.ok()) << back.status();
  if (back.ok())
    EXPECT_EQ(isa::printInstr(*back), text);
  return word;
}

uint64_t bits(Opcode op) { return static_cast<uint64_t>(op) | 1u << 13; }

// Register fields pack from bit 14 in syntax order (5 bits per s register,
// 8 per [sem:N]); the immediate is bits 32-63.
TEST(CoreSyncIsa, TextAndWords) {
  EXPECT_EQ(wordOf("vsyncadd.core [core:s1], [sem:3], 1", Opcode::VSyncAddCore),
            bits(Opcode::VSyncAddCore) | 1u << 14 | 3u << 19 |
                uint64_t{1} << 32);
  EXPECT_EQ(
      wordOf("vsyncadd.core [core:s1], [sem:s2], -4", Opcode::VSyncAddCoreR),
      bits(Opcode::VSyncAddCoreR) | 1u << 14 | 2u << 19 |
          uint64_t{0xfffffffc} << 32);
  EXPECT_EQ(
      wordOf("vsyncadd.core [core:s1], [sem:255], s4", Opcode::VSyncAddCoreV),
      bits(Opcode::VSyncAddCoreV) | 1u << 14 | 255u << 19 | 4u << 27);
  EXPECT_EQ(
      wordOf("vsyncadd.core [core:s31], [sem:s2], s4", Opcode::VSyncAddCoreRV),
      bits(Opcode::VSyncAddCoreRV) | 31u << 14 | 2u << 19 | 4u << 24);
  EXPECT_EQ(wordOf("vwait.ge [sem:2], s5", Opcode::VWaitGeV),
            bits(Opcode::VWaitGeV) | 2u << 14 | 5u << 22);
  EXPECT_EQ(wordOf("vwait.ge [sem:s1], s5", Opcode::VWaitGeRV),
            bits(Opcode::VWaitGeRV) | 1u << 14 | 5u << 19);
  EXPECT_EQ(wordOf("vsyncadd [sem:2], s5", Opcode::VSyncAddV),
            bits(Opcode::VSyncAddV) | 2u << 14 | 5u << 22);
  EXPECT_EQ(wordOf("vsyncadd [sem:s1], s5", Opcode::VSyncAddRV),
            bits(Opcode::VSyncAddRV) | 1u << 14 | 5u << 19);
  // The immediate forms are still what they were.
  wordOf("vwait.ge [sem:2], 5", Opcode::VWaitGe);
  wordOf("vsyncadd [sem:s1], -5", Opcode::VSyncAddR);
  // The core is a register; one misc op per bundle.
  EXPECT_FALSE(isa::parseInstr("vsyncadd.core [core:1], [sem:0], 1").ok());
  EXPECT_FALSE(isa::parseInstr("vsyncadd.core [core:s1], [sem:256], 1").ok());
  absl::StatusOr<isa::Bundle> two = isa::parseBundle(
      "vsyncadd.core [core:s1], [sem:0], 1 ; vsyncadd [sem:0], 1");
  ASSERT_TRUE(two.ok()) << two.status();
  EXPECT_THAT(std::string(isa::verifyBundle(*two).message()),
              HasSubstr("2 misc ops in one bundle, at most 1 fit"));
}

// The listing round-trips: print -> parse -> the same words.
TEST(CoreSyncIsa, ListingRoundTrip) {
  std::string text = testing::listingOf(
      "sync", {"smov s1, 1 ; smov s2, 3",
               "vsyncadd.core [core:s1], [sem:s2], s2  // m.cc:7",
               "vwait.ge [sem:s2], s2", "vsyncadd [sem:3], s1"});
  absl::StatusOr<Executable> exe = parseListing(text);
  ASSERT_TRUE(exe.ok()) << exe.status();
  std::string printed = printListing(*exe);
  EXPECT_THAT(printed,
              HasSubstr("0x0001  vsyncadd.core [core:s1], [sem:s2], s2"));
  absl::StatusOr<Executable> again = parseListing(printed);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->code, exe->code);
  EXPECT_EQ(printListing(*again), printed);
}

// --- One core alone (TensorCore::run). ---

class CoreSyncTest : public ::testing::Test {
protected:
  absl::StatusOr<RunResult> run(int core, const std::vector<std::string> &b,
                                std::vector<uint32_t> smem = {}) {
    return runOn(chip_.core(core), assemble("k", b), std::move(smem));
  }
  std::string error(int core, const std::vector<std::string> &b) {
    absl::StatusOr<RunResult> r = run(core, b);
    return r.ok() ? "ok" : std::string(r.status().message());
  }

  Chip chip_;
};

// A signal to the own core is a vsyncadd: at once, and an ssemld of the
// same bundle still reads the old value. Core 1 names itself too.
TEST_F(CoreSyncTest, ASignalToTheOwnCoreIsImmediate) {
  for (int core = 0; core < 2; ++core) {
    chip_.core(0).resetSemaphores();
    chip_.core(1).resetSemaphores();
    absl::StatusOr<RunResult> r =
        run(core,
            {"sld s0, [smem:0x0] ; smov s2, 4", "nop", "nop", "nop",
             "vsyncadd.core [core:s0], [sem:3], 5 ; ssemld s1, [sem:3]",
             "vwait.ge [sem:3], 5 ; ssemld s3, [sem:3]",
             "vsyncadd.core [core:s0], [sem:3], s2", "vwait.ge [sem:3], 9"},
            {static_cast<uint32_t>(core)});
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->stallCycles, 0) << "core " << core;
    EXPECT_EQ(r->cycles, 8);
    EXPECT_EQ(chip_.core(core).sreg(1), 0u);
    EXPECT_EQ(chip_.core(core).sreg(3), 5u);
    EXPECT_EQ(chip_.core(core).semaphore(3), 9);
    EXPECT_EQ(chip_.core(1 - core).semaphore(3), 0);
  }
}

// Run-time amounts: Pallas' semaphore_wait(sem, n) with n in a register is
// vwait.ge then vsyncadd of -n, both from registers (index and amount).
TEST_F(CoreSyncTest, AmountsInRegisters) {
  absl::StatusOr<RunResult> r =
      run(0, {"smov s4, 7 ; smov s5, 2", "smov s6, -7", "vsyncadd [sem:s5], s4",
              "vsyncadd [sem:3], s4", "vwait.ge [sem:s5], s4",
              "vsyncadd [sem:s5], s6", "vwait.ge [sem:3], s4",
              "vsyncadd [sem:3], s6"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(chip_.core(0).semaphore(2), 0);
  EXPECT_EQ(chip_.core(0).semaphore(3), 0);
  // A wait for more than a register says is a fault naming it.
  EXPECT_THAT(error(0, {"smov s4, 8", "vwait.ge [sem:2], s4"}),
              HasSubstr("bundle 0x0001 (test.cc:2): vwait.ge on [sem:2] would "
                        "wait forever: value 0, waits for 8"));
  // The amount register obeys its latency like any other read.
  EXPECT_THAT(error(0, {"sld s4, [smem:0x0]", "vwait.ge [sem:2], s4"}),
              HasSubstr("reads s4 before it is ready"));
}

// Alone on the chip, a signal to the other core lands on its semaphore
// when the run ends (semaphores persist; the next launch there sees it).
TEST_F(CoreSyncTest, ASignalToAnIdleCoreLandsWhenTheRunEnds) {
  absl::StatusOr<RunResult> r =
      run(0, {"smov s0, 1 ; smov s1, 2", "vsyncadd.core [core:s0], [sem:4], 9",
              "vsyncadd.core [core:s0], [sem:s1], -1"});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cycles, 3);
  EXPECT_EQ(chip_.core(0).semaphore(4), 0);
  EXPECT_EQ(chip_.core(1).semaphore(4), 9);
  EXPECT_EQ(chip_.core(1).semaphore(2), -1);
  absl::StatusOr<RunResult> next =
      run(1, {"vwait.ge [sem:4], 9", "vsyncadd [sem:4], -9"});
  ASSERT_TRUE(next.ok()) << next.status();
  EXPECT_EQ(next->stallCycles, 0);
}

// A core index outside [0, 2) is a fault naming the bundle and its line;
// the core runs normally afterwards.
TEST_F(CoreSyncTest, ACoreOutsideTheChipIsAFault) {
  EXPECT_THAT(error(0, {"smov s7, 2", "vsyncadd.core [core:s7], [sem:0], 1"}),
              HasSubstr("kernel 'k': bundle 0x0001 (test.cc:2): vsyncadd.core "
                        "[core:s7]: core index 2 is outside [0, 2)"));
  EXPECT_THAT(error(1, {"smov s7, -1 ; smov s1, 0",
                        "vsyncadd.core [core:s7], [sem:s1], 1"}),
              HasSubstr("core index -1 is outside [0, 2)"));
  EXPECT_THAT(error(0, {"smov s7, 1 ; smov s1, 256",
                        "vsyncadd.core [core:s7], [sem:s1], 1"}),
              HasSubstr("vsyncadd.core [sem:s1]: semaphore index 256 is "
                        "outside [0, 256)"));
  EXPECT_EQ(chip_.core(1).semaphore(0), 0);
  EXPECT_EQ(error(0, {"smov s7, 0", "vsyncadd.core [core:s7], [sem:0], 1",
                      "vwait.ge [sem:0], 1", "vsyncadd [sem:0], -1"}),
            "ok");
}

// --- Both cores (Chip::runTogether). ---

struct Together {
  std::vector<absl::StatusOr<RunResult>> results;
  std::vector<Trace> traces;
};

Together runBoth(Chip &chip, const std::vector<std::string> &core0,
                 const std::vector<std::string> &core1,
                 int64_t lookahead = kMaxLookahead,
                 std::vector<uint32_t> smem0 = {},
                 std::vector<uint32_t> smem1 = {}) {
  Together t;
  t.traces.resize(2);
  std::shared_ptr<const Program> p0 = assemble("k", core0);
  std::shared_ptr<const Program> p1 = assemble("k", core1);
  if (!p0 || !p1)
    return t;
  std::vector<CoreLaunch> launches(2);
  const std::vector<uint32_t> *smem[2] = {&smem0, &smem1};
  for (int c = 0; c < 2; ++c) {
    launches[c].core = c;
    launches[c].program = (c == 0 ? p0 : p1).get();
    launches[c].smemInit = *smem[c];
    launches[c].options.trace = &t.traces[c];
  }
  t.results = chip.runTogether(launches, lookahead);
  return t;
}

std::string message(const absl::StatusOr<RunResult> &r) {
  return r.ok() ? "ok" : std::string(r.status().message());
}

/// Each launch's message, or "ok".
std::vector<std::string> outcomes(const Together &t) {
  std::vector<std::string> out;
  for (const absl::StatusOr<RunResult> &r : t.results)
    out.push_back(message(r));
  return out;
}

// [Signal] core 0 signals at cycle 1; core 1's wait, reached at 0, sees
// it kCrossCoreSignalCycles later and issues at 101.
TEST_F(CoreSyncTest, ASignalArrivesAfterItsLatency) {
  Together t =
      runBoth(chip_, {"smov s0, 1", "vsyncadd.core [core:s0], [sem:0], 1"},
              {"vwait.ge [sem:0], 1", "vsyncadd [sem:0], -1"});
  ASSERT_EQ(t.results.size(), 2u);
  ASSERT_TRUE(t.results[0].ok()) << t.results[0].status();
  ASSERT_TRUE(t.results[1].ok()) << t.results[1].status();
  EXPECT_EQ(t.results[0]->cycles, 2);
  EXPECT_EQ(t.results[1]->cycles, 1 + machine::kCrossCoreSignalCycles + 2);
  EXPECT_EQ(t.results[1]->stallCycles, 1 + machine::kCrossCoreSignalCycles);
  EXPECT_EQ(chip_.core(1).semaphore(0), 0);
  // The arrival is in core 1's trace at its cycle.
  bool seen = false;
  for (const TraceEvent &e : t.traces[1].events)
    if (e.kind == TraceEvent::Kind::SemaphoreValue && e.cycle == 101 &&
        e.semaphore == 0 && e.bytes == 1)
      seen = true;
  EXPECT_TRUE(seen);
}

// Core 0 sends, then waits for the answer; core 1 waits, then answers;
// three rounds. Core 1's wait issues at 101 (the signal sent at 1), its
// answer sent at 103 reaches core 0 at 203; a taken branch costs 2 cycles.
// Core 0's waits issue at 203, 410, 617 and it ends at 620; core 1's at
// 101, 308, 515, and it ends at 519 (its last branch not taken).
TEST_F(CoreSyncTest, PingPongCompletes) {
  Together t = runBoth(
      chip_,
      {"smov s1, 1 ; smov s2, 0",
       ".L0001:", "vsyncadd.core [core:s1], [sem:0], 1 ; sadd s2, s2, 1",
       "vwait.ge [sem:0], 1", "vsyncadd [sem:0], -1 ; scmp.lt p0, s2, 3",
       "@p0 sbr .L0001"},
      {"smov s1, 0 ; smov s2, 0",
       ".L0001:", "vwait.ge [sem:0], 1 ; sadd s2, s2, 1",
       "vsyncadd [sem:0], -1 ; scmp.lt p0, s2, 3",
       "vsyncadd.core [core:s1], [sem:0], 1", "@p0 sbr .L0001"});
  ASSERT_EQ(t.results.size(), 2u);
  ASSERT_TRUE(t.results[0].ok()) << t.results[0].status();
  ASSERT_TRUE(t.results[1].ok()) << t.results[1].status();
  EXPECT_EQ(t.results[0]->cycles, 620);
  EXPECT_EQ(t.results[1]->cycles, 519);
  EXPECT_EQ(chip_.core(0).semaphore(0), 0);
  EXPECT_EQ(chip_.core(1).semaphore(0), 0);
}

/// The same program on both cores (megacore): the core index in SMEM word
/// 0. `barriers` times: some nops, maybe a DMA (HBM rows of its own core)
/// and its wait, then signal the other core and wait for its signal.
std::vector<std::string> randomMegacoreProgram(std::mt19937 &rng,
                                               int barriers) {
  std::vector<std::string> b = {"sld s0, [smem:0x0]", "nop", "nop", "nop",
                                "sxor s1, s0, 1 ; smul s3, s0, 4096"};
  auto nops = [&](int most) {
    for (int n = static_cast<int>(rng() % most); n > 0; --n)
      b.push_back("nop");
  };
  for (int i = 0; i < barriers; ++i) {
    nops(200);
    if (rng() % 2) {
      int64_t rows = int64_t{8} << (rng() % 6);
      b.push_back(absl::StrFormat("sadd s4, s3, %d ; smov s5, 0", 8 * i));
      b.push_back(absl::StrFormat(
          "dma.hbm_to_vmem [hbm:s4], [vmem:s5], 0x%x, [sem:1]", rows));
      nops(300);
      b.push_back(absl::StrFormat("vwait.ge [sem:1], %d", rows * 512));
      b.push_back(absl::StrFormat("vsyncadd [sem:1], %d", -rows * 512));
    }
    b.push_back("vsyncadd.core [core:s1], [sem:7], 1");
    nops(150);
    b.push_back("vwait.ge [sem:7], 1");
    b.push_back("vsyncadd [sem:7], -1");
  }
  return b;
}

// The cores run at most kMaxLookahead apart; running them cycle by cycle
// or with another lookahead gives the same results and the same events
// (signal arrivals included) to the cycle.
TEST_F(CoreSyncTest, SignalsDoNotDependOnTheLookahead) {
  std::mt19937 rng(4);
  for (int trial = 0; trial < 8; ++trial) {
    // Different programs on the two cores: their barriers meet at
    // different points of each.
    std::vector<std::string> a = randomMegacoreProgram(rng, 4);
    std::vector<std::string> b = randomMegacoreProgram(rng, 4);
    std::vector<std::shared_ptr<const Program>> programs = {assemble("k", a),
                                                            assemble("k", b)};
    testing::expectIndependentOfLookahead(programs, {{0}, {1}},
                                          "trial " + std::to_string(trial));
  }
}

// Both cores wait for a signal the other never sends: the run stops at
// once (not after the cycle budget) with both waits and lines; the chip
// runs normally afterwards.
TEST_F(CoreSyncTest, ADeadlockIsReportedAtOnce) {
  Together t =
      runBoth(chip_,
              {"smov s0, 0 ; smov s1, 16",
               "dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]",
               "vwait.ge [sem:3], 1  // k.cc:40"},
              {"nop", "nop", "nop", "vwait.ge [sem:2], 1  // k.cc:44"});
  ASSERT_EQ(t.results.size(), 2u);
  const std::string expected =
      "kernel 'k': deadlock: core 0 waits at bundle 0x0002 (k.cc:40) for "
      "[sem:3] >= 1 (it holds 0); core 1 waits at bundle 0x0003 (k.cc:44) "
      "for [sem:2] >= 1 (it holds 0) (no DMA in flight and no signal on its "
      "way can satisfy any of the waits)";
  EXPECT_EQ(message(t.results[0]), expected);
  EXPECT_EQ(message(t.results[1]), expected);
  EXPECT_EQ(t.results[0].status().code(),
            absl::StatusCode::kFailedPrecondition);
  // At once: within a lookahead of the waits, long before the DMA in
  // flight (which cannot satisfy [sem:3]) lands.
  EXPECT_LT(chip_.core(0).totalCycles(), machine::kDmaStartupCycles);
  EXPECT_LT(chip_.core(1).totalCycles(), machine::kDmaStartupCycles);
  // The DMA drained: its semaphore holds its bytes for the next launch.
  EXPECT_EQ(chip_.core(0).semaphore(0), 4096);
  chip_.core(0).resetSemaphores();
  Together again =
      runBoth(chip_, {"smov s0, 1", "vsyncadd.core [core:s0], [sem:2], 1"},
              {"vwait.ge [sem:2], 1", "vsyncadd [sem:2], -1"});
  EXPECT_THAT(outcomes(again), ElementsAre("ok", "ok"));
}

// A signal still on its way is no deadlock; a wait only a core that has
// ended could satisfy is the "would wait forever" fault.
TEST_F(CoreSyncTest, AWaitOnACoreThatEndedWaitsForever) {
  Together t = runBoth(chip_,
                       {"vwait.ge [sem:1], 1", "smov s0, 1",
                        "vsyncadd.core [core:s0], [sem:1], 1"},
                       {"smov s0, 0", "vsyncadd.core [core:s0], [sem:1], 1",
                        "vwait.ge [sem:1], 2  // w.cc:9"});
  ASSERT_EQ(t.results.size(), 2u);
  EXPECT_EQ(message(t.results[0]), "ok");
  EXPECT_EQ(message(t.results[1]),
            "kernel 'k': bundle 0x0002 (w.cc:9): vwait.ge on [sem:1] would "
            "wait forever: value 0, waits for 2 (DMAs in flight add 0 bytes; "
            "signals on their way add 1; no other core is still running to "
            "signal it)");
}

// --- Cross-core races on HBM. ---

/// Core 0 writes HBM rows [0x100, 0x108) from its VMEM; `signal` says
/// whether it then tells core 1 (after waiting for its DMA, or, with
/// `early`, before).
std::vector<std::string> writer(bool signal, bool early = false) {
  std::vector<std::string> b = {"smov s0, 0 ; smov s1, 256",
                                "dma.vmem_to_hbm [vmem:s0], [hbm:s1], 0x8, "
                                "[sem:0] ; smov s2, 1  // w.cc:7"};
  if (signal && early)
    b.push_back("vsyncadd.core [core:s2], [sem:1], 1  // w.cc:8");
  b.push_back("vwait.ge [sem:0], 4096");
  b.push_back("vsyncadd [sem:0], -4096");
  if (signal && !early)
    b.push_back("vsyncadd.core [core:s2], [sem:1], 1  // w.cc:8");
  return b;
}

/// Core 1 reads those rows (after a signal from core 0 if `wait`, after
/// `delay` nops).
std::vector<std::string> reader(bool wait, int delay = 0) {
  std::vector<std::string> b(delay, "nop");
  if (wait)
    b.insert(b.end(), {"vwait.ge [sem:1], 1", "vsyncadd [sem:1], -1"});
  b.push_back("smov s0, 256 ; smov s1, 0");
  b.push_back("dma.hbm_to_vmem [hbm:s0], [vmem:s1], 0x8, [sem:0]  // r.cc:9");
  b.push_back("vwait.ge [sem:0], 4096");
  b.push_back("vsyncadd [sem:0], -4096");
  return b;
}

TEST_F(CoreSyncTest, AnUnorderedCrossCoreAccessIsARace) {
  Together t = runBoth(chip_, writer(false), reader(false));
  EXPECT_THAT(
      outcomes(t),
      ElementsAre(
          "ok",
          "kernel 'k': bundle 0x0001 (r.cc:9): cross-core race: "
          "dma.hbm_to_vmem on core 1 reads HBM rows [0x100, 0x108), which "
          "the DMA started at bundle 0x0001 (w.cc:7) on core 0 (kernel 'k') "
          "writes (dma.vmem_to_hbm), and no semaphore signal orders the two "
          "(the core that finishes first must wait for its DMA, then signal "
          "the other: vsyncadd.core)"));
  // The other way round: a write of rows another core's DMA reads.
  Together reversed = runBoth(chip_, reader(false), writer(false));
  EXPECT_THAT(
      outcomes(reversed),
      ElementsAre("ok",
                  HasSubstr("bundle 0x0001 (w.cc:7): cross-core race: "
                            "dma.vmem_to_hbm on core 1 writes HBM rows [0x100, "
                            "0x108), which the DMA started at bundle 0x0001 "
                            "(r.cc:9) on core 0 (kernel 'k') reads "
                            "(dma.hbm_to_vmem)")));
  // A signal sent before the writer waited for its DMA orders nothing.
  Together early = runBoth(chip_, writer(true, /*early=*/true), reader(true));
  EXPECT_THAT(
      outcomes(early),
      ElementsAre("ok",
                  HasSubstr("bundle 0x0003 (r.cc:9): cross-core race: "
                            "dma.hbm_to_vmem on core 1 reads HBM rows [0x100, "
                            "0x108), which the DMA started at bundle 0x0001 "
                            "(w.cc:7) on core 0")));
  // Long after core 0 waited for its write, core 1's read is still not
  // ordered after it: no signal told core 1.
  Together late = runBoth(chip_, writer(false), reader(false, 700));
  EXPECT_THAT(
      outcomes(late),
      ElementsAre("ok", HasSubstr("bundle 0x02bd (r.cc:9): cross-core race: "
                                  "dma.hbm_to_vmem on core 1 reads HBM rows")));
  // Without race detection the same run is no error.
  chip_.core(0).resetSemaphores();
  chip_.core(1).resetSemaphores();
  std::shared_ptr<const Program> w = assemble("w", writer(false));
  std::shared_ptr<const Program> r = assemble("r", reader(false));
  std::vector<CoreLaunch> launches(2);
  launches[0].program = w.get();
  launches[1] = {1, r.get(), {}, {}};
  launches[0].options.detectRaces = launches[1].options.detectRaces = false;
  for (const absl::StatusOr<RunResult> &result : chip_.runTogether(launches))
    EXPECT_EQ(message(result), "ok");
}

// Waiting for the DMA, then signalling, orders the write before the read:
// no race, and core 1 reads what core 0 wrote.
TEST_F(CoreSyncTest, ASignalAfterTheWaitOrdersTheAccesses) {
  std::vector<int32_t> data(8 * machine::kLanes);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = static_cast<int32_t>(i * 3 + 1);
  ASSERT_TRUE(chip_.core(0).vmem().writeS32(0, data).ok());
  Together t = runBoth(chip_, writer(true), reader(true));
  EXPECT_THAT(outcomes(t), ElementsAre("ok", "ok"));
  std::vector<int32_t> got(data.size());
  ASSERT_TRUE(chip_.core(1).vmem().readS32(0, got).ok());
  EXPECT_EQ(got, data);
  // Reads on both cores of the same rows never race.
  Together reads = runBoth(chip_, reader(false), reader(false));
  EXPECT_THAT(outcomes(reads), ElementsAre("ok", "ok"));
}

}  // namespace
}  // namespace tessera::sim
