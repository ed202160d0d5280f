//===- Rematerialize.cpp - Load a tile again across its own reduction -----===//
//
// A normalization reads each tile twice: once into a reduction (a row's
// max, sum or mean) and once, with the reduction's result, to normalize it:
//
//   x = x_ref[rows]; e = exp(x - max(x)); xc = x - mean(x); xc * rsqrt(...)
//
// Between the two reads the tile waits out the reduction: a cross-lane
// reduce (kLatCrossLane, 24 cycles) and whatever follows it. A row group
// of 8 tiles then holds 8 registers through that wait, and the scheduler,
// with 32 registers, overlaps few groups: layer norm's unrolled loop ran
// its 4 groups nearly one after another (3,649 empty bundles of 7,658).
// Loaded again just before the second read, the tile holds no register
// through the wait: one vld (VMEM is read at one tile per bundle).
//
// So for each tile-sized value `t` of a block whose users include one,
// `late`, that depends (through its other operands) on a tessera.reduce
// which itself depends on `t`, the pass gives `late` (and the other such
// users) a copy of `t` made just before the first of them:
//  - a tessera.load, when nothing between the load and there may write
//    memory (anything but a load or an op without effects counts);
//  - a cheap elementwise op (add, sub, mul, max, min, neg of floats or
//    integers, select) whose operands are copied the same way (loads
//    again, depth kMaxDepth) or kept: a constant, a value from outside
//    the block, or one that several ops read (a broadcast of the row's
//    statistic, one register for the whole group). Layer norm's
//    `xc = x - mean` becomes `x_ref[rows] - mean` again at `xc * inv`.
// Never an EUP or MXU result: computing those again costs more than the
// registers they hold.
//
// The lowering runs a load or an op without effects just before its first
// user (lowering/Ordering.cpp), so the copy runs where it is needed.
//
//===----------------------------------------------------------------------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TesseraDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/TesseraPasses.h"
#include "mlir/Transforms/VRegPressure.h"
#include "llvm/ADT/BitVector.h"
#include "sim/MachineDesc.h"

namespace mlir::tessera {
#define GEN_PASS_DEF_TESSERAREMATERIALIZE
#include "mlir/Transforms/TesseraPasses.h.inc"
}  // namespace mlir::tessera

using namespace mlir;
using namespace mlir::tessera;

namespace {

/// How deep a copied elementwise op's operands are copied in turn.
constexpr int kMaxDepth = 2;
// The default of min-waiting-vregs (TesseraPasses.td), the fewest
// registers a block's values must hold through their own reductions for
// the pass to copy any: three quarters of the register file. Fewer fit
// beside the block's other values, and a copy only adds a load (the
// differential test's kernels of one or two such tiles gained a `vld`
// where they had waited out the reduction in a `nop`).
static_assert(24 == 3 * ::tessera::machine::kNumVRegs / 4,
              "TesseraPasses.td's min-waiting-vregs default");

struct RematerializePass : mlir::tessera::impl::TesseraRematerializeBase<RematerializePass> {
  using TesseraRematerializeBase::TesseraRematerializeBase;
  void runOnOperation() override;
};

/// Whether `op` may write memory (or do anything but read it).
bool mayWrite(Operation *op) {
  if (isMemoryEffectFree(op))
    return false;
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return true;
  return llvm::any_of(*effects, [](const MemoryEffects::EffectInstance &e) {
    return !isa<MemoryEffects::Read>(e.getEffect());
  });
}

/// The VALU ops the pass computes again (one cycle or two, no EUP).
bool isCheap(Operation *op) {
  return isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::MaximumFOp, arith::MinimumFOp,
             arith::NegFOp, arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::SelectOp>(op);
}

/// One block's ops, where each may be copied to, and what depends on what.
class BlockRemat {
public:
  BlockRemat(Block &block, int64_t minWaiting) : block(block), minWaiting(minWaiting) {
    for (Operation &op : block) {
      pos[&op] = ops.size();
      ops.push_back(&op);
    }
    writersBefore.assign(ops.size() + 1, 0);
    for (size_t i = 0; i < ops.size(); ++i)
      writersBefore[i + 1] = writersBefore[i] + (mayWrite(ops[i]) ? 1 : 0);
    // Reductions across the lanes (the XLU's kLatCrossLane); one across
    // the sublanes (kLatSublaneReduce) is over before a copy would pay.
    for (Operation *op : ops)
      if (auto reduce = dyn_cast<ReduceOp>(op)) {
        auto type = dyn_cast<VectorType>(reduce.getType());
        if (type && reduce.getAxis() == type.getRank() - 1)
          reduceBit[op] = reduceBit.size();
      }
  }

  /// Rewrites the block; whether anything changed.
  bool run() {
    if (reduceBit.empty())
      return false;
    computeReach();
    std::vector<SmallVector<OpOperand *>> late(ops.size());
    std::vector<size_t> first(ops.size(), ops.size());
    int64_t waiting = 0;
    for (size_t i = 0; i < ops.size(); ++i)
      if (lateUses(ops[i], late[i], first[i]))
        waiting += vregsOf(ops[i]->getResult(0).getType());
    if (waiting < minWaiting)
      return false;
    bool changed = false;
    // The block's own ops only: the copies made on the way need nothing.
    for (size_t i = 0; i < ops.size(); ++i)
      if (!late[i].empty() && canCopy(ops[i]->getResult(0), first[i], kMaxDepth)) {
        IRMapping made;
        Value again = copy(ops[i]->getResult(0), ops[first[i]], first[i], kMaxDepth, made);
        for (OpOperand *use : late[i])
          use->set(again);
        changed = true;
      }
    return changed;
  }

private:
  /// up[i]: the reductions op i depends on through its operands (itself
  /// not counted); down[i]: those that depend on op i (itself counted).
  void computeReach() {
    size_t n = ops.size(), r = reduceBit.size();
    up.assign(n, llvm::BitVector(r));
    down.assign(n, llvm::BitVector(r));
    for (size_t i = 0; i < n; ++i)
      for (Value operand : ops[i]->getOperands())
        if (std::optional<size_t> d = indexOf(operand.getDefiningOp())) {
          up[i] |= up[*d];
          if (auto it = reduceBit.find(ops[*d]); it != reduceBit.end())
            up[i].set(it->second);
        }
    for (size_t i = n; i-- > 0;) {
      if (auto it = reduceBit.find(ops[i]); it != reduceBit.end())
        down[i].set(it->second);
      for (Value result : ops[i]->getResults())
        for (Operation *user : result.getUsers())
          if (std::optional<size_t> u = indexOf(block.findAncestorOpInBlock(*user)))
            down[i] |= down[*u];
    }
  }

  std::optional<size_t> indexOf(Operation *op) const {
    if (!op || op->getBlock() != &block)
      return std::nullopt;
    auto it = pos.find(op);
    return it == pos.end() ? std::nullopt : std::optional<size_t>(it->second);
  }

  /// Whether a copy may read `v` as it is (it is live where the copy goes,
  /// or costs one register more): a constant, a block argument or a value
  /// from outside the block, or one that several ops read.
  bool keeps(Value v) const {
    if (matchPattern(v, m_Constant()))
      return true;
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != &block)
      return true;
    return !v.hasOneUse();
  }

  /// Whether `v` can be computed again just before ops[at]: a load with
  /// no possible write between it and there, or a cheap elementwise op
  /// whose operands can be (depth `depth`) or are kept.
  bool canCopy(Value v, size_t at, int depth) const {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != &block || def->getNumResults() != 1)
      return false;
    size_t after = copyAfter.count(def) ? copyAfter.lookup(def) : pos.lookup(def) + 1;
    if (isa<LoadOp>(def))
      return writersBefore[at] == writersBefore[after];
    if (depth == 0 || !isCheap(def) || !isMemoryEffectFree(def))
      return false;
    bool copiesSome = false;
    for (Value operand : def->getOperands()) {
      if (canCopy(operand, at, depth - 1)) {
        copiesSome = true;
        continue;
      }
      if (!keeps(operand))
        return false;
    }
    // Copying an op over kept operands alone only moves the registers.
    return copiesSome;
  }

  /// The copy of `v` (canCopy) made before `anchor`.
  Value copy(Value v, Operation *anchor, size_t at, int depth, IRMapping &made) {
    if (Value done = made.lookupOrNull(v))
      return done;
    Operation *def = v.getDefiningOp();
    // The operands' copies first: each lands just before `anchor`, so
    // after what was made before it.
    if (!isa<LoadOp>(def))
      for (Value operand : def->getOperands())
        if (canCopy(operand, at, depth - 1))
          copy(operand, anchor, at, depth - 1, made);
    OpBuilder b(anchor);
    Operation *clone = b.clone(*def, made);  // (maps v to the copy in `made`)
    copyAfter[clone] = at;  // nothing lies between it and `anchor`
    return clone->getResult(0);
  }

  /// The uses of `op`'s tile that wait for a reduction of it (`late`), and
  /// the position of the first of them; whether there are any.
  bool lateUses(Operation *op, SmallVector<OpOperand *> &late, size_t &first) {
    if (op->getNumResults() != 1 || vregsOf(op->getResult(0).getType()) != 1)
      return false;
    Value t = op->getResult(0);
    llvm::BitVector below(reduceBit.size());
    SmallVector<std::pair<size_t, OpOperand *>> uses;
    for (OpOperand &use : t.getUses()) {
      std::optional<size_t> u = indexOf(use.getOwner());
      if (!u)
        return false;  // read inside a region, or elsewhere
      below |= down[*u];
      uses.push_back({*u, &use});
    }
    for (auto [u, use] : uses)
      if (up[u].anyCommon(below)) {
        late.push_back(use);
        first = std::min(first, u);
      }
    return !late.empty();
  }

  Block &block;
  int64_t minWaiting;
  std::vector<Operation *> ops;
  DenseMap<Operation *, size_t> pos;
  /// Ops at positions < i that may write memory.
  std::vector<size_t> writersBefore;
  DenseMap<Operation *, size_t> reduceBit;
  std::vector<llvm::BitVector> up, down;
  /// A copy's place for canCopy: the position of the op it was made before.
  DenseMap<Operation *, size_t> copyAfter;
};

}  // namespace

void RematerializePass::runOnOperation() {
  SmallVector<Block *> blocks;
  getOperation()->walk([&](Block *block) { blocks.push_back(block); });
  bool changed = false;
  for (Block *block : blocks)
    changed |= BlockRemat(*block, minWaitingVRegs).run();
  if (!changed)
    markAllAnalysesPreserved();
}
