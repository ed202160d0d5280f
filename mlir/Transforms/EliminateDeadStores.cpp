//===- EliminateDeadStores.cpp - Drop stores nothing reads ----------------===//
//
// `o_vmem[...] = p; o_vmem[0:8, :] = t` writes rows 0-7 of o_vmem twice and
// only the second value is ever read. This pass walks each block backward,
// remembering the reads and writes it has passed, and erases a store (a
// masked one too) when a later store covers its window before anything may
// read it; a masked store covers nothing itself. Then the
// values computed only for those stores (and the loads that fed them) go
// too. At the end of the kernel the scratch buffers count as overwritten:
// nothing reads them afterwards. A read that may overlap the store's window
// (a load, a DMA out of it, an op we cannot see into, a loop or branch that
// may read it) before the covering write keeps the store, and a store while
// a DMA may be reading its window covers nothing. The alias rules are in
// RefAlias.cpp, the DMAs in flight in DmaFlow.cpp.
//
// Only the kernel's entry block ends the kernel. A branch of an scf.if
// continues with the rest of the enclosing block: a store in it is dead
// when the branch, and after it the enclosing block, overwrite it before
// anything may read it (the Pallas `pl::when(k == 0, zero acc)` whose
// stores `acc += ...` overwrites once the load of acc has moved above the
// branch, see tessera-reuse-loads). At the end of a loop body, whose next
// iteration may read what it stored, or of a while block, anything may be
// read. A loop or branch only reads for the enclosing block (its stores
// may not run, so they cover nothing). Blocks are walked in every context
// DmaFlow analyses them in, and a store goes only if every context finds
// it dead.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DmaFlow.h"
#include "mlir/Transforms/RefAlias.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "llvm/ADT/MapVector.h"

#include <functional>
#include <map>
#include <optional>

namespace mlir::tessera {
#define GEN_PASS_DEF_TESSERAELIMINATEDEADSTORES
#include "mlir/Transforms/TesseraPasses.h.inc"
}  // namespace mlir::tessera

using namespace mlir;
using namespace mlir::tessera;

namespace {

struct EliminateDeadStoresPass
    : mlir::tessera::impl::TesseraEliminateDeadStoresBase<EliminateDeadStoresPass> {
  void runOnOperation() override;
};

/// The kernel ends at `block`'s terminator and hands no Ref to anyone.
bool endsKernel(Block &block) {
  if (block.empty() || !isa<func::ReturnOp>(block.back()))
    return false;
  return llvm::none_of(block.back().getOperandTypes(),
                       [](Type t) { return llvm::isa<MemRefType>(t); });
}

/// A read or write after the current op of a backward walk.
struct Event {
  RefWindow window;
  bool isRead;
};

/// The events after the current op of a backward walk, in the order the
/// walk met them (the nearest last), and the question the walk asks of each
/// store: scanning forward in program order from it, does a write covering
/// its window come before any read that may overlap it?
///
/// Scanning every event for every store made the pass quadratic: a kernel
/// that stores 4096 disjoint tiles, which a DMA then reads, scanned 8M
/// pairs. The events are therefore kept per root Ref too, those whose rows
/// (dimension 0) are a static range indexed by their first row, one index
/// per extent. For a store whose rows are a static range, the events of the
/// same root whose rows are a static range apart from it can neither
/// overlap it nor cover it (RefAliasAnalysis answers both from the rows
/// alone), nor can the events of a root it cannot alias; the others are
/// asked in the same nearest-first order, so the answers are the scan's.
class LaterEvents {
public:
  explicit LaterEvents(const RefAliasAnalysis &alias) : alias(alias) {}

  void push(Event event) {
    unsigned index = events.size();
    if (!event.window.root) {
      unrooted.push_back(index);
    } else {
      RootEvents &root = byRoot[event.window.root];
      if (std::optional<Rows> rows = staticRows(event.window))
        root.byFirstRow[rows->size].emplace(rows->lo, index);
      else
        root.other.push_back(index);
    }
    events.push_back(std::move(event));
  }
  void append(ArrayRef<Event> more) {
    for (const Event &event : more)
      push(event);
  }
  ArrayRef<Event> all() const { return events; }

  /// Whether a store to `window` here is dead: a later write covers it
  /// before anything may read it.
  bool isDead(const RefWindow &window) const {
    SmallVector<unsigned, 16> candidates(unrooted.begin(), unrooted.end());
    std::optional<Rows> rows = staticRows(window);
    for (const auto &[root, group] : byRoot) {
      if (root != window.root && !alias.mayAliasRoots(root, window.root))
        continue;
      candidates.append(group.other.begin(), group.other.end());
      for (const auto &[size, byFirst] : group.byFirstRow) {
        if (root != window.root || !rows) {
          for (const auto &entry : byFirst)
            candidates.push_back(entry.second);
          continue;
        }
        // Ranges [lo, lo + size) that meet [rows->lo, rows->lo + rows->size).
        for (auto it = byFirst.upper_bound(rows->lo - size),
                  end = byFirst.lower_bound(rows->lo + rows->size);
             it != end; ++it)
          candidates.push_back(it->second);
      }
    }
    llvm::sort(candidates, std::greater<unsigned>());
    for (unsigned index : candidates) {
      const Event &event = events[index];
      if (event.isRead && alias.mayOverlap(event.window, window))
        return false;
      if (!event.isRead && alias.mustCover(event.window, window))
        return true;
    }
    return false;
  }

private:
  /// Rows [lo, lo + size) of dimension 0, static and not the whole
  /// dimension (a whole dimension covers whatever else, see mustCover).
  struct Rows {
    int64_t lo, size;
  };
  static std::optional<Rows> staticRows(const RefWindow &window) {
    if (!window.root || window.dims.empty())
      return std::nullopt;
    const WindowDim &d = window.dims.front();
    if (d.unknown || d.whole || !d.terms.empty() || ShapedType::isDynamic(d.size) ||
        d.size <= 0)
      return std::nullopt;
    return Rows{d.lo, d.size};
  }

  struct RootEvents {
    /// Per extent, the events with static rows by their first row.
    std::map<int64_t, std::multimap<int64_t, unsigned>> byFirstRow;
    /// The root's other events.
    SmallVector<unsigned> other;
  };

  const RefAliasAnalysis &alias;
  std::vector<Event> events;
  /// Events of no root (all of memory).
  SmallVector<unsigned> unrooted;
  llvm::MapVector<Value, RootEvents> byRoot;
};

/// Walks blocks backward and collects, per store, whether every context
/// found it dead.
class Walker {
public:
  explicit Walker(const RefAliasAnalysis &alias) : alias(alias) {}

  /// Walks `flow`'s block; `continuation` is what happens after the block
  /// ends, nearest event last (for a branch: the rest of the enclosing
  /// block), ignored for blocks that are not branches.
  void walk(const BlockFlow &flow, ArrayRef<Event> continuation = {});

  SmallVector<Operation *> getDeadStores() const {
    SmallVector<Operation *> result;
    for (Operation *store : order)
      if (dead.lookup(store))
        result.push_back(store);
    return result;
  }

private:
  void propose(Operation *store, bool isDead) {
    auto [it, inserted] = dead.try_emplace(store, isDead);
    if (inserted)
      order.push_back(store);
    else
      it->second = it->second && isDead;
  }

  const RefAliasAnalysis &alias;
  DenseMap<Operation *, bool> dead;
  SmallVector<Operation *> order;
};

void Walker::walk(const BlockFlow &flow, ArrayRef<Event> continuation) {
  Block &block = flow.getBlock();
  SubstId subst = flow.getSubst();

  // What happens after the current op, in the order the backward walk met
  // it: the nearest event is last.
  LaterEvents later(alias);
  auto beingRead = [&](unsigned position, const RefWindow &window) {
    return llvm::any_of(flow.getInFlight(position), [&](const DmaTransfer *t) {
      return alias.mayOverlap(t->src, window);
    });
  };

  if (flow.getKind() == BlockFlow::Kind::entry) {
    // After the kernel nothing reads its scratch: as if overwritten.
    if (endsKernel(block))
      for (Value root : alias.getScratchRoots())
        later.push({alias.getWholeWindow(root), /*isRead=*/false});
  } else if (flow.getKind() == BlockFlow::Kind::branch) {
    // Then the rest of the enclosing block, in the same context.
    later.append(continuation);
  } else {
    // The next iteration, or the enclosing block, may read anything.
    later.push({RefWindow::everything(), /*isRead=*/true});
  }
  // DMAs still running at the end read their sources before that.
  for (const DmaTransfer *t : flow.getInFlight(flow.getEndPosition()))
    later.push({t->src, /*isRead=*/true});

  for (Operation &op : llvm::reverse(block)) {
    unsigned position = flow.getPosition(&op);
    for (const DmaTransfer *done : flow.getCompletedAt(position))
      later.push({done->src, /*isRead=*/true});
    if (auto store = dyn_cast<StoreOp>(op)) {
      RefWindow window = alias.getWindow(store.getRef(), subst);
      if (later.isDead(window)) {
        propose(store, true);
        continue;
      }
      propose(store, false);
      // A DMA may read this store's value at any time until it completes,
      // so it cannot make an earlier store dead.
      if (!beingRead(position, window))
        later.push({window, /*isRead=*/false});
      continue;
    }
    if (auto masked = dyn_cast<MaskedStoreOp>(op)) {
      // Dead as a store is when nothing reads its window before it is
      // overwritten; kept, it covers nothing (the lanes it leaves keep an
      // earlier store's values).
      propose(masked, later.isDead(alias.getWindow(masked.getRef(), subst)));
      continue;
    }
    if (isStructuredControlFlow(&op))
      for (const BlockFlow *inner : flow.getNested(&op))
        walk(*inner, later.all());
    // A loop or branch may not execute its stores: only its reads count.
    RefEffects effects = getRefEffects(&op, alias, subst);
    if (effects.touchesEverything)
      later.push({RefWindow::everything(), /*isRead=*/true});
    for (const RefWindow &window : effects.reads)
      later.push({window, /*isRead=*/true});
  }
}

void EliminateDeadStoresPass::runOnOperation() {
  const KernelFlowAnalysis &flow = getAnalysis<KernelFlowAnalysis>();
  if (!flow.dmas.getEntry())
    return markAllAnalysesPreserved();
  Walker walker(flow.alias);
  walker.walk(*flow.dmas.getEntry());
  SmallVector<Operation *> dead = walker.getDeadStores();
  if (dead.empty())
    return markAllAnalysesPreserved();  // the kernel is as it was

  // The dead stores, then whatever computed only their values and windows.
  SmallVector<Operation *> maybeDead;
  for (Operation *store : dead) {
    for (Value operand : store->getOperands())
      if (Operation *def = operand.getDefiningOp())
        maybeDead.push_back(def);
    store->erase();
  }
  llvm::SmallPtrSet<Operation *, 16> erased;
  while (!maybeDead.empty()) {
    Operation *op = maybeDead.pop_back_val();
    if (erased.contains(op) || !isOpTriviallyDead(op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        maybeDead.push_back(def);
    erased.insert(op);
    op->erase();
  }
}

}  // namespace
