//===- Scheduling.cpp - List scheduling into VLIW bundles -----------------===//
//
// Per block: builds a dependence graph with minimum issue distances, then
// fills cycles greedily: among the ready instructions, the one with the
// longest latency-weighted path to the end goes first (ties: program order),
// as long as its slot class has room in the bundle. The block's branch goes
// in its last bundle, or later if what it (or the loop it closes) reads is
// not ready yet.
//
//===----------------------------------------------------------------------===//
#include "lowering/Scheduling.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "sim/MachineDesc.h"

namespace tessera::lowering {
namespace {

struct Edge {
  int to;
  int distance;  // to issues at least this many cycles after from
};

/// The base register of a register-relative access ([vmem:sA+IMM],
/// [smem:sA+IMM]), or -1.
int baseRegister(const MInstr &mi) {
  switch (mi.instr.opcode) {
  case isa::Opcode::VLdR:
  case isa::Opcode::SLdR:
    return (int)mi.instr.ops[1];
  case isa::Opcode::VStR:
  case isa::Opcode::SStR:
    return (int)mi.instr.ops[0];
  default:
    return -1;
  }
}

/// A memory access as the dependence test sees it: the range it surely
/// lies in (memLo/memHi: exact for a static address, the whole Ref for a
/// run-time one) and, for a register-relative access, its base register
/// with the number of writes to that register before it (equal numbers:
/// equal values) and its rows or words from there.
struct Access {
  const MInstr *mi;
  int base = -1, version = -1;
  int64_t relLo = 0, relHi = 0;
};

Access describe(const MInstr &mi, int version) {
  Access a{&mi};
  a.base = baseRegister(mi);
  if (a.base >= 0) {
    a.version = version;
    bool vmem = mi.mem == MemKind::VmemRead || mi.mem == MemKind::VmemWrite;
    a.relLo = mi.instr.imm();
    a.relHi = a.relLo + (vmem ? machine::kSublanes : 1);
  }
  return a;
}

bool rangesOverlap(const Access &a, const Access &b) {
  bool aKnown = a.mi->memHi >= a.mi->memLo, bKnown = b.mi->memHi >= b.mi->memLo;
  if (aKnown && bKnown && !(a.mi->memLo < b.mi->memHi && b.mi->memLo < a.mi->memHi))
    return false;  // different Refs, or disjoint static windows
  if (a.base >= 0 && a.base == b.base && a.version == b.version)
    return a.relLo < b.relHi && b.relLo < a.relHi;  // the same run-time base
  return true;
}

/// Whether two memory accesses must keep their order.
bool isWrite(MemKind k) { return k == MemKind::VmemWrite || k == MemKind::SmemWrite; }

bool memoryOrdered(const Access &x, const Access &y) {
  const MInstr &a = *x.mi, &b = *y.mi;
  if (a.mem == MemKind::Barrier || b.mem == MemKind::Barrier)
    return true;
  if (a.mem == MemKind::Halt || b.mem == MemKind::Halt)
    return a.mem == b.mem || isWrite(a.mem) || isWrite(b.mem);
  bool aVmem = a.mem == MemKind::VmemRead || a.mem == MemKind::VmemWrite;
  bool bVmem = b.mem == MemKind::VmemRead || b.mem == MemKind::VmemWrite;
  if (aVmem != bVmem)
    return false;  // VMEM and SMEM are different memories
  return (isWrite(a.mem) || isWrite(b.mem)) && rangesOverlap(x, y);
}

/// Dependences of straight-line code, with minimum issue distances.
struct DependenceGraph {
  std::vector<std::vector<Edge>> succ, pred;
};

/// Register dependences (true, anti and output; registers may be virtual)
/// and memory dependences of `ins`.
DependenceGraph buildDependences(const std::vector<MInstr> &ins) {
  int n = ins.size();
  DependenceGraph g;
  g.succ.resize(n);
  g.pred.resize(n);
  auto addEdge = [&](int from, int to, int distance) {
    if (from == to)
      return;
    g.succ[from].push_back({to, distance});
    g.pred[to].push_back({from, distance});
  };
  auto latency = [&](int i) { return isa::desc(ins[i].instr.opcode).latency; };

  struct RegState {
    int lastDef = -1;
    int writes = 0;
    std::vector<int> readers;
  };
  std::map<std::pair<int, int>, RegState> regs;
  std::vector<Access> access(n);
  for (int j = 0; j < n; ++j) {
    int base = baseRegister(ins[j]);
    access[j] = describe(ins[j], base >= 0 ? regs[{(int)RegClass::S, base}].writes : -1);
    auto ops = regOperands(ins[j]);
    for (const RegOperand &r : ops) {
      if (r.isDef)
        continue;
      RegState &st = regs[{(int)r.rc, getReg(ins[j], r)}];
      if (st.lastDef >= 0)
        addEdge(st.lastDef, j, latency(st.lastDef));
      st.readers.push_back(j);
    }
    for (const RegOperand &r : ops) {
      if (!r.isDef)
        continue;
      RegState &st = regs[{(int)r.rc, getReg(ins[j], r)}];
      for (int reader : st.readers)
        addEdge(reader, j, 1);
      if (st.lastDef >= 0)
        addEdge(st.lastDef, j, std::max(1, latency(st.lastDef) - latency(j) + 1));
      st.lastDef = j;
      ++st.writes;
      st.readers.clear();
    }
  }
  // Memory dependences. DMAs and semaphore ops (barriers) touch VMEM, HBM
  // and semaphores but never SMEM: VMEM accesses and halts are ordered
  // against every barrier and, pairwise, against each other since the last
  // barrier; SMEM accesses only against each other and against halts.
  int lastBarrier = -1;
  std::vector<int> sinceBarrier, smemAndHalts;
  for (int j = 0; j < n; ++j) {
    MemKind k = ins[j].mem;
    if (k == MemKind::None)
      continue;
    bool smem = k == MemKind::SmemRead || k == MemKind::SmemWrite;
    if (smem || k == MemKind::Halt) {
      for (int i : smemAndHalts)
        if (memoryOrdered(access[i], access[j]))
          addEdge(i, j, 1);
      smemAndHalts.push_back(j);
      if (smem)
        continue;
    }
    if (k == MemKind::Barrier) {
      for (int i : sinceBarrier)
        addEdge(i, j, 1);
      if (lastBarrier >= 0)
        addEdge(lastBarrier, j, 1);
      lastBarrier = j;
      sinceBarrier.clear();
      continue;
    }
    if (lastBarrier >= 0)
      addEdge(lastBarrier, j, 1);
    for (int i : sinceBarrier)
      if (memoryOrdered(access[i], access[j]))
        addEdge(i, j, 1);
    sinceBarrier.push_back(j);
  }

  return g;
}

}  // namespace

/// Orders one block's instructions (without its branch).
static void orderBlock(std::vector<MInstr> &ins) {
  int n = ins.size();
  DependenceGraph g = buildDependences(ins);
  // Roots: what the kernel does (stores, DMAs, waits, checks) and anything
  // nothing depends on. Everything else is pulled in just before its first
  // consumer, depth first, so each tile's computation runs start to finish
  // while few values are live.
  std::vector<char> emitted(n, 0);
  std::vector<int> order;
  order.reserve(n);
  std::vector<std::pair<int, size_t>> stack;
  auto pull = [&](int root) {
    if (emitted[root])
      return;
    stack.push_back({root, 0});
    while (!stack.empty()) {
      auto &[i, next] = stack.back();
      if (next < g.pred[i].size()) {
        int p = g.pred[i][next++].to;
        if (!emitted[p]) {
          emitted[p] = 1;  // claimed: emitted when its own preds are done
          stack.push_back({p, 0});
        }
        continue;
      }
      order.push_back(i);
      emitted[i] = 1;
      stack.pop_back();
    }
  };
  for (int i = 0; i < n; ++i) {
    MemKind k = ins[i].mem;
    bool pure = k == MemKind::None || k == MemKind::VmemRead || k == MemKind::SmemRead;
    if (!pure || g.succ[i].empty())
      pull(i);
  }
  std::vector<MInstr> reordered;
  reordered.reserve(n);
  for (int i : order)
    reordered.push_back(std::move(ins[i]));
  ins = std::move(reordered);
}

void orderForRegisterPressure(MFunction &fn) {
  for (MBlock &block : fn.blocks) {
    std::optional<MInstr> branch;
    if (block.branch()) {
      branch = std::move(block.instrs.back());
      block.instrs.pop_back();
    }
    orderBlock(block.instrs);
    if (branch)
      block.instrs.push_back(std::move(*branch));
  }
}

namespace {

/// Physical registers of all classes as one index.
constexpr int kMaxRegs = 32;
static_assert(machine::kNumVRegs <= kMaxRegs && machine::kNumSRegs <= kMaxRegs &&
              machine::kNumPRegs <= kMaxRegs);
constexpr int kAllRegs = kNumRegClasses * kMaxRegs;
int physIndex(RegClass rc, int reg) { return (int)rc * kMaxRegs + reg; }

/// Per register: the cycle, counted from a block's first bundle, from which
/// its value may be read (kLongReady: long since).
using ReadyTimes = std::array<int, kAllRegs>;
constexpr int kLongReady = -(1 << 20);

int latencyOf(const MInstr &mi) { return isa::desc(mi.instr.opcode).latency; }

/// List-schedules the instructions of one block (its branch excluded) into
/// bundles. `entry`: when registers written by predecessors are ready.
/// `guard`: the predicate the block's branch reads (-1: none), whose
/// compare then leads to the end of the block too. Returns the cycle each
/// instruction issues at.
std::vector<int> listSchedule(const std::vector<MInstr> &ins, const ReadyTimes &entry,
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
  }
  std::vector<int> ready;
  for (int i = 0; i < n; ++i)
    if (remaining[i] == 0)
      ready.push_back(i);
  std::vector<int> issuedAt(n, -1);
  int done = 0;
  for (int cycle = 0; done < n; ++cycle) {
    std::sort(ready.begin(), ready.end(), [&](int a, int b) {
      return height[a] != height[b] ? height[a] > height[b] : a < b;
    });
    int used[isa::kNumSlotKinds] = {};
    std::vector<int> issued, waiting;
    for (int i : ready) {
      int slot = (int)isa::desc(ins[i].instr.opcode).slot;
      if (earliest[i] <= cycle && used[slot] < isa::slotCapacity((isa::Slot)slot)) {
        ++used[slot];
        issued.push_back(i);
      } else {
        waiting.push_back(i);
      }
    }
    std::sort(issued.begin(), issued.end());
    MBundle bundle;
    for (int i : issued) {
      bundle.push_back(ins[i]);
      issuedAt[i] = cycle;
      ++done;
      for (const Edge &e : g.succ[i]) {
        earliest[e.to] = std::max(earliest[e.to], cycle + e.distance);
        if (--remaining[e.to] == 0)
          waiting.push_back(e.to);
      }
    }
    bundles.push_back(std::move(bundle));
    ready = std::move(waiting);
  }
  return issuedAt;
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
    std::vector<MInstr> ins(block.instrs.begin(), block.instrs.end() - (branch ? 1 : 0));
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
    // The earliest last cycle of the block from which a successor entered
    // kBranchTakenCycles later (taken) or right after (not) finds every
    // register in `assumed` (cycles from its start, 0 at the latest) ready.
    auto endFor = [&](bool taken, const ReadyTimes *assumed) {
      int at = INT32_MIN;
      for (int r = 0; r < kAllRegs; ++r)
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
      for (int r = 0; r < kAllRegs; ++r)
        if (readyAt[r] > kLongReady)
          entryReady[s.block][r] = std::max(entryReady[s.block][r], readyAt[r] - shift);
    }
  }
  return schedule;
}

}  // namespace tessera::lowering
