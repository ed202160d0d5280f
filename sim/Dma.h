//===- Dma.h - A TensorCore's DMA engine: timing and delivery -------------===//
//
// The scalar unit starts a DMA; the engine copies rows between HBM and VMEM
// in the background. Timing (HARDWARE.md, MachineDesc.h): a DMA issued at
// cycle t completes at
//
//   max(t + startup, engineFree) + ceil(bytes / bandwidth)
//
// and engineFree becomes that cycle, so DMAs in flight share the bandwidth.
// A strided DMA (dma.<kind>.s: `count` chunks of `rows` rows, chunk i from
// srcRow + i * srcStride to dstRow + i * dstStride) is timed as one DMA of
// all its bytes: the engine walks the descriptor itself.
// The data lands at completion (a reader before then sees the old data), and
// then the DMA's semaphore grows by the bytes moved. Because completion times
// never decrease in issue order, the in-flight DMAs form a FIFO.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <deque>
#include <span>

#include "absl/status/status.h"
#include "sim/Memory.h"
#include "sim/Trace.h"
#include "sim/isa/Isa.h"

namespace tessera::sim {

/// True for the dma.* opcodes (both semaphore forms, plain and strided).
bool isDmaOpcode(isa::Opcode op);
/// True for the strided forms dma.<kind>.s (their immediate is an
/// isa::DmaStride descriptor, not a length).
bool isStridedDmaOpcode(isa::Opcode op);
/// The transfer kind of a dma.* opcode: a register-indexed-semaphore form
/// (DmaHbmToVmemR, ...) and a strided form (DmaHbmToVmemS, DmaHbmToVmemSR)
/// move data between the same memories as the plain [sem:N] form, so they
/// map to that opcode; the plain [sem:N] forms map to themselves.
/// DmaTransfer::kind always holds such a kind.
isa::Opcode dmaTransferKind(isa::Opcode op);
/// Start-up latency of a DMA kind: machine::kDmaStartupCycles if HBM is an
/// endpoint, machine::kLocalDmaStartupCycles for VMEM to VMEM.
int64_t dmaStartupCycles(isa::Opcode kind);
/// Transfer time: ceil(bytes / bandwidth) with the kind's bandwidth.
int64_t dmaTransferCycles(isa::Opcode kind, int64_t bytes);

/// One DMA in flight.
struct DmaTransfer {
  isa::Opcode kind = isa::Opcode::DmaHbmToVmem;
  int64_t srcRow = 0;
  int64_t dstRow = 0;
  int64_t rows = 0;  // rows per chunk
  /// Chunks (1 for a plain DMA) and the row distance between their starts.
  int64_t count = 1;
  int64_t srcStride = 0;
  int64_t dstStride = 0;
  uint8_t semaphore = 0;
  uint32_t bundle = 0;  // the issuing bundle, for traces
  int64_t issueCycle = 0;
  int64_t completeCycle = 0;

  /// Bytes moved: count * rows rows.
  int64_t bytes() const;
};

/// What landing a DMA touches.
struct DmaTargets {
  Hbm &hbm;
  Vmem &vmem;
  std::span<int32_t> semaphores;
  Trace *trace = nullptr;
};

class DmaEngine {
public:
  /// Checks the ranges of a DMA without issuing it; the error names the
  /// offending endpoint. A strided DMA (count > 1) is checked over its
  /// whole footprint, from the first chunk's start to the last one's end.
  static absl::Status checkRanges(isa::Opcode kind, int64_t srcRow,
                                  int64_t dstRow, int64_t rows, const Hbm &hbm,
                                  const Vmem &vmem);
  static absl::Status checkRanges(const DmaTransfer &t, const Hbm &hbm,
                                  const Vmem &vmem);
  /// Schedules `t` (ranges already checked) issued at `cycle`; returns its
  /// completion cycle.
  int64_t issue(DmaTransfer t, int64_t cycle, Trace *trace);

  bool idle() const { return inFlight_.empty(); }
  /// Completion cycle of the oldest DMA in flight (engine not idle).
  int64_t nextCompletion() const { return inFlight_.front().completeCycle; }
  /// Bytes that DMAs in flight will still add to `semaphore`.
  int64_t pendingBytes(int semaphore) const;

  /// Lands every DMA that completes at or before `cycle`.
  absl::Status completeUntil(int64_t cycle, DmaTargets targets);
  /// Lands the oldest DMA in flight and returns its completion cycle.
  absl::StatusOr<int64_t> completeNext(DmaTargets targets);
  /// Lands everything in flight; returns the last completion cycle (or
  /// `now` if idle) and resets the engine for the next run.
  absl::StatusOr<int64_t> drain(int64_t now, DmaTargets targets);

private:
  std::deque<DmaTransfer> inFlight_;
  int64_t engineFree_ = 0;
};

}  // namespace tessera::sim
