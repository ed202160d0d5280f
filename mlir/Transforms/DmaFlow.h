//===- DmaFlow.h - Which DMAs may be moving data, block by block ----------===//
//
// A DMA reads its source and writes its destination at any time between
// its dma_start and its completion. The load-reuse and dead-store passes
// must know, at every op, which transfers may be running. With control
// flow this depends on where a block is entered from: a loop body starts
// with what was running before the loop (first iteration) or what the
// previous iteration left running (later iterations); a branch starts with
// what was running before the scf.if. So every block is analysed in one or
// more contexts, each a BlockFlow; the rules are stated in DmaFlow.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "mlir/Transforms/RefAlias.h"

#include <deque>

namespace mlir::tessera {

/// A DMA that may be reading `src` and writing `dst` (and signalling
/// `sem`) at any time during the op positions [begin, end] of a block.
struct DmaTransfer {
  unsigned begin = 0, end = 0;
  RefWindow src, dst, sem;
  /// The SSA values of the endpoints, when they name them in this block's
  /// context (not for a transfer started in another loop iteration).
  Value srcValue, dstValue, semValue;
  /// Already running when the enclosing region op began (known to the
  /// enclosing block), as opposed to started inside it.
  bool fromParent = false;
};

/// The DMAs of one block in one context. Positions of its ops are 1..N;
/// 0 is the block's start and N + 1 its end.
class BlockFlow {
public:
  enum class Kind {
    /// The kernel's entry block: nothing runs when it starts.
    entry,
    /// A branch of an scf.if.
    branch,
    /// An scf.for body in its first iteration (induction variable = lower
    /// bound, iter_args = their inits).
    firstIteration,
    /// An scf.for body in any later iteration.
    laterIteration,
    /// A block of an scf.while, in any iteration.
    whileLoop,
  };

  Block &getBlock() const { return *block; }
  Kind getKind() const { return kind; }
  /// The substitution to read run-time offsets of this block under.
  SubstId getSubst() const { return subst; }

  unsigned getPosition(Operation *op) const { return positions.lookup(op); }
  unsigned getEndPosition() const { return endPosition; }

  /// Transfers that may be moving data while the op at `position` executes.
  SmallVector<const DmaTransfer *> getInFlight(unsigned position) const;
  /// Transfers known complete right after the op at `position`.
  SmallVector<const DmaTransfer *> getCompletedAt(unsigned position) const;
  /// The contexts of the blocks in `op`'s regions, when entered from this
  /// context (empty for ops that are not scf.for/if/while).
  ArrayRef<BlockFlow *> getNested(Operation *op) const;

private:
  friend class DmaFlowAnalysis;
  Block *block = nullptr;
  Kind kind = Kind::entry;
  SubstId subst = 0;
  DenseMap<Operation *, unsigned> positions;
  unsigned endPosition = 0;
  SmallVector<DmaTransfer, 2> transfers;
  DenseMap<Operation *, SmallVector<BlockFlow *, 2>> nested;
};

/// The BlockFlows of a kernel: the entry block, and recursively the blocks
/// of every scf.for/if/while in every context they are entered from.
class DmaFlowAnalysis {
public:
  DmaFlowAnalysis(func::FuncOp kernel, const RefAliasAnalysis &alias);

  /// The kernel's entry block; nullptr for a function without a body.
  BlockFlow *getEntry() const { return entry; }

private:
  struct Builder;
  /// Owns every BlockFlow (stable addresses).
  std::deque<BlockFlow> flows;
  BlockFlow *entry = nullptr;
};

/// A kernel's Ref aliases and DMA flow, as one analysis of the pass
/// manager's (getAnalysis<KernelFlowAnalysis>()): tessera-reuse-loads and
/// tessera-eliminate-dead-stores both start from them, and the second finds
/// the first's still valid when the first changed nothing (it then marks
/// every analysis preserved), as in most kernels.
struct KernelFlowAnalysis {
  /// `kernel`: a func.func.
  explicit KernelFlowAnalysis(Operation *kernel);

  RefAliasAnalysis alias;
  DmaFlowAnalysis dmas;
};

}  // namespace mlir::tessera
