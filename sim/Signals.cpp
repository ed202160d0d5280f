//===- Signals.cpp - vwait.ge, vsyncadd and signals between cores ---------===//
//
// The semaphore ops of the Executor: a vwait.ge settled before its bundle
// issues (landing this core's DMAs and delivering the signals on their way
// here in time order), vsyncadd, and vsyncadd.core, which queues a signal
// on another core of the chip (CoreSync.h); and the cross-core race fault.
//
//===----------------------------------------------------------------------===//
#include "sim/Executor.h"
#include "sim/Slice.h"

namespace tessera::sim {

using isa::Opcode;

bool Executor::waitFor(const DecodedOp &op) {
  if (op.predicated) {
    if (!readP(op.guard))
      return false;
    if ((regs_.p[op.guard] != 0) == op.negated)
      return true;
  }
  blockedSem_ = -1;
  if (op.opcode == Opcode::DmaFence) {
    // Land everything in flight, stalling until the last completes.
    while (!core_.dma_.idle())
      if (!landNext(/*queue=*/false))
        return false;
    waitedOn(-1);
    return true;
  }
  unsigned sem = 0;
  int32_t want = 0;
  if (!waitOperands(op, sem, want))
    return false;
  int32_t &value = core_.semaphores_[sem];
  if (value >= want) {
    waitedOn(sem);
    return true;
  }
  // Land this core's DMAs and deliver the signals on their way here in
  // time order (a DMA first at a tie) until the value suffices. What they
  // cannot bring only another core still running can: the core stalls on
  // through the events up to the horizon and pauses there, blocked (the
  // chip finds a deadlock); with no other core running it is a fault.
  while (value < want) {
    bool hopeless = reachable(sem) < want;
    if (hopeless && horizon_ == DmaPath::kNever)
      return waitsForever(sem, want);
    int64_t signal = core_.incoming_.empty() ? DmaPath::kNever
                                             : core_.incoming_.front().arrival;
    int64_t landing =
        core_.dma_.idle() ? DmaPath::kNever : core_.dma_.nextCompletion();
    if (std::min(signal, landing) > horizon_) {
      if (hopeless) {
        blockedSem_ = static_cast<int>(sem);
        blockedWant_ = want;
      }
      stall(std::max<int64_t>(0, horizon_ - cycle_), /*queue=*/false);
      paused_ = true;
      return false;
    }
    if (landing <= signal) {
      if (!landNext(/*queue=*/false))
        return false;
      continue;
    }
    stall(std::max<int64_t>(0, signal - cycle_), /*queue=*/false);
    deliverSignals();
  }
  // Others finishing in the same cycle are visible to this bundle too.
  if (absl::Status s = core_.dma_.completeUntil(cycle_, targets()); !s.ok())
    return fault(absl::StatusCode::kInternal, s.message());
  deliverSignals();
  waitedOn(sem);
  return true;
}

bool Executor::waitOperands(const DecodedOp &op, unsigned &sem,
                            int32_t &want) {
  bool semInRegister =
      op.opcode == Opcode::VWaitGeR || op.opcode == Opcode::VWaitGeRV;
  if (!semaphoreIndex(op, semInRegister, op.reg[0], sem))
    return false;
  if (op.opcode == Opcode::VWaitGe || op.opcode == Opcode::VWaitGeR) {
    want = static_cast<int32_t>(op.imm);
    return true;
  }
  if (!readS(op.reg[1]))
    return false;
  want = asS32(regs_.s[op.reg[1]]);
  return true;
}

bool Executor::waitsForever(unsigned sem, int32_t want) {
  int32_t value = core_.semaphores_[sem];
  int64_t pending = core_.dma_.pendingBytes(sem);
  std::string others;
  if (together_)
    others = absl::StrFormat("; signals on their way add %d; no other core "
                             "is still running to signal it",
                             reachable(sem) - value - pending);
  return fault(absl::StatusCode::kFailedPrecondition,
               absl::StrFormat("vwait.ge on [sem:%d] would wait forever: "
                               "value %d, waits for %d (DMAs in flight add %d "
                               "bytes%s)",
                               sem, value, want, pending, others));
}

int64_t Executor::reachable(int sem) const {
  int64_t most = int64_t{core_.semaphores_[sem]} + core_.dma_.pendingBytes(sem);
  for (const CoreSignal &signal : core_.incoming_)
    if (signal.semaphore == sem && asS32(signal.amount) > 0)
      most += asS32(signal.amount);
  return most;
}

void Executor::deliverSignals() {
  std::vector<CoreSignal> &queue = core_.incoming_;
  size_t n = 0;
  for (; n < queue.size() && queue[n].arrival <= cycle_; ++n) {
    const CoreSignal &signal = queue[n];
    if (signal.data) {
      // A remote DMA's data lands, after the deferred vector work on its
      // VMEM rows has run.
      DmaTransfer t;
      t.kind = signal.data->toHbm ? Opcode::DmaHbmToHbm : Opcode::DmaHbmToVmem;
      t.dstRow = signal.data->row;
      t.rows = static_cast<int64_t>(signal.data->words.size()) * 4 / machine::kRowBytes;
      beforeLanding(t);
      core_.landRemoteData(*signal.data, logWrites_ ? &core_.writes_ : nullptr);
      if (options_.detectRaces)
        core_.dma_.incomingLanded(signal.from, signal.data->dmaId);
    }
    int32_t &value = core_.semaphores_[signal.semaphore];
    addToSemaphore(value, signal.amount);
    if (order_ && !signal.fromOtherChip)
      order_->signalArrived(core_.index_, signal.semaphore, signal.clock);
    if (options_.trace) [[unlikely]]
      options_.trace->events.push_back(
          TraceEvent{TraceEvent::Kind::SemaphoreValue, signal.arrival, pc_,
                     Opcode::Nop, value, signal.semaphore});
  }
  queue.erase(queue.begin(), queue.begin() + n);
}

void Executor::addSemaphore(unsigned index, uint32_t amount) {
  int32_t &sem = core_.semaphores_[index];
  addToSemaphore(sem, amount);
  if (options_.trace) [[unlikely]]
    options_.trace->events.push_back(
        TraceEvent{TraceEvent::Kind::SemaphoreValue, cycle_, pc_, Opcode::Nop,
                   sem, static_cast<int>(index)});
}

bool Executor::signalCore(const DecodedOp &op) {
  // [core:sC], [sem:N] or [sem:sD], then K or sK.
  const auto &r = op.reg;
  bool semInRegister = op.opcode == Opcode::VSyncAddCoreR ||
                       op.opcode == Opcode::VSyncAddCoreRV;
  bool amountInRegister = op.opcode == Opcode::VSyncAddCoreV ||
                          op.opcode == Opcode::VSyncAddCoreRV;
  if (!readS(r[0]))
    return false;
  uint32_t target = regs_.s[r[0]];
  if (target >= static_cast<uint32_t>(machine::kCoresPerChip))
    return fault(absl::StatusCode::kOutOfRange,
                 absl::StrFormat("vsyncadd.core [core:s%d]: core index %d is "
                                 "outside [0, %d) (the chip's TensorCores)",
                                 archReg(RegFile::S, r[0]), asS32(target),
                                 machine::kCoresPerChip));
  unsigned sem = 0;
  if (!semaphoreIndex(op, semInRegister, r[1], sem) ||
      (amountInRegister && !readS(r[2])))
    return false;
  uint32_t amount = amountInRegister ? regs_.s[r[2]] : op.imm;
  if (static_cast<int>(target) == core_.index_) {
    addSemaphore(sem, amount);
    return true;
  }
  CoreSignal signal;
  signal.arrival = cycle_ + machine::kCrossCoreSignalCycles;
  signal.amount = amount;
  signal.semaphore = static_cast<uint8_t>(sem);
  signal.from = static_cast<uint8_t>(core_.index_);
  signal.seq = signalsSent_++;
  if (order_)
    signal.clock = order_->sendSignal(core_.index_);
  enqueueSignal(core_.chipCores_[target]->incoming_, signal);
  return true;
}

TensorCore *Executor::remoteTarget(const DecodedOp &op, unsigned chipReg, unsigned coreReg,
                                   std::vector<int> &links) {
  if (!readS(op.reg[chipReg]) || !readS(op.reg[coreReg]))
    return nullptr;
  int chips = core_.slice_ ? core_.slice_->numChips() : 1;
  uint32_t chip = regs_.s[op.reg[chipReg]], core = regs_.s[op.reg[coreReg]];
  if (chip >= static_cast<uint32_t>(chips)) {
    fault(absl::StatusCode::kOutOfRange,
          absl::StrFormat("%s [chip:s%d]: chip %d is outside [0, %d) (the chips of the %s)",
                          isa::desc(op.opcode).mnemonic, archReg(RegFile::S, op.reg[chipReg]),
                          asS32(chip), chips, core_.slice_ ? "slice" : "launch: a chip alone"));
    return nullptr;
  }
  if (core >= static_cast<uint32_t>(machine::kCoresPerChip)) {
    fault(absl::StatusCode::kOutOfRange,
          absl::StrFormat("%s [core:s%d]: core index %d is outside [0, %d) (a chip's "
                          "TensorCores)",
                          isa::desc(op.opcode).mnemonic, archReg(RegFile::S, op.reg[coreReg]),
                          asS32(core), machine::kCoresPerChip));
    return nullptr;
  }
  int own = core_.chipIndex_;
  if (core_.slice_)
    links = core_.slice_->route(own, static_cast<int>(chip));
  return static_cast<int>(chip) == own ? core_.chipCores_[core]
                                       : &core_.slice_->chip(static_cast<int>(chip)).core(core);
}

int64_t Executor::arrivalAt(const TensorCore &target, int hops, int64_t cycle) const {
  if (&target == &core_)
    return cycle;
  if (hops == 0)  // the other core of this chip
    return cycle + machine::kCrossCoreSignalCycles;
  return cycle + hops * machine::kIciHopCycles;
}

uint16_t Executor::senderId(const TensorCore &target) const {
  if (target.chipIndex_ == core_.chipIndex_)
    return static_cast<uint16_t>(core_.index_);
  return static_cast<uint16_t>(machine::kCoresPerChip +
                               core_.chipIndex_ * machine::kCoresPerChip + core_.index_);
}

void Executor::post(const DmaTransfer &t, std::vector<uint32_t> data) {
  TensorCore &target = t.targetChip == core_.chipIndex_
                           ? *core_.chipCores_[t.targetCore]
                           : core_.slice_->chip(t.targetChip).core(t.targetCore);
  auto landing = std::make_shared<RemoteData>();
  landing->toHbm = DmaRows::remoteDestination(t).hbm;
  landing->row = t.dstRow;
  landing->words = std::move(data);
  landing->dmaId = t.id;
  CoreSignal signal;
  signal.arrival = arrivalAt(target, t.hops, t.completeCycle);
  signal.amount = static_cast<uint32_t>(t.bytes());
  signal.semaphore = t.recvSemaphore;
  signal.from = senderId(target);
  signal.seq = signalsSent_++;
  signal.fromOtherChip = target.chipIndex_ != core_.chipIndex_;
  signal.data = std::move(landing);
  enqueueSignal(target.incoming_, signal);
}

bool Executor::signalRemote(const DecodedOp &op) {
  // [chip:sD], [core:sC], [sem:sS], sK.
  std::vector<int> links;
  TensorCore *target = remoteTarget(op, 0, 1, links);
  if (!target || !readS(op.reg[2]) || !readS(op.reg[3]))
    return false;
  uint32_t sem = regs_.s[op.reg[2]];
  if (sem >= static_cast<uint32_t>(machine::kNumSemaphores))
    return fault(absl::StatusCode::kOutOfRange,
                 absl::StrFormat("vsyncadd.remote [sem:s%d]: semaphore %d is outside [0, %d)",
                                 archReg(RegFile::S, op.reg[2]), asS32(sem),
                                 machine::kNumSemaphores));
  uint32_t amount = regs_.s[op.reg[3]];
  if (target == &core_) {
    addSemaphore(sem, amount);
    return true;
  }
  CoreSignal signal;
  signal.arrival = arrivalAt(*target, static_cast<int>(links.size()), cycle_);
  signal.amount = amount;
  signal.semaphore = static_cast<uint8_t>(sem);
  signal.from = senderId(*target);
  signal.seq = signalsSent_++;
  signal.fromOtherChip = target->chipIndex_ != core_.chipIndex_;
  if (order_ && !signal.fromOtherChip)
    signal.clock = order_->sendSignal(core_.index_);
  enqueueSignal(target->incoming_, signal);
  return true;
}

bool Executor::crossCoreRaceFault(const DecodedOp &op,
                                  const HappensBefore::Race &race) {
  const HappensBefore::Access &other = *race.other;
  return fault(
      absl::StatusCode::kFailedPrecondition,
      absl::StrFormat(
          "cross-core race: %s on core %d %s %s, which the DMA started at %s "
          "on core %d (kernel '%s') %s (%s), and no semaphore signal orders "
          "the two (the core that finishes first must wait for its DMA, then "
          "signal the other: vsyncadd.core)",
          isa::desc(op.opcode).mnemonic, core_.index_,
          race.writes ? "writes" : "reads",
          rowRange(/*hbm=*/true, race.rows.start, race.rows.end()),
          other.program->describeOp(other.dma.op), other.core,
          other.program->name(), race.otherWrites ? "writes" : "reads",
          isa::desc(other.dma.kind).mnemonic));
}

}  // namespace tessera::sim
