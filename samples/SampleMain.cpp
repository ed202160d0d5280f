//===- SampleMain.cpp - The samples' shared flags and report --------------===//
#include "samples/SampleMain.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace tessera::samples {

namespace {

/// The name part of a flag as a usage spells it or a user types it:
/// "--rows" of "--rows=N", "--no-opt" of "--no-opt".
std::string flagName(const std::string &flag) { return flag.substr(0, flag.find('=')); }

[[noreturn]] void usageError(const SampleFlags &flags, const std::string &what) {
  std::cerr << what << "\nusage: " << flags.usage << "\n";
  std::exit(2);
}

/// `text` as a decimal integer, or nullopt.
std::optional<int64_t> integerOf(const std::string &text) {
  char *end = nullptr;
  errno = 0;
  long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE)
    return std::nullopt;
  return value;
}

}  // namespace

SampleFlags parseFlags(int argc, char **argv, std::vector<std::string> own) {
  SampleFlags flags;
  std::string program = argc > 0 ? argv[0] : "sample";
  flags.usage = program.substr(program.rfind('/') + 1) +
                " [--dump=hlo|ir|listing] [--stage=NAME] [--interpret] [--profile]"
                " [--trace=FILE.json]";
  for (const std::string &flag : own)
    flags.usage += " [" + flag + "]";
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
    else if (std::any_of(own.begin(), own.end(), [&](const std::string &flag) {
               // A flag with a value ("--rows=N") needs one; a switch has none.
               bool takesValue = flag.find('=') != std::string::npos;
               return flagName(flag) == flagName(arg) &&
                      takesValue == (arg.find('=') != std::string::npos);
             }))
      flags.rest.push_back(arg);
    else
      usageError(flags, "unknown flag '" + arg + "'");
  }
  return flags;
}

int64_t SampleFlags::number(const std::string &name, int64_t fallback) const {
  std::string prefix = "--" + name + "=";
  for (const std::string &a : rest)
    if (a.rfind(prefix, 0) == 0) {
      std::optional<int64_t> value = integerOf(a.substr(prefix.size()));
      if (!value)
        usageError(*this, "'" + a + "': " + name + " must be an integer");
      fallback = *value;
    }
  return fallback;
}

std::vector<int64_t> SampleFlags::numbers(const std::string &name,
                                          std::vector<int64_t> fallback) const {
  std::string prefix = "--" + name + "=";
  for (const std::string &a : rest)
    if (a.rfind(prefix, 0) == 0) {
      fallback.clear();
      std::string text = a.substr(prefix.size()) + ",";
      for (size_t at = 0, comma; (comma = text.find(',', at)) != std::string::npos;
           at = comma + 1) {
        std::optional<int64_t> value = integerOf(text.substr(at, comma - at));
        if (!value)
          usageError(*this, "'" + a + "': " + name + " must be integers separated by commas");
        fallback.push_back(*value);
      }
    }
  return fallback;
}

bool SampleFlags::onOff(const std::string &name, bool fallback) const {
  std::string prefix = "--" + name + "=";
  for (const std::string &a : rest)
    if (a.rfind(prefix, 0) == 0) {
      std::string value = a.substr(prefix.size());
      if (value != "on" && value != "off")
        usageError(*this, "'" + a + "': " + name + " is on or off");
      fallback = value == "on";
    }
  return fallback;
}

bool SampleFlags::has(const std::string &name) const {
  return std::any_of(rest.begin(), rest.end(),
                     [&](const std::string &a) { return flagName(a) == "--" + name; });
}

std::string tracePath(const std::string &file, const std::string &part) {
  if (part.empty())
    return file;
  size_t dot = file.rfind('.');
  if (dot == std::string::npos || file.find('/', dot) != std::string::npos)
    return file + "." + part;
  return file.substr(0, dot) + "." + part + file.substr(dot);
}

void showRun(const SampleFlags &flags, const Compiled &c, const std::string &part) {
  if (flags.profile) {
    // The annotated listing shows the hottest bundles only: the samples'
    // listings run to thousands of lines.
    constexpr size_t kHottestBundles = 40;
    Profile profile = c.profile();
    std::cout << "\n=== profile" << (part.empty() ? "" : " of " + part) << " ===\n"
              << (profile.launches.empty()
                      ? std::string("no machine code ran (interpret mode): nothing to profile\n")
                      : profile.str(kHottestBundles))
              << "\n";
  }
  if (!flags.trace.empty()) {
    std::string path = tracePath(flags.trace, part);
    c.trace(path);
    std::cout << "timeline written to " << path
              << " (open it in ui.perfetto.dev or chrome://tracing)\n";
  }
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
    showRun(flags, c);
    std::cout << "numeric check: " << (ok ? "PASS" : "FAIL") << "\n";
    return ok ? 0 : 1;
  } catch (const Error &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}

template <class T>
static bool expectEqualImpl(const std::vector<T> &got, const std::vector<T> &want,
                            int64_t first) {
  if (got.size() != want.size()) {
    std::cout << "size mismatch: got " << got.size() << ", want " << want.size() << "\n";
    return false;
  }
  for (size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
      std::cout << "mismatch at element " << first + (int64_t)i << ": got " << got[i]
                << ", want " << want[i] << "\n";
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

bool expectEqual(const std::vector<float> &got, const std::vector<float> &want, int64_t first) {
  return expectEqualImpl(got, want, first);
}
bool expectEqual(const std::vector<int32_t> &got, const std::vector<int32_t> &want,
                 int64_t first) {
  return expectEqualImpl(got, want, first);
}

}  // namespace tessera::samples
