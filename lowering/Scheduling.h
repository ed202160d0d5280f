//===- Scheduling.h - Packing instructions into VLIW bundles --------------===//
#pragma once

#include "lowering/MachineIR.h"

namespace tessera::lowering {

/// List-schedules allocated code into bundles, block by block. The core does
/// not interlock, so a reader issues no earlier than its producer's latency
/// allows; a register is rewritten only after its last reader has issued;
/// VMEM/SMEM accesses keep their order where their rows overlap; a DMA start
/// keeps its order with accesses of its VMEM rows; semaphore ops and halts
/// keep their order with every memory access; the EUP, XLU and MXU
/// constraints of Dependences.h hold. Slot capacities come from the ISA
/// table. Empty cycles become empty (nop) bundles. A block's branch issues
/// in its last bundle.
///
/// Across blocks (where nothing checks latencies either) the schedule is
/// correct by construction: blocks are scheduled in layout order, and each
/// block knows, per register, how many cycles after its first bundle a
/// value written by a predecessor becomes ready (a taken branch adds
/// machine::kBranchTakenCycles); its readers and writers wait for that. A
/// back edge goes to a block already scheduled, so the branch waits instead
/// until everything the target assumed ready is.
Schedule scheduleInstructions(const MFunction &fn);

}  // namespace tessera::lowering
