//===- ReuseLoads.cpp - Reuse loaded and stored tiles instead of loading --===//
//
// `x = x_vmem[...]` followed later by `x_vmem[8:16, :]` reads the same tile
// twice; the value is already in a vreg. This pass walks each block forward
// with a table of windows whose current contents are held in an SSA value
// (from a load of the window, or a store to it), and replaces a load of
// such a window by that value. Anything that may write part of a window (an
// overlapping store, a DMA into it, an op we cannot see into, a loop or
// branch that may do one of these) drops it from the table; while a DMA may
// be writing a window, nothing learned about it is kept. The alias rules
// are in RefAlias.cpp, the DMAs in flight in DmaFlow.cpp.
//
// Blocks of scf.for/if/while are walked in every context DmaFlow analyses
// them in. A branch and a loop's first iteration start with the table of
// the enclosing block at the region op; later iterations (and scf.while
// blocks) only with what the whole loop cannot write, since a back edge
// brings the body's own writes. A load is replaced only if every context
// finds the same value for it.
//
//===----------------------------------------------------------------------===//
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DmaFlow.h"
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

/// What the contexts of a block say about one load.
struct Proposal {
  /// The value every context found so far (null: some context found none).
  Value value;
};

class Walker {
public:
  explicit Walker(const RefAliasAnalysis &alias) : alias(alias) {}

  void walk(const BlockFlow &flow, SmallVector<Available> table);

  /// Loads to replace, with their values, in program order of discovery.
  SmallVector<std::pair<LoadOp, Value>> getReplacements() const {
    SmallVector<std::pair<LoadOp, Value>> result;
    for (LoadOp load : order)
      if (Value v = proposals.lookup(load).value)
        result.push_back({load, v});
    return result;
  }

private:
  void propose(LoadOp load, Value value) {
    auto [it, inserted] = proposals.try_emplace(load, Proposal{value});
    if (inserted) {
      order.push_back(load);
      return;
    }
    if (it->second.value != value)
      it->second.value = Value();
  }

  const RefAliasAnalysis &alias;
  DenseMap<LoadOp, Proposal> proposals;
  SmallVector<LoadOp> order;
};

void Walker::walk(const BlockFlow &flow, SmallVector<Available> table) {
  SubstId subst = flow.getSubst();
  auto kill = [&](const RefWindow &written) {
    llvm::erase_if(table, [&](const Available &a) {
      return alias.mayOverlap(a.window, written);
    });
  };
  auto beingWritten = [&](unsigned position, const RefWindow &window) {
    return llvm::any_of(flow.getInFlight(position), [&](const DmaTransfer *t) {
      return alias.mayOverlap(t->dst, window);
    });
  };
  auto remember = [&](unsigned position, const RefWindow &window, Value value) {
    if (window.isExact() && !beingWritten(position, window))
      table.push_back({window, value});
  };
  // Transfers running when the block starts may write what the table says.
  for (const DmaTransfer *t : flow.getInFlight(0))
    kill(t->dst);

  for (Operation &op : flow.getBlock()) {
    unsigned position = flow.getPosition(&op);
    if (auto load = dyn_cast<LoadOp>(op)) {
      RefWindow window = alias.getWindow(load.getRef(), subst);
      auto *hit = llvm::find_if(table, [&](const Available &a) {
        return a.value.getType() == load.getType() && alias.isSameWindow(a.window, window);
      });
      if (hit != table.end()) {
        propose(load, hit->value);
        // Later loads of the window may use this load's value: it is the
        // same, and stays valid should another context keep the load.
        hit->value = load.getResult();
        continue;
      }
      propose(load, Value());
      remember(position, window, load.getResult());
      continue;
    }

    // A DMA's destination is killed at its dma_start, and nothing about it
    // is remembered until the DMA completes, so completion kills nothing.
    RefEffects effects = getRefEffects(&op, alias, subst);
    if (isStructuredControlFlow(&op)) {
      for (const BlockFlow *inner : flow.getNested(&op)) {
        SmallVector<Available> entry = table;
        bool loops = inner->getKind() == BlockFlow::Kind::laterIteration ||
                     inner->getKind() == BlockFlow::Kind::whileLoop;
        if (loops && effects.touchesEverything)
          entry.clear();
        if (loops)  // The back edge: whatever the loop writes.
          for (const RefWindow &written : effects.writes)
            llvm::erase_if(entry, [&](const Available &a) {
              return alias.mayOverlap(a.window, written);
            });
        walk(*inner, std::move(entry));
      }
    }
    if (effects.touchesEverything)
      table.clear();
    for (const RefWindow &written : effects.writes)
      kill(written);
    if (auto store = dyn_cast<StoreOp>(op))
      remember(position, alias.getWindow(store.getRef(), subst), store.getValue());
  }
}

void ReuseLoadsPass::runOnOperation() {
  func::FuncOp kernel = getOperation();
  RefAliasAnalysis alias(kernel);
  DmaFlowAnalysis dmas(kernel, alias);
  if (!dmas.getEntry())
    return;
  Walker walker(alias);
  walker.walk(*dmas.getEntry(), {});

  // A replaced load's value may itself be a replaced load: follow the chain
  // (values always come from earlier ops, so it ends).
  DenseMap<Value, Value> replacement;
  for (auto [load, value] : walker.getReplacements())
    replacement[load.getResult()] = value;
  auto resolve = [&](Value v) {
    for (auto it = replacement.find(v); it != replacement.end(); it = replacement.find(v))
      v = it->second;
    return v;
  };
  SmallVector<Operation *> reused;
  for (auto [load, value] : walker.getReplacements()) {
    load.getResult().replaceAllUsesWith(resolve(value));
    reused.push_back(load);
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
