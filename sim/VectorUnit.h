//===- VectorUnit.h - Lane semantics of the vector, EUP and XLU rows ------===//
//
// Internal to the simulator. The executor (Execute.cpp) checks register
// readiness and unit issue intervals, then calls computeVectorOp for the
// vector-ALU rows beyond the basic arithmetic, the transcendental (EUP) rows
// and the cross-lane (XLU) rows. Each is a pure function of its source vregs
// and immediate, written in terms of sim/VectorMath.h so that host
// references reproduce it bit for bit; keeping it apart from the executor
// keeps both files readable. The XLU's transpose buffer (TransposeUnit) is
// state, like an MXU, and lives with the registers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <span>
#include <string>

#include "sim/Chip.h"
#include "sim/MachineDesc.h"
#include "sim/Program.h"
#include "sim/isa/Isa.h"

namespace tessera::sim {

/// True for the opcodes computeVectorOp implements.
bool isComputedVectorOp(isa::Opcode op);

/// Computes op's result into `out` (which must not alias a source) from
/// `srcs` (the vreg operands after the destination, in syntax order) and
/// `imm` (the immediate's bit pattern, for vunpack.s8, vbcast.sub,
/// vbcast.lane and vrot.lane; range-checked at load).
void computeVectorOp(isa::Opcode op, std::span<const VRegData *const> srcs,
                     uint32_t imm, VRegData &out);

/// The XLU's transpose buffer (vxpose.push / vxpose.pop, Isa.def). Pushes
/// fill the 16 parts (8-row vregs) of a 128x128 staging block in any order;
/// the push of the last part (kXposeGroupVregs - 1) requires all of them and
/// transposes the block into the result buffer, which pops read by part
/// until the next group completes. The executor checks the XLU's issue
/// interval and register readiness; these return "" or a fault's text
/// (without the bundle, which the executor adds).
class TransposeUnit {
public:
  void reset();
  /// Part `part` (0-15, checked at load) of the staging block; `latency` is
  /// the row's (kXposeResultLatency).
  std::string push(uint32_t part, const VRegData &value, int64_t cycle,
                   int latency, uint32_t bundle);
  /// Part `part` of the transposed block into `out`.
  std::string pop(uint32_t part, int64_t cycle, VRegData &out,
                  const Program &program) const;

private:
  static constexpr int kParts = machine::kXposeGroupVregs;
  std::array<VRegData, kParts> staging_;
  std::array<VRegData, kParts> result_;
  uint32_t pushed_ = 0;        // bit k: part k pushed since the last group
  bool hasResult_ = false;
  int64_t ready_ = 0;          // when the result may be popped
  uint32_t completedBy_ = 0;   // the bundle that completed it
};

}  // namespace tessera::sim
