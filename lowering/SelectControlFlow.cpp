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
  mlir::Block &block = *op.getBody();
  regs[op.getInductionVar()] = iv;
  for (auto [arg, reg] : llvm::zip(op.getRegionIterArgs(), carried))
    regs[arg] = reg;
  loops.push_back(LoopContext{preheader, sourcePos(op.getLoc()), {}, {}});
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
  RegionScope scope(depth, outerBlock, cur);
  std::vector<int> results;
  for (mlir::Value r : op.getResults())
    results.push_back(fn.newVirtual(classOf(r.getType())));
  auto selectBranch = [&](mlir::Region &region) -> mlir::LogicalResult {
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
  for (auto [result, reg] : llvm::zip(op.getResults(), results))
    regs[result] = reg;
  return mlir::success();
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
  for (auto [result, reg] : llvm::zip(op.getResults(), forwarded))
    regs[result] = reg;
  return mlir::success();
}

}  // namespace tessera::lowering
