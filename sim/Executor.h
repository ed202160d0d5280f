//===- Executor.h - The TensorCore interpreter, shared by its files ------===//
//
// Internal to the simulator, not an API: the Executor runs one Program on
// one TensorCore. Execute.cpp holds the bundle loop and the ops (its file
// comment says how the interpreter works), Signals.cpp the waits and the
// semaphore signals between cores, Launch.cpp TensorCore::run and
// Chip::runTogether.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "sim/Chip.h"
#include "sim/Registers.h"
#include "sim/VectorQueue.h"

namespace tessera::sim {

class Executor final : public LandingObserver, public RemoteSink {
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
    return absl::StrFormat("%s waits at %s for [sem:%d] >= %d (it holds "
                           "%d)",
                           name_.empty() ? absl::StrFormat("core %d", core_.index_) : name_,
                           program_.describeOp(op_), blockedSem_, blockedWant_,
                           core_.semaphores_[blockedSem_]);
  }
  /// How describeWait names the core ("chip 2 core 0" in a slice).
  void setName(std::string name) { name_ = std::move(name); }
  /// Whether the run sent a signal to another core (vsyncadd.core).
  bool signalledOtherCores() const { return signalsSent_ != 0; }
  /// Ends the run with `status` (a deadlock found by the chip).
  void abort(absl::Status status) { fault_ = std::move(status); }

  /// Where DMAs land; the deferred vector data runs first when a landing
  /// DMA moves VMEM rows that it reads or writes (beforeLanding).
  DmaTargets targets() {
    return DmaTargets{core_.hbm_, core_.vmem_, core_.smem_, core_.semaphores_,
                      options_.trace, logWrites_ ? &core_.writes_ : nullptr,
                      this, this};
  }
  /// A remote DMA's data has left: it goes on its way to the target core
  /// (Signals.cpp).
  void post(const DmaTransfer &t, std::vector<uint32_t> data) override;
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
  [[gnu::always_inline]] void defer(VectorQueue::Kind kind, uint8_t dstId, uint32_t *dst,
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
  [[gnu::always_inline]] void deferTile(bool store, unsigned r, uint32_t row) {
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
  /// checkAccess, settled inline when it has nothing to find: no
  /// uninitialized-read check, and no DMA not yet waited for near the rows.
  [[gnu::always_inline]] bool checkTile(const DecodedOp &op, uint32_t row,
                                        bool write) {
    if (!options_.checkUninitializedReads &&
        (!options_.detectRaces ||
         !core_.dma_.mayTouchVmem(row, int64_t{row} + machine::kTileRows)))
      return true;
    return checkAccess(op, row, write);
  }
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
  [[gnu::cold, gnu::noinline]] void workBudgetExhausted();
  /// "; the last branch taken was ... back to ...", or "".
  std::string lastBranchText() const;

  // --- Register access with readiness checks. ---
  [[gnu::always_inline]] bool readS(unsigned r) {
    return regs_.sReady[r] <= cycle_ || hazard(RegFile::S, r);
  }
  [[gnu::always_inline]] bool readV(unsigned r) {
    if (regs_.isStale(r)) [[unlikely]] {
      flushPending();  // zeroing writes the storage now
      regs_.zeroV(r);
    }
    return regs_.vReady[r] <= cycle_ || hazard(RegFile::V, r);
  }
  [[gnu::always_inline]] bool readP(unsigned r) {
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
  [[gnu::always_inline]] void markV(unsigned r, int latency) {
    regs_.wroteV(r);
    regs_.vReady[r] = cycle_ + latency;
    regs_.vWriter[r] = op_;
  }

  [[gnu::always_inline]] inline bool execute(const DecodedOp &op);
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
  /// vsyncadd.remote.
  bool signalRemote(const DecodedOp &op);
  /// The target core of a remote op ([chip:sD], [core:sC] in registers
  /// `chipReg`, `coreReg`), or null after a fault; `links` gets the ICI
  /// links of the route there (Slice::route: one per hop).
  TensorCore *remoteTarget(const DecodedOp &op, unsigned chipReg, unsigned coreReg,
                           std::vector<int> &links);
  /// When something sent from this core at `cycle` over `hops` ICI hops
  /// reaches `target`.
  int64_t arrivalAt(const TensorCore &target, int hops, int64_t cycle) const;
  /// This core's id in CoreSignal::from.
  uint16_t senderId(const TensorCore &target) const;
  /// dma.remote.*.
  bool issueRemoteDma(const DecodedOp &op);
  /// The checks of a DMA about to issue: its rows in range, the run's DMA
  /// byte budget, and (with race detection) the accesses it collides with.
  bool admitDma(const DecodedOp &op, const DmaTransfer &t);
  /// Adds `amount` to semaphore `index` of this core (vsyncadd).
  void addSemaphore(unsigned index, uint32_t amount);
  /// Records an executed wait (Trace.h, Kind::Wait) that the core reached
  /// at `arrived` and that waitFor has settled.
  void traceWait(const DecodedOp &op, int64_t arrived);
  bool issueDma(const DecodedOp &op);
  /// An sld (`write` false) or sst of SMEM `word` against the SMEM DMAs not
  /// yet waited for (race detection); false after a fault.
  bool checkSmemAccess(const DecodedOp &op, uint32_t word, bool write);
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

  [[gnu::always_inline]] bool vectorBinary(const DecodedOp &op,
                                           VectorQueue::Kind kind) {
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
  [[gnu::always_inline]] void vectorFill(const DecodedOp &op, uint32_t value) {
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
  /// The host work of the bundles issued so far (RunOptions::workBudget).
  int64_t work_ = 0;
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
  std::string name_;
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

/// A 32-bit register or semaphore word as a signed value.
inline int32_t asS32(uint32_t bits) { return static_cast<int32_t>(bits); }

/// "VMEM rows [0x10, 0x18)".
inline std::string rowRange(bool hbm, int64_t lo, int64_t hi) {
  return absl::StrFormat("%s rows [0x%x, 0x%x)", hbm ? "HBM" : "VMEM", lo, hi);
}
/// "SMEM words [0x10, 0x18)".
inline std::string smemWords(int64_t lo, int64_t hi) {
  return absl::StrFormat("SMEM words [0x%x, 0x%x)", lo, hi);
}


}  // namespace tessera::sim
