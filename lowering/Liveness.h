//===- Liveness.h - Which registers are live where, over the blocks -------===//
//
// Backward dataflow over the control-flow graph of an MFunction: a register
// is live at a point if some path from there reads it before writing it.
// Register allocation sizes live intervals with it (a value live around a
// loop's back edge is live in the whole loop), the copy coalescer checks
// interference with it, and the scheduler asks which registers a successor
// block may read. It works on virtual and physical registers alike.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <utility>
#include <vector>

#include "llvm/ADT/BitVector.h"
#include "lowering/MachineIR.h"

namespace tessera::lowering {

/// Every register of every class as one dense index (class-major), sized
/// for the virtual registers of a function and for the physical ones.
class RegIndex {
public:
  explicit RegIndex(const MFunction &fn);
  int operator()(RegClass rc, int reg) const { return offset_[(int)rc] + reg; }
  int size() const { return offset_[kNumRegClasses]; }
  /// The register at dense index `i`.
  std::pair<RegClass, int> reg(int i) const;

private:
  int offset_[kNumRegClasses + 1];
};

struct Liveness {
  RegIndex index;
  std::vector<llvm::BitVector> liveIn, liveOut;  // per block
};

/// Live-in and live-out sets of every block of `fn`.
Liveness computeLiveness(const MFunction &fn);

/// Turns `live` (the registers live after `mi`) into those live before it.
/// A predicated def leaves its register live: the guard may be false.
void stepBackward(const MInstr &mi, const RegIndex &index, llvm::BitVector &live);

}  // namespace tessera::lowering
