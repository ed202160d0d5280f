//===- Rotation.h - A grid step's MXU fill at the end of the step before ---===//
//
// A grid step begins by loading its first weight tiles and pushing them
// into the MXUs, which sit idle until then: after the step before drained
// its last results and branched back, 60-odd cycles per step on matmul's
// default blocks. The loads read the block the step before waited for at
// its end, and nothing else the step does comes before them, so they, and
// the pushes, can run at the end of the step before instead (and the first
// step's at the end of the loop's preheader), overlapping its drain: the
// MXUs hold pushed weights until the next latch, across the back edge.
//
//===----------------------------------------------------------------------===//
#ifndef TESSERA_LOWERING_ROTATION_H
#define TESSERA_LOWERING_ROTATION_H

#include "lowering/MachineIR.h"

namespace tessera::lowering {

/// Moves each grid step's MXU fill (MBlock::gridStep) to the end of the
/// step before and of the preheader (see the file header); returns the
/// number of steps rotated. A block qualifies when it branches back to
/// itself, its preheader (with no MXU work) falls into it, and for each
/// MXU it uses the pushes before its first latch are of `vld`s that
/// nothing in the block must precede (their only memory order is the wait
/// for their block, which ends the step), with addresses computed from the
/// step's live-in registers by pure scalar ops (recomputed at the new
/// place, where those registers hold the next step's values), and no push
/// follows the MXU's last latch. The waits that end the step become
/// precise (MemKind::Wait), so that the moved loads follow only the waits
/// for their rows, not the step's last stores.
int rotateMxuFills(MFunction &fn);

}  // namespace tessera::lowering

#endif  // TESSERA_LOWERING_ROTATION_H
