//===- Launch.cpp - TensorCore::run and Chip::runTogether -----------------===//
//
// A launch: the SMEM arguments and the checks of RunOptions (prepare), the
// executor's run, and the drain of the DMAs still in flight (finish). The
// chip runs one launch per core in step, finds deadlocks between them and
// keeps their vector clocks for cross-core race detection (Chip.h).
//
//===----------------------------------------------------------------------===//
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
/// core could satisfy; on a chip of two, both) running `kernels`.
static absl::Status deadlock(const std::vector<const Executor *> &stuck,
                             const std::vector<std::string> &kernels) {
  std::vector<std::string> waits;
  for (const Executor *e : stuck)
    waits.push_back(e->describeWait());
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

/// The scheduler of runs together, shared by a chip and a slice.
struct CoreRunner {
  static std::vector<absl::StatusOr<RunResult>> run(std::vector<CoreRun> &runs,
                                                    std::vector<absl::StatusOr<RunResult>> results,
                                                    int64_t lookahead);
};

std::vector<absl::StatusOr<RunResult>>
CoreRunner::run(std::vector<CoreRun> &runs, std::vector<absl::StatusOr<RunResult>> results,
                int64_t lookahead) {
  lookahead = std::clamp<int64_t>(lookahead, 1, kMaxLookahead);
  std::vector<std::unique_ptr<Executor>> executors(runs.size());
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
  std::vector<Chip *> chips;
  for (const CoreRun &r : runs)
    if (r.chip && std::find(chips.begin(), chips.end(), r.chip) == chips.end())
      chips.push_back(r.chip);
  for (Chip *chip : chips)
    for (DmaPath *path : {chip->hbmPath_.get(), &chip->core(0).dma_.iciPath()})
      if (path->empty())
        path->restart();
  std::vector<bool> running(runs.size());
  for (size_t i = 0; i < runs.size(); ++i)
    running[i] = executors[i] != nullptr;
  // Cores beside each other may signal each other; the vector clocks of
  // cross-core race detection (per chip: HBM is what its cores share) run
  // if every launch on the chip detects races.
  std::vector<std::unique_ptr<HappensBefore>> orders(chips.size());
  if (std::count(running.begin(), running.end(), true) > 1) {
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
  auto end = [&](size_t i) {
    running[i] = false;
    size_t c = std::find(chips.begin(), chips.end(), runs[i].chip) - chips.begin();
    if (orders[c])
      orders[c]->ended(runs[i].core->index());
  };
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
      break;
    int64_t horizon = DmaPath::kNever;
    for (size_t i = 0; i < runs.size(); ++i)
      if (running[i] && i != behind)
        horizon = std::min(horizon, executors[i]->cycle() + lookahead);
    if (executors[behind]->resume(horizon)) {
      end(behind);
      continue;
    }
    std::vector<const Executor *> stuck;
    std::vector<std::string> kernels;
    bool all = true;
    for (size_t i = 0; i < runs.size() && all; ++i) {
      if (!running[i])
        continue;
      all = executors[i]->stuck();
      stuck.push_back(executors[i].get());
      if (std::find(kernels.begin(), kernels.end(), runs[i].program->name()) == kernels.end())
        kernels.push_back(runs[i].program->name());
    }
    if (!all)
      continue;
    absl::Status error = deadlock(stuck, kernels);
    for (size_t i = 0; i < runs.size(); ++i)
      if (running[i]) {
        executors[i]->abort(error);
        end(i);
      }
  }
  for (size_t i = 0; i < runs.size(); ++i)
    if (executors[i])
      results[i] = runs[i].core->finish(*executors[i]);
  // Signals and remote data to cores whose runs have ended land now
  // (semaphores and memories persist).
  for (Chip *chip : chips)
    for (const std::unique_ptr<TensorCore> &core : chip->cores_)
      core->deliverPendingSignals();
  return results;
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
  return CoreRunner::run(runs, std::move(results), lookahead);
}

std::vector<absl::StatusOr<RunResult>>
Slice::runTogether(std::span<const SliceLaunch> launches, int64_t lookahead) {
  std::vector<absl::StatusOr<RunResult>> results(
      launches.size(), absl::UnknownError("not run"));
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
  return CoreRunner::run(runs, std::move(results), lookahead);
}

}  // namespace tessera::sim
