//===- ControlFlow.cpp - Tracing loops and branches into scf regions ------===//
//
// Each construct creates its region op at the user's line, moves the trace's
// insertion point into the body, runs the user's lambda there once, and
// closes the body with the carried values it returned. Predicates (i1) are
// carried as int32 (the scalar unit keeps predicates in p-registers, which
// do not survive across iterations), converted back at the body's entry.
//
//===----------------------------------------------------------------------===//
#include "dsl/ControlFlow.h"

#include "dsl/KernelTrace.h"
#include "dsl/ValueBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tessera::detail {
namespace {

/// The IR values of carried handles (predicates widened to i32). A folded
/// 1-D value (KernelTrace::isFolded) is carried folded; with `like` (the
/// carry's first handles), each value in the form its like one has.
llvm::SmallVector<mlir::Value> lower(KernelTrace &trace, const CarriedList &list,
                                     const std::source_location &loc,
                                     const CarriedList *like = nullptr) {
  llvm::SmallVector<mlir::Value> out;
  auto &b = trace.builder();
  for (size_t i = 0; i < list.size(); ++i) {
    const Carried &c = list[i];
    if (!c.isScalar && (like ? trace.isFolded((*like)[i].value) : trace.isFolded(c.value))) {
      out.push_back(trace.isFolded(c.value)
                        ? trace.useElementwise(c.value, loc)
                        : values::fold(trace, trace.use(values::asRow(c.value, loc), loc), loc));
      continue;
    }
    if (!c.isScalar && trace.isStack(c.value)) {  // rank 3 to 5: one value per matrix
      for (const Value &s : trace.slices(c.value, loc))
        out.push_back(trace.use(s, loc));
      continue;
    }
    if (!c.isScalar) {
      out.push_back(trace.use(c.value, loc));
      continue;
    }
    mlir::Value v = trace.use(c.scalar, loc);
    if (c.scalar.dtype() == DType::bool_)
      v = b.create<mlir::arith::ExtUIOp>(trace.loc(loc), b.getI32Type(), v);
    out.push_back(v);
  }
  return out;
}

/// Handles for IR values shaped like `like` (predicates narrowed back).
CarriedList raise(KernelTrace &trace, const CarriedList &like, mlir::ValueRange values,
                  const std::source_location &loc) {
  CarriedList out;
  auto &b = trace.builder();
  size_t next = 0;
  for (const Carried &c : like) {
    if (!c.isScalar && c.value.ndim() >= 3) {
      Shape inner(c.value.shape().end() - 2, c.value.shape().end());
      std::vector<Value> slices;
      for (int64_t b = 0; b < numMatrices(c.value.shape()); ++b)
        slices.push_back(trace.addValue(values[next++], {inner, c.value.dtype()}));
      out.push_back({false, trace.addStack(std::move(slices), {c.value.shape(), c.value.dtype()}), {}});
      continue;
    }
    mlir::Value v = values[next++];
    if (!c.isScalar) {
      out.push_back({false, trace.addValue(v, {c.value.shape(), c.value.dtype()}), {}});
      continue;
    }
    if (c.scalar.dtype() == DType::bool_) {
      mlir::Value zero = b.create<mlir::arith::ConstantOp>(trace.loc(loc), b.getI32IntegerAttr(0));
      v = b.create<mlir::arith::CmpIOp>(trace.loc(loc), mlir::arith::CmpIPredicate::ne, v, zero);
    }
    out.push_back({true, {}, trace.addScalar(v, c.scalar.dtype())});
  }
  return out;
}

std::string describe(const Carried &c) {
  return c.isScalar ? to_string(c.scalar.dtype()) + " scalar"
                    : to_string(ShapeDtypeStruct{c.value.shape(), c.value.dtype()});
}

/// The body returned what it carries, in kind, shape and dtype.
void checkSameCarry(const CarriedList &expected, const CarriedList &got, const std::string &what,
                    const std::source_location &loc) {
  auto list = [](const CarriedList &l) {
    std::string s = "(";
    for (size_t i = 0; i < l.size(); ++i)
      s += (i ? ", " : "") + describe(l[i]);
    return s + ")";
  };
  bool same = expected.size() == got.size();
  for (size_t i = 0; same && i < got.size(); ++i)
    same = expected[i].isScalar == got[i].isScalar &&
           (expected[i].isScalar
                ? expected[i].scalar.dtype() == got[i].scalar.dtype()
                : expected[i].value.shape() == got[i].value.shape() &&
                      expected[i].value.dtype() == got[i].value.dtype());
  if (!same)
    throwUserError(loc, what + " returns " + list(got) + " but must return " + list(expected));
}

/// Runs `body` inline for each i of a constant range (full unrolling and
/// the remainder of a partially unrolled loop).
CarriedList unrolled(KernelTrace &trace, int64_t lo, int64_t hi, int64_t step,
                     CarriedList carry, const LoopBody &body, const std::source_location &loc) {
  for (int64_t i = lo; i < hi; i += step) {
    CarriedList next = body(trace.constant(i, loc), carry);
    checkSameCarry(carry, next, "the loop body", loc);
    carry = std::move(next);
  }
  return carry;
}

/// One scf.for whose body runs `copies` copies of `body` (iv, iv + step, ...).
CarriedList forLoop(KernelTrace &trace, mlir::Value lo, mlir::Value hi, int64_t step,
                    mlir::Value stepValue, int copies, const CarriedList &init,
                    const LoopBody &body, const std::source_location &loc) {
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  llvm::SmallVector<mlir::Value> inits = lower(trace, init, loc);
  mlir::Value fullStep = stepValue;
  if (copies > 1)
    fullStep = b.create<mlir::arith::MulIOp>(
        l, stepValue, b.create<mlir::arith::ConstantOp>(l, b.getI32IntegerAttr(copies)));
  auto loop = b.create<mlir::scf::ForOp>(l, lo, hi, fullStep, inits);
  mlir::Block *block = loop.getBody();
  if (!block->empty())
    block->back().erase();  // the implicit yield; ours follows
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(block);
    CarriedList carry = raise(trace, init, block->getArguments().drop_front(), loc);
    Scalar iv = trace.addScalar(block->getArgument(0), DType::int32);
    for (int k = 0; k < copies; ++k) {
      Scalar i = iv;
      if (k > 0)
        i = trace.addScalar(
            b.create<mlir::arith::AddIOp>(
                l, trace.use(iv, loc),
                b.create<mlir::arith::ConstantOp>(l, b.getI32IntegerAttr(step * k))),
            DType::int32);
      CarriedList next = body(i, carry);
      checkSameCarry(carry, next, "the loop body", loc);
      carry = std::move(next);
    }
    b.create<mlir::scf::YieldOp>(l, lower(trace, carry, loc, &init));
  }
  return raise(trace, init, loop.getResults(), loc);
}

}  // namespace

Scalar carriedConstant(int64_t v) {
  std::source_location here = std::source_location::current();
  return KernelTrace::current(here, "a loop").constant(v, here);
}

CarriedList traceFor(const IntOrScalar &lo, const IntOrScalar &hi, const IntOrScalar &step,
                     const CarriedList &init, const LoopBody &body, int unroll,
                     const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "a loop");
  if (step.isScalar)
    throwUserError(loc, "a loop step must be a constant");
  if (step.constant <= 0)
    throwUserError(loc, "a loop step must be positive, not " + std::to_string(step.constant));
  if (unroll == 0 || unroll < -1)
    throwUserError(loc, "unroll must be at least 1, not " + std::to_string(unroll));
  lower(trace, init, loc);  // checks the handles before anything is built
  bool constantBounds = !lo.isScalar && !hi.isScalar;
  // Each copy of the body is traced and compiled: the copies bound the
  // compile time (and the interpreter's), so they are capped.
  int64_t trips = constantBounds && hi.constant > lo.constant
                      ? (hi.constant - lo.constant + step.constant - 1) / step.constant
                      : 0;
  int64_t copies = unroll == -1 ? trips : constantBounds ? std::min<int64_t>(unroll, trips) : unroll;
  if (copies > kMaxUnrolledCopies)
    throwUserError(loc, "unrolling this loop " +
                            std::string(unroll == -1 ? "fully" : "by " + std::to_string(unroll)) +
                            " traces " + std::to_string(copies) +
                            " copies of its body; at most " + std::to_string(kMaxUnrolledCopies) +
                            " (LoopOptions::unroll), as each copy is compiled");
  if (unroll == -1) {
    if (!constantBounds)
      throwUserError(loc, "full unrolling needs constant loop bounds");
    return unrolled(trace, lo.constant, hi.constant, step.constant, init, body, loc);
  }
  mlir::Value lov = trace.int32Value(lo, "the lower bound", loc);
  mlir::Value hiv = trace.int32Value(hi, "the upper bound", loc);
  mlir::Value stepv = trace.int32Value(step.constant, "the step", loc);
  if (unroll == 1)
    return forLoop(trace, lov, hiv, step.constant, stepv, 1, init, body, loc);

  // Unrolled by k: a loop over whole groups of k iterations, then the rest.
  int64_t group = step.constant * unroll;
  if (constantBounds) {
    int64_t mainEnd = lo.constant + trips / unroll * group;
    // The loop's bound is the last group's start + 1, not mainEnd: the same
    // iterations, but integer range analysis then bounds every copy's
    // index by the range's last one (iv + step * (unroll - 1) < mainEnd),
    // so a window it indexes is proven inside its Ref and needs no check.
    int64_t lastStart = mainEnd - group;
    CarriedList carry = init;
    if (trips >= unroll)
      carry = forLoop(trace, lov, trace.use(trace.constant(lastStart + 1, loc), loc),
                      step.constant, stepv, unroll, init, body, loc);
    return unrolled(trace, mainEnd, hi.constant, step.constant, carry, body, loc);
  }
  // mainEnd = lo + (hi - lo) / group * group: the rest runs in a plain loop.
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  mlir::Value g = b.create<mlir::arith::ConstantOp>(l, b.getI32IntegerAttr(group));
  mlir::Value span = b.create<mlir::arith::SubIOp>(l, hiv, lov);
  mlir::Value mainEnd = b.create<mlir::arith::AddIOp>(
      l, lov, b.create<mlir::arith::MulIOp>(l, b.create<mlir::arith::DivSIOp>(l, span, g), g));
  CarriedList carry = forLoop(trace, lov, mainEnd, step.constant, stepv, unroll, init, body, loc);
  return forLoop(trace, mainEnd, hiv, step.constant, stepv, 1, carry, body, loc);
}

CarriedList traceIf(const Scalar &cond, const BranchBody &thenFn, const BranchBody &elseFn,
                    bool hasElse, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(cond.traceId(), loc, "a condition");
  if (cond.dtype() != DType::bool_)
    throwUserError(loc, "a condition must be a predicate (a comparison such as x != 0), not an " +
                            to_string(cond.dtype()) + " scalar");
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  mlir::Value c = trace.use(cond, loc);
  // The result types are known once the then-side is traced: trace both
  // sides into an op without results, then move them into the final one.
  auto draft = b.create<mlir::scf::IfOp>(l, mlir::TypeRange{}, c, /*addThenBlock=*/true,
                                         /*addElseBlock=*/true);
  CarriedList thenOut, elseOut;
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(&draft.getThenRegion().front());
    thenOut = thenFn();
    b.create<mlir::scf::YieldOp>(l, lower(trace, thenOut, loc));
    b.setInsertionPointToEnd(&draft.getElseRegion().front());
    if (hasElse)
      elseOut = elseFn();
    if (!thenOut.empty() || hasElse)
      checkSameCarry(thenOut, elseOut, "the false branch", loc);
    b.create<mlir::scf::YieldOp>(l, lower(trace, elseOut, loc, &thenOut));
  }
  if (thenOut.empty())
    return {};
  llvm::SmallVector<mlir::Type> types;
  for (mlir::Value v : draft.thenYield().getOperands())
    types.push_back(v.getType());
  auto final = b.create<mlir::scf::IfOp>(l, types, c, false, false);
  final.getThenRegion().takeBody(draft.getThenRegion());
  final.getElseRegion().takeBody(draft.getElseRegion());
  draft.erase();
  return raise(trace, thenOut, final.getResults(), loc);
}

CarriedList traceWhile(const CarriedList &init, const WhileCond &cond, const WhileBody &body,
                       const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::current(loc, "lax::while_loop");
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  llvm::SmallVector<mlir::Value> inits = lower(trace, init, loc);
  llvm::SmallVector<mlir::Type> types;
  for (mlir::Value v : inits)
    types.push_back(v.getType());
  auto loop = b.create<mlir::scf::WhileOp>(l, types, inits);
  llvm::SmallVector<mlir::Location> locs(types.size(), l);
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    mlir::Block *before = b.createBlock(&loop.getBefore(), {}, types, locs);
    CarriedList carry = raise(trace, init, before->getArguments(), loc);
    Scalar c = cond(carry);
    KernelTrace::check(c.traceId(), loc, "the loop condition");
    if (c.dtype() != DType::bool_)
      throwUserError(loc, "the condition of lax::while_loop must be a predicate, not an " +
                              to_string(c.dtype()) + " scalar");
    b.create<mlir::scf::ConditionOp>(l, trace.use(c, loc), before->getArguments());
    mlir::Block *after = b.createBlock(&loop.getAfter(), {}, types, locs);
    CarriedList next = body(raise(trace, init, after->getArguments(), loc));
    checkSameCarry(init, next, "the loop body", loc);
    b.create<mlir::scf::YieldOp>(l, lower(trace, next, loc, &init));
  }
  return raise(trace, init, loop.getResults(), loc);
}

}  // namespace tessera::detail
