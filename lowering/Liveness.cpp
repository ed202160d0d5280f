//===- Liveness.cpp - Backward dataflow over the blocks -------------------===//
#include "lowering/Liveness.h"

#include <algorithm>

namespace tessera::lowering {

RegIndex::RegIndex(const MFunction &fn) {
  offset_[0] = 0;
  for (int c = 0; c < kNumRegClasses; ++c)
    offset_[c + 1] = offset_[c] + std::max(fn.numVirtual[c], numPhysRegs((RegClass)c));
}

std::pair<RegClass, int> RegIndex::reg(int i) const {
  int c = 0;
  while (i >= offset_[c + 1])
    ++c;
  return {(RegClass)c, i - offset_[c]};
}

void stepBackward(const MInstr &mi, const RegIndex &index, llvm::BitVector &live) {
  auto ops = regOperands(mi);
  if (!mi.instr.predicated)
    for (const RegOperand &op : ops)
      if (op.isDef)
        live.reset(index(op.rc, getReg(mi, op)));
  for (const RegOperand &op : ops)
    if (!op.isDef || mi.instr.predicated)
      live.set(index(op.rc, getReg(mi, op)));  // uses, and a predicated def
}

Liveness computeLiveness(const MFunction &fn) {
  Liveness lv{RegIndex(fn), {}, {}};
  int n = fn.blocks.size();
  lv.liveIn.assign(n, llvm::BitVector(lv.index.size()));
  lv.liveOut.assign(n, llvm::BitVector(lv.index.size()));
  std::vector<std::vector<Successor>> succ(n);
  for (int b = 0; b < n; ++b)
    succ[b] = successors(fn, b);
  for (bool changed = true; changed;) {
    changed = false;
    for (int b = n - 1; b >= 0; --b) {
      llvm::BitVector out(lv.index.size());
      for (const Successor &s : succ[b])
        if (s.block < n)
          out |= lv.liveIn[s.block];
      llvm::BitVector in = out;
      const auto &instrs = fn.blocks[b].instrs;
      for (auto it = instrs.rbegin(); it != instrs.rend(); ++it)
        stepBackward(*it, lv.index, in);
      if (in != lv.liveIn[b] || out != lv.liveOut[b]) {
        lv.liveIn[b] = std::move(in);
        lv.liveOut[b] = std::move(out);
        changed = true;
      }
    }
  }
  return lv;
}

}  // namespace tessera::lowering
