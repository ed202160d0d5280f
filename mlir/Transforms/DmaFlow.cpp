//===- DmaFlow.cpp - Which DMAs may be moving data, block by block --------===//
//
// The rules.
//
// In one block (one context), walking forward: a transfer starts at its
// dma_start and completes at its matching dma_wait (the first wait with the
// same src, dst and semaphore not yet claimed) -- unless another DMA on a
// semaphore that may be the same one is still unwaited there: semaphores
// count bytes, so the wait may have taken the other DMA's. Then the whole
// group completes at the wait that balances it. A wait with no start in the
// block waits for a transfer running since the block began; a start with no
// wait runs until the block ends. An op we cannot see into may leave
// anything running until the end of the block.
//
// Control flow (scf.for / scf.if / scf.while):
//  - A block starts with the transfers running at its region op's position
//    in the enclosing block ("from the parent"): they may run throughout it.
//    The enclosing block does not learn that a nested wait completed them
//    (a wait in a branch may not execute; a wait in a loop may take another
//    transfer's bytes).
//  - A region op counts, in its enclosing block, as starting every transfer
//    its blocks may leave running at their end, on windows widened as seen
//    from outside (RefAliasAnalysis::widen): from the region op on, until a
//    balancing wait of the enclosing block or its end.
//  - An scf.for body is analysed twice. In its first iteration it starts
//    with the parent's transfers, and offsets are read with the induction
//    variable at its lower bound and the iter_args at their inits. In later
//    iterations it starts with what the previous iteration left running at
//    its end, offsets translated to the current iteration: a value the
//    body yields is the matching iter_arg, the induction variable is the
//    current one minus the step, anything else of the previous iteration
//    is unknown (the dimension widened). The later-iteration start is
//    iterated to a fixed point (a few rounds, then "anything may run").
//    So the double-buffering pattern -- start the next block into the other
//    slot, wait for the current one -- keeps its wait: in iteration i the
//    wait for slot(i) completes what iteration i - 1 started into
//    next(i - 1) = slot(i).
//  - An scf.while's blocks start with the parent's transfers plus, widened,
//    whatever either block may leave running (to a fixed point).
// A pass must hold its conclusion in every context of a block.
//
// A wait of the enclosing block with no matching start means a transfer
// running since the block began, which a nested block must count as
// running too: if the first walk finds such waits, the block is walked
// again with them added to what its region ops' blocks start with.
//
//===----------------------------------------------------------------------===//
#include "mlir/Transforms/DmaFlow.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TesseraDialect.h"

using namespace mlir;
using namespace mlir::tessera;

namespace {

/// Rounds of the loop fixed points before assuming anything may run.
constexpr unsigned kMaxLoopRounds = 4;
/// Block contexts analysed before loops stop being analysed per iteration
/// kind (each loop body then gets one context that assumes anything runs).
constexpr unsigned kMaxContexts = 2048;

struct Pending {
  DmaTransfer transfer;
  bool waited = false;
};

bool isSameTransfer(const DmaTransfer &a, const DmaTransfer &b) {
  return a.src == b.src && a.dst == b.dst && a.sem == b.sem &&
         a.srcValue == b.srcValue && a.dstValue == b.dstValue &&
         a.semValue == b.semValue && a.fromParent == b.fromParent;
}

/// Appends `t` unless an equal transfer is there; true if appended.
bool addUnique(SmallVectorImpl<DmaTransfer> &set, const DmaTransfer &t) {
  if (llvm::any_of(set, [&](const DmaTransfer &u) { return isSameTransfer(u, t); }))
    return false;
  set.push_back(t);
  return true;
}

DmaTransfer anythingRunning() {
  DmaTransfer t;
  t.src = t.dst = t.sem = RefWindow::everything();
  return t;
}

std::optional<int64_t> getConstant(Value v) {
  APInt c;
  if (!matchPattern(v, m_ConstantInt(&c)) || c.getSignificantBits() > 64)
    return std::nullopt;
  return c.getSExtValue();
}

}  // namespace

SmallVector<const DmaTransfer *> BlockFlow::getInFlight(unsigned position) const {
  SmallVector<const DmaTransfer *> result;
  for (const DmaTransfer &t : transfers)
    if (t.begin <= position && position <= t.end)
      result.push_back(&t);
  return result;
}

SmallVector<const DmaTransfer *> BlockFlow::getCompletedAt(unsigned position) const {
  SmallVector<const DmaTransfer *> result;
  for (const DmaTransfer &t : transfers)
    if (t.end == position)
      result.push_back(&t);
  return result;
}

ArrayRef<BlockFlow *> BlockFlow::getNested(Operation *op) const {
  auto it = nested.find(op);
  if (it == nested.end())
    return {};
  return it->second;
}

//===----------------------------------------------------------------------===//
// Builder
//===----------------------------------------------------------------------===//

struct DmaFlowAnalysis::Builder {
  DmaFlowAnalysis &analysis;
  const RefAliasAnalysis &alias;
  OffsetEvaluator &evaluator;
  unsigned contexts = 0;

  BlockFlow *analyze(Block &block, BlockFlow::Kind kind, SubstId subst,
                     ArrayRef<DmaTransfer> incoming);
  /// One forward walk of `flow`'s block. Waits without a matching start
  /// are appended to `unmatched` when given.
  void walk(BlockFlow &flow, ArrayRef<DmaTransfer> incoming,
            ArrayRef<DmaTransfer> alsoRunning, SmallVectorImpl<DmaTransfer> *unmatched);
  /// Analyses the blocks of `op` entered with `running`; returns what they
  /// may leave running, as seen from outside `op`.
  SmallVector<DmaTransfer, 2> enter(BlockFlow &flow, Operation *op,
                                 ArrayRef<DmaTransfer> running);
  void enterFor(BlockFlow &flow, scf::ForOp loop, ArrayRef<DmaTransfer> running);
  void enterWhile(BlockFlow &flow, scf::WhileOp loop, ArrayRef<DmaTransfer> running);

  /// Transfers of `flow` in flight at its end and started inside it (not
  /// from the parent), widened as seen from outside `op`.
  SmallVector<DmaTransfer, 2> leftRunning(const BlockFlow &flow, Operation *op) const;
  DmaTransfer widen(const DmaTransfer &t, Operation *op) const;
  /// `t`, running at the end of an iteration of `loop`, as seen at the
  /// start of the next one (values of the finished iteration read through
  /// `previous`).
  DmaTransfer carry(const DmaTransfer &t, scf::ForOp loop, SubstId previous,
                    SubstId first) const;
  /// `s` is `from` or one of the substitutions it falls back to.
  bool isOnChain(SubstId s, SubstId from) const {
    for (;; from = evaluator.getSubstitution(from).parent) {
      if (s == from)
        return true;
      if (from == 0)
        return false;
    }
  }
};

BlockFlow *DmaFlowAnalysis::Builder::analyze(Block &block, BlockFlow::Kind kind,
                                             SubstId subst, ArrayRef<DmaTransfer> incoming) {
  ++contexts;
  BlockFlow &flow = analysis.flows.emplace_back();
  flow.block = &block;
  flow.kind = kind;
  flow.subst = subst;
  unsigned position = 0;
  for (Operation &op : block)
    flow.positions[&op] = ++position;
  flow.endPosition = position + 1;

  SmallVector<DmaTransfer, 2> unmatched;
  walk(flow, incoming, {}, &unmatched);
  bool hasRegions = llvm::any_of(block, [](Operation &op) { return isStructuredControlFlow(&op); });
  if (!unmatched.empty() && hasRegions) {
    for (DmaTransfer &t : unmatched) {
      t.begin = 0;
      t.fromParent = true;
    }
    walk(flow, incoming, unmatched, nullptr);
  }
  return &flow;
}

void DmaFlowAnalysis::Builder::walk(BlockFlow &flow, ArrayRef<DmaTransfer> incoming,
                                    ArrayRef<DmaTransfer> alsoRunning,
                                    SmallVectorImpl<DmaTransfer> *unmatched) {
  flow.transfers.clear();
  flow.nested.clear();
  SubstId subst = flow.subst;
  SmallVector<Pending, 4> pending;
  for (const DmaTransfer &t : incoming) {
    pending.push_back({t, /*waited=*/false});
    pending.back().transfer.begin = 0;
  }
  auto finish = [&](const Pending &p, unsigned end) {
    flow.transfers.push_back(p.transfer);
    flow.transfers.back().end = end;
  };
  auto describe = [&](Value src, Value dst, Value sem, unsigned begin) {
    DmaTransfer t;
    t.begin = begin;
    t.src = alias.getWindow(src, subst);
    t.dst = alias.getWindow(dst, subst);
    t.sem = alias.getWindow(sem, subst);
    t.srcValue = src;
    t.dstValue = dst;
    t.semValue = sem;
    return t;
  };
  auto isSameRef = [&](const RefWindow &a, Value av, const RefWindow &b, Value bv) {
    return (av && av == bv) || alias.isSameWindow(a, b);
  };

  for (Operation &op : flow.getBlock()) {
    unsigned here = flow.getPosition(&op);
    if (auto start = dyn_cast<DmaStartOp>(op)) {
      pending.push_back(
          {describe(start.getSrc(), start.getDst(), start.getSem(), here), false});
      continue;
    }
    // A remote copy: locally, a transfer out of src that its send wait
    // completes. (What other devices push into this device's dst, its
    // receive wait completes: a transfer running since the block began.)
    if (auto start = dyn_cast<RemoteDmaStartOp>(op)) {
      pending.push_back(
          {describe(start.getSrc(), start.getDst(), start.getSendSem(), here), false});
      continue;
    }
    if (auto wait = dyn_cast<DmaWaitOp>(op)) {
      DmaTransfer waited = describe(wait.getSrc(), wait.getDst(), wait.getSem(), 0);
      auto matching = llvm::find_if(pending, [&](const Pending &p) {
        const DmaTransfer &t = p.transfer;
        return !p.waited && isSameRef(t.src, t.srcValue, waited.src, waited.srcValue) &&
               isSameRef(t.dst, t.dstValue, waited.dst, waited.dstValue) &&
               isSameRef(t.sem, t.semValue, waited.sem, waited.semValue);
      });
      if (matching != pending.end()) {
        matching->waited = true;
      } else {  // Started before the block: in flight since it began.
        pending.push_back({waited, true});
        if (unmatched)
          unmatched->push_back(waited);
      }

      // The wait completes everything on its semaphore once all are waited.
      auto sharesSemaphore = [&](const Pending &p) {
        return alias.mayOverlap(p.transfer.sem, waited.sem);
      };
      bool balanced = llvm::all_of(pending, [&](const Pending &p) {
        return !sharesSemaphore(p) || p.waited;
      });
      if (balanced) {
        for (const Pending &p : pending)
          if (sharesSemaphore(p))
            finish(p, here);
        llvm::erase_if(pending, sharesSemaphore);
      }
      continue;
    }
    if (isStructuredControlFlow(&op)) {
      SmallVector<DmaTransfer, 2> running;
      for (const Pending &p : pending)
        running.push_back(p.transfer);
      for (const DmaTransfer &t : flow.transfers)
        if (t.begin <= here && here <= t.end)
          running.push_back(t);
      running.append(alsoRunning.begin(), alsoRunning.end());
      for (DmaTransfer &t : running) {
        t.begin = 0;
        t.fromParent = true;
      }
      for (DmaTransfer &t : enter(flow, &op, running)) {
        t.begin = here;
        pending.push_back({std::move(t), false});
      }
      continue;
    }
    if (getRefEffects(&op, alias, subst).mayLeaveTransfers) {
      DmaTransfer t = anythingRunning();
      t.begin = here;
      t.end = flow.getEndPosition();
      flow.transfers.push_back(t);
    }
  }
  for (const Pending &p : pending)
    finish(p, flow.getEndPosition());
}

DmaTransfer DmaFlowAnalysis::Builder::widen(const DmaTransfer &t, Operation *op) const {
  DmaTransfer w = t;
  w.src = alias.widen(t.src, op);
  w.dst = alias.widen(t.dst, op);
  w.sem = alias.widen(t.sem, op);
  for (Value *v : {&w.srcValue, &w.dstValue, &w.semValue})
    if (*v && OffsetEvaluator::isDefinedInside(*v, op))
      *v = Value();
  return w;
}

SmallVector<DmaTransfer, 2> DmaFlowAnalysis::Builder::leftRunning(const BlockFlow &flow,
                                                               Operation *op) const {
  SmallVector<DmaTransfer, 2> result;
  for (const DmaTransfer *t : flow.getInFlight(flow.getEndPosition()))
    if (!t->fromParent)
      addUnique(result, widen(*t, op));
  return result;
}

DmaTransfer DmaFlowAnalysis::Builder::carry(const DmaTransfer &t, scf::ForOp loop,
                                            SubstId previous, SubstId first) const {
  if (t.fromParent)
    return t;  // Outside values: the same in every iteration.
  auto translate = [&](const RefWindow &window) {
    if (!window.root)
      return window;
    if (OffsetEvaluator::isDefinedInside(window.root, loop))
      return RefWindow::everything();
    RefWindow result = window;
    for (WindowDim &dim : result.dims) {
      if (dim.unknown)
        continue;
      SmallVector<Term, 1> terms;
      bool known = true;
      for (const Term &term : dim.terms) {
        if (!OffsetEvaluator::isDefinedInside(term.value, loop)) {
          terms.push_back(term);
          continue;
        }
        // A value of the finished iteration, as that iteration read it (a
        // value read through `previous` already is two iterations back).
        if (!isOnChain(term.subst, first)) {
          known = false;
          break;
        }
        auto canonical = evaluator.canonicalize(Term{term.value, previous});
        if (!canonical || llvm::AddOverflow(dim.lo, canonical->add, dim.lo)) {
          known = false;
          break;
        }
        if (canonical->term.value)
          terms.push_back(canonical->term);
      }
      if (!known) {
        dim.terms.clear();
        dim.lo = 0;
        dim.whole = false;
        dim.unknown = true;
        continue;
      }
      llvm::sort(terms);
      dim.terms = std::move(terms);
    }
    return result;
  };
  DmaTransfer c = t;
  c.begin = 0;
  if (t.srcValue && t.dstValue && t.semValue) {
    // Named by this iteration's values: the same values one iteration back.
    // (Not the windows: in the first iteration they are specialised to it,
    // and iteration 1 would see constants where iterations 2, 3, ... see
    // the same transfer symbolically.)
    auto previousWindow = [&](Value ref) {
      RefWindow w = alias.getWindow(ref, previous);
      return OffsetEvaluator::isDefinedInside(w.root, loop) ? RefWindow::everything() : w;
    };
    c.src = previousWindow(t.srcValue);
    c.dst = previousWindow(t.dstValue);
    c.sem = previousWindow(t.semValue);
  } else {
    c.src = translate(t.src);
    c.dst = translate(t.dst);
    c.sem = translate(t.sem);
  }
  // SSA values name this iteration's values only.
  for (Value *v : {&c.srcValue, &c.dstValue, &c.semValue})
    if (*v && OffsetEvaluator::isDefinedInside(*v, loop))
      *v = Value();
  return c;
}

SmallVector<DmaTransfer, 2> DmaFlowAnalysis::Builder::enter(BlockFlow &flow, Operation *op,
                                                         ArrayRef<DmaTransfer> running) {
  flow.nested[op].clear();
  if (contexts > kMaxContexts) {
    // Too many contexts: one per block, and anything may be running.
    SmallVector<DmaTransfer, 2> anything(running.begin(), running.end());
    anything.push_back(anythingRunning());
    BlockFlow::Kind kind = isa<scf::IfOp>(op) ? BlockFlow::Kind::branch
                                              : BlockFlow::Kind::laterIteration;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        flow.nested[op].push_back(analyze(block, kind, flow.subst, anything));
  } else if (auto loop = dyn_cast<scf::ForOp>(op)) {
    enterFor(flow, loop, running);
  } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
    enterWhile(flow, loop, running);
  } else {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        flow.nested[op].push_back(
            analyze(block, BlockFlow::Kind::branch, flow.subst, running));
  }
  SmallVector<DmaTransfer, 2> outgoing;
  for (BlockFlow *inner : flow.nested[op])
    for (const DmaTransfer &t : leftRunning(*inner, op))
      addUnique(outgoing, t);
  return outgoing;
}

void DmaFlowAnalysis::Builder::enterFor(BlockFlow &flow, scf::ForOp loop,
                                        ArrayRef<DmaTransfer> running) {
  Block *body = loop.getBody();
  Operation *yield = body->getTerminator();
  Value iv = loop.getInductionVar();

  // The first iteration: the induction variable is the lower bound, the
  // iter_args their inits.
  Substitution first;
  first.scope = loop;
  first.parent = flow.subst;
  first.map[iv] = {loop.getLowerBound(), 0};
  for (auto [arg, init] : llvm::zip(loop.getRegionIterArgs(), loop.getInitArgs()))
    first.map[arg] = {init, 0};
  SubstId firstId = evaluator.addSubstitution(std::move(first));
  BlockFlow *firstFlow = analyze(*body, BlockFlow::Kind::firstIteration, firstId, running);

  // The previous iteration, seen from the current one: what it yielded is
  // the current iter_arg, its induction variable the current one minus the
  // step (and at least the lower bound).
  Substitution previous;
  previous.scope = loop;
  previous.parent = flow.subst;
  previous.strict = true;
  if (auto step = getConstant(loop.getStep())) {
    Substitution::Target target{iv, -*step};
    if (auto lb = getConstant(loop.getLowerBound()))
      target.atLeast = *lb;
    previous.map[iv] = target;
  }
  for (auto [yielded, arg] : llvm::zip(yield->getOperands(), loop.getRegionIterArgs()))
    previous.map.try_emplace(yielded, Substitution::Target{arg, 0});
  SubstId previousId = evaluator.addSubstitution(std::move(previous));

  auto carryAll = [&](const BlockFlow &from, SmallVectorImpl<DmaTransfer> &into) {
    bool grew = false;
    for (const DmaTransfer *t : from.getInFlight(from.getEndPosition()))
      grew |= addUnique(into, carry(*t, loop, previousId, firstId));
    return grew;
  };
  SmallVector<DmaTransfer, 2> incoming;
  carryAll(*firstFlow, incoming);
  BlockFlow *later = nullptr;
  for (unsigned round = 0;; ++round) {
    later = analyze(*body, BlockFlow::Kind::laterIteration, flow.subst, incoming);
    if (!carryAll(*later, incoming))
      break;
    if (round + 1 == kMaxLoopRounds) {
      // No fixed point yet: assume anything may be running.
      incoming.push_back(anythingRunning());
      later = analyze(*body, BlockFlow::Kind::laterIteration, flow.subst, incoming);
      break;
    }
  }
  flow.nested[loop] = {firstFlow, later};
}

void DmaFlowAnalysis::Builder::enterWhile(BlockFlow &flow, scf::WhileOp loop,
                                          ArrayRef<DmaTransfer> running) {
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  // Started in some iteration and perhaps still running, widened.
  SmallVector<DmaTransfer, 2> carried;
  BlockFlow *beforeFlow = nullptr, *afterFlow = nullptr;
  for (unsigned round = 0;; ++round) {
    SmallVector<DmaTransfer, 2> incoming(running.begin(), running.end());
    incoming.append(carried.begin(), carried.end());
    beforeFlow = analyze(before, BlockFlow::Kind::whileLoop, flow.subst, incoming);
    for (const DmaTransfer &t : leftRunning(*beforeFlow, loop))
      addUnique(incoming, t);
    afterFlow = analyze(after, BlockFlow::Kind::whileLoop, flow.subst, incoming);
    bool grew = false;
    for (BlockFlow *f : {beforeFlow, afterFlow})
      for (const DmaTransfer &t : leftRunning(*f, loop))
        grew |= addUnique(carried, t);
    if (!grew)
      break;
    if (round + 1 == kMaxLoopRounds) {
      carried.push_back(anythingRunning());
      incoming.assign(running.begin(), running.end());
      incoming.append(carried.begin(), carried.end());
      beforeFlow = analyze(before, BlockFlow::Kind::whileLoop, flow.subst, incoming);
      afterFlow = analyze(after, BlockFlow::Kind::whileLoop, flow.subst, incoming);
      break;
    }
  }
  flow.nested[loop] = {beforeFlow, afterFlow};
}

//===----------------------------------------------------------------------===//
// DmaFlowAnalysis
//===----------------------------------------------------------------------===//

DmaFlowAnalysis::DmaFlowAnalysis(func::FuncOp kernel, const RefAliasAnalysis &alias) {
  if (kernel.getBody().empty())
    return;
  Builder builder{*this, alias, alias.getEvaluator()};
  entry = builder.analyze(kernel.getBody().front(), BlockFlow::Kind::entry, 0, {});
}

KernelFlowAnalysis::KernelFlowAnalysis(Operation *kernel)
    : alias(cast<func::FuncOp>(kernel)), dmas(cast<func::FuncOp>(kernel), alias) {}
