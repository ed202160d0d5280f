//===- VectorQueue.h - Deferred and fused data of elementwise vector ops --===//
//
// Internal to the simulator. The executor (Execute.cpp) checks and books
// every op at issue, but the data of the elementwise ops that cannot fault
// (vld, vst, vimm, vbcast, vmov, the f32 / s32 add, sub and mul, and the
// shadow copies of vregs) only joins this queue: the 4 KiB arrays each op
// reads and writes (register storage or a VMEM tile), as they are at issue.
// run() executes the queue, fused:
//
// - An op whose result is read by exactly one later queued op, and is
//   overwritten by a later queued op before the queue ends (so nothing can
//   see it: not the queue, not whatever runs after it), is computed inside
//   its reader instead of through its array, if its own sources (the
//   leaves of its expression) did not change in between. A vld -> vmul ->
//   vadd -> vst whose registers die becomes one pass over the VMEM tile, as
//   native code would do it, instead of four passes over 8-12 KiB each.
//   Results that outlive the queue are always written, so the arrays hold
//   exactly what op-by-op execution leaves, also when the queue runs early
//   (a fault).
// - A copy whose result outlives the queue (a vld into a register that
//   stays live) and a later step that stores a value computed from it to
//   VMEM run as one pass at the copy's place, which reads the copy's
//   source, writes the copy's destination and computes the step (tee), if
//   nothing between them touches the step's destination or changes its
//   other operands: the tile is read once instead of twice.
// - An operand that a queued vimm / vbcast filled (and nothing wrote
//   since) is read as its value, not from its 4 KiB.
// - Ops that share no array with one another may run in another order:
//   each op joins the latest group of the ops it depends on, and the
//   groups run one after the other, so that the chains of tiles that a
//   software-pipelined kernel interleaves run chain by chain. A group runs
//   strip-mined: all its ops over the first strip of words, then over the
//   next, so that each op finds its sources just written, in L1.
//
// Every queued op is elementwise on whole arrays that are the same or
// disjoint (registers are; VMEM tiles are kept so, see tile()), so word i
// of any result depends only on word i of its leaves: strip order and
// fusion keep every word's history. Each op rounds as it would alone (no
// FMA contraction).
//
// At the end of a run, the results that only TensorCore::vreg can still
// read (registers that the rest of the queue does not read, computed from
// registers, or vimm values, that the queue does not change afterwards) are
// not written: their steps wait (run(true)) until vreg reads a register
// (materialize) or the next launch resets the registers (dropPending),
// which most launches do. A result that outlives the queue and is read by
// one later op that can wait too is computed twice: inside its reader now
// and on its own later (if ever). sim_bench's kernel, which leaves 24
// registers live, thus writes only the 8 that hold loaded tiles.
//
// Fusion depends only on the ops' kinds and array ids, not on the data or
// the addresses: run() keeps the plans of the last few queues and reuses
// one when the same sequence comes again (a kernel launched again, a loop
// body), so that planning costs nothing in steady state.
//
// The executor runs the queue before anything else reads or writes vector
// storage or VMEM data, and before it returns.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>

#include "sim/MachineDesc.h"

namespace tessera::sim {

class VectorQueue {
public:
  /// What a queued op computes: dst = f(a, b) word by word.
  enum class Kind : uint8_t {
    AddF32,
    SubF32,
    MulF32,
    AddS32,
    SubS32,
    MulS32,
    Copy,  // dst = a
    Fill,  // dst = value
  };
  static constexpr int kNumBinaryKinds = 6;

  /// Arrays are named by small ids: register storage 0 .. kNumRegIds - 1
  /// (its index in Registers::storage), then the VMEM tiles of the queue.
  static constexpr int kNumRegIds = 64;
  /// Distinct VMEM tiles the queue may touch.
  static constexpr int kMaxTiles = 64;
  static constexpr uint8_t kNoId = 0xff;
  static_assert(kNumRegIds + kMaxTiles < kNoId);

  bool empty() const { return size_ == 0; }
  /// The queue must run before another op joins it.
  bool full() const { return size_ == kMaxOps; }

  /// Queues an op; `aId` / `bId` are kNoId for the operands it lacks.
  void push(Kind kind, uint8_t dstId, uint32_t *dst, uint8_t aId,
            const uint32_t *a, uint8_t bId = kNoId, const uint32_t *b = nullptr,
            uint32_t value = 0) {
    int k = size_++;
    ops_[k] = Op{value, dst, {a, b}};
    signature_[k] = static_cast<uint32_t>(kind) | uint32_t{dstId} << 8 |
                    uint32_t{aId} << 16 | uint32_t{bId} << 24;
  }

  /// The id of the VMEM tile at `row`, or kNoId if the queue must run
  /// first: it touches a tile that partly overlaps this one (then word i of
  /// one is not word i of the other, and the versions run() keeps per id
  /// would miss a write) or too many tiles.
  uint8_t tile(uint32_t row) {
    // A tile at a multiple of kTileRows can only partly overlap a tile
    // that is not: while there is none, a table lookup settles it.
    if (row % machine::kTileRows == 0 && !unalignedTiles_) {
      uint32_t block = row / machine::kTileRows;
      uint8_t i = tileOfBlock_[block];
      if (i < numTiles_ && tiles_[i] == row)
        return static_cast<uint8_t>(kNumRegIds + i);
      if (numTiles_ == kMaxTiles)
        return kNoId;
      tileOfBlock_[block] = static_cast<uint8_t>(numTiles_);
      tiles_[numTiles_] = row;
      return static_cast<uint8_t>(kNumRegIds + numTiles_++);
    }
    for (int i = 0; i < numTiles_; ++i) {
      uint32_t other = tiles_[i];
      if (other == row)
        return static_cast<uint8_t>(kNumRegIds + i);
      if (row < other + machine::kTileRows && other < row + machine::kTileRows)
        return kNoId;
    }
    if (numTiles_ == kMaxTiles)
      return kNoId;
    unalignedTiles_ |= row % machine::kTileRows != 0;
    tiles_[numTiles_] = row;
    return static_cast<uint8_t>(kNumRegIds + numTiles_++);
  }

  /// Whether the queue reads or writes a VMEM tile that `overlaps(lo, hi)`
  /// says meets something else (the tile is rows [lo, hi)).
  template <class Overlaps>
  bool touchesVmem(Overlaps overlaps) const {
    for (int i = 0; i < numTiles_; ++i)
      if (overlaps(int64_t{tiles_[i]}, int64_t{tiles_[i]} + machine::kTileRows))
        return true;
    return false;
  }

  /// Executes the queue (fused) and empties it. At the end of a run
  /// (`endOfRun`), the steps that write registers nothing in the queue
  /// reads afterwards, from registers that stay as they are, may wait
  /// (Step::deferrable): most of what a kernel leaves in its registers is
  /// never read (the next launch resets them), so a launch need not write
  /// it. TensorCore::vreg materializes them first, and Registers::reset
  /// drops them; nothing else may read or write vector storage, or queue an
  /// op, while they wait.
  void run(bool endOfRun = false);
  /// Runs the steps a run(true) left waiting, if any.
  void materialize() {
    if (pending_) [[unlikely]]
      runPending();
  }
  /// Forgets the steps a run(true) left waiting: their registers are being
  /// reset.
  void dropPending() { pending_ = nullptr; }

private:
  /// A queue of this many ops runs.
  static constexpr int kMaxOps = 128;
  static constexpr int kNumIds = kNumRegIds + kMaxTiles;
  /// Plans kept for reuse.
  static constexpr int kNumPlans = 4;

  struct Op {
    uint32_t value;  // Fill
    uint32_t *dst;
    /// The sources a and b: run() names them as 2 * op + (0 or 1).
    std::array<const uint32_t *, 2> src;
  };

  /// One executed op of a plan: ops_[op].dst = its expression, over
  /// sources named 2 * op + (0: a, 1: b) of the queue's ops.
  struct Step {
    enum class Shape : uint8_t {
      Copy,    // dst = x
      Fill,    // dst = value
      Binary,  // dst = k1(x, y)
      Left,    // dst = k2(k1(x, y), z)
      Right,   // dst = k2(z, k1(x, y))
    };
    Shape shape;
    uint8_t k1, k2;
    uint8_t op;
    uint8_t x, y, z;
    /// y / z is a queued fill op's value (the op's index), not a source.
    uint8_t splat;
    static constexpr uint8_t kSplatY = 1, kSplatZ = 2;
    /// At the end of a run, the step may run later (run(true)): its
    /// register's value changes nothing else the queue computes.
    bool deferrable;
    /// The queued copy op whose destination this step also writes, with x
    /// (kNoTee: none): the copy was merged into the step (makePlan).
    uint8_t tee;
    static constexpr uint8_t kNoTee = 0xff;
  };
  static_assert(kMaxOps <= Step::kNoTee);
  struct Plan {
    int size = -1;  // queued ops (-1: none yet)
    int numSteps = 0;
    /// Some step is deferrable.
    bool anyDeferrable = false;
    /// Group g is steps [groupStart[g], groupStart[g + 1]).
    int numGroups = 0;
    std::array<uint8_t, kMaxOps + 1> groupStart;
    std::array<uint32_t, kMaxOps> signature;
    std::array<Step, kMaxOps> steps;
  };
  /// Fills `plan` for the queued ops.
  void makePlan(Plan &plan) const;
  /// Which of a plan's steps execute() runs: all, all but the deferrable
  /// ones, or only those.
  enum class Phase : uint8_t { All, Now, Deferred };
  /// Runs the plan's steps on the queued ops' arrays.
  void execute(const Plan &plan, Phase phase) const;
  void runPending();

  std::array<Op, kMaxOps> ops_;
  /// Per op: kind, dst id, a id and b id, a byte each.
  std::array<uint32_t, kMaxOps> signature_;
  int size_ = 0;
  /// The plan whose deferrable steps wait (run(true)), over ops_.
  const Plan *pending_ = nullptr;
  std::array<uint32_t, kMaxTiles> tiles_;
  int numTiles_ = 0;
  bool unalignedTiles_ = false;
  /// Per block of kTileRows VMEM rows: the index into tiles_ of the tile
  /// there, if tiles_ says so (stale entries are harmless).
  std::array<uint8_t, machine::kVmemRows / machine::kTileRows> tileOfBlock_{};
  std::array<Plan, kNumPlans> plans_;
  int nextPlan_ = 0;
};

}  // namespace tessera::sim
