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
  Halt,       // a check's shalt: ordered with every write, barrier and halt,
              // but reads may move across it (they have no effect to undo)
  Barrier,    // DMA, semaphore ops, branch: ordered with every memory op
};

struct MInstr {
  isa::Instr instr;      // register operands are virtual before regalloc
  SourcePos pos;
  /// What the bundle is for. "{%k}" names implicit use k; emission turns
  /// it into the allocated register ("{s3}"), whose value the runtime
  /// prints when a check's shalt stops the core.
  std::string comment;
  /// Registers this instruction keeps alive without encoding them (a check's
  /// shalt keeps the values its message reports).
  std::vector<std::pair<RegClass, int>> implicitUses;
  MemKind mem = MemKind::None;
  int64_t memLo = 0, memHi = -1;  // static address range; hi < lo: unknown
};

/// A register operand of an instruction.
struct RegOperand {
  int index;       // into Instr::ops; -1: the predicate guard; <= -2: implicit use -2-index
  RegClass rc;
  bool isDef;
};

/// The register operands of `mi` (defs and uses, the guard, implicit uses).
std::vector<RegOperand> regOperands(const MInstr &mi);
int getReg(const MInstr &mi, const RegOperand &op);
void setReg(MInstr &mi, const RegOperand &op, int reg);
/// "v3", "s0", "p1".
std::string regName(RegClass rc, int reg);

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
