//===- Launch.cpp - TensorCore::run and Chip::runTogether -----------------===//
//
// A launch: the SMEM arguments and the checks of RunOptions (prepare), the
// executor's run, and the drain of the DMAs still in flight (finish). The
// chip runs one launch per core in step, finds deadlocks between them and
// keeps their vector clocks for cross-core race detection (Chip.h).
//
//===----------------------------------------------------------------------===//
#include <atomic>
#include <thread>

#include "absl/strings/str_join.h"
#include "sim/Executor.h"
#include "sim/Slice.h"

namespace tessera::sim {

absl::Status TensorCore::prepare(const Program &program,
                                 std::span<const uint32_t> smemInit,
                                 const RunOptions &options) {
  if (absl::Status s = smem_.write(0, smemInit); !s.ok())
    return absl::InvalidArgumentError(absl::StrFormat(
        "kernel '%s': argument block of %d words does not fit: %s",
        program.name(), smemInit.size(), s.message()));
  regs_->reset();
  dma_.setDetectRaces(options.detectRaces, &program);
  if (options.checkUninitializedReads)
    writes_.vmemWritten.assign(machine::kVmemRows / 64, 0);
  else
    writes_.vmemWritten.clear();
  writes_.recordHbm = options.recordHbmWrites;
  writes_.hbmWritten.clear();
  return absl::OkStatus();
}

absl::StatusOr<RunResult> TensorCore::finish(Executor &executor) {
  absl::StatusOr<RunResult> result = executor.outcome();
  regs_->zeroStale();  // what the run never touched reads as zero (vreg())
  // Land what is still in flight, also after a fault, so that memories and
  // semaphores are consistent for the next launch.
  int64_t end = result.ok() ? result->cycles : executor.cycle();
  absl::StatusOr<int64_t> drained = dma_.drain(end, executor.targets());
  totalCycles_ += end;
  if (!result.ok())
    return result;
  if (!drained.ok())
    return drained.status();
  result->drainCycles = *drained - end;
  result->hbmWritten = std::move(writes_.hbmWritten);
  writes_.hbmWritten.clear();
  return result;
}

absl::StatusOr<RunResult> TensorCore::run(const Program &program,
                                          std::span<const uint32_t> smemInit,
                                          const RunOptions &options) {
  if (absl::Status s = prepare(program, smemInit, options); !s.ok())
    return s;
  if (hbmPath_.empty())
    hbmPath_.restart();  // the other core is idle: the clock starts at 0
  if (dma_.iciPath().empty())
    dma_.iciPath().restart();
  Executor executor(*this, program, options);
  executor.resume();
  absl::StatusOr<RunResult> result = finish(executor);
  // Signals to the other cores, which are not running.
  if (executor.signalledOtherCores()) [[unlikely]]
    for (TensorCore *core : chipCores_)
      core->deliverPendingSignals();
  return result;
}

/// The deadlock error of `stuck` cores (each paused in a wait only another
/// core could satisfy; on a chip of two, both), running `programs`.
static absl::Status deadlock(const std::vector<const Executor *> &stuck,
                             const std::vector<const Program *> &programs) {
  std::vector<std::string> waits, kernels;
  for (const Executor *e : stuck)
    waits.push_back(e->describeWait());
  for (const Program *p : programs)
    if (std::find(kernels.begin(), kernels.end(), p->name()) == kernels.end())
      kernels.push_back(p->name());
  return absl::FailedPreconditionError(absl::StrFormat(
      "%s '%s': deadlock: %s (no DMA in flight and no signal on its way can "
      "satisfy any of the waits)",
      kernels.size() == 1 ? "kernel" : "kernels",
      absl::StrJoin(kernels, "', '"), absl::StrJoin(waits, "; ")));
}

/// One core's part of a run together (Chip::runTogether, Slice::runTogether).
struct CoreRun {
  TensorCore *core = nullptr;
  Chip *chip = nullptr;
  const Program *program = nullptr;
  std::span<const uint32_t> smemInit;
  RunOptions options;
  /// How a deadlock names the core: "core 1", or "chip 2 core 0".
  std::string who;
};

/// The scheduler of runs together, shared by a chip and a slice: the
/// runs of one group (a chip's cores, or a slice's) in step. A group that
/// is told other groups run beside it (Slice::runChipsApart) stops when
/// each of its cores has ended or waits for what only another core can
/// give, and leaves the deadlock to the caller, who sees every group.
struct CoreRunner {
  CoreRunner(std::vector<CoreRun> runs, std::vector<absl::StatusOr<RunResult>> results)
      : runs(std::move(runs)), results(std::move(results)) {}

  /// Prepares the cores and their executors. `othersBeside`: runs of other
  /// groups go on at the same time.
  void start(bool othersBeside);
  /// Steps the core furthest behind until every core has ended; a
  /// deadlock is reported at once (reportDeadlock), or left for the caller
  /// with the stuck cores still running.
  void step(int64_t lookahead, bool reportDeadlock);
  /// The cores still running (all stuck, after step without reporting).
  std::vector<size_t> stillRunning() const;
  /// Ends run i with `error` (a deadlock found by the caller).
  void abort(size_t i, const absl::Status &error);
  /// The results, once every core has ended.
  std::vector<absl::StatusOr<RunResult>> finish();

  /// start, step and finish of one group alone.
  static std::vector<absl::StatusOr<RunResult>> run(std::vector<CoreRun> runs,
                                                    std::vector<absl::StatusOr<RunResult>> results,
                                                    int64_t lookahead) {
    CoreRunner group(std::move(runs), std::move(results));
    group.start(/*othersBeside=*/false);
    group.step(lookahead, /*reportDeadlock=*/true);
    return group.finish();
  }

  std::vector<CoreRun> runs;
  std::vector<absl::StatusOr<RunResult>> results;
  std::vector<std::unique_ptr<Executor>> executors;
  std::vector<Chip *> chips;
  std::vector<bool> running;
  /// Cross-core race detection, per chip (HBM is what its cores share).
  std::vector<std::unique_ptr<HappensBefore>> orders;
  /// Runs of other groups go on beside this one: a core alone in its group
  /// still pauses every `lookahead` cycles (a wait only another core could
  /// satisfy pauses, stuck, instead of faulting), as it would beside them.
  bool othersBeside = false;

private:
  void end(size_t i);
};

void CoreRunner::start(bool beside) {
  othersBeside = beside;
  executors.resize(runs.size());
  for (size_t i = 0; i < runs.size(); ++i) {
    if (!runs[i].core)
      continue;  // an invalid launch: its result says why
    TensorCore &core = *runs[i].core;
    if (absl::Status s = core.prepare(*runs[i].program, runs[i].smemInit, runs[i].options);
        !s.ok()) {
      results[i] = s;
      continue;
    }
    executors[i] = std::make_unique<Executor>(core, *runs[i].program, runs[i].options);
    executors[i]->setName(runs[i].who);
  }
  for (const CoreRun &r : runs)
    if (r.chip && std::find(chips.begin(), chips.end(), r.chip) == chips.end())
      chips.push_back(r.chip);
  for (Chip *chip : chips)
    for (DmaPath *path : {chip->hbmPath_.get(), &chip->core(0).dma_.iciPath()})
      if (path->empty())
        path->restart();
  running.resize(runs.size());
  for (size_t i = 0; i < runs.size(); ++i)
    running[i] = executors[i] != nullptr;
  // Cores beside each other may signal each other; the vector clocks of
  // cross-core race detection (per chip: HBM is what its cores share) run
  // if every launch on the chip detects races.
  orders.resize(chips.size());
  if (othersBeside || std::count(running.begin(), running.end(), true) > 1) {
    for (size_t c = 0; c < chips.size(); ++c) {
      bool races = true;
      int onChip = 0;
      for (size_t i = 0; i < runs.size(); ++i)
        if (running[i] && runs[i].chip == chips[c]) {
          races = races && runs[i].options.detectRaces;
          ++onChip;
        }
      if (races && onChip > 1)
        orders[c] = std::make_unique<HappensBefore>();
    }
    for (size_t i = 0; i < runs.size(); ++i)
      if (executors[i])
        executors[i]->runBeside(
            orders[std::find(chips.begin(), chips.end(), runs[i].chip) - chips.begin()].get());
  }
}

void CoreRunner::end(size_t i) {
  running[i] = false;
  size_t c = std::find(chips.begin(), chips.end(), runs[i].chip) - chips.begin();
  if (orders[c])
    orders[c]->ended(runs[i].core->index());
}

void CoreRunner::step(int64_t lookahead, bool reportDeadlock) {
  lookahead = std::clamp<int64_t>(lookahead, 1, kMaxLookahead);
  // Step the core furthest behind; it may run up to `lookahead` past the
  // next one (at most kMaxLookahead: less than the earliest cycle a DMA
  // another core starts could move or a signal it sends could arrive).
  // When every core still running waits for what only another can give,
  // none ever will: a deadlock, reported at once.
  while (true) {
    size_t behind = runs.size();
    for (size_t i = 0; i < runs.size(); ++i)
      if (running[i] && (behind == runs.size() ||
                         executors[i]->cycle() < executors[behind]->cycle()))
        behind = i;
    if (behind == runs.size())
      return;
    int64_t horizon = othersBeside ? executors[behind]->cycle() + lookahead : DmaPath::kNever;
    for (size_t i = 0; i < runs.size(); ++i)
      if (running[i] && i != behind)
        horizon = std::min(horizon, executors[i]->cycle() + lookahead);
    if (executors[behind]->resume(horizon)) {
      end(behind);
      continue;
    }
    std::vector<size_t> stuck = stillRunning();
    if (!std::all_of(stuck.begin(), stuck.end(), [&](size_t i) { return executors[i]->stuck(); }))
      continue;
    if (!reportDeadlock)
      return;
    std::vector<const Executor *> waiting;
    std::vector<const Program *> programs;
    for (size_t i : stuck) {
      waiting.push_back(executors[i].get());
      programs.push_back(runs[i].program);
    }
    absl::Status error = deadlock(waiting, programs);
    for (size_t i : stuck)
      abort(i, error);
  }
}

std::vector<size_t> CoreRunner::stillRunning() const {
  std::vector<size_t> out;
  for (size_t i = 0; i < runs.size(); ++i)
    if (running[i])
      out.push_back(i);
  return out;
}

void CoreRunner::abort(size_t i, const absl::Status &error) {
  executors[i]->abort(error);
  end(i);
}

std::vector<absl::StatusOr<RunResult>> CoreRunner::finish() {
  for (size_t i = 0; i < runs.size(); ++i)
    if (executors[i])
      results[i] = runs[i].core->finish(*executors[i]);
  // Signals and remote data to cores whose runs have ended land now
  // (semaphores and memories persist).
  for (Chip *chip : chips)
    for (const std::unique_ptr<TensorCore> &core : chip->cores_)
      core->deliverPendingSignals();
  return std::move(results);
}

std::vector<absl::StatusOr<RunResult>>
Chip::runTogether(std::span<const CoreLaunch> launches, int64_t lookahead) {
  std::vector<absl::StatusOr<RunResult>> results(
      launches.size(), absl::UnknownError("not run"));
  std::vector<CoreRun> runs(launches.size());
  std::array<bool, machine::kCoresPerChip> used{};
  for (size_t i = 0; i < launches.size(); ++i) {
    const CoreLaunch &l = launches[i];
    if (l.core < 0 || l.core >= machine::kCoresPerChip || !l.program) {
      results[i] = absl::InvalidArgumentError(absl::StrFormat(
          "runTogether: launch %d names core %d (a chip has cores 0 to %d) "
          "or no program",
          i, l.core, machine::kCoresPerChip - 1));
      continue;
    }
    if (used[l.core]) {
      results[i] = absl::InvalidArgumentError(absl::StrFormat(
          "runTogether: launch %d runs on core %d, which an earlier launch "
          "already runs on",
          i, l.core));
      continue;
    }
    used[l.core] = true;
    runs[i] = CoreRun{cores_[l.core].get(), this, l.program, l.smemInit, l.options,
                      absl::StrFormat("core %d", l.core)};
  }
  return CoreRunner::run(std::move(runs), std::move(results), lookahead);
}

std::vector<CoreRun> Slice::coreRuns(std::span<const SliceLaunch> launches,
                                     std::vector<absl::StatusOr<RunResult>> &results) {
  std::vector<CoreRun> runs(launches.size());
  std::vector<std::pair<int, int>> used;
  for (size_t i = 0; i < launches.size(); ++i) {
    const SliceLaunch &l = launches[i];
    if (l.chip < 0 || l.chip >= numChips() || l.core < 0 ||
        l.core >= machine::kCoresPerChip || !l.program) {
      results[i] = absl::InvalidArgumentError(absl::StrFormat(
          "runTogether: launch %d names chip %d core %d (the slice has chips 0 to %d, each "
          "cores 0 to %d) or no program",
          i, l.chip, l.core, numChips() - 1, machine::kCoresPerChip - 1));
      continue;
    }
    if (std::find(used.begin(), used.end(), std::pair{l.chip, l.core}) != used.end()) {
      results[i] = absl::InvalidArgumentError(absl::StrFormat(
          "runTogether: launch %d runs on chip %d core %d, which an earlier launch already "
          "runs on",
          i, l.chip, l.core));
      continue;
    }
    used.push_back({l.chip, l.core});
    Chip &c = *chips_[l.chip];
    runs[i] = CoreRun{c.cores_[l.core].get(), &c, l.program, l.smemInit, l.options,
                      absl::StrFormat("chip %d core %d", l.chip, l.core)};
  }
  return runs;
}

std::vector<absl::StatusOr<RunResult>>
Slice::runTogether(std::span<const SliceLaunch> launches, int64_t lookahead) {
  std::vector<absl::StatusOr<RunResult>> results(
      launches.size(), absl::UnknownError("not run"));
  std::vector<CoreRun> runs = coreRuns(launches, results);
  return CoreRunner::run(std::move(runs), std::move(results), lookahead);
}

std::vector<absl::StatusOr<RunResult>>
Slice::runChipsApart(std::span<const SliceLaunch> launches, int threads) {
  bool apart = threads > 1 && std::none_of(launches.begin(), launches.end(), [](const auto &l) {
    return !l.program || l.program->reachesOtherChips();
  });
  std::vector<absl::StatusOr<RunResult>> results(
      launches.size(), absl::UnknownError("not run"));
  std::vector<CoreRun> runs = coreRuns(launches, results);
  // The launches of each chip (in launch order), chips in order.
  std::vector<std::vector<size_t>> groups;
  for (size_t i = 0; i < runs.size() && apart; ++i) {
    if (!runs[i].core) {
      apart = false;  // an invalid launch: runTogether reports it
      break;
    }
    auto same = std::find_if(groups.begin(), groups.end(), [&](const std::vector<size_t> &g) {
      return runs[g.front()].chip == runs[i].chip;
    });
    if (same == groups.end())
      groups.push_back({i});
    else
      same->push_back(i);
  }
  if (!apart || groups.size() < 2)
    return CoreRunner::run(std::move(runs), std::move(results), kMaxLookahead);
  // One runner per chip, each on that chip's own interconnect path (no
  // remote DMA moves on it, but every DMA engine advances its path, which
  // the slice's chips share).
  std::vector<std::unique_ptr<CoreRunner>> runners;
  for (const std::vector<size_t> &group : groups) {
    std::vector<CoreRun> own;
    for (size_t i : group)
      own.push_back(runs[i]);
    runners.push_back(std::make_unique<CoreRunner>(
        std::move(own),
        std::vector<absl::StatusOr<RunResult>>(group.size(), absl::UnknownError("not run"))));
    Chip &chip = *runs[group.front()].chip;
    for (const std::unique_ptr<TensorCore> &core : chip.cores_)
      core->dma_.setIciPath(*chip.iciPath_);
  }
  // Each thread takes the next chip until none is left, and runs it until
  // its cores end or wait for what only another core could give.
  std::atomic<size_t> next = 0;
  auto work = [&] {
    for (size_t g; (g = next.fetch_add(1)) < runners.size();) {
      runners[g]->start(/*othersBeside=*/true);
      runners[g]->step(kMaxLookahead, /*reportDeadlock=*/false);
    }
  };
  std::vector<std::thread> helpers;
  for (int t = 1; t < std::min<int>(threads, int(runners.size())); ++t)
    helpers.emplace_back(work);
  work();
  for (std::thread &t : helpers)
    t.join();
  // Cores still running wait for what no core of any chip can give: one
  // deadlock naming them all, in launch order, as runTogether reports it.
  std::vector<std::pair<size_t, size_t>> stuck;  // (launch, runner)
  for (size_t g = 0; g < runners.size(); ++g)
    for (size_t k : runners[g]->stillRunning())
      stuck.push_back({groups[g][k], g});
  std::sort(stuck.begin(), stuck.end());
  if (stuck.size() == 1) {
    // The last core running, alone: it faults as it would at the end of a
    // run together (no other core is still running to signal it).
    CoreRunner &alone = *runners[stuck.front().second];
    alone.othersBeside = false;
    alone.step(kMaxLookahead, /*reportDeadlock=*/true);
  } else if (!stuck.empty()) {
    std::vector<const Executor *> waiting;
    std::vector<const Program *> programs;
    for (auto [launch, g] : stuck) {
      size_t k = std::find(groups[g].begin(), groups[g].end(), launch) - groups[g].begin();
      waiting.push_back(runners[g]->executors[k].get());
      programs.push_back(runs[launch].program);
    }
    absl::Status error = deadlock(waiting, programs);
    for (auto [launch, g] : stuck)
      runners[g]->abort(
          std::find(groups[g].begin(), groups[g].end(), launch) - groups[g].begin(), error);
  }
  for (size_t g = 0; g < runners.size(); ++g) {
    std::vector<absl::StatusOr<RunResult>> own = runners[g]->finish();
    for (size_t k = 0; k < groups[g].size(); ++k)
      results[groups[g][k]] = std::move(own[k]);
    for (const std::unique_ptr<TensorCore> &core : runs[groups[g].front()].chip->cores_)
      core->dma_.setIciPath(*ici_);
  }
  return results;
}

}  // namespace tessera::sim
