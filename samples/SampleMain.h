//===- SampleMain.h - What every sample does with its flags ---------------===//
//
// The samples share one contract: by default they print the HLO-style
// program, the machine listing and the numeric check; --dump=hlo|ir|listing
// prints that one thing alone (--dump=ir takes --stage=NAME, default
// "optimized"). They exit non-zero when the numeric check fails or the
// program fails.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dsl/tessera.h"

namespace tessera::samples {

struct SampleFlags {
  std::string dump;            // "", "hlo", "ir", "listing"
  std::string stage = "optimized";
  /// --interpret: the samples' kernels run in interpret mode
  /// (`.interpret = flags.interpret`; README, "Interpret mode").
  bool interpret = false;
  /// --profile: after the run, its profile (Compiled::profile(); README,
  /// "Profiles and timelines") instead of the HLO and the listing.
  bool profile = false;
  /// --trace=FILE.json: the run's timeline (Compiled::trace) is written to
  /// FILE.json; the HLO and the listing are not printed.
  std::string trace;
  std::vector<std::string> rest;  // flags the sample handles itself
  std::string usage;              // every flag this sample takes

  /// The value of `--NAME=N` among `rest` (the last one given), or `fallback`.
  int64_t number(const std::string &name, int64_t fallback) const;
  /// The values of `--NAME=N,N,...` among `rest` (the last one given), or
  /// `fallback`.
  std::vector<int64_t> numbers(const std::string &name, std::vector<int64_t> fallback) const;
  /// The value of `--NAME=on|off` among `rest` (the last one given), or
  /// `fallback`; another value is a usage error.
  bool onOff(const std::string &name, bool fallback) const;
  /// Whether `--NAME` (a switch, or --NAME=VALUE) is among `rest`.
  bool has(const std::string &name) const;
  /// pl::Buffered(N) of `--buffers=N`; none without it (the compiler's
  /// default: BlockSpec::pipeline_mode).
  std::optional<pl::Buffered> buffered() const {
    if (!has("buffers"))
      return std::nullopt;
    return pl::Buffered{(int)number("buffers", 2)};
  }
};

/// Parses --dump / --stage / --interpret / --profile / --trace; the
/// sample's own flags, `own` (as its usage spells them: "--rows=N",
/// "--no-opt", "--only=NAME"), are left in `rest`. Any other argument, or a
/// number flag whose value is not an integer, prints the sample's usage to
/// stderr and exits with code 2: a mistyped flag never runs the defaults.
SampleFlags parseFlags(int argc, char **argv, std::vector<std::string> own = {});

/// Prints what the flags ask for of `compiled`, runs `check` when the
/// whole report is asked for, and returns the process exit code. Errors
/// (tessera::Error) are printed to stderr and give exit code 1.
int report(const SampleFlags &flags, const std::function<Compiled()> &compile,
           const std::function<bool(const Compiled &)> &check);

/// `file` with `part` before its extension: "t.json", "512" -> "t.512.json"
/// (`part` empty: `file`).
std::string tracePath(const std::string &file, const std::string &part);

/// What --profile and --trace=FILE ask of the last run of `c`: its profile
/// (the hottest bundles of its annotated listing) on stdout, its timeline
/// in tracePath(FILE, part).
void showRun(const SampleFlags &flags, const Compiled &c, const std::string &part = "");

/// Runs `c` on `args` and prints "LABEL: the result is exact" (or "wrong",
/// after the first mismatch) against `want`; `exact` says which. The
/// launch's statistics, or none (the error printed) when the run fails.
std::optional<runtime::LaunchStats> runAndCompare(const std::string &label, const Compiled &c,
                                                  const std::vector<Array> &args,
                                                  const std::vector<float> &want, bool &exact);

/// Compares two vectors exactly and prints the first mismatch; `first`
/// is the index of got[0] in the whole result (a check in pieces).
bool expectEqual(const std::vector<float> &got, const std::vector<float> &want,
                 int64_t first = 0);
bool expectEqual(const std::vector<int32_t> &got, const std::vector<int32_t> &want,
                 int64_t first = 0);

}  // namespace tessera::samples
