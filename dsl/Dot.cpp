//===- Dot.cpp - jnp.dot, pl.dot, lax.dot_general on the MXU --------------===//
//
// Every matmul spelling becomes one tessera.dot (MxK x KxN, or NxK with
// transpose_rhs) after the checks the MXU imposes: rank 2, M a multiple of
// 8, K and N of 128, f32/bf16 or int8 operands. The accumulation dtype is
// f32 (floats) or int32 (int8); the result is then converted to the dtype
// JAX gives (preferred_element_type, else the promoted operand dtype; pl.dot
// always f32 / int32). HIGHEST precision sends f32 operands to the compiler's
// six-pass split; bf16 operands are exact in one pass. A transposed lhs
// (pl.dot's trans_a, dot_general contracting the lhs over dimension 0) is
// transposed on the XLU first (jnp::transpose); a transposed rhs is pushed
// transposed into the MXU. Rank-3 operands (jnp.matmul, pl.dot, and
// dot_general with the batch dimensions {{0}, {0}}) are one dot per
// leading index, the results stacked (a rank-2 or batch-1 operand is
// shared, as matmul broadcasts); jnp.dot with a rank-3+ rhs multiplies
// every pair of matrices and moves the rhs' batch between M and N, and
// dot_general without batch dimensions permutes its operands to jnp.dot's.
//
//===----------------------------------------------------------------------===//
#include <cmath>

#include "dsl/ValueBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TesseraDialect.h"
#include "sim/MachineDesc.h"

namespace tessera {

using detail::KernelTrace;
using detail::What;
using namespace detail::values;

namespace {

/// The largest K for which int8 x int8.T through bf16 stays exact in f32.
constexpr int64_t kMaxExactInt8TransposedK = 1024;

/// The MXU dot of a [M,K] and b [K,N] (or [N,K] with transposeRhs), with
/// the result in `result` (nullopt: the operands' promoted dtype).
Value dotImpl(const Value &a0, const Value &b0, bool transposeRhs, std::optional<DType> result,
              lax::Precision precision, const char *name, const std::source_location &loc) {
  KernelTrace &trace = KernelTrace::check(a0.traceId(), loc, "a value");
  KernelTrace::check(b0.traceId(), loc, "a value");
  Value a = a0, b = b0;
  if (a.ndim() != 2 || b.ndim() != 2)
    throwUserError(loc, std::string(name) + ": operands of shapes " + to_string(a.shape()) +
                            " and " + to_string(b.shape()) + " must both have rank 2");
  if (precision == lax::Precision::HIGH)
    throwUserError(loc, std::string(name) +
                            ": Precision::HIGH is not supported on TPU (as in Mosaic); use "
                            "DEFAULT (bf16 passes) or HIGHEST (f32)");
  int64_t m = a.shape()[0], k = a.shape()[1];
  int64_t kb = transposeRhs ? b.shape()[1] : b.shape()[0];
  int64_t n = transposeRhs ? b.shape()[0] : b.shape()[1];
  std::string shapes = to_string(a.shape()) + " @ " + to_string(b.shape()) +
                       (transposeRhs ? ".T" : "");
  if (k != kb)
    throwUserError(loc, std::string(name) + ": " + shapes + ": the contracting dimensions (" +
                            std::to_string(k) + " and " + std::to_string(kb) + ") differ");
  // M, N and K of any size: the MXU works on whole 8-row LHS tiles and
  // 128x128 weight blocks; the result's padding rows and lanes are padding
  // (a padded array's, as any op's), and a partial last K block has its
  // LHS lanes and weight rows past K zeroed (LegalizeDot).
  DType da = a.dtype(), db = b.dtype();
  bool ints = da == DType::int8 && db == DType::int8;
  bool floats = isFloat(da) && isFloat(db);
  if (!ints && !floats)
    throwUserError(loc, std::string(name) + ": " + to_string(da) + " x " + to_string(db) +
                            " is not supported on the MXU of v4; it takes f32 / bf16 operands "
                            "(f32 result) or int8 x int8 (int32 result): convert with astype");
  DType natural = result.value_or(promote(da, db));
  std::string prec = "default";
  if (floats && precision == lax::Precision::HIGHEST && (da == DType::float32 || db == DType::float32)) {
    // HIGHEST splits f32 operands into bf16 parts; a bf16 operand is exact
    // in f32, so both go as f32.
    a = astypeImpl(a, DType::float32, loc);
    b = astypeImpl(b, DType::float32, loc);
    prec = "highest";
  }
  if (ints && transposeRhs) {
    // The MXU transposes bf16 weights only (vmatpush.bf16.t). int8 values
    // are exact in bf16 and every product (|a*b| <= 2^14) and partial sum
    // (<= K * 2^14 <= 2^24) is exact in f32 while K <= 1024: the bf16 path
    // gives the int8 result exactly.
    if (k > kMaxExactInt8TransposedK)
      throwUserError(loc, std::string(name) + ": " + shapes + ": int8 x int8 with the right "
                              "operand transposed is computed exactly through bf16 only for K <= " +
                              std::to_string(kMaxExactInt8TransposedK) + " (K is " +
                              std::to_string(k) + "); pass the right operand as [K, N]");
    Value fa = astypeImpl(a, DType::bfloat16, loc), fb = astypeImpl(b, DType::bfloat16, loc);
    auto &bld = trace.builder();
    mlir::Value r = tesseraOp(trace, "dot", {trace.use(fa, loc), trace.use(fb, loc)},
                              vecType({m, n}, DType::float32),
                              {bld.getNamedAttr("precision", bld.getStringAttr("default")),
                               bld.getNamedAttr("transpose_rhs", bld.getBoolAttr(true))},
                              loc);
    Value out = make(trace, r, DType::float32, {m, n}, loc, What::resultOf(name));
    return astypeImpl(astypeImpl(out, DType::int32, loc), natural, loc);
  }
  DType acc = ints ? DType::int32 : DType::float32;
  auto &bld = trace.builder();
  mlir::Value r = tesseraOp(trace, "dot", {trace.use(a, loc), trace.use(b, loc)},
                            vecType({m, n}, acc),
                            {bld.getNamedAttr("precision", bld.getStringAttr(prec)),
                             bld.getNamedAttr("transpose_rhs", bld.getBoolAttr(transposeRhs))},
                            loc);
  Value out = make(trace, r, acc, {m, n}, loc, What::resultOf(name));
  return astypeImpl(out, natural, loc);
}

/// A batched product: `f` on each slice of the operands of rank 3 to 5 (a
/// batch of 1, or a rank-2 operand, is shared by every slice, as matmul
/// broadcasts), the results stacked [..., M, N].
Value batched(const Value &a, const Value &b, const char *name, const std::source_location &loc,
              const std::function<Value(const Value &, const Value &)> &f) {
  ArrayLike la(a), lb(b);
  return *perSlice({&la, &lb}, name, loc, [&](const std::vector<ArrayLike> &s) {
    return f(s[0].value(), s[1].value());
  });
}

/// jnp.dot / jnp.matmul with a 1-D operand (and the other of rank 1 or 2):
/// a 1-D lhs [K] is the row [1, K], a 1-D rhs [K] the transposed rhs of one
/// row (a product [M, 1]); the dimension of 1 is dropped from the result
/// ([N], the column [M], or a scalar [] of two vectors).
std::optional<Value> vectorDot(const Value &a, const Value &b, const jnp::DotOptions &options,
                               const char *name, const std::source_location &loc) {
  if (a.ndim() != 1 && b.ndim() != 1)
    return std::nullopt;
  if (a.ndim() > 2 || b.ndim() > 2) {
    // With an operand of rank 3 to 5, as numpy: [..., M, K] . [K] is
    // [..., M] and [K] . [..., K, N] is [..., N] (jnp.matmul the same):
    // the products [..., M, 1] / [..., 1, N] per matrix, the dimension of
    // 1 then dropped (a column turned into a row, or the rows joined).
    bool vectorRhs = b.ndim() == 1;
    const Value &v = vectorRhs ? b : a, &x = vectorRhs ? a : b;
    if (v.ndim() != 1)
      return std::nullopt;
    Value row = v.reshape({1, v.shape()[0]}, loc);
    Value r = batched(x, row, name, loc, [&](const Value &matrix, const Value &r1) {
      return vectorRhs ? dotImpl(matrix, r1, true, options.preferred_element_type,
                                 options.precision, name, loc)
                       : dotImpl(r1, matrix, false, options.preferred_element_type,
                                 options.precision, name, loc);
    });
    Shape shape = x.shape();
    shape.erase(shape.end() - (vectorRhs ? 1 : 2));
    return r.reshape(shape, loc);
  }
  Value x = a.ndim() == 1 ? a.reshape({1, a.shape()[0]}, loc) : a;
  Value y = b.ndim() == 1 ? b.reshape({1, b.shape()[0]}, loc) : b;
  Value r = dotImpl(x, y, b.ndim() == 1, options.preferred_element_type, options.precision, name,
                    loc);
  Shape shape;
  if (a.ndim() == 2)
    shape.push_back(a.shape()[0]);
  if (b.ndim() == 2)
    shape.push_back(b.shape()[1]);
  return r.reshape(shape, loc);
}
}  // namespace

namespace jnp {
Value dot(const Value &a, const Value &b, DotOptions options, std::source_location loc) {
  if (auto v = vectorDot(a, b, options, "jnp::dot", loc))
    return *v;
  // a of rank 3 to 5 and b of rank 2: a's last dimension contracted with
  // b's first, [..., M, K] . [K, N] -> [..., M, N], one product per matrix
  // (the same as jnp.matmul then).
  if (a.ndim() > 2 && b.ndim() == 2)
    return batched(a, b, "jnp::dot", loc, [&](const Value &x, const Value &y) {
      return dotImpl(x, y, false, options.preferred_element_type, options.precision,
                     "jnp::dot", loc);
    });
  if (b.ndim() > 2) {
    // b of rank 3 or more: a's last dimension contracted with b's
    // second-to-last, both batches kept, [..., M, K] . [..., K, N] ->
    // [...a, M, ...b, N]: every matrix of a by every matrix of b, stacked
    // [...a, ...b, M, N], then b's batch dimensions moved between M and N
    // (a transpose that moves the rows M into the leading dimensions).
    int rank = a.ndim() + b.ndim() - 2;
    if (rank > (int)kMaxRank)
      throwUserError(loc, "jnp::dot of shapes " + to_string(a.shape()) + " and " +
                              to_string(b.shape()) + ": the result would have rank " +
                              std::to_string(rank) + "; values have rank " +
                              std::to_string(kMaxRank) + " at most");
    KernelTrace &trace = KernelTrace::check(a.traceId(), loc, "a value");
    Shape alead = a.ndim() > 2 ? batchDims(a.shape()) : Shape{};
    Shape blead = batchDims(b.shape()), lead = alead;
    lead.insert(lead.end(), blead.begin(), blead.end());
    std::vector<Value> products;
    for (const Value &x : matricesOf(trace, a, loc))
      for (const Value &y : trace.slices(b, loc))
        products.push_back(dotImpl(x, y, false, options.preferred_element_type,
                                   options.precision, "jnp::dot", loc));
    Value all = detail::values::stack(trace, std::move(products), loc, lead);
    int na = (int)alead.size(), nb = (int)blead.size();
    std::vector<int> perm;
    for (int i = 0; i < na; ++i)
      perm.push_back(i);
    perm.push_back(na + nb);  // M
    for (int i = 0; i < nb; ++i)
      perm.push_back(na + i);
    perm.push_back(na + nb + 1);  // N
    return jnp::transpose(all, perm, loc);
  }
  return dotImpl(a, b, false, options.preferred_element_type, options.precision, "jnp::dot", loc);
}
Value matmul(const Value &a, const Value &b, DotOptions options, std::source_location loc) {
  if (auto v = vectorDot(a, b, options, "jnp::matmul", loc))
    return *v;
  if (a.ndim() > 2 || b.ndim() > 2)
    return batched(a, b, "jnp::matmul", loc, [&](const Value &x, const Value &y) {
      return dotImpl(x, y, false, options.preferred_element_type, options.precision,
                     "jnp::matmul", loc);
    });
  return dotImpl(a, b, false, options.preferred_element_type, options.precision, "jnp::matmul",
                 loc);
}
}  // namespace jnp

namespace {
/// The permutation of operand `x` of dot_general to its batch dimensions
/// `dims` (in that order), then its free dimensions in order with its
/// contracting one `contract` after them (`contractLast`, the lhs) or
/// before them (the rhs); a user error for a dimension out of range or
/// named twice.
std::vector<int> batchFreeContracting(const std::vector<int64_t> &dims, int64_t contract,
                                      const Value &x, bool contractLast,
                                      const std::source_location &loc) {
  int rank = x.ndim();
  auto norm = [&](int64_t d) { return d < 0 ? d + rank : d; };
  std::vector<int> perm;
  std::vector<bool> used(rank, false);
  auto take = [&](int64_t d0) {
    int64_t d = norm(d0);
    if (d < 0 || d >= rank || used[d])
      throwUserError(loc, "lax::dot_general: dimension " + std::to_string(d0) +
                              " of the operand of shape " + to_string(x.shape()) +
                              " is out of range or named twice");
    used[d] = true;
    perm.push_back((int)d);
  };
  for (int64_t d : dims)
    take(d);
  int64_t c = norm(contract);
  if (c < 0 || c >= rank || used[c])
    take(contract);  // the error
  used[c] = true;
  std::vector<int> free;
  for (int d = 0; d < rank; ++d)
    if (!used[d])
      free.push_back(d);
  if (!contractLast)
    perm.push_back((int)c);
  perm.insert(perm.end(), free.begin(), free.end());
  if (contractLast)
    perm.push_back((int)c);
  return perm;
}
}  // namespace

namespace lax {
Value dot_general(const Value &a, const Value &b, DimensionPair contracting, DimensionPair batch,
                  jnp::DotOptions options, std::source_location loc) {
  KernelTrace::check(a.traceId(), loc, "a value");
  if (contracting.first.size() != 1 || contracting.second.size() != 1)
    throwUserError(loc, "lax::dot_general: exactly one contracting dimension per operand is "
                        "supported, e.g. {{1}, {0}}");
  if (batch.first.size() > kMaxRank - 2 || batch.second.size() != batch.first.size())
    throwUserError(loc, "lax::dot_general: the same number of batch dimensions on both "
                        "operands, at most " + std::to_string(kMaxRank - 2) +
                        ", e.g. {{0}, {0}} or {{0, 1}, {0, 1}}");
  size_t nbatch = batch.first.size();
  bool batchedDims = nbatch > 0;
  // No batch dimensions, a lhs of rank 3 to 5 and a rank-2 rhs: the lhs'
  // last dimension contracted, [..., M, K] . [K, N] (or [N, K]) ->
  // [..., M, N], one product per matrix.
  int64_t ca0 = contracting.first[0] < 0 ? contracting.first[0] + a.ndim() : contracting.first[0];
  int64_t cb0 =
      contracting.second[0] < 0 ? contracting.second[0] + b.ndim() : contracting.second[0];
  if (!batchedDims && a.ndim() > 2 && b.ndim() == 2 && ca0 == a.ndim() - 1 &&
      (cb0 == 0 || cb0 == 1))
    return batched(a, b, "lax::dot_general", loc, [&](const Value &x, const Value &y) {
      return dotImpl(x, y, cb0 == 1, options.preferred_element_type, options.precision,
                     "lax::dot_general", loc);
    });
  // Any other ranks without batch dimensions (1-D operands: 'k,kn->n',
  // 'mk,k->m', 'k,k->', 'bmk,k->bm'; several free dimensions of the rhs,
  // 'mk,bkn->mbn'): the result is the lhs' free dimensions, then the
  // rhs', as JAX orders them, which is jnp.dot of the lhs permuted to
  // [free..., K] and the rhs to [free... but its last, K, last free]
  // (jnp::transpose where a contracting dimension moves). Two matrices
  // take the MXU's transposed rhs below instead.
  if (!batchedDims && (a.ndim() != 2 || b.ndim() != 2)) {
    auto order = [&](const Value &x, int64_t c, int64_t given, bool lhs) {
      if (c < 0 || c >= x.ndim())
        throwUserError(loc, "lax::dot_general: contracting dimension " + std::to_string(given) +
                                " is out of range for an operand of shape " +
                                to_string(x.shape()));
      std::vector<int> perm;
      for (int d = 0; d < x.ndim(); ++d)
        if (d != c)
          perm.push_back(d);
      perm.insert(lhs || perm.empty() ? perm.end() : perm.end() - 1, (int)c);
      bool identity = true;
      for (int d = 0; d < x.ndim(); ++d)
        identity = identity && perm[d] == d;
      return identity ? x : jnp::transpose(x, perm, loc);
    };
    return jnp::dot(order(a, ca0, contracting.first[0], true),
                    order(b, cb0, contracting.second[0], false), options, loc);
  }
  // Several free dimensions on the lhs beside batch ones (multi-query
  // attention, 'bhqd,bkd->bhqk'): the lhs permuted to its batch, free and
  // contracting dimensions and its free ones merged into its rows (the
  // reshape's rules), one batched product, the rows split again: the
  // result's batch, lhs free and rhs free dimensions, as JAX orders them.
  if (batchedDims && a.ndim() > 2 + (int)nbatch && b.ndim() == 2 + (int)nbatch) {
    int rank = a.ndim();
    std::vector<int> perm = batchFreeContracting(batch.first, contracting.first[0], a, true, loc);
    Shape lead, freeDims;
    for (size_t i = 0; i < nbatch; ++i)
      lead.push_back(a.shape()[perm[i]]);
    for (int i = (int)nbatch; i + 1 < rank; ++i)
      freeDims.push_back(a.shape()[perm[i]]);
    int64_t c = perm.back();
    bool identity = true;
    for (int d = 0; d < rank; ++d)
      identity = identity && perm[d] == d;
    Value lhs = identity ? a : jnp::transpose(a, perm, loc);
    Shape merged = lead;
    merged.push_back(numElements(freeDims));
    merged.push_back(a.shape()[c]);
    std::vector<int64_t> leadDims;
    for (size_t i = 0; i < nbatch; ++i)
      leadDims.push_back((int64_t)i);
    // (Packed rows merge as whole packed tiles; matrices of 8 rows merge
    // through their 32-bit values, exactly.)
    Value flat = lhs;
    if (packing(lhs.dtype()) > 1 && freeDims.back() % (8 * packing(lhs.dtype())) != 0) {
      DType wide = isFloat(lhs.dtype()) ? DType::float32 : DType::int32;
      flat = jnp::reshape(lhs.astype(wide, loc), merged, loc).astype(lhs.dtype(), loc);
    } else {
      flat = jnp::reshape(lhs, merged, loc);
    }
    Value product = dot_general(flat, b,
                                {{(int64_t)nbatch + 1}, contracting.second},
                                {leadDims, batch.second}, options, loc);
    Shape out = lead;
    out.insert(out.end(), freeDims.begin(), freeDims.end());
    out.push_back(product.shape().back());
    return jnp::reshape(product, out, loc);
  }
  // Several free dimensions on the rhs (one on the lhs): the product with
  // the operands swapped, [batch..., rhs free..., M], its M moved before
  // the rhs' free dimensions (jnp::transpose).
  if (batchedDims && b.ndim() > 2 + (int)nbatch && a.ndim() == 2 + (int)nbatch) {
    Value swapped = dot_general(b, a, {contracting.second, contracting.first},
                                {batch.second, batch.first}, options, loc);
    int nb = (int)nbatch, nfree = b.ndim() - 1 - nb;
    std::vector<int> perm;
    for (int i = 0; i < nb; ++i)
      perm.push_back(i);
    perm.push_back(nb + nfree);
    for (int i = 0; i < nfree; ++i)
      perm.push_back(nb + i);
    return jnp::transpose(swapped, perm, loc);
  }
  int ra = 2 + (int)nbatch, rb = ra;
  if (a.ndim() != ra || b.ndim() != rb)
    throwUserError(loc, "lax::dot_general: operands of shapes " + to_string(a.shape()) +
                            " and " + to_string(b.shape()) + " with " +
                            std::to_string(nbatch) + " batch dimension" +
                            (nbatch == 1 ? "" : "s") + " need rank " + std::to_string(ra));
  auto norm = [&](int64_t d, int rank) { return d < 0 ? d + rank : d; };
  // Batch dimensions anywhere: each operand permuted to its batch
  // dimensions (in the order given, the result's), then its free and
  // contracting one (jnp::transpose; rows gathered when a matrix dimension
  // moves), as the product of leading batch dimensions below takes them.
  bool leading = true;
  for (size_t i = 0; i < nbatch; ++i)
    leading = leading && norm(batch.first[i], ra) == (int64_t)i &&
              norm(batch.second[i], rb) == (int64_t)i;
  if (!leading) {
    std::vector<int> pa = batchFreeContracting(batch.first, contracting.first[0], a, true, loc);
    std::vector<int> pb =
        batchFreeContracting(batch.second, contracting.second[0], b, false, loc);
    std::vector<int64_t> lead;
    for (size_t i = 0; i < nbatch; ++i)
      lead.push_back((int64_t)i);
    return dot_general(jnp::transpose(a, pa, loc), jnp::transpose(b, pb, loc),
                       {{ra - 1}, {rb - 2}}, {lead, lead}, options, loc);
  }
  int64_t ca = norm(contracting.first[0], ra) - (ra - 2),
          cb = norm(contracting.second[0], rb) - (rb - 2);
  if (ca < 0 || ca > 1 || cb < 0 || cb > 1)
    throwUserError(loc, "lax::dot_general: contracting dimensions (" +
                            std::to_string(contracting.first[0]) + ", " +
                            std::to_string(contracting.second[0]) +
                            ") are out of range; allowed: [" + std::to_string(-2) + ", " +
                            std::to_string(ra - 1) + "], not the batch dimension");
  if (batchedDims) {
    if (batchDims(a.shape()) != batchDims(b.shape()))
      throwUserError(loc, "lax::dot_general: batch dimensions of " + to_string(a.shape()) +
                              " and " + to_string(b.shape()) + " differ");
    return batched(a, b, "lax::dot_general", loc, [&](const Value &x, const Value &y) {
      return dotImpl(ca == 1 ? x : jnp::transpose(x, loc), y, cb == 1,
                     options.preferred_element_type, options.precision, "lax::dot_general", loc);
    });
  }
  // a.T @ b: the lhs transposed on the XLU first (the MXU streams LHS
  // rows), as Mosaic does.
  return dotImpl(ca == 1 ? a : jnp::transpose(a, loc), b, cb == 1, options.preferred_element_type, options.precision,
                 "lax::dot_general", loc);
}
}  // namespace lax

namespace pl {
Value dot(const Value &a, const Value &b, bool trans_a, bool trans_b,
          std::optional<lax::Precision> precision, std::source_location loc) {
  KernelTrace::check(a.traceId(), loc, "a value");
  // Pallas' pl.dot: an f32 result for floats, int32 for integers.
  DType result = isFloat(a.dtype()) || isFloat(b.dtype()) ? DType::float32 : DType::int32;
  if (a.ndim() > 2 || b.ndim() > 2)  // as Pallas: a batched product of 3-D operands
    return batched(a, b, "pl::dot", loc, [&](const Value &x, const Value &y) {
      return dotImpl(trans_a ? jnp::transpose(x, loc) : x, y, trans_b, result,
                     precision.value_or(lax::Precision::DEFAULT), "pl::dot", loc);
    });
  // trans_a: the lhs transposed on the XLU first (the MXU streams LHS rows).
  return dotImpl(trans_a ? jnp::transpose(a, loc) : a, b, trans_b, result, precision.value_or(lax::Precision::DEFAULT), "pl::dot",
                 loc);
}
}  // namespace pl

Value Value::matmul(const Value &b, std::source_location loc) const {
  return jnp::matmul(*this, b, {}, loc);
}

}  // namespace tessera
