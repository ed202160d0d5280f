//===- Rotation.cpp - A grid step's MXU fill at the end of the step before -===//
//
// See Rotation.h. The step's block B ends with `@p sbr B`; the block before
// it, the preheader, falls into it. At B's end (after the carried copies
// and the induction variable's increment) the registers hold what the
// next step starts with, and at the preheader's end what the first step
// starts with, so one sequence computes a step's fill at both places: the
// pure scalar ops its addresses come from (recomputed into fresh
// registers), the loads, the pushes.
//
//===----------------------------------------------------------------------===//
#include "lowering/Rotation.h"

#include <algorithm>
#include <map>
#include <set>

#include "lowering/Dependences.h"

namespace tessera::lowering {
namespace {

using RegKey = std::pair<int, int>;  // (class, register)

bool isWait(isa::Opcode op) {
  return op == isa::Opcode::VWaitGe || op == isa::Opcode::VWaitGeR ||
         op == isa::Opcode::VSyncAdd || op == isa::Opcode::VSyncAddR;
}

/// Rotates block `b`'s fill (Rotation.h); false when it does not qualify.
/// `uses` and `defs` count each vector register's readers and writers in
/// the whole function.
bool rotate(MFunction &fn, int b, const std::map<int, int> &uses,
            const std::map<int, int> &defs) {
  std::vector<MInstr> &ins = fn.blocks[b].instrs;
  int n = (int)ins.size() - 1;  // the back edge is last
  // Per MXU, the pushes before its first latch (none if another MXU op
  // comes first, or no latch).
  std::vector<std::vector<int>> fill(machine::kNumMxus);
  std::vector<char> seen(machine::kNumMxus, 0);
  for (int j = 0; j < n; ++j) {
    MxuOp kind = mxuOp(ins[j].instr.opcode);
    if (kind == MxuOp::None)
      continue;
    int m = mxuIndex(ins[j]);
    if (seen[m])
      continue;
    if (kind == MxuOp::Push) {
      fill[m].push_back(j);
      continue;
    }
    seen[m] = 1;
    if (kind != MxuOp::Latch)
      fill[m].clear();
  }
  // The moved pushes must find each MXU's weight buffer empty: no push
  // after its last latch in the step, no MXU work in the preheader.
  std::vector<int> lastLatch(machine::kNumMxus, -1);
  for (int j = 0; j < n; ++j)
    if (mxuOp(ins[j].instr.opcode) == MxuOp::Latch)
      lastLatch[mxuIndex(ins[j])] = j;
  for (int j = 0; j < n; ++j)
    if (mxuOp(ins[j].instr.opcode) == MxuOp::Push && j > lastLatch[mxuIndex(ins[j])] &&
        !fill[mxuIndex(ins[j])].empty())
      return false;
  for (const MInstr &mi : fn.blocks[b - 1].instrs)
    if (mxuOp(mi.instr.opcode) != MxuOp::None)
      return false;
  std::vector<int> pushes;
  for (int m = 0; m < machine::kNumMxus; ++m)
    if (seen[m])
      pushes.insert(pushes.end(), fill[m].begin(), fill[m].end());
  if (pushes.empty())
    return false;
  std::sort(pushes.begin(), pushes.end());

  // The last write of a register before position `pos`, or -1.
  auto lastDef = [&](RegKey key, int pos) {
    for (int i = pos - 1; i >= 0; --i)
      for (const RegOperand &r : regOperands(ins[i]))
        if (r.isDef && (int)r.rc == key.first && getReg(ins[i], r) == key.second)
          return i;
    return -1;
  };
  DependenceGraph g = buildDependences(ins);
  std::set<int> slice, loads;
  // Whether the value of `key` read at `pos` can be recomputed at the end
  // of the block: live into it, or from pure scalar ops that can.
  std::function<bool(RegKey, int)> recomputable = [&](RegKey key, int pos) {
    int def = lastDef(key, pos);
    if (def < 0 || slice.count(def))
      return true;
    const MInstr &mi = ins[def];
    if (mi.mem != MemKind::None || mi.instr.predicated || mxuOp(mi.instr.opcode) != MxuOp::None ||
        !mi.implicitUses.empty())
      return false;
    for (const RegOperand &r : regOperands(mi))
      if (r.isDef && r.rc == RegClass::V)
        return false;
    slice.insert(def);
    for (const RegOperand &r : regOperands(mi))
      if (!r.isDef && !recomputable({(int)r.rc, getReg(mi, r)}, def))
        return false;
    return true;
  };
  for (int j : pushes) {
    int weights = (int)ins[j].instr.ops[1];
    int load = lastDef({(int)RegClass::V, weights}, j);
    if (load < 0 || ins[load].instr.predicated || uses.at(weights) != 1 ||
        defs.at(weights) != 1)
      return false;
    isa::Opcode op = ins[load].instr.opcode;
    if (op != isa::Opcode::VLd && op != isa::Opcode::VLdR)
      return false;
    // Nothing in the step's memory order comes before the load.
    for (const Edge &e : g.pred[load])
      if (ins[e.to].mem != MemKind::None)
        return false;
    if (op == isa::Opcode::VLdR &&
        !recomputable({(int)RegClass::S, (int)ins[load].instr.ops[1]}, load))
      return false;
    loads.insert(load);
  }

  // The fill, once per place: the slice into fresh registers, the loads,
  // the pushes (each in program order).
  std::vector<int> order(slice.begin(), slice.end());
  order.insert(order.end(), loads.begin(), loads.end());
  order.insert(order.end(), pushes.begin(), pushes.end());
  auto copy = [&](std::vector<MInstr> &out, size_t at) {
    std::map<RegKey, int> fresh;
    std::vector<MInstr> seq;
    for (int i : order) {
      MInstr mi = ins[i];
      for (const RegOperand &r : regOperands(mi))
        if (!r.isDef)
          if (auto it = fresh.find({(int)r.rc, getReg(mi, r)}); it != fresh.end())
            setReg(mi, r, it->second);
      for (const RegOperand &r : regOperands(mi))
        if (r.isDef) {
          int reg = fn.newVirtual(r.rc);
          fresh[{(int)r.rc, getReg(mi, r)}] = reg;
          setReg(mi, r, reg);
        }
      seq.push_back(std::move(mi));
    }
    out.insert(out.begin() + at, std::make_move_iterator(seq.begin()),
               std::make_move_iterator(seq.end()));
  };
  std::vector<MInstr> &pre = fn.blocks[b - 1].instrs;
  copy(pre, pre.size());
  copy(ins, n);
  // The step keeps its slice (other users read it) but not the moved ops.
  std::set<int> moved(loads);
  moved.insert(pushes.begin(), pushes.end());
  std::vector<MInstr> kept;
  kept.reserve(ins.size());
  for (int i = 0; i < (int)ins.size(); ++i)
    if (!moved.count(i))
      kept.push_back(std::move(ins[i]));
  ins = std::move(kept);
  // The waits after the step's MXU work (for the next step's blocks) keep
  // back only the accesses of their rows: the moved loads then follow the
  // waits for their block, not the step's last stores and write-backs.
  int end = (int)(ins.size() - 1 - order.size());  // where the copy starts
  int lastMxu = -1;
  for (int i = 0; i < end; ++i)
    if (mxuOp(ins[i].instr.opcode) != MxuOp::None)
      lastMxu = i;
  for (int i = lastMxu + 1; i < end; ++i)
    if (ins[i].mem == MemKind::Barrier && isWait(ins[i].instr.opcode) &&
        ins[i].memHi > ins[i].memLo)
      ins[i].mem = MemKind::Wait;
  return true;
}

}  // namespace

int rotateMxuFills(MFunction &fn) {
  if (std::none_of(fn.blocks.begin(), fn.blocks.end(),
                   [](const MBlock &block) { return block.gridStep; }))
    return 0;
  std::map<int, int> uses, defs;
  for (const MBlock &block : fn.blocks)
    for (const MInstr &mi : block.instrs)
      for (const RegOperand &r : regOperands(mi))
        if (r.rc == RegClass::V)
          ++(r.isDef ? defs : uses)[getReg(mi, r)];
  int rotated = 0;
  for (int b = 1; b < (int)fn.blocks.size(); ++b) {
    const MBlock &block = fn.blocks[b];
    const MInstr *back = block.branch();
    if (!block.gridStep || !back || back->target != b || !back->instr.predicated ||
        fn.blocks[b - 1].branch())
      continue;
    bool entered = false;  // from elsewhere than the preheader and itself
    for (int c = 0; c < (int)fn.blocks.size(); ++c)
      if (const MInstr *br = fn.blocks[c].branch(); c != b && br && br->target == b)
        entered = true;
    if (!entered && rotate(fn, b, uses, defs))
      ++rotated;
  }
  return rotated;
}

}  // namespace tessera::lowering
