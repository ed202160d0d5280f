//===- CoreSync.h - Semaphore signals and ordering between a chip's cores -===//
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
// Cross-core race detection (HappensBefore, runTogether only). Each core's
// DMAs are checked against its own DMAs by its DmaEngine; HBM is the one
// memory two cores share, and two cores' DMAs that touch the same HBM rows,
// one of them writing, race unless a semaphore signal orders them. The
// ordering is the vector clocks of Pallas' interpret mode: every core has a
// clock (one entry per core); a signal carries its sender's clock, which
// joins the target semaphore's clock when it arrives; a wait that returns
// joins its semaphore's clock into the waiter's; a core's own entry
// advances after each signal it sends to another core. A DMA's HBM access
// is ordered before another core's access only when a wait on its core
// returned after it landed (its epoch: that core's own entry then) and the
// other core's clock had reached that epoch when its access started. Only a
// DMA's start is checked against the accesses recorded before it: an access
// recorded later started less than kCrossCoreSignalCycles after it (the
// cores run that close together), too soon for any signal to order the
// later one before the earlier.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/Dma.h"
#include "sim/MachineDesc.h"

namespace tessera::sim {

class Program;

/// One entry per core of the chip.
using VectorClock = std::array<int64_t, machine::kCoresPerChip>;

/// The data a remote DMA lands in its target's memory.
struct RemoteData {
  int64_t dmaId = 0;  // its DmaTransfer::id on the sender (race detection)
  bool toHbm = false;
  int64_t row = 0;              // the first destination row
  std::vector<uint32_t> words;  // whole 512-byte rows
};

/// A vsyncadd.core on its way to another core (or a vsyncadd.remote, or a
/// remote DMA's landing, to a core of any chip: sim/Slice.h).
struct CoreSignal {
  int64_t arrival = 0;  // the first cycle a bundle of the target sees it
  uint32_t amount = 0;  // added modulo 2^32, as semaphores wrap
  uint8_t semaphore = 0;
  /// The sending core: its index on the chip, or (from another chip)
  /// kCoresPerChip + chip * kCoresPerChip + core.
  uint16_t from = 0;
  uint64_t seq = 0;  // the sender's count of signals, for a stable order
  /// The sender's clock (HappensBefore; zero when races are not tracked,
  /// and for a signal from another chip, whose clocks are not this one's).
  VectorClock clock{};
  bool fromOtherChip = false;
  /// A remote DMA's data, landed before the semaphore grows.
  std::shared_ptr<const RemoteData> data;

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

/// The vector clocks and the HBM DMAs of the cores of one
/// Chip::runTogether, for cross-core race detection (file comment).
class HappensBefore {
public:
  /// An HBM DMA some core issued, with what the race message needs.
  struct Access {
    int core = 0;
    const Program *program = nullptr;
    DmaTransfer dma;  // its id is its engine's
    /// The issuing core's own clock entry when a wait returned after the
    /// DMA landed; -1 until then.
    int64_t waitedEpoch = -1;
  };
  /// A recorded access that a new DMA collides with.
  struct Race {
    const Access *other = nullptr;  // null: no race
    bool otherWrites = false;       // the recorded DMA writes the rows
    bool writes = false;            // the new DMA writes them (else reads)
    DmaRows rows;                   // the new DMA's colliding HBM side
  };

  HappensBefore();

  /// The clock a signal `core` sends to another core carries; the core's
  /// own entry then advances.
  VectorClock sendSignal(int core);
  /// A signal carrying `clock` arrived at semaphore `sem` of `core`.
  void signalArrived(int core, int sem, const VectorClock &clock);
  /// A vwait.ge on `sem` of `core` returned (a dma.fence if `sem` < 0):
  /// the waiter's clock joins the semaphore's, and the DMAs of `core` on
  /// that semaphore (any, for a fence) that have landed get their epoch.
  void waited(int core, int sem, const DmaEngine &engine);
  /// Checks a DMA `core` issues now against the other cores' recorded
  /// accesses; without a race, records it if it has an HBM side.
  Race issue(int core, const Program &program, const DmaTransfer &t);
  /// `core` will start no more DMAs: its clock no longer keeps others'
  /// records alive.
  void ended(int core) { running_[core] = false; }

private:
  /// Whether `a` is ordered before what `core` does from now on.
  bool orderedBefore(const Access &a, int core) const;
  /// Drops the records every running core is ordered after, then, if
  /// still more than kMaxAccesses, the oldest.
  void prune();

  /// Records kept (a run that never orders its cores forgets the oldest;
  /// later DMAs are still checked against the recent ones).
  static constexpr size_t kMaxAccesses = 4 * machine::kDmaQueueDepth;

  /// Each core's clock; its own entry starts at 1, so that a core that has
  /// heard nothing from another (entry 0) is ordered after none of its
  /// accesses.
  std::array<VectorClock, machine::kCoresPerChip> clocks_{};
  std::array<std::array<VectorClock, machine::kNumSemaphores>,
             machine::kCoresPerChip>
      semaphoreClocks_{};
  std::array<bool, machine::kCoresPerChip> running_ = [] {
    std::array<bool, machine::kCoresPerChip> r;
    r.fill(true);
    return r;
  }();
  std::vector<Access> accesses_;
};

}  // namespace tessera::sim
