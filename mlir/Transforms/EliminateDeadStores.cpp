//===- EliminateDeadStores.cpp - Drop stores nothing reads ----------------===//
//
// `o_vmem[...] = p; o_vmem[0:8, :] = t` writes rows 0-7 of o_vmem twice and
// only the second value is ever read. This pass walks a kernel's block
// backward, remembering the reads and writes it has passed, and erases a
// store when a later store covers its window before anything may read it;
// then the values computed only for those stores (and the loads that fed
// them) go too. At the end of the kernel the scratch buffers count as overwritten:
// nothing reads them afterwards. A read that may overlap the store's window
// (a load, a DMA out of it, an op we cannot see into) before the covering
// write keeps the store, and a store while a DMA may be reading its window
// covers nothing. The alias rules are in RefAlias.cpp.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

void EliminateDeadStoresPass::runOnOperation() {
  func::FuncOp kernel = getOperation();
  // Only the entry block (kernel IR is a single block): the end of any other
  // block is not the end of the kernel.
  if (kernel.getBody().empty())
    return;
  Block &block = kernel.getBody().front();
  RefAliasAnalysis alias(kernel);
  DmaTransfers dmas(block, alias);

  // What happens after the current op, in the order the backward walk met
  // it: the nearest event is last. A store is dead if, scanning forward in
  // program order from it, a write covering its window comes before any read
  // that may overlap it.
  struct Event {
    RefWindow window;
    bool isRead;
  };
  SmallVector<Event> later;
  auto isDead = [&](const RefWindow &window) {
    for (const Event &event : llvm::reverse(later)) {
      if (event.isRead && alias.mayOverlap(event.window, window))
        return false;
      if (!event.isRead && RefAliasAnalysis::mustCover(event.window, window))
        return true;
    }
    return false;
  };
  auto beingRead = [&](unsigned position, const RefWindow &window) {
    return llvm::any_of(dmas.getInFlight(position), [&](const DmaTransfer *t) {
      return alias.mayOverlap(t->src, window);
    });
  };

  // After the kernel nothing reads its scratch: as if overwritten. DMAs
  // still running at the end read their sources before that.
  if (endsKernel(block))
    for (Value root : alias.getScratchRoots())
      later.push_back({alias.getWholeWindow(root), /*isRead=*/false});
  for (const DmaTransfer *t : dmas.getInFlight(dmas.getEndPosition()))
    later.push_back({t->src, /*isRead=*/true});

  SmallVector<Operation *> dead;
  for (Operation &op : llvm::reverse(block)) {
    unsigned position = dmas.getPosition(&op);
    for (const DmaTransfer *done : dmas.getCompletedAt(position))
      later.push_back({done->src, /*isRead=*/true});
    if (auto store = dyn_cast<StoreOp>(op)) {
      RefWindow window = alias.getWindow(store.getRef());
      if (isDead(window)) {
        dead.push_back(store);
        continue;
      }
      // A DMA may read this store's value at any time until it completes,
      // so it cannot make an earlier store dead.
      if (!beingRead(position, window))
        later.push_back({window, /*isRead=*/false});
      continue;
    }
    RefEffects effects = getRefEffects(&op, alias);
    if (effects.touchesEverything)
      later.push_back({RefWindow::everything(), /*isRead=*/true});
    for (const RefWindow &window : effects.reads)
      later.push_back({window, /*isRead=*/true});
  }

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
