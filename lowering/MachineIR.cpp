//===- MachineIR.cpp - Register operands, copies, blocks and their edges --===//
#include "lowering/MachineIR.h"

#include "sim/MachineDesc.h"

namespace tessera::lowering {

int numPhysRegs(RegClass rc) {
  switch (rc) {
  case RegClass::V: return machine::kNumVRegs;
  case RegClass::S: return machine::kNumSRegs;
  case RegClass::P: return machine::kNumPRegs;
  }
  return 0;
}

/// Whether the first operand of the row is written. Stores, DMAs, semaphore
/// ops and control ops only read their register operands.
static bool firstOperandIsDef(const isa::InstrDesc &d) {
  switch (d.opcode) {
  case isa::Opcode::VSt:
  case isa::Opcode::VStR:
  case isa::Opcode::VStMsk:
  case isa::Opcode::VStMskR:
  case isa::Opcode::VStBMsk:
  case isa::Opcode::VStBMskR:
  case isa::Opcode::SSt:
  case isa::Opcode::SStR:
    return false;
  default:
    return d.slot != isa::Slot::Misc;
  }
}

RegOperands regOperands(const MInstr &mi) {
  const isa::Instr &instr = mi.instr;
  const isa::InstrDesc &d = isa::desc(instr.opcode);
  RegOperands out;
  for (int i = 0; i < d.numOperands; ++i) {
    RegClass rc;
    switch (d.operands[i]) {
    case isa::OperandKind::VReg: rc = RegClass::V; break;
    case isa::OperandKind::SReg: rc = RegClass::S; break;
    case isa::OperandKind::PReg: rc = RegClass::P; break;
    default: continue;
    }
    out.push_back({i, rc, i == 0 && firstOperandIsDef(d)});
  }
  if (instr.predicated)
    out.push_back({-1, RegClass::P, false});
  for (size_t k = 0; k < mi.implicitUses.size(); ++k)
    out.push_back({-2 - (int)k, mi.implicitUses[k].first, false});
  return out;
}

int getReg(const MInstr &mi, const RegOperand &op) {
  if (op.index >= 0)
    return (int)mi.instr.ops[op.index];
  if (op.index == -1)
    return mi.guard;
  return mi.implicitUses[-2 - op.index].second;
}

void setReg(MInstr &mi, const RegOperand &op, int reg) {
  if (op.index >= 0)
    mi.instr.ops[op.index] = reg;
  else if (op.index == -1)
    mi.guard = reg;
  else
    mi.implicitUses[-2 - op.index].second = reg;
}

std::string regName(RegClass rc, int reg) {
  const char *prefix = rc == RegClass::V ? "v" : rc == RegClass::S ? "s" : "p";
  return prefix + std::to_string(reg);
}

bool isCopy(const MInstr &mi, RegClass &rc, int &dst, int &src) {
  if (mi.instr.predicated)
    return false;
  const auto &ops = mi.instr.ops;
  switch (mi.instr.opcode) {
  case isa::Opcode::SMov: rc = RegClass::S; break;
  case isa::Opcode::VMov: rc = RegClass::V; break;
  case isa::Opcode::POr:
    if (ops[1] != ops[2])
      return false;
    rc = RegClass::P;
    break;
  default: return false;
  }
  dst = (int)ops[0];
  src = (int)ops[1];
  return true;
}

MInstr makeCopy(RegClass rc, int dst, int src) {
  MInstr mi;
  switch (rc) {
  case RegClass::S: mi.instr = isa::makeInstr(isa::Opcode::SMov, {dst, src}); break;
  case RegClass::V: mi.instr = isa::makeInstr(isa::Opcode::VMov, {dst, src}); break;
  case RegClass::P: mi.instr = isa::makeInstr(isa::Opcode::POr, {dst, src, src}); break;
  }
  return mi;
}

size_t MFunction::numInstrs() const {
  size_t n = 0;
  for (const MBlock &b : blocks)
    n += b.instrs.size();
  return n;
}

std::vector<Successor> successors(const MFunction &fn, int b) {
  std::vector<Successor> out;
  int next = b + 1;
  const MInstr *br = fn.blocks[b].branch();
  if (br)
    out.push_back({br->target, true});
  if ((!br || br->instr.predicated) && next < (int)fn.blocks.size() &&
      (!br || br->target != next))
    out.push_back({next, false});
  return out;
}

void simplifyControlFlow(MFunction &fn) {
  for (bool changed = true; changed;) {
    changed = false;
    int n = fn.blocks.size();
    // A branch to the block that follows is a fallthrough (taken or not).
    for (int b = 0; b < n; ++b)
      if (const MInstr *br = fn.blocks[b].branch(); br && br->target == b + 1) {
        fn.blocks[b].instrs.pop_back();
        changed = true;
      }
    // An empty block (not the entry) is where its successor starts.
    std::vector<int> newIndex(n + 1);
    std::vector<int> forward(n + 1);
    for (int b = n; b >= 0; --b)
      forward[b] = b < n && b > 0 && fn.blocks[b].instrs.empty() ? forward[b + 1] : b;
    int kept = 0;
    for (int b = 0; b <= n; ++b) {
      newIndex[b] = kept;
      if (b < n && forward[b] == b)
        ++kept;
    }
    if (kept == n)
      continue;
    std::vector<MBlock> blocks;
    blocks.reserve(kept);
    for (int b = 0; b < n; ++b) {
      if (forward[b] != b)
        continue;
      blocks.push_back(std::move(fn.blocks[b]));
      if (!blocks.back().instrs.empty() && isBranch(blocks.back().instrs.back())) {
        MInstr &br = blocks.back().instrs.back();
        br.target = newIndex[forward[br.target]];
      }
    }
    fn.blocks = std::move(blocks);
    changed = true;
  }
}

std::string blockLabel(int b) { return "bb" + std::to_string(b); }

static std::string printPos(const SourcePos &pos, const std::string &comment) {
  if (pos.file.empty() && comment.empty())
    return "";
  std::string out = "    // ";
  if (!pos.file.empty())
    out += pos.file + ":" + std::to_string(pos.line);
  if (!comment.empty())
    out += (pos.file.empty() ? "" : ": ") + comment;
  return out;
}

std::string printMFunction(const MFunction &fn) {
  std::string out;
  bool labels = fn.blocks.size() > 1;
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const MBlock &block = fn.blocks[b];
    if (labels)
      out += blockLabel(b) + ":" + printPos(block.pos, block.what) + "\n";
    for (const MInstr &mi : block.instrs) {
      // The guard is printed from MInstr::guard (virtual registers may not
      // fit instr.pred).
      isa::Instr unguarded = mi.instr;
      unguarded.predicated = false;
      std::string text = isa::printInstr(unguarded);
      if (mi.instr.predicated)
        text = std::string(mi.instr.predNegated ? "@!" : "@") + regName(RegClass::P, mi.guard) +
               " " + text;
      if (isBranch(mi)) {
        // "sbr 0x0" -> "sbr bb3": the address is not known before emission.
        std::string target = mi.target == (int)fn.blocks.size() ? "end" : blockLabel(mi.target);
        text = text.substr(0, text.rfind(' ') + 1) + target;
      }
      out += "  " + text + printPos(mi.pos, mi.comment) + "\n";
    }
  }
  return out;
}

}  // namespace tessera::lowering
