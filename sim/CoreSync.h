//===- CoreSync.h - Semaphore signals between the cores of a chip ---------===//
//
// `vsyncadd.core` adds to a semaphore of a TensorCore of the same chip
// (Pallas' semaphore_signal with core_index). To the own core it is a
// vsyncadd; to another core it is a CoreSignal that arrives
// machine::kCrossCoreSignalCycles after issue: it waits in the target's
// queue (TensorCore::incoming_) and is delivered before the target's bundle
// of its arrival cycle issues, as a landing DMA is. Chip::runTogether keeps
// the cores less than that latency apart (kMaxLookahead), so a signal never
// arrives in a core's past and the cycles do not depend on the lookahead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <vector>

namespace tessera::sim {

/// A vsyncadd.core on its way to another core.
struct CoreSignal {
  int64_t arrival = 0;  // the first cycle a bundle of the target sees it
  uint32_t amount = 0;  // added modulo 2^32, as semaphores wrap
  uint8_t semaphore = 0;
  uint8_t from = 0;  // the sending core
  uint64_t seq = 0;  // the sender's count of signals, for a stable order

  /// Delivery order: by arrival, then sender and send order, so that the
  /// order does not depend on which core the simulator ran first.
  bool before(const CoreSignal &other) const;
};

/// Adds `amount` to a semaphore modulo 2^32 (semaphores wrap like the
/// 32-bit registers they are).
inline void addToSemaphore(int32_t &semaphore, uint32_t amount) {
  semaphore = static_cast<int32_t>(static_cast<uint32_t>(semaphore) + amount);
}

/// Inserts `signal` into `queue`, kept in delivery order.
void enqueueSignal(std::vector<CoreSignal> &queue, const CoreSignal &signal);

}  // namespace tessera::sim
