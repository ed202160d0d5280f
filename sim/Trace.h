//===- Trace.h - Optional per-run event trace of a TensorCore -------------===//
//
// When RunOptions::trace points at a Trace, the core appends one event per
// issued bundle and per DMA start and completion, one per executed
// vwait.ge / dma.fence (with the cycles it stalled) and one per semaphore
// change the core makes or sees (vsyncadd and vsyncadd.core to itself, a
// signal from the other core arriving, and each semaphore's value at the
// start).
// Disabled, it costs one pointer test per bundle. sim/Profile.h and the
// timeline writer read it; one Trace holds one run.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <vector>

#include "sim/isa/Isa.h"

namespace tessera::sim {

struct TraceEvent {
  enum class Kind : uint8_t {
    BundleIssue,
    DmaStart,
    DmaComplete,
    /// An executed vwait.ge or dma.fence, recorded before its bundle's
    /// BundleIssue: `cycle` is when the core reached it, `stall` the cycles
    /// it waited (0 if the semaphore already held enough), `semaphore` the
    /// semaphore (-1 for dma.fence), `bytes` the value waited for.
    Wait,
    /// A semaphore's new value (`bytes`): set by a vsyncadd (or a
    /// vsyncadd.core to the own core) of `bundle`; by a signal from another
    /// core arriving at `cycle` (`bundle`: the bundle the core was about to
    /// issue); or (bundle 0, cycle 0) its value when the run starts, for
    /// every semaphore the program declares or that is nonzero. A
    /// DmaComplete adds its bytes on top.
    SemaphoreValue,
    /// A bundle that starts a DMA found the DMA queue full: `cycle` is when
    /// the core reached it, `stall` the cycles until the oldest DMA landed.
    /// Recorded before its bundle's Wait and BundleIssue.
    DmaQueueStall,
  };
  Kind kind;
  int64_t cycle;    // issue cycle, or the DMA's start / completion cycle
  uint32_t bundle;  // the issued bundle, or the bundle that issued the DMA
  /// DMA events: the transfer kind (dmaTransferKind); Wait events: the
  /// wait's opcode. `bytes` and `semaphore` as each kind above says.
  isa::Opcode dmaKind = isa::Opcode::Nop;
  int64_t bytes = 0;
  int semaphore = 0;
  /// Remote DMA events: the chip the data goes to (its route: Slice::route).
  int targetChip = -1;
  /// Wait and DmaQueueStall events only.
  int64_t stall = 0;
};

/// Events in the order they happened (a DMA's start is recorded when it is
/// issued, its completion when the data lands).
struct Trace {
  std::vector<TraceEvent> events;
};

}  // namespace tessera::sim
