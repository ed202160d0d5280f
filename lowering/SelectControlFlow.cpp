//===- SelectControlFlow.cpp - scf.for / scf.if / scf.while to blocks -----===//
//
// Structured control flow becomes basic blocks in layout order, with sbr
// branches between them:
//
//   scf.for (rotated: one compare and one taken branch per iteration)
//     preheader:  iv = lb; carried = init; [p = iv < ub; @!p sbr exit]
//     body:       ...; carried = yielded; iv += step; p = iv < ub; @p sbr body
//                 (constant bounds: p = iv < ub - step, before the increment)
//     exit:       results are the carried registers
//   The guard is left out when lb < ub is known (constant bounds).
//
//   scf.if
//     header:     @!p sbr else
//     then:       ...; results = then-yielded; sbr end
//     else:       ...; results = else-yielded
//     end:
//
//   scf.if without results or else branch, small (kMaxIfConvertedOps),
//   straight-line (pl::when bodies, conditional DMA starts without
//   checks): if-converted into the current block, so the
//   scheduler can overlap it with what surrounds it (a branch ends a block
//   and costs kBranchTakenCycles):
//     ...; @p vst ...; @p dma...; ...
//   Only what has an effect or may fault is guarded (stores, DMAs, waits,
//   semaphore ops, vector loads, scalar loads from run-time addresses,
//   scalar division); pure register ops run either way, which is harmless
//   because no value leaves the region. A vector load may read a buffer a
//   DMA still writes on a false trip (the region that reads it waits
//   first): unguarded, the race detector would stop a correct kernel. What is guarded already (a check's halt:
//   the bounds checks of a prefetch, the revisit check of an output's
//   write-back) gets the conjunction, `pand q, p, own` (`pnot` first for a
//   halt on false), as long as that adds no more instructions than the
//   branch it saves (else the selection is undone) or the scf.if asks to be
//   predicated (kPredicateAttr: a grid step's prefetches and write-backs,
//   which then share one block with the step's work). A region that holds
//   MXU work, a semaphore check or another region, or is large, keeps its
//   branch.
//
//   scf.if with scalar results whose branches are a few ops of scalar
//   arithmetic that cannot fault (a pipeline's next grid index: i + 1 or
//   i): both branches run, the results are `ssel` of the two (booleans:
//   pxor/pand/pxor), no branch.
//
//   scf.while
//     preheader:  carried = init
//     before:     ...; @!p sbr exit          (p: the scf.condition)
//     after:      ...; carried = yielded; sbr before
//     exit:       results are the condition's forwarded registers
//
// Induction variables and carried values are virtual registers written in
// more than one place: the preheader's copies and the back edge's. The copies
// of a back edge form a parallel copy (a yielded value may be another carried
// value), sequentialized here; the coalescer later removes the copies whose
// registers can be merged, which in a simple loop is all of them.
//
// Loop invariants that instruction selection creates (constants, static
// addresses, HBM base addresses) go to the preheader of the innermost loop
// (HBM bases: before the outermost region) instead of the body.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <cstdint>
#include <iterator>

#include "lowering/Selector.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tessera::lowering {

using isa::Opcode;

namespace {

/// Counts region nesting and remembers, for the outermost region, the block
/// that dominates it (where HBM base addresses are loaded once).
class RegionScope {
public:
  RegionScope(int &depth, int &outerBlock, int cur) : depth(depth) {
    if (depth++ == 0)
      outerBlock = cur;
  }
  ~RegionScope() { --depth; }

private:
  int &depth;
};

/// "loop back edge (k.cc:12)": the bundle's own position is that of its
/// first op, often a statement of the body.
std::string backEdgeComment(mlir::Operation *loop) {
  SourcePos pos = sourcePos(loop->getLoc());
  if (pos.file.empty())
    return "loop back edge";
  return "loop back edge (" + pos.file + ":" + std::to_string(pos.line) + ")";
}

}  // namespace

mlir::FailureOr<CopyRequest> Selector::copyOf(mlir::Operation *user, int dst, mlir::Value v) {
  RegClass rc = classOf(v.getType());
  if (rc != RegClass::V && !regs.count(v))
    if (auto c = constantValue(v))
      return CopyRequest{rc, dst, -1, *c};
  auto src = regOf(user, v);
  if (mlir::failed(src))
    return mlir::failure();
  return CopyRequest{rc, dst, *src, 0};
}

mlir::LogicalResult Selector::emitCopies(mlir::Operation *op, mlir::ValueRange values,
                                         llvm::ArrayRef<int> dsts) {
  std::vector<CopyRequest> copies;
  for (auto [value, reg] : llvm::zip(values, dsts)) {
    auto copy = copyOf(op, reg, value);
    if (mlir::failed(copy))
      return mlir::failure();
    copies.push_back(*copy);
  }
  emitParallelCopy(op, std::move(copies));
  return mlir::success();
}

void Selector::emitParallelCopy(mlir::Operation *op, std::vector<CopyRequest> copies) {
  std::vector<CopyRequest> pending, constants;
  for (const CopyRequest &c : copies) {
    if (c.src < 0)
      constants.push_back(c);
    else if (c.src != c.dst)
      pending.push_back(c);
  }
  auto emitCopy = [&](RegClass rc, int dst, int src) {
    MInstr mi = makeCopy(rc, dst, src);
    mi.pos = sourcePos(op->getLoc());
    fn.blocks[cur].instrs.push_back(std::move(mi));
  };
  while (!pending.empty()) {
    // A copy whose destination no other pending copy still reads.
    auto ready = std::find_if(pending.begin(), pending.end(), [&](const CopyRequest &c) {
      return std::none_of(pending.begin(), pending.end(), [&](const CopyRequest &o) {
        return &o != &c && o.rc == c.rc && o.src == c.dst;
      });
    });
    if (ready != pending.end()) {
      emitCopy(ready->rc, ready->dst, ready->src);
      pending.erase(ready);
      continue;
    }
    // Only cycles are left: save one destination's old value in a new
    // register and let its readers read that instead.
    CopyRequest &c = pending.front();
    int saved = fn.newVirtual(c.rc);
    emitCopy(c.rc, saved, c.dst);
    for (CopyRequest &o : pending)
      if (o.rc == c.rc && o.src == c.dst)
        o.src = saved;
  }
  // Constants read no register: after every copy that might read their
  // destinations.
  for (const CopyRequest &c : constants) {
    MInstr mi;
    mi.instr = c.rc == RegClass::P ? isa::makeInstr(Opcode::PImm, {c.dst, c.constant != 0})
                                   : isa::makeInstr(Opcode::SMovI, {c.dst, c.constant});
    mi.pos = sourcePos(op->getLoc());
    fn.blocks[cur].instrs.push_back(std::move(mi));
  }
  // The copies rewrote registers that cached windows may hold.
  scaledCache.clear();
  windowCache.clear();
}

int Selector::emitLess(mlir::Operation *op, int lhs, int rhs, std::optional<int64_t> rhsConst) {
  int p = fn.newVirtual(RegClass::P);
  if (rhsConst)
    emit(op, Opcode::SCmpLtI, {p, lhs, *rhsConst});
  else
    emit(op, Opcode::SCmpLt, {p, lhs, rhs});
  return p;
}

mlir::LogicalResult Selector::selectFor(mlir::scf::ForOp op) {
  std::optional<int64_t> lb = constantValue(op.getLowerBound());
  std::optional<int64_t> ub = constantValue(op.getUpperBound());
  std::optional<int64_t> step = constantValue(op.getStep());
  if (step && *step <= 0)
    return op.emitError("the step of a loop must be positive, not ") << *step;
  if (lb && ub && *lb >= *ub) {
    // No iteration: the results are the initial values.
    for (auto [result, init] : llvm::zip(op.getResults(), op.getInitArgs())) {
      auto reg = regOf(op, init);
      if (mlir::failed(reg))
        return mlir::failure();
      regs[result] = *reg;
    }
    return mlir::success();
  }
  RegionScope scope(depth, outerBlock, cur);
  // Preheader: the induction variable, the bounds and the carried values.
  int iv = fn.newVirtual(RegClass::S);
  if (lb) {
    emit(op, Opcode::SMovI, {iv, *lb});
  } else {
    auto reg = regOf(op, op.getLowerBound());
    if (mlir::failed(reg))
      return mlir::failure();
    emit(op, Opcode::SMov, {iv, *reg});
  }
  int ubReg = -1, stepReg = -1;
  if (!ub) {
    auto reg = regOf(op, op.getUpperBound());
    if (mlir::failed(reg))
      return mlir::failure();
    ubReg = *reg;
  }
  if (!step) {
    auto reg = regOf(op, op.getStep());
    if (mlir::failed(reg))
      return mlir::failure();
    stepReg = *reg;
  }
  std::vector<int> carried;
  for (mlir::Value init : op.getInitArgs())
    carried.push_back(fn.newVirtual(classOf(init.getType())));
  if (mlir::failed(emitCopies(op, op.getInitArgs(), carried)))
    return mlir::failure();
  int guard = -1;
  if (!(lb && ub))
    guard = emitBranch(op, -1, emitLess(op, iv, ubReg, ub), /*negated=*/true);
  int preheader = cur;

  // Body.
  int body = newBlock("for.body", op);
  setBlock(body);
  forgetMxus();
  mlir::Block &block = *op.getBody();
  regs[op.getInductionVar()] = iv;
  for (auto [arg, reg] : llvm::zip(op.getRegionIterArgs(), carried))
    regs[arg] = reg;
  loops.push_back(LoopContext{preheader, sourcePos(op.getLoc()), {}, {}});
  fn.blocks[body].gridStep = op->hasAttr(mlir::tessera::kGridLoopAttr);
  if (mlir::failed(selectOps(block)))
    return mlir::failure();
  auto yield = llvm::cast<mlir::scf::YieldOp>(block.getTerminator());
  if (mlir::failed(emitCopies(yield, yield.getOperands(), carried)))
    return mlir::failure();
  loops.pop_back();
  int again;
  if (ub && step && *ub - *step >= INT32_MIN) {
    // iv + step < ub as iv < ub - step (exact: ub - step fits in 32 bits):
    // the compare reads the old iv and need not wait for the increment, one
    // cycle less on the way to the branch.
    again = emitLess(op, iv, -1, *ub - *step);
    emit(op, Opcode::SAddI, {iv, iv, *step});
  } else {
    if (step)
      emit(op, Opcode::SAddI, {iv, iv, *step});
    else
      emit(op, Opcode::SAdd, {iv, iv, stepReg});
    again = emitLess(op, iv, ubReg, ub);
  }
  emitBranch(op, body, again);
  fn.blocks[cur].instrs.back().comment = backEdgeComment(op);

  int exit = newBlock("for.exit", op);
  if (guard >= 0)
    setBranchTarget(guard, exit);
  setBlock(exit);
  forgetMxus();
  for (auto [result, reg] : llvm::zip(op.getResults(), carried))
    regs[result] = reg;
  return mlir::success();
}

mlir::LogicalResult Selector::selectIf(mlir::scf::IfOp op) {
  auto yielded = [](mlir::Region &region) {
    return llvm::cast<mlir::scf::YieldOp>(region.front().getTerminator()).getOperands();
  };
  if (auto c = constantValue(op.getCondition())) {
    // Known at compile time: only the branch taken.
    mlir::Region &taken = *c ? op.getThenRegion() : op.getElseRegion();
    if (taken.empty())
      return mlir::success();
    if (mlir::failed(selectOps(taken.front())))
      return mlir::failure();
    for (auto [result, value] : llvm::zip(op.getResults(), yielded(taken))) {
      auto reg = regOf(op, value);
      if (mlir::failed(reg))
        return mlir::failure();
      regs[result] = *reg;
    }
    return mlir::success();
  }
  auto p = regOf(op, op.getCondition());
  if (mlir::failed(p))
    return mlir::failure();
  auto speculated = speculateIf(op, *p);
  if (mlir::failed(speculated))
    return mlir::failure();
  if (*speculated)
    return mlir::success();
  auto converted = ifConvert(op, *p);
  if (mlir::failed(converted))
    return mlir::failure();
  if (*converted)
    return mlir::success();
  RegionScope scope(depth, outerBlock, cur);
  std::vector<int> results;
  for (mlir::Value r : op.getResults())
    results.push_back(fn.newVirtual(classOf(r.getType())));
  auto selectBranch = [&](mlir::Region &region) -> mlir::LogicalResult {
    forgetMxus();
    if (mlir::failed(selectOps(region.front())))
      return mlir::failure();
    return emitCopies(region.front().getTerminator(), yielded(region), results);
  };
  int header = emitBranch(op, -1, *p, /*negated=*/true);
  setBlock(newBlock("if.then", op));
  if (mlir::failed(selectBranch(op.getThenRegion())))
    return mlir::failure();
  int thenEnd = -1;
  if (!op.getElseRegion().empty()) {
    thenEnd = emitBranch(op, -1);
    int elseBlock = newBlock("if.else", op);
    setBranchTarget(header, elseBlock);
    setBlock(elseBlock);
    if (mlir::failed(selectBranch(op.getElseRegion())))
      return mlir::failure();
  }
  int end = newBlock("if.end", op);
  if (thenEnd >= 0)
    setBranchTarget(thenEnd, end);
  else
    setBranchTarget(header, end);
  setBlock(end);
  forgetMxus();
  for (auto [result, reg] : llvm::zip(op.getResults(), results))
    regs[result] = reg;
  return mlir::success();
}

/// Ops in an if-converted region at most. Guarded code takes its slots on
/// every trip, true or not: a pl::when that zeroes a 256x512 accumulator
/// (128 stores) or copies it out (128 loads and stores) costs more that
/// way than its branch (MxuTest's k loop: 584 cycles per step with the
/// branches, 609 if-converted). Conditional DMA starts and small bodies
/// are far below this.
static constexpr int kMaxIfConvertedOps = 64;

/// Whether `op` may be selected into a guarded region: no nested regions,
/// no MXU work (whose FIFO and weights the guard would make conditional),
/// no semaphore check (its dma.fence is emitted once, for every later
/// check).
static bool ifConvertible(mlir::Operation &op) {
  if (op.getNumRegions() > 0)
    return false;
  if (llvm::isa<mlir::tessera::SemaphoreCheckOp>(op))
    return false;
  llvm::StringRef name = op.getName().getStringRef();
  if (name.starts_with("tessera.mxu_"))
    return false;
  return true;
}

/// Whether an instruction of an if-converted region needs the guard: it
/// has an effect, or it may fault when the condition is false (a run-time
/// address, a scalar division, a VMEM read of a DMA's rows in flight).
static bool needsGuard(const MInstr &mi) {
  switch (mi.instr.opcode) {
  case isa::Opcode::VLdR:
  case isa::Opcode::SLdR:
  case isa::Opcode::SDiv:
  case isa::Opcode::SDivI:
  case isa::Opcode::SRem:
  case isa::Opcode::SRemI:
  case isa::Opcode::SDivU:
  case isa::Opcode::SRemU:
    return true;
  default:
    break;
  }
  return !(mi.mem == MemKind::None || mi.mem == MemKind::SmemRead);
}

mlir::FailureOr<bool> Selector::ifConvert(mlir::scf::IfOp op, int p) {
  if (op.getNumResults() != 0 ||
      (!op.getElseRegion().empty() && !op.getElseRegion().front().without_terminator().empty()))
    return false;
  mlir::Block &then = op.getThenRegion().front();
  int count = 0;
  bool checks = false;
  for (mlir::Operation &inner : then.without_terminator()) {
    if (!ifConvertible(inner) || ++count > kMaxIfConvertedOps)
      return false;
    checks = checks || llvm::isa<mlir::tessera::BoundsCheckOp, mlir::tessera::CheckOp>(inner);
  }
  // A region with checks may select to halts that need a `pand` (and a
  // `pnot`) each; if that is more code than the branch it saves, the
  // selection is undone and the region keeps its branch (guarded code
  // takes its slots on false trips too, and more instructions should not
  // be the price of one branch), unless the region asks to be predicated
  // (kPredicateAttr: a grid step's prefetches and write-backs, whose
  // branches would split the step's MXU and vector work from them).
  bool predicate = op->hasAttr(mlir::tessera::kPredicateAttr);
  struct Saved {
    MFunction fn;
    std::vector<ArgInfo> args;
    llvm::DenseMap<mlir::Value, int> regs;
    std::vector<LoopContext> loops;
    std::map<std::pair<int, int64_t>, int> scaledCache;
    llvm::DenseMap<mlir::Value, RefWindow> windowCache;
    bool fenced;
  };
  std::optional<Saved> saved;
  if (checks && !predicate)
    saved = Saved{fn, args, regs, loops, scaledCache, windowCache, fenced};
  int block = cur;
  size_t first = fn.blocks[cur].instrs.size();
  size_t numBlocks = fn.blocks.size();
  if (mlir::failed(selectOps(then)))
    return mlir::failure();
  if (cur != block || fn.blocks.size() != numBlocks)
    return op.emitError("internal error: an if-converted region made blocks");
  // Invariants hoisted to a preheader are not in this range; values cached
  // for later use (addresses, constants) are pure and stay unguarded. A
  // pure op with a guard of its own (a select's guarded copy) keeps it:
  // it runs either way, like the other pure ops. An op with an effect that
  // is guarded already (a check's halt) runs when both hold: its guard
  // becomes a fresh `pand` of the region's condition and its own (negated
  // first with `pnot` if it fires on false).
  auto &region = fn.blocks[cur].instrs;
  int extra = 0;
  for (size_t i = first; i < region.size(); ++i)
    if (needsGuard(region[i]) && region[i].instr.predicated)
      extra += region[i].instr.predNegated ? 2 : 1;
  if (extra > 1 && saved) {
    fn = std::move(saved->fn);
    args = std::move(saved->args);
    regs = std::move(saved->regs);
    loops = std::move(saved->loops);
    scaledCache = std::move(saved->scaledCache);
    windowCache = std::move(saved->windowCache);
    fenced = saved->fenced;
    return false;
  }
  std::vector<MInstr> ins(std::make_move_iterator(region.begin() + first),
                          std::make_move_iterator(region.end()));
  region.resize(first);
  // Ops guarded alike (the pieces of a DMA) share one combined guard.
  std::map<std::pair<int, bool>, int> combined;
  for (MInstr &mi : ins) {
    if (!needsGuard(mi)) {
      region.push_back(std::move(mi));
      continue;
    }
    if (!mi.instr.predicated) {
      setGuard(mi, p);
      region.push_back(std::move(mi));
      continue;
    }
    int own = mi.guard;
    auto key = std::make_pair(own, mi.instr.predNegated);
    if (auto it = combined.find(key); it != combined.end()) {
      setGuard(mi, it->second);
      region.push_back(std::move(mi));
      continue;
    }
    auto add = [&](Opcode opcode, std::initializer_list<int64_t> ops) {
      MInstr extra;
      extra.instr = isa::makeInstr(opcode, ops);
      extra.pos = mi.pos;
      region.push_back(std::move(extra));
    };
    if (mi.instr.predNegated) {
      int negated = fn.newVirtual(RegClass::P);
      add(Opcode::PNot, {negated, own});
      own = negated;
    }
    int both = fn.newVirtual(RegClass::P);
    add(Opcode::PAnd, {both, p, own});
    combined[key] = both;
    setGuard(mi, both);
    region.push_back(std::move(mi));
  }
  return true;
}

/// Ops of both branches of a speculated scf.if at most: both run on every
/// trip, so only a few cheap ones (a grid index that advances or stays).
static constexpr int kMaxSpeculatedOps = 8;

/// Whether `op` may run when its branch is not taken: scalar integer
/// arithmetic that cannot fault (division only by a nonzero constant), no
/// memory, no regions.
static bool speculatable(mlir::Operation &op) {
  if (op.getNumRegions() > 0)
    return false;
  for (mlir::Type t : op.getResultTypes())
    if (!t.isIntOrIndex())
      return false;
  if (llvm::isa<mlir::tessera::MultipleOfOp>(op))
    return true;
  if (llvm::isa<mlir::arith::DivSIOp, mlir::arith::RemSIOp, mlir::arith::DivUIOp,
                mlir::arith::RemUIOp, mlir::arith::CeilDivSIOp, mlir::arith::FloorDivSIOp,
                mlir::arith::CeilDivUIOp>(op)) {
    std::optional<int64_t> divisor = constantValue(op.getOperand(1));
    return divisor && *divisor != 0;
  }
  return op.getDialect() && op.getDialect()->getNamespace() == "arith";
}

mlir::FailureOr<bool> Selector::speculateIf(mlir::scf::IfOp op, int p) {
  if (op.getNumResults() == 0 || op.getElseRegion().empty())
    return false;
  for (mlir::Type t : op.getResultTypes())
    if (classOf(t) == RegClass::V)
      return false;
  int count = 0;
  for (mlir::Region *region : {&op.getThenRegion(), &op.getElseRegion()})
    for (mlir::Operation &inner : region->front().without_terminator())
      if (!speculatable(inner) || ++count > kMaxSpeculatedOps)
        return false;
  int block = cur;
  size_t numBlocks = fn.blocks.size();
  auto selectBranch = [&](mlir::Region &region) -> mlir::FailureOr<std::vector<int>> {
    if (mlir::failed(selectOps(region.front())))
      return mlir::failure();
    std::vector<int> out;
    auto yield = llvm::cast<mlir::scf::YieldOp>(region.front().getTerminator());
    for (mlir::Value v : yield.getOperands()) {
      auto reg = regOf(yield, v);
      if (mlir::failed(reg))
        return mlir::failure();
      out.push_back(*reg);
    }
    return out;
  };
  auto thenRegs = selectBranch(op.getThenRegion());
  if (mlir::failed(thenRegs))
    return mlir::failure();
  auto elseRegs = selectBranch(op.getElseRegion());
  if (mlir::failed(elseRegs))
    return mlir::failure();
  if (cur != block || fn.blocks.size() != numBlocks)
    return op.emitError("internal error: a speculated region made blocks");
  for (auto [result, a, b] : llvm::zip(op.getResults(), *thenRegs, *elseRegs)) {
    RegClass rc = classOf(result.getType());
    int d = fn.newVirtual(rc);
    if (rc == RegClass::S) {
      emit(op, Opcode::SSel, {d, p, a, b});
    } else {
      // d = b ^ (p & (a ^ b)), as arith.select on booleans.
      int diff = fn.newVirtual(RegClass::P), masked = fn.newVirtual(RegClass::P);
      emit(op, Opcode::PXor, {diff, a, b});
      emit(op, Opcode::PAnd, {masked, p, diff});
      emit(op, Opcode::PXor, {d, b, masked});
    }
    regs[result] = d;
  }
  return true;
}

mlir::LogicalResult Selector::selectWhile(mlir::scf::WhileOp op) {
  RegionScope scope(depth, outerBlock, cur);
  std::vector<int> carried;
  for (mlir::Value init : op.getInits())
    carried.push_back(fn.newVirtual(classOf(init.getType())));
  if (mlir::failed(emitCopies(op, op.getInits(), carried)))
    return mlir::failure();
  int preheader = cur;
  loops.push_back(LoopContext{preheader, sourcePos(op.getLoc()), {}, {}});

  // Before: the condition, and the values it forwards to the body and the
  // results. Those stay in their registers (nothing writes them until the
  // body's back-edge copies, after their last use).
  int before = newBlock("while.before", op);
  setBlock(before);
  forgetMxus();
  mlir::Block &beforeBlock = op.getBefore().front();
  for (auto [arg, reg] : llvm::zip(beforeBlock.getArguments(), carried))
    regs[arg] = reg;
  if (mlir::failed(selectOps(beforeBlock)))
    return mlir::failure();
  auto condition = llvm::cast<mlir::scf::ConditionOp>(beforeBlock.getTerminator());
  std::vector<int> forwarded;
  for (mlir::Value v : condition.getArgs()) {
    auto reg = regOf(condition, v);
    if (mlir::failed(reg))
      return mlir::failure();
    forwarded.push_back(*reg);
  }
  int exitBranch = -1;
  if (auto c = constantValue(condition.getCondition())) {
    if (!*c)
      exitBranch = emitBranch(op, -1);
  } else {
    auto p = regOf(condition, condition.getCondition());
    if (mlir::failed(p))
      return mlir::failure();
    exitBranch = emitBranch(op, -1, *p, /*negated=*/true);
  }

  // After: the body, its back-edge copies and the branch back.
  int after = newBlock("while.after", op);
  setBlock(after);
  mlir::Block &afterBlock = op.getAfter().front();
  for (auto [arg, reg] : llvm::zip(afterBlock.getArguments(), forwarded))
    regs[arg] = reg;
  if (mlir::failed(selectOps(afterBlock)))
    return mlir::failure();
  auto yield = llvm::cast<mlir::scf::YieldOp>(afterBlock.getTerminator());
  if (mlir::failed(emitCopies(yield, yield.getOperands(), carried)))
    return mlir::failure();
  loops.pop_back();
  emitBranch(op, before);
  fn.blocks[cur].instrs.back().comment = backEdgeComment(op);

  int exit = newBlock("while.exit", op);
  if (exitBranch >= 0)
    setBranchTarget(exitBranch, exit);
  setBlock(exit);
  forgetMxus();
  for (auto [result, reg] : llvm::zip(op.getResults(), forwarded))
    regs[result] = reg;
  return mlir::success();
}

}  // namespace tessera::lowering
