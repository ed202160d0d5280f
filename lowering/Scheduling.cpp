//===- Scheduling.cpp - List scheduling into VLIW bundles -----------------===//
//
// Builds a dependence graph with minimum issue distances, then fills cycles
// greedily: among the ready instructions, the one with the longest
// latency-weighted path to the end goes first (ties: program order), as long
// as its slot class has room in the bundle.
//
//===----------------------------------------------------------------------===//
#include "lowering/Scheduling.h"

#include <algorithm>
#include <map>

#include "sim/MachineDesc.h"

namespace tessera::lowering {
namespace {

struct Edge {
  int to;
  int distance;  // to issues at least this many cycles after from
};

bool rangesOverlap(const MInstr &a, const MInstr &b) {
  bool aKnown = a.memHi >= a.memLo, bKnown = b.memHi >= b.memLo;
  if (!aKnown || !bKnown)
    return true;
  return a.memLo < b.memHi && b.memLo < a.memHi;
}

/// Whether two memory accesses must keep their order.
bool isWrite(MemKind k) { return k == MemKind::VmemWrite || k == MemKind::SmemWrite; }

bool memoryOrdered(const MInstr &a, const MInstr &b) {
  if (a.mem == MemKind::Barrier || b.mem == MemKind::Barrier)
    return true;
  if (a.mem == MemKind::Halt || b.mem == MemKind::Halt)
    return a.mem == b.mem || isWrite(a.mem) || isWrite(b.mem);
  bool aVmem = a.mem == MemKind::VmemRead || a.mem == MemKind::VmemWrite;
  bool bVmem = b.mem == MemKind::VmemRead || b.mem == MemKind::VmemWrite;
  if (aVmem != bVmem)
    return false;  // VMEM and SMEM are different memories
  return (isWrite(a.mem) || isWrite(b.mem)) && rangesOverlap(a, b);
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
    std::vector<int> readers;
  };
  std::map<std::pair<int, int>, RegState> regs;
  for (int j = 0; j < n; ++j) {
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
        if (memoryOrdered(ins[i], ins[j]))
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
      if (memoryOrdered(ins[i], ins[j]))
        addEdge(i, j, 1);
    sinceBarrier.push_back(j);
  }

  return g;
}

}  // namespace

void orderForRegisterPressure(MFunction &fn) {
  const auto &ins = fn.instrs;
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
    reordered.push_back(std::move(fn.instrs[i]));
  fn.instrs = std::move(reordered);
}

Schedule scheduleInstructions(const MFunction &fn) {
  const auto &ins = fn.instrs;
  int n = ins.size();
  DependenceGraph g = buildDependences(ins);
  const auto &succ = g.succ;
  std::vector<int> numPred(n, 0);
  for (int i = 0; i < n; ++i)
    numPred[i] = g.pred[i].size();
  auto latency = [&](int i) { return isa::desc(ins[i].instr.opcode).latency; };

  // Priority: the longest latency-weighted path to the end.
  std::vector<int> height(n, 0);
  for (int i = n - 1; i >= 0; --i) {
    height[i] = latency(i);
    for (const Edge &e : succ[i])
      height[i] = std::max(height[i], e.distance + height[e.to]);
  }

  std::vector<int> earliest(n, 0), remaining = numPred;
  std::vector<int> ready;
  for (int i = 0; i < n; ++i)
    if (remaining[i] == 0)
      ready.push_back(i);
  Schedule schedule;
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
    std::vector<MInstr> bundle;
    for (int i : issued) {
      bundle.push_back(ins[i]);
      ++done;
      for (const Edge &e : succ[i]) {
        earliest[e.to] = std::max(earliest[e.to], cycle + e.distance);
        if (--remaining[e.to] == 0)
          waiting.push_back(e.to);
      }
    }
    schedule.push_back(std::move(bundle));
    ready = std::move(waiting);
  }
  return schedule;
}

}  // namespace tessera::lowering
