//===- Dma.h - A TensorCore's DMA engine: timing and delivery -------------===//
//
// The scalar unit starts a DMA; the engine copies rows between HBM and VMEM
// in the background (sim/TIMING.md, [DMA]). A DMA issued at cycle t starts
// moving bytes at t + startup(kind) on its path: the chip's HBM path
// (DmaPath, kHbmPathBytes per kHbmPathCycles, shared by every DMA with an
// HBM endpoint on either core) or its core's local path (VMEM -> VMEM,
// kLocalDmaBytesPerCycle). The DMAs moving on a path share its bandwidth
// equally (processor sharing), so a DMA's completion depends on what else
// moves beside it: two 1 MiB reads together take twice as long as one, a
// 4 KiB local copy lands at its own pace beside a 2 MiB HBM transfer, and
// two cores streaming get half the chip's bandwidth each.
// A strided DMA (dma.<kind>.s: `count` chunks of `rows` rows, chunk i from
// srcRow + i * srcStride to dstRow + i * dstStride) is timed as one DMA of
// all its bytes: the engine walks the descriptor itself.
// The data lands at completion (a reader before then sees the old data), and
// then the DMA's semaphore grows by the bytes moved. DMAs land in completion
// order (issue order among equals). At most machine::kDmaQueueDepth DMAs of
// a core are in flight: a bundle that starts a DMA while the queue is full
// stalls until one lands (Execute.cpp).
//
// Causality: a DMA changes the sharing only from its start, at least
// kLocalDmaStartupCycles after its issue, so a path commits events (a DMA
// starting or completing) only up to a cycle its caller has reached; the
// completion it reports for a DMA before then is a projection that a later
// DMA may push back. When both cores run together (Chip::runTogether) a
// core runs at most kMaxLookahead (<= kDmaStartupCycles) ahead of the other.
//
// Race detection (RunOptions::detectRaces): the engine also remembers every
// DMA from its start until the program has waited for it (a vwait.ge on its
// semaphore or a dma.fence that returns after it landed): until then the
// program must not read what it writes nor write what it reads or writes,
// whatever the simulated timing. findAccessRace and findDmaRace name the
// DMA an access collides with. Races between two cores' DMAs on HBM are
// found by Chip::runTogether (HappensBefore, CoreSync.h). Another core's
// remote DMA into this core's memory is remembered here too (incoming),
// from its start until it has landed and this core waited on its receive
// semaphore: the core's accesses and DMAs in between race with it, and so
// does a remote DMA that starts into rows a DMA remembered here touches.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "sim/Memory.h"
#include "sim/Trace.h"
#include "sim/isa/Isa.h"

namespace tessera::sim {

/// True for the dma.* opcodes (both semaphore forms, plain and strided,
/// and the remote ones).
bool isDmaOpcode(isa::Opcode op);
/// True for dma.remote.* (a push to another chip's or core's memory over
/// the interconnect; sim/TIMING.md, [ICI]).
bool isRemoteDmaOpcode(isa::Opcode op);
/// True for the strided forms dma.<kind>.s (their immediate is an
/// isa::DmaStride descriptor, not a length).
bool isStridedDmaOpcode(isa::Opcode op);
/// True for the kinds dma.hbm_to_smem / dma.smem_to_hbm (and their R
/// forms): their rows, addresses and lengths count 32-bit words.
bool isSmemDmaOpcode(isa::Opcode op);
/// The transfer kind of a dma.* opcode: a register-indexed-semaphore form
/// (DmaHbmToVmemR, ...) and a strided form (DmaHbmToVmemS, DmaHbmToVmemSR)
/// move data between the same memories as the plain [sem:N] form, so they
/// map to that opcode; the plain [sem:N] forms map to themselves.
/// DmaTransfer::kind always holds such a kind.
isa::Opcode dmaTransferKind(isa::Opcode op);
/// Whether a DMA kind moves over the chip's HBM path (HBM is an endpoint),
/// which every such DMA in flight on either core shares; else (VMEM to
/// VMEM) it moves over its core's local path.
bool usesHbmPath(isa::Opcode kind);
/// Start-up latency of a DMA kind: machine::kDmaStartupCycles if HBM is an
/// endpoint, machine::kLocalDmaStartupCycles for VMEM to VMEM.
int64_t dmaStartupCycles(isa::Opcode kind);
/// The bandwidth of a DMA kind's path as an exact ratio: `bytes` per
/// `cycles` (the HBM path's kHbmPathBytes / kHbmPathCycles, or a core's
/// local path, kLocalDmaBytesPerCycle per cycle; MachineDesc.h).
struct DmaRate {
  int64_t bytes = 0, cycles = 1;
};
DmaRate dmaPathRate(isa::Opcode kind);
/// Transfer time of a DMA moving alone on its path: ceil(bytes /
/// bandwidth) with its path's rate.
int64_t dmaTransferCycles(isa::Opcode kind, int64_t bytes);
/// The cycle a DMA of `kind` issued at `issued` and landed (or, remote,
/// done leaving) at `landed` started moving bytes: the end of its start-up
/// (what traces show of the sharing of its path).
inline int64_t dmaMovingFrom(isa::Opcode kind, int64_t issued, int64_t landed) {
  return std::min(landed, issued + dmaStartupCycles(kind));
}

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
  /// A remote DMA (isRemoteDmaOpcode(kind)): where its data goes, the
  /// target core's semaphore it adds its bytes to on landing, and the ICI
  /// hops between the chips (its `semaphore` is the sender's, credited when
  /// the data has left, at completeCycle).
  int targetChip = -1;
  int targetCore = 0;
  uint8_t recvSemaphore = 0;
  int hops = 0;
  /// The interconnect resources its bytes cross (DmaPath::add): the
  /// sending core's port, then each link of the route (Slice::route).
  std::vector<int> route;

  /// Bytes moved: count * rows rows (words for an SMEM DMA).
  int64_t bytes() const;
};

/// The rows one side of a DMA touches: `count` chunks of `rows` rows, the
/// first at `start`, `stride` rows apart.
struct DmaRows {
  bool hbm = false;  // HBM or VMEM rows
  int64_t start = 0, rows = 0, count = 1, stride = 0;
  /// SMEM words instead (an SMEM DMA's SMEM side; its HBM side is the HBM
  /// rows its words lie in).
  bool smem = false;

  /// The source or destination side of `t` (a remote DMA's destination is
  /// none of its own core's rows).
  static DmaRows source(const DmaTransfer &t);
  static DmaRows destination(const DmaTransfer &t);
  /// The rows a remote DMA writes at its target.
  static DmaRows remoteDestination(const DmaTransfer &t);
  /// Whether any of these rows lies in [lo, hi) of memory `inHbm`.
  bool overlaps(bool inHbm, int64_t lo, int64_t hi) const {
    return !smem && overlapsIn(inHbm, lo, hi);
  }
  /// Whether any of these SMEM words lies in [lo, hi).
  bool overlapsSmem(int64_t lo, int64_t hi) const {
    return smem && overlapsIn(false, lo, hi);
  }
  bool overlaps(const DmaRows &other) const;
  /// [first chunk's start, last chunk's end).
  int64_t end() const { return start + (count - 1) * stride + rows; }

private:
  bool overlapsIn(bool inHbm, int64_t lo, int64_t hi) const;
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

/// Told of each DMA just before its data moves: the executor runs its
/// deferred vector data first if that reads or writes the DMA's VMEM rows.
class LandingObserver {
public:
  virtual void beforeLanding(const DmaTransfer &t) = 0;

protected:
  ~LandingObserver() = default;
};

/// Where a remote DMA's data goes once it has left its core: the sender
/// hands it over with the source rows as they were then (Executor).
class RemoteSink {
public:
  virtual void post(const DmaTransfer &t, std::vector<uint32_t> data) = 0;

protected:
  ~RemoteSink() = default;
};

/// What landing a DMA touches.
struct DmaTargets {
  Hbm &hbm;
  Vmem &vmem;
  Smem &smem;
  std::span<int32_t> semaphores;
  Trace *trace = nullptr;
  /// If set, rows written by landing DMAs are recorded here.
  WriteLog *writes = nullptr;
  /// If set, told of each DMA before its data moves.
  LandingObserver *observer = nullptr;
  /// Takes remote DMAs' data (required when one is in flight).
  RemoteSink *remote = nullptr;
};

class Program;

/// A DMA an access collides with (race detection).
struct DmaRace {
  const DmaTransfer *dma = nullptr;  // null: no race
  bool dmaWrites = false;  // the DMA writes the rows (else it reads them)
  /// The program that started it (Program::describeOp of dma->op).
  const Program *program = nullptr;
  /// Another core's remote DMA into this core's memory: its sender ("chip
  /// 0 core 1"); empty for the core's own DMAs.
  std::string sender;
};

class DmaEngine;

/// A path the DMAs in flight share: the chip's HBM path, a core's local
/// path, or the interconnect. Time is in cycles; a path moves `bytes` per
/// `cycles` (an exact ratio), split equally among the DMAs moving on it.
/// Events (a DMA starts moving, a DMA's last byte arrives) are computed
/// exactly in integers: a DMA's remaining work is counted in 1/`cycles`
/// bytes, between two events each of n moving DMAs gets floor(dt * bytes /
/// n) of it, and a DMA completes at the first cycle its work is done.
/// A DMA may instead name the resources it crosses (the interconnect: its
/// core's port and each link of its route, each of the path's bandwidth):
/// then n is the number of moving DMAs on the busiest of its resources, so
/// DMAs share a link only with those that cross it.
class DmaPath {
public:
  static constexpr int64_t kNever = INT64_MAX;

  explicit DmaPath(DmaRate rate) : bytes_(rate.bytes), cycles_(rate.cycles) {}

  /// A DMA of `owner` (its DmaTransfer::id `id`) of `bytes` bytes that
  /// starts moving at `start` (not before the last committed event), over
  /// `resources` (small ids; none: the path as a whole).
  void add(DmaEngine *owner, int64_t id, int64_t start, int64_t bytes,
           std::span<const int> resources = {});
  /// Commits the events at or before `cycle` and tells each owner which of
  /// its DMAs completed, and when (DmaEngine::finished).
  void advanceTo(int64_t cycle);
  /// The earliest cycle a DMA of `owner` still on the path completes if no
  /// other DMA is added (kNever if it has none). Cached between changes.
  int64_t projectedCompletion(const DmaEngine *owner) const;
  bool empty() const { return state_.moving.empty() && state_.waiting.empty(); }
  /// Bumped by every add and committed event (for owners' caches).
  uint64_t version() const { return version_; }
  /// Starts the clock at 0 again (the path must be empty).
  void restart() { state_.now = 0; }

private:
  struct Flow {
    int64_t start = 0;
    int64_t remaining = 0;  // in 1/cycles_ bytes
    DmaEngine *owner = nullptr;
    int64_t id = 0;
    std::vector<int> resources;
  };
  struct State {
    int64_t now = 0;             // the last event
    std::vector<Flow> moving;    // in start order
    std::vector<Flow> waiting;   // not started yet, by start
  };
  /// Runs `s` through its events at or before `limit`, calling
  /// done(flow, cycle) per completion.
  template <typename Done>
  void run(State &s, int64_t limit, Done &&done) const;

  int64_t bytes_, cycles_;
  /// Whether some DMA named resources, and one past the largest id.
  bool routed_ = false;
  int resources_ = 0;
  State state_;
  uint64_t version_ = 0;
  /// projectedCompletion's cache: per owner, at version cacheVersion_.
  mutable uint64_t cacheVersion_ = ~uint64_t{0};
  mutable std::vector<std::pair<const DmaEngine *, int64_t>> cache_;
};

class DmaEngine {
public:
  /// An engine whose HBM DMAs move on `hbm` (its chip's path) and remote
  /// DMAs on `ici` (its chip's, or its slice's interconnect).
  DmaEngine(DmaPath &hbm, DmaPath &ici);
  /// Remote DMAs move on `ici` from now on (a chip joining a slice).
  void setIciPath(DmaPath &ici) { ici_ = &ici; }
  DmaPath &iciPath() { return *ici_; }

  /// Checks the ranges of a DMA without issuing it; the error names the
  /// offending endpoint. A strided DMA (count > 1) is checked over its
  /// whole footprint, from the first chunk's start to the last one's end.
  static absl::Status checkRanges(isa::Opcode kind, int64_t srcRow,
                                  int64_t dstRow, int64_t rows, const Hbm &hbm,
                                  const Vmem &vmem, const Smem &smem);
  static absl::Status checkRanges(const DmaTransfer &t, const Hbm &hbm,
                                  const Vmem &vmem, const Smem &smem);
  /// Starts `t` (ranges already checked, queue not full) issued at
  /// `cycle` on its path.
  void issue(DmaTransfer t, int64_t cycle, Trace *trace);

  bool idle() const { return inFlight_.empty(); }
  /// Whether a remote DMA's data has still to leave.
  bool remoteInFlight() const;
  /// The id the next issued DMA gets.
  int64_t nextId() const { return nextId_; }
  /// Whether DMA `id` of this run is issued and not yet landed.
  bool inFlight(int64_t id) const;
  /// machine::kDmaQueueDepth DMAs are in flight.
  bool full() const;
  /// The cycle the next DMA in flight completes if no DMA is started
  /// before then (engine not idle). The executor asks before every bundle
  /// while a DMA is in flight: the cached answer is inline.
  int64_t nextCompletion() const {
    if (cacheValid_ && cachedHbm_ == hbm_.version() &&
        cachedLocal_ == local_.version() && cachedIci_ == ici_->version())
      return cachedNext_;
    return computeNextCompletion();
  }
  /// Bytes that DMAs in flight will still add to `semaphore`.
  int64_t pendingBytes(int semaphore) const;

  /// Lands every DMA that completes at or before `cycle` (a cycle no DMA
  /// still to be started can change: see Causality above).
  absl::Status completeUntil(int64_t cycle, DmaTargets targets);
  /// Lands the DMAs completing at nextCompletion() and returns that cycle.
  absl::StatusOr<int64_t> completeNext(DmaTargets targets);
  /// Lands everything in flight; returns the last completion cycle (or
  /// `now` if idle) and resets the engine for the next run.
  absl::StatusOr<int64_t> drain(int64_t now, DmaTargets targets);
  /// The path reports that DMA `id` completed at `cycle`.
  void finished(int64_t id, int64_t cycle);

  // --- Race detection (off unless enabled for the run; a run's end turns
  // it off). ---
  /// A run of `program` starts.
  void setDetectRaces(bool on, const Program *program = nullptr) {
    detectRaces_ = on;
    program_ = program;
  }
  bool detectsRaces() const { return detectRaces_; }
  /// True while some DMA has not been waited for.
  bool hasUnwaited() const { return !unwaited_.empty(); }
  /// Whether a DMA not yet waited for may read or write VMEM rows in
  /// [lo, hi): false settles that findAccessRace finds none (most vld and
  /// vst are far from the rows of the DMAs in flight: a pipeline's next
  /// block), without walking the DMAs.
  bool mayTouchVmem(int64_t lo, int64_t hi) const {
    return lo < unwaitedVmemHi_ && unwaitedVmemLo_ < hi;
  }
  /// The program waited on `semaphore` (or, if negative, fenced): DMAs on it
  /// that have landed are done with their rows (a fence: the core's own).
  void waited(int semaphore);
  /// A DMA not yet waited for that a vld (`write` false) or vst (`write`
  /// true) of VMEM rows [lo, hi) collides with.
  DmaRace findAccessRace(int64_t lo, int64_t hi, bool write) const;
  /// The same for an sld (`write` false) or sst of SMEM words [lo, hi).
  DmaRace findSmemAccessRace(int64_t lo, int64_t hi, bool write) const;
  /// A DMA not yet waited for whose rows collide with those of `t`: one of
  /// them writes rows the other reads or writes.
  DmaRace findDmaRace(const DmaTransfer &t) const;
  /// Another core's remote DMA `t` (issued by `program` on `sender`, whose
  /// signals here come from sender id `from`: CoreSignal::from) will write
  /// this core's memory: until it has landed and this core has waited on
  /// its receive semaphore, this core must not touch those rows. First the
  /// DMA not yet waited for here that it collides with (it writes rows that
  /// DMA reads or writes), if any; else it is recorded.
  DmaRace incoming(const DmaTransfer &t, const Program &program, std::string sender,
                   uint16_t from);
  /// The data of the remote DMA `id` from sender id `from` landed here.
  void incomingLanded(uint16_t from, int64_t id);

private:
  /// A DMA not yet waited for (race detection).
  struct Unwaited {
    DmaTransfer dma;
    /// The rows it reads and writes here.
    DmaRows src, dst;
    bool landed = false;
    /// Another core's remote DMA into this core's memory (incoming): its
    /// program, its sender's name and signal id.
    const Program *program = nullptr;
    std::string sender;
    int from = -1;
  };
  /// A DMA not yet waited for whose rows collide with `src` (read) and
  /// `dst` (written).
  DmaRace findRace(const DmaRows &src, const DmaRows &dst) const;
  void record(Unwaited u);

  DmaPath &pathOf(isa::Opcode kind) {
    return isRemoteDmaOpcode(kind) ? *ici_ : usesHbmPath(kind) ? hbm_ : local_;
  }

  DmaPath &hbm_;
  DmaPath local_;
  /// The interconnect every core of the chip or slice shares: a remote DMA
  /// crosses its core's port and the links of its route (sim/TIMING.md,
  /// [ICI]).
  DmaPath *ici_;
  /// Issued, not landed, in issue order; completeCycle is -1 until the
  /// path reports it.
  std::vector<DmaTransfer> inFlight_;
  /// nextCompletion() without its cache; fills the cache.
  int64_t computeNextCompletion() const;
  /// nextCompletion's cache, valid for these path versions and inFlight_.
  mutable uint64_t cachedHbm_ = ~uint64_t{0}, cachedLocal_ = ~uint64_t{0},
                   cachedIci_ = ~uint64_t{0};
  mutable bool cacheValid_ = false;
  mutable int64_t cachedNext_ = 0;
  bool detectRaces_ = false;
  const Program *program_ = nullptr;
  int64_t nextId_ = 0;
  std::vector<Unwaited> unwaited_;
  /// VMEM rows [lo, hi) span every VMEM row of unwaited_ (empty if lo >=
  /// hi): mayTouchVmem. Updated whenever unwaited_ changes.
  int64_t unwaitedVmemLo_ = 0, unwaitedVmemHi_ = 0;
  void spanUnwaitedVmem();
};

}  // namespace tessera::sim
