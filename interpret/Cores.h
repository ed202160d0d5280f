//===- Cores.h - The TensorCores of an interpreted launch, interleaved ----===//
//
// Interpret mode runs a kernel launched on several TensorCores (a
// TensorCoreMesh of 2, a megacore pallas_call) one core at a time, each on a
// thread of its own that runs only while it holds the baton: a core runs
// until it finishes or waits for a semaphore that only another core can
// signal, then hands the baton to the next core that can go on, in core
// order. So the interleaving is deterministic, and a wait nothing can
// satisfy any more (every core still running waits) is a deadlock, reported
// with each core's wait instead of hanging.
//
// CoreClocks orders what the cores do (InterpretParams::detect_races): the
// vector clocks of Pallas' interpret mode. Each core has a clock with an
// entry per core, its own starting at 1; a signal to another core carries
// the sender's clock into the target semaphore's, and the sender's own entry
// then advances; a wait that returns joins its semaphore's clock into the
// waiter's. An access a core finished when its own entry was e is ordered
// before whatever another core does once that core's entry for it reaches e.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"

namespace tessera::interpret {

class CoreScheduler {
public:
  /// `who` starts a deadlock's message: "k.cc:12: kernel 'k'"; `name`
  /// names a core in it ("core 1", "device 2 core 0").
  CoreScheduler(int cores, std::string who,
                std::function<std::string(int)> name = [](int c) {
                  return "core " + std::to_string(c);
                })
      : who_(std::move(who)), name_(std::move(name)), state_(cores) {}

  /// Runs body(core) for every core, one at a time, core 0 first; returns
  /// the first error (a core's own, or a deadlock). A core's body ends
  /// early with an error when another core fails.
  absl::Status run(const std::function<absl::Status(int core)> &body);

  /// Called by the running `core` when it must wait until `ready()` holds:
  /// lets the next core that can go on run, and returns once `ready()`
  /// holds and `core` runs again. An error when no core can go on (a
  /// deadlock: `describe()` of each waiting core says what it waits for)
  /// or another core failed.
  absl::Status wait(int core, std::function<bool()> ready, std::function<std::string()> describe);

private:
  struct Core {
    bool done = false;
    bool waiting = false;
    std::function<bool()> ready;
    std::function<std::string()> describe;
  };
  /// The next core after `from` that can go on, or -1. Holds mu_.
  int next(int from) const;
  /// Hands the baton on from `from` (waiting or done); an error when no core
  /// can go on but some wait. Holds mu_.
  absl::Status handOff(int from);

  std::string who_;
  std::function<std::string(int)> name_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Core> state_;
  int running_ = 0;
  bool aborted_ = false;
  absl::Status error_;
};

/// The vector clocks of an interpreted launch's cores (file comment).
/// Semaphores are named by a key of the caller's (its buffer and index).
class CoreClocks {
public:
  using Clock = std::vector<int64_t>;
  using Semaphore = std::pair<int, int64_t>;

  explicit CoreClocks(int cores) : clocks_(cores, Clock(cores, 0)) {
    for (int c = 0; c < cores; ++c)
      clocks_[c][c] = 1;
  }
  /// `core` signals semaphore `sem` of another core: the semaphore's clock
  /// joins the sender's, whose own entry then advances.
  void signal(int core, const Semaphore &sem);
  /// A wait of `core` on `sem` returned: its clock joins the semaphore's.
  void waited(int core, const Semaphore &sem);
  /// `core`'s own entry: an access it finishes now has this epoch.
  int64_t epoch(int core) const { return clocks_[core][core]; }
  /// Whether an access `core` finished at `epoch` (-1: not yet) is ordered
  /// before what `other` does from now on.
  bool orderedBefore(int core, int64_t epoch, int other) const {
    return core == other || (epoch >= 0 && clocks_[other][core] >= epoch);
  }

private:
  static void join(Clock &into, const Clock &from);
  std::vector<Clock> clocks_;
  std::map<Semaphore, Clock> semaphores_;
};

}  // namespace tessera::interpret
