//===- EliminateDeadStores.cpp - Drop stores nothing reads ----------------===//
//
// `o_vmem[...] = p; o_vmem[0:8, :] = t` writes rows 0-7 of o_vmem twice and
// only the second value is ever read. This pass walks each block backward,
// remembering the reads and writes it has passed, and erases a store when a
// later store covers its window before anything may read it; then the
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

/// Walks blocks backward and collects, per store, whether every context
/// found it dead.
class Walker {
public:
  explicit Walker(const RefAliasAnalysis &alias) : alias(alias) {}

  /// A read or write after the current op of the walk.
  struct Event {
    RefWindow window;
    bool isRead;
  };

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
  // it: the nearest event is last. A store is dead if, scanning forward in
  // program order from it, a write covering its window comes before any read
  // that may overlap it.
  SmallVector<Event> later;
  auto isDead = [&](const RefWindow &window) {
    for (const Event &event : llvm::reverse(later)) {
      if (event.isRead && alias.mayOverlap(event.window, window))
        return false;
      if (!event.isRead && alias.mustCover(event.window, window))
        return true;
    }
    return false;
  };
  auto beingRead = [&](unsigned position, const RefWindow &window) {
    return llvm::any_of(flow.getInFlight(position), [&](const DmaTransfer *t) {
      return alias.mayOverlap(t->src, window);
    });
  };

  if (flow.getKind() == BlockFlow::Kind::entry) {
    // After the kernel nothing reads its scratch: as if overwritten.
    if (endsKernel(block))
      for (Value root : alias.getScratchRoots())
        later.push_back({alias.getWholeWindow(root), /*isRead=*/false});
  } else if (flow.getKind() == BlockFlow::Kind::branch) {
    // Then the rest of the enclosing block, in the same context.
    later.append(continuation.begin(), continuation.end());
  } else {
    // The next iteration, or the enclosing block, may read anything.
    later.push_back({RefWindow::everything(), /*isRead=*/true});
  }
  // DMAs still running at the end read their sources before that.
  for (const DmaTransfer *t : flow.getInFlight(flow.getEndPosition()))
    later.push_back({t->src, /*isRead=*/true});

  for (Operation &op : llvm::reverse(block)) {
    unsigned position = flow.getPosition(&op);
    for (const DmaTransfer *done : flow.getCompletedAt(position))
      later.push_back({done->src, /*isRead=*/true});
    if (auto store = dyn_cast<StoreOp>(op)) {
      RefWindow window = alias.getWindow(store.getRef(), subst);
      if (isDead(window)) {
        propose(store, true);
        continue;
      }
      propose(store, false);
      // A DMA may read this store's value at any time until it completes,
      // so it cannot make an earlier store dead.
      if (!beingRead(position, window))
        later.push_back({window, /*isRead=*/false});
      continue;
    }
    if (isStructuredControlFlow(&op))
      for (const BlockFlow *inner : flow.getNested(&op))
        walk(*inner, later);
    // A loop or branch may not execute its stores: only its reads count.
    RefEffects effects = getRefEffects(&op, alias, subst);
    if (effects.touchesEverything)
      later.push_back({RefWindow::everything(), /*isRead=*/true});
    for (const RefWindow &window : effects.reads)
      later.push_back({window, /*isRead=*/true});
  }
}

void EliminateDeadStoresPass::runOnOperation() {
  func::FuncOp kernel = getOperation();
  RefAliasAnalysis alias(kernel);
  DmaFlowAnalysis dmas(kernel, alias);
  if (!dmas.getEntry())
    return;
  Walker walker(alias);
  walker.walk(*dmas.getEntry());
  SmallVector<Operation *> dead = walker.getDeadStores();

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
