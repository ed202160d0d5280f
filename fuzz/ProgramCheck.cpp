//===- ProgramCheck.cpp - The program target: decoder, loader, simulator --===//
//
// The input is an executable in binary form, as a file or a corrupted
// compiler output could give it to the chip:
//
//   byte 0      .hbm_args      (mod 5)
//   byte 1      .scalar_words  (mod 9)
//   bytes 2-3   .vmem_rows     (little-endian)
//   byte 4      .semaphores
//   byte 5      run options: bit 0 checkUninitializedReads, bit 1 turns
//               detectRaces off
//   bytes 6-    the code words, 8 bytes each, little-endian
//
// (fuzz/make_corpus.sh writes the samples' kernels in this form.) The words
// are decoded and verified by sim::loadProgram; a program it accepts runs
// on TensorCore 0 with small cycle and DMA budgets, HBM argument k at row
// k * 2048. A rejection or a fault is fine; a crash, a sanitizer report, a
// run past its budgets, a hang (libFuzzer's -timeout), a RunResult that
// breaks its documented invariant, or a core that cannot run a trivial
// kernel after a fault is a failure.
// (fuzz/FuzzMain.cpp runs this under libFuzzer as program_fuzzer.)
//
//===----------------------------------------------------------------------===//
#include <memory>
#include <string>
#include <vector>

#include "fuzz/FuzzChecks.h"
#include "sim/Chip.h"
#include "sim/Program.h"
#include "sim/isa/Isa.h"

namespace tessera::fuzz {
namespace {

/// Cycles and DMA bytes a fuzzed run may take (real kernels are not the
/// point; what a short run reaches is). A vector op traced for coverage
/// costs microseconds: a longer loop would only slow the fuzzer down.
constexpr int64_t kFuzzCycleBudget = 2000;
constexpr int64_t kFuzzDmaByteBudget = int64_t{4} << 20;
/// HBM argument k starts at this row (as in tessera-asm --run).
constexpr uint32_t kRowsPerArgument = 2048;
/// HBM is allocated on first write; a fresh chip after this many pages
/// keeps the process within libFuzzer's memory limit.
constexpr int64_t kMaxHbmPages = 256;

sim::Chip &chip() {
  static std::unique_ptr<sim::Chip> chip;
  if (!chip || chip->hbm().pagesAllocated() > kMaxHbmPages)
    chip = std::make_unique<sim::Chip>();
  return *chip;
}

/// A one-bundle kernel that must run on a core after any fault.
const sim::Program &trivialProgram() {
  static std::shared_ptr<const sim::Program> program = [] {
    sim::Executable exe;
    exe.name = "after_fault";
    isa::encodeBundle({isa::makeInstr(isa::Opcode::SMovI, {1, 7})}, exe.code);
    exe.debug.resize(1);
    return *sim::loadProgram(exe);
  }();
  return *program;
}

}  // namespace

std::string checkProgram(std::string_view input) {
  ByteReader in(input);
  sim::Executable exe;
  exe.name = "fuzzed";
  exe.numHbmArgs = in.byte() % 5;
  exe.scalarInputWords = in.byte() % 9;
  exe.vmemRows = in.value<uint16_t>();
  exe.numSemaphores = in.byte();
  uint8_t flags = in.byte();
  while (in.remaining() > 0)
    exe.code.push_back(in.value<uint64_t>());
  // One debug entry per bundle (the loader checks the count too).
  size_t bundles = 0;
  if (auto decoded = isa::decodeProgram(exe.code); decoded.ok())
    bundles = decoded->size();
  else
    for (uint64_t word : exe.code)
      bundles += word >> 63;  // the stop bit
  exe.debug.resize(bundles);

  absl::StatusOr<std::shared_ptr<const sim::Program>> program =
      sim::loadProgram(exe);
  if (!program.ok())
    return "";

  sim::TensorCore &core = chip().core(0);
  core.resetSemaphores();
  std::vector<uint32_t> smem;
  for (uint32_t k = 0; k < exe.numHbmArgs; ++k)
    smem.push_back(k * kRowsPerArgument);
  smem.resize(exe.numHbmArgs + exe.scalarInputWords, 0);
  sim::RunOptions options;
  options.cycleBudget = kFuzzCycleBudget;
  options.dmaByteBudget = kFuzzDmaByteBudget;
  options.checkUninitializedReads = flags & 1;
  options.detectRaces = !(flags & 2);
  absl::StatusOr<sim::RunResult> result = core.run(**program, smem, options);
  if (result.ok()) {
    if (result->bundlesExecuted > kFuzzCycleBudget ||
        result->dmaBytes > kFuzzDmaByteBudget)
      return broken("the run went past its budgets", "", "");
    if (result->cycles != result->bundlesExecuted + result->stallCycles +
                              result->branchesTaken *
                                  machine::kBranchTakenCycles)
      return broken("cycles != bundles + stalls + taken branches * cost", "",
                    "");
    return "";
  }
  // After a fault the core is usable again.
  core.resetSemaphores();
  absl::StatusOr<sim::RunResult> after = core.run(trivialProgram(), {});
  if (!after.ok() || after->bundlesExecuted != 1 || core.sreg(1) != 7)
    return broken("the core does not run a trivial kernel after a fault",
                  std::string(result.status().message()),
                  after.ok() ? "" : std::string(after.status().message()));
  return "";
}

}  // namespace tessera::fuzz
