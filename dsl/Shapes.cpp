//===- Shapes.cpp - reshape, transpose, pltpu.roll, repeat and bitcast ----===//
//
// jnp.reshape where it moves no element (a dimension of size 1 dropped or
// re-added: the IR value is the same, only the user's Shape changes), only
// rows (the leading dimensions of a value of rank 3 to 5 renumbered, or
// merged into the rows or split out of them: tessera.concat /
// tessera.slice of whole tiles, else shifted by jnp::concatenate and
// lax::slice), or the columns of one-column matrices into rows and back
// (transposes), jnp.transpose of whole 128x128 blocks
// (tessera.transpose, the XLU) and of leading dimensions (no instruction),
// and
// the layout ops of Pallas TPU, checked the way Pallas checks them (rank 2,
// shift >= 0, shape[-2] divisible by the bit-width ratio) and recorded as
// tessera.roll / tessera.repeat / tessera.bitcast; what they cost is tile
// legalization's business (mlir/Transforms/LegalizeShape.cpp): whole tiles
// move for free, only a roll's rest inside a tile takes instructions. The
// forms Tessera cannot do yet (a run-time shift, a strided roll) are user
// errors naming the line.
//
//===----------------------------------------------------------------------===//
#include <algorithm>

#include "dsl/RefOps.h"
#include "dsl/ValueBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"

namespace tessera {

using detail::KernelTrace;
using namespace detail::values;

namespace {

/// The user's rank-2 value (its IR shape), or a user error.
Shape rank2(const Value &x, const char *name, const std::source_location &loc) {
  if (x.ndim() != 2)
    throwUserError(loc, std::string(name) + " needs a value of rank 2 to 5, not " +
                            to_string(ShapeDtypeStruct{x.shape(), x.dtype()}) +
                            " (Pallas: rank >= 2)");
  return x.shape();
}

/// Axis in [-2, 1] as 0 or 1, or a user error.
int64_t axisOf(int axis, const char *name, const std::source_location &loc) {
  if (axis < -2 || axis > 1)
    throwUserError(loc, std::string(name) + ": axis " + std::to_string(axis) +
                            " is out of range for a rank-2 value; allowed: [-2, 1]");
  return axis < 0 ? axis + 2 : axis;
}

int bitsOf(DType d) { return d == DType::bool_ ? 1 : 8 * itemsize(d); }

/// A user error when axis `ax` of the rank-2 value x ends in a padded tile
/// (f32[3, 128] along axis 0, f32[8, 200] along axis 1): moving elements
/// along it would move the padding in. A dimension of 1 is replicated, not
/// padded.
void checkWholeAxis(const Value &x, int64_t ax, const char *name,
                    const std::source_location &loc) {
  int64_t n = x.shape()[ax], unit = ax == 0 ? machine::kSublanes * packing(x.dtype())
                                             : machine::kLanes;
  if (n != 1 && n % unit != 0)
    throwUserError(loc, std::string(name) + " along axis " + std::to_string(ax) + " of the " +
                            to_string(ShapeDtypeStruct{x.shape(), x.dtype()}) +
                            " value: that axis ends in a padded tile (" + std::to_string(n) +
                            " is not a multiple of " + std::to_string(unit) +
                            "), whose padding would move in; use whole tiles along it");
}

/// Rows of one (tileRows, 128) tile of `d`: 8, 16 for bf16, 32 for int8.
int64_t tileRows(DType d) { return machine::kSublanes * packing(d); }

/// A reshape with rank 3 to 5 on either side: the matrices renumbered when
/// only the leading dimensions change; else only rows move, in whole tiles.
/// The value's matrices are joined along their rows ([B, M, N] -> [B*M, N],
/// tessera.concat: whole tiles reused, or one-row matrices gathered into
/// tiles) and cut again ([B*M, N] -> [B, M, N], tessera.slice: whole tiles,
/// or a row extracted).
/// What messages call a reshape of x to `shape`, after the checks every
/// reshape makes (positive dimensions, the same number of elements).
std::string checkReshape(const Value &x, const Shape &shape, const std::source_location &loc) {
  std::string what = "jnp::reshape of the " + to_string(ShapeDtypeStruct{x.shape(), x.dtype()}) +
                     " value to " + to_string(shape);
  for (int64_t d : shape)
    if (d < 1)
      throwUserError(loc, what + ": dimensions must be positive");
  if (numElements(shape) != numElements(x.shape()))
    throwUserError(loc, what + ": " + std::to_string(numElements(x.shape())) +
                            " elements cannot become " + std::to_string(numElements(shape)));
  return what;
}

/// `matrices` (rank 2) as a value of `shape` (rank 2 to 5, its matrices
/// theirs).
Value asShape(KernelTrace &trace, std::vector<Value> matrices, const Shape &shape,
              const std::source_location &loc) {
  if (shape.size() == 2)
    return matrices.front();
  return detail::values::stack(trace, std::move(matrices), loc, batchDims(shape));
}

/// A reshape that moves the columns of one-column matrices into rows, or
/// the reverse, across the matrix boundary: [..., M, 1] -> [..., M] (each
/// matrix a row of the result: a keepdims=false reduction over the lanes)
/// and [..., R, M] -> [..., R, M, 1] (each row a one-column matrix:
/// `m[..., None]`); nullopt for others. Each column becomes a row by a
/// transpose; each matrix's rows become columns by one transpose of it
/// and a column window per row, unless they were such columns (a
/// keepdims=false reduction's result broadcast back: KernelTrace's
/// turnedFrom).
std::optional<Value> reshapeColumns(KernelTrace &trace, const Value &x, const Shape &shape,
                                    const std::source_location &loc) {
  const Shape &xs = x.shape();
  if (xs.size() >= 3 && xs.back() == 1 && shape == Shape(xs.begin(), xs.end() - 1)) {
    std::vector<Value> rows;
    for (const Value &column : trace.slices(x, loc))
      rows.push_back(jnp::transpose(column, loc));
    int64_t per = shape[shape.size() - 2];
    std::vector<Value> matrices;
    for (size_t i = 0; i < rows.size(); i += per)
      matrices.push_back(jnp::concatenate(
          std::vector<Value>(rows.begin() + (int64_t)i, rows.begin() + (int64_t)i + per), 0, loc));
    Value r = asShape(trace, std::move(matrices), shape, loc);
    trace.recordTurned(r, x);
    return r;
  }
  if (xs.size() >= 2 && shape.size() >= 3 && shape.back() == 1 &&
      Shape(shape.begin(), shape.end() - 1) == xs) {
    if (std::optional<Value> columns = trace.turnedFrom(x))
      return *columns;
    int64_t r = xs[xs.size() - 2], m = xs.back();
    std::vector<Value> columns;
    for (const Value &matrix : matricesOf(trace, x, loc)) {
      Value turned = jnp::transpose(matrix, loc);
      for (int64_t i = 0; i < r; ++i)
        columns.push_back(r == 1 ? turned : lax::slice(turned, {0, i}, {m, i + 1}, loc));
    }
    return asShape(trace, std::move(columns), shape, loc);
  }
  return std::nullopt;
}

Value reshapeBatch(const Value &x, const Shape &shape, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  std::string what = checkReshape(x, shape, loc);
  if (shape == x.shape())
    return x;
  if (shape.size() > kMaxRank)
    throwUserError(loc, what + ": values have rank " + std::to_string(kMaxRank) + " at most");
  // Only the leading dimensions change: the same matrices, renumbered.
  if (x.ndim() >= 3 && shape.size() >= 3 &&
      Shape(shape.end() - 2, shape.end()) == Shape(x.shape().end() - 2, x.shape().end()))
    return detail::values::stack(trace, trace.slices(x, loc), loc, batchDims(shape));
  if (std::optional<Value> turned = reshapeColumns(trace, x, shape, loc))
    return *turned;
  int64_t t = tileRows(x.dtype());
  std::string rule = "; a value of rank 3 to 5 is one matrix per leading index, and a reshape "
                     "may renumber the matrices, merge or split the leading indices into the "
                     "rows keeping the columns, or drop or add a last dimension of 1 (columns "
                     "to rows and back)";
  // The value as one matrix (rank 2): the matrices joined along their rows
  // (whole tiles reused, one-row matrices gathered into tiles, others
  // shifted into place by jnp::concatenate).
  Value whole = x;
  if (x.ndim() >= 3) {
    const std::vector<Value> &slices = trace.slices(x, loc);
    int64_t m = x.shape()[x.ndim() - 2], n = x.shape().back(), b = numMatrices(x.shape());
    if (b > 1 && m % t != 0 && !(m == 1 && b % t == 0))
      return reshapeBatch(jnp::concatenate(slices, 0, loc), shape, loc);
    std::vector<mlir::Value> parts;
    for (const Value &sl : slices)
      parts.push_back(trace.use(sl, loc));
    auto &bld = trace.builder();
    mlir::Value joined = parts.size() == 1
                             ? parts[0]
                             : tesseraOp(trace, "concat", parts, vecType({b * m, n}, x.dtype()),
                                         {bld.getNamedAttr("axis", bld.getI64IntegerAttr(0))},
                                         loc);
    whole = make(trace, joined, x.dtype(), {b * m, n}, loc, what);
  } else {
    whole = whole.reshape(irShape(trace.use(x, loc)), loc);
  }
  if (shape.size() < 3)
    return whole.reshape(shape, loc);
  int64_t b = numMatrices(shape), m = shape[shape.size() - 2], n = shape.back();
  const Shape &w = whole.shape();
  if (w[1] != n)
    throwUserError(loc, what + " is not supported: it changes the columns (" +
                            std::to_string(w[1]) + " to " + std::to_string(n) + ")" + rule);
  std::vector<Value> out;
  if (b > 1 && m % t != 0 && !(m == 1 && w[0] % t == 0)) {
    // Rows that are not whole tiles: each matrix a window of the rows.
    for (int64_t i = 0; i < b; ++i)
      out.push_back(lax::slice(whole, {i * m, 0}, {(i + 1) * m, n}, loc));
    return detail::values::stack(trace, std::move(out), loc, batchDims(shape));
  }
  mlir::Value v = trace.use(whole, loc);
  auto &bld = trace.builder();
  for (int64_t i = 0; i < b; ++i) {
    mlir::Value part = b == 1 ? v
                              : tesseraOp(trace, "slice", {v}, vecType({m, n}, x.dtype()),
                                          {bld.getNamedAttr("offsets",
                                                            bld.getDenseI64ArrayAttr({i * m, 0}))},
                                          loc);
    out.push_back(make(trace, part, x.dtype(), {m, n}, loc, what));
  }
  return detail::values::stack(trace, std::move(out), loc, batchDims(shape));
}

}  // namespace

namespace detail::values {
namespace {
/// `v` as 32-bit elements, exactly (a mask as int32 0 / 1, a packed dtype
/// widened), or null when it has them: fold and unfold move 32-bit rows.
mlir::Value widened(KernelTrace &trace, mlir::Value v, const std::source_location &loc) {
  auto type = llvm::cast<mlir::VectorType>(v.getType());
  mlir::Type elem = type.getElementType();
  if (elem.getIntOrFloatBitWidth() >= 32)
    return {};
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  if (llvm::isa<mlir::FloatType>(elem))
    return b.create<mlir::arith::ExtFOp>(l, mlir::VectorType::get(type.getShape(), b.getF32Type()),
                                         v);
  return b.create<mlir::arith::ExtUIOp>(l, mlir::VectorType::get(type.getShape(), b.getI32Type()),
                                        v);
}
/// `v` (widened's) back to `elem`.
mlir::Value narrowed(KernelTrace &trace, mlir::Value v, mlir::Type elem,
                     const std::source_location &loc) {
  auto &b = trace.builder();
  mlir::Location l = trace.loc(loc);
  auto shape = llvm::cast<mlir::VectorType>(v.getType()).getShape();
  auto type = mlir::VectorType::get(shape, elem);
  if (elem.isInteger(1))
    return b.create<mlir::arith::CmpIOp>(
        l, mlir::arith::CmpIPredicate::ne, v,
        splat(trace, Shape(shape.begin(), shape.end()), DType::int32, 0, true, 0, loc));
  if (llvm::isa<mlir::FloatType>(elem))
    return b.create<mlir::arith::TruncFOp>(l, type, v);
  return b.create<mlir::arith::TruncIOp>(l, type, v);
}
/// The 128-lane parts of `v` joined the other way: a folded value's rows
/// along the lanes into its row [1, n] (toRow), or a row's parts stacked
/// as rows [n / 128, 128].
mlir::Value regroup(KernelTrace &trace, mlir::Value v, bool toRow,
                    const std::source_location &loc) {
  auto type = llvm::cast<mlir::VectorType>(v.getType());
  if (mlir::Value wide = widened(trace, v, loc))
    return narrowed(trace, regroup(trace, wide, toRow, loc), type.getElementType(), loc);
  auto &b = trace.builder();
  int64_t lanes = machine::kLanes,
          parts = toRow ? type.getDimSize(0) : type.getDimSize(1) / lanes;
  auto partType = mlir::VectorType::get({1, lanes}, type.getElementType());
  llvm::SmallVector<mlir::Value> pieces;
  for (int64_t k = 0; k < parts; ++k) {
    llvm::SmallVector<int64_t> at = toRow ? llvm::SmallVector<int64_t>{k, 0}
                                          : llvm::SmallVector<int64_t>{0, k * lanes};
    pieces.push_back(tesseraOp(trace, "slice", {v}, partType,
                               {b.getNamedAttr("offsets", b.getDenseI64ArrayAttr(at))}, loc));
  }
  Shape joined = toRow ? Shape{1, parts * lanes} : Shape{parts, lanes};
  return tesseraOp(trace, "concat", pieces, mlir::VectorType::get(joined, type.getElementType()),
                   {b.getNamedAttr("axis", b.getI64IntegerAttr(toRow ? 1 : 0))}, loc);
}
}  // namespace

mlir::Value unfold(KernelTrace &trace, mlir::Value folded, const std::source_location &loc) {
  return regroup(trace, folded, /*toRow=*/true, loc);
}

mlir::Value fold(KernelTrace &trace, mlir::Value row, const std::source_location &loc) {
  return regroup(trace, row, /*toRow=*/false, loc);
}
}  // namespace detail::values

namespace jnp {

Value reshape(const Value &x, Shape shape, std::source_location loc) {
  if (x.ndim() >= 3 || shape.size() >= 3)
    return reshapeBatch(x, shape, loc);
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  std::string what = checkReshape(x, shape, loc);
  // A 1-D value and the rows of 128 lanes that hold it (Mosaic's 1-D
  // layout: a folded value, KernelTrace::isFolded): [n] <-> [n / 128, 128],
  // no instruction when the 1-D value is folded; a row is folded.
  int64_t lanes = machine::kLanes;
  if (x.ndim() == 1 && shape.size() == 2 && shape[1] == lanes && shape[0] > 1) {
    if (trace.isFolded(x))
      return make(trace, trace.useElementwise(x, loc), x.dtype(), std::move(shape), loc, what);
    if (mlir::Value row = trace.use(x, loc); irShape(row)[0] == 1)
      return make(trace, fold(trace, row, loc), x.dtype(), std::move(shape), loc, what);
  }
  mlir::Value v = trace.use(x, loc);
  Shape ir = irShape(v);
  if (x.ndim() == 2 && shape.size() == 1 && x.shape()[1] == lanes && x.shape()[0] > 1)
    return make(trace, v, x.dtype(), std::move(shape), loc, what);
  // A 1-D value held as a column (a reduction over axis 1 with
  // keepdims=false, a matrix-vector product) as a row, and a row as a
  // column (x[:, None]): transposed.
  if (x.ndim() == 1 && x.shape()[0] > 1 &&
      ((shape == Shape{1, x.shape()[0]} && ir == Shape{x.shape()[0], 1}) ||
       (shape == Shape{x.shape()[0], 1} && ir == Shape{1, x.shape()[0]})))
    return transpose(make(trace, v, x.dtype(), ir, loc, what), loc);
  // The shape the new one has in registers: rank 2 as it is; rank 1 [N]
  // as the row or column the value already is; rank 0 as 1x1.
  bool same = false;
  if (shape.size() == 2)
    same = shape == ir;
  else if (shape.size() == 1)
    same = (ir[0] == 1 && ir[1] == shape[0]) || (ir[1] == 1 && ir[0] == shape[0]);
  else if (shape.empty())
    same = ir == Shape{1, 1};
  if (!same)
    throwUserError(loc, what + " is not supported: it would move elements between sublanes or "
                               "vregs (in registers the value is " + to_string(ir) +
                               "); Tessera, like Mosaic on the last two dims, only drops or "
                               "re-adds a dimension of size 1 (e.g. a keepdims=false reduction "
                               "result [M] back to [M, 1]); values of rank 3 to 5 merge or "
                               "split their leading dimensions");
  return make(trace, v, x.dtype(), std::move(shape), loc, what);
}

Value transpose(const Value &x, std::source_location loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  std::string what = "jnp::transpose / x.T() of the " +
                     to_string(ShapeDtypeStruct{x.shape(), x.dtype()}) + " value";
  if (x.ndim() >= 3) {  // all axes reversed, as JAX's x.T
    std::vector<int> reversed;
    for (int a = x.ndim() - 1; a >= 0; --a)
      reversed.push_back(a);
    return transpose(x, reversed, loc);
  }
  if (x.ndim() != 2)
    throwUserError(loc, what + ": Tessera transposes rank-2 values (Pallas: 2-D (1, 0))");
  Shape s = x.shape();
  // A mask goes through int32 0 / 1, a packed value that is not whole
  // 128x128 blocks through its 32-bit dtype (exact both ways).
  if (x.dtype() == DType::bool_)
    return transpose(x.astype(DType::int32, loc), loc) != 0;
  if (itemsize(x.dtype()) < 4 && (s[0] % machine::kLanes != 0 || s[1] % machine::kLanes != 0))
    return transpose(x.astype(wordDtype(x.dtype()), loc), loc).astype(x.dtype(), loc);
  // 32-bit from here on (or packed whole blocks). A one-row or one-column
  // value is held replicated across the sublanes or lanes: [1, 1] is its
  // own transpose; [R, 1] is widened to 8 equal columns first, and [1, N]
  // to 8 equal rows, whose transpose's 8 equal columns give the column
  // back exactly (a maximum of equal values).
  if (s[0] == 1 && s[1] == 1)
    return x;
  if (s[1] == 1)
    return lax::slice(transpose(jnp::broadcast_to(x, {s[0], machine::kSublanes}, loc), loc),
                      {0, 0}, {1, s[0]}, loc);
  if (s[0] == 1)
    return jnp::max(transpose(jnp::broadcast_to(x, {machine::kSublanes, s[1]}, loc), loc), 1,
                    /*keepdims=*/true, loc);
  // Dimensions that are not whole 8-row units (f32[3, 5]): padded with
  // zeros to them, transposed, and the result's valid part taken, as
  // Mosaic pads a vector to its tiles.
  auto up = [](int64_t n) { return llvm::alignTo(n, machine::kSublanes); };
  if (s[0] % machine::kSublanes != 0 || s[1] % machine::kSublanes != 0) {
    Value padded = jnp::pad(x, {{0, up(s[0]) - s[0]}, {0, up(s[1]) - s[1]}}, 0, loc);
    return lax::slice(transpose(padded, loc), {0, 0}, {s[1], s[0]}, loc);
  }
  // The XLU transposes 128x128 blocks of 32-bit words: a value of whole
  // 8-row units both ways goes through blocks padded with zeros (its
  // result ends in padded tiles).
  mlir::Value v = trace.use(x, loc);
  Shape out{s[1], s[0]};
  mlir::Value r = tesseraOp(trace, "transpose", {v}, vecType(out, x.dtype()), {}, loc);
  return make(trace, r, x.dtype(), out, loc, what);
}

namespace {
/// A permutation `norm` of the axes of a value of rank 3 to 5 that keeps
/// the last one (the lanes): each result matrix gathered from runs of rows
/// of x's matrices (lax::slice), joined along the rows (jnp::concatenate).
Value permuteRows(const Value &x, const std::vector<int> &norm, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  const Shape &s = x.shape();
  int n = (int)s.size();
  Shape t(n);
  for (int i = 0; i < n; ++i)
    t[i] = s[norm[i]];
  const std::vector<Value> &slices = trace.slices(x, loc);
  std::vector<Value> out;
  std::vector<int64_t> idx(n), xi(n);
  for (int64_t m = 0; m < numMatrices(t); ++m) {
    for (int64_t i = n - 3, rest = m; i >= 0; rest /= t[i], --i)
      idx[i] = rest % t[i];
    // Result row r is row xi[n - 2] of x's matrix at xi's leading indices.
    std::vector<Value> runs;
    int64_t runMatrix = -1, runRow = 0, runRows = 0;
    auto flush = [&] {
      if (runRows > 0)
        runs.push_back(lax::slice(slices[runMatrix], {runRow, 0},
                                  {runRow + runRows, s[n - 1]}, loc));
    };
    for (int64_t r = 0; r < t[n - 2]; ++r) {
      idx[n - 2] = r;
      idx[n - 1] = 0;
      for (int i = 0; i < n; ++i)
        xi[norm[i]] = idx[i];
      int64_t matrix = 0;
      for (int i = 0; i < n - 2; ++i)
        matrix = matrix * s[i] + xi[i];
      if (matrix == runMatrix && xi[n - 2] == runRow + runRows) {
        ++runRows;
        continue;
      }
      flush();
      runMatrix = matrix;
      runRow = xi[n - 2];
      runRows = 1;
    }
    flush();
    out.push_back(runs.size() == 1 ? runs[0] : jnp::concatenate(runs, 0, loc));
  }
  return detail::values::stack(trace, std::move(out), loc, Shape(t.begin(), t.end() - 2));
}
}  // namespace

Value transpose(const Value &x, std::vector<int> axes, std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  int n = x.ndim();
  std::vector<int> norm;
  for (int a : axes)
    norm.push_back(a < 0 ? a + n : a);
  if (n == 2 && norm == std::vector<int>{1, 0})
    return transpose(x, loc);
  if (n == 2 && norm == std::vector<int>{0, 1})
    return x;
  std::string text;
  for (int a : axes)
    text += (text.empty() ? "" : ", ") + std::to_string(a);
  std::string what = "jnp::transpose of the " + to_string(ShapeDtypeStruct{x.shape(), x.dtype()}) +
                     " value with axes (" + text + ")";
  std::vector<int> sorted = norm;
  std::ranges::sort(sorted);
  for (int i = 0; i < n; ++i)
    if ((int)norm.size() != n || sorted[i] != i)
      throwUserError(loc, what + ": the axes must be a permutation of 0.." + std::to_string(n - 1));
  int nlead = n - 2;
  bool keepsMatrices = n >= 3 && norm[n - 2] == n - 2 && norm[n - 1] == n - 1;
  bool swapsMatrices = n >= 3 && norm[n - 2] == n - 1 && norm[n - 1] == n - 2;
  if (!keepsMatrices && !swapsMatrices) {
    // A matrix dimension moves to or from the leading ones. `l` is x's axis
    // that ends as the lanes: kept there, the rows are gathered
    // (permuteRows); x's rows, the matrices are transposed first; a leading
    // axis, it is moved into the rows, then the matrices transposed.
    int l = norm[n - 1];
    if (l == n - 1)
      return permuteRows(x, norm, loc);
    std::vector<int> swapLast(n), into(n);  // into[a]: where x's axis a went
    for (int i = 0; i < n; ++i)
      swapLast[i] = into[i] = i;
    std::swap(swapLast[n - 2], swapLast[n - 1]);
    Value y = x;
    if (l < n - 2) {
      std::vector<int> q = swapLast;  // x's axes l and n - 2 change places
      std::swap(q[n - 2], q[n - 1]);
      std::swap(q[l], q[n - 2]);
      y = permuteRows(x, q, loc);
      into[l] = n - 2;
      into[n - 2] = l;
    }
    y = transpose(y, swapLast, loc);
    for (int &a : into)  // the matrices transposed: rows and lanes change places
      a = a == n - 2 ? n - 1 : a == n - 1 ? n - 2 : a;
    std::vector<int> rest(n);
    for (int i = 0; i < n; ++i)
      rest[i] = into[norm[i]];
    return permuteRows(y, rest, loc);
  }
  // The leading axes permuted: the result's slice at leading indices `at`
  // is x's slice at the indices `at` rearranged (no instruction); each
  // matrix kept or transposed.
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  Shape from = batchDims(x.shape()), lead(nlead);
  for (int i = 0; i < nlead; ++i)
    lead[i] = from[norm[i]];
  const std::vector<Value> &slices = trace.slices(x, loc);
  std::vector<Value> out;
  for (int64_t b = 0; b < numMatrices(x.shape()); ++b) {
    std::vector<int64_t> at(nlead), xAt(nlead);
    for (int64_t i = nlead - 1, rest = b; i >= 0; rest /= lead[i], --i)
      at[i] = rest % lead[i];
    for (int i = 0; i < nlead; ++i)  // result axis i is x's axis norm[i]
      xAt[norm[i]] = at[i];
    int64_t index = 0;
    for (int i = 0; i < nlead; ++i)
      index = index * from[i] + xAt[i];
    out.push_back(swapsMatrices ? transpose(slices[index], loc) : slices[index]);
  }
  return detail::values::stack(trace, std::move(out), loc, lead);
}

Value swapaxes(const Value &x, int a, int b, std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  std::vector<int> axes(x.ndim());
  for (int i = 0; i < x.ndim(); ++i)
    axes[i] = i;
  std::swap(axes[userAxis(x, a, "jnp::swapaxes", loc)], axes[userAxis(x, b, "jnp::swapaxes", loc)]);
  return transpose(x, axes, loc);
}

namespace {
Value concatenateAs(const std::vector<Value> &xs, int axis, const char *name,
                    const std::source_location &loc);
}  // namespace

Value concatenate(const std::vector<Value> &xs, int axis, std::source_location loc) {
  return concatenateAs(xs, axis, "jnp::concatenate", loc);
}

namespace {
/// jnp.concatenate, its messages naming `name` (the op the user called:
/// jnp::pad and jnp::stack are concatenates).
Value concatenateAs(const std::vector<Value> &xs, int axis, const char *name,
                    const std::source_location &loc) {
  if (xs.empty())
    throwUserError(loc, std::string(name) + " needs at least one value");
  KernelTrace &trace = KernelTrace::check(xs[0].traceId(), loc, "a value");
  int n = xs[0].ndim();
  std::string shapes;
  for (const Value &x : xs)
    shapes += (shapes.empty() ? "" : ", ") + to_string(ShapeDtypeStruct{x.shape(), x.dtype()});
  std::string what = std::string(name) + " of " + shapes + " along axis " + std::to_string(axis);
  if (n == 1) {  // 1-D values: their rows joined along the lanes
    std::vector<Value> rows;
    int64_t total = 0;
    for (const Value &x : xs) {
      if (x.ndim() != 1)
        throwUserError(loc, what + ": the values must have one rank");
      rows.push_back(jnp::reshape(x, {1, x.shape()[0]}, loc));
      total += x.shape()[0];
    }
    userAxis(xs[0], axis, name, loc);
    return jnp::reshape(concatenateAs(rows, 1, name, loc), {total}, loc);
  }
  if (n < 2)
    throwUserError(loc, what + ": values of rank 1 to " + std::to_string(kMaxRank) +
                            " (a rank-" + std::to_string(n) + " value is not supported yet)");
  int a = userAxis(xs[0], axis, name, loc);
  DType dtype = xs[0].dtype();
  for (const Value &x : xs) {
    KernelTrace::check(x.traceId(), loc, "a value");
    bool same = x.ndim() == n;
    for (int i = 0; same && i < n; ++i)
      same = i == a || x.shape()[i] == xs[0].shape()[i];
    if (!same)
      throwUserError(loc, what + ": the values must have one rank and equal dimensions but "
                                 "along the axis");
    dtype = promote(dtype, x.dtype());
  }
  std::vector<Value> in;
  Shape out = xs[0].shape();
  out[a] = 0;
  for (const Value &x : xs) {
    in.push_back(astypeImpl(x, dtype, loc));
    out[a] += x.shape()[a];
  }
  if (in.size() == 1)
    return in[0];
  int nlead = n - 2;
  if (n >= 3 && a < nlead) {
    // Along a leading axis: each operand's matrices, group by group (the
    // indices of the axes before it), in order.
    Shape lead = batchDims(out);
    int64_t inner = numElements(Shape(lead.begin() + a + 1, lead.end()));
    int64_t outer = numElements(Shape(lead.begin(), lead.begin() + a));
    std::vector<Value> slices;
    for (int64_t o = 0; o < outer; ++o)
      for (const Value &x : in) {
        const std::vector<Value> &s = trace.slices(x, loc);
        int64_t along = x.shape()[a];
        for (int64_t j = 0; j < along * inner; ++j)
          slices.push_back(s[o * along * inner + j]);
      }
    return detail::values::stack(trace, std::move(slices), loc, lead);
  }
  if (n >= 3) {  // along the rows or columns of each matrix
    std::vector<Value> slices;
    for (int64_t b = 0; b < numMatrices(out); ++b) {
      std::vector<Value> parts;
      for (const Value &x : in)
        parts.push_back(trace.slices(x, loc)[b]);
      slices.push_back(concatenateAs(parts, a - nlead, name, loc));
    }
    return detail::values::stack(trace, std::move(slices), loc, batchDims(out));
  }
  // Whole tiles along the axis are reused as they are; 32-bit operands
  // that are not are shifted into place (tile legalization); packed ones
  // and masks go through their 32-bit dtype then.
  int64_t unit = a == 0 ? tileRows(dtype) : machine::kLanes;
  bool aligned = std::all_of(in.begin(), in.end() - 1,
                             [&](const Value &x) { return x.shape()[a] % unit == 0; });
  if (!aligned && (itemsize(dtype) < 4 || dtype == DType::bool_)) {
    std::vector<Value> widened;
    for (const Value &x : in)
      widened.push_back(x.astype(wordDtype(dtype), loc));
    Value joined = concatenateAs(widened, axis, name, loc);
    return dtype == DType::bool_ ? joined != 0 : joined.astype(dtype, loc);
  }
  // One-column operands along the rows: shifted as [R, 128] (the column
  // in every lane, as registers hold it), the first column of the result.
  if (!aligned && a == 0 && out[1] == 1 && out[0] > 1) {
    std::vector<Value> wide;
    for (const Value &x : in)
      wide.push_back(jnp::broadcast_to(x, {x.shape()[0], machine::kLanes}, loc));
    Value joined = concatenateAs(wide, 0, name, loc);
    return lax::slice(joined, {0, 0}, {out[0], 1}, loc);
  }
  // Shifting works on tiles of several rows and columns (a one-row operand
  // along the rows is its row replicated), and along the lanes on rows
  // and tiles (a one-column operand, or a 1x1 one of a row, is replicated
  // over the lanes: selected where it lands).
  if (!aligned && a == 0 && (out[1] == 1 || std::any_of(in.begin(), in.end(), [](const Value &x) {
                               return x.shape()[1] == 1;
                             })))
    throwUserError(loc, what + " is not supported: operands that are not whole (8, 128) tiles "
                               "along the axis are shifted into place when the result and "
                               "each operand have several rows and columns (one-row operands "
                               "along the rows, or one-row operands along the lanes); a "
                               "one-column value is held replicated in its tiles");
  llvm::SmallVector<mlir::Value> irs;
  for (size_t k = 0; k < in.size(); ++k) {
    mlir::Value v = trace.use(in[k], loc);
    if (irShape(v) != in[k].shape())
      throwUserError(loc, what + ": operand " + std::to_string(k) +
                              " is a column in registers (a reduction with keepdims=false); "
                              "reduce with keepdims=true");
    irs.push_back(v);
  }
  auto &b = trace.builder();
  mlir::Value r = tesseraOp(trace, "concat", irs, vecType(out, dtype),
                            {b.getNamedAttr("axis", b.getI64IntegerAttr(a))}, loc);
  return make(trace, r, dtype, out, loc, what);
}

}  // namespace

Value stack(const std::vector<Value> &xs, int axis, std::source_location loc) {
  if (xs.empty())
    throwUserError(loc, "jnp::stack needs at least one value");
  for (const Value &x : xs)
    if (x.shape() != xs[0].shape())
      throwUserError(loc, "jnp::stack: the values have shapes " + to_string(xs[0].shape()) +
                              " and " + to_string(x.shape()) + "; they must have one shape");
  std::vector<Value> parts;
  for (const Value &x : xs)
    parts.push_back(expand_dims(x, axis, loc));
  return concatenateAs(parts, axis, "jnp::stack", loc);
}

Value pad(const Value &x, std::vector<std::pair<int64_t, int64_t>> pad_width, double value,
          std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  int n = x.ndim();
  if ((int)pad_width.size() > n)
    throwUserError(loc, "jnp::pad: " + std::to_string(pad_width.size()) +
                            " (before, after) pairs for a value of rank " + std::to_string(n));
  Value r = x;
  for (size_t i = 0; i < pad_width.size(); ++i) {
    int axis = n - (int)pad_width.size() + (int)i;
    auto [before, after] = pad_width[i];
    if (before < 0 || after < 0)
      throwUserError(loc, "jnp::pad: the pad widths of axis " + std::to_string(axis) + " (" +
                              std::to_string(before) + ", " + std::to_string(after) +
                              ") must not be negative");
    std::vector<Value> parts;
    for (int64_t amount : {before, int64_t{-1}, after}) {
      if (amount == -1) {
        parts.push_back(r);
        continue;
      }
      if (amount == 0)
        continue;
      Shape s = r.shape();
      s[axis] = amount;
      parts.push_back(full(s, value, r.dtype(), loc));
    }
    r = concatenateAs(parts, axis, "jnp::pad", loc);
  }
  return r;
}

Value tile(const Value &x, std::vector<int64_t> reps, std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  Value r = x;
  while ((size_t)r.ndim() < reps.size())
    r = expand_dims(r, 0, loc);
  size_t skip = r.ndim() - reps.size();
  for (size_t i = 0; i < reps.size(); ++i)
    if (reps[i] != 1)
      r = pltpu::repeat(r, reps[i], (int)(skip + i), loc);
  return r;
}

Value expand_dims(const Value &x, int axis, std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  int n = x.ndim() + 1;
  if (axis < -n || axis >= n)
    throwUserError(loc, "jnp::expand_dims: axis " + std::to_string(axis) +
                            " is out of range for a result of rank " + std::to_string(n) +
                            "; allowed: [" + std::to_string(-n) + ", " + std::to_string(n - 1) +
                            "]");
  Shape s = x.shape();
  s.insert(s.begin() + (axis < 0 ? axis + n : axis), 1);
  return reshape(x, s, loc);
}

Value squeeze(const Value &x, std::optional<int> axis, std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  Shape s;
  if (axis) {
    int a = userAxis(x, *axis, "jnp::squeeze", loc);
    if (x.shape()[a] != 1)
      throwUserError(loc, "jnp::squeeze: dimension " + std::to_string(*axis) + " of shape " +
                              to_string(x.shape()) + " is " + std::to_string(x.shape()[a]) +
                              ", not 1");
    s = x.shape();
    s.erase(s.begin() + a);
  } else {
    for (int64_t d : x.shape())
      if (d != 1)
        s.push_back(d);
  }
  return reshape(x, s, loc);
}

}  // namespace jnp

namespace lax {
namespace {
/// Checks the sizes of a window of the rank-2 value x: positive and
/// within x.
void checkWindow(const Value &x, const Shape &sizes, const char *name,
                 const std::source_location &loc) {
  rank2(x, name, loc);
  if (sizes.size() != 2)
    throwUserError(loc, std::string(name) + ": " + std::to_string(sizes.size()) +
                            " sizes for a value of rank 2");
  for (int ax = 0; ax < 2; ++ax)
    if (sizes[ax] < 1 || sizes[ax] > x.shape()[ax])
      throwUserError(loc, std::string(name) + ": size " + std::to_string(sizes[ax]) +
                              " of axis " + std::to_string(ax) + " is outside [1, " +
                              std::to_string(x.shape()[ax]) + "]");
}

/// The window of `sizes` at (r, c) of x, which starts at whole tiles (or
/// is one row): tessera.slice, its tiles reused.
Value sliceAt(const Value &x, int64_t r, int64_t c, const Shape &sizes,
              const std::source_location &loc) {
  if (r == 0 && c == 0 && sizes == x.shape())
    return x;
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  auto &b = trace.builder();
  mlir::Value v = tesseraOp(trace, "slice", {trace.use(x, loc)}, vecType(sizes, x.dtype()),
                            {b.getNamedAttr("offsets", b.getDenseI64ArrayAttr({r, c}))}, loc);
  return make(trace, v, x.dtype(), sizes, loc, "the result of lax::slice");
}
}  // namespace

Value slice(const Value &x, Shape start, Shape limit, std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  if (x.ndim() == 1 && start.size() == 1 && limit.size() == 1)  // of its row [1, n]
    return jnp::reshape(slice(jnp::reshape(x, {1, x.shape()[0]}, loc), {0, start[0]},
                              {1, limit[0]}, loc),
                        {limit[0] - start[0]}, loc);
  rank2(x, "lax::slice", loc);
  if (start.size() != 2 || limit.size() != 2)
    throwUserError(loc, "lax::slice: start_indices and limit_indices have one entry per "
                        "dimension (2)");
  Shape sizes(2);
  for (int ax = 0; ax < 2; ++ax) {
    if (start[ax] < 0 || start[ax] >= limit[ax] || limit[ax] > x.shape()[ax])
      throwUserError(loc, "lax::slice: the window [" + std::to_string(start[ax]) + ", " +
                              std::to_string(limit[ax]) + ") of axis " + std::to_string(ax) +
                              " is empty or outside [0, " + std::to_string(x.shape()[ax]) +
                              ")");
    sizes[ax] = limit[ax] - start[ax];
  }
  // One column (held replicated over the lanes): the lane maximum of its
  // rows with every other column the dtype's lowest number, exact as an
  // element read at a run-time column; back in the dtype.
  if (sizes[1] == 1 && x.shape()[1] > 1) {
    Value rows = slice(x, {start[0], 0}, {limit[0], x.shape()[1]}, loc);
    Value cols = lax::broadcasted_iota(DType::int32, rows.shape(), 1, loc);
    Value col = jnp::max(detail::onlyWhere(cols == start[1], rows, loc), 1,
                         /*keepdims=*/true, loc);
    return x.dtype() == DType::bool_ ? col != 0 : col.astype(x.dtype(), loc);
  }
  Value y = x;
  int64_t tiles[2] = {machine::kSublanes * packing(x.dtype()), machine::kLanes};
  int64_t at[2] = {start[0], start[1]};
  // One row at any place: its tile's sublane (tessera.slice).
  bool oneRow = sizes[0] == 1 && x.shape()[0] > 1;
  for (int ax = 0; ax < 2; ++ax) {
    if (at[ax] % tiles[ax] == 0 || (ax == 0 && oneRow))
      continue;
    // (A padded axis rolls as pltpu::roll rolls it: by a gather within one
    // tile, or over whole tiles twice, joined.)
    y = pltpu::roll(y, x.shape()[ax] - at[ax], ax, loc);
    at[ax] = 0;
  }
  return sliceAt(y, at[0], at[1], sizes, loc);
}

namespace {
/// A start clamped to [0, n - size] (JAX's rule): a number, or a Scalar
/// (int32) clamped on the scalar unit.
Index clampStart(const Index &s, int64_t n, int64_t size, const char *name,
                 const std::source_location &loc) {
  if (!s.dynamic)
    return std::clamp<int64_t>(s.value, 0, n - size);
  if (s.dynamic->dtype() != DType::int32)
    throwUserError(loc, std::string(name) + ": a start index is an int32 Scalar, not " +
                            to_string(s.dynamic->dtype()));
  KernelTrace &trace = KernelTrace::check(s.dynamic->traceId(), loc, "a scalar");
  return jnp::minimum(jnp::maximum(*s.dynamic, trace.constant(0, loc), loc),
                      trace.constant(n - size, loc), loc);
}
}  // namespace

Value dynamic_slice(const Value &x, std::vector<Index> start, Shape sizes,
                    std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  checkWindow(x, sizes, "lax::dynamic_slice", loc);
  if (start.size() != 2)
    throwUserError(loc, "lax::dynamic_slice: " + std::to_string(start.size()) +
                            " start indices for a value of rank 2");
  Value y = x;
  Shape at(2);
  for (int ax = 0; ax < 2; ++ax) {
    Index s = clampStart(start[ax], x.shape()[ax], sizes[ax], "lax::dynamic_slice", loc);
    if (s.dynamic)
      y = pltpu::roll(y, *s.dynamic * -1, ax, loc);  // element s moves to 0
    at[ax] = s.dynamic ? 0 : s.value;
  }
  return slice(y, at, {at[0] + sizes[0], at[1] + sizes[1]}, loc);
}

Value dynamic_update_slice(const Value &x, const Value &update, std::vector<Index> start,
                           std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  const char *name = "lax::dynamic_update_slice";
  if (update.ndim() != 2)
    throwUserError(loc, std::string(name) + ": the update has rank " +
                            std::to_string(update.ndim()) + "; Tessera updates rank-2 values");
  checkWindow(x, update.shape(), name, loc);
  if (update.dtype() != x.dtype())
    throwUserError(loc, std::string(name) + ": the update is " + to_string(update.dtype()) +
                            ", the operand " + to_string(x.dtype()) + " (as JAX: one dtype)");
  if (start.size() != 2)
    throwUserError(loc, std::string(name) + ": " + std::to_string(start.size()) +
                            " start indices for a value of rank 2");
  const Shape &n = x.shape(), &u = update.shape();
  // The update padded to x's shape (after it: whole tiles of it, or none),
  // rotated to the start, merged where it lands.
  Value canvas = jnp::pad(update, {{0, n[0] - u[0]}, {0, n[1] - u[1]}}, 0, loc);
  Value mask;
  for (int ax = 0; ax < 2; ++ax) {
    Index s = clampStart(start[ax], n[ax], u[ax], name, loc);
    if (s.dynamic)
      canvas = pltpu::roll(canvas, *s.dynamic, ax, loc);
    else if (s.value != 0)
      canvas = pltpu::roll(canvas, s.value, ax, loc);
    if (u[ax] == n[ax])
      continue;
    Value i = broadcasted_iota(DType::int32, n, ax, loc);
    Value in = s.dynamic ? (i >= *s.dynamic) & (i < *s.dynamic + u[ax])
                         : (i >= s.value) & (i < s.value + u[ax]);
    mask = mask.id() < 0 ? in : mask & in;
  }
  return mask.id() < 0 ? canvas : jnp::where(mask, canvas, x, loc);
}
}  // namespace lax

Value Value::reshape(Shape shape, std::source_location loc) const {
  return jnp::reshape(*this, std::move(shape), loc);
}

namespace pltpu {

/// A layout op on a value of rank 3 to 5: along a leading axis the
/// matrices themselves move (`leading` maps the slices along it, in index
/// order, to the result's; no instruction), along the last two axes each
/// matrix goes through the rank-2 op `f` with that axis (0 or 1).
Value batchLayout(const Value &x, int axis, const char *name, const std::source_location &loc,
                  const std::function<std::vector<Value>(const std::vector<Value> &)> &leading,
                  const std::function<Value(const Value &, int)> &f) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  int nlead = x.ndim() - 2;
  int a = userAxis(x, axis, name, loc);
  const std::vector<Value> &slices = trace.slices(x, loc);
  Shape lead = batchDims(x.shape());
  if (a >= nlead) {
    std::vector<Value> out;
    for (const Value &sl : slices)
      out.push_back(f(sl, a - nlead));
    return detail::values::stack(trace, std::move(out), loc, lead);
  }
  // Each group along axis a maps to a group of the result; the result's
  // slice (outer, j, inner) is its group outer * inner-count + inner's j-th.
  std::vector<std::vector<Value>> mapped;
  for (const std::vector<int64_t> &group : groupsAlong(lead, a)) {
    std::vector<Value> in;
    for (int64_t i : group)
      in.push_back(slices[i]);
    mapped.push_back(leading(in));
  }
  int64_t inner = numElements(Shape(lead.begin() + a + 1, lead.end()));
  int64_t along = (int64_t)mapped[0].size();
  std::vector<Value> out;
  for (int64_t o = 0; o < (int64_t)mapped.size() / inner; ++o)
    for (int64_t j = 0; j < along; ++j)
      for (int64_t k = 0; k < inner; ++k)
        out.push_back(mapped[o * inner + k][j]);
  lead[a] = along;
  return detail::values::stack(trace, std::move(out), loc, lead);
}

namespace {
Value rollByGather(const Value &x, int axis, const Value &amount, const std::source_location &loc);
}  // namespace

Value roll(const Value &x, int64_t shift, int axis, std::source_location loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  if (x.ndim() >= 3 && shift >= 0)
    return batchLayout(
        x, axis, "pltpu::roll", loc,
        [&](const std::vector<Value> &sl) {
          std::vector<Value> out(sl.size());
          for (size_t i = 0; i < sl.size(); ++i)
            out[(i + shift) % sl.size()] = sl[i];
          return out;
        },
        [&](const Value &m, int a) { return roll(m, shift, a, loc); });
  Shape s = rank2(x, "pltpu::roll", loc);
  int64_t ax = axisOf(axis, "pltpu::roll", loc);
  if (shift < 0)
    throwUserError(loc, "pltpu::roll: shift " + std::to_string(shift) +
                            " is negative; Pallas takes shift >= 0 (roll by n - " +
                            std::to_string(-shift) + " to rotate the other way)");
  int64_t unit = ax == 0 ? tileRows(x.dtype()) : machine::kLanes;
  if (s[ax] > 1 && s[ax] < unit)  // one padded tile along the axis: a gather within it
    return rollByGather(x, (int)ax, jnp::full(s, shift % s[ax], DType::int32, loc), loc);
  if (int64_t n = s[ax]; n > unit && n % unit != 0) {
    // Several tiles, the last padded: x padded with zeros to whole tiles
    // (W), rolled by s and by s + W - n (whose first s elements are the
    // ones that wrap past n), the two joined at s.
    int64_t w = (n + unit - 1) / unit * unit, by = shift % n;
    if (by == 0)
      return x;
    std::vector<std::pair<int64_t, int64_t>> pad(2, {0, 0});
    pad[ax].second = w - n;
    Value whole = jnp::pad(x, pad, 0, loc);
    Value i = lax::broadcasted_iota(DType::int32, whole.shape(), (int)ax, loc);
    Value joined = jnp::where(i < by, roll(whole, by + w - n, (int)ax, loc),
                              roll(whole, by, (int)ax, loc), loc);
    return lax::slice(joined, {0, 0}, s, loc);
  }
  checkWholeAxis(x, ax, "pltpu::roll", loc);
  mlir::Value v = trace.use(x, loc);
  auto &b = trace.builder();
  mlir::Value r = tesseraOp(trace, "roll", {v}, v.getType(),
                            {b.getNamedAttr("axis", b.getI64IntegerAttr(ax)),
                             b.getNamedAttr("shift", b.getI64IntegerAttr(shift % s[ax]))},
                            loc);
  return make(trace, r, x.dtype(), s, loc, "the result of pltpu::roll");
}

namespace {
/// pltpu.roll forms that move each element by an amount known only at run
/// time, or different per slice: element i along `axis` is element
/// (i - amount) mod n, a jnp::take_along_axis (gathers within tiles, whole
/// tiles rolled into place).
Value rollByGather(const Value &x, int axis, const Value &amount, const std::source_location &loc) {
  int64_t n = x.shape()[axis];
  Value i = lax::broadcasted_iota(DType::int32, x.shape(), axis, loc);
  Value by = detail::binaryOp("%", amount, n, loc);  // in (-n, n)
  Value from = detail::binaryOp(
      "%", detail::binaryOp("+", detail::binaryOp("-", i, by, loc), n, loc), n, loc);
  return jnp::take_along_axis(x, from, axis, loc);
}
int rollAxis(const Value &x, int axis, const char *what, const std::source_location &loc) {
  if (x.shape().size() != 2)
    throwUserError(loc, std::string("pltpu::roll ") + what + " of a rank-" +
                            std::to_string(x.shape().size()) +
                            " value is not supported yet (rank 2 only)");
  if (axis < -2 || axis > 1)
    throwUserError(loc, "pltpu::roll: axis " + std::to_string(axis) +
                            " is out of range for rank 2; allowed: [-2, 1]");
  return axis < 0 ? axis + 2 : axis;
}
}  // namespace

Value roll(const Value &x, const Scalar &shift, int axis, std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  if (shift.dtype() != DType::int32)
    throwUserError(loc, "pltpu::roll: a run-time shift is an int32 Scalar, not " +
                            to_string(shift.dtype()));
  if (x.ndim() >= 3) {
    // Ranks 3 to 5: each matrix rolled along its rows or lanes; along a
    // leading axis of n, result slice j is slice (j - shift) mod n, picked
    // by selects on the shift (n - 1 per slice: the matrices themselves
    // do not move in registers).
    auto pick = [&](const std::vector<Value> &sl) {
      int64_t n = (int64_t)sl.size();
      Scalar by = At<Scalar>(shift, loc) % n;
      by = jnp::where(At<Scalar>(by, loc) < 0, At<Scalar>(by, loc) + n, by, loc);
      std::vector<Value> out;
      for (int64_t j = 0; j < n; ++j) {
        Value r = sl[(size_t)j];  // by == 0
        for (int64_t k = 1; k < n; ++k)
          r = jnp::where(jnp::full(r.shape(), At<Scalar>(by, loc) == k, DType::bool_, loc),
                         sl[(size_t)((j - k + n) % n)], r, loc);
        out.push_back(r);
      }
      return out;
    };
    return batchLayout(x, axis, "pltpu::roll", loc, pick,
                       [&](const Value &m, int a) { return roll(m, shift, a, loc); });
  }
  axis = rollAxis(x, axis, "by a run-time shift", loc);
  int64_t n = x.shape()[axis], unit = axis == 0 ? tileRows(x.dtype()) : machine::kLanes;
  if (n > unit && n % unit != 0) {
    // Several tiles, the last padded: as a static shift's (roll above),
    // rolled by the shift and by the shift + W - n, joined at it.
    int64_t w = (n + unit - 1) / unit * unit;
    Scalar by = At<Scalar>(shift, loc) % n;
    by = jnp::where(At<Scalar>(by, loc) < 0, At<Scalar>(by, loc) + n, by, loc);
    std::vector<std::pair<int64_t, int64_t>> pad(2, {0, 0});
    pad[axis].second = w - n;
    Value whole = jnp::pad(x, pad, 0, loc);
    Value i = lax::broadcasted_iota(DType::int32, whole.shape(), axis, loc);
    Value joined =
        jnp::where(i < jnp::full(whole.shape(), by, DType::int32, loc),
                   roll(whole, At<Scalar>(by, loc) + (w - n), axis, loc), roll(whole, by, axis, loc),
                   loc);
    return lax::slice(joined, {0, 0}, x.shape(), loc);
  }
  Value amount = jnp::full(x.shape(), shift, DType::int32, loc);
  return rollByGather(x, axis, amount, loc);
}

Value roll(const Value &x, int64_t shift, int axis, int64_t stride, int stride_axis,
           std::source_location loc) {
  KernelTrace::check(x.traceId(), loc, "a value");
  if (shift < 0 || stride < 0)
    throwUserError(loc, "pltpu::roll: shift and stride are not negative (as in Pallas), not " +
                            std::to_string(shift) + " and " + std::to_string(stride));
  if (int n = x.ndim(); n >= 3) {
    int nlead = n - 2;
    int a = userAxis(x, axis, "pltpu::roll", loc);
    int sa = userAxis(x, stride_axis, "pltpu::roll", loc);
    if (sa == a)
      throwUserError(loc, "pltpu::roll: stride_axis " + std::to_string(stride_axis) +
                              " must be another axis than axis " + std::to_string(axis));
    // Ranks 3 to 5, both axes a matrix's: each matrix rolled so.
    if (a >= nlead && sa >= nlead)
      return batchLayout(
          x, axis, "pltpu::roll", loc, [](const std::vector<Value> &sl) { return sl; },
          [&](const Value &m, int ma) { return roll(m, shift, ma, stride, sa - nlead, loc); });
    KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
    const std::vector<Value> &slices = trace.slices(x, loc);
    Shape lead = batchDims(x.shape());
    auto indexOf = [&](int64_t f) {
      std::vector<int64_t> idx(nlead);
      for (int i = nlead - 1, r = (int)f; i >= 0; r /= (int)lead[i], --i)
        idx[i] = r % lead[i];
      return idx;
    };
    auto flatOf = [&](const std::vector<int64_t> &idx) {
      int64_t g = 0;
      for (int i = 0; i < nlead; ++i)
        g = g * lead[i] + idx[i];
      return g;
    };
    if (sa >= nlead) {
      // A leading axis rolled, row (column) k of the matrices by shift +
      // k * stride: each of its elements from the matrix that many places
      // before, picked by a select per matrix along the axis on the
      // iota's source index.
      // (The same for every matrix: how far back each element's comes from.)
      int64_t along = lead[a];
      Value k = lax::broadcasted_iota(DType::int32, slices[0].shape(), sa - nlead, loc);
      Value back = detail::binaryOp(
          "%", detail::binaryOp("+", detail::binaryOp("*", k, stride % along, loc), shift % along, loc),
          along, loc);  // in [0, along)
      std::vector<Value> out(slices.size());
      for (int64_t f = 0; f < (int64_t)slices.size(); ++f) {
        std::vector<int64_t> idx = indexOf(f);
        Value r = slices[f];  // back == 0
        for (int64_t m = 1; m < along; ++m) {
          std::vector<int64_t> from = idx;
          from[a] = (idx[a] - m + along) % along;
          r = jnp::where(back == m, slices[flatOf(from)], r, loc);
        }
        out[f] = r;
      }
      return detail::values::stack(trace, std::move(out), loc, lead);
    }
    // The stride along a leading axis: matrix index k along it rolls by
    // shift + k * stride, its matrix (along a matrix axis: a static roll)
    // or its place among the matrices (along a leading axis: renumbered).
    std::vector<Value> out(slices.size());
    for (int64_t f = 0; f < (int64_t)slices.size(); ++f) {
      std::vector<int64_t> idx = indexOf(f);
      int64_t by = shift + idx[sa] * stride;
      if (a >= nlead) {
        out[f] = roll(slices[f], by % x.shape()[a], a - nlead, loc);
        continue;
      }
      std::vector<int64_t> from = idx;
      from[a] = ((idx[a] - by) % lead[a] + lead[a]) % lead[a];
      out[f] = slices[flatOf(from)];
    }
    return detail::values::stack(trace, std::move(out), loc, lead);
  }
  axis = rollAxis(x, axis, "with a stride", loc);
  if (stride_axis < 0)
    stride_axis += 2;
  if (stride_axis < 0 || stride_axis > 1 || stride_axis == axis)
    throwUserError(loc, "pltpu::roll: stride_axis " + std::to_string(stride_axis) +
                            " must be the other axis than axis " + std::to_string(axis));
  int64_t n = x.shape()[axis];
  // Slice k along stride_axis rolls by shift + k * stride (mod n).
  Value k = lax::broadcasted_iota(DType::int32, x.shape(), stride_axis, loc);
  Value amount = detail::binaryOp(
      "+", detail::binaryOp("*", k, stride % n, loc), shift % n, loc);
  return rollByGather(x, axis, amount, loc);
}

Value repeat(const Value &x, int64_t repeats, int axis, std::source_location loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  if (x.ndim() >= 3 && repeats >= 1)
    return batchLayout(
        x, axis, "pltpu::repeat", loc,
        [&](const std::vector<Value> &sl) {
          std::vector<Value> out;
          for (int64_t k = 0; k < repeats; ++k)
            out.insert(out.end(), sl.begin(), sl.end());
          return out;
        },
        [&](const Value &m, int a) { return repeat(m, repeats, a, loc); });
  Shape s = rank2(x, "pltpu::repeat", loc);
  int64_t ax = axisOf(axis, "pltpu::repeat", loc);
  if (repeats < 1)
    throwUserError(loc, "pltpu::repeat: repeats " + std::to_string(repeats) +
                            " must be at least 1 (empty values do not exist on TPU)");
  if (repeats == 1)
    return x;
  // Along an axis that ends in a padded tile (f32[3, 5]) the copies do not
  // start at whole tiles: they are concatenated, each shifted into place.
  int64_t unit = ax == 0 ? machine::kSublanes * packing(x.dtype()) : machine::kLanes;
  if (s[ax] != 1 && s[ax] % unit != 0)
    return jnp::concatenate(std::vector<Value>(repeats, x), (int)ax, loc);
  Shape out = s;
  out[ax] *= repeats;
  mlir::Value v = trace.use(x, loc);
  // The result must fill whole vregs as every value does; a dimension of
  // size 1 repeated is a broadcast of the replicated row or column.
  std::string what = "pltpu::repeat(" + to_string(ShapeDtypeStruct{s, x.dtype()}) + ", " +
                     std::to_string(repeats) + ", axis " + std::to_string(ax) + ")";
  checkValueShape(out, x.dtype(), loc, what);
  mlir::Value r;
  if (s[ax] == 1) {
    r = broadcastIr(trace, v, out, loc);
  } else {
    auto &b = trace.builder();
    r = tesseraOp(trace, "repeat", {v}, vecType(out, x.dtype()),
                  {b.getNamedAttr("axis", b.getI64IntegerAttr(ax)),
                   b.getNamedAttr("times", b.getI64IntegerAttr(repeats))},
                  loc);
  }
  return make(trace, r, x.dtype(), out, loc, what);
}

Value bitcast(const Value &x, DType dtype, std::source_location loc) {
  KernelTrace &trace = KernelTrace::check(x.traceId(), loc, "a value");
  checkHardwareDtype(dtype, loc, "pltpu::bitcast");
  if (x.ndim() >= 3) {  // each matrix (shape[-2] scales within each)
    ArrayLike in(x);
    return *perSlice({&in}, "pltpu::bitcast", loc, [&](const std::vector<ArrayLike> &s) {
      return bitcast(s[0].value(), dtype, loc);
    });
  }
  Shape s = rank2(x, "pltpu::bitcast", loc);
  if (x.dtype() == DType::bool_ || dtype == DType::bool_)
    throwUserError(loc, "pltpu::bitcast from " + to_string(x.dtype()) + " to " +
                            to_string(dtype) +
                            ": pred (bool_) masks have no bit layout to reinterpret; use "
                            "astype");
  if (x.dtype() == dtype)
    return x;
  int from = bitsOf(x.dtype()), to = bitsOf(dtype);
  mlir::Value v = trace.use(x, loc);
  std::string what = "pltpu::bitcast of the " + to_string(ShapeDtypeStruct{s, x.dtype()}) +
                     " value to " + to_string(dtype);
  if (vecType(s, dtype) == v.getType())  // int32 <-> uint32, int8 <-> uint8: the same bits
    return make(trace, v, dtype, s, loc, what);
  if (from == to && from == 32) {  // packed dtypes reinterpret whole vregs below
    mlir::Value r = trace.builder().create<mlir::arith::BitcastOp>(
        trace.loc(loc), vecType(s, dtype), v);
    return make(trace, r, dtype, s, loc, what);
  }
  if (s[0] * from % to != 0)
    throwUserError(loc, what + ": shape[-2] = " + std::to_string(s[0]) + " times " +
                            std::to_string(from) + " bits is not a multiple of " +
                            std::to_string(to) + " bits (the rows cannot be packed or unpacked)");
  Shape out{s[0] * from / to, s[1]};
  int64_t tileRows = machine::kSublanes * packing(x.dtype());
  if (s[0] % tileRows != 0 || s[1] % machine::kLanes != 0)
    throwUserError(loc, what + ": a bitcast that changes the width reinterprets whole vregs; "
                               "the value must be whole (" +
                            std::to_string(tileRows) +
                            ", 128) tiles (rows a multiple of " + std::to_string(tileRows) +
                            ", columns of 128)");
  mlir::Value r = tesseraOp(trace, "bitcast", {v}, vecType(out, dtype), {}, loc);
  return make(trace, r, dtype, out, loc, what);
}

}  // namespace pltpu

}  // namespace tessera
