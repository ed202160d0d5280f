//===- Cores.cpp - The TensorCores of an interpreted launch, interleaved --===//
#include "interpret/Cores.h"

#include <algorithm>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tessera::interpret {

int CoreScheduler::next(int from) const {
  int n = (int)state_.size();
  for (int k = 1; k <= n; ++k) {
    const Core &c = state_[(from + k) % n];
    if (!c.done && (!c.waiting || c.ready()))
      return (from + k) % n;
  }
  return -1;
}

absl::Status CoreScheduler::handOff(int from) {
  int to = next(from);
  if (to >= 0) {
    running_ = to;
    cv_.notify_all();
    return absl::OkStatus();
  }
  std::vector<std::string> waits;
  for (size_t c = 0; c < state_.size(); ++c)
    if (!state_[c].done && state_[c].waiting)
      waits.push_back(absl::StrCat(name_(c), " ", state_[c].describe()));
  if (waits.empty())
    return absl::OkStatus();  // every core is done
  absl::Status deadlock = absl::FailedPreconditionError(
      absl::StrCat(who_, ": deadlock: ", absl::StrJoin(waits, "; "),
                   " (no DMA in flight and no other core can satisfy any of the waits)"));
  if (!aborted_) {
    aborted_ = true;
    error_ = deadlock;
  }
  cv_.notify_all();
  return deadlock;
}

absl::Status CoreScheduler::run(const std::function<absl::Status(int core)> &body) {
  std::vector<std::thread> threads;
  for (int c = 0; c < (int)state_.size(); ++c)
    threads.emplace_back([this, c, &body] {
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [&] { return running_ == c || aborted_; });
        if (aborted_)
          return;
      }
      absl::Status status = body(c);
      std::unique_lock<std::mutex> lock(mu_);
      state_[c].done = true;
      if (!status.ok() && !aborted_) {
        aborted_ = true;
        error_ = status;
        cv_.notify_all();
        return;
      }
      if (!aborted_)
        (void)handOff(c);
    });
  for (std::thread &t : threads)
    t.join();
  return error_;
}

absl::Status CoreScheduler::wait(int core, std::function<bool()> ready,
                                 std::function<std::string()> describe) {
  std::unique_lock<std::mutex> lock(mu_);
  Core &me = state_[core];
  me.waiting = true;
  me.ready = std::move(ready);
  me.describe = std::move(describe);
  while (!me.ready()) {
    if (absl::Status st = handOff(core); !st.ok())
      return st;
    cv_.wait(lock, [&] { return running_ == core || aborted_; });
    if (aborted_)
      return absl::AbortedError("another TensorCore of the launch stopped");
  }
  me.waiting = false;
  running_ = core;
  return absl::OkStatus();
}

void CoreClocks::join(Clock &into, const Clock &from) {
  into.resize(std::max(into.size(), from.size()), 0);
  for (size_t k = 0; k < from.size(); ++k)
    into[k] = std::max(into[k], from[k]);
}

void CoreClocks::signal(int core, const Semaphore &sem) {
  join(semaphores_[sem], clocks_[core]);
  ++clocks_[core][core];
}

void CoreClocks::waited(int core, const Semaphore &sem) {
  auto it = semaphores_.find(sem);
  if (it != semaphores_.end())
    join(clocks_[core], it->second);
}

}  // namespace tessera::interpret
