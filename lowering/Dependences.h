//===- Dependences.h - What keeps two instructions of a block apart -------===//
//
// The dependence graph of straight-line code, shared by the pre-allocation
// ordering (Ordering.cpp) and the list scheduler (Scheduling.cpp). An edge
// says "issue at least `distance` cycles later": register dependences (true,
// anti, output), memory order (a DMA start is ordered with the VMEM accesses
// of its rows only, so compute on other buffers overlaps the issue of a
// many-run DMA; a check's halt with the writes after it, not before; the
// wait for a write-back with DMA starts, waits and the accesses of its
// buffer; semaphore ops, other waits and branches with everything; before
// allocation, a wait for a DMA started in the block also after the work
// written before it that does not depend on it: late waits), and the units
// the simulator checks without interlocks (HARDWARE.md; sim/MachineDesc.h):
//
//   MXU m, in program order: push -> push kMxuPushInterval; latch -> push 1
//   (the staging buffer refills after the latch read it); last push -> latch
//   (the push's latency); vmatmul -> latch 1 (a vmatmul takes the weights
//   active when it issues); latch -> vmatmul (its latency); vmatmul ->
//   vmatmul kMxuStreamCycles; the k-th vmatmul -> the k-th vmatpop (the
//   vmatmul's latency, kMxuResultLatency; the result FIFO is empty at block
//   boundaries: selection emits each vmatmul with its pop); pop -> pop 1
//   (FIFO order); the k-th pop -> the (k + kMxuResultSlots)-th vmatmul 1
//   (FIFO capacity).
//
//   The XLU's transpose buffer: vxpose.push -> vxpose.push 1 (program
//   order, the group's last part last); the push of the last part -> each
//   pop of its group (its latency, kXposeResultLatency); those pops -> the
//   push completing the next group 1 (it replaces the result they read).
//   The next group's other pushes overlap the pops.
//
// The EUP and XLU issue intervals are not edges (any order is fine): the
// list scheduler reserves the unit (UnitTimer). Across blocks, per-unit
// "may issue from" times travel with the register ready times.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "llvm/ADT/SmallVector.h"
#include "lowering/MachineIR.h"
#include "sim/MachineDesc.h"

namespace tessera::lowering {

struct Edge {
  int to;
  int distance;  // `to` issues at least this many cycles after `from`
};

/// Each instruction's edges, the first few in place: most instructions have
/// a handful, and the graph is built twice per compile (ordering, then
/// scheduling).
using Edges = llvm::SmallVector<Edge, 4>;

struct DependenceGraph {
  std::vector<Edges> succ, pred;
};

/// Register, memory and unit dependences of `ins` (registers may be
/// virtual or physical). `lateWaits` (the ordering before allocation): a
/// wait for a DMA that probably still runs there also follows the work
/// before it that does not depend on it (Dependences.cpp; the list
/// scheduler holds such waits back by their DMA's expected time instead).
DependenceGraph buildDependences(std::span<const MInstr> ins, bool lateWaits = false);

/// Late waits walk the block once per wait: a block of more waits times
/// instructions than this keeps its waits where memory order puts them.
inline constexpr int64_t kMaxLateWaitWork = int64_t(1) << 24;

/// dependent[i] != 0: instruction i depends on `from` through `g`'s edges
/// (transitively; `from` itself counts).
std::vector<char> dependentsOf(const DependenceGraph &g, int from);

/// The DMA waits of `ins` whose rows are known and whose DMA starts in
/// `ins`: (the vwait, the last DMA start before it on its semaphore), for
/// the waits and starts that name one semaphore.
std::vector<std::pair<int, int>> dmaWaits(std::span<const MInstr> ins);
/// The cycles the DMA `start` (waited for by `wait`, whose count is its
/// bytes) is expected to run: its start-up and its bytes at a core's share
/// of the HBM bandwidth (or the local path's, for a VMEM-to-VMEM copy).
int64_t expectedDmaCycles(const MInstr &start, const MInstr &wait);

/// What an instruction does on an MXU.
enum class MxuOp : uint8_t { None, Push, Latch, Matmul, Pop };
MxuOp mxuOp(isa::Opcode opcode);
/// The MXU an MXU instruction names (its {mxu} operand), or -1.
int mxuIndex(const MInstr &mi);

/// Per-unit timers that cross block boundaries: the first cycle from which
/// an op of that kind may issue.
enum UnitTimer : int {
  kEupTimer = 0,
  kXluTimer = 1,
  kMxuTimers = 2,  // + 3 * m + {0: push, 1: latch, 2: vmatmul}
  kNumUnitTimers = kMxuTimers + 3 * machine::kNumMxus,
};
inline int mxuTimer(int mxu, MxuOp op) {
  return kMxuTimers + 3 * mxu + (op == MxuOp::Push ? 0 : op == MxuOp::Latch ? 1 : 2);
}
/// The timer that gates `mi`'s issue, or -1.
int gatingTimer(const MInstr &mi);
/// The issue interval of the EUP / XLU for an op of slot `slot`, or 0.
int issueInterval(isa::Slot slot);

}  // namespace tessera::lowering
