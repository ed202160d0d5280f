//===- VectorUnit.h - Lane semantics of the vector, EUP and XLU rows ------===//
//
// Internal to the simulator. The executor (Execute.cpp) checks register
// readiness and unit issue intervals, then calls computeVectorOp for the
// vector-ALU rows beyond the basic arithmetic, the transcendental (EUP) rows
// and the cross-lane (XLU) rows. Each is a pure function of its source vregs
// and immediate, written in terms of sim/VectorMath.h so that host
// references reproduce it bit for bit; keeping it apart from the executor
// keeps both files readable.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <span>

#include "sim/Chip.h"
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

}  // namespace tessera::sim
