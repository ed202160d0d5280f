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
// never decrease in issue order, the in-flight DMAs form a FIFO of at most
// machine::kDmaQueueDepth entries: a bundle that starts a DMA while the
// queue is full stalls until the oldest one lands (Execute.cpp).
//
// Race detection (RunOptions::detectRaces): the engine also remembers every
// DMA from its start until the program has waited for it (a vwait.ge on its
// semaphore or a dma.fence that returns after it landed): until then the
// program must not read what it writes nor write what it reads or writes,
// whatever the simulated timing. findAccessRace and findDmaRace name the
// DMA an access collides with.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <utility>
#include <vector>

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
  uint32_t op = 0;      // the issuing op (Program::ops()), for messages
  int64_t id = 0;       // issue order (set by DmaEngine::issue)
  int64_t issueCycle = 0;
  int64_t completeCycle = 0;

  /// Bytes moved: count * rows rows.
  int64_t bytes() const;
};

/// The rows one side of a DMA touches: `count` chunks of `rows` rows, the
/// first at `start`, `stride` rows apart.
struct DmaRows {
  bool hbm = false;  // HBM or VMEM rows
  int64_t start = 0, rows = 0, count = 1, stride = 0;

  /// The source or destination side of `t`.
  static DmaRows source(const DmaTransfer &t);
  static DmaRows destination(const DmaTransfer &t);
  /// Whether any of these rows lies in [lo, hi) of memory `inHbm`.
  bool overlaps(bool inHbm, int64_t lo, int64_t hi) const;
  bool overlaps(const DmaRows &other) const;
  /// [first chunk's start, last chunk's end).
  int64_t end() const { return start + (count - 1) * stride + rows; }
};

/// Rows written during a run (RunOptions::checkUninitializedReads and the
/// runtime's unwritten-output warning): one bit per VMEM row, and the HBM
/// row ranges DMAs wrote, in landing order.
struct WriteLog {
  /// Bit r: VMEM row r was written; empty when VMEM rows are not tracked.
  std::vector<uint64_t> vmemWritten;
  std::vector<std::pair<int64_t, int64_t>> hbmWritten;  // [lo, hi) ranges
  bool recordHbm = false;

  void markVmem(int64_t row, int64_t rows);
  /// The first row of [row, row + rows) never written, or -1.
  int64_t firstUnwrittenVmem(int64_t row, int64_t rows) const;
};

/// What landing a DMA touches.
struct DmaTargets {
  Hbm &hbm;
  Vmem &vmem;
  std::span<int32_t> semaphores;
  Trace *trace = nullptr;
  /// If set, rows written by landing DMAs are recorded here.
  WriteLog *writes = nullptr;
};

/// A DMA an access collides with (race detection).
struct DmaRace {
  const DmaTransfer *dma = nullptr;  // null: no race
  bool dmaWrites = false;  // the DMA writes the rows (else it reads them)
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
  /// Schedules `t` (ranges already checked, queue not full) issued at
  /// `cycle`; returns its completion cycle.
  int64_t issue(DmaTransfer t, int64_t cycle, Trace *trace);

  bool idle() const { return inFlight_.empty(); }
  /// machine::kDmaQueueDepth DMAs are in flight.
  bool full() const;
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

  // --- Race detection (off unless enabled for the run). ---
  void setDetectRaces(bool on) { detectRaces_ = on; }
  /// True while some DMA has not been waited for.
  bool hasUnwaited() const { return !unwaited_.empty(); }
  /// The program waited on `semaphore` (or, if negative, fenced): DMAs on it
  /// that have landed are done with their rows.
  void waited(int semaphore);
  /// A DMA not yet waited for that a vld (`write` false) or vst (`write`
  /// true) of VMEM rows [lo, hi) collides with.
  DmaRace findAccessRace(int64_t lo, int64_t hi, bool write) const;
  /// A DMA not yet waited for whose rows collide with those of `t`: one of
  /// them writes rows the other reads or writes.
  DmaRace findDmaRace(const DmaTransfer &t) const;

private:
  /// A DMA not yet waited for (race detection).
  struct Unwaited {
    DmaTransfer dma;
    bool landed = false;
  };

  std::deque<DmaTransfer> inFlight_;
  int64_t engineFree_ = 0;
  bool detectRaces_ = false;
  int64_t nextId_ = 0;
  std::vector<Unwaited> unwaited_;
};

}  // namespace tessera::sim
