//===- Trace.h - Optional per-run event trace of a TensorCore -------------===//
//
// When RunOptions::trace points at a Trace, the core appends one event per
// issued bundle and per DMA start and completion. Disabled, it costs one
// pointer test per bundle.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <vector>

#include "sim/isa/Isa.h"

namespace tessera::sim {

struct TraceEvent {
  enum class Kind : uint8_t { BundleIssue, DmaStart, DmaComplete };
  Kind kind;
  int64_t cycle;    // issue cycle, or the DMA's start / completion cycle
  uint32_t bundle;  // the issued bundle, or the bundle that issued the DMA
  /// DMA events only.
  isa::Opcode dmaKind = isa::Opcode::Nop;
  int64_t bytes = 0;
  int semaphore = 0;
};

/// Events in the order they happened (a DMA's start is recorded when it is
/// issued, its completion when the data lands).
struct Trace {
  std::vector<TraceEvent> events;
};

}  // namespace tessera::sim
