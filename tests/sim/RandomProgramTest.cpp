//===- RandomProgramTest.cpp - Arbitrary programs never crash the host ----===//
//
// The simulator's promise: whatever the program does, it touches no host
// memory outside the simulated memories and never aborts; bad behaviour is
// an error Status. Random programs (random ops, registers, addresses, DMA
// lengths, branches) are run, ideally under the sanitizers
// (-DTESSERA_SANITIZE=ON), and each run must end in a result or a Status.
//
//===----------------------------------------------------------------------===//
#include <random>

#include "sim/Chip.h"
#include "gtest/gtest.h"

namespace tessera::sim {
namespace {

using isa::Opcode;
using isa::OperandKind;

isa::Instr randomInstr(std::mt19937_64 &rng, uint32_t numBundles) {
  auto rows = isa::allInstrs();
  const isa::InstrDesc &d = rows[rng() % rows.size()];
  isa::Instr instr;
  instr.opcode = d.opcode;
  for (int i = 0; i < d.numOperands; ++i) {
    int64_t &op = instr.ops[i];
    switch (d.operands[i]) {
    case OperandKind::VReg:
      op = rng() % machine::kNumVRegs;
      break;
    case OperandKind::SReg:
      op = rng() % machine::kNumSRegs;
      break;
    case OperandKind::PReg:
      op = rng() % machine::kNumPRegs;
      break;
    case OperandKind::Sem:
      op = rng() % 4;  // few semaphores, so waits sometimes succeed
      break;
    case OperandKind::Imm:
    case OperandKind::Addr:
    case OperandKind::F32:
      // Mostly small (plausible addresses and lengths), sometimes anything.
      op = rng() % 4 ? rng() % 64 : static_cast<uint32_t>(rng());
      if (d.opcode == Opcode::PImm)
        op = rng() % 2;  // the loader takes only 0 and 1
      // The loader checks the part a selector immediate names.
      if (uint32_t limit = selectorLimit(d.opcode))
        op = rng() % limit;
      break;
    case OperandKind::Mxu:
      op = rng() % machine::kNumMxus;
      break;
    case OperandKind::Target:
      op = rng() % (numBundles + 1);
      break;
    }
    // Register-held semaphore indices are usually small (in range).
    if (d.operands[i] == OperandKind::SReg && i + 1 == d.numOperands &&
        d.syntax.find("[sem:{s}]") != std::string_view::npos && rng() % 2)
      op = rng() % 4;
  }
  if (rng() % 4 == 0) {
    instr.predicated = true;
    instr.predNegated = rng() % 2;
    instr.pred = rng() % machine::kNumPRegs;
  }
  return instr;
}

TEST(RandomPrograms, EndInAResultOrAStatus) {
  std::mt19937_64 rng(2024);
  Chip chip;
  int completed = 0, halted = 0, faulted = 0;
  for (int program = 0; program < 300; ++program) {
    uint32_t numBundles = 1 + rng() % 40;
    Executable exe;
    exe.name = "random";
    for (uint32_t b = 0; b < numBundles; ++b) {
      isa::Bundle bundle;
      for (int tries = 0; tries < 4; ++tries) {
        bundle.push_back(randomInstr(rng, numBundles));
        if (!isa::verifyBundle(bundle).ok())
          bundle.pop_back();
      }
      isa::encodeBundle(bundle, exe.code);
      exe.debug.push_back(BundleDebug{"random.cc", b + 1, ""});
    }
    absl::StatusOr<std::shared_ptr<const Program>> loaded = loadProgram(exe);
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    RunOptions options;
    options.cycleBudget = 20000;
    std::vector<uint32_t> args = {static_cast<uint32_t>(rng() % 64),
                                  static_cast<uint32_t>(rng())};
    absl::StatusOr<RunResult> r =
        chip.core(program % 2).run(**loaded, args, options);
    if (!r.ok()) {
      ++faulted;
      EXPECT_NE(r.status().message().find("kernel 'random'"), std::string::npos)
          << r.status();
    } else {
      // Every cycle is an issue, a stall or a taken branch's bubble.
      EXPECT_EQ(r->cycles, r->bundlesExecuted + r->stallCycles +
                               r->branchesTaken * machine::kBranchTakenCycles);
      ++(r->halted() ? halted : completed);
    }
  }
  // The mix exercises all three outcomes.
  EXPECT_GT(completed, 0);
  EXPECT_GT(halted, 0);
  EXPECT_GT(faulted, 0);
}

TEST(RandomPrograms, RandomWordsLoadOrFailCleanly) {
  std::mt19937_64 rng(99);
  int loaded = 0;
  for (int n = 0; n < 2000; ++n) {
    Executable exe;
    exe.name = "words";
    int numWords = 1 + rng() % 6;
    for (int w = 0; w < numWords; ++w) {
      // Opcodes in and just beyond the table, random fields and bits;
      // often a clean predicate and no immediate, so that some words load.
      uint64_t word = (rng() & ~0xffull) | rng() % (isa::kNumOpcodes + 2);
      if (rng() % 2)
        word &= ~(0x1full << 8);
      if (rng() % 2)
        word &= 0xffffffffull;
      if (rng() % 2)
        word &= ~(0xffull << 24);
      exe.code.push_back(word);
    }
    exe.code.back() |= 1ull << 13;
    exe.debug.resize(1);
    absl::StatusOr<std::shared_ptr<const Program>> p = loadProgram(exe);
    if (p.ok()) {
      ++loaded;
      RunOptions options;
      options.cycleBudget = 1000;
      Chip chip;
      (void)chip.core(0).run(**p, {}, options);
    } else {
      EXPECT_NE(p.status().message().find("kernel 'words'"), std::string::npos);
    }
  }
  EXPECT_GT(loaded, 0);
}

}  // namespace
}  // namespace tessera::sim
