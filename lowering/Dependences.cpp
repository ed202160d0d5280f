//===- Dependences.cpp - What keeps two instructions of a block apart -----===//
//
// Registers and memory as the scheduler always modeled them; the MXU chains
// of Dependences.h on top.
//
//===----------------------------------------------------------------------===//
#include "lowering/Dependences.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "sim/Dma.h"

namespace tessera::lowering {
namespace {

/// The base register of a register-relative access ([vmem:sA+IMM],
/// [smem:sA+IMM]) or of a DMA's VMEM side at a run-time row (memBase), or
/// -1.
int baseRegister(const MInstr &mi) {
  switch (mi.instr.opcode) {
  case isa::Opcode::VLdR:
  case isa::Opcode::SLdR:
    return (int)mi.instr.ops[1];
  case isa::Opcode::VStR:
  case isa::Opcode::VStMskR:
  case isa::Opcode::VStBMskR:
  case isa::Opcode::SStR:
    return (int)mi.instr.ops[0];
  default:
    return mi.memBase >= 0 ? mi.implicitUses[mi.memBase].second : -1;
  }
}

/// A memory access as the dependence test sees it: the range it surely
/// lies in (memLo/memHi: exact for a static address, the whole Ref for a
/// run-time one) and, for a register-relative access (or a DMA whose VMEM
/// side starts at a run-time row), the value number of its base register
/// (equal numbers: equal values, see ScalarValues) and its rows or words
/// from there.
struct Access {
  const MInstr *mi;
  int base = -1;
  int64_t relLo = 0, relHi = 0;
};

Access describe(const MInstr &mi, int baseValue) {
  Access a{&mi};
  if (baseValue < 0)
    return a;
  a.base = baseValue;
  if (mi.memBase >= 0) {
    a.relLo = mi.memRelLo;
    a.relHi = mi.memRelHi;
  } else {
    bool vmem = mi.mem == MemKind::VmemRead || mi.mem == MemKind::VmemWrite;
    a.relLo = mi.instr.imm();
    a.relHi = a.relLo + (vmem ? machine::kSublanes : 1);
  }
  return a;
}

/// Value numbers of the scalar registers along a block: a register read
/// before any write in the block gets a number of its own, and so does
/// each write, except that of an unguarded pure address computation (an
/// add, multiply or shift of registers and immediates), which gets the
/// number of the same computation on the same numbers. So the run-time
/// base of a slot computed twice (once for the body's stores, once for
/// its write-back's DMA) is one value.
class ScalarValues {
public:
  int of(int reg) {
    auto [it, fresh] = current.try_emplace(reg, next);
    next += fresh;
    return it->second;
  }
  /// After `mi` (its defs) in program order.
  void define(const MInstr &mi) {
    for (const RegOperand &r : regOperands(mi)) {
      if (!r.isDef || r.rc != RegClass::S)
        continue;
      std::optional<Key> key = keyOf(mi);
      int value = key ? computed.try_emplace(*key, next).first->second : next;
      next += value == next;
      current[getReg(mi, r)] = value;
    }
  }

private:
  using Key = std::tuple<int, int64_t, int64_t>;
  std::optional<Key> keyOf(const MInstr &mi) {
    const isa::Instr &in = mi.instr;
    if (in.predicated)
      return std::nullopt;
    switch (in.opcode) {
    case isa::Opcode::SAdd:
    case isa::Opcode::SSub:
    case isa::Opcode::SMul:
      return Key{(int)in.opcode, of((int)in.ops[1]), of((int)in.ops[2])};
    case isa::Opcode::SAddI:
    case isa::Opcode::SMulI:
    case isa::Opcode::SShrAI:
      return Key{(int)in.opcode, of((int)in.ops[1]), in.ops[2]};
    case isa::Opcode::SMovI:
      return Key{(int)in.opcode, in.ops[1], 0};
    default:
      return std::nullopt;
    }
  }
  std::map<int, int> current;
  std::map<Key, int> computed;
  int next = 0;
};

bool rangesOverlap(const Access &a, const Access &b) {
  bool aKnown = a.mi->memHi >= a.mi->memLo, bKnown = b.mi->memHi >= b.mi->memLo;
  if (aKnown && bKnown && !(a.mi->memLo < b.mi->memHi && b.mi->memLo < a.mi->memHi))
    return false;  // different Refs, or disjoint static windows
  if (a.base >= 0 && a.base == b.base)
    return a.relLo < b.relHi && b.relLo < a.relHi;  // the same run-time base
  return true;
}

/// Whether two DMA starts or waits may use a semaphore in common.
bool semaphoresOverlap(const MInstr &a, const MInstr &b) {
  if (a.semHi < a.semLo || b.semHi < b.semLo)
    return true;
  return a.semLo < b.semHi && b.semLo < a.semHi;
}

/// Whether a DMA start writes VMEM (its destination is VMEM).
bool dmaWritesVmem(const MInstr &mi) {
  isa::Opcode kind = sim::dmaTransferKind(mi.instr.opcode);
  return kind == isa::Opcode::DmaHbmToVmem || kind == isa::Opcode::DmaVmemToVmem;
}

/// Whether two memory accesses must keep their order.
bool isWrite(MemKind k) { return k == MemKind::VmemWrite || k == MemKind::SmemWrite; }

bool memoryOrdered(const Access &x, const Access &y) {
  const MInstr &a = *x.mi, &b = *y.mi;
  if (a.mem == MemKind::Barrier || b.mem == MemKind::Barrier)
    return true;
  if (a.mem == MemKind::SemRead || b.mem == MemKind::SemRead)
    return false;  // reads a semaphore: no memory, no effect to order
  if (a.mem == MemKind::Wait || b.mem == MemKind::Wait) {
    const MInstr &other = a.mem == MemKind::Wait ? b : a;
    switch (other.mem) {
    case MemKind::Wait:  // waits keep their order, as written
      return true;
    case MemKind::Dma:
      // A start after the wait stays after it (it may touch what the DMA
      // waited for moves, in VMEM or HBM); the wait may go above an
      // earlier start that neither counts toward its semaphore nor touches
      // its rows (a step's write-back, for the wait for the next block).
      return a.mem == MemKind::Wait || semaphoresOverlap(a, b) || rangesOverlap(x, y);
    case MemKind::VmemRead:
    case MemKind::VmemWrite:
      return rangesOverlap(x, y);
    default:  // a check, SMEM
      return false;
    }
  }
  if (a.mem == MemKind::Dma || b.mem == MemKind::Dma) {
    const MInstr &other = a.mem == MemKind::Dma ? b : a;
    // A DMA starts after the checks before it (one of them checks its
    // window); a check may move above an earlier DMA (a kernel that stops
    // is an error: what that DMA would have written is not read).
    if (other.mem == MemKind::Halt)
      return a.mem == MemKind::Halt;
    // Two DMAs in flight land in completion order whatever their issue
    // order (sim/TIMING.md), so only the VMEM rows one writes and the
    // other touches keep them apart: a write-back may start before an
    // earlier prefetch into another buffer.
    if (other.mem == MemKind::Dma)
      return (dmaWritesVmem(a) || dmaWritesVmem(b)) && rangesOverlap(x, y);
    if (other.mem != MemKind::VmemRead && other.mem != MemKind::VmemWrite)
      return false;
    return rangesOverlap(x, y);  // the DMA as a write of its VMEM rows
  }
  // A check's halt stays ahead of the writes after it (one of them may be
  // the access it checks) but may move above earlier ones: a kernel that
  // stops has no VMEM or SMEM to read afterwards. A halt that guards reads
  // (a pl::multiple_of promise) also stays ahead of the reads at run-time
  // addresses: hoisted above it, a read at a broken promise's address would
  // fault on the address instead of stopping with the check's message.
  if (a.mem == MemKind::Halt || b.mem == MemKind::Halt)
    return a.mem == b.mem ||
           (a.mem == MemKind::Halt &&
            (isWrite(b.mem) || (a.guardsReads && (y.base >= 0 || b.memHi < b.memLo))));
  bool aVmem = a.mem == MemKind::VmemRead || a.mem == MemKind::VmemWrite;
  bool bVmem = b.mem == MemKind::VmemRead || b.mem == MemKind::VmemWrite;
  if (aVmem != bVmem)
    return false;  // VMEM and SMEM are different memories
  return (isWrite(a.mem) || isWrite(b.mem)) && rangesOverlap(x, y);
}

/// The VMEM accesses, DMA starts and halts since the last barrier, indexed
/// so that finding the earlier ones a new access may have to stay behind
/// does not test every pair (a kernel of 4096 tiles has 8192 accesses
/// between its DMA waits). An access with a known row range of at most
/// kMaxBuckets buckets of kBucketRows rows sits in the buckets it covers;
/// the others (halts, run-time ranges, wide ranges such as a whole-buffer
/// DMA) are candidates for every access. The candidates of an access are a
/// superset of the earlier accesses memoryOrdered may order it after, in
/// program order, so testing them gives the edges, in the order, that
/// testing every pair gave.
class AccessIndex {
public:
  explicit AccessIndex(int n) : seen(n, -1) {}

  /// Every access since the last barrier, in program order.
  const std::vector<int> &all() const { return accesses; }

  /// The accesses before `j` that memoryOrdered may order `mi` (access j)
  /// after, ascending.
  void candidates(int j, const MInstr &mi, std::vector<int> &out) {
    out.clear();
    std::optional<std::pair<int64_t, int64_t>> range = buckets(mi);
    // A halt is ordered with every earlier write (whatever its rows), an
    // access of unknown or wide rows may overlap anything: test them all.
    if (mi.mem == MemKind::Halt || !range) {
      out = accesses;
      return;
    }
    auto take = [&](int i) {
      if (seen[i] != j) {
        seen[i] = j;
        out.push_back(i);
      }
    };
    for (int i : everywhere)
      take(i);
    // DMA starts and waits keep their order whatever their rows.
    if (mi.mem == MemKind::Dma || mi.mem == MemKind::Wait) {
      for (int i : dmas)
        take(i);
      for (int i : waits)
        take(i);
    }
    for (int64_t b = range->first; b <= range->second; ++b)
      if (auto it = byBucket.find(b); it != byBucket.end())
        for (int i : it->second)
          take(i);
    std::sort(out.begin(), out.end());
  }

  void add(int j, const MInstr &mi) {
    accesses.push_back(j);
    if (mi.mem == MemKind::Dma)
      dmas.push_back(j);
    if (mi.mem == MemKind::Wait)
      waits.push_back(j);
    std::optional<std::pair<int64_t, int64_t>> range = buckets(mi);
    if (mi.mem == MemKind::Halt || !range) {
      everywhere.push_back(j);
      return;
    }
    for (int64_t b = range->first; b <= range->second; ++b)
      byBucket[b].push_back(j);
  }

  void clear() {
    accesses.clear();
    everywhere.clear();
    dmas.clear();
    waits.clear();
    byBucket.clear();
  }

private:
  static constexpr int64_t kBucketRows = machine::kSublanes;  // a tile's rows
  static constexpr int64_t kMaxBuckets = 32;

  /// The first and last bucket of `mi`'s rows ({1, 0} for no rows), or
  /// nullopt if they are not known or too many.
  static std::optional<std::pair<int64_t, int64_t>> buckets(const MInstr &mi) {
    if (mi.memHi < mi.memLo)
      return std::nullopt;
    if (mi.memHi == mi.memLo)
      return std::pair<int64_t, int64_t>{1, 0};
    auto bucket = [](int64_t row) {
      return row >= 0 ? row / kBucketRows : -((-row + kBucketRows - 1) / kBucketRows);
    };
    int64_t first = bucket(mi.memLo), last = bucket(mi.memHi - 1);
    if (last - first >= kMaxBuckets)
      return std::nullopt;
    return std::pair{first, last};
  }

  std::vector<int> accesses, everywhere, dmas, waits;
  llvm::DenseMap<int64_t, llvm::SmallVector<int, 2>> byBucket;
  /// seen[i] == j: access i is already a candidate of access j.
  std::vector<int> seen;
};

/// Whether the DMA started at `start` probably still runs when the wait at
/// `wait` issues in program order: the work between them, at the issue
/// rate of its busiest unit (its slots, or one MXU's vmatmul stream), is
/// shorter than the DMA (expectedDmaCycles). A prefetch started a grid
/// step's work before its wait has likely landed: its wait keeps its place.
bool stillRunning(std::span<const MInstr> ins, int start, int wait) {
  int perSlot[isa::kNumSlotKinds] = {}, perMxu[machine::kNumMxus] = {};
  for (int i = start + 1; i < wait; ++i) {
    ++perSlot[(int)isa::desc(ins[i].instr.opcode).slot];
    if (mxuOp(ins[i].instr.opcode) == MxuOp::Matmul)
      ++perMxu[mxuIndex(ins[i])];
  }
  int64_t work = 0;
  for (int k = 0; k < isa::kNumSlotKinds; ++k)
    if (perSlot[k])
      work = std::max<int64_t>(work, perSlot[k] / std::max(1, isa::slotCapacity((isa::Slot)k)));
  for (int count : perMxu)
    work = std::max<int64_t>(work, (int64_t)count * machine::kMxuStreamCycles);
  return work < expectedDmaCycles(ins[start], ins[wait]);
}

/// A DMA wait stalls for as long as its DMA has left to run, which the
/// compiler cannot know: it goes as late as it can. For each wait whose
/// DMA starts in the block (dmaWaits) and probably still runs there
/// (stillRunning), the instructions written before it that do not depend
/// on it (transitively) issue before it:
/// edges to the wait from each such instruction that nothing else
/// independent follows (the others reach it through those). The exception
/// is a value the work after the wait reads: computed before the wait, it
/// stays live across it, so only the first kWaitCarryVRegs vector values
/// are (the others are computed where their readers are), and no scalar or
/// predicate value is (an address or a compare is one instruction, issued
/// with its reader). So the kernel's work on other buffers overlaps the
/// DMA, as the seed's start/wait experiment (samples/overlap.cc) expects.
/// Work written after the wait stays after it (the wait is a barrier for
/// it, or orders the accesses of its rows), as the user wrote it.
void addLateWaitEdges(std::span<const MInstr> ins, DependenceGraph &g) {
  int n = ins.size();
  std::vector<int> waits;
  for (auto [wait, start] : dmaWaits(ins))
    if (stillRunning(ins, start, wait))
      waits.push_back(wait);
  if (waits.empty() || (int64_t)waits.size() * n > kMaxLateWaitWork)
    return;
  for (int w : waits) {
    std::vector<char> dependent = dependentsOf(g, w);
    int carried = 0;
    for (int i = 0; i < w; ++i) {
      if (dependent[i] || std::any_of(g.succ[i].begin(), g.succ[i].end(),
                                      [&](const Edge &e) { return !dependent[e.to]; }))
        continue;
      bool definesVector = false, definesOther = false;
      for (const RegOperand &r : regOperands(ins[i]))
        if (r.isDef)
          (r.rc == RegClass::V ? definesVector : definesOther) = true;
      if (definesOther || (definesVector && carried++ >= mlir::tessera::kWaitCarryVRegs))
        continue;
      g.succ[i].push_back({w, 0});
      g.pred[w].push_back({i, 0});
    }
  }
}

}  // namespace

DependenceGraph buildDependences(std::span<const MInstr> ins, bool lateWaits) {
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
    llvm::SmallVector<int, 4> readers;
  };
  PerRegister<RegState> regs;
  std::vector<Access> access(n);
  ScalarValues values;
  for (int j = 0; j < n; ++j) {
    int base = baseRegister(ins[j]);
    access[j] = describe(ins[j], base >= 0 ? values.of(base) : -1);
    values.define(ins[j]);
    auto ops = regOperands(ins[j]);
    for (const RegOperand &r : ops) {
      if (r.isDef)
        continue;
      RegState &st = regs((int)r.rc, getReg(ins[j], r));
      if (st.lastDef >= 0)
        addEdge(st.lastDef, j, latency(st.lastDef));
      st.readers.push_back(j);
    }
    for (const RegOperand &r : ops) {
      if (!r.isDef)
        continue;
      RegState &st = regs((int)r.rc, getReg(ins[j], r));
      for (int reader : st.readers)
        addEdge(reader, j, 1);
      if (st.lastDef >= 0)
        addEdge(st.lastDef, j, std::max(1, latency(st.lastDef) - latency(j) + 1));
      st.lastDef = j;
      st.readers.clear();
    }
  }
  // Memory dependences. DMAs and semaphore ops (barriers) touch VMEM, HBM
  // and semaphores but not SMEM: VMEM accesses, DMA starts and halts are
  // ordered against every barrier and, pairwise, against each other since
  // the last barrier; SMEM accesses only against each other and against
  // halts, and against the barriers that touch SMEM (an SMEM DMA's start
  // and wait).
  int lastBarrier = -1;
  std::vector<int> smemAndHalts, candidates;
  AccessIndex sinceBarrier(n);
  for (int j = 0; j < n; ++j) {
    MemKind k = ins[j].mem;
    if (k == MemKind::None)
      continue;
    bool smem = k == MemKind::SmemRead || k == MemKind::SmemWrite;
    if (smem || k == MemKind::Halt || ins[j].touchesSmem) {
      for (int i : smemAndHalts)
        if (memoryOrdered(access[i], access[j]))
          addEdge(i, j, 1);
      smemAndHalts.push_back(j);
      if (smem)
        continue;
    }
    if (k == MemKind::Barrier) {
      for (int i : sinceBarrier.all())
        addEdge(i, j, 1);
      if (lastBarrier >= 0)
        addEdge(lastBarrier, j, 1);
      lastBarrier = j;
      sinceBarrier.clear();
      continue;
    }
    if (lastBarrier >= 0)
      addEdge(lastBarrier, j, 1);
    sinceBarrier.candidates(j, ins[j], candidates);
    for (int i : candidates)
      if (memoryOrdered(access[i], access[j]))
        addEdge(i, j, 1);
    sinceBarrier.add(j, ins[j]);
  }

  // The MXUs: each one's ops in program order (see the file header).
  struct MxuChain {
    int lastPush = -1, lastLatch = -1, lastMatmul = -1, lastPop = -1;
    std::vector<int> matmuls, pops;
  };
  std::vector<MxuChain> mxus(machine::kNumMxus);
  for (int j = 0; j < n; ++j) {
    MxuOp kind = mxuOp(ins[j].instr.opcode);
    if (kind == MxuOp::None)
      continue;
    MxuChain &m = mxus[mxuIndex(ins[j])];
    switch (kind) {
    case MxuOp::Push:
      if (m.lastPush >= 0)
        addEdge(m.lastPush, j, machine::kMxuPushInterval);
      if (m.lastLatch >= 0)
        addEdge(m.lastLatch, j, 1);
      m.lastPush = j;
      break;
    case MxuOp::Latch:
      if (m.lastPush >= 0)
        addEdge(m.lastPush, j, latency(m.lastPush));
      if (m.lastMatmul >= 0)
        addEdge(m.lastMatmul, j, 1);
      if (m.lastLatch >= 0)
        addEdge(m.lastLatch, j, 1);
      m.lastLatch = j;
      break;
    case MxuOp::Matmul: {
      if (m.lastLatch >= 0)
        addEdge(m.lastLatch, j, latency(m.lastLatch));
      if (m.lastMatmul >= 0)
        addEdge(m.lastMatmul, j, machine::kMxuStreamCycles);
      size_t k = m.matmuls.size();
      if (k >= (size_t)machine::kMxuResultSlots && k - machine::kMxuResultSlots < m.pops.size())
        addEdge(m.pops[k - machine::kMxuResultSlots], j, 1);
      m.matmuls.push_back(j);
      m.lastMatmul = j;
      break;
    }
    case MxuOp::Pop: {
      size_t k = m.pops.size();
      if (k < m.matmuls.size())
        addEdge(m.matmuls[k], j, latency(m.matmuls[k]));
      if (m.lastPop >= 0)
        addEdge(m.lastPop, j, 1);
      m.pops.push_back(j);
      m.lastPop = j;
      break;
    }
    case MxuOp::None:
      break;
    }
  }
  // The XLU's transpose buffer: pushes in program order; the push that
  // completes a group (its last part) replaces the result buffer, so it
  // follows the previous group's pops, and its own pops follow it by its
  // latency. Pops name their part: among themselves and with the next
  // group's other pushes, any order.
  int lastPush = -1, completing = -1;
  std::vector<int> pops;
  for (int j = 0; j < n; ++j) {
    const isa::Instr &in = ins[j].instr;
    if (in.opcode == isa::Opcode::VXposePush) {
      if (lastPush >= 0)
        addEdge(lastPush, j, 1);
      lastPush = j;
      if (in.ops[0] == machine::kXposeGroupVregs - 1) {
        for (int p : pops)
          addEdge(p, j, 1);
        pops.clear();
        completing = j;
      }
    } else if (in.opcode == isa::Opcode::VXposePop) {
      if (completing >= 0)
        addEdge(completing, j, latency(completing));
      pops.push_back(j);
    }
  }
  if (lateWaits)
    addLateWaitEdges(ins, g);
  return g;
}

std::vector<char> dependentsOf(const DependenceGraph &g, int from) {
  std::vector<char> dependent(g.succ.size(), 0);
  std::vector<int> stack = {from};
  dependent[from] = 1;
  while (!stack.empty()) {
    int i = stack.back();
    stack.pop_back();
    for (const Edge &e : g.succ[i])
      if (!dependent[e.to]) {
        dependent[e.to] = 1;
        stack.push_back(e.to);
      }
  }
  return dependent;
}

std::vector<std::pair<int, int>> dmaWaits(std::span<const MInstr> ins) {
  std::vector<std::pair<int, int>> waits;
  std::vector<int> starts;
  for (int j = 0; j < (int)ins.size(); ++j) {
    const MInstr &mi = ins[j];
    if (mi.mem == MemKind::Dma)
      starts.push_back(j);
    isa::Opcode op = mi.instr.opcode;
    if ((mi.mem != MemKind::Wait && mi.mem != MemKind::Barrier) || mi.memHi <= mi.memLo ||
        (op != isa::Opcode::VWaitGe && op != isa::Opcode::VWaitGeR))
      continue;
    // Its DMA: the last start on its semaphore. A semaphore chosen at run
    // time (a ring's slot) may be another DMA's: such a wait is left out.
    auto single = [](const MInstr &x) { return x.semHi == x.semLo + 1; };
    for (auto s = starts.rbegin(); s != starts.rend(); ++s)
      if (semaphoresOverlap(ins[*s], mi)) {
        if (single(ins[*s]) && single(mi))
          waits.push_back({j, *s});
        break;
      }
  }
  return waits;
}

int64_t expectedDmaCycles(const MInstr &start, const MInstr &wait) {
  int64_t bytes = wait.instr.ops[1];
  if (sim::dmaTransferKind(start.instr.opcode) == isa::Opcode::DmaVmemToVmem)
    return machine::kLocalDmaStartupCycles + bytes / machine::kLocalDmaBytesPerCycle;
  return machine::kDmaStartupCycles + (int64_t)(bytes / machine::kHbmBytesPerCyclePerCore);
}

MxuOp mxuOp(isa::Opcode opcode) {
  switch (opcode) {
  case isa::Opcode::VMatPushBf16:
  case isa::Opcode::VMatPushBf16T:
  case isa::Opcode::VMatPushS8:
    return MxuOp::Push;
  case isa::Opcode::VMatLatch:
    return MxuOp::Latch;
  case isa::Opcode::VMatMulF32:
  case isa::Opcode::VMatMulS8:
    return MxuOp::Matmul;
  case isa::Opcode::VMatPop:
    return MxuOp::Pop;
  default:
    return MxuOp::None;
  }
}

int mxuIndex(const MInstr &mi) {
  const isa::InstrDesc &d = isa::desc(mi.instr.opcode);
  for (int i = 0; i < d.numOperands; ++i)
    if (d.operands[i] == isa::OperandKind::Mxu)
      return (int)mi.instr.ops[i];
  return -1;
}

int gatingTimer(const MInstr &mi) {
  switch (isa::desc(mi.instr.opcode).slot) {
  case isa::Slot::Transcendental:
    return kEupTimer;
  case isa::Slot::CrossLane:
    return kXluTimer;
  default:
    break;
  }
  MxuOp kind = mxuOp(mi.instr.opcode);
  if (kind == MxuOp::None || kind == MxuOp::Pop)
    return -1;
  return mxuTimer(mxuIndex(mi), kind);
}

int issueInterval(isa::Slot slot) {
  switch (slot) {
  case isa::Slot::Transcendental:
    return machine::kEupIssueInterval;
  case isa::Slot::CrossLane:
    return machine::kCrossLaneIssueInterval;
  default:
    return 0;
  }
}

}  // namespace tessera::lowering
