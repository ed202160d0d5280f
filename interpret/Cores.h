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
//===----------------------------------------------------------------------===//
#pragma once

#include <condition_variable>
#include <functional>
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

}  // namespace tessera::interpret
