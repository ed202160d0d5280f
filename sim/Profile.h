//===- Profile.h - Where the cycles of a run went -------------------------===//
//
// A profile is computed after the fact from a run's Trace (sim/Trace.h) and
// the Executable that ran (its encoded bundles, decoded here, and their
// per-op source positions). It never looks at compiler objects. The rules
// it applies are the timing model's (sim/TIMING.md, "Profiles"):
//
// - Every unit has `cycles` cycles in the run. Each is either busy or idle
//   for exactly one cause, so busy + sum(idle) == cycles for every unit.
// - A slot unit (scalar, vector ALU, vector load, vector store, matrix,
//   misc) is busy in the cycles it issues an op; the EUP for
//   machine::kEupIssueInterval cycles per op, the XLU for
//   machine::kCrossLaneIssueInterval; an MXU while it streams a vmatmul
//   (machine::kMxuStreamCycles); the DMA engine while a DMA moves bytes
//   (its transfer time, after the start-up latency).
// - Idle cycles of the core's units are charged to what the core did then:
//   stalled in a vwait.ge or dma.fence or on a full DMA queue, in a taken
//   branch's bubbles, issuing an empty (nop) bundle, issuing a bundle
//   without an op for this unit, or (after the last bundle) waiting for
//   DMAs to land. The DMA engine is idle in start-up (DMAs in flight, none
//   moving bytes) or empty.
// - Ops count as issued whether or not their guard held (a squashed op
//   still used its slot); `nop` is no op.
//
// The verdict names the resource that bounds the run; its thresholds are
// the constants below.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "sim/Chip.h"
#include "sim/Executable.h"
#include "sim/Trace.h"
#include "sim/isa/Isa.h"

namespace tessera::sim {

/// Why a unit did no work in a cycle.
enum class IdleCause : uint8_t {
  Wait,       // the core stalled in vwait.ge
  Fence,      // the core stalled in dma.fence
  Queue,      // the core stalled on a full DMA queue (kDmaQueueDepth)
  Branch,     // a taken branch's bubbles
  Nop,        // the core issued an empty bundle (waiting out a latency)
  Other,      // the core issued a bundle without an op for this unit
  Drain,      // after the last bundle: DMAs still landing
  DmaStartup, // DMA engine: DMAs in flight, none moving bytes yet
  DmaEmpty,   // DMA engine: nothing in flight
};
inline constexpr int kNumIdleCauses = 9;
std::string_view idleCauseName(IdleCause cause);

struct UnitProfile {
  std::string name; // "scalar", ..., "mxu0", "DMA engine"
  /// Slots per bundle; 0 for the MXUs and the DMA engine (not slots).
  int slots = 0;
  int64_t ops = 0;  // ops issued (DMAs for the DMA engine)
  int64_t busy = 0; // cycles
  std::array<int64_t, kNumIdleCauses> idle{};

  int64_t idleCycles() const;
  /// busy / cycles, and ops / (slots * cycles) (0 without slots).
  double utilization(int64_t cycles) const;
  double slotUtilization(int64_t cycles) const;
};

/// One wait site: a vwait.ge or dma.fence bundle, per semaphore it waited
/// on, or a bundle starting a DMA that found the DMA queue full (`op` is
/// that DMA's opcode, `semaphore` -1).
struct StallSite {
  uint32_t bundle = 0;
  std::string position; // the wait op's "file.cc:LINE", or ""
  isa::Opcode op = isa::Opcode::VWaitGe;
  int semaphore = -1; // -1 for dma.fence
  int64_t waits = 0;  // executions
  int64_t stalls = 0; // executions that stalled
  int64_t cycles = 0; // cycles stalled
  /// The DMA whose landing ended most of its stalls: its issuing bundle and
  /// that DMA op's position; releases == 0 if none was seen.
  uint32_t releasedBy = 0;
  std::string releasedByPosition;
  int64_t releases = 0;
};

/// The DMAs of one transfer kind.
struct DmaProfile {
  isa::Opcode kind = isa::Opcode::DmaHbmToVmem;
  int64_t count = 0;
  int64_t bytes = 0;
  int64_t transferCycles = 0; // sum of each DMA's bytes / bandwidth
  int64_t startupCycles = 0;  // sum of each DMA's start-up latency
  double roofline = 0;        // modeled bytes per cycle of its path
};

/// Cycles charged to one source line: bundle issues shared evenly among the
/// bundle's ops, an empty bundle's to the line of the op whose latency it
/// waits out (BundleProfile::waitsOut), a wait's stall to the wait op's
/// line (a full queue's to the DMA op's), a taken branch's bubbles to the
/// sbr's line. The lines' cycles add up to the run's.
struct LineProfile {
  std::string position; // "file.cc:LINE", or "" for ops without one
  double cycles = 0;
  int64_t ops = 0;         // ops issued from this line
  int64_t stallCycles = 0; // of those cycles, stalled in its waits
};

/// Per bundle of the code.
struct BundleProfile {
  int64_t issues = 0;
  int64_t stallCycles = 0;  // before it issued (its wait, a full DMA queue)
  int64_t queueCycles = 0;  // of stallCycles, on a full DMA queue
  int64_t branchCycles = 0; // after it (its taken sbr)
  /// An empty bundle: the op whose latency (or unit) it waits out, e.g.
  /// "vexp.f32 at 0x0091 (attention.cc:106)"; its cycles count for that
  /// op's line. Empty when none was found (then they count for the line
  /// of the next bundle that issues).
  std::string waitsOut;
  int64_t cycles() const { return issues + stallCycles + branchCycles; }
};

enum class Verdict : uint8_t {
  HbmBound,
  MxuBound,
  VectorBound,
  IssueBound,
  LatencyBound,
};
std::string_view verdictName(Verdict v); // "HBM-bound", ...

/// Verdict thresholds (TIMING.md, "The verdict"). A resource bounds the run
/// when its figure reaches kBoundFraction: HBM bytes over the modeled HBM
/// roofline for the run's cycles; the MXUs' streaming cycles over
/// kNumMxus x cycles; the busiest vector unit (vector ALU or load/store
/// slots, EUP, XLU). The highest such figure wins. Otherwise the run is
/// issue-bound if non-empty bundles issued in at least kIssueBoundFraction
/// of the cycles, else latency-bound (stalls, nops, DMA start-up).
inline constexpr double kBoundFraction = 0.5;
inline constexpr double kIssueBoundFraction = 0.5;

struct KernelProfile {
  std::string kernel;
  /// The run's cycles: RunResult::cycles + drainCycles. Each part below.
  int64_t cycles = 0;
  int64_t issueCycles = 0;  // bundles issued (== RunResult::bundlesExecuted)
  int64_t nopBundles = 0;   // of which empty
  int64_t waitCycles = 0;   // stalled in vwait.ge
  int64_t fenceCycles = 0;  // stalled in dma.fence
  int64_t queueCycles = 0;  // stalled on a full DMA queue
  int64_t branchCycles = 0; // taken-branch bubbles
  int64_t drainCycles = 0;  // after the last bundle

  /// scalar, vector ALU, vector load, vector store, EUP, XLU, matrix, misc,
  /// mxu0..mxu3, DMA engine: kUnitNames order.
  std::vector<UnitProfile> units;
  std::vector<StallSite> stalls; // by cycles, most first
  std::vector<DmaProfile> dmas;  // kinds that ran
  int64_t dmaCount = 0;
  int64_t dmaBytes = 0;
  int64_t hbmBytes = 0;   // moved by DMAs with an HBM endpoint
  double hbmRoofline = 0; // machine::kHbmBytesPerCyclePerCore
  std::vector<BundleProfile> bundles;
  std::vector<LineProfile> lines; // by cycles, most first

  /// The figures the verdict compares (fractions of the run).
  double hbmFraction = 0, mxuFraction = 0, vectorFraction = 0,
         issueFraction = 0;
  std::string vectorUnit; // which unit gave vectorFraction
  Verdict verdict = Verdict::LatencyBound;
  /// One line: the verdict and the figure behind it.
  std::string verdictLine() const;

  /// The busiest of the resources the verdict weighs (HBM, the MXUs, the
  /// busiest vector unit; the first of equals): the verdict it would give
  /// (HbmBound, MxuBound or VectorBound), its name ("HBM", "MXU",
  /// vectorUnit) and its fraction of the run. The run is bound by it when
  /// the fraction reaches kBoundFraction.
  struct Busiest {
    Verdict verdict;
    std::string name;
    double fraction;
  };
  Busiest busiest() const;

  const UnitProfile &unit(std::string_view name) const;
};

/// The units' names in KernelProfile::units order.
inline constexpr std::array<std::string_view, 13> kUnitNames = {
    "scalar", "vector ALU", "vector load", "vector store", "EUP",
    "XLU",    "matrix",     "misc",        "mxu0",         "mxu1",
    "mxu2",   "mxu3",       "DMA engine"};

// --- The rules and the walk that the profile and the timeline share. ---

/// Cycles an op of `slot` keeps its unit busy from issue (TIMING.md,
/// "Profiles"): kEupIssueInterval, kCrossLaneIssueInterval, else 1.
int64_t busyCycles(isa::Slot slot);
/// The matrix unit a vmatmul (any op with an {mxu} operand) names, or -1.
int mxuOperand(const isa::Instr &instr);
/// True for vmatmul.f32 / vmatmul.s8 (an MXU stream).
bool isMxuStream(isa::Opcode op);

/// One issued bundle as the trace tells it, with the stalls before it.
struct IssueStep {
  uint32_t bundle = 0;
  int64_t cycle = 0;      // issue cycle
  int64_t bubbles = 0;    // taken-branch cycles since the previous bundle
  int64_t queueStall = 0; // stalled on a full DMA queue (DmaQueueStall)
  int64_t queueFrom = 0;  // the cycle that stall began
  const TraceEvent *wait = nullptr; // its executed wait (Kind::Wait), if any
  int64_t waitStall() const { return wait ? wait->stall : 0; }
};

/// What walkTrace calls, in event order; any may be empty.
struct TraceWalker {
  std::function<void(const IssueStep &)> issue;
  /// A DMA landed: the cycle it was issued and its DmaComplete event.
  std::function<void(int64_t issued, const TraceEvent &landed)> dmaLanded;
  /// A SemaphoreValue event.
  std::function<void(const TraceEvent &)> semaphoreValue;
};

/// Walks one run's trace of a program of `numBundles` bundles. Returns the
/// cycle after the last issued bundle (the run's cycles minus the bubbles
/// of a last taken branch); an error if the events are not a run of such a
/// program (a bundle out of range, issues out of order, a DMA landing that
/// never started).
absl::StatusOr<int64_t> walkTrace(const Trace &trace, size_t numBundles,
                                  const TraceWalker &walker);

/// The profile of one run of `exe` that `trace` recorded (from an empty
/// Trace) and that ended with `run`. An error if the trace does not belong
/// to the executable (a bundle out of range, events out of order).
absl::StatusOr<KernelProfile>
profileRun(const Executable &exe, const Trace &trace, const RunResult &run);

/// The profile as text: totals and verdict, the units, the stalls, the
/// DMAs, the source lines and the listing annotated with each bundle's
/// cycles (like `perf annotate`). `maxListingLines` bounds the annotated
/// listing to the hottest bundles (0: all executed bundles).
std::string formatProfile(const KernelProfile &profile, const Executable &exe,
                          size_t maxListingLines = 0);

} // namespace tessera::sim
