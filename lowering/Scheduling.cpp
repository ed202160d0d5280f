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

#include "sim/MachineDesc.h"

namespace tessera::lowering {
namespace {

struct Edge {
  int to;
  int distance;  // to issues at least this many cycles after from
};

bool isMemory(MemKind k) { return k != MemKind::None; }

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

}  // namespace

Schedule scheduleInstructions(const MFunction &fn) {
  const auto &ins = fn.instrs;
  int n = ins.size();
  std::vector<std::vector<Edge>> succ(n);
  std::vector<int> numPred(n, 0);
  auto addEdge = [&](int from, int to, int distance) {
    if (from == to)
      return;
    succ[from].push_back({to, distance});
    ++numPred[to];
  };
  auto latency = [&](int i) { return isa::desc(ins[i].instr.opcode).latency; };

  // Register dependences.
  struct RegState {
    int lastDef = -1;
    std::vector<int> readers;
  };
  std::vector<std::vector<RegState>> regs(kNumRegClasses);
  for (int c = 0; c < kNumRegClasses; ++c)
    regs[c].resize(numPhysRegs((RegClass)c));
  for (int j = 0; j < n; ++j) {
    auto ops = regOperands(ins[j]);
    for (const RegOperand &r : ops) {
      if (r.isDef)
        continue;
      int reg = getReg(ins[j], r);
      RegState &st = regs[(int)r.rc][reg];
      if (st.lastDef >= 0)
        addEdge(st.lastDef, j, latency(st.lastDef));
      st.readers.push_back(j);
    }
    for (const RegOperand &r : ops) {
      if (!r.isDef)
        continue;
      RegState &st = regs[(int)r.rc][getReg(ins[j], r)];
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
