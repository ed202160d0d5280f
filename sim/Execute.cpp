//===- Execute.cpp - The TensorCore interpreter: one bundle per cycle -----===//
//
// Runs a Program's dispatch form. Per bundle: land the DMAs due by now,
// stall on a vwait.ge (or dma.fence) if it has one, fill shadow registers,
// then execute the ops in their pre-sorted order with a switch on the
// opcode. Every register read checks readiness (static scheduling: no
// interlocks), every memory access and register-held semaphore index checks
// its range, a division checks its divisor; a failed check becomes the run's
// error Status naming the bundle.
//
// Branches: every op of a bundle with an `sbr` executes. A taken branch sets
// the next bundle to its target and then costs machine::kBranchTakenCycles
// cycles in which nothing issues; the cycle counter runs on through them, so
// register latencies (and DMAs) keep counting. A branch not taken costs
// nothing, and there are no delay slots. RunOptions::cycleBudget bounds the
// cycles a run takes (stalls and bubbles included), so an endless loop or
// wait ends in a fault naming the loop.
//
// A bundle that starts a DMA while machine::kDmaQueueDepth DMAs are in
// flight stalls until one lands. With RunOptions::detectRaces, every
// vld, vst and DMA is checked against the DMAs not yet waited for (Dma.h);
// with RunOptions::checkUninitializedReads, every VMEM read against the rows
// written during the run. Both cost a flag test per access when off.
//
// The Executor class is in Executor.h; the waits and the signals between
// cores are in Signals.cpp, the launches (TensorCore::run,
// Chip::runTogether) in Launch.cpp.
//
// Messages name the op that faulted (Program::describeOp: its own source
// line, not its bundle's first one); register writers are remembered per op.
//
// Cores of one chip (CoreSync.h). A vsyncadd.core to the other core queues
// a signal there; the target delivers it before the bundle of its arrival
// cycle issues (after that cycle's DMA landings), or, stalled in a
// vwait.ge, in time order with its DMAs. Chip::runTogether steps the cores
// at most kMaxLookahead apart; a wait that only another core can satisfy
// pauses at the horizon (stuck()), and when every running core is stuck
// the chip reports a deadlock. With race detection on every launch, DMAs
// and signals also feed the cross-core vector clocks (HappensBefore).
//
// Vector ops are plain loops over the 1024 lanes of uint32 words (f32 via
// std::bit_cast), written so clang vectorizes them; nothing allocates per op.
// The rows beyond basic arithmetic (and all EUP and XLU rows) compute in
// VectorUnit.cpp through sim/VectorMath.h; the matrix units are Mxu.h. The
// EUP and the XLU accept one op every kEupIssueInterval /
// kCrossLaneIssueInterval cycles and the MXUs have their own rules (Mxu.h):
// like register hazards, a violation is a fault naming the bundles, never
// a stall.
//
// Deferred vector data. The elementwise ops whose data cannot fault (vld,
// vst, vimm, vbcast, vmov, the f32 / s32 add, sub and mul, and the shadow
// copies of vregs) do all their checks and bookkeeping at issue, as any op,
// but only queue their data (VectorQueue.h), which runs later, fused: op by
// op, each moved 8-12 KiB through 4 KiB registers that do not fit in L1
// together, where native code makes one pass over the tile. The queue runs
// (flushPending) before anything else touches vector storage or VMEM data:
// an op that is not queued and reads or writes either, a DMA landing on
// or reading VMEM rows of a queued tile (beforeLanding; DMAs elsewhere
// leave the queue be), the zeroing of a stale register, and before
// resume() returns
// (the end, a fault, a pause at the horizon), so that what a fault or
// TensorCore::vreg / vmem sees is exactly the op-by-op state. When the run
// ends, the steps that write only registers the queue does not read again
// may wait until TensorCore::vreg reads one (VectorQueue::run(true)): the
// next launch resets the registers, so most of them never run.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <bit>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "sim/Executor.h"
#include "sim/Slice.h"
#include "sim/VectorMath.h"
#include "sim/VectorUnit.h"

namespace tessera::sim {

static_assert(TensorCore::Registers::kV <= VectorQueue::kNumRegIds);

using isa::Opcode;
using machine::kVRegElems;

namespace {

/// Signed compare of the scalar compare opcodes (register and immediate).
bool compare(Opcode op, int32_t a, int32_t b) {
  switch (op) {
  case Opcode::SCmpLt:
  case Opcode::SCmpLtI:
    return a < b;
  case Opcode::SCmpGt:
  case Opcode::SCmpGtI:
    return a > b;
  case Opcode::SCmpEq:
  case Opcode::SCmpEqI:
    return a == b;
  case Opcode::SCmpNe:
  case Opcode::SCmpNeI:
    return a != b;
  case Opcode::SCmpLe:
  case Opcode::SCmpLeI:
    return a <= b;
  default:  // SCmpGe, SCmpGeI
    return a >= b;
  }
}

/// The scalar ALU ops of two operands (the second a register or the
/// immediate): 32-bit two's complement, wrapping; shift amounts mod 32.
uint32_t scalarAlu(Opcode op, uint32_t a, uint32_t b) {
  switch (op) {
  case Opcode::SAdd:
  case Opcode::SAddI:
    return a + b;
  case Opcode::SSub:
    return a - b;
  case Opcode::SMul:
  case Opcode::SMulI:
    return a * b;
  case Opcode::SAnd:
  case Opcode::SAndI:
    return a & b;
  case Opcode::SOr:
  case Opcode::SOrI:
    return a | b;
  case Opcode::SXor:
  case Opcode::SXorI:
    return a ^ b;
  case Opcode::SShl:
  case Opcode::SShlI:
    return a << (b & 31);
  case Opcode::SShrA:
  case Opcode::SShrAI:
    // C++20: >> of a negative signed value is arithmetic.
    return static_cast<uint32_t>(static_cast<int32_t>(a) >> (b & 31));
  default:  // SShrL, SShrLI
    return a >> (b & 31);
  }
}

/// The scalar unit's f32 ops on the bits of two s-registers (vmath's
/// numerics, as the vector unit's).
uint32_t scalarFloat(Opcode op, uint32_t a, uint32_t b) {
  float x = std::bit_cast<float>(a), y = std::bit_cast<float>(b), r = 0;
  switch (op) {
  case Opcode::SAddF: r = x + y; break;
  case Opcode::SSubF: r = x - y; break;
  case Opcode::SMulF: r = x * y; break;
  case Opcode::SDivF: r = vmath::divF32(x, y); break;
  case Opcode::SMaxF: r = vmath::maxF(x, y); break;
  default: r = vmath::minF(x, y); break;  // SMinF
  }
  return std::bit_cast<uint32_t>(r);
}

bool compareFloat(Opcode op, uint32_t a, uint32_t b) {
  using vmath::CmpKind;
  CmpKind k = op == Opcode::SCmpLtF   ? CmpKind::Lt
              : op == Opcode::SCmpLeF ? CmpKind::Le
              : op == Opcode::SCmpGtF ? CmpKind::Gt
              : op == Opcode::SCmpGeF ? CmpKind::Ge
              : op == Opcode::SCmpEqF ? CmpKind::Eq
                                      : CmpKind::Ne;
  return vmath::compareF32(k, std::bit_cast<float>(a), std::bit_cast<float>(b));
}

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
      program_.name(),
      op_ == kNoOp ? program_.describeBundle(pc_) : program_.describeOp(op_),
      regPrefix(file), r, program_.describeOp(writer), ready, cycle_));
  return false;
}

unsigned Executor::archReg(RegFile file, unsigned r) const {
  const DecodedBundle &b = program_.bundles()[pc_];
  for (uint32_t c = b.firstCopy; c < b.firstCopy + b.numCopies; ++c) {
    const ShadowCopy &copy = program_.copies()[c];
    if (copy.file == file && copy.to == r)
      return copy.from;
  }
  return r;
}

bool Executor::fault(absl::StatusCode code, absl::string_view detail) {
  fault_ = absl::Status(
      code, absl::StrFormat("kernel '%s': %s: %s", program_.name(),
                            op_ == kNoOp ? program_.describeBundle(pc_)
                                         : program_.describeOp(op_),
                            detail));
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

bool Executor::semaphoreIndex(const DecodedOp &op, bool inRegister,
                              unsigned reg, unsigned &sem) {
  if (!inRegister) {
    sem = reg;  // [sem:N]: range-checked at decode
    return true;
  }
  if (!readS(reg))
    return false;
  uint32_t value = regs_.s[reg];
  if (value < static_cast<uint32_t>(machine::kNumSemaphores)) {
    sem = value;
    return true;
  }
  return fault(absl::StatusCode::kOutOfRange,
               absl::StrFormat("%s [sem:s%d]: semaphore index %d is outside "
                               "[0, %d)",
                               isa::desc(op.opcode).mnemonic,
                               archReg(RegFile::S, reg), asS32(value),
                               machine::kNumSemaphores));
}

bool Executor::divide(const DecodedOp &op, bool remainder) {
  const auto &r = op.reg;
  bool immediate = op.opcode == Opcode::SDivI || op.opcode == Opcode::SRemI;
  if (!readS(r[1]) || (!immediate && !readS(r[2])))
    return false;
  int32_t a = asS32(regs_.s[r[1]]);
  int32_t b = asS32(immediate ? op.imm : regs_.s[r[2]]);
  bool isUnsigned = op.opcode == Opcode::SDivU || op.opcode == Opcode::SRemU;
  if (b == 0)
    return fault(absl::StatusCode::kInvalidArgument,
                 isUnsigned ? absl::StrFormat("%s of %u by zero", isa::desc(op.opcode).mnemonic,
                                              static_cast<uint32_t>(a))
                            : absl::StrFormat("%s of %d by zero",
                                              isa::desc(op.opcode).mnemonic, a));
  uint32_t result;
  if (isUnsigned)
    result = remainder ? vmath::remU32(static_cast<uint32_t>(a), static_cast<uint32_t>(b))
                       : vmath::divU32(static_cast<uint32_t>(a), static_cast<uint32_t>(b));
  else if (b == -1)  // INT32_MIN / -1 overflows in C++; the machine wraps
    result = remainder ? 0 : 0u - static_cast<uint32_t>(a);
  else  // C++ division truncates toward zero, % takes the dividend's sign
    result = static_cast<uint32_t>(remainder ? a % b : a / b);
  writeS(r[0], result, op.latency);
  return true;
}

bool Executor::landNext(bool queue) {
  DmaEngine &dma = core_.dma_;
  int64_t next = dma.nextCompletion();
  if (next > horizon_) [[unlikely]] {
    stall(std::max<int64_t>(0, horizon_ - cycle_), queue);
    paused_ = true;
    return false;
  }
  absl::StatusOr<int64_t> done = dma.completeNext(targets());
  if (!done.ok())
    return fault(absl::StatusCode::kInternal, done.status().message());
  if (*done > cycle_)
    stall(*done - cycle_, queue);
  return true;
}

void Executor::traceWait(const DecodedOp &op, int64_t arrived) {
  if (op.predicated && (regs_.p[op.guard] != 0) == op.negated)
    return;  // squashed
  unsigned sem = 0;
  int32_t want = 0;
  if (op.opcode == Opcode::DmaFence || !waitOperands(op, sem, want))
    sem = ~0u;  // -1: a fence (waitFor read the operands already)
  TraceEvent e{TraceEvent::Kind::Wait, arrived, pc_, op.opcode, want,
               static_cast<int>(sem)};
  e.stall = cycle_ - arrived;
  options_.trace->events.push_back(e);
}

bool Executor::admitDma(const DecodedOp &op, const DmaTransfer &t) {
  if (absl::Status s = DmaEngine::checkRanges(t, core_.hbm_, core_.vmem_, core_.smem_); !s.ok())
    return fault(s.code(), s.message());
  if (t.bytes() > options_.dmaByteBudget - result_.dmaBytes)
    return fault(absl::StatusCode::kResourceExhausted,
                 absl::StrFormat("%s of %d bytes would bring this run's DMA "
                                 "traffic to %d bytes, beyond its budget of %d "
                                 "(RunOptions::dmaByteBudget: .debug = "
                                 "{.dma_byte_budget = N} on a kernel, "
                                 "Compiled::run(args, {.dma_byte_budget = N}), "
                                 "--dma-byte-budget=N for tessera-asm)",
                                 isa::desc(op.opcode).mnemonic, t.bytes(),
                                 result_.dmaBytes + t.bytes(), options_.dmaByteBudget));
  return !checkAccesses_ || checkDma(op, t);
}

bool Executor::issueDma(const DecodedOp &op) {
  unsigned sem = 0;
  DmaTransfer t;
  t.kind = dmaTransferKind(op.opcode);
  // [sem:sC] (the R forms) or [sem:N]: the last operand's kind says which.
  bool semInRegister =
      isa::desc(op.opcode).operands[3] == isa::OperandKind::SReg;
  if (!readS(op.reg[0]) || !readS(op.reg[1]) ||
      !semaphoreIndex(op, semInRegister, op.reg[2], sem))
    return false;
  t.srcRow = regs_.s[op.reg[0]];
  t.dstRow = regs_.s[op.reg[1]];
  t.rows = op.imm;
  if (isStridedDmaOpcode(op.opcode)) {
    isa::DmaStride d = isa::decodeDmaStride(op.imm);
    if (d.count == 0)
      return fault(absl::StatusCode::kInvalidArgument,
                   absl::StrFormat("%s: descriptor 0x%x has a chunk count of 0",
                                   isa::desc(op.opcode).mnemonic, op.imm));
    t.rows = d.chunkRows;
    t.count = d.count;
    t.srcStride = d.srcStride;
    t.dstStride = d.dstStride;
  }
  t.semaphore = static_cast<uint8_t>(sem);
  t.bundle = pc_;
  t.op = op_;
  if (!admitDma(op, t))
    return false;
  if (order_) [[unlikely]] {
    // Checked and recorded with the id the engine will give it.
    t.id = core_.dma_.nextId();
    if (HappensBefore::Race race = order_->issue(core_.index_, program_, t);
        race.other)
      return crossCoreRaceFault(op, race);
  }
  core_.dma_.issue(t, cycle_, options_.trace);
  ++result_.dmasIssued;
  result_.dmaBytes += t.bytes();
  return true;
}

bool Executor::issueRemoteDma(const DecodedOp &op) {
  // [src:sA], [dst:sB], sLEN, [chip:sD], [core:sC], [send:sS], [recv:sR].
  const auto &r = op.reg;
  std::vector<int> links;
  TensorCore *target = remoteTarget(op, 3, 4, links);
  if (!target)
    return false;
  for (int i : {0, 1, 2, 5, 6})
    if (!readS(r[i]))
      return false;
  DmaTransfer t;
  t.kind = op.opcode;
  t.srcRow = regs_.s[r[0]];
  t.dstRow = regs_.s[r[1]];
  int32_t rows = asS32(regs_.s[r[2]]);
  if (rows <= 0)
    return fault(absl::StatusCode::kInvalidArgument,
                 absl::StrFormat("%s: a length of %d rows (s%d); it must be positive",
                                 isa::desc(op.opcode).mnemonic, rows, archReg(RegFile::S, r[2])));
  t.rows = rows;
  for (int i : {5, 6})
    if (regs_.s[r[i]] >= static_cast<uint32_t>(machine::kNumSemaphores))
      return fault(absl::StatusCode::kOutOfRange,
                   absl::StrFormat("%s [%s:s%d]: semaphore %d is outside [0, %d)",
                                   isa::desc(op.opcode).mnemonic, i == 5 ? "send" : "recv",
                                   archReg(RegFile::S, r[i]), asS32(regs_.s[r[i]]),
                                   machine::kNumSemaphores));
  t.semaphore = static_cast<uint8_t>(regs_.s[r[5]]);
  t.recvSemaphore = static_cast<uint8_t>(regs_.s[r[6]]);
  t.targetChip = target->chipIndex_;
  t.targetCore = target->index_;
  t.hops = static_cast<int>(links.size());
  t.route.push_back(iciPortResource(core_.chipIndex_, core_.index_));
  t.route.insert(t.route.end(), links.begin(), links.end());
  t.bundle = pc_;
  t.op = op_;
  // The source here, the destination there (every chip's memories have
  // the same sizes).
  if (!admitDma(op, t))
    return false;
  if (target->dma_.detectsRaces()) {
    // The target must not touch the rows until it has waited for them.
    t.id = core_.dma_.nextId();
    std::string sender = absl::StrFormat("chip %d core %d", core_.chipIndex_, core_.index_);
    if (DmaRace race = target->dma_.incoming(t, program_, sender, senderId(*target)); race.dma) {
      DmaRows dst = DmaRows::remoteDestination(t);
      return raceFault(
          absl::StrFormat("%s writes %s of chip %d core %d", isa::desc(op.opcode).mnemonic,
                          dst.hbm ? rowRange(true, dst.start, dst.end())
                                  : describeVmemRows(program_.vmemBuffers(), dst.start, dst.end()),
                          target->chipIndex_, target->index_),
          race);
    }
  }
  core_.dma_.issue(t, cycle_, options_.trace);
  ++result_.dmasIssued;
  result_.dmaBytes += t.bytes();
  return true;
}

inline bool Executor::execute(const DecodedOp &op) {
  const auto &r = op.reg;
  uint32_t *s = regs_.s.data();
  switch (op.opcode) {
  // --- Scalar ALU: 32-bit two's complement, wrapping. ---
  case Opcode::SMovI:
    writeS(r[0], op.imm, op.latency);
    return true;
  case Opcode::SMov:
    if (!readS(r[1]))
      return false;
    writeS(r[0], s[r[1]], op.latency);
    return true;
  case Opcode::SAdd:
  case Opcode::SSub:
  case Opcode::SMul:
  case Opcode::SAnd:
  case Opcode::SOr:
  case Opcode::SXor:
  case Opcode::SShl:
  case Opcode::SShrA:
  case Opcode::SShrL:
    if (!readS(r[1]) || !readS(r[2]))
      return false;
    writeS(r[0], scalarAlu(op.opcode, s[r[1]], s[r[2]]), op.latency);
    return true;
  case Opcode::SAddI:
  case Opcode::SMulI:
  case Opcode::SAndI:
  case Opcode::SOrI:
  case Opcode::SXorI:
  case Opcode::SShlI:
  case Opcode::SShrAI:
  case Opcode::SShrLI:
    if (!readS(r[1]))
      return false;
    writeS(r[0], scalarAlu(op.opcode, s[r[1]], op.imm), op.latency);
    return true;
  case Opcode::SAddF:
  case Opcode::SSubF:
  case Opcode::SMulF:
  case Opcode::SDivF:
  case Opcode::SMaxF:
  case Opcode::SMinF:
    if (!readS(r[1]) || !readS(r[2]))
      return false;
    writeS(r[0], scalarFloat(op.opcode, s[r[1]], s[r[2]]), op.latency);
    return true;
  case Opcode::SCmpLtF:
  case Opcode::SCmpLeF:
  case Opcode::SCmpGtF:
  case Opcode::SCmpGeF:
  case Opcode::SCmpEqF:
  case Opcode::SCmpNeF:
    if (!readS(r[1]) || !readS(r[2]))
      return false;
    writeP(r[0], compareFloat(op.opcode, s[r[1]], s[r[2]]), op.latency);
    return true;
  case Opcode::SCvtF32S32:
    if (!readS(r[1]))
      return false;
    writeS(r[0], std::bit_cast<uint32_t>(vmath::s32ToF32(asS32(s[r[1]]))), op.latency);
    return true;
  case Opcode::SCvtS32F32:
    if (!readS(r[1]))
      return false;
    writeS(r[0], static_cast<uint32_t>(vmath::f32ToS32(std::bit_cast<float>(s[r[1]]))),
           op.latency);
    return true;
  case Opcode::SDiv:
  case Opcode::SDivI:
  case Opcode::SDivU:
    return divide(op, /*remainder=*/false);
  case Opcode::SRem:
  case Opcode::SRemI:
  case Opcode::SRemU:
    return divide(op, /*remainder=*/true);
  case Opcode::SSel:
    if (!readP(r[1]) || !readS(r[2]) || !readS(r[3]))
      return false;
    writeS(r[0], regs_.p[r[1]] ? s[r[2]] : s[r[3]], op.latency);
    return true;
  case Opcode::SCmpLt:
  case Opcode::SCmpGt:
  case Opcode::SCmpEq:
  case Opcode::SCmpNe:
  case Opcode::SCmpLe:
  case Opcode::SCmpGe:
    if (!readS(r[1]) || !readS(r[2]))
      return false;
    writeP(r[0], compare(op.opcode, asS32(s[r[1]]), asS32(s[r[2]])),
           op.latency);
    return true;
  case Opcode::SCmpLtI:
  case Opcode::SCmpGtI:
  case Opcode::SCmpEqI:
  case Opcode::SCmpNeI:
  case Opcode::SCmpLeI:
  case Opcode::SCmpGeI:
    if (!readS(r[1]))
      return false;
    writeP(r[0], compare(op.opcode, asS32(s[r[1]]), asS32(op.imm)),
           op.latency);
    return true;
  case Opcode::POr:
  case Opcode::PAnd:
  case Opcode::PXor: {
    if (!readP(r[1]) || !readP(r[2]))
      return false;
    bool a = regs_.p[r[1]], b = regs_.p[r[2]];
    writeP(r[0],
           op.opcode == Opcode::POr    ? (a || b)
           : op.opcode == Opcode::PAnd ? (a && b)
                                       : (a != b),
           op.latency);
    return true;
  }
  case Opcode::PNot:
    if (!readP(r[1]))
      return false;
    writeP(r[0], !regs_.p[r[1]], op.latency);
    return true;
  case Opcode::PImm:
    writeP(r[0], op.imm != 0, op.latency);  // 0 or 1 (checked at load)
    return true;
  // --- Scalar memory. ---
  case Opcode::SLd:
  case Opcode::SLdR: {
    uint32_t base, word = 0;
    if (!addressBase(op.opcode == Opcode::SLdR, r[1], base) || !smemWord(op, base, word) ||
        !checkSmemAccess(op, word, /*write=*/false))
      return false;
    writeS(r[0], core_.smem_.at(word), op.latency);
    return true;
  }
  case Opcode::SSt:
    if (!readS(r[0]))
      return false;
    if (uint32_t word; smemWord(op, 0, word) && checkSmemAccess(op, word, /*write=*/true)) {
      core_.smem_.at(word) = s[r[0]];
      return true;
    }
    return false;
  case Opcode::SStR: {
    if (!readS(r[0]) || !readS(r[1]))
      return false;
    uint32_t word = 0;
    if (!smemWord(op, s[r[0]], word) || !checkSmemAccess(op, word, /*write=*/true))
      return false;
    core_.smem_.at(word) = s[r[1]];
    return true;
  }
  // --- Vector ALU. ---
  case Opcode::VAddF32:
    return vectorBinary(op, VectorQueue::Kind::AddF32);
  case Opcode::VSubF32:
    return vectorBinary(op, VectorQueue::Kind::SubF32);
  case Opcode::VMulF32:
    return vectorBinary(op, VectorQueue::Kind::MulF32);
  case Opcode::VAddS32:
    return vectorBinary(op, VectorQueue::Kind::AddS32);
  case Opcode::VSubS32:
    return vectorBinary(op, VectorQueue::Kind::SubS32);
  case Opcode::VMulS32:
    return vectorBinary(op, VectorQueue::Kind::MulS32);
  case Opcode::VImmF32:
  case Opcode::VImmS32:
    vectorFill(op, op.imm);
    return true;
  case Opcode::VMov:
    if (!readV(r[1]))
      return false;
    if (r[0] != r[1]) {
      regs_.takeWarm(r[0]);
      defer(VectorQueue::Kind::Copy, storageId(r[0]), regs_.v[r[0]]->data(),
            storageId(r[1]), regs_.v[r[1]]->data());
    }
    markV(r[0], op.latency);
    return true;
  case Opcode::VBcast:
    if (!readS(r[1]))
      return false;
    vectorFill(op, s[r[1]]);
    return true;
  case Opcode::VExtract:
    if (!readV(r[1]))
      return false;
    flushPending();  // the element is read now
    writeS(r[0], regs_.v[r[1]]->data()[op.imm], op.latency);
    return true;
  // --- Vector load and store: one vreg <-> 8 consecutive VMEM rows. ---
  case Opcode::VLd:
  case Opcode::VLdR: {
    uint32_t base, row = 0;
    if (!addressBase(op.opcode == Opcode::VLdR, r[1], base) || !vmemRow(op, base, row))
      return false;
    if (checkAccesses_ && !checkTile(op, row, /*write=*/false))
      return false;
    regs_.takeWarm(r[0]);
    deferTile(/*store=*/false, r[0], row);
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
    if (checkAccesses_ && !checkTile(op, row, /*write=*/true))
      return false;
    deferTile(/*store=*/true, src, row);
    return true;
  }
  case Opcode::VStMsk:
  case Opcode::VStMskR:
  case Opcode::VStBMsk:
  case Opcode::VStBMskR: {
    // vst.msk: the words of the source where the mask vreg is nonzero;
    // vst.bmsk: the bytes whose mask byte is nonzero (Isa.def).
    bool relative = op.opcode == Opcode::VStMskR || op.opcode == Opcode::VStBMskR;
    bool bytes = op.opcode == Opcode::VStBMsk || op.opcode == Opcode::VStBMskR;
    unsigned src = r[relative ? 1 : 0], mask = r[relative ? 2 : 1];
    uint32_t base, row = 0;
    if (!addressBase(relative, r[0], base) || !readV(src) || !readV(mask) ||
        !vmemRow(op, base, row))
      return false;
    flushPending();  // reads its mask now, writes VMEM now
    const uint32_t *x = regs_.v[src]->data(), *m = regs_.v[mask]->data();
    // Only the sublane rows the mask selects are written: a DMA into the
    // tile's other rows is no race, and they stay unwritten.
    if (checkAccesses_)
      for (int sub = 0; sub < machine::kSublanes; ++sub)
        if (std::any_of(m + sub * machine::kLanes, m + (sub + 1) * machine::kLanes,
                        [](uint32_t w) { return w != 0; }) &&
            !checkAccess(op, row + sub, /*write=*/true, 1))
          return false;
    uint32_t *dst = core_.vmem_.rowData(row);
    if (bytes) {
      for (int i = 0; i < kVRegElems; ++i) {
        uint32_t keep = 0;  // the bytes whose mask byte is zero
        for (int b = 0; b < 4; ++b)
          keep |= (m[i] >> (8 * b) & 0xff) == 0 ? uint32_t{0xff} << (8 * b) : 0;
        dst[i] = (dst[i] & keep) | (x[i] & ~keep);
      }
      return true;
    }
    for (int i = 0; i < kVRegElems; ++i)
      dst[i] = m[i] != 0 ? x[i] : dst[i];
    return true;
  }
  // --- Misc. ---
  case Opcode::DmaHbmToVmem:
  case Opcode::DmaVmemToHbm:
  case Opcode::DmaVmemToVmem:
  case Opcode::DmaHbmToHbm:
  case Opcode::DmaHbmToVmemR:
  case Opcode::DmaVmemToHbmR:
  case Opcode::DmaVmemToVmemR:
  case Opcode::DmaHbmToHbmR:
  case Opcode::DmaHbmToVmemS:
  case Opcode::DmaVmemToHbmS:
  case Opcode::DmaVmemToVmemS:
  case Opcode::DmaHbmToHbmS:
  case Opcode::DmaHbmToVmemSR:
  case Opcode::DmaVmemToHbmSR:
  case Opcode::DmaVmemToVmemSR:
  case Opcode::DmaHbmToHbmSR:
  case Opcode::DmaHbmToSmem:
  case Opcode::DmaSmemToHbm:
  case Opcode::DmaHbmToSmemR:
  case Opcode::DmaSmemToHbmR:
  case Opcode::DmaVmemToSmem:
  case Opcode::DmaSmemToVmem:
  case Opcode::DmaVmemToSmemR:
  case Opcode::DmaSmemToVmemR:
    return issueDma(op);
  case Opcode::VWaitGe:
  case Opcode::VWaitGeR:
  case Opcode::VWaitGeV:
  case Opcode::VWaitGeRV:
  case Opcode::DmaFence:
    return true;  // waited for before the bundle issued (waitFor)
  case Opcode::SSemLd:
  case Opcode::SSemLdR: {
    unsigned sem = 0;
    if (!semaphoreIndex(op, op.opcode == Opcode::SSemLdR, r[1], sem))
      return false;
    writeS(r[0], static_cast<uint32_t>(core_.semaphores_[sem]), op.latency);
    return true;
  }
  case Opcode::VSyncAdd:
  case Opcode::VSyncAddR:
  case Opcode::VSyncAddV:
  case Opcode::VSyncAddRV: {
    bool semInRegister =
        op.opcode == Opcode::VSyncAddR || op.opcode == Opcode::VSyncAddRV;
    bool amountInRegister =
        op.opcode == Opcode::VSyncAddV || op.opcode == Opcode::VSyncAddRV;
    unsigned index = 0;
    if (!semaphoreIndex(op, semInRegister, r[0], index) ||
        (amountInRegister && !readS(r[1])))
      return false;
    addSemaphore(index, amountInRegister ? s[r[1]] : op.imm);
    return true;
  }
  case Opcode::VSyncAddCore:
  case Opcode::VSyncAddCoreR:
  case Opcode::VSyncAddCoreV:
  case Opcode::VSyncAddCoreRV:
    return signalCore(op);
  case Opcode::VSyncAddRemote:
    return signalRemote(op);
  case Opcode::DmaRemoteVmemToVmem:
  case Opcode::DmaRemoteVmemToHbm:
  case Opcode::DmaRemoteHbmToVmem:
  case Opcode::DmaRemoteHbmToHbm:
    return issueRemoteDma(op);
  case Opcode::SHalt:
    halted_ = true;
    result_.haltOp = op.index;
    return true;
  case Opcode::SBr:
    nextPc_ = op.imm;  // checked against the code size at load
    branchTaken_ = true;
    lastBranch_ = pc_;
    lastTarget_ = op.imm;
    return true;
  case Opcode::Nop:
    return true;
  case Opcode::VMatPushBf16:
  case Opcode::VMatPushBf16T:
  case Opcode::VMatPushS8:
  case Opcode::VMatLatch:
  case Opcode::VMatMulF32:
  case Opcode::VMatMulS8:
  case Opcode::VMatPop:
    return matrix(op);
  case Opcode::VXposePush:
  case Opcode::VXposePop:
    return transpose(op);
  default:
    if (isComputedVectorOp(op.opcode))
      return computedVector(op);
    break;
  }
  return fault(absl::StatusCode::kInternal, "opcode without semantics");
}

bool Executor::unitIssue(const DecodedOp &op, int64_t &nextFree,
                         uint32_t &last, int interval, std::string_view unit) {
  if (cycle_ < nextFree)
    return fault(absl::StatusCode::kFailedPrecondition,
                 absl::StrFormat("%s issues on the %s at cycle %d, but the "
                                 "unit takes one op every %d cycles: the "
                                 "previous one (%s) allows the next at cycle "
                                 "%d",
                                 isa::desc(op.opcode).mnemonic, unit, cycle_,
                                 interval, program_.describeBundle(last),
                                 nextFree));
  nextFree = cycle_ + interval;
  last = pc_;
  return true;
}

bool Executor::computedVector(const DecodedOp &op) {
  flushPending();  // reads and writes registers now
  std::array<const VRegData *, isa::kMaxOperands> srcs;
  int n = 0;
  for (int i = 1; i < op.numRegs; ++i) {
    if (!readV(op.reg[i]))
      return false;
    srcs[n++] = regs_.v[op.reg[i]];
  }
  isa::Slot slot = isa::desc(op.opcode).slot;
  if (slot == isa::Slot::Transcendental &&
      !unitIssue(op, regs_.eupFree, regs_.eupLast, machine::kEupIssueInterval,
                 "transcendental unit (EUP)"))
    return false;
  if (slot == isa::Slot::CrossLane &&
      !unitIssue(op, regs_.xluFree, regs_.xluLast,
                 machine::kCrossLaneIssueInterval, "cross-lane unit (XLU)"))
    return false;
  computeVectorOp(op.opcode, std::span(srcs.data(), n), op.imm, scratch_);
  regs_.takeWarm(op.reg[0]);
  *regs_.v[op.reg[0]] = scratch_;
  markV(op.reg[0], op.latency);
  return true;
}

bool Executor::transpose(const DecodedOp &op) {
  flushPending();  // reads and writes registers now
  // The part index is the immediate; reg[0] is the pushed or popped vreg.
  bool push = op.opcode == Opcode::VXposePush;
  if (push && !readV(op.reg[0]))
    return false;
  if (!unitIssue(op, regs_.xluFree, regs_.xluLast,
                 machine::kCrossLaneIssueInterval, "cross-lane unit (XLU)"))
    return false;
  std::string error =
      push ? regs_.xpose.push(op.imm, *regs_.v[op.reg[0]], cycle_, op.latency, pc_)
           : regs_.xpose.pop(op.imm, cycle_, scratch_, program_);
  if (!error.empty())
    return fault(absl::StatusCode::kFailedPrecondition, error);
  if (!push) {
    regs_.takeWarm(op.reg[0]);
  *regs_.v[op.reg[0]] = scratch_;
    markV(op.reg[0], op.latency);
  }
  return true;
}

bool Executor::matrix(const DecodedOp &op) {
  flushPending();  // reads and writes registers now
  std::string error;
  switch (op.opcode) {
  case Opcode::VMatPushBf16:
  case Opcode::VMatPushBf16T:
  case Opcode::VMatPushS8:
    if (!readV(op.reg[1]))
      return false;
    error = regs_.mxu[op.reg[0]].push(op.opcode, *regs_.v[op.reg[1]],
                                      op.reg[0], cycle_, pc_, program_);
    break;
  case Opcode::VMatLatch:
    error = regs_.mxu[op.reg[0]].latch(op.reg[0]);
    break;
  case Opcode::VMatMulF32:
  case Opcode::VMatMulS8:
    if (!readV(op.reg[1]))
      return false;
    error = regs_.mxu[op.reg[0]].matmul(op.opcode, *regs_.v[op.reg[1]],
                                        op.reg[0], cycle_, op.latency, pc_,
                                        program_);
    break;
  case Opcode::VMatPop:
    error = regs_.mxu[op.reg[1]].pop(op.reg[1], cycle_, scratch_, program_);
    if (error.empty()) {
      regs_.takeWarm(op.reg[0]);
  *regs_.v[op.reg[0]] = scratch_;
      markV(op.reg[0], op.latency);
    }
    break;
  default:
    return fault(absl::StatusCode::kInternal, "not a matrix op");
  }
  if (error.empty())
    return true;
  return fault(absl::StatusCode::kFailedPrecondition, error);
}

template <bool Beside> bool Executor::runBundles(int64_t horizon) {
  const std::vector<DecodedBundle> &bundles = program_.bundles();
  const DecodedOp *ops = program_.ops().data();
  const ShadowCopy *copies = program_.copies().data();
  DmaEngine &dma = core_.dma_;
  horizon_ = horizon;
  paused_ = false;
  bool first = !started_;
  started_ = true;
  if (options_.trace && first) [[unlikely]]
    for (int i = 0; i < machine::kNumSemaphores; ++i)
      if (i < static_cast<int>(program_.numSemaphores()) ||
          core_.semaphores_[i] != 0)
        options_.trace->events.push_back(
            TraceEvent{TraceEvent::Kind::SemaphoreValue, 0, 0, Opcode::Nop,
                       core_.semaphores_[i], i});
  // The run's options do not change while it runs; locals spare the loop
  // reloading them after every store the compiler cannot tell apart.
  const int64_t cycleBudget = options_.cycleBudget;
  const int64_t workBudget = options_.workBudget;
  Trace *const trace = options_.trace;
  while (pc_ < bundles.size()) {
    if (cycle_ >= cycleBudget) [[unlikely]] {
      budgetExhausted();
      return true;
    }
    if (cycle_ > horizon_) [[unlikely]]
      return false;
    if (!dma.idle() && dma.nextCompletion() <= cycle_)
      if (absl::Status s = dma.completeUntil(cycle_, targets()); !s.ok()) {
        fault_ = s;
        return true;
      }
    const DecodedBundle &b = bundles[pc_];
    // Only a bundle that waits or starts a DMA can stall (or pause) before
    // it issues; any other reaches and issues at this cycle.
    int64_t reached = cycle_, arrived = cycle_;
    if (b.hasWait || b.hasDma) {
      op_ = b.firstOp;  // a wait is the first op (waitForDmaQueue names the DMA)
      if (reached_ < 0)
        reached_ = cycle_;
      if (b.hasDma && dma.full() && !waitForDmaQueue()) [[unlikely]]
        return !paused_;
      if (arrived_ < 0)
        arrived_ = cycle_;
    }
    // Signals from other cores that arrived by now, after this cycle's DMA
    // landings (the wait below delivers later ones in time order).
    if constexpr (Beside)
      if (!core_.incoming_.empty() && core_.incoming_.front().arrival <= cycle_)
        deliverSignals();
    if (b.hasWait || b.hasDma) {
      if (b.hasWait && !waitFor(ops[b.firstOp]))
        return !paused_;
      if (cycle_ >= cycleBudget) [[unlikely]] {
        budgetExhausted();  // stalled beyond the budget: name the waiting op
        return true;
      }
      reached = reached_;
      arrived = arrived_;
      reached_ = arrived_ = -1;
    }
    work_ += b.work;
    if (workBudget > 0 && work_ > workBudget) [[unlikely]] {
      op_ = b.firstOp;
      workBudgetExhausted();
      return true;
    }
    op_ = kNoOp;
    if (trace) [[unlikely]] {
      if (arrived > reached) {
        TraceEvent e{TraceEvent::Kind::DmaQueueStall, reached, pc_};
        e.stall = arrived - reached;
        trace->events.push_back(e);
      }
      if (b.hasWait)
        traceWait(ops[b.firstOp], arrived);
      trace->events.push_back(
          TraceEvent{TraceEvent::Kind::BundleIssue, cycle_, pc_});
    }
    for (uint32_t c = b.firstCopy; c < b.firstCopy + b.numCopies; ++c) {
      const ShadowCopy &copy = copies[c];
      switch (copy.file) {
      case RegFile::S:
        if (!readS(copy.from))
          return true;
        regs_.s[copy.to] = regs_.s[copy.from];
        break;
      case RegFile::V:
        if (!readV(copy.from))
          return true;
        defer(VectorQueue::Kind::Copy, storageId(copy.to),
              regs_.v[copy.to]->data(), storageId(copy.from),
              regs_.v[copy.from]->data());
        regs_.wroteV(copy.to);
        break;
      case RegFile::P:
        if (!readP(copy.from))
          return true;
        regs_.p[copy.to] = regs_.p[copy.from];
        break;
      }
    }
    nextPc_ = pc_ + 1;
    branchTaken_ = false;
    for (uint32_t i = b.firstOp; i < b.firstOp + b.numOps; ++i) {
      const DecodedOp &op = ops[i];
      op_ = i;
      if (op.predicated) {
        if (!readP(op.guard))
          return true;
        if ((regs_.p[op.guard] != 0) == op.negated)
          continue;  // squashed: reads and writes nothing
      }
      if (!execute(op)) [[unlikely]]
        return true;
      if (op.vDies) [[unlikely]]
        noteDead(op);
    }
    op_ = kNoOp;
    ++result_.bundlesExecuted;
    ++cycle_;
    if (halted_) {
      result_.outcome = RunOutcome::Halted;
      result_.haltBundle = pc_;
      break;
    }
    if (branchTaken_) {
      // Nothing issues while the target is fetched (also when the target is
      // the end of the code: the core is busy until then).
      ++result_.branchesTaken;
      cycle_ += machine::kBranchTakenCycles;
    }
    pc_ = nextPc_;
  }
  // The core ends once its remote DMAs' data has left (what they carry
  // lands on other cores, whose waits count on it).
  if (!halted_)
    while (dma.remoteInFlight())
      if (!landNext(/*queue=*/false))
        return !paused_;
  return true;
}

template bool Executor::runBundles<false>(int64_t horizon);
template bool Executor::runBundles<true>(int64_t horizon);

bool Executor::waitForDmaQueue() {
  // Messages about the stall name the bundle's DMA op.
  const DecodedBundle &b = program_.bundles()[pc_];
  for (uint32_t i = b.firstOp; i < b.firstOp + b.numOps; ++i)
    if (isDmaOpcode(program_.ops()[i].opcode))
      op_ = i;
  while (core_.dma_.full())
    if (!landNext(/*queue=*/true))
      return false;
  return true;
}

std::string Executor::lastBranchText() const {
  if (lastBranch_ < 0)
    return "";
  return absl::StrFormat("; the last branch taken was %s back to %s",
                         program_.describeBundle(lastBranch_),
                         program_.describeBundle(lastTarget_));
}

void Executor::workBudgetExhausted() {
  fault(absl::StatusCode::kResourceExhausted,
        absl::StrFormat("stopped at cycle %d without finishing: the run's work budget is %d "
                        "units of simulation work (RunOptions::workBudget: a kernel's "
                        ".debug.work_budget or Compiled::run(args, {.work_budget = N}), "
                        "tessera-asm --work-budget=N; a vector op counts "
                        "%d, a transcendental %d, an MXU product %d; an endless loop?)%s",
                        cycle_, options_.workBudget, kWorkPerVectorOp,
                        kWorkPerTranscendentalOp, kWorkPerMatmulOp, lastBranchText()));
}

void Executor::budgetExhausted() {
  std::string where = lastBranchText();
  fault(absl::StatusCode::kResourceExhausted,
        absl::StrFormat("stopped at cycle %d without finishing: the run's "
                        "cycle budget is %d cycles (an endless loop or wait? "
                        "RunOptions::cycleBudget: .debug = {.cycle_budget = N} "
                        "on a kernel, Compiled::run(args, {.cycle_budget = N}), "
                        "--cycle-budget=N for tessera-asm)%s",
                        cycle_, options_.cycleBudget, where));
}

bool Executor::raceFault(const std::string &access, const DmaRace &race) {
  const Program &started = race.program ? *race.program : program_;
  return fault(absl::StatusCode::kFailedPrecondition,
               absl::StrFormat("%s while %s started at %s still %s them "
                               "(%s; wait for it on [sem:%d] first)",
                               access,
                               race.sender.empty() ? "the DMA"
                                                   : "the remote DMA from " + race.sender,
                               started.describeOp(race.dma->op),
                               race.dmaWrites ? "writes" : "reads",
                               isa::desc(race.dma->kind).mnemonic,
                               race.dma->semaphore));
}

bool Executor::uninitializedFault(const std::string &access, int64_t row) {
  return fault(absl::StatusCode::kFailedPrecondition,
               absl::StrFormat("%s reads VMEM row 0x%x, which nothing wrote "
                               "during this run (uninitialized scratch; "
                               "RunOptions::checkUninitializedReads)",
                               access, row));
}

bool Executor::checkAccess(const DecodedOp &op, uint32_t row, bool write,
                           int64_t rows) {
  int64_t end = int64_t{row} + rows;
  std::string_view what = isa::desc(op.opcode).mnemonic;
  if (options_.detectRaces && core_.dma_.hasUnwaited())
    if (DmaRace race = core_.dma_.findAccessRace(row, end, write); race.dma)
      return raceFault(absl::StrFormat("%s %s %s", what, write ? "to" : "of",
                                       describeVmemRows(program_.vmemBuffers(), row, end)),
                       race);
  if (!options_.checkUninitializedReads)
    return true;
  if (write) {
    core_.writes_.markVmem(row, rows);
    return true;
  }
  if (int64_t r = core_.writes_.firstUnwrittenVmem(row, rows);
      r >= 0)
    return uninitializedFault(
        absl::StrFormat("%s of %s", what, describeVmemRows(program_.vmemBuffers(), row, end)),
        r);
  return true;
}

bool Executor::checkSmemAccess(const DecodedOp &op, uint32_t word, bool write) {
  if (!options_.detectRaces || !core_.dma_.hasUnwaited()) [[likely]]
    return true;
  DmaRace race = core_.dma_.findSmemAccessRace(word, int64_t{word} + 1, write);
  return !race.dma ||
         raceFault(absl::StrFormat("%s %s %s", isa::desc(op.opcode).mnemonic,
                                   write ? "to" : "of", smemWords(word, word + 1)),
                   race);
}

bool Executor::checkDma(const DecodedOp &op, const DmaTransfer &t) {
  std::string_view what = isa::desc(op.opcode).mnemonic;
  if (options_.detectRaces && core_.dma_.hasUnwaited())
    if (DmaRace race = core_.dma_.findDmaRace(t); race.dma) {
      DmaRows src = DmaRows::source(t), dst = DmaRows::destination(t);
      DmaRows other = race.dmaWrites ? DmaRows::destination(*race.dma)
                                     : DmaRows::source(*race.dma);
      bool writes = dst.overlaps(other);
      const DmaRows &mine = writes ? dst : src;
      return raceFault(absl::StrFormat("%s %s %s", what,
                                       writes ? "writes" : "reads",
                                       mine.hbm    ? rowRange(true, mine.start, mine.end())
                                       : mine.smem ? smemWords(mine.start, mine.end())
                                                   : describeVmemRows(program_.vmemBuffers(),
                                                                      mine.start, mine.end())),
                       race);
    }
  if (!options_.checkUninitializedReads)
    return true;
  DmaRows src = DmaRows::source(t);
  if (src.hbm || src.smem)
    return true;
  for (int64_t i = 0; i < src.count; ++i) {
    int64_t lo = src.start + i * src.stride;
    if (int64_t r = core_.writes_.firstUnwrittenVmem(lo, src.rows); r >= 0)
      return uninitializedFault(std::string(what), r);
  }
  return true;
}

}  // namespace tessera::sim
