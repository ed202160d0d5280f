//===- Execute.cpp - The TensorCore interpreter: one bundle per cycle -----===//
//
// Runs a Program's dispatch form. Per bundle: land the DMAs due by now,
// stall on a vwait.ge if it has one, fill shadow registers, then execute the
// ops in their pre-sorted order with a switch on the opcode. Every register
// read checks readiness (static scheduling: no interlocks), every memory
// access checks its range; a failed check becomes the run's error Status.
//
// Vector ops are plain loops over the 1024 lanes of uint32 words (f32 via
// std::bit_cast), written so clang vectorizes them; nothing allocates per op.
//
//===----------------------------------------------------------------------===//
#include <bit>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "sim/Chip.h"
#include "sim/Registers.h"

namespace tessera::sim {

using isa::Opcode;
using machine::kVRegElems;

class Executor {
public:
  Executor(TensorCore &core, const Program &program, const RunOptions &options)
      : core_(core), regs_(*core.regs_), program_(program), options_(options) {}

  /// Runs from bundle 0; a fault is an error Status.
  absl::StatusOr<RunResult> run();
  /// The current cycle (where a fault stopped the run).
  int64_t cycle() const { return cycle_; }

private:
  DmaTargets targets() {
    return DmaTargets{core_.hbm_, core_.vmem_, core_.semaphores_,
                      options_.trace};
  }

  // --- Register access with readiness checks. ---
  bool readS(unsigned r) {
    return regs_.sReady[r] <= cycle_ || hazard(RegFile::S, r);
  }
  bool readV(unsigned r) {
    return regs_.vReady[r] <= cycle_ || hazard(RegFile::V, r);
  }
  bool readP(unsigned r) {
    return regs_.pReady[r] <= cycle_ || hazard(RegFile::P, r);
  }
  void writeS(unsigned r, uint32_t value, int latency) {
    regs_.s[r] = value;
    regs_.sReady[r] = cycle_ + latency;
    regs_.sWriter[r] = pc_;
  }
  void writeP(unsigned r, bool value, int latency) {
    regs_.p[r] = value;
    regs_.pReady[r] = cycle_ + latency;
    regs_.pWriter[r] = pc_;
  }
  void markV(unsigned r, int latency) {
    regs_.vDirty |= uint64_t{1} << r;
    regs_.vReady[r] = cycle_ + latency;
    regs_.vWriter[r] = pc_;
  }

  bool execute(const DecodedOp &op);
  bool waitFor(const DecodedOp &op);
  bool issueDma(const DecodedOp &op);
  bool vmemRow(const DecodedOp &op, uint32_t base, uint32_t &row);
  /// The base of an access: s[reg] for a register-relative form, else 0;
  /// false on a hazard.
  bool addressBase(bool relative, unsigned reg, uint32_t &base) {
    base = 0;
    if (!relative)
      return true;
    if (!readS(reg))
      return false;
    base = regs_.s[reg];
    return true;
  }
  bool smemWord(const DecodedOp &op, uint32_t base, uint32_t &word);

  template <typename F> bool vectorBinary(const DecodedOp &op, F f) {
    unsigned a = op.reg[1], b = op.reg[2];
    if (!readV(a) || !readV(b))
      return false;
    uint32_t *dst = regs_.v[op.reg[0]].data();
    const uint32_t *x = regs_.v[a].data();
    const uint32_t *y = regs_.v[b].data();
    for (int i = 0; i < kVRegElems; ++i)
      dst[i] = f(x[i], y[i]);
    markV(op.reg[0], op.latency);
    return true;
  }
  void vectorFill(const DecodedOp &op, uint32_t value) {
    regs_.v[op.reg[0]].fill(value);
    markV(op.reg[0], op.latency);
  }

  // --- Faults (cold). ---
  [[gnu::cold, gnu::noinline]] bool hazard(RegFile file, unsigned r);
  [[gnu::cold, gnu::noinline]] bool fault(absl::StatusCode code,
                                          absl::string_view detail);

  TensorCore &core_;
  TensorCore::Registers &regs_;
  const Program &program_;
  const RunOptions &options_;
  int64_t cycle_ = 0;
  uint32_t pc_ = 0;
  uint32_t nextPc_ = 0;
  bool halted_ = false;
  absl::Status fault_;
  RunResult result_;
};

namespace {

float asF32(uint32_t bits) { return std::bit_cast<float>(bits); }
uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }
int32_t asS32(uint32_t bits) { return static_cast<int32_t>(bits); }

char regPrefix(RegFile file) {
  switch (file) {
  case RegFile::S:
    return 's';
  case RegFile::V:
    return 'v';
  case RegFile::P:
    return 'p';
  }
  return '?';
}

}  // namespace

bool Executor::hazard(RegFile file, unsigned r) {
  int64_t ready = 0;
  uint32_t writer = 0;
  switch (file) {
  case RegFile::S:
    ready = regs_.sReady[r];
    writer = regs_.sWriter[r];
    break;
  case RegFile::V:
    ready = regs_.vReady[r];
    writer = regs_.vWriter[r];
    break;
  case RegFile::P:
    ready = regs_.pReady[r];
    writer = regs_.pWriter[r];
    break;
  }
  fault_ = absl::FailedPreconditionError(absl::StrFormat(
      "kernel '%s': %s reads %c%d before it is ready: written by %s, ready at "
      "cycle %d, read at cycle %d",
      program_.name(), program_.describeBundle(pc_), regPrefix(file), r,
      program_.describeBundle(writer), ready, cycle_));
  return false;
}

bool Executor::fault(absl::StatusCode code, absl::string_view detail) {
  fault_ =
      absl::Status(code, absl::StrFormat("kernel '%s': %s: %s", program_.name(),
                                         program_.describeBundle(pc_), detail));
  return false;
}

bool Executor::vmemRow(const DecodedOp &op, uint32_t base, uint32_t &row) {
  row = base + op.imm;  // 32-bit address arithmetic, as the scalar unit does
  if (int64_t{row} + machine::kTileRows <= machine::kVmemRows)
    return true;
  return fault(absl::StatusCode::kOutOfRange,
               absl::StrFormat("%s of VMEM rows [0x%x, 0x%x) is outside VMEM "
                               "rows [0, 0x%x)",
                               isa::desc(op.opcode).mnemonic, row,
                               int64_t{row} + machine::kTileRows,
                               machine::kVmemRows));
}

bool Executor::smemWord(const DecodedOp &op, uint32_t base, uint32_t &word) {
  word = base + op.imm;
  if (word < machine::kSmemWords)
    return true;
  return fault(absl::StatusCode::kOutOfRange,
               absl::StrFormat("%s of SMEM word 0x%x is outside SMEM words "
                               "[0, 0x%x)",
                               isa::desc(op.opcode).mnemonic, word,
                               machine::kSmemWords));
}

bool Executor::waitFor(const DecodedOp &op) {
  if (op.predicated) {
    if (!readP(op.guard))
      return false;
    if ((regs_.p[op.guard] != 0) == op.negated)
      return true;
  }
  if (op.opcode == Opcode::DmaFence) {
    // Land everything in flight, stalling until the last completes.
    while (!core_.dma_.idle()) {
      absl::StatusOr<int64_t> done = core_.dma_.completeNext(targets());
      if (!done.ok())
        return fault(absl::StatusCode::kInternal, done.status().message());
      if (*done > cycle_) {
        result_.stallCycles += *done - cycle_;
        cycle_ = *done;
      }
    }
    return true;
  }
  unsigned sem = op.reg[0];
  int32_t want = static_cast<int32_t>(op.imm);
  int32_t &value = core_.semaphores_[sem];
  if (value >= want)
    return true;
  int64_t pending = core_.dma_.pendingBytes(sem);
  if (int64_t{value} + pending < want)
    return fault(absl::StatusCode::kFailedPrecondition,
                 absl::StrFormat("vwait.ge on [sem:%d] would wait forever: "
                                 "value %d, waits for %d (DMAs in flight add "
                                 "%d bytes)",
                                 sem, value, want, pending));
  while (value < want && !core_.dma_.idle()) {
    absl::StatusOr<int64_t> done = core_.dma_.completeNext(targets());
    if (!done.ok())
      return fault(absl::StatusCode::kInternal, done.status().message());
    if (*done > cycle_) {
      result_.stallCycles += *done - cycle_;
      cycle_ = *done;
    }
  }
  // Others finishing in the same cycle are visible to this bundle too.
  if (absl::Status s = core_.dma_.completeUntil(cycle_, targets()); !s.ok())
    return fault(absl::StatusCode::kInternal, s.message());
  return true;
}

bool Executor::issueDma(const DecodedOp &op) {
  if (!readS(op.reg[0]) || !readS(op.reg[1]))
    return false;
  DmaTransfer t;
  t.kind = op.opcode;
  t.srcRow = regs_.s[op.reg[0]];
  t.dstRow = regs_.s[op.reg[1]];
  t.rows = op.imm;
  t.semaphore = op.reg[2];
  t.bundle = pc_;
  if (absl::Status s = DmaEngine::checkRanges(t.kind, t.srcRow, t.dstRow,
                                              t.rows, core_.hbm_, core_.vmem_);
      !s.ok())
    return fault(s.code(), s.message());
  core_.dma_.issue(t, cycle_, options_.trace);
  ++result_.dmasIssued;
  result_.dmaBytes += t.rows * machine::kRowBytes;
  return true;
}

bool Executor::execute(const DecodedOp &op) {
  const auto &r = op.reg;
  uint32_t *s = regs_.s.data();
  switch (op.opcode) {
  // --- Scalar ALU: 32-bit two's complement, wrapping. ---
  case Opcode::SMovI:
    writeS(r[0], op.imm, op.latency);
    return true;
  case Opcode::SAdd:
    if (!readS(r[1]) || !readS(r[2]))
      return false;
    writeS(r[0], s[r[1]] + s[r[2]], op.latency);
    return true;
  case Opcode::SAddI:
    if (!readS(r[1]))
      return false;
    writeS(r[0], s[r[1]] + op.imm, op.latency);
    return true;
  case Opcode::SSub:
    if (!readS(r[1]) || !readS(r[2]))
      return false;
    writeS(r[0], s[r[1]] - s[r[2]], op.latency);
    return true;
  case Opcode::SMul:
    if (!readS(r[1]) || !readS(r[2]))
      return false;
    writeS(r[0], s[r[1]] * s[r[2]], op.latency);
    return true;
  case Opcode::SMulI:
    if (!readS(r[1]))
      return false;
    writeS(r[0], s[r[1]] * op.imm, op.latency);
    return true;
  case Opcode::SCmpLt:
  case Opcode::SCmpGt:
  case Opcode::SCmpEq: {
    if (!readS(r[1]) || !readS(r[2]))
      return false;
    int32_t a = asS32(s[r[1]]), b = asS32(s[r[2]]);
    bool v = op.opcode == Opcode::SCmpLt   ? a < b
             : op.opcode == Opcode::SCmpGt ? a > b
                                           : a == b;
    writeP(r[0], v, op.latency);
    return true;
  }
  case Opcode::SCmpLtI:
  case Opcode::SCmpGtI:
  case Opcode::SCmpEqI:
  case Opcode::SCmpNeI: {
    if (!readS(r[1]))
      return false;
    int32_t a = asS32(s[r[1]]), b = asS32(op.imm);
    bool v = op.opcode == Opcode::SCmpLtI   ? a < b
             : op.opcode == Opcode::SCmpGtI ? a > b
             : op.opcode == Opcode::SCmpEqI ? a == b
                                            : a != b;
    writeP(r[0], v, op.latency);
    return true;
  }
  case Opcode::POr:
  case Opcode::PAnd: {
    if (!readP(r[1]) || !readP(r[2]))
      return false;
    bool a = regs_.p[r[1]], b = regs_.p[r[2]];
    writeP(r[0], op.opcode == Opcode::POr ? (a || b) : (a && b), op.latency);
    return true;
  }
  // --- Scalar memory. ---
  case Opcode::SLd:
  case Opcode::SLdR: {
    uint32_t base, word = 0;
    if (!addressBase(op.opcode == Opcode::SLdR, r[1], base) || !smemWord(op, base, word))
      return false;
    writeS(r[0], core_.smem_.at(word), op.latency);
    return true;
  }
  case Opcode::SSt:
    if (!readS(r[0]))
      return false;
    if (uint32_t word; smemWord(op, 0, word)) {
      core_.smem_.at(word) = s[r[0]];
      return true;
    }
    return false;
  case Opcode::SStR: {
    if (!readS(r[0]) || !readS(r[1]))
      return false;
    uint32_t word = 0;
    if (!smemWord(op, s[r[0]], word))
      return false;
    core_.smem_.at(word) = s[r[1]];
    return true;
  }
  // --- Vector ALU. ---
  case Opcode::VAddF32:
    return vectorBinary(
        op, [](uint32_t a, uint32_t b) { return bitsOf(asF32(a) + asF32(b)); });
  case Opcode::VSubF32:
    return vectorBinary(
        op, [](uint32_t a, uint32_t b) { return bitsOf(asF32(a) - asF32(b)); });
  case Opcode::VMulF32:
    return vectorBinary(
        op, [](uint32_t a, uint32_t b) { return bitsOf(asF32(a) * asF32(b)); });
  case Opcode::VAddS32:
    return vectorBinary(op, [](uint32_t a, uint32_t b) { return a + b; });
  case Opcode::VSubS32:
    return vectorBinary(op, [](uint32_t a, uint32_t b) { return a - b; });
  case Opcode::VMulS32:
    return vectorBinary(op, [](uint32_t a, uint32_t b) { return a * b; });
  case Opcode::VImmF32:
  case Opcode::VImmS32:
    vectorFill(op, op.imm);
    return true;
  case Opcode::VMov:
    if (!readV(r[1]))
      return false;
    regs_.v[r[0]] = regs_.v[r[1]];
    markV(r[0], op.latency);
    return true;
  case Opcode::VBcast:
    if (!readS(r[1]))
      return false;
    vectorFill(op, s[r[1]]);
    return true;
  // --- Vector load and store: one vreg <-> 8 consecutive VMEM rows. ---
  case Opcode::VLd:
  case Opcode::VLdR: {
    uint32_t base, row = 0;
    if (!addressBase(op.opcode == Opcode::VLdR, r[1], base) || !vmemRow(op, base, row))
      return false;
    std::memcpy(regs_.v[r[0]].data(), core_.vmem_.rowData(row),
                sizeof(VRegData));
    markV(r[0], op.latency);
    return true;
  }
  case Opcode::VSt:
  case Opcode::VStR: {
    bool relative = op.opcode == Opcode::VStR;
    unsigned src = relative ? r[1] : r[0];
    uint32_t base, row = 0;
    if (!addressBase(relative, r[0], base) || !readV(src) || !vmemRow(op, base, row))
      return false;
    std::memcpy(core_.vmem_.rowData(row), regs_.v[src].data(),
                sizeof(VRegData));
    return true;
  }
  // --- Misc. ---
  case Opcode::DmaHbmToVmem:
  case Opcode::DmaVmemToHbm:
  case Opcode::DmaVmemToVmem:
  case Opcode::DmaHbmToHbm:
    return issueDma(op);
  case Opcode::VWaitGe:
  case Opcode::DmaFence:
    return true;  // waited for before the bundle issued (waitFor)
  case Opcode::SSemLd:
    writeS(r[0], static_cast<uint32_t>(core_.semaphores_[r[1]]), op.latency);
    return true;
  case Opcode::VSyncAdd: {
    int32_t &sem = core_.semaphores_[r[0]];
    sem = static_cast<int32_t>(static_cast<uint32_t>(sem) + op.imm);
    return true;
  }
  case Opcode::SHalt:
    halted_ = true;
    return true;
  case Opcode::SBr:
    nextPc_ = op.imm;  // checked against the code size at load
    return true;
  case Opcode::Nop:
    return true;
  }
  return fault(absl::StatusCode::kInternal, "opcode without semantics");
}

absl::StatusOr<RunResult> Executor::run() {
  const std::vector<DecodedBundle> &bundles = program_.bundles();
  const DecodedOp *ops = program_.ops().data();
  const ShadowCopy *copies = program_.copies().data();
  DmaEngine &dma = core_.dma_;
  int64_t lastIssue = -1;
  while (pc_ < bundles.size()) {
    if (result_.bundlesExecuted >= options_.maxBundles) [[unlikely]] {
      fault(absl::StatusCode::kResourceExhausted,
            absl::StrFormat("stopped after %d bundles without finishing "
                            "(RunOptions::maxBundles; an endless loop?)",
                            options_.maxBundles));
      return fault_;
    }
    if (!dma.idle() && dma.nextCompletion() <= cycle_)
      if (absl::Status s = dma.completeUntil(cycle_, targets()); !s.ok())
        return s;
    const DecodedBundle &b = bundles[pc_];
    if (b.hasWait && !waitFor(ops[b.firstOp]))
      return fault_;
    if (options_.trace) [[unlikely]]
      options_.trace->events.push_back(
          TraceEvent{TraceEvent::Kind::BundleIssue, cycle_, pc_});
    for (uint32_t c = b.firstCopy; c < b.firstCopy + b.numCopies; ++c) {
      const ShadowCopy &copy = copies[c];
      switch (copy.file) {
      case RegFile::S:
        if (!readS(copy.from))
          return fault_;
        regs_.s[copy.to] = regs_.s[copy.from];
        break;
      case RegFile::V:
        if (!readV(copy.from))
          return fault_;
        regs_.v[copy.to] = regs_.v[copy.from];
        regs_.vDirty |= uint64_t{1} << copy.to;
        break;
      case RegFile::P:
        if (!readP(copy.from))
          return fault_;
        regs_.p[copy.to] = regs_.p[copy.from];
        break;
      }
    }
    nextPc_ = pc_ + 1;
    for (uint32_t i = b.firstOp; i < b.firstOp + b.numOps; ++i) {
      const DecodedOp &op = ops[i];
      if (op.predicated) {
        if (!readP(op.guard))
          return fault_;
        if ((regs_.p[op.guard] != 0) == op.negated)
          continue;  // squashed: reads and writes nothing
      }
      if (!execute(op)) [[unlikely]]
        return fault_;
    }
    ++result_.bundlesExecuted;
    lastIssue = cycle_;
    if (halted_) {
      result_.outcome = RunOutcome::Halted;
      result_.haltBundle = pc_;
      break;
    }
    pc_ = nextPc_;
    ++cycle_;
  }
  result_.cycles = lastIssue + 1;
  return result_;
}

// --- TensorCore::run: launch, execute, drain. ---

absl::StatusOr<RunResult> TensorCore::run(const Program &program,
                                          std::span<const uint32_t> smemInit,
                                          const RunOptions &options) {
  if (absl::Status s = smem_.write(0, smemInit); !s.ok())
    return absl::InvalidArgumentError(absl::StrFormat(
        "kernel '%s': argument block of %d words does not fit: %s",
        program.name(), smemInit.size(), s.message()));
  regs_->reset();
  Executor executor(*this, program, options);
  absl::StatusOr<RunResult> result = executor.run();
  // Land what is still in flight, also after a fault, so that memories and
  // semaphores are consistent for the next launch.
  int64_t end = result.ok() ? result->cycles : executor.cycle();
  absl::StatusOr<int64_t> drained =
      dma_.drain(end, DmaTargets{hbm_, vmem_, semaphores_, options.trace});
  totalCycles_ += end;
  if (!result.ok())
    return result;
  if (!drained.ok())
    return drained.status();
  result->drainCycles = *drained - end;
  return result;
}

}  // namespace tessera::sim
