//===- RefAlias.h - Which Ref windows may overlap, and who touches them ---===//
//
// The memory reasoning shared by the load-reuse and dead-store passes: where
// a Ref value points (a window of a root Ref), whether two windows may
// overlap or one must cover another, what each op reads and writes, and
// which DMAs may be moving data while an op runs. The rules are stated in
// RefAlias.cpp; everything here answers "may" conservatively and "must"
// only when it is proved.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tessera {

/// One dimension of a window, in the index space of its root Ref: the rows
/// `[lo + sum(terms), lo + sum(terms) + size)`.
struct WindowDim {
  /// The static part of the offset.
  int64_t lo = 0;
  /// The extent; ShapedType::kDynamic only for a whole dimension of a root
  /// of dynamic size.
  int64_t size = 0;
  /// Run-time offsets (index values) added to `lo`, sorted so that equal
  /// sums of the same values compare equal.
  SmallVector<Value, 1> terms;
  /// The window spans the root's whole dimension.
  bool whole = false;
  /// Where the window lies in this dimension is not known (the root's
  /// layout is not the identity): it may be anywhere in the dimension.
  bool unknown = false;
};

/// The part of memory a Ref value names: a box of its root Ref. A window
/// without a root is all of memory (the footprint of an op we cannot see
/// into).
struct RefWindow {
  /// The block argument (or other non-view value) the Ref is a view of.
  Value root;
  SmallVector<WindowDim, 2> dims;

  /// All of memory.
  static RefWindow everything() { return {}; }
  bool isEverything() const { return !root; }
  /// Every dimension is known (offsets may still be run-time values).
  bool isExact() const;
};

/// Answers overlap questions about the Refs of one kernel (a func.func with
/// the tessera.num_inputs / tessera.num_outputs attributes; without them no
/// argument counts as scratch).
class RefAliasAnalysis {
public:
  explicit RefAliasAnalysis(func::FuncOp kernel);

  /// The window `ref` names: views composed down to their root.
  RefWindow getWindow(Value ref) const;
  /// The whole of `root`.
  RefWindow getWholeWindow(Value root) const;

  /// False only when no address is in both windows.
  bool mayOverlap(const RefWindow &a, const RefWindow &b) const;
  /// True only when every address of `inner` is in `outer`.
  static bool mustCover(const RefWindow &outer, const RefWindow &inner);
  /// True only when both windows are the same addresses, exactly.
  static bool isSameWindow(const RefWindow &a, const RefWindow &b);

  /// A scratch buffer of the kernel: private to it and dead once it ends.
  bool isScratch(Value root) const;
  /// The kernel's scratch arguments.
  SmallVector<Value> getScratchRoots() const;

private:
  bool mayAliasRoots(Value a, Value b) const;
  /// An argument no other Ref can alias: scratch, or in a private memory.
  bool isPrivateArgument(Value root) const;

  /// The kernel's entry block, whose arguments are its Refs.
  Block *entry;
  /// Index of the first scratch argument, when the kernel attributes say.
  std::optional<unsigned> firstScratch;
};

/// What one op does to memory, at the moment it executes.
struct RefEffects {
  SmallVector<RefWindow, 2> reads;
  SmallVector<RefWindow, 2> writes;
  /// May read and write any memory.
  bool touchesEverything = false;
  /// May leave a transfer running after it (an op we cannot see into could
  /// start a DMA): all memory is in flight from here to the end of the block.
  bool mayLeaveTransfers = false;
};

/// The effects of `op` on Refs. tessera ops are modelled exactly; ops that
/// declare their memory effects touch the Refs they name (all memory when
/// they name none); any other op touches everything.
RefEffects getRefEffects(Operation *op, const RefAliasAnalysis &alias);

/// A DMA that may be reading `src` and writing `dst` at any time during the
/// op positions [begin, end] of a block (positions from DmaTransfers).
struct DmaTransfer {
  unsigned begin = 0, end = 0;
  RefWindow src, dst;
};

/// The DMAs in flight in one block. A transfer starts at its dma_start and
/// completes at its matching dma_wait (the first wait with the same src,
/// dst and semaphore not yet claimed by an earlier start) -- unless another
/// DMA on a semaphore that may be the same one is still unwaited there, in
/// which case the whole group completes at the wait that balances it.
/// A wait with no start in the block waits for a transfer running since the
/// block began; a start with no wait runs until the block ends.
class DmaTransfers {
public:
  DmaTransfers(Block &block, const RefAliasAnalysis &alias);

  /// Position of an op of the block: 1..N; 0 is the block's start and
  /// N + 1 its end.
  unsigned getPosition(Operation *op) const { return positions.lookup(op); }
  unsigned getEndPosition() const { return endPosition; }

  /// Transfers that may be moving data while the op at `position` executes.
  SmallVector<const DmaTransfer *> getInFlight(unsigned position) const;
  /// Transfers known complete right after the op at `position`.
  SmallVector<const DmaTransfer *> getCompletedAt(unsigned position) const;

private:
  DenseMap<Operation *, unsigned> positions;
  unsigned endPosition = 0;
  SmallVector<DmaTransfer> transfers;
};

}  // namespace mlir::tessera
