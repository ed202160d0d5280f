//===- Emission.h - Bundles to an encoded executable ----------------------===//
#pragma once

#include "absl/status/statusor.h"
#include "lowering/MachineIR.h"
#include "sim/Executable.h"

namespace tessera::lowering {

/// Encodes the scheduled bundles with the ISA table and attaches each
/// bundle's source position (its first instruction's) and comments.
absl::StatusOr<sim::Executable> emitExecutable(const MFunction &fn,
                                               const Schedule &schedule);

}  // namespace tessera::lowering
