//===- Ordering.h - Instruction order before register allocation ----------===//
#pragma once

#include "lowering/MachineIR.h"

namespace tessera::lowering {

/// Reorders virtual-register code (before allocation), block by block (a
/// branch stays last), so that values are consumed soon after they are
/// made: the side effects (stores, DMAs, waits, checks) keep their order,
/// and each pulls in the computation it needs, depth first. Instruction
/// selection emits array ops op by op (all loads, then all multiplies,
/// ...); this turns that into tile by tile, which keeps large arrays from
/// spilling. A block that uses the MXUs or reduces across lanes is ordered
/// by a register-limited list schedule instead, so that the four MXUs'
/// work (a reduction's groups) interleaves (Ordering.cpp).
void orderForRegisterPressure(MFunction &fn);

}  // namespace tessera::lowering
