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
// After an scf.if without an else, a window the then-block leaves holding
// a value known before the if (defined outside it, or a constant) holds
// `select(cond, that value, old contents)`: the old contents are what the
// table knew before the if, or a load of the window placed right before
// it. A later load of the window becomes that select, so the Pallas
// `pl::when(k == 0, zero acc); acc += ...` reads the accumulator before the
// branch, and the branch's stores, overwritten before anything reads them,
// are left to tessera-eliminate-dead-stores. A select costs an instruction
// where the load cost one: it is used only where it pays, when the block
// overwrites the window after the if before anything else reads it (the
// branch's store then dies) and the if's selects cover at least two tiles
// whose old contents the table holds (their condition's vector mask costs
// two instructions, made once, and a load of old contents placed before
// the if one per tile); in a block with MXU ops, where they pay in cycles
// (below), two tiles loaded or held. In a block with MXU ops, such a select whose
// only user is an elementwise op moves below it (`select(c, 0, old) + d`
// becomes `select(c, 0 + d, old + d)`, the same ops on the same values):
// the load of old then feeds the add directly, which the lowering's MXU
// ordering fetches just before the add instead of holding every selected
// tile in a register (matmul sample, bm=256 bn=512 bk=512: 74k cycles
// with the select above the add, 27k below it). A load moved above the if
// runs even when the branch does not: it stands in only for a later load
// of the same block with nothing between that may stop the core (a
// run-time check), so that it reads a window the kernel reads anyway.
//
// The table is indexed (WindowTable) so that a kernel of thousands of tiles
// costs time linear in its ops, with the answers of a linear search.
//
//===----------------------------------------------------------------------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DmaFlow.h"
#include "mlir/Transforms/RefAlias.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "mlir/Transforms/VRegPressure.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"
#include "sim/MachineDesc.h"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

namespace mlir::tessera {
#define GEN_PASS_DEF_TESSERAREUSELOADS
#include "mlir/Transforms/TesseraPasses.h.inc"
}  // namespace mlir::tessera

using namespace mlir;
using namespace mlir::tessera;

namespace {

/// The fewest tiles the merge selects of one if must select between for
/// them to replace loads (Walker::pays): with one, the condition's mask
/// (sselect + vbcast) and the vsel cost three instructions where the
/// branch's store and the reload cost two.
constexpr int64_t kMinSelectedTiles = 2;

/// A window whose contents are known to equal `value`.
struct Available {
  RefWindow window;
  Value value;
  /// A Ref naming the window (of the load or store that made it known), to
  /// load it again.
  Value ref;
  /// `value` is a select over a load moved above an scf.if: it may stand in
  /// only for loads of this block that run whenever the if does.
  bool speculative = false;
};

struct ReuseLoadsPass
    : mlir::tessera::impl::TesseraReuseLoadsBase<ReuseLoadsPass> {
  void runOnOperation() override;
};

/// The table of a walk: the windows whose contents are known, in the order
/// they became known (a lookup finds the first). A kernel of thousands of
/// tiles keeps thousands of entries, so a lookup or a write does not test
/// them all: entries are grouped by root and rank, and within a group
/// those whose first dimension is a static range are indexed by its start.
/// A write tests only the entries of its group whose static range may meet
/// its own, the others of its group, and one entry per other group (whether
/// windows of different roots or ranks may overlap depends only on the
/// roots); a lookup only the entries of its group that start where it
/// does, and the others of its group. The tests are RefAliasAnalysis's, so
/// the answers are those of testing every entry in order. Dropped entries
/// stay behind as tombstones (so that no entry moves), skipped and pruned
/// from the index as it is walked.
class WindowTable {
public:
  explicit WindowTable(const RefAliasAnalysis &alias) : alias(&alias) {}
  WindowTable(const WindowTable &other) : alias(other.alias) { append(other); }
  WindowTable &operator=(const WindowTable &other) {
    if (this != &other) {
      clear();
      append(other);
    }
    return *this;
  }
  WindowTable(WindowTable &&) = default;
  WindowTable &operator=(WindowTable &&) = default;

  void push(Available entry) {
    unsigned id = slots.size();
    auto [it, inserted] = groupIndex.try_emplace(keyOf(entry.window), groups.size());
    if (inserted)
      groups.emplace_back();
    Group &group = groups[it->second];
    if (std::optional<StaticRange> range = staticFirstDim(entry.window)) {
      group.byLo[range->lo].push_back(id);
      group.maxSize = std::max(group.maxSize, range->size);
    } else {
      group.other.push_back(id);
    }
    group.members.push_back(id);
    speculative += entry.speculative;
    slots.push_back(std::move(entry));
    alive.push_back(true);
  }

  /// The first entry of the same window as `window` (isSameWindow) whose
  /// value has type `type` (any type if null), or null.
  Available *findSame(const RefWindow &window, Type type = {}) {
    if (!window.root)
      return nullptr;
    auto it = groupIndex.find(keyOf(window));
    if (it == groupIndex.end())
      return nullptr;
    Group &group = groups[it->second];
    SmallVector<unsigned> candidates;
    if (std::optional<StaticRange> range = staticFirstDim(window)) {
      // isSameWindow needs equal static starts.
      takeLive(group.other, candidates);
      if (auto at = group.byLo.find(range->lo); at != group.byLo.end())
        takeLive(at->second, candidates);
      llvm::sort(candidates);
    } else {
      liveMembers(group, candidates);
    }
    for (unsigned id : candidates) {
      Available &a = slots[id];
      if ((!type || a.value.getType() == type) && alias->isSameWindow(a.window, window))
        return &a;
    }
    return nullptr;
  }

  /// Drops the entries whose windows `written` may overlap.
  void kill(const RefWindow &written) {
    GroupKey key = keyOf(written);
    for (auto &[groupKey, index] : groupIndex) {
      Group &group = groups[index];
      if (groupKey != key) {
        // Windows of another root or rank: the roots alone decide.
        std::optional<unsigned> any = firstLive(group);
        if (any && alias->mayOverlap(slots[*any].window, written)) {
          for (size_t i = group.cursor; i < group.members.size(); ++i)
            drop(group.members[i]);
          group.cursor = group.members.size();
        }
        continue;
      }
      scratch.clear();
      std::optional<StaticRange> range = staticFirstDim(written);
      int64_t from;
      if (range && !llvm::SubOverflow(range->lo, group.maxSize, from)) {
        takeLive(group.other, scratch);
        // Only entries starting after lo - maxSize may reach into the range.
        for (auto at = group.byLo.upper_bound(from);
             at != group.byLo.end() && at->first < range->lo + range->size;) {
          takeLive(at->second, scratch);
          at = at->second.empty() ? group.byLo.erase(at) : std::next(at);
        }
      } else {
        liveMembers(group, scratch);
      }
      for (unsigned id : scratch)
        if (alias->mayOverlap(slots[id].window, written))
          drop(id);
    }
  }

  /// Drops the entries of loads moved above an if.
  void dropSpeculative() {
    for (unsigned id = 0; speculative && id < slots.size(); ++id)
      if (alive[id] && slots[id].speculative)
        drop(id);
  }

  void clear() {
    slots.clear();
    alive.clear();
    groups.clear();
    groupIndex.clear();
    speculative = 0;
  }

  /// Calls fn(entry) for each entry, in order.
  template <typename Fn>
  void forEach(Fn fn) const {
    for (unsigned id = 0; id < slots.size(); ++id)
      if (alive[id])
        fn(slots[id]);
  }

private:
  using GroupKey = std::pair<Value, unsigned>;  // root, rank
  struct StaticRange {
    int64_t lo, size;
  };
  struct Group {
    /// Entries whose first dimension is the static range [lo, lo + size),
    /// by lo; maxSize is the largest such size.
    std::map<int64_t, SmallVector<unsigned, 2>> byLo;
    int64_t maxSize = 0;
    /// The other entries.
    SmallVector<unsigned> other;
    /// Every entry, in order; those before `cursor` are dropped.
    std::vector<unsigned> members;
    size_t cursor = 0;
  };

  static GroupKey keyOf(const RefWindow &window) {
    return {window.root, (unsigned)window.dims.size()};
  }
  /// The first dimension of `window` if it is a static range (no run-time
  /// offset, known, of static size).
  static std::optional<StaticRange> staticFirstDim(const RefWindow &window) {
    if (!window.root || window.dims.empty())
      return std::nullopt;
    const WindowDim &d = window.dims.front();
    int64_t hi;
    if (d.unknown || !d.terms.empty() || ShapedType::isDynamic(d.size) || d.size < 0 ||
        llvm::AddOverflow(d.lo, d.size, hi))
      return std::nullopt;
    return StaticRange{d.lo, d.size};
  }

  /// Prunes the dropped ids from `ids` and appends the others to `out`.
  void takeLive(SmallVectorImpl<unsigned> &ids, SmallVectorImpl<unsigned> &out) {
    llvm::erase_if(ids, [&](unsigned id) { return !alive[id]; });
    out.append(ids.begin(), ids.end());
  }
  std::optional<unsigned> firstLive(Group &group) {
    while (group.cursor < group.members.size() && !alive[group.members[group.cursor]])
      ++group.cursor;
    if (group.cursor == group.members.size())
      return std::nullopt;
    return group.members[group.cursor];
  }
  /// Appends the group's entries to `out`, in order; compacts the member
  /// list when most of it is dropped.
  void liveMembers(Group &group, SmallVectorImpl<unsigned> &out) {
    size_t first = out.size(), scanned = group.members.size() - group.cursor;
    for (size_t i = group.cursor; i < group.members.size(); ++i)
      if (alive[group.members[i]])
        out.push_back(group.members[i]);
    if (2 * (out.size() - first) < scanned) {
      group.members.assign(out.begin() + first, out.end());
      group.cursor = 0;
    }
  }

  void drop(unsigned id) {
    if (!alive[id])
      return;
    alive[id] = false;
    speculative -= slots[id].speculative;
  }

  void append(const WindowTable &other) {
    other.forEach([&](const Available &a) { push(a); });
  }

  const RefAliasAnalysis *alias;
  std::vector<Available> slots;
  std::vector<bool> alive;
  std::vector<Group> groups;
  DenseMap<GroupKey, unsigned> groupIndex;
  unsigned speculative = 0;
  SmallVector<unsigned> scratch;
};

/// What the contexts of a block say about one load.
struct Proposal {
  /// The value every context found so far (null: some context found none).
  Value value;
};

class Walker {
public:
  explicit Walker(const RefAliasAnalysis &alias) : alias(alias) {}

  /// Walks `flow`'s block entered with `table`; returns what is known at
  /// its end.
  WindowTable walk(const BlockFlow &flow, WindowTable table);

  /// Loads to replace, with their values, in program order of discovery.
  SmallVector<std::pair<LoadOp, Value>> getReplacements() const {
    SmallVector<std::pair<LoadOp, Value>> result;
    for (LoadOp load : order)
      if (Value v = proposals.lookup(load).value)
        result.push_back({load, v});
    return result;
  }

  /// Whether replacing a load by the merge select `value` pays: the
  /// branch's store becomes dead, since after the if the block overwrites
  /// the window before anything but the loads in `replaced` may read it.
  /// (A heuristic: the select costs an instruction, the dead store saves
  /// one.) True for values that are not merge selects.
  bool pays(Value value, const llvm::SmallPtrSetImpl<Operation *> &replaced);

  /// Erases the ops made for branch merges that nothing uses, and drops
  /// their values from `reused` (a replaced load that nothing read leaves
  /// its merge unused).
  void eraseUnusedMerges(SmallVectorImpl<Value> &reused);
  /// Whether the walk made no op for a merge (it left the IR as it was).
  bool madeNothing() const { return made.empty(); }
  /// Moves each merge select below its only user when that is an
  /// elementwise op that may run on both values: `select(c, v, old) + d`
  /// becomes `select(c, v + d, old + d)`. The load of old then feeds the
  /// add as the load it replaced did (the lowering fetches such a load just
  /// before its add, instead of keeping every selected tile live); the
  /// same ops on the same values, so bit for bit the same result.
  /// `reused` (values loads were replaced by) is updated.
  void sinkSelects(SmallVectorImpl<Value> &reused);

private:
  /// `value` as a value usable right before `ifOp`: itself if it dominates
  /// the if; a clone before the if of the speculatable, effect-free ops
  /// inside the if that compute it from such values (`cloneAny`; only
  /// constants otherwise); null if neither.
  Value hoist(Value value, scf::IfOp ifOp, bool cloneAny, unsigned depth = 0);
  /// What the table knows after `ifOp` (without an else) from what the
  /// then-block knows at its end: entries of windows it wrote to a value
  /// known before the if become selects on the condition.
  void mergeBranch(scf::IfOp ifOp, const WindowTable &thenEnd, WindowTable &before,
                   WindowTable &table, function_ref<bool(const RefWindow &)> beingWritten,
                   bool mayLoad);

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
  /// Ops made for merges (hoisted clones, loads, selects), in creation
  /// order; the walk skips them. The same merge in another context of the
  /// block reuses them, so that contexts can agree on a value.
  SmallVector<Operation *> made;
  llvm::SmallPtrSet<Operation *, 16> madeSet;
  DenseMap<std::pair<Operation *, Value>, Value> hoisted;
  DenseMap<std::pair<Operation *, Value>, Value> oldLoads;
  DenseMap<std::tuple<Operation *, Value, Value>, Value> selects;
  /// Per merge select: its if and a Ref of the window.
  DenseMap<Value, std::pair<Operation *, Value>> selectWindows;
  DenseMap<Value, bool> paysCache;
};

/// An op that may stop the core (a run-time check, an op we cannot see
/// into, a region containing one): it reads all memory.
bool mayStop(const RefEffects &effects) {
  return effects.touchesEverything ||
         llvm::any_of(effects.reads, [](const RefWindow &w) { return w.isEverything(); });
}

Value Walker::hoist(Value value, scf::IfOp ifOp, bool cloneAny, unsigned depth) {
  if (isAvailableAt(value, ifOp))
    return value;
  Operation *def = value.getDefiningOp();
  if (!def || !ifOp->isProperAncestor(def) || depth > 8)
    return Value();
  if (auto it = hoisted.find({ifOp, value}); it != hoisted.end())
    return it->second;
  bool constant = def->hasTrait<OpTrait::ConstantLike>();
  if (!constant && (!cloneAny || def->getNumRegions() != 0 ||
                    !isMemoryEffectFree(def) || !isSpeculatable(def)))
    return Value();
  IRMapping mapping;
  for (Value operand : def->getOperands()) {
    Value h = hoist(operand, ifOp, cloneAny, depth + 1);
    if (!h)
      return Value();
    mapping.map(operand, h);
  }
  OpBuilder builder(ifOp);
  Operation *clone = builder.clone(*def, mapping);
  made.push_back(clone);
  madeSet.insert(clone);
  for (auto [original, copy] : llvm::zip(def->getResults(), clone->getResults()))
    hoisted[{ifOp, original}] = copy;
  return hoisted.lookup({ifOp, value});
}

void Walker::mergeBranch(scf::IfOp ifOp, const WindowTable &thenEnd, WindowTable &before,
                         WindowTable &table, function_ref<bool(const RefWindow &)> beingWritten,
                         bool mayLoad) {
  thenEnd.forEach([&](const Available &a) {
    // The window must mean the same outside the if, and nothing may be
    // writing it once the if is done.
    RefWindow outside = alias.widen(a.window, ifOp);
    if (!outside.isExact() || !(outside == a.window) || beingWritten(a.window))
      return;
    if (table.findSame(a.window))
      return;  // The branch did not write it: still known.
    Value thenValue = hoist(a.value, ifOp, /*cloneAny=*/false);
    if (!thenValue)
      return;
    const Available *known = before.findSame(a.window, a.value.getType());
    Value old;
    bool speculative = false;
    if (known) {
      old = known->value;
      speculative = known->speculative;
    } else {
      // Load the old contents right before the if.
      if (!a.ref || !mayLoad)
        return;
      auto it = oldLoads.find({ifOp, a.ref});
      if (it != oldLoads.end()) {
        old = it->second;
      } else {
        Value ref = hoist(a.ref, ifOp, /*cloneAny=*/true);
        if (!ref)
          return;
        OpBuilder builder(ifOp);
        auto load = builder.create<LoadOp>(ifOp.getLoc(), a.value.getType(), ref);
        made.push_back(load);
        madeSet.insert(load);
        old = oldLoads[{ifOp, a.ref}] = load.getResult();
      }
      speculative = true;
    }
    Value merged = thenValue;
    if (old != thenValue) {
      Value &select = selects[{ifOp.getOperation(), thenValue, old}];
      if (!select) {
        OpBuilder builder(ifOp);
        auto op = builder.create<arith::SelectOp>(ifOp.getLoc(), ifOp.getCondition(),
                                                  thenValue, old);
        made.push_back(op);
        madeSet.insert(op);
        select = op.getResult();
        selectWindows[select] = {ifOp, a.ref};
      }
      merged = select;
    }
    table.push({a.window, merged, known ? known->ref : a.ref, speculative});
  });
}

bool Walker::pays(Value value, const llvm::SmallPtrSetImpl<Operation *> &replaced) {
  auto info = selectWindows.find(value);
  if (info == selectWindows.end())
    return true;
  if (auto it = paysCache.find(value); it != paysCache.end())
    return it->second;
  // The selects of one if share its condition's vector mask (a scalar
  // select and a broadcast of the predicate, made once); each then costs a
  // vsel per tile where the branch's store and the reload cost two, and a
  // load of the old contents placed before the if costs one more. So the
  // tiles whose old contents are already held must number at least
  // kMinSelectedTiles. In a block with MXU ops the selects with loads
  // pay in cycles instead, though they cost the mask: moved below the add
  // of a result (sinkSelects), they let the lowering's MXU ordering fetch
  // the old contents just before the add (matmul bm=256 bn=512 bk=512:
  // 24.9k cycles with them, 31.1k without).
  Operation *ifOp = info->second.first;
  int64_t tiles = 0, loaded = 0;
  for (const auto &[select, where] : selectWindows)
    if (where.first == ifOp) {
      tiles += vregsOf(select.getType());
      Value old = cast<arith::SelectOp>(select.getDefiningOp()).getFalseValue();
      if (madeSet.contains(old.getDefiningOp()))
        loaded += vregsOf(select.getType());
    }
  bool mxuBlock = llvm::any_of(*ifOp->getBlock(), [](Operation &o) { return isa<MxuMatmulOp>(o); });
  if (tiles < kMinSelectedTiles || (!mxuBlock && tiles - loaded < kMinSelectedTiles))
    return paysCache[value] = false;
  RefWindow window = alias.getWindow(info->second.second);
  auto mayRead = [&](Operation *op) {
    bool reads = false;
    op->walk([&](Operation *inner) {
      if (auto load = dyn_cast<LoadOp>(inner)) {
        reads |= !replaced.contains(inner) &&
                 alias.mayOverlap(alias.getWindow(load.getRef()), window);
        return;
      }
      if (isStructuredControlFlow(inner))
        return;  // The walk visits what is inside.
      RefEffects effects = getRefEffects(inner, alias);
      reads |= effects.touchesEverything ||
               llvm::any_of(effects.reads, [&](const RefWindow &r) {
                 return alias.mayOverlap(r, window);
               });
    });
    return reads;
  };
  bool result = false;
  for (Operation *op = info->second.first->getNextNode(); op; op = op->getNextNode()) {
    if (auto store = dyn_cast<StoreOp>(op);
        store && alias.mustCover(alias.getWindow(store.getRef()), window)) {
      result = true;
      break;
    }
    if (mayRead(op))
      break;
  }
  return paysCache[value] = result;
}

void Walker::eraseUnusedMerges(SmallVectorImpl<Value> &reused) {
  for (Operation *&op : llvm::reverse(made))
    if (op->use_empty()) {
      llvm::erase_if(reused, [&](Value v) { return v.getDefiningOp() == op; });
      op->erase();
      op = nullptr;
    }
}

void Walker::sinkSelects(SmallVectorImpl<Value> &reused) {
  for (Operation *&op : made) {
    auto select = dyn_cast_or_null<arith::SelectOp>(op);
    if (!select || !select->hasOneUse())
      continue;
    Operation *user = *select->user_begin();
    // Only where the lowering orders for the MXUs (see above).
    bool mxuBlock = llvm::any_of(*user->getBlock(),
                                 [](Operation &o) { return isa<MxuMatmulOp>(o); });
    if (!mxuBlock || madeSet.contains(user) || user->getNumResults() != 1 || user->getNumRegions() != 0 ||
        !user->hasTrait<OpTrait::Elementwise>() || !isMemoryEffectFree(user) ||
        !isSpeculatable(user) || user->getResult(0).getType() != select.getType())
      continue;
    OpBuilder builder(user);
    auto applyTo = [&](Value v) {
      IRMapping mapping;
      mapping.map(select.getResult(), v);
      return builder.clone(*user, mapping)->getResult(0);
    };
    Value onTrue = applyTo(select.getTrueValue());
    Value onFalse = applyTo(select.getFalseValue());
    auto sunk = builder.create<arith::SelectOp>(user->getLoc(), select.getCondition(),
                                                onTrue, onFalse);
    for (Value &v : reused)
      if (v == select.getResult() || v == user->getResult(0))
        v = sunk.getResult();
    user->getResult(0).replaceAllUsesWith(sunk.getResult());
    user->erase();
    select->erase();
    op = nullptr;
  }
}

WindowTable Walker::walk(const BlockFlow &flow, WindowTable table) {
  SubstId subst = flow.getSubst();
  auto kill = [&](const RefWindow &written) { table.kill(written); };
  auto beingWritten = [&](unsigned position, const RefWindow &window) {
    return llvm::any_of(flow.getInFlight(position), [&](const DmaTransfer *t) {
      return alias.mayOverlap(t->dst, window);
    });
  };
  auto remember = [&](unsigned position, const RefWindow &window, Value value, Value ref) {
    if (window.isExact() && !beingWritten(position, window))
      table.push({window, value, ref});
  };
  // Transfers running when the block starts may write what the table says.
  for (const DmaTransfer *t : flow.getInFlight(0))
    kill(t->dst);

  for (Operation &op : flow.getBlock()) {
    if (madeSet.contains(&op))
      continue;  // Made by a merge in another context of this block.
    unsigned position = flow.getPosition(&op);
    if (auto load = dyn_cast<LoadOp>(op)) {
      RefWindow window = alias.getWindow(load.getRef(), subst);
      if (Available *hit = table.findSame(window, load.getType())) {
        propose(load, hit->value);
        // Later loads of the window may use this load's value: it is the
        // same, and stays valid should another context keep the load.
        hit->value = load.getResult();
        continue;
      }
      propose(load, Value());
      remember(position, window, load.getResult(), load.getRef());
      continue;
    }

    // A DMA's destination is killed at its dma_start, and nothing about it
    // is remembered until the DMA completes, so completion kills nothing.
    RefEffects effects = getRefEffects(&op, alias, subst);
    // A load moved above an if stands in only for loads that surely run.
    if (mayStop(effects) || isStructuredControlFlow(&op))
      table.dropSpeculative();
    WindowTable thenEnd(alias);
    if (isStructuredControlFlow(&op)) {
      for (const BlockFlow *inner : flow.getNested(&op)) {
        WindowTable entry = table;
        bool loops = inner->getKind() == BlockFlow::Kind::laterIteration ||
                     inner->getKind() == BlockFlow::Kind::whileLoop;
        if (loops && effects.touchesEverything)
          entry.clear();
        if (loops)  // The back edge: whatever the loop writes.
          for (const RefWindow &written : effects.writes)
            entry.kill(written);
        thenEnd = walk(*inner, std::move(entry));
      }
    }
    auto ifOp = dyn_cast<scf::IfOp>(op);
    bool merges = ifOp && ifOp.getElseRegion().empty() && flow.getNested(&op).size() == 1 &&
                  !effects.touchesEverything;
    WindowTable before(alias);
    if (merges)
      before = table;
    if (effects.touchesEverything)
      table.clear();
    for (const RefWindow &written : effects.writes)
      kill(written);
    if (merges)
      // A branch that may stop the core may keep the later load from
      // running: then no load moves above it.
      mergeBranch(ifOp, thenEnd, before, table,
                  [&](const RefWindow &w) { return beingWritten(position, w); },
                  /*mayLoad=*/!mayStop(effects));
    if (auto store = dyn_cast<StoreOp>(op))
      remember(position, alias.getWindow(store.getRef(), subst), store.getValue(),
               store.getRef());
  }
  return table;
}

/// An op of `op`'s block before it that computes the same thing, if any.
Operation *findEarlierTwin(Operation *op) {
  if (op->getNumOperands() == 0)
    return nullptr;
  for (Operation *other : op->getOperand(0).getUsers())
    if (other != op && other->getBlock() == op->getBlock() &&
        other->isBeforeInBlock(op) &&
        OperationEquivalence::isEquivalentTo(other, op, OperationEquivalence::IgnoreLocations))
      return other;
  return nullptr;
}

/// Ops on two loads of one window compute the same thing once the loads
/// are one value (the bf16 parts of a HIGHEST dot's operands, a rounding of
/// the tile): keep the first. Only ops that depend on a reused value,
/// without memory effects or regions, merged with an earlier op of their
/// block (which dominates them); views and MXU weights (an allocation) are
/// left as they are.
void mergeSameComputations(ArrayRef<Value> reusedValues) {
  SmallVector<Operation *> worklist;
  auto pushUsers = [&](Value v) {
    for (Operation *user : v.getUsers())
      worklist.push_back(user);
  };
  for (Value v : reusedValues)
    pushUsers(v);
  llvm::SmallPtrSet<Operation *, 16> erased;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (erased.contains(op) || isa<ViewOp>(op) || op->getNumRegions() != 0 ||
        op->getNumResults() == 0 || !isMemoryEffectFree(op))
      continue;
    Operation *twin = findEarlierTwin(op);
    if (!twin)
      continue;
    op->replaceAllUsesWith(twin);
    erased.insert(op);
    op->erase();
    for (Value result : twin->getResults())
      pushUsers(result);
  }
}

void ReuseLoadsPass::runOnOperation() {
  const KernelFlowAnalysis &flow = getAnalysis<KernelFlowAnalysis>();
  const RefAliasAnalysis &alias = flow.alias;
  if (!flow.dmas.getEntry())
    return markAllAnalysesPreserved();
  Walker walker(alias);
  walker.walk(*flow.dmas.getEntry(), WindowTable(alias));

  // A replaced load's value may itself be a replaced load: follow the chain
  // (values always come from earlier ops, so it ends).
  SmallVector<std::pair<LoadOp, Value>> replacements = walker.getReplacements();
  llvm::SmallPtrSet<Operation *, 16> proposed;
  for (auto [load, value] : replacements)
    proposed.insert(load);
  llvm::erase_if(replacements, [&](const std::pair<LoadOp, Value> &r) {
    return !walker.pays(r.second, proposed);
  });
  DenseMap<Value, Value> replacement;
  for (auto [load, value] : replacements)
    replacement[load.getResult()] = value;
  auto resolve = [&](Value v) {
    for (auto it = replacement.find(v); it != replacement.end(); it = replacement.find(v))
      v = it->second;
    return v;
  };
  // A load whose value only leaves its region (every use a yield) costs
  // what the vmov that would yield the value instead costs. If the value
  // comes from outside a loop around the load, keeping it live through the
  // loop costs more: a copy before the loop when it also starts a carried
  // value there, a copy on the back edge when it is another loop's carried
  // value (the allocator cannot give both carries and the value one
  // register). Such a load stays, unless it is the loop's own yield of the
  // value the loop starts that carry with: then the carry never changes.
  llvm::erase_if(replacements, [&](const std::pair<LoadOp, Value> &r) {
    Value value = resolve(r.second);
    if (!llvm::all_of(r.first->getUsers(), [](Operation *u) { return isa<scf::YieldOp>(u); }))
      return false;
    LoadOp load = r.first;
    for (OpOperand &use : load.getResult().getUses())
      if (auto loop = dyn_cast<scf::ForOp>(use.getOwner()->getParentOp()))
        if (resolve(loop.getInitArgs()[use.getOperandNumber()]) == value)
          return false;
    for (Operation *loop = r.first->getParentOp(); loop; loop = loop->getParentOp())
      if (isa<scf::ForOp, scf::WhileOp>(loop))
        return !loop->isAncestor(value.getParentRegion()->getParentOp());
    return false;
  });
  // A load before a loop whose value the loop uses, replaced by a value
  // that also starts one of the loop's carried values, saves one load and
  // costs a copy before the loop (the carried register starts as the value
  // and changes, the value stays): it stays. So does one that starts a
  // carried value, replaced by a value the loop uses: the same pair the
  // other way round (a kernel of the differential test: 339 instructions
  // with it replaced, 231 without).
  auto startsCarryOfLoopUsing = [](Value starts, Value used, Operation *load) {
    for (Operation *user : starts.getUsers()) {
      if (!isa<scf::ForOp, scf::WhileOp>(user) || user->isAncestor(load))
        continue;
      if (llvm::any_of(used.getUsers(), [&](Operation *u) { return user->isProperAncestor(u); }))
        return true;
    }
    return false;
  };
  llvm::erase_if(replacements, [&](const std::pair<LoadOp, Value> &r) {
    Value value = resolve(r.second);
    LoadOp load = r.first;
    return startsCarryOfLoopUsing(value, load.getResult(), load) ||
           startsCarryOfLoopUsing(load.getResult(), value, load);
  });
  // A load in a loop replaced by a value from outside it keeps that value
  // live through the loop, beside the loop's carried values and the other
  // values it uses from outside. Past the vector registers that costs
  // spills in every iteration where the load cost one vld: such a load
  // stays (a kernel carrying 32 tiles whose body reloaded the 32 it
  // started with: 351 instructions with the loads reused, 255 without).
  llvm::DenseMap<Operation *, int64_t> loopPressure;
  llvm::DenseMap<Operation *, llvm::DenseSet<Value>> loopLiveIns;
  auto pressureOf = [&](Operation *loop) -> int64_t & {
    auto [it, fresh] = loopPressure.try_emplace(loop, 0);
    if (fresh) {
      llvm::DenseSet<Value> &ins = loopLiveIns[loop];
      int64_t p = 0;
      for (Value carried : loop->getResults())
        if (isa<VectorType>(carried.getType()))
          p += vregsOf(carried.getType());
      for (Region &region : loop->getRegions())
        region.walk([&](Operation *inner) {
          for (Value operand : inner->getOperands())
            if (isa<VectorType>(operand.getType()) &&
                !loop->isAncestor(operand.getParentRegion()->getParentOp()) &&
                ins.insert(operand).second)
              p += vregsOf(operand.getType());
        });
      it->second = p;
    }
    return it->second;
  };
  llvm::erase_if(replacements, [&](const std::pair<LoadOp, Value> &r) {
    Value value = resolve(r.second);
    if (!isa<VectorType>(value.getType()))
      return false;
    SmallVector<Operation *> through;  // the regions the value would enter
    for (Operation *loop = r.first->getParentOp(); loop; loop = loop->getParentOp()) {
      if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp>(loop))
        continue;
      if (loop->isAncestor(value.getParentRegion()->getParentOp()))
        break;
      if (loopLiveIns[loop].contains(value))
        continue;
      if (pressureOf(loop) + vregsOf(value.getType()) > ::tessera::machine::kNumVRegs)
        return true;
      through.push_back(loop);
    }
    for (Operation *loop : through)
      if (loopLiveIns[loop].insert(value).second)
        pressureOf(loop) += vregsOf(value.getType());
    return false;
  });
  // A load after a DMA wait replaced by a value live only before the wait
  // keeps that value live across the wait, through the work the lowering
  // overlaps with the DMA (late waits, lowering/Dependences.cpp). The
  // values crossing one wait share kWaitCarryVRegs registers; past them the
  // load stays, and so does the store it would have made dead (the seed's
  // start/wait experiment: 32 tiles stored before the wait, read after it,
  // all forwarded spilled around the wait and left the work after it).
  // The last op of `load`'s block before it where `v` is live anyway (its
  // definition, or a use), or null (defined before the block).
  auto liveUntil = [](Value v, Operation *load) -> Operation * {
    Block *block = load->getBlock();
    Operation *from = nullptr;
    auto later = [&](Operation *op) {
      if (Operation *at = op ? block->findAncestorOpInBlock(*op) : nullptr)
        if (at->isBeforeInBlock(load) && (!from || from->isBeforeInBlock(at)))
          from = at;
    };
    later(v.getDefiningOp());
    for (Operation *user : v.getUsers())
      later(user);
    return from;
  };
  // The ops of `ops` (in block order) strictly between `from` (null: the
  // block's start) and `to`.
  auto between = [](ArrayRef<Operation *> ops, Operation *from, Operation *to) {
    auto first = from ? std::upper_bound(ops.begin(), ops.end(), from,
                                         [](Operation *a, Operation *b) {
                                           return a->isBeforeInBlock(b);
                                         })
                      : ops.begin();
    auto last = std::lower_bound(first, ops.end(), to, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    return ArrayRef<Operation *>(first, last);
  };
  // Per block, its DMA waits and its MXU matmuls, in order.
  struct Crossings {
    SmallVector<Operation *> waits, matmuls;
  };
  llvm::DenseMap<Block *, Crossings> crossingsOf;
  auto crossingsIn = [&](Block *block) -> const Crossings & {
    auto [it, fresh] = crossingsOf.try_emplace(block);
    if (fresh)
      for (Operation &op : *block) {
        if (isa<DmaWaitOp>(op))
          it->second.waits.push_back(&op);
        if (isa<MxuMatmulOp>(op))
          it->second.matmuls.push_back(&op);
      }
    return it->second;
  };
  llvm::DenseMap<Operation *, std::pair<llvm::DenseSet<Value>, int64_t>> carriedPast;
  llvm::erase_if(replacements, [&](const std::pair<LoadOp, Value> &r) {
    Value value = resolve(r.second);
    if (!isa<VectorType>(value.getType()))
      return false;
    Operation *load = r.first;
    SmallVector<Operation *> crossed;  // those the value is not carried past yet
    for (Operation *wait : between(crossingsIn(load->getBlock()).waits, liveUntil(value, load), load))
      if (!carriedPast[wait].first.contains(value))
        crossed.push_back(wait);
    int64_t vregs = vregsOf(value.getType());
    if (llvm::any_of(crossed, [&](Operation *w) {
          return carriedPast[w].second + vregs > kWaitCarryVRegs;
        }))
      return true;
    for (Operation *wait : crossed) {
      carriedPast[wait].first.insert(value);
      carriedPast[wait].second += vregs;
    }
    return false;
  });
  // A load replaced by an earlier load of the same window keeps that tile
  // live from its last use before the load to the load. Across MXU
  // matmuls, whose weights and row tiles take most registers, loading it
  // again is cheaper (as instruction selection loads a dot's shared row
  // tiles again for each weight block): the load stays. (A kernel of the
  // differential test kept 32 loaded tiles across a HIGHEST dot: 733
  // instructions with them reused, 691 without.)
  llvm::erase_if(replacements, [&](const std::pair<LoadOp, Value> &r) {
    // The load it stands in for (itself perhaps replaced by an earlier one,
    // unless this rule keeps it: then its own uses say where it is live).
    Value value = r.second;
    if (!value.getDefiningOp<LoadOp>())
      return false;
    Operation *load = r.first;
    ArrayRef<Operation *> matmuls = crossingsIn(load->getBlock()).matmuls;
    if (matmuls.empty())
      return false;
    Operation *from = liveUntil(value, load);
    return from && !between(matmuls, from, load).empty();
  });
  // A load replaced by an earlier load's value must leave the registers
  // enough (VRegPressure.h): a value live where the block's values fill
  // them is what the allocator spills, everywhere, and a spilled value is
  // reloaded before each use, which is what the kept load costs, next to
  // its use. So such a load stays. (A kernel of the differential test: two
  // loads of one [128, 128] window, one transposed, one rounded to bf16
  // for a dot, both stored under masks after it: 450 instructions with one
  // load, 349 with both.) Stored values and merge selects keep their own
  // rules (above, and Walker::pays): in blocks with MXU ops the lowering
  // fetches the loads they stand for just in time, which the model does not
  // see (asked too, it refused the selects and forwarded accumulators of
  // flash attention: 13,484 cycles instead of 7,380); the model still
  // learns that they are forwarded. The loads are taken in program order,
  // each seeing those before it replaced.
  VRegPressure pressure;
  DenseMap<Value, Value> forwarded;
  llvm::erase_if(replacements, [&](const std::pair<LoadOp, Value> &r) {
    Value value = r.second;
    for (auto it = forwarded.find(value); it != forwarded.end(); it = forwarded.find(value))
      value = it->second;
    Operation *load = r.first;
    int64_t limit = value.getDefiningOp<LoadOp>() ? ::tessera::machine::kNumVRegs : INT64_MAX;
    if (!pressure.tryForward(load, value, limit))
      return true;
    forwarded[load->getResult(0)] = value;
    return false;
  });
  // Nothing is reused and the walk made no merge: the kernel is as it was,
  // and so are its analyses (tessera-eliminate-dead-stores starts from the
  // same KernelFlowAnalysis). Merges made for nothing are erased below.
  if (replacements.empty() && walker.madeNothing())
    return markAllAnalysesPreserved();
  replacement.clear();
  for (auto [load, value] : replacements)
    replacement[load.getResult()] = value;
  SmallVector<Operation *> reused;
  SmallVector<Value> reusedValues;
  for (auto [load, value] : replacements) {
    reusedValues.push_back(resolve(value));
    load.getResult().replaceAllUsesWith(reusedValues.back());
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
  walker.eraseUnusedMerges(reusedValues);
  walker.sinkSelects(reusedValues);
  mergeSameComputations(reusedValues);
}

}  // namespace
