//===- Profile.cpp - A run's cycles by unit, stall, DMA and source line ---===//
#include "sim/Profile.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <map>
#include <optional>
#include <tuple>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "sim/Dma.h"
#include "sim/MachineDesc.h"

namespace tessera::sim {
namespace {

using isa::Opcode;
using isa::Slot;

// Indices into KernelProfile::units (kUnitNames).
constexpr int kEupUnit = 4, kXluUnit = 5, kMxuUnit = 8, kDmaUnit = 12;
constexpr int kNumSlotUnits = 8; // the units that are slot classes
constexpr int kNumUnits = static_cast<int>(kUnitNames.size());

/// The unit of a slot class (the first eight units, in isa::Slot terms).
int unitOf(Slot slot) {
  switch (slot) {
  case Slot::Scalar:
    return 0;
  case Slot::VectorAlu:
    return 1;
  case Slot::VectorLoad:
    return 2;
  case Slot::VectorStore:
    return 3;
  case Slot::Transcendental:
    return kEupUnit;
  case Slot::CrossLane:
    return kXluUnit;
  case Slot::Matrix:
    return 6;
  case Slot::Misc:
    return 7;
  }
  return 7;
}

/// What the profile needs of one bundle, decoded once.
struct BundleInfo {
  std::array<int, kNumSlotUnits> slotOps{};
  std::array<int64_t, kNumSlotUnits> slotBusy{}; // busyCycles of its slot
  std::array<bool, machine::kNumMxus> streams{}; // a vmatmul on mxuK
  bool empty = true;                             // nothing but nops
  std::vector<std::string> opLines;              // of its ops other than nop
  std::string waitLine, branchLine, dmaLine;
  Opcode dma = Opcode::Nop; // its DMA op, if any
  std::string line;         // the bundle's own position (for an empty bundle)
  /// An empty bundle: the op whose latency it waits out (waitsOut's text).
  std::string waitsOut;
};

/// A resource an op produces and a later op waits for, as one key: a
/// register (by file), an MXU's results, its array and its push port, the
/// EUP's and the XLU's issue slots, the XLU's transpose unit.
enum class Res : int { S, V, P, MxuResult, MxuArray, MxuPush, Eup, Xlu, Xpose };
int key(Res r, int64_t index) { return static_cast<int>(r) * 256 + static_cast<int>(index); }

/// What an op reads (keys) and produces (key, cycles until a reader may
/// issue), by the timing model's rules (the same the scheduler obeys).
struct Effects {
  std::vector<int> reads;
  std::vector<std::pair<int, int>> writes;
};
Effects effectsOf(const isa::Instr &in) {
  Effects e;
  const isa::InstrDesc &d = isa::desc(in.opcode);
  bool writesFirst = writesFirstOperand(in.opcode);
  for (int i = 0; i < d.numOperands; ++i) {
    isa::OperandKind kind = d.operands[i];
    if (std::optional<RegFile> file = fileOf(kind)) {
      int k = key(static_cast<Res>(static_cast<int>(*file)), in.ops[i]);
      if (i == 0 && writesFirst)
        e.writes.push_back({k, d.latency});
      else
        e.reads.push_back(k);
    } else if (kind == isa::OperandKind::Mxu) {
      int64_t m = in.ops[i];
      if (isMxuStream(in.opcode)) {
        e.reads.push_back(key(Res::MxuArray, m));
        e.writes.push_back({key(Res::MxuArray, m), machine::kMxuStreamCycles});
        e.writes.push_back({key(Res::MxuResult, m), d.latency});
      } else if (in.opcode == Opcode::VMatPop) {
        e.reads.push_back(key(Res::MxuResult, m));
      } else if (in.opcode != Opcode::VMatLatch) {  // the pushes
        e.reads.push_back(key(Res::MxuPush, m));
        e.writes.push_back({key(Res::MxuPush, m), machine::kMxuPushInterval});
      }
    }
  }
  if (in.predicated)
    e.reads.push_back(key(Res::P, in.pred));
  if (d.slot == isa::Slot::Transcendental) {
    e.reads.push_back(key(Res::Eup, 0));
    e.writes.push_back({key(Res::Eup, 0), machine::kEupIssueInterval});
  } else if (d.slot == isa::Slot::CrossLane) {
    e.reads.push_back(key(Res::Xlu, 0));
    e.writes.push_back({key(Res::Xlu, 0), machine::kCrossLaneIssueInterval});
  }
  if (in.opcode == Opcode::VXposePush)
    e.writes.push_back({key(Res::Xpose, 0), machine::kXposeResultLatency});
  else if (in.opcode == Opcode::VXposePop)
    e.reads.push_back(key(Res::Xpose, 0));
  return e;
}

/// The longest wait an empty bundle can be part of: the longest latency or
/// issue interval of the timing model (the XLU's), in bundles.
constexpr size_t kNopLookback = 64;

/// For the empty bundle `b`: the op whose result (or unit) the next
/// non-empty bundle waits for, as (bundle, index in it): of the ops before
/// `b` whose effect that bundle reads and that is still pending at `b`, the
/// one ready last, counting one cycle per bundle (the scheduler's view of
/// straight-line code). Nothing when no such op is found. `effects[k][i]`
/// is effectsOf op i of bundle k; `empty[k]` whether bundle k has none.
std::optional<std::pair<size_t, size_t>>
producerWaitedFor(const std::vector<std::vector<Effects>> &effects,
                  const std::vector<bool> &empty, size_t b) {
  size_t n = b + 1;
  while (n < effects.size() && empty[n])
    ++n;
  if (n >= effects.size())
    return std::nullopt;
  std::vector<int> wanted;
  for (const Effects &e : effects[n])
    wanted.insert(wanted.end(), e.reads.begin(), e.reads.end());
  std::optional<std::pair<size_t, size_t>> best;
  size_t bestReady = b;
  for (size_t k = b; k-- > 0 && b - k <= kNopLookback && !wanted.empty();) {
    for (size_t i = 0; i < effects[k].size(); ++i)
      for (auto [written, cycles] : effects[k][i].writes) {
        auto it = std::find(wanted.begin(), wanted.end(), written);
        if (it == wanted.end())
          continue;
        wanted.erase(it);  // an earlier write of it is not the one read
        if (size_t ready = k + static_cast<size_t>(cycles); ready > bestReady) {
          bestReady = ready;
          best = std::pair{k, i};
        }
      }
  }
  return best;
}

struct Interval {
  int64_t begin, end;
};

/// The union of intervals added in non-decreasing order of `begin`.
class IntervalUnion {
public:
  void add(int64_t begin, int64_t end) {
    if (end <= begin)
      return;
    if (!parts_.empty() && begin <= parts_.back().end)
      parts_.back().end = std::max(parts_.back().end, end);
    else
      parts_.push_back({begin, end});
  }
  /// Its parts clipped to [0, limit).
  std::vector<Interval> clipped(int64_t limit) const {
    std::vector<Interval> out;
    for (Interval i : parts_)
      if (i.begin < limit)
        out.push_back({i.begin, std::min(i.end, limit)});
    return out;
  }

private:
  std::vector<Interval> parts_;
};

int64_t length(const std::vector<Interval> &parts) {
  int64_t n = 0;
  for (Interval i : parts)
    n += i.end - i.begin;
  return n;
}

/// A stretch of the run in which the core did one thing.
struct Segment {
  int64_t begin, end;
  IdleCause cause; // what an idle unit is charged with in it
};

/// Charges the cycles of `segments` that `busy` does not cover to `unit`.
void chargeIdle(const std::vector<Segment> &segments,
                const std::vector<Interval> &busy, UnitProfile &unit) {
  size_t j = 0;
  for (const Segment &s : segments) {
    while (j < busy.size() && busy[j].end <= s.begin)
      ++j;
    int64_t covered = 0;
    for (size_t k = j; k < busy.size() && busy[k].begin < s.end; ++k)
      covered +=
          std::min(busy[k].end, s.end) - std::max(busy[k].begin, s.begin);
    unit.idle[static_cast<int>(s.cause)] += (s.end - s.begin) - covered;
  }
}

double bandwidth(Opcode kind) {
  return kind == Opcode::DmaVmemToVmem ? machine::kLocalDmaBytesPerCycle
                                       : machine::kHbmBytesPerCyclePerCore;
}

std::string lineOr(const std::string &position) {
  return position.empty() ? "(no line)" : position;
}

void decide(KernelProfile &p) {
  double cycles = static_cast<double>(std::max<int64_t>(p.cycles, 1));
  p.hbmFraction = static_cast<double>(p.hbmBytes) / (p.hbmRoofline * cycles);
  int64_t streaming = 0;
  for (int m = 0; m < machine::kNumMxus; ++m)
    streaming += p.units[kMxuUnit + m].busy;
  p.mxuFraction = static_cast<double>(streaming) / (machine::kNumMxus * cycles);
  p.vectorFraction = 0;
  for (int u : {1, 2, 3}) {
    double f = p.units[u].slotUtilization(p.cycles);
    if (f > p.vectorFraction) {
      p.vectorFraction = f;
      p.vectorUnit = p.units[u].name + " slots";
    }
  }
  for (int u : {kEupUnit, kXluUnit}) {
    double f = p.units[u].utilization(p.cycles);
    if (f > p.vectorFraction) {
      p.vectorFraction = f;
      p.vectorUnit = p.units[u].name;
    }
  }
  p.issueFraction = static_cast<double>(p.issueCycles - p.nopBundles) / cycles;
  KernelProfile::Busiest busiest = p.busiest();
  if (busiest.fraction >= kBoundFraction)
    p.verdict = busiest.verdict;
  else
    p.verdict = p.issueFraction >= kIssueBoundFraction ? Verdict::IssueBound
                                                       : Verdict::LatencyBound;
}

} // namespace

int64_t busyCycles(Slot slot) {
  if (slot == Slot::Transcendental)
    return machine::kEupIssueInterval;
  if (slot == Slot::CrossLane)
    return machine::kCrossLaneIssueInterval;
  return 1;
}

int mxuOperand(const isa::Instr &instr) {
  const isa::InstrDesc &d = isa::desc(instr.opcode);
  for (int i = 0; i < d.numOperands; ++i)
    if (d.operands[i] == isa::OperandKind::Mxu)
      return static_cast<int>(instr.ops[i]);
  return -1;
}

bool isMxuStream(Opcode op) {
  return op == Opcode::VMatMulF32 || op == Opcode::VMatMulS8;
}

absl::StatusOr<int64_t> walkTrace(const Trace &trace, size_t numBundles,
                                  const TraceWalker &walker) {
  // DMAs in flight by (issuing bundle, semaphore, bytes, kind): their issue
  // cycles, oldest first (identical DMAs land in issue order).
  std::map<std::tuple<uint32_t, int, int64_t, Opcode>, std::deque<int64_t>>
      started;
  const TraceEvent *wait = nullptr;   // a Wait for the next issue
  const TraceEvent *queued = nullptr; // a DmaQueueStall for the next issue
  int64_t end = 0;                    // the cycle after the last issue
  for (const TraceEvent &e : trace.events) {
    switch (e.kind) {
    case TraceEvent::Kind::Wait:
      wait = &e;
      break;
    case TraceEvent::Kind::DmaQueueStall:
      queued = &e;
      break;
    case TraceEvent::Kind::SemaphoreValue:
      if (walker.semaphoreValue)
        walker.semaphoreValue(e);
      break;
    case TraceEvent::Kind::DmaStart:
      started[{e.bundle, e.semaphore, e.bytes, e.dmaKind}].push_back(e.cycle);
      break;
    case TraceEvent::Kind::DmaComplete: {
      auto it = started.find({e.bundle, e.semaphore, e.bytes, e.dmaKind});
      if (it == started.end() || it->second.empty())
        return absl::InvalidArgumentError(absl::StrFormat(
            "a DMA of bundle 0x%04x lands without having started", e.bundle));
      int64_t issued = it->second.front();
      it->second.pop_front();
      if (walker.dmaLanded)
        walker.dmaLanded(issued, e);
      break;
    }
    case TraceEvent::Kind::BundleIssue: {
      if (e.bundle >= numBundles)
        return absl::InvalidArgumentError(
            absl::StrFormat("bundle 0x%04x is beyond its code", e.bundle));
      IssueStep step;
      step.bundle = e.bundle;
      step.cycle = e.cycle;
      if (wait && wait->bundle == e.bundle)
        step.wait = wait;
      if (queued && queued->bundle == e.bundle) {
        step.queueStall = queued->stall;
        step.queueFrom = queued->cycle;
      }
      wait = queued = nullptr;
      step.bubbles = e.cycle - step.waitStall() - step.queueStall - end;
      if (step.bubbles < 0)
        return absl::InvalidArgumentError(absl::StrFormat(
            "bundle 0x%04x issues at cycle %d, before the previous one ended",
            e.bundle, e.cycle));
      if (walker.issue)
        walker.issue(step);
      end = e.cycle + 1;
      break;
    }
    }
  }
  return end;
}

std::string_view idleCauseName(IdleCause cause) {
  switch (cause) {
  case IdleCause::Wait:
    return "vwait";
  case IdleCause::Fence:
    return "fence";
  case IdleCause::Queue:
    return "queue";
  case IdleCause::Branch:
    return "branch";
  case IdleCause::Nop:
    return "nop";
  case IdleCause::Other:
    return "other";
  case IdleCause::Drain:
    return "drain";
  case IdleCause::DmaStartup:
    return "start-up";
  case IdleCause::DmaEmpty:
    return "empty";
  }
  return "?";
}

std::string_view verdictName(Verdict v) {
  switch (v) {
  case Verdict::HbmBound:
    return "HBM-bound";
  case Verdict::MxuBound:
    return "MXU-bound";
  case Verdict::VectorBound:
    return "vector-bound";
  case Verdict::IssueBound:
    return "issue-bound";
  case Verdict::LatencyBound:
    return "latency-bound";
  }
  return "?";
}

int64_t UnitProfile::idleCycles() const {
  int64_t n = 0;
  for (int64_t c : idle)
    n += c;
  return n;
}

double UnitProfile::utilization(int64_t cycles) const {
  return cycles > 0 ? static_cast<double>(busy) / static_cast<double>(cycles)
                    : 0;
}

double UnitProfile::slotUtilization(int64_t cycles) const {
  return cycles > 0 && slots > 0
             ? static_cast<double>(ops) / (static_cast<double>(slots) * cycles)
             : 0;
}

const UnitProfile &KernelProfile::unit(std::string_view name) const {
  for (const UnitProfile &u : units)
    if (u.name == name)
      return u;
  return units.back();
}

KernelProfile::Busiest KernelProfile::busiest() const {
  Busiest best{Verdict::HbmBound, "HBM", hbmFraction};
  if (mxuFraction > best.fraction)
    best = {Verdict::MxuBound, "MXU", mxuFraction};
  if (vectorFraction > best.fraction)
    best = {Verdict::VectorBound, vectorUnit, vectorFraction};
  return best;
}

std::string KernelProfile::verdictLine() const {
  std::string why;
  double pct = 100;
  switch (verdict) {
  case Verdict::HbmBound:
    why = absl::StrFormat(
        "DMAs moved %d HBM bytes at %.1f bytes/cycle, %.1f%% of the modeled "
        "HBM roofline (%.1f bytes/cycle)",
        hbmBytes, hbmFraction * hbmRoofline, pct * hbmFraction, hbmRoofline);
    break;
  case Verdict::MxuBound:
    why = absl::StrFormat("the %d MXUs streamed in %.1f%% of their cycles",
                          machine::kNumMxus, pct * mxuFraction);
    break;
  case Verdict::VectorBound:
    why = absl::StrFormat("the %s were busy %.1f%% of the cycles", vectorUnit,
                          pct * vectorFraction);
    break;
  case Verdict::IssueBound:
  case Verdict::LatencyBound:
    why = absl::StrFormat(
        "no unit reaches %.0f%% (HBM %.1f%%, MXU %.1f%%, %s %.1f%%); "
        "non-empty bundles issued in %.1f%% of the cycles (%.1f%% stalled in "
        "waits, %.1f%% empty bundles, %.1f%% branch bubbles)",
        pct * kBoundFraction, pct * hbmFraction, pct * mxuFraction,
        vectorUnit.empty() ? std::string("vector") : vectorUnit,
        pct * vectorFraction, pct * issueFraction,
        pct * static_cast<double>(waitCycles + fenceCycles + queueCycles) /
            static_cast<double>(std::max<int64_t>(cycles, 1)),
        pct * static_cast<double>(nopBundles) /
            static_cast<double>(std::max<int64_t>(cycles, 1)),
        pct * static_cast<double>(branchCycles) /
            static_cast<double>(std::max<int64_t>(cycles, 1)));
    break;
  }
  return absl::StrFormat("%s: %s", verdictName(verdict), why);
}

absl::StatusOr<KernelProfile>
profileRun(const Executable &exe, const Trace &trace, const RunResult &run) {
  absl::StatusOr<std::vector<isa::Bundle>> decoded =
      isa::decodeProgram(exe.code);
  if (!decoded.ok())
    return decoded.status();
  const size_t numBundles = decoded->size();
  auto mismatch = [&](std::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrFormat("the trace does not belong to a run of kernel '%s': %s",
                        exe.name, what));
  };
  if (exe.debug.size() != numBundles)
    return mismatch("its debug information does not match its code");

  std::vector<BundleInfo> info(numBundles);
  for (size_t b = 0; b < numBundles; ++b) {
    BundleInfo &bi = info[b];
    bi.line = exe.position(b);
    const isa::Bundle &bundle = (*decoded)[b];
    for (size_t i = 0; i < bundle.size(); ++i) {
      Opcode op = bundle[i].opcode;
      if (op == Opcode::Nop)
        continue;
      bi.empty = false;
      Slot slot = isa::desc(op).slot;
      ++bi.slotOps[unitOf(slot)];
      bi.slotBusy[unitOf(slot)] = busyCycles(slot);
      if (isMxuStream(op)) {
        int m = mxuOperand(bundle[i]);
        if (m >= 0 && m < machine::kNumMxus)
          bi.streams[m] = true;
      }
      std::string position = exe.opPosition(b, i);
      if (isWaitOpcode(op))
        bi.waitLine = position;
      if (op == Opcode::SBr)
        bi.branchLine = position;
      if (isDmaOpcode(op)) {
        bi.dmaLine = position;
        bi.dma = op;
      }
      bi.opLines.push_back(std::move(position));
    }
  }
  // An empty bundle waits out a latency: its cycles go to the line of the
  // op it waits for (else, to the line of the next bundle that issues).
  // Each op's effects are computed once, when the code has an empty bundle.
  std::vector<bool> empty(numBundles);
  for (size_t b = 0; b < numBundles; ++b)
    empty[b] = info[b].empty;
  std::vector<std::vector<Effects>> effects;
  if (std::find(empty.begin(), empty.end(), true) != empty.end()) {
    effects.resize(numBundles);
    for (size_t b = 0; b < numBundles; ++b)
      for (const isa::Instr &in : (*decoded)[b])
        effects[b].push_back(effectsOf(in));
  }
  for (size_t b = 0; b < numBundles; ++b) {
    BundleInfo &bi = info[b];
    if (!bi.empty)
      continue;
    if (auto [k, i] = producerWaitedFor(effects, empty, b).value_or(std::pair{b, 0}); k != b) {
      bi.line = exe.opPosition(k, i);
      bi.waitsOut = absl::StrFormat("%s at 0x%04x", isa::desc((*decoded)[k][i].opcode).mnemonic, k);
      if (!bi.line.empty())
        absl::StrAppend(&bi.waitsOut, " (", bi.line, ")");
      continue;
    }
    for (size_t n = b + 1; n < numBundles && bi.line.empty(); ++n)
      if (!info[n].empty)
        bi.line = info[n].opLines.front();
  }

  KernelProfile p;
  p.kernel = exe.name;
  p.cycles = run.cycles + run.drainCycles;
  p.drainCycles = run.drainCycles;
  p.hbmRoofline = machine::kHbmBytesPerCyclePerCore;
  p.bundles.assign(numBundles, {});
  for (size_t b = 0; b < numBundles; ++b)
    p.bundles[b].waitsOut = std::move(info[b].waitsOut);
  p.units.resize(kNumUnits);
  for (int u = 0; u < kNumUnits; ++u) {
    p.units[u].name = std::string(kUnitNames[u]);
    if (u < kNumSlotUnits)
      p.units[u].slots = u == 0          ? machine::kScalarSlots
                         : u == 1        ? machine::kVectorAluSlots
                         : u == 2        ? machine::kVectorLoadSlots
                         : u == 3        ? machine::kVectorStoreSlots
                         : u == kEupUnit ? machine::kTranscendentalSlots
                         : u == kXluUnit ? machine::kCrossLaneSlots
                         : u == 6        ? machine::kMatrixSlots
                                         : machine::kMiscSlots;
  }

  std::vector<IntervalUnion> busy(kNumUnits);
  std::vector<Segment> segments;
  std::vector<Interval> inFlight, moving;
  std::map<Opcode, DmaProfile> dmaKinds;
  // The DMA that landed last, per semaphore and overall (its bundle).
  std::map<int, uint32_t> lastLanded;
  std::optional<uint32_t> lastLandedAny;
  // Stall sites by (bundle, semaphore; -2 for a full DMA queue), and which
  // DMA's landing released them how often.
  constexpr int kQueueSite = -2;
  std::map<std::pair<uint32_t, int>, StallSite> sites;
  std::map<std::pair<uint32_t, int>, std::map<uint32_t, int64_t>> releases;
  auto stalled = [&](uint32_t bundle, int key, Opcode op, int semaphore,
                     const std::string &position, int64_t cycles,
                     std::optional<uint32_t> by) {
    StallSite &site = sites[{bundle, key}];
    site.bundle = bundle;
    site.op = op;
    site.semaphore = semaphore;
    site.position = position;
    ++site.waits;
    if (cycles > 0) {
      ++site.stalls;
      site.cycles += cycles;
      if (by)
        ++releases[{bundle, key}][*by];
    }
  };
  std::optional<uint32_t> lastBundle;

  TraceWalker walker;
  walker.dmaLanded = [&](int64_t issued, const TraceEvent &e) {
    int64_t transfer = dmaTransferCycles(e.dmaKind, e.bytes);
    inFlight.push_back({issued, e.cycle});
    // Bytes move from the end of the start-up to the landing (Dma.h).
    moving.push_back(
        {std::min(issued + dmaStartupCycles(e.dmaKind), e.cycle), e.cycle});
    DmaProfile &d = dmaKinds[e.dmaKind];
    d.kind = e.dmaKind;
    ++d.count;
    d.bytes += e.bytes;
    d.transferCycles += transfer;
    d.startupCycles += dmaStartupCycles(e.dmaKind);
    d.roofline = bandwidth(e.dmaKind);
    lastLanded[e.semaphore] = e.bundle;
    lastLandedAny = e.bundle;
  };
  walker.issue = [&](const IssueStep &step) {
    const BundleInfo &bi = info[step.bundle];
    int64_t stall = step.waitStall();
    bool fence = step.wait && step.wait->dmaKind == Opcode::DmaFence;
    if (step.bubbles > 0) {
      int64_t from = step.cycle - stall - step.queueStall - step.bubbles;
      segments.push_back({from, from + step.bubbles, IdleCause::Branch});
      p.branchCycles += step.bubbles;
      if (lastBundle)
        p.bundles[*lastBundle].branchCycles += step.bubbles;
    }
    if (step.queueStall > 0) {
      segments.push_back(
          {step.queueFrom, step.queueFrom + step.queueStall, IdleCause::Queue});
      p.queueCycles += step.queueStall;
      stalled(step.bundle, kQueueSite, bi.dma, -1, bi.dmaLine, step.queueStall,
              lastLandedAny);
    }
    if (step.wait) {
      std::optional<uint32_t> by = lastLandedAny;
      if (!fence) {
        auto it = lastLanded.find(step.wait->semaphore);
        by = it == lastLanded.end() ? std::nullopt
                                    : std::optional<uint32_t>(it->second);
      }
      stalled(step.bundle, step.wait->semaphore, step.wait->dmaKind,
              step.wait->semaphore, bi.waitLine, stall, by);
    }
    if (stall > 0) {
      segments.push_back({step.cycle - stall, step.cycle,
                          fence ? IdleCause::Fence : IdleCause::Wait});
      (fence ? p.fenceCycles : p.waitCycles) += stall;
    }
    segments.push_back({step.cycle, step.cycle + 1,
                        bi.empty ? IdleCause::Nop : IdleCause::Other});
    BundleProfile &bp = p.bundles[step.bundle];
    ++bp.issues;
    bp.stallCycles += stall + step.queueStall;
    bp.queueCycles += step.queueStall;
    ++p.issueCycles;
    p.nopBundles += bi.empty;
    for (int u = 0; u < kNumSlotUnits; ++u)
      if (bi.slotOps[u] > 0) {
        p.units[u].ops += bi.slotOps[u];
        busy[u].add(step.cycle, step.cycle + bi.slotBusy[u]);
      }
    for (int m = 0; m < machine::kNumMxus; ++m)
      if (bi.streams[m]) {
        ++p.units[kMxuUnit + m].ops;
        busy[kMxuUnit + m].add(step.cycle,
                               step.cycle + machine::kMxuStreamCycles);
      }
    lastBundle = step.bundle;
  };
  absl::StatusOr<int64_t> walked = walkTrace(trace, numBundles, walker);
  if (!walked.ok())
    return mismatch(std::string(walked.status().message()));
  int64_t end = *walked;
  if (run.cycles < end || p.issueCycles != run.bundlesExecuted)
    return mismatch(absl::StrFormat(
        "it holds %d bundle issues ending at cycle %d; the run issued %d "
        "bundles in %d cycles",
        p.issueCycles, end, run.bundlesExecuted, run.cycles));
  // A last taken branch to the end of the code.
  if (run.cycles > end) {
    segments.push_back({end, run.cycles, IdleCause::Branch});
    p.branchCycles += run.cycles - end;
    if (lastBundle)
      p.bundles[*lastBundle].branchCycles += run.cycles - end;
  }
  end = run.cycles;
  if (run.drainCycles > 0)
    segments.push_back({end, end + run.drainCycles, IdleCause::Drain});

  // The core's units.
  for (int u = 0; u < kDmaUnit; ++u) {
    std::vector<Interval> parts = busy[u].clipped(p.cycles);
    p.units[u].busy = length(parts);
    chargeIdle(segments, parts, p.units[u]);
  }
  // The DMA engine: moving bytes, in start-up only, or empty.
  auto unionOf = [&](std::vector<Interval> parts) {
    std::sort(parts.begin(), parts.end(),
              [](Interval a, Interval b) { return a.begin < b.begin; });
    IntervalUnion all;
    for (Interval i : parts)
      all.add(i.begin, i.end);
    return length(all.clipped(p.cycles));
  };
  UnitProfile &engine = p.units[kDmaUnit];
  int64_t flying = unionOf(inFlight);
  engine.busy = unionOf(moving);
  engine.idle[static_cast<int>(IdleCause::DmaStartup)] = flying - engine.busy;
  engine.idle[static_cast<int>(IdleCause::DmaEmpty)] = p.cycles - flying;
  for (const auto &[kind, d] : dmaKinds) {
    p.dmas.push_back(d);
    engine.ops += d.count;
    p.dmaCount += d.count;
    p.dmaBytes += d.bytes;
    if (kind != Opcode::DmaVmemToVmem)
      p.hbmBytes += d.bytes;
  }

  // Stall sites, with the DMA that released most of their stalls.
  for (auto &[key, site] : sites) {
    for (auto [bundle, count] : releases[key])
      if (count > site.releases) {
        site.releases = count;
        site.releasedBy = bundle;
      }
    if (site.releases > 0) {
      const isa::Bundle &bundle = (*decoded)[site.releasedBy];
      for (size_t i = 0; i < bundle.size(); ++i)
        if (isDmaOpcode(bundle[i].opcode))
          site.releasedByPosition = exe.opPosition(site.releasedBy, i);
    }
    p.stalls.push_back(site);
  }
  std::sort(p.stalls.begin(), p.stalls.end(),
            [](const StallSite &a, const StallSite &b) {
              return std::tie(b.cycles, a.bundle, a.semaphore) <
                     std::tie(a.cycles, b.bundle, b.semaphore);
            });

  // Source lines.
  std::map<std::string, LineProfile> lines;
  for (size_t b = 0; b < numBundles; ++b) {
    const BundleProfile &bp = p.bundles[b];
    const BundleInfo &bi = info[b];
    if (bp.cycles() == 0)
      continue;
    if (bi.opLines.empty()) {
      lines[bi.line].cycles += static_cast<double>(bp.issues);
    } else {
      double share = static_cast<double>(bp.issues) /
                     static_cast<double>(bi.opLines.size());
      for (const std::string &line : bi.opLines) {
        LineProfile &lp = lines[line];
        lp.cycles += share;
        lp.ops += bp.issues;
      }
    }
    if (int64_t waited = bp.stallCycles - bp.queueCycles; waited > 0) {
      LineProfile &lp = lines[bi.waitLine];
      lp.cycles += static_cast<double>(waited);
      lp.stallCycles += waited;
    }
    if (bp.queueCycles > 0) {
      LineProfile &lp = lines[bi.dmaLine];
      lp.cycles += static_cast<double>(bp.queueCycles);
      lp.stallCycles += bp.queueCycles;
    }
    if (bp.branchCycles > 0)
      lines[bi.branchLine].cycles += static_cast<double>(bp.branchCycles);
  }
  if (p.drainCycles > 0)
    lines["(draining DMAs)"].cycles += static_cast<double>(p.drainCycles);
  for (auto &[position, lp] : lines) {
    lp.position = position;
    p.lines.push_back(lp);
  }
  std::sort(p.lines.begin(), p.lines.end(),
            [](const LineProfile &a, const LineProfile &b) {
              return std::tie(b.cycles, a.position) <
                     std::tie(a.cycles, b.position);
            });
  decide(p);
  return p;
}

std::string formatProfile(const KernelProfile &p, const Executable &exe,
                          size_t maxListingLines) {
  auto pct = [&](double part) {
    return 100.0 * part / static_cast<double>(std::max<int64_t>(p.cycles, 1));
  };
  std::string out = absl::StrFormat(
      "kernel '%s': %d cycles = %d bundles issued (%d empty) + %d stalled in "
      "vwait.ge + %d in dma.fence + %d on a full DMA queue + %d in taken "
      "branches + %d draining DMAs\n",
      p.kernel, p.cycles, p.issueCycles, p.nopBundles, p.waitCycles,
      p.fenceCycles, p.queueCycles, p.branchCycles, p.drainCycles);
  absl::StrAppend(&out, "verdict: ", p.verdictLine(), "\n\n");

  absl::StrAppendFormat(
      &out,
      "units (each unit's busy + idle cycles = %d; idle by what the core did)\n"
      "%-12s %5s %8s %8s %6s %6s | %7s %6s %6s %6s %7s %7s %6s\n",
      p.cycles, "unit", "slots", "ops", "busy", "busy%", "slot%", "vwait",
      "fence", "queue", "branch", "nop", "other", "drain");
  for (const UnitProfile &u : p.units) {
    std::string slots = u.slots > 0 ? absl::StrCat(u.slots) : "-";
    std::string slotPct =
        u.slots > 0 ? absl::StrFormat("%.1f", 100 * u.slotUtilization(p.cycles))
                    : "-";
    absl::StrAppendFormat(&out, "%-12s %5s %8d %8d %6.1f %6s | ", u.name, slots,
                          u.ops, u.busy, 100 * u.utilization(p.cycles),
                          slotPct);
    if (&u == &p.units.back())
      absl::StrAppendFormat(&out, "start-up %d, empty %d\n",
                            u.idle[static_cast<int>(IdleCause::DmaStartup)],
                            u.idle[static_cast<int>(IdleCause::DmaEmpty)]);
    else
      absl::StrAppendFormat(&out, "%7d %6d %6d %6d %7d %7d %6d\n", u.idle[0],
                            u.idle[1], u.idle[2], u.idle[3], u.idle[4],
                            u.idle[5], u.idle[6]);
  }

  // The waits that stalled, most cycles first (p.stalls is in that order);
  // the rest are summed up in one line.
  constexpr size_t kStallRows = 12;
  absl::StrAppend(&out, "\nstalls (cycles the core waited, by wait)\n");
  if (p.stalls.empty())
    absl::StrAppend(&out, "  none: the kernel has no vwait.ge or dma.fence\n");
  else
    absl::StrAppendFormat(&out, "%8s %6s %14s  %-30s %-30s %s\n", "cycles", "%",
                          "stalled/waits", "wait", "line",
                          "released by the DMA of");
  int64_t moreSites = 0, moreCycles = 0, neverStalled = 0;
  for (size_t i = 0; i < p.stalls.size(); ++i) {
    const StallSite &s = p.stalls[i];
    if (s.cycles == 0) {
      ++neverStalled;
      continue;
    }
    if (i >= kStallRows) {
      ++moreSites;
      moreCycles += s.cycles;
      continue;
    }
    std::string what =
        s.op == isa::Opcode::DmaFence ? std::string("dma.fence")
        : isDmaOpcode(s.op)
            ? "queue full: " + std::string(isa::desc(s.op).mnemonic)
            : absl::StrFormat("vwait.ge [sem:%d]", s.semaphore);
    std::string by = s.releases > 0
                         ? absl::StrFormat("0x%04x %s", s.releasedBy,
                                           lineOr(s.releasedByPosition))
                         : "-";
    absl::StrAppendFormat(
        &out, "%8d %5.1f%% %14s  %-30s %-30s %s\n", s.cycles,
        pct(static_cast<double>(s.cycles)),
        absl::StrFormat("%d/%d", s.stalls, s.waits), what,
        absl::StrFormat("0x%04x %s", s.bundle, lineOr(s.position)), by);
  }
  if (moreSites > 0)
    absl::StrAppendFormat(&out, "%8d %5.1f%%  in %d more waits that stalled\n",
                          moreCycles, pct(static_cast<double>(moreCycles)),
                          moreSites);
  if (neverStalled > 0)
    absl::StrAppendFormat(&out, "  and %d waits that never stalled\n",
                          neverStalled);

  absl::StrAppendFormat(&out, "\nDMAs: %d moved %d bytes\n", p.dmaCount,
                        p.dmaBytes);
  if (!p.dmas.empty())
    absl::StrAppendFormat(&out, "  %-18s %7s %10s %9s %9s %11s\n", "kind",
                          "count", "bytes", "transfer", "start-up",
                          "bytes/cycle");
  for (const DmaProfile &d : p.dmas)
    absl::StrAppendFormat(&out, "  %-18s %7d %10d %9d %9d %11.1f\n",
                          isa::desc(d.kind).mnemonic, d.count, d.bytes,
                          d.transferCycles, d.startupCycles, d.roofline);
  absl::StrAppendFormat(
      &out,
      "  HBM: %d bytes in %d cycles = %.1f bytes/cycle, %.1f%% of the modeled "
      "roofline of %.1f bytes/cycle (%.0f GB/s at %.0f MHz)\n",
      p.hbmBytes, p.cycles, p.hbmFraction * p.hbmRoofline, 100 * p.hbmFraction,
      p.hbmRoofline,
      machine::kHbmBytesPerCyclePerCore * machine::kClockHz / 1e9,
      machine::kClockHz / 1e6);

  absl::StrAppend(&out,
                  "\nsource lines (a bundle's issue shared by its ops, an "
                  "empty bundle's to the line of the op it waits out, a "
                  "stall to the wait's line, branch bubbles to the sbr's)\n");
  absl::StrAppendFormat(&out, "%10s %6s %9s %9s  %s\n", "cycles", "%", "ops",
                        "stalled", "line");
  for (const LineProfile &l : p.lines)
    absl::StrAppendFormat(&out, "%10.1f %5.1f%% %9d %9d  %s\n", l.cycles,
                          pct(l.cycles), l.ops, l.stallCycles,
                          lineOr(l.position));

  // The listing, each executed bundle prefixed with its cycles.
  std::vector<size_t> shown;
  for (size_t b = 0; b < p.bundles.size(); ++b)
    if (p.bundles[b].cycles() > 0)
      shown.push_back(b);
  if (maxListingLines > 0 && shown.size() > maxListingLines) {
    std::sort(shown.begin(), shown.end(), [&](size_t a, size_t b) {
      int64_t ca = p.bundles[a].cycles(), cb = p.bundles[b].cycles();
      return ca != cb ? ca > cb : a < b;
    });
    shown.resize(maxListingLines);
    std::sort(shown.begin(), shown.end());
  }
  std::vector<bool> show(p.bundles.size());
  for (size_t b : shown)
    show[b] = true;
  absl::StrAppendFormat(
      &out,
      "\nannotated listing (%s; cycles = issues + stalls before + branch "
      "bubbles after)\n%8s %6s %8s  %s\n",
      shown.size() < p.bundles.size() && maxListingLines > 0 &&
              shown.size() == maxListingLines
          ? absl::StrFormat("the %d hottest bundles", shown.size())
          : std::string("the executed bundles"),
      "cycles", "%", "issues", "bundle");
  size_t previous = SIZE_MAX;
  for (absl::string_view line : absl::StrSplit(printListing(exe), '\n')) {
    if (!absl::StartsWith(line, "0x"))
      continue;
    size_t b = std::strtoul(std::string(line.substr(0, line.find(' '))).c_str(),
                            nullptr, 16);
    if (b >= show.size() || !show[b])
      continue;
    if (previous != SIZE_MAX && b != previous + 1)
      absl::StrAppend(&out, "     ...\n");
    previous = b;
    const BundleProfile &bp = p.bundles[b];
    absl::StrAppendFormat(&out, "%8d %5.1f%% %8d  %s%s\n", bp.cycles(),
                          pct(static_cast<double>(bp.cycles())), bp.issues,
                          line,
                          bp.waitsOut.empty() ? "" : "  // waits out " + bp.waitsOut);
  }
  return out;
}

} // namespace tessera::sim
