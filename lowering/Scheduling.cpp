//===- Scheduling.cpp - List scheduling into VLIW bundles -----------------===//
//
// Per block: builds a dependence graph with minimum issue distances, then
// fills cycles greedily: among the ready instructions, the one with the
// longest latency-weighted path to the end goes first (ties: program order),
// as long as its slot class has room in the bundle. The block's branch goes
// in its last bundle, or later if what it (or the loop it closes) reads is
// not ready yet.
//
// The units the core does not interlock on (Dependences.h) are edges within
// a block (the MXU chains) or reservations (the EUP and XLU issue
// intervals); across blocks each unit has a timer next to the register
// ready times, so a block never issues an op before its unit is ready and a
// back edge waits for the units as it waits for registers.
//
//===----------------------------------------------------------------------===//
#include "lowering/Scheduling.h"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <queue>
#include <span>
#include <utility>

#include "lowering/Dependences.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {
namespace {

/// Physical registers of all classes as one index.
constexpr int kMaxRegs = 32;
static_assert(machine::kNumVRegs <= kMaxRegs && machine::kNumSRegs <= kMaxRegs &&
              machine::kNumPRegs <= kMaxRegs);
constexpr int kAllRegs = kNumRegClasses * kMaxRegs;
int physIndex(RegClass rc, int reg) { return (int)rc * kMaxRegs + reg; }

/// Per register: the cycle, counted from a block's first bundle, from which
/// its value may be read (kLongReady: long since); then per unit timer
/// (kAllRegs + UnitTimer): the cycle from which that unit accepts an op.
constexpr int kAllTimes = kAllRegs + kNumUnitTimers;
using ReadyTimes = std::array<int, kAllTimes>;
constexpr int kLongReady = -(1 << 20);

int latencyOf(const MInstr &mi) { return isa::desc(mi.instr.opcode).latency; }

/// The waits the list scheduler issues late. A DMA wait stalls until its
/// DMA lands, so the work that does not depend on it is best issued before
/// it: a wait for a DMA started in the block is held back until that DMA's
/// expected time has passed since its start (expectedDmaCycles) or every
/// instruction of the block that does not depend on the wait has issued,
/// whichever comes first. A grid step's prefetch, started at the top of
/// the step and waited for at its end, has usually landed by then: its
/// wait is not held, and the next step's fill overlaps this step's tail.
/// (The ordering before allocation keeps such work before the wait too:
/// buildDependences' late waits.)
class LateWaits {
public:
  LateWaits(std::span<const MInstr> ins, const DependenceGraph &g) : waitOf(ins.size(), -1) {
    int n = ins.size();
    std::vector<std::pair<int, int>> all = dmaWaits(ins);
    if ((int64_t)all.size() * n > kMaxLateWaitWork)
      return;
    for (auto [wait, start] : all) {
      Wait w{wait, start, expectedDmaCycles(ins[start], ins[wait]), dependentsOf(g, wait), 0};
      w.independentLeft = std::count(w.dependent.begin(), w.dependent.end(), 0);
      waitOf[wait] = waits.size();
      waits.push_back(std::move(w));
    }
  }
  /// Whether instruction i, a wait ready to issue at `cycle`, waits longer.
  bool holds(int i, int cycle, const std::vector<int> &issuedAt) const {
    if (waitOf[i] < 0)
      return false;
    const Wait &w = waits[waitOf[i]];
    return w.independentLeft > 0 && cycle < issuedAt[w.start] + w.expected;
  }
  void issued(int i) {
    for (Wait &w : waits)
      w.independentLeft -= !w.dependent[i];
  }

private:
  struct Wait {
    int wait, start;
    int64_t expected;
    std::vector<char> dependent;  // on the wait (or the wait itself)
    int64_t independentLeft;      // instructions not dependent on it, not issued
  };
  std::vector<Wait> waits;
  std::vector<int> waitOf;
};

/// List-schedules the instructions of one block (its branch excluded) into
/// bundles. `entry`: when registers written by predecessors are ready.
/// `guard`: the predicate the block's branch reads (-1: none), whose
/// compare then leads to the end of the block too. Returns the cycle each
/// instruction issues at.
std::vector<int> listSchedule(std::span<const MInstr> ins, const ReadyTimes &entry,
                              int guard, std::vector<MBundle> &bundles) {
  int n = ins.size();
  DependenceGraph g = buildDependences(ins);
  // Priority: the longest latency-weighted path to the end.
  int guardDef = -1;
  for (int i = 0; guard >= 0 && i < n; ++i)
    for (const RegOperand &r : regOperands(ins[i]))
      if (r.isDef && r.rc == RegClass::P && getReg(ins[i], r) == guard)
        guardDef = i;
  std::vector<int> height(n, 0);
  for (int i = n - 1; i >= 0; --i) {
    height[i] = latencyOf(ins[i]) + (i == guardDef ? 1 : 0);
    for (const Edge &e : g.succ[i])
      height[i] = std::max(height[i], e.distance + height[e.to]);
  }
  // Values from predecessors: a reader waits until its value is ready, a
  // writer until the value it overwrites has landed.
  std::vector<int> earliest(n, 0), remaining(n);
  for (int i = 0; i < n; ++i) {
    remaining[i] = g.pred[i].size();
    for (const RegOperand &r : regOperands(ins[i])) {
      int ready = entry[physIndex(r.rc, getReg(ins[i], r))];
      earliest[i] = std::max(earliest[i], r.isDef ? ready - latencyOf(ins[i]) + 1 : ready);
    }
    if (int t = gatingTimer(ins[i]); t >= 0)
      earliest[i] = std::max(earliest[i], entry[kAllRegs + t]);
  }
  // The EUP and the XLU: the first cycle each accepts its next op.
  int unitFree[2] = {entry[kAllRegs + kEupTimer], entry[kAllRegs + kXluTimer]};
  auto reservedUnit = [&](int i) {
    isa::Slot slot = isa::desc(ins[i].instr.opcode).slot;
    return slot == isa::Slot::Transcendental ? 0 : slot == isa::Slot::CrossLane ? 1 : -1;
  };
  // Ready instructions wait in `pending` until their earliest cycle, then
  // in the queue of their slot kind, most urgent first (the longest path,
  // then program order). A cycle takes from each queue's front while the
  // slot kind has room and its unit (EUP, XLU) is free: whether an op
  // issues depends only on the ops of its own slot kind before it, and
  // once one does not, none after it does. So this issues what scanning
  // all ready ops in priority order issues, without re-sorting them every
  // cycle.
  using Urgency = std::pair<int, int>;  // (-height, index): smallest first
  using MinHeap = std::priority_queue<Urgency, std::vector<Urgency>, std::greater<Urgency>>;
  std::vector<MinHeap> eligible(isa::kNumSlotKinds);
  MinHeap pending;  // (earliest cycle, index)
  for (int i = 0; i < n; ++i)
    if (remaining[i] == 0)
      pending.push({earliest[i], i});
  std::vector<int> issuedAt(n, -1);
  LateWaits late(ins, g);
  int done = 0;
  std::vector<int> issued;
  std::vector<Urgency> held;
  for (int cycle = 0; done < n; ++cycle) {
    for (; !pending.empty() && pending.top().first <= cycle; pending.pop()) {
      int i = pending.top().second;
      eligible[(int)isa::desc(ins[i].instr.opcode).slot].push({-height[i], i});
    }
    issued.clear();
    for (int slot = 0; slot < isa::kNumSlotKinds; ++slot) {
      MinHeap &queue = eligible[slot];
      int capacity = isa::slotCapacity((isa::Slot)slot);
      held.clear();
      for (int used = 0; used < capacity && !queue.empty();) {
        int i = queue.top().second;
        if (late.holds(i, cycle, issuedAt)) {
          held.push_back(queue.top());
          queue.pop();
          continue;
        }
        int unit = reservedUnit(i);
        if (unit >= 0 && unitFree[unit] > cycle)
          break;
        if (unit >= 0)
          unitFree[unit] = cycle + issueInterval((isa::Slot)slot);
        queue.pop();
        issued.push_back(i);
        ++used;
      }
      for (const Urgency &u : held)
        queue.push(u);
    }
    std::sort(issued.begin(), issued.end());
    MBundle bundle;
    for (int i : issued) {
      bundle.push_back(ins[i]);
      issuedAt[i] = cycle;
      late.issued(i);
      ++done;
      for (const Edge &e : g.succ[i]) {
        earliest[e.to] = std::max(earliest[e.to], cycle + e.distance);
        if (--remaining[e.to] == 0)
          // Its predecessors have all issued: its earliest cycle is final,
          // and at least the next one (it was not ready this cycle).
          pending.push({std::max(earliest[e.to], cycle + 1), e.to});
      }
    }
    bundles.push_back(std::move(bundle));
  }
  return issuedAt;
}

/// Moves the unit timers of `ready` past what the block issued (issue
/// cycles `issuedAt`): the intervals of the EUP and XLU, and per MXU when
/// the next push, latch and vmatmul may go (Dependences.h).
void unitsReadyAfter(std::span<const MInstr> ins, const std::vector<int> &issuedAt,
                     ReadyTimes &ready) {
  auto atLeast = [&](int timer, int cycle) {
    int &t = ready[kAllRegs + timer];
    t = std::max(t, cycle);
  };
  for (size_t i = 0; i < ins.size(); ++i) {
    const MInstr &mi = ins[i];
    int at = issuedAt[i];
    isa::Slot slot = isa::desc(mi.instr.opcode).slot;
    if (slot == isa::Slot::Transcendental)
      atLeast(kEupTimer, at + machine::kEupIssueInterval);
    if (slot == isa::Slot::CrossLane)
      atLeast(kXluTimer, at + machine::kCrossLaneIssueInterval);
    MxuOp kind = mxuOp(mi.instr.opcode);
    if (kind == MxuOp::None || kind == MxuOp::Pop)
      continue;
    int m = mxuIndex(mi);
    switch (kind) {
    case MxuOp::Push:
      atLeast(mxuTimer(m, MxuOp::Push), at + machine::kMxuPushInterval);
      atLeast(mxuTimer(m, MxuOp::Latch), at + latencyOf(mi));
      break;
    case MxuOp::Latch:
      atLeast(mxuTimer(m, MxuOp::Push), at + 1);
      atLeast(mxuTimer(m, MxuOp::Latch), at + 1);
      atLeast(mxuTimer(m, MxuOp::Matmul), at + latencyOf(mi));
      break;
    default:  // vmatmul
      atLeast(mxuTimer(m, MxuOp::Matmul), at + machine::kMxuStreamCycles);
      atLeast(mxuTimer(m, MxuOp::Latch), at + 1);
      break;
    }
  }
}

}  // namespace

Schedule scheduleInstructions(const MFunction &fn) {
  int numBlocks = fn.blocks.size();
  Schedule schedule(numBlocks);
  ReadyTimes longReady;
  longReady.fill(kLongReady);
  std::vector<ReadyTimes> entryReady(numBlocks, longReady);
  // Loop headers (targets of back edges) run once per trip, so their one
  // forward entry waits for every pending value and they start with all
  // registers ready: the loop body is not padded for its first trip.
  std::vector<char> isHeader(numBlocks, 0);
  for (int b = 0; b < numBlocks; ++b)
    for (const Successor &s : successors(fn, b))
      if (s.block <= b)
        isHeader[s.block] = 1;

  for (int b = 0; b < numBlocks; ++b) {
    const MBlock &block = fn.blocks[b];
    const MInstr *branch = block.branch();
    std::span<const MInstr> ins(block.instrs.data(), block.instrs.size() - (branch ? 1 : 0));
    const ReadyTimes &entry = entryReady[b];
    std::vector<MBundle> &bundles = schedule[b];
    int guard = branch && branch->instr.predicated ? branch->guard : -1;
    std::vector<int> issuedAt = listSchedule(ins, entry, guard, bundles);

    // When each register is ready, from the block's first bundle.
    ReadyTimes readyAt = entry;
    for (size_t i = 0; i < ins.size(); ++i)
      for (const RegOperand &r : regOperands(ins[i]))
        if (r.isDef) {
          int &t = readyAt[physIndex(r.rc, getReg(ins[i], r))];
          t = std::max(t, issuedAt[i] + latencyOf(ins[i]));
        }
    unitsReadyAfter(ins, issuedAt, readyAt);
    // The earliest last cycle of the block from which a successor entered
    // kBranchTakenCycles later (taken) or right after (not) finds every
    // register in `assumed` (cycles from its start, 0 at the latest) ready.
    auto endFor = [&](bool taken, const ReadyTimes *assumed) {
      int at = INT32_MIN;
      for (int r = 0; r < kAllTimes; ++r)
        if (readyAt[r] > kLongReady)
          at = std::max(at, readyAt[r] - 1 - (taken ? (int)machine::kBranchTakenCycles : 0) -
                                (assumed ? std::max(0, (*assumed)[r]) : 0));
      return at;
    };

    int last = (int)bundles.size() - 1;
    if (branch) {
      // The branch issues last: when its predicate is ready, and late
      // enough for a loop header it enters (from before, or back along a
      // back edge to a block scheduled already, which assumed entryReady).
      int at = std::max(0, last);
      if (guard >= 0)
        at = std::max(at, readyAt[physIndex(RegClass::P, guard)]);
      for (const Successor &s : successors(fn, b)) {
        if (s.block >= numBlocks)
          continue;
        if (s.block <= b)
          at = std::max(at, endFor(s.taken, &entryReady[s.block]));
        else if (isHeader[s.block])
          at = std::max(at, endFor(s.taken, nullptr));
      }
      if (at == last)
        for (const MInstr &mi : bundles.back())
          if (isa::desc(mi.instr.opcode).slot == isa::Slot::Misc)
            at = last + 1;  // the Misc slot is taken
      while ((int)bundles.size() <= at)
        bundles.emplace_back();
      bundles[at].push_back(*branch);
    } else if (b + 1 < numBlocks && isHeader[b + 1]) {
      // Falling into a loop: wait here, once.
      while ((int)bundles.size() - 1 < endFor(false, nullptr))
        bundles.emplace_back();
    }

    // What the successors after this block see: ready times from the cycle
    // after its last bundle, plus the taken-branch bubble on a taken edge.
    int end = bundles.size();
    for (const Successor &s : successors(fn, b)) {
      if (s.block <= b || s.block >= numBlocks)
        continue;  // back edges waited above; the end of the code reads nothing
      int shift = end + (s.taken ? (int)machine::kBranchTakenCycles : 0);
      for (int r = 0; r < kAllTimes; ++r)
        if (readyAt[r] > kLongReady)
          entryReady[s.block][r] = std::max(entryReady[s.block][r], readyAt[r] - shift);
    }
  }
  return schedule;
}

}  // namespace tessera::lowering
