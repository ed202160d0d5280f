//===- ReuseLoads.cpp - Reuse loaded and stored tiles instead of loading --===//
//
// `x = x_vmem[...]` followed later by `x_vmem[8:16, :]` reads the same tile
// twice; the value is already in a vreg. This pass walks a kernel's block
// forward with a table of windows whose current contents are held in an
// SSA value (from a load of the window, or a store to it), and replaces a
// load of such a window by that value. Anything that may write part of a
// window (an overlapping store, a DMA into it, an op we cannot see into)
// drops it from the table; while a DMA may be writing a window, nothing
// learned about it is kept. The alias rules are in RefAlias.cpp.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RefAlias.h"
#include "mlir/Transforms/TesseraPasses.h"

namespace mlir::tessera {
#define GEN_PASS_DEF_TESSERAREUSELOADS
#include "mlir/Transforms/TesseraPasses.h.inc"
}  // namespace mlir::tessera

using namespace mlir;
using namespace mlir::tessera;

namespace {

/// A window whose contents are known to equal `value`.
struct Available {
  RefWindow window;
  Value value;
};

struct ReuseLoadsPass
    : mlir::tessera::impl::TesseraReuseLoadsBase<ReuseLoadsPass> {
  void runOnOperation() override;
};

void ReuseLoadsPass::runOnOperation() {
  func::FuncOp kernel = getOperation();
  // Only the entry block: no DMA can be in flight when it begins. (Kernel
  // IR is a single block; other blocks are left alone.)
  if (kernel.getBody().empty())
    return;
  Block &block = kernel.getBody().front();
  RefAliasAnalysis alias(kernel);
  DmaTransfers dmas(block, alias);

  SmallVector<Available> table;
  auto kill = [&](const RefWindow &written) {
    llvm::erase_if(table, [&](const Available &a) {
      return alias.mayOverlap(a.window, written);
    });
  };
  auto beingWritten = [&](unsigned position, const RefWindow &window) {
    return llvm::any_of(dmas.getInFlight(position), [&](const DmaTransfer *t) {
      return alias.mayOverlap(t->dst, window);
    });
  };
  auto remember = [&](unsigned position, const RefWindow &window, Value value) {
    if (window.isExact() && !beingWritten(position, window))
      table.push_back({window, value});
  };

  SmallVector<Operation *> reused;
  for (Operation &op : block) {
    unsigned position = dmas.getPosition(&op);
    if (auto load = dyn_cast<LoadOp>(op)) {
      RefWindow window = alias.getWindow(load.getRef());
      auto *hit = llvm::find_if(table, [&](const Available &a) {
        return a.value.getType() == load.getType() &&
               RefAliasAnalysis::isSameWindow(a.window, window);
      });
      if (hit != table.end()) {
        load.getResult().replaceAllUsesWith(hit->value);
        reused.push_back(load);
        continue;
      }
      remember(position, window, load.getResult());
      continue;
    }

    // A DMA's destination is killed at its dma_start, and nothing about it
    // is remembered until the DMA completes, so completion kills nothing.
    RefEffects effects = getRefEffects(&op, alias);
    if (effects.touchesEverything)
      table.clear();
    for (const RefWindow &written : effects.writes)
      kill(written);
    if (auto store = dyn_cast<StoreOp>(op))
      remember(position, alias.getWindow(store.getRef()), store.getValue());
  }

  // The replaced loads, then the views only they used.
  SmallVector<Operation *> maybeDead;
  for (Operation *load : reused) {
    if (Operation *view = load->getOperand(0).getDefiningOp())
      maybeDead.push_back(view);
    load->erase();
  }
  llvm::SmallPtrSet<Operation *, 8> erased;
  while (!maybeDead.empty()) {
    Operation *op = maybeDead.pop_back_val();
    if (erased.contains(op) || !isa<ViewOp>(op) || !isOpTriviallyDead(op))
      continue;
    if (Operation *source = op->getOperand(0).getDefiningOp())
      maybeDead.push_back(source);
    erased.insert(op);
    op->erase();
  }
}

}  // namespace
