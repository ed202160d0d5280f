//===- TraceBuilder.cpp - Kernel IR built the way the tracer builds it -----===//
#include "mlir/Transforms/TraceBuilder.h"

#include "mlir/IR/TesseraDialect.h"

namespace mlir::tessera {

Value TraceBuilder::constant(int64_t v) {
  return b_.create<arith::ConstantOp>(loc_, b_.getI32IntegerAttr((int32_t)v));
}

Value TraceBuilder::cmp(arith::CmpIPredicate p, Value x, Value y) {
  return b_.create<arith::CmpIOp>(loc_, p, x, y);
}

Value TraceBuilder::negate(Value x) {
  Value one = b_.create<arith::ConstantOp>(loc_, b_.getBoolAttr(true));
  return b_.create<arith::XOrIOp>(loc_, x, one);
}

Value TraceBuilder::select(Value c, Value x, Value y) {
  return b_.create<arith::SelectOp>(loc_, c, x, y);
}

Value TraceBuilder::multipleOf(Value x, int64_t m) {
  return b_.create<MultipleOfOp>(loc_, x.getType(), x, m);
}

Value TraceBuilder::indexOf(Value x) {
  Value &index = indexOf_[x];
  if (!index) {
    OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointAfterValue(x);
    index = b_.create<arith::IndexCastOp>(loc_, b_.getIndexType(), x);
  }
  return index;
}

Value TraceBuilder::window(Value ref, ArrayRef<WindowDim> dims) {
  auto type = llvm::cast<MemRefType>(ref.getType());
  bool whole = true;
  for (auto [d, dim] : llvm::enumerate(dims))
    whole = whole && !dim.dynamic && dim.start == 0 && dim.size == type.getDimSize(d);
  if (whole)
    return ref;
  SmallVector<OpFoldResult> offsets;
  SmallVector<int64_t> sizes;
  for (const WindowDim &dim : dims) {
    offsets.push_back(dim.dynamic ? OpFoldResult(indexOf(dim.dynamic))
                                  : OpFoldResult(b_.getIndexAttr(dim.start)));
    sizes.push_back(dim.size);
  }
  return b_.create<ViewOp>(loc_, ref, offsets, sizes);
}

Value TraceBuilder::loadScalar(Value ref, Value i) {
  Type elem = llvm::cast<MemRefType>(ref.getType()).getElementType();
  return b_.create<LoadScalarOp>(loc_, elem, ref, ValueRange{indexOf(i)});
}

Operation *TraceBuilder::storeScalar(Value v, Value ref, Value i) {
  return b_.create<StoreScalarOp>(loc_, v, ref, ValueRange{indexOf(i)});
}

scf::IfOp TraceBuilder::when(Value c, const std::function<void()> &then) {
  auto op = b_.create<scf::IfOp>(loc_, TypeRange{}, c, /*addThenBlock=*/true,
                                 /*addElseBlock=*/true);
  OpBuilder::InsertionGuard guard(b_);
  b_.setInsertionPointToEnd(&op.getThenRegion().front());
  then();
  b_.create<scf::YieldOp>(loc_);
  b_.setInsertionPointToEnd(&op.getElseRegion().front());
  b_.create<scf::YieldOp>(loc_);
  return op;
}

void TraceBuilder::cond(Value c, const std::function<void()> &then,
                        const std::function<void()> &otherwise) {
  condValues(c, [&] { then(); return SmallVector<Value>{}; },
             [&] { otherwise(); return SmallVector<Value>{}; });
}

SmallVector<Value> TraceBuilder::condValues(Value c,
                                            const std::function<SmallVector<Value>()> &then,
                                            const std::function<SmallVector<Value>()> &otherwise) {
  // As the tracer: both sides traced into an op without results, then
  // moved into one with the results' types.
  auto draft = b_.create<scf::IfOp>(loc_, TypeRange{}, c, true, true);
  SmallVector<Value> thenOut, elseOut;
  {
    OpBuilder::InsertionGuard guard(b_);
    b_.setInsertionPointToEnd(&draft.getThenRegion().front());
    thenOut = then();
    b_.create<scf::YieldOp>(loc_, thenOut);
    b_.setInsertionPointToEnd(&draft.getElseRegion().front());
    elseOut = otherwise();
    b_.create<scf::YieldOp>(loc_, elseOut);
  }
  if (thenOut.empty())
    return {};
  auto final = b_.create<scf::IfOp>(loc_, ValueRange(thenOut).getTypes(), c, false, false);
  final.getThenRegion().takeBody(draft.getThenRegion());
  final.getElseRegion().takeBody(draft.getElseRegion());
  draft.erase();
  return SmallVector<Value>(final.getResults());
}

scf::ForOp TraceBuilder::forLoop(Value lo, Value hi, Value step, int64_t copies, ValueRange init,
                                 const LoopBody &body) {
  Value fullStep = step;
  if (copies > 1)
    fullStep = b_.create<arith::MulIOp>(loc_, step, constant(copies));
  auto loop = b_.create<scf::ForOp>(loc_, lo, hi, fullStep, init);
  Block *block = loop.getBody();
  if (!block->empty())
    block->back().erase();  // the implicit yield; ours follows
  OpBuilder::InsertionGuard guard(b_);
  b_.setInsertionPointToEnd(block);
  Value iv = block->getArgument(0);
  SmallVector<Value> carry(block->getArguments().drop_front());
  for (int64_t k = 0; k < copies; ++k) {
    Value i = k == 0 ? iv : b_.create<arith::AddIOp>(loc_, iv, constant(k)).getResult();
    carry = body(i, carry);
  }
  b_.create<scf::YieldOp>(loc_, carry);
  return loop;
}

scf::ForOp TraceBuilder::loop(Value lo, Value hi, ValueRange init, const LoopBody &body) {
  return forLoop(lo, hi, constant(1), 1, init, body);
}

void TraceBuilder::unrolledLoop(int64_t n, int64_t unroll, const std::function<void(Value)> &body) {
  Value lo = constant(0);
  // The bound of the loop before it is split into groups: unused, but the
  // order of the kernel's constants (hoisted by the canonicalizer) is the
  // traced pipeline's with it.
  constant(n);
  Value step = constant(1);
  int64_t mainEnd = n / unroll * unroll;
  auto each = [&](Value i, ValueRange) {
    body(i);
    return SmallVector<Value>{};
  };
  if (n >= unroll)
    forLoop(lo, constant(mainEnd), step, unroll, {}, each);
  for (int64_t i = mainEnd; i < n; ++i)
    body(constant(i));
}

}  // namespace mlir::tessera
