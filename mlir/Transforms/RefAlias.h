//===- RefAlias.h - Which Ref windows may overlap, and who touches them ---===//
//
// The memory reasoning shared by the load-reuse and dead-store passes: where
// a Ref value points (a window of a root Ref), whether two windows may
// overlap or one must cover another, and what each op reads and writes --
// a loop or a branch counting as everything its body does. Which DMAs may
// be moving data while an op runs is DmaFlow.h. The rules are stated in
// RefAlias.cpp; everything here answers "may" conservatively and "must"
// only when it is proved.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/Transforms/OffsetEval.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
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
  /// Run-time offsets added to `lo` (index values, possibly seen from
  /// another loop iteration: see Term), sorted so that equal sums of the
  /// same values compare equal.
  SmallVector<Term, 1> terms;
  /// The window spans the root's whole dimension.
  bool whole = false;
  /// Where the window lies in this dimension is not known (the root's
  /// layout is not the identity, or the offset is a value of a loop
  /// iteration or branch seen from outside it): it may be anywhere in the
  /// dimension.
  bool unknown = false;

  bool operator==(const WindowDim &other) const {
    return lo == other.lo && size == other.size && terms == other.terms &&
           whole == other.whole && unknown == other.unknown;
  }
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

  /// The same description (not necessarily the only way to name the memory).
  bool operator==(const RefWindow &other) const {
    return root == other.root && dims == other.dims;
  }
};

/// Answers overlap questions about the Refs of one kernel (a func.func with
/// the tessera.num_inputs / tessera.num_outputs attributes; without them no
/// argument counts as scratch).
class RefAliasAnalysis {
public:
  explicit RefAliasAnalysis(func::FuncOp kernel);

  /// The window `ref` names: views composed down to their root, with the
  /// run-time offsets read under `subst` (e.g. in a loop's first iteration).
  RefWindow getWindow(Value ref, SubstId subst = 0) const;
  /// The whole of `root`.
  RefWindow getWholeWindow(Value root) const;

  /// False only when no address is in both windows.
  bool mayOverlap(const RefWindow &a, const RefWindow &b) const;
  /// True only when every address of `inner` is in `outer`.
  bool mustCover(const RefWindow &outer, const RefWindow &inner) const;
  /// True only when both windows are the same addresses, exactly.
  bool isSameWindow(const RefWindow &a, const RefWindow &b) const;

  /// `window` as seen from outside `region` (an op with regions): a
  /// dimension whose offset uses a value defined inside may be anywhere in
  /// it, and a window of a root defined inside may be anything.
  RefWindow widen(const RefWindow &window, Operation *region) const;

  /// The offset evaluator of this analysis (its substitutions name loop
  /// iterations for DmaFlow).
  OffsetEvaluator &getEvaluator() const { return *evaluator; }

  /// A scratch buffer of the kernel: private to it and dead once it ends.
  bool isScratch(Value root) const;
  /// The kernel's scratch arguments.
  SmallVector<Value> getScratchRoots() const;

  /// False only when no window of root `a` can overlap a window of root
  /// `b` (a null root is all of memory).
  bool mayAliasRoots(Value a, Value b) const;

private:
  /// An argument no other Ref can alias: scratch, or in a private memory.
  bool isPrivateArgument(Value root) const;

  /// The kernel's entry block, whose arguments are its Refs.
  Block *entry;
  /// Index of the first scratch argument, when the kernel attributes say.
  std::optional<unsigned> firstScratch;
  /// Proves relations between run-time offsets; caches what it learns.
  std::unique_ptr<OffsetEvaluator> evaluator;
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

/// The region ops whose bodies the passes reason about: scf.for, scf.if
/// and scf.while.
bool isStructuredControlFlow(Operation *op);

/// The effects of `op` on Refs, with run-time offsets read under `subst`.
/// tessera ops are modelled exactly; scf.for/if/while do what the ops in
/// their regions may do (windows widened as seen from outside, see
/// RefAliasAnalysis::widen; the DMAs they leave running are DmaFlow's
/// business); ops that declare their memory effects touch the Refs they
/// name (all memory when they name none); any other op touches everything.
RefEffects getRefEffects(Operation *op, const RefAliasAnalysis &alias, SubstId subst = 0);

}  // namespace mlir::tessera
