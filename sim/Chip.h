//===- Chip.h - The simulated TPU v4 chip: HBM and two TensorCores --------===//
//
// A Chip owns its HBM and machine::kCoresPerChip TensorCores. A TensorCore
// runs a loaded Program bundle by bundle, one bundle per cycle, under the
// static-scheduling model of HARDWARE.md: results are written at issue but
// may be read only from issue + latency on (an early read is a fault naming
// both bundles), and `vwait.ge` is the one op that stalls. A taken `sbr`
// costs machine::kBranchTakenCycles cycles without issue (Execute.cpp).
//
// Within a bundle every op reads its operands at issue (Program.h): a
// `vwait.ge` is settled before the bundle issues, loads see memory as it was
// before the bundle's stores, and an op whose guard is false is squashed
// (it reads and writes nothing, so only its guard is checked for readiness).
//
// The transcendental unit (EUP) and the cross-lane unit (XLU) accept one op
// every machine::kEupIssueInterval / kCrossLaneIssueInterval cycles, and the
// four matrix units (Mxu.h) have their own push, stream and result-FIFO
// rules; like register hazards, a violation is a fault, never a stall.
//
// A core may add to a semaphore of any core of its chip (vsyncadd.core):
// its own at once, the other one machine::kCrossCoreSignalCycles later
// (CoreSync.h). Chip::runTogether runs one program per core in step, so
// that their DMAs share the HBM path and their signals arrive at exact
// cycles.
//
// Memories and semaphores persist across runs (a stale semaphore is visible
// to the next launch); registers, the matrix units (staging and latched
// weights, result FIFOs), pc and the cycle counter start empty on every
// run. Faults (bad addresses, hazards, deadlocks, races, an exhausted
// budget) are absl::Status errors naming the kernel, the bundle and the
// source line of the op at fault; the core is usable again afterwards.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "sim/CoreSync.h"
#include "sim/Dma.h"
#include "sim/MachineDesc.h"
#include "sim/Memory.h"
#include "sim/Program.h"
#include "sim/Trace.h"

namespace tessera::sim {

/// How a run ended (faults are error Statuses instead).
enum class RunOutcome : uint8_t {
  Completed,  // ran off the end of the code
  Halted,     // an executed shalt; haltBundle says which
};

struct RunResult {
  RunOutcome outcome = RunOutcome::Completed;
  /// The bundle whose shalt stopped the core (Halted only); its comment in
  /// the Program says why.
  uint32_t haltBundle = 0;
  /// The cycle the last bundle issued at, plus one; plus
  /// machine::kBranchTakenCycles if that bundle took a branch to the end of
  /// the code. Always bundlesExecuted + stallCycles +
  /// branchesTaken * machine::kBranchTakenCycles.
  int64_t cycles = 0;
  /// Cycles spent stalled in vwait.ge, dma.fence and on a full DMA queue
  /// (included in `cycles`).
  int64_t stallCycles = 0;
  /// Taken branches; each cost machine::kBranchTakenCycles cycles without
  /// issue (included in `cycles`).
  int64_t branchesTaken = 0;
  /// Cycles after `cycles` until the DMAs still in flight at the end landed.
  int64_t drainCycles = 0;
  int64_t bundlesExecuted = 0;
  int64_t dmasIssued = 0;
  int64_t dmaBytes = 0;
  /// Cycles a bundle that starts a DMA waited for room in the full DMA
  /// queue (included in `stallCycles`).
  int64_t dmaQueueStallCycles = 0;
  /// The op (its index in the bundle's encoded order, BundleDebug::ops)
  /// of the shalt that stopped the core (Halted only).
  uint32_t haltOp = 0;
  /// With RunOptions::recordHbmWrites: the HBM row ranges [lo, hi) DMAs
  /// wrote during the run (including the drain), in landing order.
  std::vector<std::pair<int64_t, int64_t>> hbmWritten;

  bool halted() const { return outcome == RunOutcome::Halted; }
};

/// Default for RunOptions::cycleBudget: 2^27 cycles, 128 ms of chip time,
/// far beyond any sample, yet an endless loop stops within seconds.
inline constexpr int64_t kDefaultCycleBudget = int64_t{1} << 27;
/// A launch's default cycle budget (runtime::cycleBudgetOf): a cycle per
/// this many bytes of the launch's inputs and outputs, at least
/// kDefaultCycleBudget. Cycles grow with the data: a 16384^3 bf16 matmul
/// (2 GiB of arrays) runs 74 M cycles, a 32768^3 one (8 GiB) about 600 M;
/// their budgets are 2^29 and 2^31.
inline constexpr int64_t kArrayBytesPerBudgetCycle = 4;
/// Default for RunOptions::dmaByteBudget: 8 GiB of DMA traffic per run.
inline constexpr int64_t kDefaultDmaByteBudget = int64_t{8} << 30;
/// A launch's default DMA budget (runtime::dmaByteBudgetOf): this many bytes
/// of traffic per byte of the launch's inputs and outputs, at least
/// kDefaultDmaByteBudget. A grid reads each block as often as its other
/// axes ask: a matmul's x once per column block of y and y once per row
/// block of x (16384^3 with the matmul sample's (512, 256) blocks: 24x its
/// arrays' bytes).
inline constexpr int64_t kDmaBytesPerArrayByte = 64;

struct RunOptions {
  /// Stop with a fault once the run has taken this many cycles (issued
  /// bundles, stalls in vwait.ge / dma.fence / a full DMA queue, and taken
  /// branches all count): an endless loop or wait. The fault names the
  /// bundle and the loop where the core was spinning.
  int64_t cycleBudget = kDefaultCycleBudget;
  /// Stop with a fault at a DMA that would bring the run's DMA traffic
  /// beyond this many bytes.
  int64_t dmaByteBudget = kDefaultDmaByteBudget;
  /// Stop with a fault once the bundles issued hold more than this much
  /// host work (workOf, Program.h; kWorkPerVectorOp units): a bound on the
  /// simulation's time that cycles are not (a cycle of transcendentals
  /// costs the host far more than one of scalar ops). 0: no bound.
  int64_t workBudget = 0;
  /// Race detection (Dma.h): a vld of VMEM rows a DMA not yet waited for
  /// writes, a vst to rows such a DMA reads or writes, and a DMA that
  /// writes rows such a DMA reads or writes (or reads rows it writes) are
  /// faults naming both source lines.
  bool detectRaces = true;
  /// A vld, or a DMA out of VMEM, that reads VMEM rows no vst or DMA wrote
  /// during this run is a fault (a read of uninitialized scratch).
  bool checkUninitializedReads = false;
  /// Record the HBM rows DMAs write (RunResult::hbmWritten).
  bool recordHbmWrites = false;
  /// If set, bundle issues and DMA events are appended here.
  Trace *trace = nullptr;
  /// The simulator's own speed, never its results: the data of elementwise
  /// vector ops is queued and runs fused (sim/VectorQueue.h). Off, each
  /// op moves its data at issue: the reference the tests hold the fused
  /// runs to, bit for bit.
  bool fuseVectorData = true;
};

/// One vector register: 8 sublanes x 128 lanes of 32 bits, sublane-major.
using VRegData = std::array<uint32_t, machine::kVRegElems>;

class Executor;
class Slice;

class TensorCore {
public:
  /// A core whose DMAs to HBM reach `hbm` (its chip's) over `hbmPath`, and
  /// whose remote DMAs move on `iciPath`.
  TensorCore(Hbm &hbm, DmaPath &hbmPath, DmaPath &iciPath, int index);
  ~TensorCore();
  TensorCore(const TensorCore &) = delete;
  TensorCore &operator=(const TensorCore &) = delete;

  /// Writes `smemInit` to SMEM words [0, n) (the argument block), resets pc
  /// and registers, and runs `program` until it runs off its end or halts.
  /// DMAs still in flight at the end are drained. A fault is an error.
  absl::StatusOr<RunResult> run(const Program &program,
                                std::span<const uint32_t> smemInit,
                                const RunOptions &options = {});

  int index() const { return index_; }

  /// Semaphores (they count bytes). Indices outside [0, kNumSemaphores)
  /// throw std::out_of_range.
  int32_t semaphore(int i) const { return semaphores_.at(i); }
  void setSemaphore(int i, int32_t value) { semaphores_.at(i) = value; }
  void resetSemaphores() { semaphores_.fill(0); }

  /// The core's memories (bounds-checked host access).
  Vmem &vmem() { return vmem_; }
  const Vmem &vmem() const { return vmem_; }
  Smem &smem() { return smem_; }
  const Smem &smem() const { return smem_; }

  /// Register values as the last run left them (registers are not
  /// preserved into the next run). Indices are checked (std::out_of_range).
  /// After a fault, a vector register whose value the code would not have
  /// read again may hold another register's old value (Registers.h lends
  /// dead values' storage); after a completed or halted run every one holds
  /// its last value. The first vreg() after a run may compute the values
  /// the run left waiting (VectorQueue.h): like a run, it must not race
  /// with another call on this core.
  uint32_t sreg(int i) const;
  bool preg(int i) const;
  const VRegData &vreg(int i) const;

  /// Cycles run on this core over all runs (excluding drains).
  int64_t totalCycles() const { return totalCycles_; }

  /// Register state, including the shadow registers (Program.h). Public for
  /// the executor; not an API.
  struct Registers;

private:
  friend class Executor;
  friend class Chip;
  friend class Slice;
  friend struct CoreRunner;

  /// run()'s set-up (SMEM arguments, registers, checks) and its end (the
  /// drain, the result); Chip::runTogether runs the executors between.
  absl::Status prepare(const Program &program,
                       std::span<const uint32_t> smemInit,
                       const RunOptions &options);
  absl::StatusOr<RunResult> finish(Executor &executor);

  /// Delivers every signal still on its way here (the run that would have
  /// seen it has ended; semaphores persist).
  void deliverPendingSignals();
  /// Writes a remote DMA's data into this core's VMEM or its chip's HBM
  /// (rows checked when the DMA was issued), noting the rows in `writes`.
  void landRemoteData(const RemoteData &data, WriteLog *writes);

  Hbm &hbm_;
  DmaPath &hbmPath_;
  int index_;
  /// The cores of this core's chip (itself included), set by Chip: the
  /// targets of vsyncadd.core.
  std::array<TensorCore *, machine::kCoresPerChip> chipCores_{};
  /// The slice of the core's chip (null: a chip alone) and the chip's index
  /// in it: the targets of remote DMAs and vsyncadd.remote.
  Slice *slice_ = nullptr;
  int chipIndex_ = 0;
  /// Signals from other cores on their way here, in delivery order
  /// (CoreSync.h); delivered at their arrival cycles while this core runs,
  /// the rest when the run they were sent in ends.
  std::vector<CoreSignal> incoming_;
  Vmem vmem_;
  Smem smem_;
  std::array<int32_t, machine::kNumSemaphores> semaphores_{};
  std::unique_ptr<Registers> regs_;
  DmaEngine dma_;
  /// Rows written during the current run (allocated on first use).
  WriteLog writes_;
  int64_t totalCycles_ = 0;
};

/// One core's part of Chip::runTogether.
struct CoreLaunch {
  int core = 0;
  const Program *program = nullptr;
  std::span<const uint32_t> smemInit;
  RunOptions options;
};

/// The most Chip::runTogether lets a core run ahead of another: less than
/// the soonest another core's action can reach it (a DMA it starts moves
/// kDmaStartupCycles after its issue, changing how the HBM path is shared;
/// a signal arrives kCrossCoreSignalCycles after its issue, and must not
/// arrive at a cycle a core has already issued at).
inline constexpr int64_t kMaxLookahead =
    std::min(machine::kDmaStartupCycles, machine::kCrossCoreSignalCycles - 1);

/// One chip: HBM shared by its TensorCores.
class Chip {
public:
  explicit Chip(int index = 0);
  Chip(const Chip &) = delete;
  Chip &operator=(const Chip &) = delete;

  int index() const { return index_; }
  Hbm &hbm() { return *hbm_; }
  const Hbm &hbm() const { return *hbm_; }
  /// TensorCore `i` in [0, machine::kCoresPerChip) (std::out_of_range else).
  TensorCore &core(int i) { return *cores_.at(i); }
  const TensorCore &core(int i) const { return *cores_.at(i); }
  static constexpr int numCores() { return machine::kCoresPerChip; }

  /// Runs the launches at once, each on its own core, in step: a core never
  /// runs more than `lookahead` cycles ahead of another still running, so
  /// their HBM DMAs share the chip's HBM path as they would on the chip
  /// (sim/TIMING.md) and their semaphore signals (vsyncadd.core) arrive at
  /// exact cycles. A lookahead up to kMaxLookahead (the default, and the
  /// most) gives the same cycles as running cycle by cycle; a smaller one
  /// only runs slower (tests check that the results do not change). Each
  /// result is what TensorCore::run would return for its launch; the
  /// cores' DMAs drain once all have ended, and signals to a core whose run
  /// has ended then land on its semaphores. A launch naming no core, a core
  /// out of range or a core already used by an earlier launch gets an
  /// error result.
  ///
  /// Between the cores (with two or more launches):
  /// - A deadlock: when every core still running is stalled in a vwait.ge
  ///   that neither its DMAs in flight nor the signals on their way to it
  ///   can satisfy, every such launch's result is at once the same
  ///   FailedPrecondition error, "kernel 'k': deadlock: core 0 waits at
  ///   bundle 0x0012 (k.cc:40) for [sem:3] >= 1 (it holds 0); core 1 waits
  ///   at ... (no DMA in flight and no signal on its way can satisfy any
  ///   of the waits)". A wait only a core that has ended could satisfy is
  ///   that run's "would wait forever" fault. The chip is usable
  ///   afterwards.
  /// - A cross-core race (when every launch has RunOptions::detectRaces):
  ///   a DMA that reads or writes HBM rows another core's DMA writes (or
  ///   writes rows it reads) with no semaphore signal ordering the two
  ///   (CoreSync.h) faults the launch that started the later one:
  ///   "cross-core race: dma.vmem_to_hbm on core 1 writes HBM rows [...],
  ///   which the DMA started at bundle ... on core 0 (kernel 'k') reads
  ///   ...". The other launch runs on.
  std::vector<absl::StatusOr<RunResult>>
  runTogether(std::span<const CoreLaunch> launches,
              int64_t lookahead = kMaxLookahead);

private:
  friend class Slice;
  friend struct CoreRunner;
  int index_;
  std::unique_ptr<Hbm> hbm_;
  std::unique_ptr<DmaPath> hbmPath_;
  /// The interconnect of a chip alone (its cores' remote DMAs to each
  /// other); a slice's chips share the slice's instead.
  std::unique_ptr<DmaPath> iciPath_;
  std::array<std::unique_ptr<TensorCore>, machine::kCoresPerChip> cores_;
};

}  // namespace tessera::sim
