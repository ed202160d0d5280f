//===- MachineIR.h - Machine code in basic blocks, before and after regalloc ===//
//
// Instruction selection produces basic blocks of MInstrs over virtual
// registers; register allocation rewrites them to v0-v31 / s0-s31 / p0-p7
// (adding spill code); scheduling packs each block into VLIW bundles;
// emission lays the blocks out one after another, resolves branch targets to
// bundle addresses and encodes the bundles. An MInstr is an isa::Instr plus
// what the later steps need: where it came from, which memory it touches
// and, for a branch, the block it goes to.
//
// Blocks are kept in layout order: a block without a branch at its end, or
// with a predicated one, falls through to the next block. A branch (SBr) is
// always the last instruction of its block. Virtual registers may be written
// in more than one place (loop-carried values, the results of an scf.if);
// each one is a variable, and liveness is computed over the blocks.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "llvm/ADT/SmallVector.h"
#include "sim/Executable.h"
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
  Halt,       // a check's shalt: ordered with barriers, other halts and the
              // writes and DMAs after it; reads, and writes and DMAs before
              // it, may move across it (a kernel that stops leaves nothing
              // to read)
  Barrier,    // semaphore ops, fences, branch: ordered with every memory op
  SemRead,    // ssemld: ordered with barriers only (the fence that lands the
              // DMAs before it, the semaphore ops around it)
  Wait,       // the wait for a write-back, or at the end of a grid step
              // whose MXU fill was rotated (Rotation.h) for the next step's
              // block (vwait.ge, then vsyncadd): ordered with
              // barriers, other waits, the DMA starts that may use its
              // semaphore or touch its rows, and the VMEM accesses of the
              // rows [lo, hi) its DMA moves (its Ref); an access of other
              // rows and a check may move across it
  Dma,        // a DMA start: ordered with barriers, the halts before it,
              // DMAs of its rows when one of them writes VMEM, and like a
              // write of its VMEM rows [lo, hi) with VMEM accesses (it reads
              // or writes them in the background until its wait); an access
              // of other rows may move across it
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
  /// A halt whose check guards the run-time addresses after it (a
  /// pl::multiple_of promise, tessera.check's guards_reads): the reads at
  /// run-time addresses stay after it.
  bool guardsReads = false;
  /// A Barrier that also reads or writes SMEM (the start and the wait of a
  /// DMA between SMEM and HBM): ordered with every SMEM access as well.
  bool touchesSmem = false;
  int64_t memLo = 0, memHi = -1;  // static address range; hi < lo: unknown
  /// A DMA whose VMEM side starts at a run-time row: implicitUses[memBase]
  /// is that run-time part (the register the body's accesses of the same
  /// Ref are relative to), and [memRelLo, memRelHi) its rows from there.
  int memBase = -1;
  int64_t memRelLo = 0, memRelHi = 0;
  /// A DMA start or wait: the semaphores it may signal or wait on (those
  /// of its semaphore Ref); semHi < semLo: unknown.
  int64_t semLo = 0, semHi = -1;
  /// SBr only: the block it branches to, an index into MFunction::blocks
  /// (blocks.size(): the end of the code). Emission writes the address.
  int target = -1;
  /// The guard of a predicated instruction (instr.predicated): a predicate
  /// register, virtual before allocation (there may be more than the 8 bits
  /// of instr.pred can name). Emission copies it into instr.pred.
  int guard = 0;
};

/// Makes `mi` execute only when predicate `reg` is true (false if negated).
inline void setGuard(MInstr &mi, int reg, bool negated = false) {
  mi.instr.predicated = true;
  mi.instr.predNegated = negated;
  mi.guard = reg;
}

/// Whether `mi` is a branch (the last instruction of its block).
inline bool isBranch(const MInstr &mi) { return mi.instr.opcode == isa::Opcode::SBr; }

/// A register operand of an instruction.
struct RegOperand {
  int index;       // into Instr::ops; -1: the predicate guard; <= -2: implicit use -2-index
  RegClass rc;
  bool isDef;
};

/// The register operands of an instruction: its operands (at most
/// isa::kMaxOperands) and its guard in place, implicit uses beyond that on
/// the heap. The scheduler, liveness and the allocator ask for them of every
/// instruction several times per compile.
using RegOperands = llvm::SmallVector<RegOperand, isa::kMaxOperands + 1>;

/// The register operands of `mi` (defs and uses, the guard, implicit uses).
/// A predicated instruction's def may not happen: liveness counts it as a
/// use as well (the old value survives when the guard is false).
RegOperands regOperands(const MInstr &mi);
int getReg(const MInstr &mi, const RegOperand &op);
void setReg(MInstr &mi, const RegOperand &op, int reg);
/// "v3", "s0", "p1".
std::string regName(RegClass rc, int reg);

/// A T per register of each class, by class and number, grown on demand
/// (virtual numbers are dense: MFunction::newVirtual; physical ones small).
/// Registers not asked for hold `fill`.
template <class T>
class PerRegister {
public:
  explicit PerRegister(T fill = T()) : fill_(std::move(fill)) {}
  T &operator()(int rc, int reg) {
    std::vector<T> &of = byClass_[rc];
    if (reg >= (int)of.size())
      of.resize(reg + 1, fill_);
    return of[reg];
  }
  const T &at(int rc, int reg) const { return byClass_[rc][reg]; }
  /// One past the highest number of class `rc` asked for.
  int size(int rc) const { return (int)byClass_[rc].size(); }

private:
  T fill_;
  std::array<std::vector<T>, kNumRegClasses> byClass_;
};

/// A copy `dst = src` of one register to another of its class (smov sD, sA;
/// vmov vD, vA; por pD, pA, pA), unpredicated. False for anything else.
bool isCopy(const MInstr &mi, RegClass &rc, int &dst, int &src);
/// The copy instruction of class `rc`.
MInstr makeCopy(RegClass rc, int dst, int src);

/// A basic block.
struct MBlock {
  /// What the block is for ("for.body", "if.else", ...) and the op that
  /// made it; printed next to its label.
  std::string what;
  SourcePos pos;
  std::vector<MInstr> instrs;
  /// The body of a pallas_call's grid loop (one grid step), which ends with
  /// the waits for the next step's blocks (lowering/Rotation.h).
  bool gridStep = false;

  /// The branch ending the block, or null.
  const MInstr *branch() const {
    return !instrs.empty() && isBranch(instrs.back()) ? &instrs.back() : nullptr;
  }
};

/// A kernel body: blocks in layout order, block 0 the entry.
struct MFunction {
  std::string name;
  std::vector<MBlock> blocks;
  int numVirtual[kNumRegClasses] = {0, 0, 0};
  uint32_t numHbmArgs = 0;
  uint32_t scalarInputWords = 0;
  uint32_t vmemRows = 0;        // scratch + spill slots
  /// The named VMEM buffers (scratch, block buffers), for messages.
  std::vector<sim::VmemBuffer> vmemBuffers;
  uint32_t smemWords = 0;       // argument block + spill slots
  uint32_t numSemaphores = 0;

  int newVirtual(RegClass rc) { return numVirtual[(int)rc]++; }
  size_t numInstrs() const;
};

/// One edge of the control-flow graph.
struct Successor {
  int block;   // blocks.size(): the end of the code
  bool taken;  // reached by a taken branch (kBranchTakenCycles later)
};
/// The successors of block `b`: the branch target and/or the next block.
std::vector<Successor> successors(const MFunction &fn, int b);

/// Removes empty blocks (retargeting the branches to them) and branches to
/// the block that follows anyway. Keeps block 0 the entry.
void simplifyControlFlow(MFunction &fn);

/// The MInstrs of one bundle.
using MBundle = std::vector<MInstr>;
/// Scheduled code: the bundles of each block, parallel to MFunction::blocks.
using Schedule = std::vector<std::vector<MBundle>>;

/// "bb3", the label of block `b` in printed machine code.
std::string blockLabel(int b);

/// Prints the MInstrs one per line (registers as printed by the ISA; virtual
/// registers print with the same names before allocation). With more than
/// one block, each block starts with its label line, and branches print
/// their target's label.
std::string printMFunction(const MFunction &fn);

}  // namespace tessera::lowering
