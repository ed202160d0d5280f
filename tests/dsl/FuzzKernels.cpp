//===- FuzzKernels.cpp - The differential test at scale -------------------===//
//
// tessera-fuzz-kernels N SEED [options] (scripts/dev.sh fuzz N SEED): the
// kernels [FIRST, FIRST + N) of the set the generator (KernelGenerator.h)
// makes from SEED, each run compiled with the passes on, off, and
// interpreted (DiffLegs.h), compared with the host model. Prints counts,
// time per kernel per leg, and each failing kernel with the legs that
// disagree, reduced (DiffReducer.h) to a test ready to paste into
// tests/dsl/DiffRegressionTest.cpp. Exit status 1 if any kernel failed.
//
// ctest runs seed 20240611, kernels [0, 1000) (DifferentialTest.cpp); use
// other seeds here.
//
//===----------------------------------------------------------------------===//
#include <array>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "DiffLegs.h"
#include "DiffReducer.h"
#include "KernelGenerator.h"

namespace {

using namespace tessera::difftest;

constexpr const char kUsage[] =
    "usage: tessera-fuzz-kernels N SEED [--first=I] [--legs=on,off,interpret]\n"
    "                            [--no-reduce] [--print-tests] [--progress=K]\n"
    "                            [--chunk=K] [--inject-fault]\n"
    "  runs kernels [I, I + N) of the set generated from SEED (I = 0) on the\n"
    "  legs given (all three), compares them with the host model, and reduces\n"
    "  every failing kernel to a test ready to paste into\n"
    "  tests/dsl/DiffRegressionTest.cpp (unless --no-reduce).\n"
    "  --print-tests  also prints every kernel as such a test (to check that\n"
    "                 printed kernels compile);\n"
    "  --progress=K   a progress line every K kernels (0: none; default 1000);\n"
    "  --chunk=K      kernels per child process (default 2000; the compiler\n"
    "                 keeps what it compiled, so memory grows with K);\n"
    "  --inject-fault the host model computes negations wrong (a check of the\n"
    "                 reducer: kernels that negate fail and are reduced).\n";

/// A decimal number in [lo, hi], or exits with the usage.
int64_t number(std::string_view text, int64_t lo, int64_t hi) {
  char *end = nullptr;
  std::string s(text);
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || v < lo || v > hi) {
    std::cerr << "tessera-fuzz-kernels: '" << s << "' is not a number in [" << lo << ", "
              << hi << "]\n"
              << kUsage;
    std::exit(2);
  }
  return v;
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// What a run counted; in memory shared with the child processes.
struct Tally {
  int64_t run = 0, failures = 0, generatorFailures = 0, crashes = 0;
  int64_t current = -1;  // the kernel being run
  int64_t counted = -1;  // the last kernel counted in `run`
  double generatorSeconds = 0;
  std::array<double, kNumLegs> legSeconds{};
  std::array<int64_t, kNumLegs> legRuns{};

  void print(std::ostream &os, uint32_t seed, int64_t first,
             std::chrono::steady_clock::time_point t0) const {
    double wall = since(t0);
    os << "[fuzz] seed " << seed << ", kernels [" << first << ", " << current + 1 << "): " << run
       << " run, " << failures << " failing, " << crashes << " crashed, " << generatorFailures
       << " generator failures, " << wall << " s (" << (run ? wall / (double)run : 0.0)
       << " s per kernel)\n[fuzz] seconds per kernel: generator and host model "
       << (run ? generatorSeconds / (double)run : 0.0);
    for (Leg leg : kLegs)
      if (legRuns[(size_t)leg])
        os << ", " << legName(leg) << " "
           << legSeconds[(size_t)leg] / (double)legRuns[(size_t)leg];
    os << std::endl;
  }
};

struct Settings {
  uint32_t seed;
  int64_t first, progress;
  bool reduceFailures, printTests;
  JudgeOptions judge;
};

/// Runs kernels [begin, end), adding to `t`. Each chunk runs in a child
/// process: the compiler keeps every kernel it compiled (dsl's compile
/// cache, about 0.2 MB a kernel), which a run of 10^5 kernels would not
/// fit in memory, and a crash then ends one chunk, not the run.
void runChunk(const Settings &s, int64_t begin, int64_t end,
              std::chrono::steady_clock::time_point t0, Tally &t) {
  for (int64_t index = begin; index < end; ++index) {
    t.current = index;
    const std::string origin = "seed " + std::to_string(s.seed) + ", kernel " + std::to_string(index);
    const std::string testName =
        "Seed" + std::to_string(s.seed) + "Kernel" + std::to_string(index);
    auto tg = std::chrono::steady_clock::now();
    Program p;
    try {
      p = generateProgram(s.seed, (int)index);
    } catch (const std::exception &e) {
      ++t.generatorFailures;
      std::cout << "[fuzz] " << origin << ": the generator failed: " << e.what() << std::endl;
      continue;
    }
    t.generatorSeconds += since(tg);
    Verdict v = judge(p, s.judge);
    ++t.run;
    t.counted = index;
    for (Leg leg : kLegs)
      if (v.leg(leg).ran) {
        t.legSeconds[(size_t)leg] += v.leg(leg).seconds;
        ++t.legRuns[(size_t)leg];
      }
    if (s.printTests)
      std::cout << reproText(p, testName, origin) << "\n";
    if (v.failed()) {
      ++t.failures;
      std::cout << "[fuzz] FAILED " << origin << ":\n" << v.problem << std::flush;
      if (s.reduceFailures) {
        ReduceOptions options;
        options.judge = s.judge;
        Reduction r = reduce(p, v, options);
        std::cout << reductionReport(r, origin, testName);
        if (r.verdict.longer)  // what the passes added
          std::cout << "[fuzz] the reduced kernel with the passes on:\n"
                    << r.verdict.leg(Leg::PassesOn).listing
                    << "[fuzz] the reduced kernel with the passes off:\n"
                    << r.verdict.leg(Leg::PassesOff).listing;
        std::cout << std::endl;
      }
    }
    if (s.progress > 0 && t.run % s.progress == 0)
      t.print(std::cout, s.seed, s.first, t0);
  }
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::cerr << kUsage;
    return 2;
  }
  const int64_t count = number(argv[1], 0, INT32_MAX);
  const uint32_t seed = (uint32_t)number(argv[2], 0, UINT32_MAX);
  int64_t first = 0, progress = 1000, chunk = 2000;
  bool reduceFailures = true, printTests = false, injectFault = false;
  JudgeOptions judgeOptions;
  for (int i = 3; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.starts_with("--first=")) {
      first = number(arg.substr(8), 0, INT32_MAX);
    } else if (arg.starts_with("--legs=")) {
      judgeOptions.legs = {false, false, false};
      std::stringstream list{std::string(arg.substr(7))};
      for (std::string leg; std::getline(list, leg, ',');) {
        if (leg == "on")
          judgeOptions.legs[(size_t)Leg::PassesOn] = true;
        else if (leg == "off")
          judgeOptions.legs[(size_t)Leg::PassesOff] = true;
        else if (leg == "interpret")
          judgeOptions.legs[(size_t)Leg::Interpret] = true;
        else {
          std::cerr << "tessera-fuzz-kernels: unknown leg '" << leg
                    << "' (on, off, interpret)\n";
          return 2;
        }
      }
    } else if (arg == "--no-reduce") {
      reduceFailures = false;
    } else if (arg == "--inject-fault") {
      injectFault = true;
    } else if (arg == "--print-tests") {
      printTests = true;
    } else if (arg.starts_with("--chunk=")) {
      chunk = number(arg.substr(8), 1, INT32_MAX);
    } else if (arg.starts_with("--progress=")) {
      progress = number(arg.substr(11), 0, INT32_MAX);
    } else {
      std::cerr << "tessera-fuzz-kernels: unknown option '" << arg << "'\n" << kUsage;
      return 2;
    }
  }
  if (first + count > INT32_MAX) {
    std::cerr << "tessera-fuzz-kernels: kernel indices go up to " << INT32_MAX << "\n";
    return 2;
  }

  std::optional<InjectedHostFault> fault;
  if (injectFault)
    fault.emplace(Kind::Neg);
  // The tallies live in memory shared with the children that run the
  // chunks (see runChunk).
  void *shared = mmap(nullptr, sizeof(Tally), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                      -1, 0);
  if (shared == MAP_FAILED) {
    std::cerr << "tessera-fuzz-kernels: mmap failed\n";
    return 2;
  }
  Tally &t = *new (shared) Tally{};
  Settings settings{seed, first, progress, reduceFailures, printTests, judgeOptions};
  const auto t0 = std::chrono::steady_clock::now();
  for (int64_t next = first; next < first + count;) {
    int64_t end = std::min(first + count, next + chunk);
    std::cout << std::flush;
    pid_t child = fork();
    if (child < 0) {
      std::cerr << "tessera-fuzz-kernels: fork failed\n";
      return 2;
    }
    if (child == 0) {
      runChunk(settings, next, end, t0, t);
      std::cout << std::flush;
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
      next = end;
      continue;
    }
    // The child died on kernel t.current: a crash of the compiler, the
    // simulator or the interpreter. Report it and go on after it.
    ++t.crashes;
    if (t.counted != t.current)  // it crashed before its verdict (else while reducing it)
      ++t.run;
    std::cout << "[fuzz] CRASHED seed " << seed << ", kernel " << t.current << ": "
              << (WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                      : "exit status " + std::to_string(WEXITSTATUS(status)))
              << " (rerun it alone: tessera-fuzz-kernels 1 " << seed << " --first=" << t.current
              << ")" << std::endl;
    next = t.current + 1;
  }
  if (progress == 0 || t.run % progress != 0)  // else the last progress line said it
    t.print(std::cout, seed, first, t0);
  return t.failures || t.generatorFailures || t.crashes ? 1 : 0;
}

