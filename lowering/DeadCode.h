//===- DeadCode.h - Removing instructions whose results nobody reads ------===//
#pragma once

#include "lowering/MachineIR.h"

namespace tessera::lowering {

/// Removes instructions without effects (arithmetic, copies, loads) whose
/// results are never read, over the whole control-flow graph. Instruction
/// selection computes some values that no instruction ends up needing: the
/// addresses of a DMA's windows at its wait (which needs only the
/// semaphore), a loop bound that folded into an immediate. Returns the
/// number of instructions removed.
int eliminateDeadCode(MFunction &fn);

}  // namespace tessera::lowering
