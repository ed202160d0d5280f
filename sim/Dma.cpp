//===- Dma.cpp - DMA timing, range checks and delivery --------------------===//
#include "sim/Dma.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "absl/strings/str_format.h"
#include "sim/MachineDesc.h"

namespace tessera::sim {
namespace {

using isa::Opcode;

bool srcIsHbm(Opcode kind) {
  return kind == Opcode::DmaHbmToVmem || kind == Opcode::DmaHbmToHbm;
}
bool dstIsHbm(Opcode kind) {
  return kind == Opcode::DmaVmemToHbm || kind == Opcode::DmaHbmToHbm;
}

double bytesPerCycle(Opcode kind) {
  return kind == Opcode::DmaVmemToVmem ? machine::kLocalDmaBytesPerCycle
                                       : machine::kHbmBytesPerCyclePerCore;
}

absl::Status land(const DmaTransfer &t, DmaTargets &targets) {
  int64_t bytes = t.rows * machine::kRowBytes;
  auto vmemBytes = [&](int64_t row) {
    return std::span<std::byte>(
        reinterpret_cast<std::byte *>(targets.vmem.rowData(row)), bytes);
  };
  absl::Status status;
  switch (t.kind) {
  case Opcode::DmaHbmToVmem:
    status = targets.hbm.readRows(t.srcRow, vmemBytes(t.dstRow));
    break;
  case Opcode::DmaVmemToHbm:
    status = targets.hbm.writeRows(t.dstRow, vmemBytes(t.srcRow));
    break;
  case Opcode::DmaVmemToVmem:
    std::memmove(targets.vmem.rowData(t.dstRow), targets.vmem.rowData(t.srcRow),
                 bytes);
    break;
  case Opcode::DmaHbmToHbm:
    status = targets.hbm.copyRows(t.dstRow, t.srcRow, t.rows);
    break;
  default:
    status = absl::InternalError("not a DMA opcode");
  }
  if (!status.ok())
    return status;
  int32_t &sem = targets.semaphores[t.semaphore];
  // Semaphores wrap like the 32-bit registers they are.
  sem = static_cast<int32_t>(static_cast<uint32_t>(sem) +
                             static_cast<uint32_t>(bytes));
  if (targets.trace)
    targets.trace->events.push_back(TraceEvent{TraceEvent::Kind::DmaComplete,
                                               t.completeCycle, t.bundle,
                                               t.kind, bytes, t.semaphore});
  return absl::OkStatus();
}

}  // namespace

bool isDmaOpcode(Opcode op) {
  return op == Opcode::DmaHbmToVmem || op == Opcode::DmaVmemToHbm ||
         op == Opcode::DmaVmemToVmem || op == Opcode::DmaHbmToHbm ||
         op == Opcode::DmaHbmToVmemR || op == Opcode::DmaVmemToHbmR ||
         op == Opcode::DmaVmemToVmemR || op == Opcode::DmaHbmToHbmR;
}

Opcode dmaTransferKind(Opcode op) {
  switch (op) {
  case Opcode::DmaHbmToVmemR:
    return Opcode::DmaHbmToVmem;
  case Opcode::DmaVmemToHbmR:
    return Opcode::DmaVmemToHbm;
  case Opcode::DmaVmemToVmemR:
    return Opcode::DmaVmemToVmem;
  case Opcode::DmaHbmToHbmR:
    return Opcode::DmaHbmToHbm;
  default:
    return op;
  }
}

int64_t dmaStartupCycles(Opcode kind) {
  return kind == Opcode::DmaVmemToVmem ? machine::kLocalDmaStartupCycles
                                       : machine::kDmaStartupCycles;
}

int64_t dmaTransferCycles(Opcode kind, int64_t bytes) {
  return static_cast<int64_t>(
      std::ceil(static_cast<double>(bytes) / bytesPerCycle(kind)));
}

absl::Status DmaEngine::checkRanges(Opcode kind, int64_t srcRow, int64_t dstRow,
                                    int64_t rows, const Hbm &hbm,
                                    const Vmem &vmem) {
  absl::Status src = srcIsHbm(kind) ? hbm.checkRows(srcRow, rows)
                                    : vmem.checkRows(srcRow, rows);
  if (!src.ok())
    return absl::OutOfRangeError(absl::StrFormat(
        "%s source: %s", isa::desc(kind).mnemonic, src.message()));
  absl::Status dst = dstIsHbm(kind) ? hbm.checkRows(dstRow, rows)
                                    : vmem.checkRows(dstRow, rows);
  if (!dst.ok())
    return absl::OutOfRangeError(absl::StrFormat(
        "%s destination: %s", isa::desc(kind).mnemonic, dst.message()));
  return absl::OkStatus();
}

int64_t DmaEngine::issue(DmaTransfer t, int64_t cycle, Trace *trace) {
  int64_t bytes = t.rows * machine::kRowBytes;
  int64_t start = std::max(cycle + dmaStartupCycles(t.kind), engineFree_);
  t.issueCycle = cycle;
  t.completeCycle = start + dmaTransferCycles(t.kind, bytes);
  engineFree_ = t.completeCycle;
  if (trace)
    trace->events.push_back(TraceEvent{TraceEvent::Kind::DmaStart, cycle,
                                       t.bundle, t.kind, bytes, t.semaphore});
  inFlight_.push_back(t);
  return t.completeCycle;
}

int64_t DmaEngine::pendingBytes(int semaphore) const {
  int64_t total = 0;
  for (const DmaTransfer &t : inFlight_)
    if (t.semaphore == semaphore)
      total += t.rows * machine::kRowBytes;
  return total;
}

absl::Status DmaEngine::completeUntil(int64_t cycle, DmaTargets targets) {
  while (!inFlight_.empty() && inFlight_.front().completeCycle <= cycle) {
    absl::StatusOr<int64_t> done = completeNext(targets);
    if (!done.ok())
      return done.status();
  }
  return absl::OkStatus();
}

absl::StatusOr<int64_t> DmaEngine::completeNext(DmaTargets targets) {
  DmaTransfer t = inFlight_.front();
  inFlight_.pop_front();
  if (absl::Status s = land(t, targets); !s.ok())
    return s;
  return t.completeCycle;
}

absl::StatusOr<int64_t> DmaEngine::drain(int64_t now, DmaTargets targets) {
  int64_t last = now;
  absl::Status firstError;
  while (!inFlight_.empty()) {
    absl::StatusOr<int64_t> done = completeNext(targets);
    if (done.ok())
      last = std::max(last, *done);
    else if (firstError.ok())
      firstError = done.status();
  }
  engineFree_ = 0;
  if (!firstError.ok())
    return firstError;
  return last;
}

}  // namespace tessera::sim
