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

namespace tessera::sim {

absl::Status TensorCore::prepare(const Program &program,
                                 std::span<const uint32_t> smemInit,
                                 const RunOptions &options) {
  if (absl::Status s = smem_.write(0, smemInit); !s.ok())
    return absl::InvalidArgumentError(absl::StrFormat(
        "kernel '%s': argument block of %d words does not fit: %s",
        program.name(), smemInit.size(), s.message()));
  regs_->reset();
  dma_.setDetectRaces(options.detectRaces);
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

std::vector<absl::StatusOr<RunResult>>
Chip::runTogether(std::span<const CoreLaunch> launches, int64_t lookahead) {
  lookahead = std::clamp<int64_t>(lookahead, 1, kMaxLookahead);
  std::vector<absl::StatusOr<RunResult>> results(
      launches.size(), absl::UnknownError("not run"));
  std::vector<std::unique_ptr<Executor>> executors(launches.size());
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
    TensorCore &core = *cores_[l.core];
    if (absl::Status s = core.prepare(*l.program, l.smemInit, l.options);
        !s.ok()) {
      results[i] = s;
      continue;
    }
    executors[i] = std::make_unique<Executor>(core, *l.program, l.options);
  }
  if (hbmPath_->empty())
    hbmPath_->restart();
  std::vector<bool> running(launches.size());
  for (size_t i = 0; i < launches.size(); ++i)
    running[i] = executors[i] != nullptr;
  // Cores beside each other may signal each other; the vector clocks of
  // cross-core race detection run if every launch detects races.
  std::unique_ptr<HappensBefore> order;
  if (std::count(running.begin(), running.end(), true) > 1) {
    bool races = true;
    for (size_t i = 0; i < launches.size(); ++i)
      races = races && (!running[i] || launches[i].options.detectRaces);
    if (races)
      order = std::make_unique<HappensBefore>();
    for (const std::unique_ptr<Executor> &e : executors)
      if (e)
        e->runBeside(order.get());
  }
  auto end = [&](size_t i) {
    running[i] = false;
    if (order)
      order->ended(launches[i].core);
  };
  // Step the core furthest behind; it may run up to `lookahead` past the
  // next one (at most kMaxLookahead: less than the earliest cycle a DMA
  // another core starts could move or a signal it sends could arrive).
  // When every core still running waits for what only another can give,
  // none ever will: a deadlock, reported at once.
  while (true) {
    size_t behind = launches.size();
    for (size_t i = 0; i < launches.size(); ++i)
      if (running[i] && (behind == launches.size() ||
                         executors[i]->cycle() < executors[behind]->cycle()))
        behind = i;
    if (behind == launches.size())
      break;
    int64_t horizon = DmaPath::kNever;
    for (size_t i = 0; i < launches.size(); ++i)
      if (running[i] && i != behind)
        horizon = std::min(horizon, executors[i]->cycle() + lookahead);
    if (executors[behind]->resume(horizon)) {
      end(behind);
      continue;
    }
    std::vector<const Executor *> stuck;
    std::vector<std::string> kernels;
    bool all = true;
    for (size_t i = 0; i < launches.size() && all; ++i) {
      if (!running[i])
        continue;
      all = executors[i]->stuck();
      stuck.push_back(executors[i].get());
      if (std::find(kernels.begin(), kernels.end(),
                    launches[i].program->name()) == kernels.end())
        kernels.push_back(launches[i].program->name());
    }
    if (!all)
      continue;
    absl::Status error = deadlock(stuck, kernels);
    for (size_t i = 0; i < launches.size(); ++i)
      if (running[i]) {
        executors[i]->abort(error);
        end(i);
      }
  }
  for (size_t i = 0; i < launches.size(); ++i)
    if (executors[i])
      results[i] = cores_[launches[i].core]->finish(*executors[i]);
  // Signals to cores whose runs have ended land now (semaphores persist).
  for (const std::unique_ptr<TensorCore> &core : cores_)
    core->deliverPendingSignals();
  return results;
}

}  // namespace tessera::sim
