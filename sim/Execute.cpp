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
#include "absl/strings/str_join.h"
#include "sim/Chip.h"
#include "sim/Registers.h"
#include "sim/VectorQueue.h"
#include "sim/VectorUnit.h"

namespace tessera::sim {

static_assert(TensorCore::Registers::kV <= VectorQueue::kNumRegIds);

using isa::Opcode;
using machine::kVRegElems;

class Executor final : public LandingObserver {
public:
  Executor(TensorCore &core, const Program &program, const RunOptions &options)
      : core_(core), regs_(*core.regs_), program_(program), options_(options) {
    // The queue's ops will overwrite what waiting steps read (prepare()'s
    // reset normally dropped them).
    regs_.queue.materialize();
  }

  /// Runs on until the program ends or faults (true) or, running together
  /// with other cores (Chip::runTogether), until it would pass `horizon`
  /// (false; resume again with a later horizon): the cycle up to which no
  /// other core can change this core's DMA timing. A bundle at cycle c
  /// lands the DMAs completing by c, so it issues only if c <= horizon.
  bool resume(int64_t horizon = DmaPath::kNever) {
    bool done = run(horizon);
    // The state a fault, a pause or the end leaves is exact; at the end,
    // results that only TensorCore::vreg could read may wait for it.
    if (!queue_.empty())
      queue_.run(/*endOfRun=*/done);
    return done;
  }
  /// The run's result once resume() returned true.
  absl::StatusOr<RunResult> outcome() const {
    if (!fault_.ok())
      return fault_;
    RunResult result = result_;
    result.cycles = cycle_;
    return result;
  }
  /// The current cycle (where a fault stopped the run).
  int64_t cycle() const { return cycle_; }

  // --- Running together with other cores (Chip::runTogether). ---
  /// Other cores run beside this one: a wait that only their signals can
  /// satisfy pauses instead of faulting. With `order`, this core's DMAs and
  /// signals take part in cross-core race detection (CoreSync.h).
  void runBeside(HappensBefore *order) {
    together_ = true;
    order_ = order;
  }
  /// Paused in a wait that neither this core's DMAs in flight nor the
  /// signals on their way to it can satisfy: only another core can.
  bool stuck() const {
    return paused_ && blockedSem_ >= 0 &&
           reachable(blockedSem_) < int64_t{blockedWant_};
  }
  /// "core 0 waits at bundle 0x0012 (k.cc:40) for [sem:3] >= 1 (it holds
  /// 0)" for a stuck core.
  std::string describeWait() const {
    return absl::StrFormat("core %d waits at %s for [sem:%d] >= %d (it holds "
                           "%d)",
                           core_.index_, program_.describeOp(op_), blockedSem_,
                           blockedWant_, core_.semaphores_[blockedSem_]);
  }
  /// Whether the run sent a signal to another core (vsyncadd.core).
  bool signalledOtherCores() const { return signalsSent_ != 0; }
  /// Ends the run with `status` (a deadlock found by the chip).
  void abort(absl::Status status) { fault_ = std::move(status); }

  /// Where DMAs land; the deferred vector data runs first when a landing
  /// DMA moves VMEM rows that it reads or writes (beforeLanding).
  DmaTargets targets() {
    return DmaTargets{core_.hbm_, core_.vmem_, core_.semaphores_,
                      options_.trace, logWrites_ ? &core_.writes_ : nullptr,
                      this};
  }
  void beforeLanding(const DmaTransfer &t) override {
    if (queue_.empty())
      return;
    DmaRows src = DmaRows::source(t), dst = DmaRows::destination(t);
    if (queue_.touchesVmem([&](int64_t lo, int64_t hi) {
          return src.overlaps(/*inHbm=*/false, lo, hi) ||
                 dst.overlaps(/*inHbm=*/false, lo, hi);
        }))
      queue_.run();
  }

private:
  /// resume() without the final flush of the deferred vector data.
  bool run(int64_t horizon) {
    return together_ ? runBundles<true>(horizon) : runBundles<false>(horizon);
  }
  /// The interpreter loop; `Beside`: other cores run and may signal this
  /// one (the single-core loop pays nothing for it).
  template <bool Beside> bool runBundles(int64_t horizon);

  // --- Deferred vector data (VectorQueue.h). ---
  /// The id of register r's storage in the queue.
  uint8_t storageId(unsigned r) const {
    return static_cast<uint8_t>(regs_.v[r] - regs_.storage.data());
  }
  /// Queues an op (running the queue first if it is full).
  void defer(VectorQueue::Kind kind, uint8_t dstId, uint32_t *dst,
             uint8_t aId = VectorQueue::kNoId, const uint32_t *a = nullptr,
             uint8_t bId = VectorQueue::kNoId, const uint32_t *b = nullptr,
             uint32_t value = 0) {
    if (queue_.full()) [[unlikely]]
      queue_.run();
    queue_.push(kind, dstId, dst, aId, a, bId, b, value);
    if (!options_.fuseVectorData) [[unlikely]]
      queue_.run();
  }
  /// Queues the copy of a vreg `r` from or to the VMEM tile at `row`.
  void deferTile(bool store, unsigned r, uint32_t row) {
    // A full queue runs first, so that the tile's id is the next queue's.
    if (queue_.full()) [[unlikely]]
      queue_.run();
    uint8_t tile = queue_.tile(row);
    if (tile == VectorQueue::kNoId) [[unlikely]] {
      queue_.run();
      tile = queue_.tile(row);
    }
    uint32_t *words = core_.vmem_.rowData(row);
    if (store)
      defer(VectorQueue::Kind::Copy, tile, words, storageId(r),
            regs_.v[r]->data());
    else
      defer(VectorQueue::Kind::Copy, storageId(r), regs_.v[r]->data(), tile,
            words);
  }
  void flushPending() {
    if (!queue_.empty())
      queue_.run();
  }

  /// Race detection and the uninitialized-read check for a vld (`write`
  /// false) or vst of VMEM rows [row, row + rows) (a whole tile, or the
  /// one sublane row of a vst.msk that its mask selects).
  [[gnu::noinline]] bool checkAccess(const DecodedOp &op, uint32_t row,
                                     bool write,
                                     int64_t rows = machine::kTileRows);
  /// The same for a DMA about to be issued.
  [[gnu::noinline]] bool checkDma(const DecodedOp &op, const DmaTransfer &t);
  /// Stalls until the DMA queue has room (a bundle that starts a DMA).
  bool waitForDmaQueue();
  /// Stalls until this core's next DMA lands (a stall on a full queue if
  /// `queue`). False on a fault, or with paused_ set if that DMA's landing
  /// is beyond the horizon: the core then stalls up to the horizon.
  bool landNext(bool queue);
  void stall(int64_t cycles, bool queue) {
    result_.stallCycles += cycles;
    if (queue)
      result_.dmaQueueStallCycles += cycles;
    cycle_ += cycles;
  }
  /// "<access> while the DMA started at ... still writes them (...)".
  [[gnu::cold]] bool raceFault(const std::string &access, const DmaRace &race);
  /// A DMA colliding with another core's (HappensBefore::issue).
  [[gnu::cold]] bool crossCoreRaceFault(const DecodedOp &op,
                                        const HappensBefore::Race &race);
  /// "<access> reads VMEM row 0x8, which nothing wrote ...".
  [[gnu::cold]] bool uninitializedFault(const std::string &access,
                                        int64_t row);
  /// The cycle budget ran out: a fault naming where the core was spinning.
  [[gnu::cold, gnu::noinline]] void budgetExhausted();

  // --- Register access with readiness checks. ---
  bool readS(unsigned r) {
    return regs_.sReady[r] <= cycle_ || hazard(RegFile::S, r);
  }
  bool readV(unsigned r) {
    if (regs_.isStale(r)) [[unlikely]] {
      flushPending();  // zeroing writes the storage now
      regs_.zeroV(r);
    }
    return regs_.vReady[r] <= cycle_ || hazard(RegFile::V, r);
  }
  bool readP(unsigned r) {
    return regs_.pReady[r] <= cycle_ || hazard(RegFile::P, r);
  }
  void writeS(unsigned r, uint32_t value, int latency) {
    regs_.s[r] = value;
    regs_.sReady[r] = cycle_ + latency;
    regs_.sWriter[r] = op_;
  }
  void writeP(unsigned r, bool value, int latency) {
    regs_.p[r] = value;
    regs_.pReady[r] = cycle_ + latency;
    regs_.pWriter[r] = op_;
  }
  /// After `r` was written whole (a stale register needs no zeroing).
  void markV(unsigned r, int latency) {
    regs_.wroteV(r);
    regs_.vReady[r] = cycle_ + latency;
    regs_.vWriter[r] = op_;
  }

  bool execute(const DecodedOp &op);
  /// After `op` ran: the registers it read for the last time are dead
  /// (their storage may serve the next result), except one that lent its
  /// storage to the result.
  void noteDead(const DecodedOp &op) {
    for (int p = 0; p < op.numRegs; ++p)
      if ((op.vDies >> p & 1) && static_cast<int>(op.reg[p]) != lent_)
        regs_.died(op.reg[p]);
    lent_ = -1;
  }
  /// The rows of VectorUnit.cpp: reads the sources, checks the EUP / XLU
  /// issue interval, computes and writes the destination.
  bool computedVector(const DecodedOp &op);
  /// The matrix ops (Mxu.h).
  bool matrix(const DecodedOp &op);
  /// vxpose.push / vxpose.pop on the XLU's transpose buffer (VectorUnit.h).
  bool transpose(const DecodedOp &op);
  /// An EUP or XLU op at this cycle: false (a fault) before `nextFree`.
  bool unitIssue(const DecodedOp &op, int64_t &nextFree, uint32_t &last,
                 int interval, std::string_view unit);
  bool waitFor(const DecodedOp &op);
  /// A vwait.ge's semaphore and the value it waits for (either may be in a
  /// register); false on a hazard or a bad semaphore index.
  bool waitOperands(const DecodedOp &op, unsigned &sem, int32_t &want);
  /// The most semaphore `sem` can reach without another core's help: its
  /// value plus what this core's DMAs in flight and the signals on their
  /// way here add (negative signals not counted).
  int64_t reachable(int sem) const;
  /// The fault of a wait nothing can satisfy any more.
  [[gnu::cold]] bool waitsForever(unsigned sem, int32_t want);
  /// A wait on `sem` (a dma.fence if negative) returned: the landed DMAs
  /// on it are done with their rows.
  void waitedOn(int sem) {
    core_.dma_.waited(sem);
    if (order_) [[unlikely]]
      order_->waited(core_.index_, sem, core_.dma_);
  }
  /// Delivers the signals from other cores that arrive by this cycle.
  void deliverSignals();
  /// vsyncadd.core (all forms).
  bool signalCore(const DecodedOp &op);
  /// Adds `amount` to semaphore `index` of this core (vsyncadd).
  void addSemaphore(unsigned index, uint32_t amount);
  /// Records an executed wait (Trace.h, Kind::Wait) that the core reached
  /// at `arrived` and that waitFor has settled.
  void traceWait(const DecodedOp &op, int64_t arrived);
  bool issueDma(const DecodedOp &op);
  /// The semaphore an op names: its [sem:N] operand `reg`, or for a
  /// register-indexed form the value of s[reg]; false on a hazard or an
  /// index outside [0, kNumSemaphores).
  bool semaphoreIndex(const DecodedOp &op, bool inRegister, unsigned reg,
                      unsigned &sem);
  bool divide(const DecodedOp &op, bool remainder);
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

  bool vectorBinary(const DecodedOp &op, VectorQueue::Kind kind) {
    unsigned d = op.reg[0], a = op.reg[1], b = op.reg[2];
    if (!readV(a) || !readV(b))
      return false;
    // A source read for the last time lends its (warm) storage to the
    // result, which then moves to d; else d takes a dead register's.
    unsigned into = op.vDies & 2 ? a : op.vDies & 4 ? b : d;
    if (into == d && a != d && b != d)
      regs_.takeWarm(d);
    // dst may be x or y, never a part of one (registers are whole arrays),
    // and each word is read before it is written.
    defer(kind, storageId(into), regs_.v[into]->data(), storageId(a),
          regs_.v[a]->data(), storageId(b), regs_.v[b]->data());
    if (into != d) {
      regs_.swapStorage(d, into);
      lent_ = into;  // its storage went to d: not warm any more
    }
    markV(op.reg[0], op.latency);
    return true;
  }
  void vectorFill(const DecodedOp &op, uint32_t value) {
    regs_.takeWarm(op.reg[0]);
    defer(VectorQueue::Kind::Fill, storageId(op.reg[0]),
          regs_.v[op.reg[0]]->data(), VectorQueue::kNoId, nullptr,
          VectorQueue::kNoId, nullptr, value);
    markV(op.reg[0], op.latency);
  }

  // --- Faults (cold). ---
  [[gnu::cold, gnu::noinline]] bool hazard(RegFile file, unsigned r);
  [[gnu::cold, gnu::noinline]] bool fault(absl::StatusCode code,
                                          absl::string_view detail);
  /// The architectural register behind `r` (a shadow of the current bundle
  /// names the register it copies), for messages.
  [[gnu::cold]] unsigned archReg(RegFile file, unsigned r) const;

  TensorCore &core_;
  TensorCore::Registers &regs_;
  const Program &program_;
  const RunOptions &options_;
  int64_t cycle_ = 0;
  uint32_t pc_ = 0;
  /// resume()'s horizon, and whether a wait stopped at it.
  int64_t horizon_ = DmaPath::kNever;
  bool paused_ = false;
  bool started_ = false;
  /// The cycle the core reached the current bundle and the cycle it got
  /// room in the DMA queue (-1: not yet; a paused wait keeps them).
  int64_t reached_ = -1, arrived_ = -1;
  /// The op executing (an index into program_.ops()), or kNoOp between
  /// ops (messages then name the bundle).
  static constexpr uint32_t kNoOp = ~uint32_t{0};
  uint32_t op_ = kNoOp;
  /// The last taken branch and its target (where a loop spins).
  int64_t lastBranch_ = -1;
  uint32_t lastTarget_ = 0;
  /// Running beside other cores (runBeside), the race detection across
  /// them (null if off), and the signals this core sent to others.
  bool together_ = false;
  HappensBefore *order_ = nullptr;
  uint64_t signalsSent_ = 0;
  /// The wait a pause found only other cores can satisfy (-1: none).
  int blockedSem_ = -1;
  int32_t blockedWant_ = 0;
  /// The per-run checks of vld / vst / DMA rows (RunOptions).
  bool checkAccesses_ =
      options_.detectRaces || options_.checkUninitializedReads;
  bool logWrites_ =
      options_.checkUninitializedReads || options_.recordHbmWrites;
  uint32_t nextPc_ = 0;
  bool branchTaken_ = false;  // the current bundle's sbr was taken
  /// The register whose storage the last vectorBinary lent to its result.
  int lent_ = -1;
  bool halted_ = false;
  /// The deferred data of elementwise vector ops (with the registers: its
  /// plans outlive a run).
  VectorQueue &queue_ = regs_.queue;
  absl::Status fault_;
  RunResult result_;
  VRegData scratch_;  // results that permute their sources land here first
};

namespace {

int32_t asS32(uint32_t bits) { return static_cast<int32_t>(bits); }

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
  if (b == 0)
    return fault(absl::StatusCode::kInvalidArgument,
                 absl::StrFormat("%s of %d by zero",
                                 isa::desc(op.opcode).mnemonic, a));
  uint32_t result;
  if (b == -1)  // INT32_MIN / -1 overflows in C++; the machine wraps
    result = remainder ? 0 : 0u - static_cast<uint32_t>(a);
  else  // C++ division truncates toward zero, % takes the dividend's sign
    result = static_cast<uint32_t>(remainder ? a % b : a / b);
  writeS(r[0], result, op.latency);
  return true;
}

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
    int32_t &value = core_.semaphores_[signal.semaphore];
    addToSemaphore(value, signal.amount);
    if (order_)
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
  if (absl::Status s = DmaEngine::checkRanges(t, core_.hbm_, core_.vmem_);
      !s.ok())
    return fault(s.code(), s.message());
  if (t.bytes() > options_.dmaByteBudget - result_.dmaBytes)
    return fault(absl::StatusCode::kResourceExhausted,
                 absl::StrFormat("%s of %d bytes would bring this run's DMA "
                                 "traffic to %d bytes, beyond its budget of %d "
                                 "(RunOptions::dmaByteBudget)",
                                 isa::desc(op.opcode).mnemonic, t.bytes(),
                                 result_.dmaBytes + t.bytes(),
                                 options_.dmaByteBudget));
  if (checkAccesses_ && !checkDma(op, t))
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

bool Executor::execute(const DecodedOp &op) {
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
  case Opcode::SDiv:
  case Opcode::SDivI:
    return divide(op, /*remainder=*/false);
  case Opcode::SRem:
  case Opcode::SRemI:
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
  // --- Vector load and store: one vreg <-> 8 consecutive VMEM rows. ---
  case Opcode::VLd:
  case Opcode::VLdR: {
    uint32_t base, row = 0;
    if (!addressBase(op.opcode == Opcode::VLdR, r[1], base) || !vmemRow(op, base, row))
      return false;
    if (checkAccesses_ && !checkAccess(op, row, /*write=*/false))
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
    if (checkAccesses_ && !checkAccess(op, row, /*write=*/true))
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
  while (pc_ < bundles.size()) {
    if (cycle_ >= options_.cycleBudget) [[unlikely]] {
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
    op_ = b.firstOp;  // a wait is the first op (waitForDmaQueue names the DMA)
    if (reached_ < 0)
      reached_ = cycle_;
    if (b.hasDma && dma.full() && !waitForDmaQueue()) [[unlikely]]
      return !paused_;
    if (arrived_ < 0)
      arrived_ = cycle_;
    // Signals from other cores that arrived by now, after this cycle's DMA
    // landings (the wait below delivers later ones in time order).
    if constexpr (Beside)
      if (!core_.incoming_.empty() && core_.incoming_.front().arrival <= cycle_)
        deliverSignals();
    if (b.hasWait && !waitFor(ops[b.firstOp]))
      return !paused_;
    if ((b.hasWait || b.hasDma) && cycle_ >= options_.cycleBudget)
        [[unlikely]] {
      budgetExhausted();  // stalled beyond the budget: name the waiting op
      return true;
    }
    op_ = kNoOp;
    int64_t reached = reached_, arrived = arrived_;
    reached_ = arrived_ = -1;
    if (options_.trace) [[unlikely]] {
      if (arrived > reached) {
        TraceEvent e{TraceEvent::Kind::DmaQueueStall, reached, pc_};
        e.stall = arrived - reached;
        options_.trace->events.push_back(e);
      }
      if (b.hasWait)
        traceWait(ops[b.firstOp], arrived);
      options_.trace->events.push_back(
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
  return true;
}

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

void Executor::budgetExhausted() {
  std::string where;
  if (lastBranch_ >= 0)
    where = absl::StrFormat("; the last branch taken was %s back to %s",
                            program_.describeBundle(lastBranch_),
                            program_.describeBundle(lastTarget_));
  fault(absl::StatusCode::kResourceExhausted,
        absl::StrFormat("stopped at cycle %d without finishing: the run's "
                        "cycle budget is %d cycles (RunOptions::cycleBudget; "
                        "an endless loop or wait?)%s",
                        cycle_, options_.cycleBudget, where));
}

/// "VMEM rows [0x10, 0x18)".
static std::string rowRange(bool hbm, int64_t lo, int64_t hi) {
  return absl::StrFormat("%s rows [0x%x, 0x%x)", hbm ? "HBM" : "VMEM", lo, hi);
}

bool Executor::raceFault(const std::string &access, const DmaRace &race) {
  return fault(absl::StatusCode::kFailedPrecondition,
               absl::StrFormat("%s while the DMA started at %s still %s them "
                               "(%s; wait for it on [sem:%d] first)",
                               access, program_.describeOp(race.dma->op),
                               race.dmaWrites ? "writes" : "reads",
                               isa::desc(race.dma->kind).mnemonic,
                               race.dma->semaphore));
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
                                       rowRange(false, row, end)),
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
        absl::StrFormat("%s of %s", what, rowRange(false, row, end)), r);
  return true;
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
                                       rowRange(mine.hbm, mine.start, mine.end())),
                       race);
    }
  if (!options_.checkUninitializedReads)
    return true;
  DmaRows src = DmaRows::source(t);
  if (src.hbm)
    return true;
  for (int64_t i = 0; i < src.count; ++i) {
    int64_t lo = src.start + i * src.stride;
    if (int64_t r = core_.writes_.firstUnwrittenVmem(lo, src.rows); r >= 0)
      return uninitializedFault(std::string(what), r);
  }
  return true;
}

// --- TensorCore::run and Chip::runTogether: launch, execute, drain. ---

absl::Status TensorCore::prepare(const Program &program,
                                 std::span<const uint32_t> smemInit,
                                 const RunOptions &options) {
  if (absl::Status s = smem_.write(0, smemInit); !s.ok())
    return absl::InvalidArgumentError(absl::StrFormat(
        "kernel '%s': argument block of %d words does not fit: %s",
        program.name(), smemInit.size(), s.message()));
  regs_->reset();
  dma_.setDetectRaces(options.detectRaces);
  if (options.checkUninitializedReads)
    writes_.vmemWritten.assign(machine::kVmemRows / 64, 0);
  else
    writes_.vmemWritten.clear();
  writes_.recordHbm = options.recordHbmWrites;
  writes_.hbmWritten.clear();
  return absl::OkStatus();
}

absl::StatusOr<RunResult> TensorCore::finish(Executor &executor) {
  absl::StatusOr<RunResult> result = executor.outcome();
  regs_->zeroStale();  // what the run never touched reads as zero (vreg())
  // Land what is still in flight, also after a fault, so that memories and
  // semaphores are consistent for the next launch.
  int64_t end = result.ok() ? result->cycles : executor.cycle();
  absl::StatusOr<int64_t> drained = dma_.drain(end, executor.targets());
  totalCycles_ += end;
  if (!result.ok())
    return result;
  if (!drained.ok())
    return drained.status();
  result->drainCycles = *drained - end;
  result->hbmWritten = std::move(writes_.hbmWritten);
  writes_.hbmWritten.clear();
  return result;
}

absl::StatusOr<RunResult> TensorCore::run(const Program &program,
                                          std::span<const uint32_t> smemInit,
                                          const RunOptions &options) {
  if (absl::Status s = prepare(program, smemInit, options); !s.ok())
    return s;
  if (hbmPath_.empty())
    hbmPath_.restart();  // the other core is idle: the clock starts at 0
  Executor executor(*this, program, options);
  executor.resume();
  absl::StatusOr<RunResult> result = finish(executor);
  // Signals to the other cores, which are not running.
  if (executor.signalledOtherCores()) [[unlikely]]
    for (TensorCore *core : chipCores_)
      core->deliverPendingSignals();
  return result;
}

/// The deadlock error of `stuck` cores (each paused in a wait only another
/// core could satisfy; on a chip of two, both) running `kernels`.
static absl::Status deadlock(const std::vector<const Executor *> &stuck,
                             const std::vector<std::string> &kernels) {
  std::vector<std::string> waits;
  for (const Executor *e : stuck)
    waits.push_back(e->describeWait());
  return absl::FailedPreconditionError(absl::StrFormat(
      "%s '%s': deadlock: %s (no DMA in flight and no signal on its way can "
      "satisfy any of the waits)",
      kernels.size() == 1 ? "kernel" : "kernels",
      absl::StrJoin(kernels, "', '"), absl::StrJoin(waits, "; ")));
}

std::vector<absl::StatusOr<RunResult>>
Chip::runTogether(std::span<const CoreLaunch> launches, int64_t lookahead) {
  lookahead = std::clamp<int64_t>(lookahead, 1, kMaxLookahead);
  std::vector<absl::StatusOr<RunResult>> results(
      launches.size(), absl::UnknownError("not run"));
  std::vector<std::unique_ptr<Executor>> executors(launches.size());
  std::array<bool, machine::kCoresPerChip> used{};
  for (size_t i = 0; i < launches.size(); ++i) {
    const CoreLaunch &l = launches[i];
    if (l.core < 0 || l.core >= machine::kCoresPerChip || !l.program) {
      results[i] = absl::InvalidArgumentError(absl::StrFormat(
          "runTogether: launch %d names core %d (a chip has cores 0 to %d) "
          "or no program",
          i, l.core, machine::kCoresPerChip - 1));
      continue;
    }
    if (used[l.core]) {
      results[i] = absl::InvalidArgumentError(absl::StrFormat(
          "runTogether: launch %d runs on core %d, which an earlier launch "
          "already runs on",
          i, l.core));
      continue;
    }
    used[l.core] = true;
    TensorCore &core = *cores_[l.core];
    if (absl::Status s = core.prepare(*l.program, l.smemInit, l.options);
        !s.ok()) {
      results[i] = s;
      continue;
    }
    executors[i] = std::make_unique<Executor>(core, *l.program, l.options);
  }
  if (hbmPath_->empty())
    hbmPath_->restart();
  std::vector<bool> running(launches.size());
  for (size_t i = 0; i < launches.size(); ++i)
    running[i] = executors[i] != nullptr;
  // Cores beside each other may signal each other; the vector clocks of
  // cross-core race detection run if every launch detects races.
  std::unique_ptr<HappensBefore> order;
  if (std::count(running.begin(), running.end(), true) > 1) {
    bool races = true;
    for (size_t i = 0; i < launches.size(); ++i)
      races = races && (!running[i] || launches[i].options.detectRaces);
    if (races)
      order = std::make_unique<HappensBefore>();
    for (const std::unique_ptr<Executor> &e : executors)
      if (e)
        e->runBeside(order.get());
  }
  auto end = [&](size_t i) {
    running[i] = false;
    if (order)
      order->ended(launches[i].core);
  };
  // Step the core furthest behind; it may run up to `lookahead` past the
  // next one (at most kMaxLookahead: less than the earliest cycle a DMA
  // another core starts could move or a signal it sends could arrive).
  // When every core still running waits for what only another can give,
  // none ever will: a deadlock, reported at once.
  while (true) {
    size_t behind = launches.size();
    for (size_t i = 0; i < launches.size(); ++i)
      if (running[i] && (behind == launches.size() ||
                         executors[i]->cycle() < executors[behind]->cycle()))
        behind = i;
    if (behind == launches.size())
      break;
    int64_t horizon = DmaPath::kNever;
    for (size_t i = 0; i < launches.size(); ++i)
      if (running[i] && i != behind)
        horizon = std::min(horizon, executors[i]->cycle() + lookahead);
    if (executors[behind]->resume(horizon)) {
      end(behind);
      continue;
    }
    std::vector<const Executor *> stuck;
    std::vector<std::string> kernels;
    bool all = true;
    for (size_t i = 0; i < launches.size() && all; ++i) {
      if (!running[i])
        continue;
      all = executors[i]->stuck();
      stuck.push_back(executors[i].get());
      if (std::find(kernels.begin(), kernels.end(),
                    launches[i].program->name()) == kernels.end())
        kernels.push_back(launches[i].program->name());
    }
    if (!all)
      continue;
    absl::Status error = deadlock(stuck, kernels);
    for (size_t i = 0; i < launches.size(); ++i)
      if (running[i]) {
        executors[i]->abort(error);
        end(i);
      }
  }
  for (size_t i = 0; i < launches.size(); ++i)
    if (executors[i])
      results[i] = cores_[launches[i].core]->finish(*executors[i]);
  // Signals to cores whose runs have ended land now (semaphores persist).
  for (const std::unique_ptr<TensorCore> &core : cores_)
    core->deliverPendingSignals();
  return results;
}

}  // namespace tessera::sim
