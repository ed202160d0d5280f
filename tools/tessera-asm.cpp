//===- tessera-asm.cpp - Assemble, disassemble and run machine listings ---===//
//
//   tessera-asm FILE            assemble FILE and print its listing back
//                               (the round trip: the output is the input)
//   tessera-asm --encode FILE   print the encoded 64-bit words, one bundle a line
//   tessera-asm --run FILE      run it on TensorCore 0 of a simulated chip;
//                               HBM argument k gets rows [k * 2048, (k+1) * 2048)
//                               of zeros; prints cycles, bundles executed,
//                               DMA traffic, taken branches and how it ended
//                               (a halt names its bundle's comment)
//
// Options of --run (sim::RunOptions):
//   --cycle-budget=N            stop with an error after N cycles (default
//                               2^27; stalls and branch bubbles count)
//   --dma-byte-budget=N         stop at a DMA that would bring the traffic
//                               beyond N bytes (default 8 GiB)
//   --work-budget=N             stop after N units of simulation work (a
//                               vector op 1, a transcendental 64, an MXU
//                               product 512; default 2^27, about 10 s of
//                               host time, so that any listing ends soon)
//   --no-race-check             do not check accesses against DMAs not yet
//                               waited for
//   --check-uninitialized       a read of VMEM rows nothing wrote is an error
//
// FILE "-" reads standard input. Errors name the file and listing line.
//
//===----------------------------------------------------------------------===//
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "sim/Chip.h"
#include "sim/Executable.h"
#include "sim/isa/Isa.h"

using namespace tessera;

namespace {

/// Rows of HBM each argument gets in --run.
constexpr int64_t kRowsPerArgument = 2048;

int usage() {
  std::cerr << "usage: tessera-asm [--encode | --run [--cycle-budget=N] "
               "[--dma-byte-budget=N] [--work-budget=N] [--no-race-check] "
               "[--check-uninitialized]] FILE\n";
  return 2;
}

/// Reads the positive count of "--name=N" into `value`.
bool parseCount(std::string_view arg, std::string_view name, int64_t &value) {
  if (arg.substr(0, name.size()) != name)
    return false;
  std::string_view digits = arg.substr(name.size());
  auto [ptr, ec] =
      std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return !digits.empty() && ec == std::errc() &&
         ptr == digits.data() + digits.size() && value > 0;
}

/// "listing line 7: msg" -> "FILE:7: error: msg".
std::string located(const std::string &file, std::string_view message) {
  constexpr std::string_view prefix = "listing line ";
  if (message.substr(0, prefix.size()) == prefix) {
    message.remove_prefix(prefix.size());
    size_t colon = message.find(':');
    return file + ":" + std::string(message.substr(0, colon)) + ": error:" +
           std::string(message.substr(colon + 1));
  }
  return file + ": error: " + std::string(message);
}

}  // namespace

int main(int argc, char **argv) {
  std::string mode, file;
  sim::RunOptions options;
  options.workBudget = sim::kListingWorkBudget;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--encode" || arg == "--run")
      mode = arg;
    else if (arg == "--no-race-check")
      options.detectRaces = false;
    else if (arg == "--check-uninitialized")
      options.checkUninitializedReads = true;
    else if (parseCount(arg, "--cycle-budget=", options.cycleBudget) ||
             parseCount(arg, "--dma-byte-budget=", options.dmaByteBudget) ||
             parseCount(arg, "--work-budget=", options.workBudget))
      continue;
    else if (arg.rfind("--", 0) == 0 || !file.empty())
      return usage();
    else
      file = arg;
  }
  if (file.empty())
    return usage();
  std::stringstream text;
  if (file == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream in(file);
    if (!in) {
      std::cerr << file << ": error: cannot open the file\n";
      return 1;
    }
    text << in.rdbuf();
  }
  auto exe = sim::parseListing(text.str());
  if (!exe.ok()) {
    std::cerr << located(file, std::string(exe.status().message())) << "\n";
    return 1;
  }
  auto program = sim::loadProgram(*exe);
  if (!program.ok()) {
    std::cerr << file << ": error: " << program.status().message() << "\n";
    return 1;
  }
  if (mode.empty()) {
    std::cout << sim::printListing(*exe);
    return 0;
  }
  if (mode == "--encode") {
    auto bundles = isa::decodeProgram(exe->code);
    size_t word = 0;
    for (size_t b = 0; b < bundles->size(); ++b) {
      std::printf("0x%04zx ", b);
      for (size_t i = 0; i < std::max<size_t>(1, (*bundles)[b].size()); ++i)
        std::printf(" %016llx", (unsigned long long)exe->code[word++]);
      std::printf("\n");
    }
    return 0;
  }
  sim::Chip chip;
  std::vector<uint32_t> smem;
  for (uint32_t k = 0; k < exe->numHbmArgs; ++k)
    smem.push_back(k * kRowsPerArgument);
  smem.resize(exe->numHbmArgs + exe->scalarInputWords, 0);
  auto result = chip.core(0).run(**program, smem, options);
  if (!result.ok()) {
    std::cerr << file << ": error: " << result.status().message() << "\n";
    return 1;
  }
  std::cout << "kernel '" << exe->name << "': " << result->cycles << " cycles, "
            << result->bundlesExecuted << " bundles, " << result->dmaBytes
            << " bytes moved by DMA, " << result->branchesTaken
            << " branches taken, " << result->stallCycles
            << " stall cycles\n";
  if (result->halted()) {
    uint32_t b = result->haltBundle;
    std::printf("halted at bundle 0x%04x (%s): %s\n", b,
                exe->opPosition(b, result->haltOp).c_str(),
                exe->debug[b].comment.c_str());
    return 3;
  }
  std::cout << "completed\n";
  return 0;
}
