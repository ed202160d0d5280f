//===- MachineIR.cpp - Register operands of each instruction --------------===//
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
  case isa::Opcode::SSt:
  case isa::Opcode::SStR:
    return false;
  default:
    return d.slot != isa::Slot::Misc;
  }
}

std::vector<RegOperand> regOperands(const MInstr &mi) {
  const isa::Instr &instr = mi.instr;
  const isa::InstrDesc &d = isa::desc(instr.opcode);
  std::vector<RegOperand> out;
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
    return mi.instr.pred;
  return mi.implicitUses[-2 - op.index].second;
}

void setReg(MInstr &mi, const RegOperand &op, int reg) {
  if (op.index >= 0)
    mi.instr.ops[op.index] = reg;
  else if (op.index == -1)
    mi.instr.pred = (uint8_t)reg;
  else
    mi.implicitUses[-2 - op.index].second = reg;
}

std::string regName(RegClass rc, int reg) {
  const char *prefix = rc == RegClass::V ? "v" : rc == RegClass::S ? "s" : "p";
  return prefix + std::to_string(reg);
}

std::string printMFunction(const MFunction &fn) {
  std::string out;
  for (const MInstr &mi : fn.instrs) {
    out += "  " + isa::printInstr(mi.instr);
    if (!mi.pos.file.empty() || !mi.comment.empty()) {
      out += "    // ";
      if (!mi.pos.file.empty())
        out += mi.pos.file + ":" + std::to_string(mi.pos.line);
      if (!mi.comment.empty())
        out += (mi.pos.file.empty() ? "" : ": ") + mi.comment;
    }
    out += "\n";
  }
  return out;
}

}  // namespace tessera::lowering
