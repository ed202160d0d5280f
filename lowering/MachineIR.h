//===- MachineIR.h - Straight-line machine code before and after regalloc -===//
//
// Instruction selection produces a sequence of MInstrs over virtual
// registers; register allocation rewrites them to v0-v31 / s0-s31 / p0-p7
// (adding spill code); scheduling packs them into VLIW bundles; emission
// encodes the bundles. An MInstr is an isa::Instr plus what the later steps
// need: where it came from and which memory it touches.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/isa/Isa.h"

namespace tessera::lowering {

/// Register classes.
enum class RegClass : uint8_t { V, S, P };
inline constexpr int kNumRegClasses = 3;
int numPhysRegs(RegClass rc);

/// Source position of the user's statement.
struct SourcePos {
  std::string file;  // basename
  uint32_t line = 0;
};

/// What an instruction does to memory, for scheduling.
enum class MemKind : uint8_t {
  None,
  VmemRead,   // vld: rows [lo, hi)
  VmemWrite,  // vst
  SmemRead,   // sld
  SmemWrite,  // sst
  Barrier,    // DMA, semaphore ops, halt, branch: ordered with every memory op
};

struct MInstr {
  isa::Instr instr;      // register operands are virtual before regalloc
  SourcePos pos;
  std::string comment;
  MemKind mem = MemKind::None;
  int64_t memLo = 0, memHi = -1;  // static address range; hi < lo: unknown
};

/// A register operand of an instruction.
struct RegOperand {
  int index;       // into Instr::ops, or -1 for the predicate guard
  RegClass rc;
  bool isDef;
};

/// The register operands of `instr` (defs and uses, including the guard).
std::vector<RegOperand> regOperands(const isa::Instr &instr);

/// A straight-line kernel body.
struct MFunction {
  std::string name;
  std::vector<MInstr> instrs;
  int numVirtual[kNumRegClasses] = {0, 0, 0};
  uint32_t numHbmArgs = 0;
  uint32_t scalarInputWords = 0;
  uint32_t vmemRows = 0;        // scratch + spill slots
  uint32_t smemWords = 0;       // argument block + spill slots
  uint32_t numSemaphores = 0;

  int newVirtual(RegClass rc) { return numVirtual[(int)rc]++; }
};

/// Scheduled code: one vector of MInstrs per bundle.
using Schedule = std::vector<std::vector<MInstr>>;

/// Prints the MInstrs one per line (registers as printed by the ISA; virtual
/// registers print with the same names before allocation).
std::string printMFunction(const MFunction &fn);

}  // namespace tessera::lowering
