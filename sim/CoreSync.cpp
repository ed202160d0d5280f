//===- CoreSync.cpp - The queue of signals between cores -----------------===//
#include "sim/CoreSync.h"

#include <algorithm>
#include <tuple>

namespace tessera::sim {

bool CoreSignal::before(const CoreSignal &other) const {
  return std::tie(arrival, from, seq) <
         std::tie(other.arrival, other.from, other.seq);
}

void enqueueSignal(std::vector<CoreSignal> &queue, const CoreSignal &signal) {
  auto at = std::upper_bound(
      queue.begin(), queue.end(), signal,
      [](const CoreSignal &a, const CoreSignal &b) { return a.before(b); });
  queue.insert(at, signal);
}

}  // namespace tessera::sim
