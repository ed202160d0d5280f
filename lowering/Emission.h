//===- Emission.h - Bundles to an encoded executable ----------------------===//
#pragma once

#include "absl/status/statusor.h"
#include "lowering/MachineIR.h"
#include "sim/Executable.h"

namespace tessera::lowering {

/// Lays the blocks' bundles out in block order, resolves each branch's
/// target block to its first bundle's address (the end of the code for
/// blocks.size()), encodes the bundles with the ISA table and attaches each
/// op's source position, the bundle's (its first positioned op's) and the
/// bundle's comments.
absl::StatusOr<sim::Executable> emitExecutable(const MFunction &fn,
                                               const Schedule &schedule);

}  // namespace tessera::lowering
