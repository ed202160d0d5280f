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
// FILE "-" reads standard input. Errors name the file and listing line.
//
//===----------------------------------------------------------------------===//
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
  std::cerr << "usage: tessera-asm [--encode | --run] FILE\n";
  return 2;
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
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--encode" || arg == "--run")
      mode = arg;
    else if (file.empty())
      file = arg;
    else
      return usage();
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
  auto result = chip.core(0).run(**program, smem);
  if (!result.ok()) {
    std::cerr << file << ": error: " << result.status().message() << "\n";
    return 1;
  }
  std::cout << "kernel '" << exe->name << "': " << result->cycles << " cycles, "
            << result->bundlesExecuted << " bundles, " << result->dmaBytes
            << " bytes moved by DMA, " << result->branchesTaken
            << " branches taken\n";
  if (result->halted()) {
    uint32_t b = result->haltBundle;
    std::printf("halted at bundle 0x%04x (%s): %s\n", b, exe->position(b).c_str(),
                exe->debug[b].comment.c_str());
    return 3;
  }
  std::cout << "completed\n";
  return 0;
}
