//===- ValueBuilder.h - Shared pieces of the value operations -------------===//
//
// Internal to dsl/: how a value operation turns its operands into kernel IR
// (constants, converts, broadcasts, the one op), shared by Values.cpp
// (elementwise ops and conversions), Reductions.cpp and Dot.cpp. A Value's
// IR type is always a rank-2 vector; its Shape is the user's (a Value of rank
// 3 to 5 is a stack of rank-2 ones, one per leading index: perSlice, stack).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <optional>
#include <source_location>
#include <string>

#include "dsl/KernelTrace.h"
#include "mlir/IR/BuiltinTypes.h"

namespace tessera::detail::values {

/// The rank-2 IR shape of a value.
Shape irShape(mlir::Value v);
mlir::VectorType vecType(const Shape &shape, DType dtype);
/// "an f32", "a bf16", "an s8", "a pred".
std::string withArticle(DType d);
/// A user error when a value of `dtype` with IR shape `ir` does not fit
/// vregs: bf16 and int8 need rows a multiple of 16 / 32 or 1 (their last
/// column tile may be padded); 32-bit values and masks may end in padded
/// tiles either way. `what` names the operation.
void checkValueShape(const Shape &ir, DType dtype, const std::source_location &loc,
                     What what);
/// A new Value for the IR value `v` (checked by checkValueShape).
Value make(KernelTrace &trace, mlir::Value v, DType dtype, Shape shape,
           const std::source_location &loc, What what);
/// A tessera op by name, with one result.
mlir::Value tesseraOp(KernelTrace &trace, llvm::StringRef name, mlir::ValueRange operands,
                      mlir::Type result, llvm::ArrayRef<mlir::NamedAttribute> attrs,
                      const std::source_location &loc);
/// A splat constant of `dtype` (a user error when the number is not exact
/// in it): `integer` when isInteger, else `number`.
mlir::Value splat(KernelTrace &trace, const Shape &shape, DType dtype, double number,
                  bool isInteger, int64_t integer, const std::source_location &loc);
/// astype's conversion of an IR value, as explicit ops.
mlir::Value convert(KernelTrace &trace, mlir::Value x, DType from, DType to,
                    const std::source_location &loc);
/// `x` broadcast to IR shape `to` (tessera.broadcast; nothing when equal).
mlir::Value broadcastIr(KernelTrace &trace, mlir::Value x, const Shape &to,
                        const std::source_location &loc);
/// `axis` of x (negative: counted from the end) in [0, x.ndim()), or a
/// user error naming `name` and the allowed range.
int userAxis(const Value &x, int axis, const char *name, const std::source_location &loc);
/// JAX's lattice: bool < int8 < int32 < bf16 < f32.
DType promote(DType a, DType b);
/// The user's shape padded to rank 2, or a user error when that is not how
/// the value sits in registers.
/// A 1-D value held as a column (a keepdims=false reduction over axis 1,
/// a matrix-vector product) as the row 1-D values are (a transpose); any
/// other value as it is.
Value asRow(const Value &x, const std::source_location &loc);
Shape broadcastView(const Value &v, mlir::Value ir, const char *op,
                    const std::source_location &loc);
/// An elementwise binary op by symbol ("+", "max", "<", ...); `name` is
/// what messages call it (default: the symbol).
Value binary(const char *op, const ArrayLike &a, const ArrayLike &b,
             const std::source_location &loc, const char *name = nullptr);
/// x.astype(to); asFloat: f32 for integers and bool, else x.
Value astypeImpl(const Value &x, DType to, const std::source_location &loc);
Value asFloat(const Value &x, const std::source_location &loc);

/// The slices of a stack with leading dimensions `lead` along leading axis
/// `a`: one group per index of the other leading dimensions (row-major),
/// each in index order along `a` (a < 0: one group of all of them). What a
/// reduction along `a` combines, and what a layout op along it moves.
std::vector<std::vector<int64_t>> groupsAlong(const Shape &lead, int a);
/// The slice of a stacked value with leading dimensions `from` that slice
/// `b` of a result with leading dimensions `lead` reads under numpy's
/// broadcast (`from` aligned with `lead`'s last dimensions, each of its
/// dimensions equal to lead's or 1).
int64_t broadcastSlice(const Shape &lead, const Shape &from, int64_t b);
/// Values of rank 3 to 5 (KernelTrace::addStack) in an operation written
/// for rank 2: `f` applied slice by slice along the leading dimensions,
/// each stacked operand giving the slice at the result's leading indices
/// (index 0 along its dimensions of 1, and its leading dimensions aligned
/// on the right: numpy's broadcast), operands of rank <= 2 whole (numpy
/// aligns them with the trailing dimensions); the results stacked. nullopt
/// when no operand is stacked; a user error naming `op` when the leading
/// dimensions do not broadcast.
std::optional<Value> perSlice(const std::vector<const ArrayLike *> &in, const char *op,
                              const std::source_location &loc,
                              const std::function<Value(const std::vector<ArrayLike> &)> &f);
/// The value [...lead, M, N] of rank-2 values of one shape and dtype, one
/// per index of `lead` (row-major; default: [slices.size()]).
Value stack(KernelTrace &trace, std::vector<Value> slices, const std::source_location &loc,
            Shape lead = {});
/// The matrices of a value of rank 2 to 5 (a rank-2 value is one).
std::vector<Value> matricesOf(KernelTrace &trace, const Value &x, const std::source_location &loc);

/// The row [1, n] of a folded 1-D value's IR [n / 128, 128]
/// (KernelTrace::isFolded): its rows joined along the lanes.
mlir::Value unfold(KernelTrace &trace, mlir::Value folded, const std::source_location &loc);
/// The folded IR [n / 128, 128] of a 1-D value's row [1, n] (n a multiple
/// of 128): its parts of 128 lanes stacked as rows.
mlir::Value fold(KernelTrace &trace, mlir::Value row, const std::source_location &loc);

/// An elementwise unary op on x's IR value: `emit(trace, v, loc)` records
/// it; the result has x's shape and dtype `rd`.
template <class F>
Value unary(const Value &x, DType rd, const std::source_location &loc, const char *what, F emit) {
  ArrayLike in(x);
  if (auto r = perSlice({&in}, what, loc, [&](const std::vector<ArrayLike> &s) {
        return unary(s[0].value(), rd, loc, what, emit);
      }))
    return *r;
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  mlir::Value v = trace.useElementwise(x, loc);
  mlir::Value r = emit(trace, v, trace.loc(loc));
  return make(trace, r, rd, x.shape(), loc, What::resultOf(what));
}

}  // namespace tessera::detail::values
