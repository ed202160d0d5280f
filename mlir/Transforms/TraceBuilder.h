//===- TraceBuilder.h - Kernel IR built the way the tracer builds it -------===//
//
// tessera-expand-grid writes the pipeline the tracer used to write, op for
// op, so that the compiled code (and its cycle count) does not depend on
// which of the two wrote it. This builder keeps the tracer's habits
// (dsl/Scalars.cpp, dsl/Ops.cpp, dsl/ControlFlow.cpp): a fresh i32 constant
// before each op with a constant operand, one index cast per scalar placed
// right after its definition and shared by all its uses, branches built
// with both blocks, loops whose yield follows the body.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>

#include "llvm/ADT/DenseMap.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::tessera {

/// One window dimension: a run-time start (`dynamic`) or a static one, and
/// a static size (pl.ds(start, size)).
struct WindowDim {
  Value dynamic;
  int64_t start = 0;
  int64_t size = 0;
};

class TraceBuilder {
public:
  TraceBuilder(OpBuilder &b, Location loc) : b_(b), loc_(loc) {}
  OpBuilder &builder() { return b_; }
  Location loc() const { return loc_; }

  /// An i32 constant.
  Value constant(int64_t v);
  /// i32 arithmetic; the forms with an integer make its constant first.
  template <class Op>
  Value binary(Value x, Value y) {
    return b_.create<Op>(loc_, x, y);
  }
  template <class Op>
  Value binary(Value x, int64_t y) {
    return binary<Op>(x, constant(y));
  }
  template <class Op>
  Value binary(int64_t x, Value y) {
    return binary<Op>(constant(x), y);
  }
  Value add(Value x, int64_t y) { return binary<arith::AddIOp>(x, y); }
  Value mul(Value x, int64_t y) { return binary<arith::MulIOp>(x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y);
  Value cmp(arith::CmpIPredicate p, Value x, int64_t y) { return cmp(p, x, constant(y)); }
  /// Logical not of a predicate (xor with true).
  Value negate(Value x);
  Value select(Value c, Value x, Value y);
  /// pl.multiple_of(x, m).
  Value multipleOf(Value x, int64_t m);
  /// `x` as an index: one cast per value, after its definition.
  Value indexOf(Value x);

  /// A window of `ref` (the Ref itself when the window is all of it).
  Value window(Value ref, ArrayRef<WindowDim> dims);
  /// s_ref[i] and s_ref[i] = v of an SMEM Ref.
  Value loadScalar(Value ref, Value i);
  Operation *storeScalar(Value v, Value ref, Value i);

  /// pl.when(cond): an scf.if with an empty else block.
  scf::IfOp when(Value cond, const std::function<void()> &then);
  /// lax.cond without results: both sides.
  void cond(Value c, const std::function<void()> &then, const std::function<void()> &otherwise);
  /// lax.cond with i32 results (none: an scf.if like pl.when's, with both
  /// sides traced).
  SmallVector<Value> condValues(Value c, const std::function<SmallVector<Value>()> &then,
                                const std::function<SmallVector<Value>()> &otherwise);
  /// A loop over [lo, hi) by 1 carrying i32 values; `body` gets the
  /// induction variable and the carried values, returns the next ones.
  using LoopBody = std::function<SmallVector<Value>(Value, ValueRange)>;
  scf::ForOp loop(Value lo, Value hi, ValueRange init, const LoopBody &body);
  /// pl.loop(0, n, unroll = k) without carried values: a loop over whole
  /// groups of k, then the rest unrolled.
  void unrolledLoop(int64_t n, int64_t unroll, const std::function<void(Value)> &body);

private:
  scf::ForOp forLoop(Value lo, Value hi, Value step, int64_t copies, ValueRange init,
                     const LoopBody &body);
  OpBuilder &b_;
  Location loc_;
  llvm::DenseMap<Value, Value> indexOf_;
};

}  // namespace mlir::tessera
