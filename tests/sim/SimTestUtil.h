//===- SimTestUtil.h - Assemble small kernels for the simulator tests -----===//
//
// Tests write kernels as bundle texts ("vld v0, [vmem:0x0] // test.cc:3");
// assemble() numbers them, adds the directives, and goes through the real
// listing parser and loader, so every test also exercises the assembler.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_format.h"
#include "sim/Chip.h"
#include "sim/Executable.h"
#include "gtest/gtest.h"

namespace tessera::sim::testing {

/// The listing text of `bundles` under the standard directives. A bundle
/// without a `//` gets the position "test.cc:<index + 1>". An entry that
/// starts with ".L" is a label line (".L0001:"), copied as it is and not
/// counted as a bundle.
inline std::string listingOf(const std::string &name,
                             const std::vector<std::string> &bundles) {
  std::string text = absl::StrFormat(
      ".kernel %s\n.hbm_args 0\n.scalar_words 0\n.vmem_rows 0x0\n"
      ".semaphores 0\n",
      name);
  size_t index = 0;
  for (const std::string &bundle : bundles) {
    if (bundle.rfind(".L", 0) == 0) {
      text += bundle + "\n";
      continue;
    }
    std::string line = absl::StrFormat("0x%04x  %s", index, bundle);
    if (bundle.find("//") == std::string::npos)
      line += absl::StrFormat("  // test.cc:%d", index + 1);
    text += line + "\n";
    ++index;
  }
  return text;
}

/// Assembles and loads; fails the test (and returns null) on an error.
inline std::shared_ptr<const Program>
assemble(const std::string &name, const std::vector<std::string> &bundles) {
  absl::StatusOr<Executable> exe = parseListing(listingOf(name, bundles));
  EXPECT_TRUE(exe.ok()) << exe.status();
  if (!exe.ok())
    return nullptr;
  absl::StatusOr<std::shared_ptr<const Program>> program = loadProgram(*exe);
  EXPECT_TRUE(program.ok()) << program.status();
  return program.ok() ? *program : nullptr;
}

/// Runs `program` on `core`; a missing program (assemble failed) is an error
/// rather than a crash.
inline absl::StatusOr<RunResult>
runOn(TensorCore &core, const std::shared_ptr<const Program> &program,
      std::vector<uint32_t> smem = {}, const RunOptions &options = {}) {
  if (!program)
    return absl::InternalError("the kernel did not assemble");
  return core.run(*program, smem, options);
}

/// A trace's events as comparable tuples (kind, cycle, bundle, bytes,
/// semaphore, stall): two runs that should agree to the cycle compare equal.
using TraceEventKey = std::tuple<int, int64_t, uint32_t, int64_t, int, int64_t>;
inline std::vector<TraceEventKey> traceEvents(const Trace &trace) {
  std::vector<TraceEventKey> out;
  for (const TraceEvent &e : trace.events)
    out.emplace_back(static_cast<int>(e.kind), e.cycle, e.bundle, e.bytes,
                     e.semaphore, e.stall);
  return out;
}

/// What Chip::runTogether gave: per launch its figures (cycles, stall and
/// drain cycles, bundles) and its trace's events.
struct TogetherOutcome {
  std::vector<int64_t> figures;
  std::vector<std::vector<TraceEventKey>> events;
};

/// Runs `programs[i]` on core i of a fresh chip, with SMEM arguments
/// `smem[i]` if given, all together with `lookahead`; a failed launch
/// fails the test.
inline TogetherOutcome
runTogetherAt(const std::vector<std::shared_ptr<const Program>> &programs,
              int64_t lookahead,
              const std::vector<std::vector<uint32_t>> &smem = {}) {
  Chip chip;
  std::vector<Trace> traces(programs.size());
  std::vector<CoreLaunch> launches(programs.size());
  for (size_t c = 0; c < programs.size(); ++c) {
    launches[c].core = static_cast<int>(c);
    launches[c].program = programs[c].get();
    if (c < smem.size())
      launches[c].smemInit = smem[c];
    launches[c].options.trace = &traces[c];
  }
  TogetherOutcome out;
  std::vector<absl::StatusOr<RunResult>> r =
      chip.runTogether(launches, lookahead);
  for (size_t c = 0; c < r.size(); ++c) {
    EXPECT_TRUE(r[c].ok()) << r[c].status();
    if (r[c].ok())
      out.figures.insert(out.figures.end(),
                         {r[c]->cycles, r[c]->stallCycles, r[c]->drainCycles,
                          r[c]->bundlesExecuted});
    out.events.push_back(traceEvents(traces[c]));
  }
  return out;
}

/// Expects the same outcome of `programs` run together at lookaheads 1, 37
/// and kDmaStartupCycles (which runTogether bounds) as at kMaxLookahead:
/// the cycles must be those of a cycle-by-cycle co-simulation.
inline void expectIndependentOfLookahead(
    const std::vector<std::shared_ptr<const Program>> &programs,
    const std::vector<std::vector<uint32_t>> &smem, const std::string &what) {
  TogetherOutcome first = runTogetherAt(programs, kMaxLookahead, smem);
  for (int64_t lookahead :
       {int64_t{1}, int64_t{37}, machine::kDmaStartupCycles}) {
    TogetherOutcome other = runTogetherAt(programs, lookahead, smem);
    EXPECT_EQ(other.figures, first.figures) << what << ", " << lookahead;
    EXPECT_TRUE(other.events == first.events) << what << ", " << lookahead;
  }
}

}  // namespace tessera::sim::testing
