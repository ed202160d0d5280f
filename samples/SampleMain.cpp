//===- SampleMain.cpp - The samples' shared flags and report --------------===//
#include "samples/SampleMain.h"

#include <cstdio>
#include <cstring>
#include <iostream>

namespace tessera::samples {

SampleFlags parseFlags(int argc, char **argv) {
  SampleFlags flags;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--dump=", 0) == 0)
      flags.dump = arg.substr(7);
    else if (arg.rfind("--stage=", 0) == 0)
      flags.stage = arg.substr(8);
    else if (arg == "--interpret")
      flags.interpret = true;
    else if (arg == "--profile")
      flags.profile = true;
    else if (arg.rfind("--trace=", 0) == 0)
      flags.trace = arg.substr(8);
    else
      flags.rest.push_back(arg);
  }
  return flags;
}

int64_t SampleFlags::number(const std::string &name, int64_t fallback) const {
  std::string prefix = "--" + name + "=";
  for (const std::string &a : rest)
    if (a.rfind(prefix, 0) == 0)
      fallback = std::stoll(a.substr(prefix.size()));
  return fallback;
}

int report(const SampleFlags &flags, const std::function<Compiled()> &compile,
           const std::function<bool(const Compiled &)> &check) {
  try {
    if (!flags.dump.empty() && flags.dump != "hlo" && flags.dump != "ir" &&
        flags.dump != "listing") {
      std::cerr << "unknown --dump=" << flags.dump << "; use hlo, ir or listing\n";
      return 2;
    }
    Compiled c = compile();
    if (flags.dump == "hlo") {
      std::cout << c.hlo();
      return 0;
    }
    if (flags.dump == "ir") {
      std::cout << c.ir(flags.stage);
      return 0;
    }
    if (flags.dump == "listing") {
      std::cout << c.listing();
      return 0;
    }
    if (!flags.profile && flags.trace.empty())
      std::cout << "=== HLO ===\n" << c.hlo() << "\n=== listing ===\n" << c.listing() << "\n";
    bool ok = check(c);
    for (const auto &launch : c.last_run())
      if (flags.interpret)
        std::cout << "kernel '" << launch.kernel << "': interpreted (no cycles)\n";
      else
        std::cout << "kernel '" << launch.kernel << "': " << launch.run.cycles << " cycles ("
                  << launch.run.bundlesExecuted << " bundles, " << launch.run.stallCycles
                  << " stalled in vwait), " << launch.run.dmaBytes << " bytes moved by DMA\n";
    if (flags.profile) {
      // The annotated listing shows the hottest bundles only: the samples'
      // listings run to thousands of lines.
      constexpr size_t kHottestBundles = 40;
      Profile profile = c.profile();
      std::cout << "\n=== profile ===\n"
                << (profile.launches.empty()
                        ? std::string("no machine code ran (interpret mode): nothing to profile\n")
                        : profile.str(kHottestBundles))
                << "\n";
    }
    if (!flags.trace.empty()) {
      c.trace(flags.trace);
      std::cout << "timeline written to " << flags.trace
                << " (open it in ui.perfetto.dev or chrome://tracing)\n";
    }
    std::cout << "numeric check: " << (ok ? "PASS" : "FAIL") << "\n";
    return ok ? 0 : 1;
  } catch (const Error &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}

template <class T>
static bool expectEqualImpl(const std::vector<T> &got, const std::vector<T> &want) {
  if (got.size() != want.size()) {
    std::cout << "size mismatch: got " << got.size() << ", want " << want.size() << "\n";
    return false;
  }
  for (size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
      std::cout << "mismatch at element " << i << ": got " << got[i] << ", want " << want[i]
                << "\n";
      return false;
    }
  return true;
}

std::optional<runtime::LaunchStats> runAndCompare(const std::string &label, const Compiled &c,
                                                  const std::vector<Array> &args,
                                                  const std::vector<float> &want, bool &exact) {
  auto out = c.run(args);
  if (!out.ok()) {
    std::cout << "error: " << out.status().message() << "\n";
    exact = false;
    return std::nullopt;
  }
  exact = expectEqual(out->front().to_f32(), want);
  std::cout << label << ": the result is " << (exact ? "exact" : "wrong") << "\n";
  return c.last_run().front();
}

bool expectEqual(const std::vector<float> &got, const std::vector<float> &want) {
  return expectEqualImpl(got, want);
}
bool expectEqual(const std::vector<int32_t> &got, const std::vector<int32_t> &want) {
  return expectEqualImpl(got, want);
}

}  // namespace tessera::samples
