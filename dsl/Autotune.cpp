//===- Autotune.cpp - Choose a kernel's configuration by simulating each --===//
#include "dsl/Autotune.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "runtime/Program.h"

namespace tessera {
namespace {

/// The figures of `c`'s run on `args` (run with tracing, for the profile).
AutotuneRow measure(const Compiled &c, const std::vector<Array> &args) {
  AutotuneRow row;
  bool interpreted = false;
  for (const runtime::OuterProgram::Call &call : c.program().calls) {
    row.vmemBytes = std::max(row.vmemBytes, call.kernel->vmemBytes());
    interpreted = interpreted || call.kernel->interpret != nullptr;
  }
  if (interpreted) {  // no cycles to compare: it runs, that is all
    auto out = c.run(args);
    if (!out.ok())
      throw Error(std::string(out.status().message()));
    row.bound = "interpreted";
    return row;
  }
  Profile profile = c.profile(args);
  for (const runtime::LaunchStats &launch : c.last_run())
    row.cycles += launch.run.cycles + launch.run.drainCycles;
  // The longest launch (core) says what bounds the run: its busiest
  // resource among HBM, the MXUs and the vector units.
  const sim::KernelProfile *longest = nullptr;
  for (const sim::KernelProfile &p : profile.launches)
    if (!longest || p.cycles > longest->cycles)
      longest = &p;
  if (longest) {
    sim::KernelProfile::Busiest busiest = longest->busiest();
    row.bound = busiest.name;
    row.boundFraction = busiest.fraction;
  }
  return row;
}

}  // namespace

std::string AutotuneTable::str() const {
  std::string out = absl::StrFormat("  %-30s %10s %8s  %-18s %10s\n", "candidate", "cycles",
                                    "% bound", "bound", "VMEM KiB");
  for (size_t i = 0; i < rows.size(); ++i) {
    const AutotuneRow &r = rows[i];
    std::string mark = best && *best == i ? "*" : " ";
    if (!r.error.empty()) {
      absl::StrAppend(&out, mark, " ", absl::StrFormat("%-30s", r.name), " failed: ", r.error,
                      "\n");
      continue;
    }
    absl::StrAppend(&out, mark,
                    absl::StrFormat(" %-30s %10d %7.1f%%  %-18s %10d\n", r.name, r.cycles,
                                    100.0 * r.boundFraction, r.bound, r.vmemBytes / 1024));
  }
  return out;
}

namespace detail {

AutotuneTable autotunePrograms(const std::vector<std::string> &names,
                               const std::function<Compiled(size_t)> &compileCandidate,
                               const std::vector<Array> &args,
                               std::optional<Compiled> &compiled) {
  if (names.empty())
    throw Error("autotune: no candidates to try");
  AutotuneTable table;
  for (size_t i = 0; i < names.size(); ++i) {
    AutotuneRow row;
    try {
      Compiled c = compileCandidate(i);
      row = measure(c, args);
      if (!table.best || row.cycles < table.rows[*table.best].cycles) {
        table.best = i;
        compiled = std::move(c);
      }
    } catch (const Error &e) {
      row = AutotuneRow{};
      row.error = e.what();
      // One line in the table: the first of the message.
      row.error = row.error.substr(0, row.error.find('\n'));
    }
    row.name = names[i];
    table.rows.push_back(std::move(row));
  }
  if (!table.best) {
    std::string message = "autotune: no candidate ran:";
    for (const AutotuneRow &r : table.rows)
      absl::StrAppend(&message, "\n  ", r.name, ": ", r.error);
    throw Error(message);
  }
  return table;
}

}  // namespace detail
}  // namespace tessera
