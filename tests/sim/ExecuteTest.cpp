//===- ExecuteTest.cpp - TensorCore semantics, hazards and faults ---------===//
#include <bit>
#include <cmath>
#include <numeric>
#include <vector>

#include "SimTestUtil.h"
#include "sim/VectorMath.h"
#include "sim/Chip.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using machine::kVRegElems;
using testing::assemble;

class ExecuteTest : public ::testing::Test {
protected:
  absl::StatusOr<RunResult> run(const std::shared_ptr<const Program> &program,
                                std::vector<uint32_t> smem = {},
                                const RunOptions &options = {}) {
    if (!program)
      return absl::InternalError("no program");
    return core().run(*program, smem, options);
  }
  TensorCore &core() { return chip.core(0); }
  std::vector<float> vmemF32(int64_t row, size_t n) {
    std::vector<float> out(n);
    EXPECT_TRUE(core().vmem().readF32(row, out).ok());
    return out;
  }

  Chip chip;
};

TEST_F(ExecuteTest, ScalarArithmeticWraps) {
  auto program =
      assemble("scalar", {
                             "smov s1, 7 ; smov s2, -3",
                             "sadd s3, s1, s2 ; smul s4, s1, s2",
                             "ssub s5, s1, s2 ; smul s6, s1, 1000000",
                             "smov s7, 2147483647 ; sadd s8, s1, -10",
                             "sadd s7, s7, 1 ; scmp.lt p1, s2, s1",
                             "scmp.eq p2, s3, 4 ; scmp.gt p3, s2, 0",
                             "por p4, p2, p3 ; pand p5, p1, p3",
                             "scmp.ne p6, s4, -21 ; scmp.eq p7, s1, s1",
                         });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->outcome, RunOutcome::Completed);
  EXPECT_EQ(r->bundlesExecuted, 8);
  EXPECT_EQ(r->cycles, 8);
  EXPECT_EQ(static_cast<int32_t>(core().sreg(3)), 4);
  EXPECT_EQ(static_cast<int32_t>(core().sreg(4)), -21);
  EXPECT_EQ(static_cast<int32_t>(core().sreg(5)), 10);
  EXPECT_EQ(core().sreg(6), 7000000u);
  EXPECT_EQ(core().sreg(7), 0x80000000u);  // INT32_MAX + 1 wraps
  EXPECT_EQ(static_cast<int32_t>(core().sreg(8)), -3);
  EXPECT_TRUE(core().preg(1));
  EXPECT_TRUE(core().preg(2));
  EXPECT_FALSE(core().preg(3));
  EXPECT_TRUE(core().preg(4));
  EXPECT_FALSE(core().preg(5));
  EXPECT_FALSE(core().preg(6));
  EXPECT_TRUE(core().preg(7));
}

TEST_F(ExecuteTest, SmemLoadsAndStoresAndTheArgumentBlock) {
  auto program = assemble(
      "smem",
      {
          "sld s0, [smem:0x0] ; smov s1, 2",
          "nop",
          "nop",
          "nop",
          "sld s2, [smem:s1+0x1] ; sadd s3, s0, 100",  // s0 ready at cycle 4
          "sst [smem:0x10], s3 ; sst [smem:s1+0x20], s0",
      });
  absl::StatusOr<RunResult> r = run(program, {5, 6, 7, 8});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(0), 5u);
  EXPECT_EQ(core().sreg(3), 105u);
  std::vector<uint32_t> words(1);
  ASSERT_TRUE(core().smem().read(0x10, words).ok());
  EXPECT_EQ(words[0], 105u);
  ASSERT_TRUE(core().smem().read(0x22, words).ok());
  EXPECT_EQ(words[0], 5u);
  // sld s2 issued at cycle 4 from word 3: still in flight when the code ends,
  // but it was written at issue.
  EXPECT_EQ(core().sreg(2), 8u);
}

/// vextract moves one word of a vreg (sublane E / 128, lane E % 128) to a
/// scalar register, readable kLatVectorToScalar cycles later; the vector
/// op computing the vreg in the bundle before is seen.
TEST_F(ExecuteTest, VextractMovesOneWordToTheScalarUnit) {
  std::vector<int32_t> a(kVRegElems);
  for (int i = 0; i < kVRegElems; ++i)
    a[i] = i * 3 - 7;
  ASSERT_TRUE(core().vmem().writeS32(0, a).ok());
  std::vector<std::string> code = {"vld v0, [vmem:0x0]", "nop", "nop",
                                   "vadd.s32 v1, v0, v0",
                                   "vextract s1, v1, 0 ; vextract s2, v0, 1023",
                                   "vextract s3, v1, 130"};
  for (int k = 1; k < machine::kLatVectorToScalar; ++k)
    code.push_back("nop");
  code.push_back("sadd s4, s3, s2");  // at the vextract's cycle + latency
  absl::StatusOr<RunResult> r = run(assemble("extract", code));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ((int32_t)core().sreg(1), 2 * a[0]);
  EXPECT_EQ((int32_t)core().sreg(2), a[1023]);
  EXPECT_EQ((int32_t)core().sreg(4), 2 * a[130] + a[1023]);
  // Read one cycle early: the scoreboard's error.
  code.erase(code.end() - 2);
  r = run(assemble("early", code));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("reads s3 before it is ready"), std::string::npos)
      << r.status();
}

/// Loads a (rows 0-7) and b (rows 8-15), computes into rows 16-... .
TEST_F(ExecuteTest, VectorF32MatchesHost) {
  std::vector<float> a(kVRegElems), b(kVRegElems);
  for (int i = 0; i < kVRegElems; ++i) {
    a[i] = 0.25f * i - 100.0f;
    b[i] = std::sin(static_cast<float>(i)) * 3.0f;
  }
  ASSERT_TRUE(core().vmem().writeF32(0, a).ok());
  ASSERT_TRUE(core().vmem().writeF32(8, b).ok());
  auto program = assemble(
      "vf32",
      {
          "vld v0, [vmem:0x0] ; smov s1, 8",
          "vld v1, [vmem:s1+0x0] ; vimm.f32 v5, 0.5",
          "nop",
          "nop",
          "vadd.f32 v2, v0, v1 ; vmul.f32 v3, v0, v1",  // v1 ready at 1 + 3
          "vsub.f32 v4, v0, v1 ; vmul.f32 v6, v0, v5",
          "vst [vmem:0x10], v2",
          "vst [vmem:0x18], v3",
          "vst [vmem:0x20], v4",
          "vst [vmem:0x28], v6",
      });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<float> sum = vmemF32(0x10, kVRegElems),
                     prod = vmemF32(0x18, kVRegElems),
                     diff = vmemF32(0x20, kVRegElems),
                     half = vmemF32(0x28, kVRegElems);
  for (int i = 0; i < kVRegElems; ++i) {
    ASSERT_EQ(sum[i], a[i] + b[i]) << i;
    ASSERT_EQ(prod[i], a[i] * b[i]) << i;
    ASSERT_EQ(diff[i], a[i] - b[i]) << i;
    ASSERT_EQ(half[i], a[i] * 0.5f) << i;
  }
}

// The executor computes into the storage of a source read for the last
// time and hands dead registers' storage to the next result (Registers.h):
// every value a later op or the host can read stays intact. v0 dies in the
// first vadd (written again later), v2 in the vmul, v4 in the vst; a loop
// accumulates in place; at the end every register holds its last value.
TEST_F(ExecuteTest, DeadValuesLendTheirStorageAndLiveOnesKeepTheirs) {
  auto program = assemble(
      "dead",
      {
          "vimm.f32 v0, 1.0 ; vimm.f32 v1, 2.0 ; smov s0, 0",
          "nop",
          "vadd.f32 v2, v0, v1",                 // v0's 1.0 dies here
          "vimm.f32 v0, 5.0",
          "vmul.f32 v3, v2, v2",                 // v2's 3.0 dies here
          "vimm.f32 v2, 7.0 ; vimm.f32 v4, 0.5",
          "nop",
          "vadd.f32 v5, v3, v4",                 // 9.5 into v5; v3 stays (observed)
          "nop",
          "vst [vmem:0x0], v5 ; vimm.f32 v6, 0.0",  // v5 stays (observed)
          ".L000a:",
          "vadd.f32 v6, v6, v1 ; sadd s0, s0, 1",  // in place, 3 times
          "scmp.lt p0, s0, 3",
          "@p0 sbr .L000a",
          "vimm.f32 v7, 4.0 ; vimm.f32 v4, 1.0",  // v4's 0.5 died in the vadd
      });
  for (int launch = 0; launch < 2; ++launch) {
    absl::StatusOr<RunResult> r = run(program);
    ASSERT_TRUE(r.ok()) << r.status();
    const float want[] = {5.0f, 2.0f, 7.0f, 9.0f, 1.0f, 9.5f, 6.0f, 4.0f};
    for (int v = 0; v < 8; ++v)
      for (int i = 0; i < kVRegElems; i += 97)
        ASSERT_EQ(std::bit_cast<float>(core().vreg(v)[i]), want[v])
            << "v" << v << " word " << i << " launch " << launch;
    for (int v = 8; v < machine::kNumVRegs; ++v)
      ASSERT_EQ(core().vreg(v)[0], 0u) << "v" << v << " was never written";
    EXPECT_EQ(vmemF32(0, 4), (std::vector<float>(4, 9.5f)));
  }
}

TEST_F(ExecuteTest, VectorInt32WrapsAndBroadcasts) {
  std::vector<int32_t> a(kVRegElems);
  for (int i = 0; i < kVRegElems; ++i)
    a[i] = i % 2 ? INT32_MAX - i : INT32_MIN + i;
  ASSERT_TRUE(core().vmem().writeS32(0, a).ok());
  auto program =
      assemble("vs32", {
                           "vld v0, [vmem:0x0] ; smov s4, -7",
                           "vimm.s32 v1, 3 ; vbcast v2, s4",
                           "vmov v7, v1",
                           "nop",
                           "vadd.s32 v3, v0, v1 ; vsub.s32 v4, v0, v2",
                           "vmul.s32 v5, v0, v1",
                           "vst [vmem:0x8], v3",
                           "vst [vmem:0x10], v4",
                           "vst [vmem:0x18], v5",
                       });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  auto wrap = [](int64_t v) {
    return static_cast<int32_t>(static_cast<uint32_t>(v));
  };
  std::vector<int32_t> add(kVRegElems), sub(kVRegElems), mul(kVRegElems);
  ASSERT_TRUE(core().vmem().readS32(0x8, add).ok());
  ASSERT_TRUE(core().vmem().readS32(0x10, sub).ok());
  ASSERT_TRUE(core().vmem().readS32(0x18, mul).ok());
  for (int i = 0; i < kVRegElems; ++i) {
    ASSERT_EQ(add[i], wrap(int64_t{a[i]} + 3)) << i;
    ASSERT_EQ(sub[i], wrap(int64_t{a[i]} + 7)) << i;
    ASSERT_EQ(mul[i], wrap(int64_t{a[i]} * 3)) << i;
  }
  EXPECT_EQ(core().vreg(7)[1000], 3u);
  EXPECT_EQ(core().vreg(2)[5], static_cast<uint32_t>(-7));
}

TEST_F(ExecuteTest, AllOpsOfABundleReadTheirOperandsAtIssue) {
  auto program = assemble(
      "swap",
      {
          "vimm.s32 v1, 1 ; vimm.s32 v2, 2",
          "vmov v1, v2 ; vmov v2, v1",  // a swap: both read the old values
          "smov s1, 10 ; smov s2, 20", "sadd s1, s2, 0 ; sadd s2, s1, 0",
          "smov s3, 0 ; scmp.eq p1, s1, 20",
          "scmp.eq p1, s3, 1 ; @p1 smov s4, 99",      // the guard is the old p1
          "vld v3, [vmem:0x0] ; vst [vmem:0x0], v1",  // the load sees the old
                                                      // row
      });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().vreg(1)[0], 2u);
  EXPECT_EQ(core().vreg(2)[0], 1u);
  EXPECT_EQ(core().sreg(1), 20u);
  EXPECT_EQ(core().sreg(2), 10u);
  EXPECT_EQ(core().sreg(4), 99u);
  EXPECT_FALSE(core().preg(1));
  EXPECT_EQ(core().vreg(3)[0], 0u);
  std::vector<int32_t> row(1);
  ASSERT_TRUE(core().vmem().readS32(0, row).ok());
  EXPECT_EQ(row[0], 2);
}

TEST_F(ExecuteTest, BranchLoop) {
  // s1 counts 0..9, s2 sums them; bundle 2 branches back while s1 < 10.
  auto program = assemble("loop", {
                                      "smov s1, 0 ; smov s2, 0",
                                      "sadd s2, s2, s1 ; sadd s1, s1, 1",
                                      "scmp.lt p1, s1, 10",
                                      "@p1 sbr 0x1",
                                      "smov s3, 1",
                                  });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(2), 45u);
  EXPECT_EQ(core().sreg(1), 10u);
  EXPECT_EQ(r->bundlesExecuted, 1 + 3 * 10 + 1);
  // Nine taken branches (the tenth falls through), each with its bubble.
  EXPECT_EQ(r->branchesTaken, 9);
  EXPECT_EQ(r->cycles, r->bundlesExecuted + 9 * machine::kBranchTakenCycles);
}

TEST_F(ExecuteTest, BranchToTheEndCompletes) {
  auto program = assemble("exit", {"sbr 0x2", "smov s1, 5"});
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->outcome, RunOutcome::Completed);
  EXPECT_EQ(r->bundlesExecuted, 1);
  EXPECT_EQ(core().sreg(1), 0u);
  // The core is busy until the (empty) target is fetched.
  EXPECT_EQ(r->branchesTaken, 1);
  EXPECT_EQ(r->cycles, 1 + machine::kBranchTakenCycles);
}

TEST_F(ExecuteTest, EndlessLoopHitsTheCycleBudget) {
  // Each iteration: two bundles and a taken branch's bubble, 4 cycles.
  auto program = assemble("spin", {"nop", "sbr 0x0"});
  RunOptions options;
  options.cycleBudget = 1000;
  absl::StatusOr<RunResult> r = run(program, {}, options);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(r.status().message(),
            "kernel 'spin': bundle 0x0000 (test.cc:1): stopped at cycle 1000 "
            "without finishing: the run's cycle budget is 1000 cycles "
            "(an endless loop or wait? RunOptions::cycleBudget: .debug = {.cycle_budget = N} "
            "on a kernel, Compiled::run(args, {.cycle_budget = N}), --cycle-budget=N for tessera-asm); the last "
            "branch taken was bundle 0x0001 (test.cc:2) back to bundle 0x0000 "
            "(test.cc:1)");
  // The core runs normally afterwards.
  r = run(assemble("ok", {"smov s1, 7"}), {});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(1), 7u);
}

TEST_F(ExecuteTest, OneBundleLoopEndsWithTheDefaultBudget) {
  auto program = assemble("spin", {"sbr 0x0"});
  absl::StatusOr<RunResult> r = run(program, {});
  ASSERT_FALSE(r.ok());
  // Issues at cycles 0, 3, 6, ...: the first at or after 2^27 is 2^27 + 1.
  static_assert(kDefaultCycleBudget == 134217728);
  EXPECT_EQ(r.status().message(),
            "kernel 'spin': bundle 0x0000 (test.cc:1): stopped at cycle "
            "134217729 without finishing: the run's cycle budget is 134217728 "
            "cycles (an endless loop or wait? RunOptions::cycleBudget: .debug = "
            "{.cycle_budget = N} on a kernel, Compiled::run(args, {.cycle_budget = N}), "
      "--cycle-budget=N for tessera-asm); the "
            "last branch taken was bundle 0x0000 (test.cc:1) back to bundle "
            "0x0000 (test.cc:1)");
}

// Cycles do not bound host time: a cycle of transcendentals costs the host
// ~60x one of vector adds. The work budget counts what the bundles cost.
TEST_F(ExecuteTest, TranscendentalLoopHitsTheWorkBudget) {
  auto program = assemble("exp", {"vexp.f32 v1, v0 ; vadd.f32 v2, v0, v0", "sbr 0x0"});
  RunOptions options;
  // 10 trips of 65 units: the bundle of the 11th goes past 650.
  options.workBudget = 10 * (kWorkPerTranscendentalOp + kWorkPerVectorOp);
  absl::StatusOr<RunResult> r = run(program, {}, options);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(r.status().message(),
            "kernel 'exp': bundle 0x0000 (test.cc:1): stopped at cycle 40 without finishing: "
            "the run's work budget is 650 units of simulation work (RunOptions::workBudget: a "
            "kernel's .debug.work_budget or Compiled::run(args, {.work_budget = N}), "
            "tessera-asm --work-budget=N; a vector op counts 1, a transcendental 64, an MXU "
            "product 512; an endless loop?); the last branch taken was bundle 0x0001 "
            "(test.cc:2) back to bundle 0x0000 (test.cc:1)");
  // The units, and the core runs normally afterwards.
  EXPECT_EQ(workOf(isa::Opcode::VExpF32), kWorkPerTranscendentalOp);
  EXPECT_EQ(workOf(isa::Opcode::SAdd), 0);
  r = run(assemble("ok", {"smov s1, 7"}), {}, options);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(1), 7u);
}

TEST_F(ExecuteTest, PredicatedHaltStopsAtItsBundle) {
  auto program = assemble(
      "check",
      {
          "sld s0, [smem:0x0]",
          "nop",
          "nop",
          "nop",
          "scmp.gt p1, s0, 15",
          "@p1 shalt  // check.cc:7: BoundsCheck 0 for dma.hbm_to_vmem",
          "smov s5, 1",
      });
  absl::StatusOr<RunResult> ok = run(program, {15});
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ(ok->outcome, RunOutcome::Completed);
  EXPECT_EQ(core().sreg(5), 1u);

  absl::StatusOr<RunResult> halted = run(program, {16});
  ASSERT_TRUE(halted.ok()) << halted.status();
  EXPECT_TRUE(halted->halted());
  EXPECT_EQ(halted->haltBundle, 5u);
  EXPECT_EQ(halted->cycles, 6);
  EXPECT_EQ(program->comment(5), "BoundsCheck 0 for dma.hbm_to_vmem");
  EXPECT_EQ(program->position(5), "check.cc:7");
  EXPECT_EQ(core().sreg(5), 0u);  // registers restart at zero every run
}

TEST_F(ExecuteTest, NegatedGuardAndOtherOpsOfAHaltingBundle) {
  auto program = assemble("halt2", {
                                       "smov s1, 1",
                                       "scmp.eq p2, s1, 1",
                                       "@!p2 shalt ; smov s2, 7",
                                       "shalt ; smov s3, 8",
                                       "smov s4, 9",
                                   });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->haltBundle, 3u);
  EXPECT_EQ(core().sreg(2), 7u);
  EXPECT_EQ(core().sreg(3), 8u);  // the halting bundle's ops all issue
  EXPECT_EQ(core().sreg(4), 0u);
}

// --- The scalar ops of control flow: compares, predicates, bit ops, div. ---

int32_t s32(uint32_t bits) { return static_cast<int32_t>(bits); }

TEST_F(ExecuteTest, ComparesAllSixBothForms) {
  struct Case {
    int32_t a, b;
  };
  const Case cases[] = {{-5, 3}, {3, 3}, {7, -2}, {INT32_MIN, INT32_MAX},
                        {INT32_MAX, INT32_MIN}, {-1, -1}};
  for (const Case &c : cases) {
    std::string a = std::to_string(c.a), b = std::to_string(c.b);
    SCOPED_TRACE(a + " vs " + b);
    auto reg = assemble("cmp", {
                                   "smov s1, " + a + " ; smov s2, " + b,
                                   "scmp.lt p0, s1, s2 ; scmp.le p1, s1, s2",
                                   "scmp.gt p2, s1, s2 ; scmp.ge p3, s1, s2",
                                   "scmp.eq p4, s1, s2 ; scmp.ne p5, s1, s2",
                               });
    auto imm = assemble("cmpi", {
                                    "smov s1, " + a,
                                    "scmp.lt p0, s1, " + b + " ; scmp.le p1, s1, " + b,
                                    "scmp.gt p2, s1, " + b + " ; scmp.ge p3, s1, " + b,
                                    "scmp.eq p4, s1, " + b + " ; scmp.ne p5, s1, " + b,
                                });
    for (const auto &program : {reg, imm}) {
      absl::StatusOr<RunResult> r = run(program);
      ASSERT_TRUE(r.ok()) << r.status();
      EXPECT_EQ(core().preg(0), c.a < c.b);
      EXPECT_EQ(core().preg(1), c.a <= c.b);
      EXPECT_EQ(core().preg(2), c.a > c.b);
      EXPECT_EQ(core().preg(3), c.a >= c.b);
      EXPECT_EQ(core().preg(4), c.a == c.b);
      EXPECT_EQ(core().preg(5), c.a != c.b);
    }
  }
}

TEST_F(ExecuteTest, PredicateXorNotImm) {
  auto program = assemble("pred", {
                                      "pimm p1, 1 ; pimm p2, 0",
                                      "pxor p3, p1, p2 ; pxor p4, p1, p1",
                                      "pnot p5, p1 ; pnot p6, p2",
                                      "pxor p7, p2, p2 ; pnot p0, p6",
                                  });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(core().preg(1));
  EXPECT_FALSE(core().preg(2));
  EXPECT_TRUE(core().preg(3));   // 1 ^ 0
  EXPECT_FALSE(core().preg(4));  // 1 ^ 1
  EXPECT_FALSE(core().preg(5));  // !1
  EXPECT_TRUE(core().preg(6));   // !0
  EXPECT_FALSE(core().preg(7));  // 0 ^ 0
  EXPECT_FALSE(core().preg(0));  // !!0
}

TEST(LoadProgram, PimmTakesOnlyZeroOrOne) {
  absl::StatusOr<Executable> exe =
      parseListing(testing::listingOf("pimm", {"nop", "pimm p1, 2"}));
  ASSERT_TRUE(exe.ok()) << exe.status();
  absl::StatusOr<std::shared_ptr<const Program>> p = loadProgram(*exe);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            "kernel 'pimm': bundle 0x0001 (test.cc:2): pimm sets a predicate "
            "to 0 or 1, not 2");
}

TEST_F(ExecuteTest, SmovCopiesAndSselPicksBothWays) {
  auto program = assemble("sel", {
                                     "smov s1, 11 ; smov s2, -22",
                                     "pimm p1, 1 ; pimm p2, 0",
                                     "ssel s3, p1, s1, s2 ; ssel s4, p2, s1, s2",
                                     "smov s5, s3 ; smov s6, s4",
                                     // Reads at issue: s1 and s2 swap.
                                     "smov s1, s2 ; smov s2, s1",
                                 });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(s32(core().sreg(3)), 11);   // p1 true: the first
  EXPECT_EQ(s32(core().sreg(4)), -22);  // p2 false: the second
  EXPECT_EQ(s32(core().sreg(5)), 11);
  EXPECT_EQ(s32(core().sreg(6)), -22);
  EXPECT_EQ(s32(core().sreg(1)), -22);
  EXPECT_EQ(s32(core().sreg(2)), 11);
  // ssel reads its predicate like any operand: too early is a hazard.
  auto early = assemble("selp", {"smov s1, 1", "scmp.eq p1, s1, 1 ; sld s2, "
                                               "[smem:0x0]",
                                 "ssel s3, p1, s1, s2"});
  r = run(early);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("bundle 0x0002 (test.cc:3) reads s2 "
                                      "before it is ready"),
            std::string::npos)
      << r.status();
}

TEST_F(ExecuteTest, BitwiseAndShiftsTakeTheAmountMod32) {
  // Known answers first (not derived from the host's operators).
  auto program = assemble(
      "bits", {
                  "smov s1, -8 ; smov s2, 1",
                  "smov s3, 32 ; smov s4, 33",
                  "sshl s10, s2, s3 ; sshl s11, s2, s4",        // 1 << 0, 1 << 1
                  "sshra s12, s1, s2 ; sshrl s13, s1, s2",      // -8 >> 1
                  "sshra s14, s1, 31 ; sshrl s15, s1, 31",
                  "sshl s16, s2, 31 ; sshl s17, s2, -1",        // -1 & 31 = 31
                  "sshra s18, s1, 64 ; sshrl s19, s1, 35",      // 64 = 0, 35 = 3
                  "sand s20, s1, 12 ; sor s21, s1, 3",
                  "sxor s22, s1, -1 ; sxor s23, s1, s1",
              });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(10), 1u);
  EXPECT_EQ(core().sreg(11), 2u);
  EXPECT_EQ(s32(core().sreg(12)), -4);
  EXPECT_EQ(core().sreg(13), 0x7ffffffcu);
  EXPECT_EQ(s32(core().sreg(14)), -1);
  EXPECT_EQ(core().sreg(15), 1u);
  EXPECT_EQ(core().sreg(16), 0x80000000u);
  EXPECT_EQ(core().sreg(17), 0x80000000u);
  EXPECT_EQ(s32(core().sreg(18)), -8);
  EXPECT_EQ(core().sreg(19), 0x1fffffffu);
  EXPECT_EQ(core().sreg(20), 8u);          // ...11111000 & 1100
  EXPECT_EQ(s32(core().sreg(21)), -5);     // ...11111011
  EXPECT_EQ(core().sreg(22), 7u);          // ~(-8)
  EXPECT_EQ(core().sreg(23), 0u);

  // Then many operands, register and immediate forms against each other and
  // the C++ definition.
  const int32_t as[] = {0, 1, -1, INT32_MIN, INT32_MAX, 0x12345678, -0x1234567};
  const int32_t bs[] = {0, 1, 4, 31, 32, 33, -1, -31, 0x0f0f0f0f};
  const char *ops[] = {"sand", "sor", "sxor", "sshl", "sshra", "sshrl"};
  for (int32_t a : as)
    for (int32_t b : bs) {
      std::string sa = std::to_string(a), sb = std::to_string(b);
      std::vector<std::string> bundles = {"smov s1, " + sa + " ; smov s2, " + sb};
      for (int i = 0; i < 6; ++i)
        bundles.push_back(absl::StrFormat("%s s%d, s1, s2 ; %s s%d, s1, %s",
                                          ops[i], 10 + i, ops[i], 20 + i, sb));
      ASSERT_TRUE(run(assemble("bits", bundles)).ok());
      uint32_t ua = static_cast<uint32_t>(a), ub = static_cast<uint32_t>(b);
      uint32_t want[] = {ua & ub,
                         ua | ub,
                         ua ^ ub,
                         ua << (ub % 32),
                         static_cast<uint32_t>(a >> (ub % 32)),
                         ua >> (ub % 32)};
      for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(core().sreg(10 + i), want[i]) << ops[i] << " " << sa << ", " << sb;
        EXPECT_EQ(core().sreg(20 + i), want[i]) << ops[i] << "i " << sa << ", " << sb;
      }
    }
}

TEST_F(ExecuteTest, DivisionTruncatesTowardZeroAndWraps) {
  struct Case {
    int32_t a, b, quotient, remainder;
  };
  const Case cases[] = {
      {7, 2, 3, 1},         {-7, 2, -3, -1},     {7, -2, -3, 1},
      {-7, -2, 3, -1},      {6, 3, 2, 0},        {5, 7, 0, 5},
      {-5, 7, 0, -5},       {INT32_MIN, -1, INT32_MIN, 0},
      {INT32_MIN, 1, INT32_MIN, 0},              {INT32_MIN, 2, -1073741824, 0},
      {INT32_MAX, -1, -INT32_MAX, 0},            {-1, INT32_MIN, 0, -1},
      {INT32_MIN, INT32_MIN, 1, 0},              {INT32_MIN, 3, -715827882, -2},
  };
  for (const Case &c : cases) {
    std::string a = std::to_string(c.a), b = std::to_string(c.b);
    SCOPED_TRACE(a + " / " + b);
    auto program = assemble("div", {
                                       "smov s1, " + a + " ; smov s2, " + b,
                                       "sdiv s3, s1, s2 ; srem s4, s1, s2",
                                       "sdiv s5, s1, " + b + " ; srem s6, s1, " + b,
                                   });
    absl::StatusOr<RunResult> r = run(program);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(s32(core().sreg(3)), c.quotient);
    EXPECT_EQ(s32(core().sreg(4)), c.remainder);
    EXPECT_EQ(s32(core().sreg(5)), c.quotient);
    EXPECT_EQ(s32(core().sreg(6)), c.remainder);
  }
}

TEST_F(ExecuteTest, UnsignedDivisionReadsTheWordsUnsigned) {
  struct Case {
    uint32_t a, b;
  };
  const Case cases[] = {{7, 2}, {0xfffffff0u, 7}, {0x80000001u, 0xffffffffu}, {5, 0x80000000u},
                        {0xffffffffu, 1}};
  for (const Case &c : cases) {
    std::string a = std::to_string((int32_t)c.a), b = std::to_string((int32_t)c.b);
    SCOPED_TRACE(std::to_string(c.a) + " / " + std::to_string(c.b));
    auto program = assemble("divu", {"smov s1, " + a + " ; smov s2, " + b,
                                     "sdiv.u32 s3, s1, s2 ; srem.u32 s4, s1, s2"});
    absl::StatusOr<RunResult> r = run(program);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(core().sreg(3), c.a / c.b);
    EXPECT_EQ(core().sreg(4), c.a % c.b);
  }
  // A zero divisor is a fault naming the unsigned dividend.
  absl::StatusOr<RunResult> r =
      run(assemble("divu0", {"smov s1, -1 ; smov s2, 0", "sdiv.u32 s3, s1, s2"}));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("sdiv.u32 of 4294967295 by zero"), std::string::npos)
      << r.status();
}

TEST_F(ExecuteTest, ScalarFloatOpsUseVectorMath) {
  auto bits = [](float f) { return std::to_string((int32_t)std::bit_cast<uint32_t>(f)); };
  const float pairs[][2] = {{1.5f, -2.25f}, {0.1f, 3.0f},  {-0.0f, 0.0f},
                            {NAN, 1.0f},    {1e30f, 1e30f}, {-7.9f, 0.0f}};
  for (auto [a, b] : pairs) {
    SCOPED_TRACE(std::to_string(a) + ", " + std::to_string(b));
    auto program = assemble(
        "f32", {"smov s1, " + bits(a) + " ; smov s2, " + bits(b),
                "sadd.f32 s3, s1, s2 ; ssub.f32 s4, s1, s2",
                "smul.f32 s5, s1, s2 ; sdiv.f32 s6, s1, s2",
                "smax.f32 s7, s1, s2 ; smin.f32 s8, s1, s2",
                "scmp.lt.f32 p1, s1, s2 ; scmp.ne.f32 p2, s1, s2",
                "scvt.s32.f32 s9, s1 ; scvt.f32.s32 s10, s2", "nop", "nop", "nop"});
    absl::StatusOr<RunResult> r = run(program);
    ASSERT_TRUE(r.ok()) << r.status();
    auto same = [](uint32_t got, float want) {
      return got == std::bit_cast<uint32_t>(want) ||
             (std::isnan(std::bit_cast<float>(got)) && std::isnan(want));
    };
    EXPECT_TRUE(same(core().sreg(3), a + b));
    EXPECT_TRUE(same(core().sreg(4), a - b));
    EXPECT_TRUE(same(core().sreg(5), a * b));
    EXPECT_TRUE(same(core().sreg(6), vmath::divF32(a, b)));
    EXPECT_TRUE(same(core().sreg(7), vmath::maxF(a, b)));
    EXPECT_TRUE(same(core().sreg(8), vmath::minF(a, b)));
    EXPECT_EQ(core().preg(1), vmath::compareF32(vmath::CmpKind::Lt, a, b));
    EXPECT_EQ(core().preg(2), vmath::compareF32(vmath::CmpKind::Ne, a, b));
    EXPECT_EQ(s32(core().sreg(9)), vmath::f32ToS32(a));
    // The bits of b read as an int32, converted to f32.
    EXPECT_TRUE(same(core().sreg(10), vmath::s32ToF32((int32_t)std::bit_cast<uint32_t>(b))));
  }
}

TEST_F(ExecuteTest, DivisionHasItsOwnLatency) {
  std::vector<std::string> bundles = {"smov s1, 9 ; smov s2, 2",
                                      "sdiv s3, s1, s2"};
  for (int i = 1; i < machine::kLatScalarDiv; ++i)
    bundles.push_back("nop");
  bundles.push_back("sadd s4, s3, 1");
  absl::StatusOr<RunResult> r = run(assemble("divlat", bundles));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(4), 5u);
  // One cycle earlier is a hazard.
  bundles.erase(bundles.end() - 2);
  r = run(assemble("divlat", bundles));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find(absl::StrFormat(
                "reads s3 before it is ready: written by bundle 0x0001 "
                "(test.cc:2), ready at cycle %d, read at cycle %d",
                1 + machine::kLatScalarDiv, machine::kLatScalarDiv)),
            std::string::npos)
      << r.status();
}

TEST_F(ExecuteTest, AHazardNamesTheLinesOfTheReadingAndTheWritingOp) {
  // The sld of line 4 shares bundle 0 with an op of line 3; the sadd of
  // line 6 shares bundle 1 with one of line 5 and reads s2 too early.
  auto program = assemble(
      "lines", {"smov s1, 1 ; sld s2, [smem:0x0]  // a.cc:3 smov, a.cc:4 sld",
                "smov s3, 2 ; sadd s4, s2, 1  // a.cc:5 smov, a.cc:6 sadd"});
  absl::StatusOr<RunResult> r = run(program, {7});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            absl::StrFormat("kernel 'lines': bundle 0x0001 (a.cc:6) reads s2 "
                            "before it is ready: written by bundle 0x0000 "
                            "(a.cc:4), ready at cycle %d, read at cycle 1",
                            machine::kLatScalarLoad));
}

TEST_F(ExecuteTest, DivisionByZeroFaultsAndTheCoreRecovers) {
  auto reg = assemble("div0", {"smov s1, 7 ; smov s2, 0",
                               "sdiv s3, s1, s2  // div.cc:4"});
  absl::StatusOr<RunResult> r = run(reg);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(r.status().message(),
            "kernel 'div0': bundle 0x0001 (div.cc:4): sdiv of 7 by zero");
  auto imm = assemble("rem0", {"smov s1, -3", "nop", "srem s3, s1, 0"});
  r = run(imm);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "kernel 'rem0': bundle 0x0002 (test.cc:3): srem of -3 by zero");
  // A squashed division by zero is no fault, and the core runs on.
  auto guarded = assemble("guarded", {"smov s1, 7 ; pimm p1, 0",
                                      "@p1 sdiv s3, s1, 0 ; @!p1 sdiv s4, s1, 2"});
  r = run(guarded);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(3), 0u);
  EXPECT_EQ(core().sreg(4), 3u);
}

// --- Static scheduling: early reads are faults naming both bundles. ---

TEST_F(ExecuteTest, VectorHazardNamesBothBundles) {
  auto program =
      assemble("scale", {
                            "smov s1, 0",
                            "nop",
                            "nop",
                            "nop",
                            "vld v3, [vmem:0x0]  // first_kernel.cc:41",
                            "vadd.f32 v4, v3, v3  // first_kernel.cc:42",
                        });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(r.status().message(),
            "kernel 'scale': bundle 0x0005 (first_kernel.cc:42) reads v3 "
            "before it is ready: written by bundle 0x0004 "
            "(first_kernel.cc:41), ready at cycle " +
                std::to_string(4 + machine::kLatVectorLoad) +
                ", read at cycle 5");
}

TEST_F(ExecuteTest, ScalarAndGuardHazards) {
  auto sld = assemble("sld", {"sld s1, [smem:0x0]", "sadd s2, s1, 1"});
  absl::StatusOr<RunResult> r = run(sld);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "kernel 'sld': bundle 0x0001 (test.cc:2) reads s1 before it is "
            "ready: written by bundle 0x0000 (test.cc:1), ready at cycle " +
                std::to_string(machine::kLatScalarLoad) + ", read at cycle 1");
  // The same program with the load latency waited out is fine.
  std::vector<std::string> padded = {"sld s1, [smem:0x0]"};
  for (int i = 1; i < machine::kLatScalarLoad; ++i)
    padded.push_back("nop");
  padded.push_back("sadd s2, s1, 1");
  EXPECT_TRUE(run(assemble("sld", padded)).ok());

  auto guard = assemble("guard", {"vimm.s32 v1, 1", "vadd.s32 v2, v1, v1",
                                  "vadd.f32 v3, v2, v2", "vst [vmem:0x0], v3"});
  r = run(guard);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find(
                "bundle 0x0003 (test.cc:4) reads v3 before it is ready"),
            std::string::npos)
      << r.status();
}

TEST_F(ExecuteTest, SquashedOpsReadNothing) {
  // p1 is false: the vadd is squashed, so its early read of v1 is no fault;
  // the guard itself is read (a compare's result is ready a cycle later).
  auto program =
      assemble("squash", {
                             "smov s1, 1",
                             "scmp.eq p1, s1, 2 ; vld v1, [vmem:0x0]",
                             "@p1 vadd.f32 v2, v1, v1",
                             "@!p1 smov s2, 5",
                         });
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(core().sreg(2), 5u);
  // Unsquashed, the same read is a hazard.
  auto hazard = assemble("unsquashed", {
                                           "smov s1, 2",
                                           "scmp.eq p1, s1, 2 ; vld v1, "
                                           "[vmem:0x0]",
                                           "@p1 vadd.f32 v2, v1, v1",
                                       });
  r = run(hazard);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("reads v1 before it is ready"),
            std::string::npos)
      << r.status();
}

// --- Faults: bad addresses; the core stays usable. ---

TEST_F(ExecuteTest, OutOfRangeVldFaultsAndTheCoreRecovers) {
  auto bad =
      assemble("oob", {
                          "smov s1, " + std::to_string(machine::kVmemRows -
                                                       machine::kTileRows + 1),
                          "vld v0, [vmem:s1+0x0]  // oob.cc:9",
                      });
  absl::StatusOr<RunResult> r = run(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(r.status().message(),
            "kernel 'oob': bundle 0x0001 (oob.cc:9): vld of VMEM rows "
            "[0x7ff9, 0x8001) is outside VMEM rows [0, 0x8000)");
  // The last full tile is fine, and the core runs the next program.
  auto good = assemble(
      "ok",
      {"smov s1, " + std::to_string(machine::kVmemRows - machine::kTileRows),
       "vld v0, [vmem:s1+0x0]", "nop", "nop", "vst [vmem:s1+0x0], v0"});
  r = run(good);
  EXPECT_TRUE(r.ok()) << r.status();
}

TEST_F(ExecuteTest, AddressArithmeticWrapsTo32BitsAndFaults) {
  auto program = assemble("wrap", {"smov s1, -1", "vst [vmem:s1+0x8], v0",
                                   "vst [vmem:s1+0x0], v0"});
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find(
                "bundle 0x0002 (test.cc:3): vst of VMEM rows [0xffffffff, "),
            std::string::npos)
      << r.status();
}

TEST_F(ExecuteTest, OutOfRangeSmemFaults) {
  auto program = assemble("smem", {"sst [smem:0x40000], s0"});
  absl::StatusOr<RunResult> r = run(program);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "kernel 'smem': bundle 0x0000 (test.cc:1): sst of SMEM word "
            "0x40000 is outside SMEM words [0, 0x40000)");
  std::vector<uint32_t> tooBig(machine::kSmemWords + 1);
  r = run(program, tooBig);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
}

// --- Loading. ---

TEST(LoadProgram, RejectsBadExecutables) {
  absl::StatusOr<Executable> exe =
      parseListing(testing::listingOf("br", {"sbr 0x5", "nop"}));
  ASSERT_TRUE(exe.ok());
  absl::StatusOr<std::shared_ptr<const Program>> p = loadProgram(*exe);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            "kernel 'br': bundle 0x0000 (test.cc:1): sbr target 0x5 is "
            "outside the code (2 bundles)");

  exe->code[0] = encodeInstr(isa::makeInstr(isa::Opcode::SBr, {1}), true);
  exe->debug.pop_back();
  p = loadProgram(*exe);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            "kernel 'br': the code has 2 bundles but the debug info "
            "describes 1");

  exe->code.back() = 0xfe;
  exe->debug.emplace_back();
  p = loadProgram(*exe);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("kernel 'br': bundle 0x0001, word 1: "
                                      "word 0x00000000000000fe: unknown "
                                      "opcode 254"),
            std::string::npos)
      << p.status();
}

TEST(LoadProgram, DispatchFormComesFromTheWords) {
  auto program =
      assemble("d", {"vmov v1, v2 ; vmov v2, v1", "vwait.ge [sem:3], 0"});
  ASSERT_TRUE(program);
  ASSERT_EQ(program->numBundles(), 2u);
  EXPECT_EQ(program->bundles()[0].numOps, 2u);
  EXPECT_EQ(program->bundles()[0].numCopies, 1u);  // the second vmov's v1
  EXPECT_TRUE(program->bundles()[1].hasWait);
  EXPECT_EQ(program->describeBundle(1), "bundle 0x0001 (test.cc:2)");
}

TEST_F(ExecuteTest, TraceRecordsIssues) {
  auto program = assemble("t", {"smov s1, 1", "nop", "sbr 0x4", "nop", "nop"});
  Trace trace;
  RunOptions options;
  options.trace = &trace;
  ASSERT_TRUE(run(program, {}, options).ok());
  ASSERT_EQ(trace.events.size(), 4u);
  EXPECT_EQ(trace.events[2].bundle, 2u);
  EXPECT_EQ(trace.events[2].cycle, 2);
  EXPECT_EQ(trace.events[3].bundle, 4u);
  EXPECT_EQ(trace.events[3].cycle, 3 + machine::kBranchTakenCycles);
}

// Registers start every run at zero, though a launch only marks the ones
// the last run wrote (Registers.h): a stale register read directly, through
// the shadow copies of a swap or by an op reads zero, one the run never
// touches reads zero after it, and so does one after a faulting run.
TEST_F(ExecuteTest, RegistersStartEveryRunAtZero) {
  auto writes = assemble("a", {"vimm.s32 v1, 5 ; vimm.s32 v2, 6", "vimm.s32 v3, 7 ; vimm.s32 v4, 8",
                               "vimm.s32 v5, 9", "vmov v1, v2 ; vmov v2, v1", "nop"});
  ASSERT_TRUE(run(writes).ok());
  EXPECT_EQ(core().vreg(1)[3], 6u);
  EXPECT_EQ(core().vreg(2)[3], 5u);
  EXPECT_EQ(core().vreg(3)[0], 7u);
  auto reads = assemble("b", {"vmov v1, v2 ; vmov v2, v1", "vadd.s32 v6, v4, v4",
                              "vst [vmem:0x0], v5", "vst [vmem:0x8], v6", "nop"});
  ASSERT_TRUE(run(reads).ok());
  EXPECT_EQ(core().vreg(1)[7], 0u);
  EXPECT_EQ(core().vreg(2)[7], 0u);
  EXPECT_EQ(core().vreg(3)[100], 0u);  // never touched by this run
  EXPECT_EQ(core().vreg(4)[1], 0u);
  EXPECT_EQ(core().vreg(6)[9], 0u);
  std::vector<int32_t> row(kVRegElems);
  ASSERT_TRUE(core().vmem().readS32(0, row).ok());
  EXPECT_EQ(row[5], 0);
  ASSERT_TRUE(core().vmem().readS32(8, row).ok());
  EXPECT_EQ(row[kVRegElems - 1], 0);
  ASSERT_TRUE(run(writes).ok());
  // v9 is read before its load's latency: a fault.
  EXPECT_FALSE(run(assemble("c", {"vld v9, [vmem:0x0]", "vadd.s32 v10, v9, v9"})).ok());
  EXPECT_EQ(core().vreg(1)[0], 0u);
  EXPECT_EQ(core().vreg(3)[0], 0u);
}

}  // namespace
}  // namespace tessera::sim
