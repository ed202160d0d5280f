//===- Ordering.cpp - Instruction order before register allocation --------===//
//
// Allocation assigns registers in program order and the list scheduler can
// only overlap what the registers it got allow, so the order going into
// allocation decides both the spills and how much overlap is left. Two
// orders:
//
// - Most blocks: depth first from the side effects, so each tile's
//   computation runs start to finish while few values are live.
// - Blocks that use the MXUs or reduce across lanes: a list schedule on
//   virtual registers (the machine's latencies and units, Dependences.h)
//   that keeps the number of live vector values under a limit. A
//   reduction's chain (the tiles combined, the 24-cycle lane reduction, the
//   math that waits for it) is long: depth first, the next group's chain
//   came after this one's stores in program order, and the registers
//   allocation then reused kept the scheduler from overlapping them (the
//   softmax sample's 8-row groups: 4,219 cycles, 3,737 so; layer_norm
//   10,489 -> 9,361). The four MXU chains likewise interleave
//   in program order, which a depth-first walk (one weight block's matmuls
//   after another's) would not give. Four rules keep it from filling the
//   registers with values that wait: an LHS tile is loaded no earlier than
//   the previous vmatmul on its MXU, a weight tile no earlier than the
//   MXU's previous latch ("just in time"), a loaded tile whose one reader
//   also reads a value computed in the block (the old accumulator of
//   `acc + dot`) no earlier than that value's producer; vmatpops,
//   just-in-time LHS loads and a load whose consumer only waits for it
//   (the accumulator of `acc + dot`) are urgent: first, and exempt from the
//   limit, since they let other values die. Measured on acc += dot(256x256, 256x512) in bf16
//   (MxuTest): no spills, 256 vmatmuls in 518 cycles (bound 512); the
//   matmul sample at 2048 (K in two steps, the old accumulator loaded each
//   step): 86.1% of the MXU peak, 42% when those loads went early. Live
//   predicates have a limit of their own, and a DMA's addresses and bounds
//   checks go right before it (a grid step's prefetch waits behind the
//   step's last loads of its buffer, a write-back behind the stores of its
//   rows).
//
//===----------------------------------------------------------------------===//
#include "lowering/Ordering.h"

#include <algorithm>
#include <map>
#include <optional>

#include "lowering/Dependences.h"
#include "lowering/Liveness.h"
#include "lowering/Scheduling.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {

/// The list schedule's limit is every vector register the values live into
/// the block leave, and at least kMinOrderingLimit. (It left 12 of them to
/// allocation's slack and to urgent values, which the limit does not hold
/// back; measured with none: the fused bf16 dot [1024,2048]@[2048,512] of
/// `xla_baseline --sweep` 44,929 -> 20,653 cycles, matmul at 4096 1.176 M
/// -> 1.139 M, at 2048 152,276 -> 147,668, flash attention 6,472 -> 6,248,
/// attention over 32 matrices in blocks of 4 13,002 -> 11,266, layer_norm
/// (its scale and bias tiles live into the loop) 10,857 -> 9,361; the
/// attention sample 3,093 -> 3,190, its only loss.)
static constexpr int kMinOrderingLimit = 8;
/// Predicates: kept for the instructions the limit does not hold back
/// (forced ones) and the least it allows itself (a pand needs three).
static constexpr int kPredicateReserve = 1;
static constexpr int kMinPredicateLimit = 3;
/// In a block without MXU ops, the vector values past the limit that urgent
/// instructions whose consumer frees nothing may make live (see `urgent`).
static constexpr int kUrgentSlack = 4;

/// Orders one block's instructions (without its branch).
/// Appends `root` to `order` after those of its predecessors (transitively)
/// that are not in it yet, depth first; `placed` marks what is (or is
/// claimed to be) in the order.
static void placeAfterPreds(const DependenceGraph &g, int root, std::vector<char> &placed,
                            std::vector<int> &order) {
  if (placed[root])
    return;
  placed[root] = 1;
  std::vector<std::pair<int, size_t>> stack = {{root, 0}};
  while (!stack.empty()) {
    auto &[i, next] = stack.back();
    if (next < g.pred[i].size()) {
      int p = g.pred[i][next++].to;
      if (!placed[p]) {
        placed[p] = 1;  // claimed: placed when its own preds are done
        stack.push_back({p, 0});
      }
      continue;
    }
    order.push_back(i);
    stack.pop_back();
  }
}

static void orderBlock(std::vector<MInstr> &ins) {
  int n = ins.size();
  DependenceGraph g = buildDependences(ins, true);
  // Roots: what the kernel does (stores, DMAs, waits, checks) and anything
  // nothing depends on. Everything else is pulled in just before its first
  // consumer, depth first, so each tile's computation runs start to finish
  // while few values are live.
  std::vector<char> emitted(n, 0);
  std::vector<int> order;
  order.reserve(n);
  for (int i = 0; i < n; ++i) {
    MemKind k = ins[i].mem;
    bool pure = k == MemKind::None || k == MemKind::VmemRead || k == MemKind::SmemRead;
    if (!pure || g.succ[i].empty())
      placeAfterPreds(g, i, emitted, order);
  }
  std::vector<MInstr> reordered;
  reordered.reserve(n);
  for (int i : order)
    reordered.push_back(std::move(ins[i]));
  ins = std::move(reordered);
}

namespace {

/// The values of one register class defined in a block, for counting how
/// many are live as an order is built: which earlier instructions each
/// instruction reads (by their index), and how many of each one's readers
/// are still to come.
struct Pressure {
  Pressure(const std::vector<MInstr> &ins, RegClass rc)
      : reads(ins.size()), readersLeft(ins.size(), 0), defines(ins.size(), 0) {
    std::map<int, int> lastDef;
    for (size_t j = 0; j < ins.size(); ++j) {
      for (const RegOperand &r : regOperands(ins[j]))
        if (!r.isDef && r.rc == rc)
          if (auto it = lastDef.find(getReg(ins[j], r)); it != lastDef.end() &&
              std::find(reads[j].begin(), reads[j].end(), it->second) == reads[j].end())
            reads[j].push_back(it->second);
      for (const RegOperand &r : regOperands(ins[j]))
        if (r.isDef && r.rc == rc) {
          lastDef[getReg(ins[j], r)] = j;
          defines[j] = 1;
        }
    }
    for (const std::vector<int> &r : reads)
      for (int d : r)
        ++readersLeft[d];
  }
  /// How many more values are live once instruction i issues.
  int growth(int i) const {
    int delta = defines[i] && readersLeft[i] > 0 ? 1 : 0;
    for (int d : reads[i])
      delta -= readersLeft[d] == 1;
    return delta;
  }
  void issue(int i) {
    for (int d : reads[i])
      --readersLeft[d];
  }

  std::vector<std::vector<int>> reads;
  std::vector<int> readersLeft;
  std::vector<char> defines;
};

}  // namespace

/// Orders a block that uses the MXUs (or reduces across lanes) by
/// list-scheduling it on virtual registers with the machine's latencies and
/// units, holding back an instruction that would make more than `limit`
/// vector values live (unless nothing else has issued for a while). The
/// MXU chains are long, so the height priority interleaves the four of
/// them (and a reduction's groups); allocation then assigns registers in
/// that order and the scheduler after it finds the same overlap, instead
/// of running one weight block (one group) at a time.
static void orderByListSchedule(std::vector<MInstr> &ins, int limit, int predLimit, bool usesMxu) {
  int n = ins.size();
  DependenceGraph g = buildDependences(ins, true);
  auto latency = [&](int i) { return isa::desc(ins[i].instr.opcode).latency; };
  std::vector<int> height(n, 0);
  for (int i = n - 1; i >= 0; --i) {
    height[i] = latency(i);
    for (const Edge &e : g.succ[i])
      height[i] = std::max(height[i], e.distance + height[e.to]);
  }
  // A DMA's addresses and checks go just before it, not where the list
  // schedule issues them: lazy are the halts of checks that no store
  // follows (those of the DMAs after a step's work) and the pure scalar
  // and predicate ops read only by DMA starts and lazy ops (the compares
  // and address sums). The height priority would issue them all at the
  // start, and their values would wait in registers (spilled around a
  // loop) for DMAs that memory order keeps behind the MXU work (a prefetch
  // into the buffer the step reads, a write-back of its results); the
  // predicates they hold would keep the limit below from letting anything
  // else define one (the guard of the step's wait for its output slot, so
  // that its stores waited for the end: the matmul sample ran 72k cycles
  // instead of 19,232). A check that stores follow
  // stays where the list schedule puts it: lazy, it would go with its
  // compares just before the first of them (attention: 3,504 cycles
  // instead of 3,397). Their own operands are computed early, as
  // everything else.
  std::vector<char> lazy(n, 0);
  {
    Pressure scalars(ins, RegClass::S), predicates(ins, RegClass::P);
    std::vector<std::vector<int>> readers(n);
    for (int j = 0; j < n; ++j) {
      for (int d : scalars.reads[j])
        readers[d].push_back(j);
      for (int d : predicates.reads[j])
        readers[d].push_back(j);
    }
    for (int i = n - 1; i >= 0; --i) {
      if (ins[i].mem == MemKind::Halt) {
        lazy[i] = std::none_of(g.succ[i].begin(), g.succ[i].end(), [&](const Edge &e) {
          return ins[e.to].mem == MemKind::VmemWrite;
        });
        continue;
      }
      bool vector = false;
      for (const RegOperand &r : regOperands(ins[i]))
        vector = vector || (r.isDef && r.rc == RegClass::V);
      if (ins[i].mem != MemKind::None || vector || mxuOp(ins[i].instr.opcode) != MxuOp::None ||
          readers[i].empty())
        continue;
      lazy[i] = std::all_of(readers[i].begin(), readers[i].end(), [&](int j) {
        return ins[j].mem == MemKind::Dma || lazy[j];
      });
    }
  }
  // Vector values defined here: the instructions that read each (by its
  // defining instruction), to count how many are live; predicates
  // likewise, against their own limit (a check's compares wait for
  // nothing, so the height priority would issue them all at the start
  // while their halts wait in memory order behind the DMAs and the MXU
  // work; with bounds checks on, that is more than the 8 predicate
  // registers).
  Pressure vec(ins, RegClass::V), pred(ins, RegClass::P);
  const std::vector<std::vector<int>> &reads = vec.reads;

  std::vector<std::vector<int>> consumers(n);
  for (int j = 0; j < n; ++j)
    for (int d : reads[j])
      consumers[d].push_back(j);
  std::vector<char> justInTime(n, 0);
  // Just in time: the load feeding a vmatmul's LHS (through an unpack) is
  // not ordered before the previous vmatmul on that MXU, nor the load of a
  // weight tile before the MXU's previous latch; otherwise the height
  // priority would fetch far ahead and fill the registers with tiles that
  // wait. Only for loads whose value goes nowhere else (no cycle).
  {
    auto sourceLoad = [&](int j) {
      // The single-use chain from a vld to instruction j's vector operand.
      if (reads[j].size() != 1)
        return -1;
      int d = reads[j][0];
      while (consumers[d].size() == 1 && mxuOp(ins[d].instr.opcode) == MxuOp::None) {
        isa::Opcode op = ins[d].instr.opcode;
        if (op == isa::Opcode::VLd || op == isa::Opcode::VLdR)
          return d;
        if (reads[d].size() != 1)
          return -1;
        d = reads[d][0];
      }
      return -1;
    };
    std::vector<int> lastMatmul(machine::kNumMxus, -1), lastLatch(machine::kNumMxus, -1);
    auto addOrder = [&](int from, int to) {
      g.succ[from].push_back({to, 0});
      g.pred[to].push_back({from, 0});
    };
    for (int j = 0; j < n; ++j) {
      MxuOp kind = mxuOp(ins[j].instr.opcode);
      if (kind == MxuOp::None)
        continue;
      int m = mxuIndex(ins[j]);
      int before = kind == MxuOp::Matmul ? lastMatmul[m] : kind == MxuOp::Push ? lastLatch[m] : -1;
      if (before >= 0)
        if (int load = sourceLoad(j); load >= 0 && load != before) {
          addOrder(before, load);
          // An LHS fetched just in time is what lets its MXU go on (and a
          // popped result waiting for this pass die): never held back.
          if (kind == MxuOp::Matmul)
            justInTime[load] = 1;
        }
      if (kind == MxuOp::Matmul)
        lastMatmul[m] = j;
      if (kind == MxuOp::Latch)
        lastLatch[m] = j;
    }
    // A loaded tile whose one reader also reads a value computed here (the
    // old accumulator of `acc + dot`) is fetched when that value's
    // producer issues, not early: loaded early, it waits in a register.
    for (int j = 0; j < n; ++j) {
      if (reads[j].size() != 2 || mxuOp(ins[j].instr.opcode) != MxuOp::None)
        continue;
      auto isLoad = [&](int d) {
        isa::Opcode op = ins[d].instr.opcode;
        return op == isa::Opcode::VLd || op == isa::Opcode::VLdR;
      };
      for (int side = 0; side < 2; ++side) {
        int load = reads[j][side], other = reads[j][1 - side];
        if (isLoad(load) && !isLoad(other) && consumers[load].size() == 1 && !justInTime[load])
          addOrder(other, load);
      }
    }
  }
  // Urgent: vmatpops (they free FIFO slots and feed the accumulation), and
  // a value whose consumer only waits for it, its other vector operands
  // issued already (the accumulator tile for `acc + dot`). They go first.
  // Those whose consumer then frees a value (an operand it reads last: the
  // popped result of `acc + dot`) are never held back by the limit; in a
  // block without MXU ops the others only up to kUrgentSlack values past
  // it. There the consumer often frees nothing: layer norm's `x - mean`,
  // its x loaded again (tessera-rematerialize) and the mean's broadcast
  // read by the row's other tiles too. Unbounded, every group's 8 loads
  // went as soon as its mean was known and the order held up to 71 live
  // values (layer_norm with its 8 groups in one block: 10,009 cycles,
  // 6,871 so; the sample's 4: 8,135 -> 7,400; none past the limit:
  // softmax 3,631 -> 3,793). In MXU blocks the accumulation's loads are
  // of this kind too (`acc * alpha + dot`: alpha's broadcast read by every
  // tile), and held back they kept the pops' results waiting (flash
  // attention 6,152 -> 14,632 with none past the limit, 6,296 with 8).
  std::vector<char> issuedYet(n, 0);
  // Readers of each value not issued yet.
  std::vector<int> pendingReaders(n);
  for (int d = 0; d < n; ++d)
    pendingReaders[d] = consumers[d].size();
  const int slack = usesMxu ? n : kUrgentSlack;
  enum Urgency : char { kNotUrgent, kUrgent, kUrgentFrees };
  auto urgent = [&](int i) -> Urgency {
    if (mxuOp(ins[i].instr.opcode) == MxuOp::Pop || justInTime[i])
      return kUrgentFrees;
    Urgency best = kNotUrgent;
    for (int c : consumers[i]) {
      bool others = false, allIssued = true, frees = false;
      for (int d : reads[c])
        if (d != i) {
          others = true;
          allIssued = allIssued && issuedYet[d];
          frees = frees || pendingReaders[d] == std::count(reads[c].begin(), reads[c].end(), d);
        }
      if (others && allIssued)
        best = std::max(best, frees ? kUrgentFrees : kUrgent);
    }
    return best;
  };
  std::vector<int> earliest(n, 0), remaining(n), ready;
  for (int i = 0; i < n; ++i)
    if ((remaining[i] = g.pred[i].size()) == 0)
      ready.push_back(i);
  std::vector<int> order;
  order.reserve(n);
  // An issued instruction goes into the order after the addresses it reads
  // that are not placed yet (only those can be: everything else it depends
  // on issued, and was placed, before it).
  std::vector<char> placed(n, 0);
  int unitFree[2] = {0, 0};
  int live = 0, livePreds = 0, idle = 0, scheduled = 0;
  // Longer than any latency or unit interval: nothing in flight can still
  // free a register.
  constexpr int kPatience = 4 * machine::kLatCrossLane;
  for (int cycle = 0; scheduled < n; ++cycle) {
    std::vector<Urgency> isUrgent(n, kNotUrgent);
    for (int i : ready)
      isUrgent[i] = urgent(i);
    std::sort(ready.begin(), ready.end(), [&](int a, int b) {
      if (isUrgent[a] != isUrgent[b])
        return isUrgent[a] > isUrgent[b];
      return height[a] != height[b] ? height[a] > height[b] : a < b;
    });
    int used[isa::kNumSlotKinds] = {};
    std::vector<int> issued, waiting;
    auto issue = [&](int i) {
      issued.push_back(i);
      issuedYet[i] = 1;
      for (int d : reads[i])
        --pendingReaders[d];
      vec.issue(i);
      pred.issue(i);
    };
    bool force = idle > kPatience;
    for (int i : ready) {
      if (lazy[i]) {  // placed with its DMA; no slot, no register yet
        if (earliest[i] <= cycle) {
          issue(i);
        } else {
          waiting.push_back(i);
        }
        continue;
      }
      isa::Slot slot = isa::desc(ins[i].instr.opcode).slot;
      int unit = slot == isa::Slot::Transcendental ? 0 : slot == isa::Slot::CrossLane ? 1 : -1;
      bool fits = earliest[i] <= cycle && used[(int)slot] < isa::slotCapacity(slot) &&
                  (unit < 0 || unitFree[unit] <= cycle);
      int delta = fits ? vec.growth(i) : 0;
      int predDelta = fits ? pred.growth(i) : 0;
      bool tooMany = (delta > 0 && live + delta > limit) ||
                     (predDelta > 0 && livePreds + predDelta > predLimit);
      bool exempt = isUrgent[i] == kUrgentFrees ||
                    (isUrgent[i] == kUrgent && live + delta <= limit + slack);
      if (!fits || (tooMany && !force && !exempt)) {
        waiting.push_back(i);
        continue;
      }
      force = false;
      ++used[(int)slot];
      if (unit >= 0)
        unitFree[unit] = cycle + issueInterval(slot);
      live += delta;
      livePreds += predDelta;
      issue(i);
    }
    idle = issued.empty() ? idle + 1 : 0;
    if (idle > 4 * kPatience)
      return;  // nothing can issue (a cycle in the order edges): keep the order
    std::sort(issued.begin(), issued.end());
    for (int i : issued) {
      ++scheduled;
      if (!lazy[i])
        placeAfterPreds(g, i, placed, order);
      for (const Edge &e : g.succ[i]) {
        earliest[e.to] = std::max(earliest[e.to], cycle + e.distance);
        if (--remaining[e.to] == 0)
          waiting.push_back(e.to);
      }
    }
    ready = std::move(waiting);
  }
  for (int i = 0; i < n; ++i)  // (none: a DMA reads each)
    placeAfterPreds(g, i, placed, order);
  std::vector<MInstr> reordered;
  reordered.reserve(n);
  for (int i : order)
    reordered.push_back(std::move(ins[i]));
  ins = std::move(reordered);
}

void orderForRegisterPressure(MFunction &fn) {
  Liveness lv = computeLiveness(fn);
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    MBlock &block = fn.blocks[b];
    std::optional<MInstr> branch;
    if (block.branch()) {
      branch = std::move(block.instrs.back());
      block.instrs.pop_back();
    }
    bool usesMxu = std::any_of(block.instrs.begin(), block.instrs.end(), [](const MInstr &mi) {
      return mxuOp(mi.instr.opcode) != MxuOp::None;
    });
    bool reduces = std::any_of(block.instrs.begin(), block.instrs.end(), [](const MInstr &mi) {
      return isa::desc(mi.instr.opcode).slot == isa::Slot::CrossLane;
    });
    if (usesMxu || reduces) {
      // Values live into the block (or out of it: the branch's guard)
      // hold registers too.
      int liveIn = 0, predsLive = 0;
      for (int i : lv.liveIn[b].set_bits()) {
        RegClass rc = lv.index.reg(i).first;
        liveIn += rc == RegClass::V;
        predsLive += rc == RegClass::P;
      }
      for (int i : lv.liveOut[b].set_bits())
        predsLive += lv.index.reg(i).first == RegClass::P;
      orderByListSchedule(
          block.instrs, std::max(kMinOrderingLimit, machine::kNumVRegs - liveIn),
          std::max(kMinPredicateLimit, machine::kNumPRegs - predsLive - kPredicateReserve),
          usesMxu);
    } else {
      orderBlock(block.instrs);
    }
    if (branch)
      block.instrs.push_back(std::move(*branch));
  }
}


}  // namespace tessera::lowering
