//===- RegisterAllocation.h - Virtual to physical registers ---------------===//
#pragma once

#include "absl/status/status.h"
#include "lowering/MachineIR.h"

namespace tessera::lowering {

/// Statistics of one allocation, for the listing header and the tests.
struct RegAllocStats {
  int spilledV = 0, spilledS = 0;
  /// Predicates moved to a scalar register (or rematerialized).
  int spilledP = 0;
  int maxLive[kNumRegClasses] = {0, 0, 0};
};

/// Linear-scan allocation over the blocks of `fn` in layout order, with live
/// intervals from liveness over the control-flow graph (a value live around
/// a back edge occupies its register in the whole loop). When more values
/// are live than a class has registers, the value whose next use is
/// furthest away is spilled (vregs to VMEM rows after the scratch buffers,
/// sregs to SMEM words after the argument block): a store after each
/// definition and a reload before each use. Predicates go to a scalar
/// register as 0 / 1 (`smov`, `@p smov` after a definition, `scmp.ne`
/// before a use), or are rematerialized if they are a `pimm` constant.
/// Rewrites `fn` in place.
absl::StatusOr<RegAllocStats> allocateRegisters(MFunction &fn);

}  // namespace tessera::lowering
