//===- Coalescing.h - Removing register copies by merging registers -------===//
#pragma once

#include "lowering/MachineIR.h"

namespace tessera::lowering {

/// Merges the two registers of each copy (smov / vmov / por-copy) when their
/// values never need to be apart: neither is written while the other holds
/// a value still to be read (Chaitin's interference test, over the blocks).
/// The copy then disappears. Instruction selection writes a copy for every
/// value a loop carries around its back edge and for every scf.if result;
/// in the usual loop (`acc = acc + x`) the merged register is updated in
/// place and the back edge costs no instruction. Runs on virtual registers.
/// Returns the number of copies removed.
int coalesceCopies(MFunction &fn);

}  // namespace tessera::lowering
