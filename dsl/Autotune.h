//===- Autotune.h - Choose a kernel's configuration by simulating each ----===//
//
// A kernel's best blocks depend on its sizes; on hardware one times each
// candidate and gets a noisy answer. Here the simulator is deterministic,
// so the choice is reproducible:
//
//   struct Blocks { int64_t bm, bn, bk; };
//   auto tuned = tessera::autotune(
//       [&](const Blocks &b) { return matmulProgram(b); },   // a jit-able function
//       {x, y},
//       {{"512x256x1024", {512, 256, 1024}}, {"256x256x512", {256, 256, 512}}});
//   std::cout << tuned.table.str();    // every candidate: cycles, bound, VMEM
//   Array z = tuned.compiled(x, y);    // the fastest, compiled
//
// Each candidate is compiled and run on `args` once (the run is traced for
// its profile: the unit that bounds it and how busy). A candidate that does
// not compile or fails to run (too much VMEM, a failed check) is a row with
// its error, never the choice. Candidates run one after another on the
// process's simulated chips: the same chips the program later runs on.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dsl/Jit.h"

namespace tessera {

/// One configuration to try: its name in the table and the value the
/// program is made from.
template <class Config>
struct Candidate {
  std::string name;
  Config config;
};

/// One candidate's figures.
struct AutotuneRow {
  std::string name;
  /// The run's cycles (every launch's, with the DMAs that drain after the
  /// last bundle); 0 when it failed.
  int64_t cycles = 0;
  /// The busiest resource of the longest launch, per its profile: "HBM",
  /// "MXU" or a vector unit's name ("vector load slots", "EUP", ...), and
  /// its share of that launch's cycles (the profile's verdict calls the run
  /// bound by it from 50%). "interpreted" for a program in interpret mode,
  /// which runs no cycles (its rows all show 0; the first is chosen).
  std::string bound;
  double boundFraction = 0;
  /// The most VMEM one of its kernels allocates (blocks, scratch, spills).
  int64_t vmemBytes = 0;
  /// Why the candidate failed (empty: it ran).
  std::string error;
};

/// The table of an autotune: a row per candidate, in the order given.
struct AutotuneTable {
  std::vector<AutotuneRow> rows;
  /// The fastest candidate's row index (the first among equals); nullopt
  /// when every candidate failed.
  std::optional<size_t> best;
  /// The table as text, the best marked with '*'.
  std::string str() const;
};

/// The result: the fastest candidate's configuration and program (compiled
/// and run once), and the table of all.
template <class Config>
struct Tuned {
  Config config;
  Compiled compiled;
  AutotuneTable table;
};

namespace detail {
/// Compiles and runs every candidate program; `compiled` receives the
/// best's. Throws tessera::Error when none runs (the message lists each
/// candidate's error).
AutotuneTable autotunePrograms(const std::vector<std::string> &names,
                               const std::function<Compiled(size_t)> &compileCandidate,
                               const std::vector<Array> &args,
                               std::optional<Compiled> &compiled);
}  // namespace detail

/// Compiles `make(config)` (a function jit and compile take) for each
/// candidate, runs it on `args`, and returns the fastest with the table
/// of all. Throws tessera::Error when no candidate runs, or there are none.
template <class Config, class Make>
Tuned<Config> autotune(Make make, const std::vector<Array> &args,
                       const std::vector<Candidate<Config>> &candidates,
                       std::source_location loc = std::source_location::current()) {
  std::vector<std::string> names;
  for (const Candidate<Config> &c : candidates)
    names.push_back(c.name);
  std::optional<Compiled> compiled;
  AutotuneTable table = detail::autotunePrograms(
      names,
      [&](size_t i) {
        return detail::compileFns(detail::asArraysFn(make(candidates[i].config)), args, loc);
      },
      args, compiled);
  return Tuned<Config>{candidates[*table.best].config, std::move(*compiled), std::move(table)};
}

}  // namespace tessera
