//===- VRegPressure.cpp - Vector registers live at each op of a block -----===//
//
// Each block's model: its ops in order, where the lowering places each
// (an effect-free op or a load just before its first user, found walking
// the block backwards; anything else where it is), each vector value's
// live interval in those places, and a tree over the places holding the
// registers live at each (range add, range maximum), so that a question
// costs time logarithmic in the block. See VRegPressure.h.
//
//===----------------------------------------------------------------------===//
#include "mlir/Transforms/VRegPressure.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using namespace mlir::tessera;

int64_t mlir::tessera::vregsOf(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector)
    return 0;
  if (vector.getRank() == 0)
    return 1;
  ArrayRef<int64_t> shape = vector.getShape();
  int64_t n = llvm::divideCeil(shape.back(), 128);
  if (shape.size() >= 2)
    n *= llvm::divideCeil(shape[shape.size() - 2], 8);
  for (int64_t d : shape.drop_back(std::min<size_t>(shape.size(), 2)))
    n *= d;
  return n;
}

bool mlir::tessera::isAvailableAt(Value v, Operation *op) {
  Block *block = v.getParentBlock();
  Operation *ancestor = block ? block->findAncestorOpInBlock(*op) : nullptr;
  if (!ancestor)
    return false;
  Operation *def = v.getDefiningOp();
  return !def || (def != ancestor && def->isBeforeInBlock(ancestor));
}

namespace {

/// Places [lo, hi] of a block, inclusive.
struct Interval {
  int lo, hi;
};

/// Adds to ranges of places and answers the largest sum over a range.
class RangeMax {
public:
  explicit RangeMax(int n) : n(std::max(n, 1)), top(4 * this->n, 0), pending(4 * this->n, 0) {}
  void add(int lo, int hi, int64_t delta) {
    if (lo <= hi)
      add(1, 0, n - 1, lo, hi, delta);
  }
  int64_t max(int lo, int hi) const { return lo <= hi ? max(1, 0, n - 1, lo, hi) : 0; }

private:
  void add(int node, int l, int r, int lo, int hi, int64_t delta) {
    if (hi < l || r < lo)
      return;
    if (lo <= l && r <= hi) {
      top[node] += delta;
      pending[node] += delta;
      return;
    }
    int mid = (l + r) / 2;
    add(2 * node, l, mid, lo, hi, delta);
    add(2 * node + 1, mid + 1, r, lo, hi, delta);
    top[node] = pending[node] + std::max(top[2 * node], top[2 * node + 1]);
  }
  int64_t max(int node, int l, int r, int lo, int hi) const {
    if (lo <= l && r <= hi)
      return top[node];
    int mid = (l + r) / 2;
    int64_t best = INT64_MIN;
    if (lo <= mid)
      best = std::max(best, max(2 * node, l, mid, lo, hi));
    if (hi > mid)
      best = std::max(best, max(2 * node + 1, mid + 1, r, lo, hi));
    return pending[node] + best;
  }

  int n;
  std::vector<int64_t> top, pending;
};

/// `v` is defined in `block` or in an op nested in it.
bool definedIn(Value v, Block *block) {
  Block *at = v.getParentBlock();
  if (at == block)
    return true;
  Operation *parent = at ? at->getParentOp() : nullptr;
  return parent && block->findAncestorOpInBlock(*parent);
}

/// Some op after `op` (in its block or a block around it) reads `v`.
bool usedAfter(Value v, Operation *op) {
  for (Operation *user : v.getUsers()) {
    if (op->isAncestor(user))
      continue;
    for (Operation *p = op; p && !isa<func::FuncOp>(p); p = p->getParentOp())
      if (Operation *at = p->getBlock()->findAncestorOpInBlock(*user)) {
        if (p->isBeforeInBlock(at))
          return true;
        break;
      }
  }
  return false;
}

}  // namespace

class VRegPressure::BlockModel {
public:
  explicit BlockModel(Block *block) : block(block), tree((int)block->getOperations().size()) {
    for (Operation &op : *block) {
      index[&op] = ops.size();
      ops.push_back(&op);
    }
    int n = ops.size();
    // Where each op runs: an op without effects (or a load) just before
    // its first user, as the lowering's depth-first order puts it.
    place.assign(n, 0);
    for (int i = n - 1; i >= 0; --i) {
      Operation *op = ops[i];
      place[i] = i;
      bool sinks = op->getNumRegions() == 0 && !op->hasTrait<OpTrait::IsTerminator>() &&
                   (isa<LoadOp>(op) || isMemoryEffectFree(op));
      if (!sinks)
        continue;
      int first = n;
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers())
          if (std::optional<int> at = placeOfUse(user))
            first = std::min(first, *at);
      if (first < n)
        place[i] = first;
    }
    auto lastUse = [&](Value v, int from) {
      int last = from;
      for (Operation *user : v.getUsers())
        if (std::optional<int> at = placeOfUse(user))
          last = std::max(last, *at);
      return last;
    };
    // Values defined here.
    for (BlockArgument arg : block->getArguments())
      track(arg, {0, lastUse(arg, 0)});
    for (int i = 0; i < n; ++i)
      for (Value result : ops[i]->getResults())
        track(result, {place[i], lastUse(result, place[i])});
    // Values from outside read here.
    for (Operation *op : ops)
      op->walk([&](Operation *inner) {
        for (Value v : inner->getOperands())
          if (!live.count(v) && vregsOf(v.getType()) > 0 && !definedIn(v, block))
            track(v, {0, livesAround(v) ? n - 1 : lastUse(v, 0)});
      });
    // Values from outside read after the ops around this block: live
    // through it.
    Operation *parent = block->getParentOp();
    for (Operation *p = parent; p && !isa<func::FuncOp>(p); p = p->getParentOp())
      for (Operation *after = p->getNextNode(); after; after = after->getNextNode())
        after->walk([&](Operation *inner) {
          for (Value v : inner->getOperands())
            if (!live.count(v) && vregsOf(v.getType()) > 0 && isAvailableAt(v, p))
              track(v, {0, n - 1});
        });
  }

  /// The place of the op of this block that is or holds `user`.
  std::optional<int> placeOfUse(Operation *user) const {
    Operation *at = block->findAncestorOpInBlock(*user);
    if (!at)
      return std::nullopt;
    return place[index.lookup(at)];
  }

  /// `v`, defined outside this block, stays live through all of it: the
  /// block is a loop's body (the back edge), or something after the ops
  /// around it reads `v`.
  bool livesAround(Value v) const {
    Operation *parent = block->getParentOp();
    if (!parent || isa<func::FuncOp>(parent))
      return false;
    return isa<scf::ForOp, scf::WhileOp>(parent) || usedAfter(v, parent);
  }

  int size() const { return ops.size(); }

  Block *block;
  std::vector<Operation *> ops;
  DenseMap<Operation *, int> index;
  std::vector<int> place;
  DenseMap<Value, Interval> live;
  RangeMax tree;

private:
  void track(Value v, Interval interval) {
    int64_t vregs = vregsOf(v.getType());
    if (vregs == 0)
      return;
    live[v] = interval;
    tree.add(interval.lo, interval.hi, vregs);
  }
};

VRegPressure::VRegPressure() = default;
VRegPressure::~VRegPressure() = default;

VRegPressure::BlockModel &VRegPressure::modelOf(Block *block) {
  std::unique_ptr<BlockModel> &model = models[block];
  if (!model)
    model = std::make_unique<BlockModel>(block);
  return *model;
}

bool VRegPressure::tryForward(Operation *load, Value value, int64_t limit) {
  Value from = load->getResult(0);
  int64_t vregs = vregsOf(value.getType()), fromVregs = vregsOf(from.getType());
  if (vregs == 0)
    return true;
  // The blocks `value` would newly be live in or longer: from the load's
  // out to the one that defines it.
  struct Change {
    BlockModel *model;
    std::optional<Interval> before;
    Interval after;
  };
  SmallVector<Change> changes;
  SmallVector<std::tuple<BlockModel *, int, int, int64_t>> added;
  auto undo = [&] {
    for (auto [model, lo, hi, delta] : added)
      model->tree.add(lo, hi, -delta);
  };
  auto add = [&](BlockModel &model, int lo, int hi, int64_t delta) {
    if (lo > hi)
      return;
    model.tree.add(lo, hi, delta);
    added.push_back({&model, lo, hi, delta});
  };
  for (Block *block = load->getBlock(); block;) {
    BlockModel &model = modelOf(block);
    int lo = model.size(), hi = -1;
    for (Operation *user : from.getUsers())
      if (std::optional<int> at = model.placeOfUse(user)) {
        lo = std::min(lo, *at);
        hi = std::max(hi, *at);
      }
    std::optional<Interval> before;
    if (auto it = model.live.find(value); it != model.live.end())
      before = it->second;
    bool here = value.getParentBlock() == block;
    Interval after{here ? lo : 0, hi};
    if (before) {
      after.lo = std::min(after.lo, before->lo);
      after.hi = std::max(after.hi, before->hi);
    } else if (!here && model.livesAround(value)) {
      after.hi = model.size() - 1;
    }
    if (after.lo <= after.hi) {
      if (before) {
        add(model, after.lo, before->lo - 1, vregs);
        add(model, before->hi + 1, after.hi, vregs);
      } else {
        add(model, after.lo, after.hi, vregs);
      }
      if (block == load->getBlock())
        if (auto it = model.live.find(from); it != model.live.end())
          add(model, it->second.lo, it->second.hi, -fromVregs);
      if (model.tree.max(after.lo, after.hi) > limit) {
        undo();
        return false;
      }
      changes.push_back({&model, before, after});
    }
    if (here)
      break;
    Operation *parent = block->getParentOp();
    block = parent && !isa<func::FuncOp>(parent) ? parent->getBlock() : nullptr;
  }
  for (const Change &c : changes)
    c.model->live[value] = c.after;
  modelOf(load->getBlock()).live.erase(from);
  return true;
}
