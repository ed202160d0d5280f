//===- DeadCode.cpp - Removing instructions whose results nobody reads ----===//
//
// Backward over each block from its live-out set: an instruction that only
// computes registers (no memory write, barrier, halt or branch) and whose
// registers are dead after it goes; its operands then do not become live.
// Removing one can make values of other blocks dead, so liveness is
// recomputed until nothing more goes.
//
//===----------------------------------------------------------------------===//
#include "lowering/DeadCode.h"

#include <algorithm>

#include "lowering/Dependences.h"
#include "lowering/Liveness.h"

namespace tessera::lowering {

static bool hasNoEffect(const MInstr &mi) {
  if (isBranch(mi) || mi.instr.opcode == isa::Opcode::SHalt)
    return false;
  // A vmatpop whose result nobody reads still takes its result off the
  // MXU's FIFO (the next pop would read the wrong one without it).
  if (mxuOp(mi.instr.opcode) != MxuOp::None)
    return false;
  return mi.mem == MemKind::None || mi.mem == MemKind::VmemRead ||
         mi.mem == MemKind::SmemRead;
}

int eliminateDeadCode(MFunction &fn) {
  int removed = 0;
  for (bool changed = true; changed;) {
    changed = false;
    Liveness lv = computeLiveness(fn);
    for (size_t b = 0; b < fn.blocks.size(); ++b) {
      auto &instrs = fn.blocks[b].instrs;
      llvm::BitVector live = lv.liveOut[b];
      std::vector<char> dead(instrs.size(), 0);
      for (int i = (int)instrs.size() - 1; i >= 0; --i) {
        const MInstr &mi = instrs[i];
        bool needed = !hasNoEffect(mi);
        bool defines = false;
        for (const RegOperand &op : regOperands(mi))
          if (op.isDef) {
            defines = true;
            needed = needed || live.test(lv.index(op.rc, getReg(mi, op)));
          }
        if (!needed && defines) {
          dead[i] = 1;
          continue;
        }
        stepBackward(mi, lv.index, live);
      }
      size_t k = 0;
      std::erase_if(instrs, [&](const MInstr &) { return dead[k++]; });
      for (char d : dead)
        removed += d;
      changed = changed || std::count(dead.begin(), dead.end(), 1) > 0;
    }
  }
  return removed;
}

}  // namespace tessera::lowering
