//===- Rank3Test.cpp - Values and VMEM Refs of rank 3 ----------------------===//
//
// A rank-3 value [B, M, N] is one matrix per leading index (Mosaic keeps
// leading dimensions as arrays of vregs too): elementwise ops broadcast
// the leading dimension by numpy's rules, reductions run per matrix (axes
// 1, 2) or across them (axis 0), reshapes merge the leading dimension into
// the rows or split it out in whole tiles (tessera.concat / tessera.slice),
// dot_general with the batch dimensions {{0}, {0}} (and jnp::matmul,
// pl::dot) is one MXU product per matrix, and a Ref [B, M, N] (VMEM
// scratch, or an HBM array, {2,1,0:T(8,128)}) holds the matrices one after
// another, each padded to whole 8-row tiles: DMAs move windows of matrices, and
// pallas_call blocks hold whole matrices or a part of one (the leading
// dimension squeezed). Each kernel runs compiled and
// interpreted, bit for bit against a host computation in exact arithmetic
// (quarter-integers: products and sums of a few are exact in f32 and bf16,
// so every order of summation agrees). The errors name the line and the
// rule.
//
//===----------------------------------------------------------------------===//
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "DslTestUtil.h"
#include "dsl/tessera.h"

namespace tessera {
namespace {

using testutil::errorOf;
using testutil::here;
using testutil::pattern;

/// Runs a one-step pallas_call of `body` on f32 inputs, compiled and
/// interpreted; both outputs must equal `want` exactly.
void expectBoth(const std::function<void(const std::vector<Ref> &)> &body,
                const std::vector<Array> &inputs, Shape outShape, const std::vector<float> &want,
                const std::string &what) {
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(what + (interpret ? " (interpreted)" : " (compiled)"));
    size_t n = inputs.size();
    pl::PallasCall kernel({.out_shape = ShapeDtypeStruct{outShape, DType::float32},
                           .name = "rank3",
                           .interpret = interpret},
                          (int)n + 1, body, std::source_location::current());
    std::vector<Array> out = kernel.call(inputs);
    ASSERT_EQ(out.size(), 1u);
    std::vector<float> got = out[0].to_f32();
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
      if (got[i] != want[i]) {
        ADD_FAILURE() << "element " << i << " (row " << i / outShape.back() << ", column "
                      << i % outShape.back() << ") is " << got[i] << ", want " << want[i];
        return;
      }
  }
}

constexpr int64_t B = 3, M = 8, N = 128;

TEST(Rank3, PackedMatricesOfEightRows) {
  // bf16[4, 8, 128] and int8[4, 8, 128]: matrices of whole HBM tiles (8
  // rows, T(8,128)(2,1) / (4,1)) that share a packed VMEM tile (16 / 32
  // rows): blocks of one matrix, and the whole array loaded (its rows, each
  // matrix sliced out), reduced across the matrices and stored back (the
  // matrices joined).
  auto small = [](int64_t n) {
    std::vector<float> v(n);
    for (int64_t i = 0; i < n; ++i)
      v[i] = (float)((i * 5) % 23 - 11);
    return v;
  };
  std::vector<float> x = small(4 * 8 * 128);
  for (DType dt : {DType::bfloat16, DType::int8})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      auto spec = [] {
        return pl::BlockSpec({pl::Squeezed, 8, 128}, [](Scalar i) { return std::tuple{i, 0, 0}; });
      };
      auto blocks = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2; },
          {.out_shape = ShapeDtypeStruct{{4, 8, 128}, dt}, .grid = {4}, .in_specs = {spec()},
           .out_specs = {spec()}, .interpret = interpret});
      auto whole = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            Value v = x_ref[___];
            o_ref[___] = v + jnp::max(v, 0, true);
          },
          {.out_shape = ShapeDtypeStruct{{4, 8, 128}, dt}, .interpret = interpret});
      Array in = dt == DType::int8
                     ? Array::from_s32(std::vector<int32_t>(x.begin(), x.end()), {4, 8, 128}, dt)
                     : Array::from_f32(x, {4, 8, 128}, dt);
      auto floatsOf = [&](const Array &r) {
        if (dt != DType::int8)
          return r.to_f32();
        std::vector<int32_t> w = r.to_s32();
        return std::vector<float>(w.begin(), w.end());
      };
      std::vector<float> a = floatsOf(blocks(in)), b = floatsOf(whole(in));
      for (int64_t i = 0; i < 4 * 8 * 128; ++i) {
        ASSERT_EQ(a[i], x[i] * 2) << i;
        int64_t e = i % (8 * 128);
        float top = std::max({x[e], x[1024 + e], x[2048 + e], x[3072 + e]});
        ASSERT_EQ(b[i], x[i] + top) << i;
      }
    }
}

TEST(Rank3, EmitPipelineOverRank3Arrays) {
  // pltpu::emit_pipeline over [4, 16, 128] HBM Refs in blocks of one
  // squeezed matrix each, as pallas_call takes them.
  std::vector<float> x = pattern(4 * 16 * 128, 5);
  for (bool interpret : {false, true}) {
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{{4, 16, 128}, DType::float32}, .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm) {
          auto spec = [] {
            return pl::BlockSpec({pl::Squeezed, 16, 128},
                                 [](Scalar i) { return std::tuple{i, 0, 0}; });
          };
          pltpu::emit_pipeline(
              [](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0f - 1.0f; },
              {.grid = {4}, .in_specs = {spec()}, .out_specs = {spec()}})(x_hbm, o_hbm);
        });
    std::vector<float> got = k(Array::from_f32(x, {4, 16, 128})).to_f32();
    for (size_t i = 0; i < x.size(); ++i)
      ASSERT_EQ(got[i], x[i] * 2.0f - 1.0f) << i << " " << interpret;
  }
}

TEST(Rank3, DotGeneralBatchDimensionsAnywhere) {
  // 'qbd,kbd->bqk': a [8, 8, 128] and b [8, 8, 128] with the batch
  // dimension in the middle (the operands permuted to it leading, rows
  // gathered), and a rank-4 pair batched over (1, 0): the result's batch
  // dimensions in the order given. Small integers: exact in bf16 passes.
  auto ints = [](int64_t n, int seed) {
    std::vector<float> v(n);
    for (int64_t i = 0; i < n; ++i)
      v[i] = (float)((i * 7 + seed * 13) % 7 - 3);
    return v;
  };
  std::vector<float> a = ints(64 * 128, 1), b = ints(64 * 128, 2);
  std::vector<float> want(64 * 8);
  for (int64_t bb = 0; bb < 8; ++bb)
    for (int64_t q = 0; q < 8; ++q)
      for (int64_t k = 0; k < 8; ++k) {
        float sum = 0;
        for (int64_t d = 0; d < 128; ++d)
          sum += a[(q * 8 + bb) * 128 + d] * b[(k * 8 + bb) * 128 + d];
        want[(bb * 8 + q) * 8 + k] = sum;
      }
  expectBoth(
      [](const std::vector<Ref> &r) {
        Value x = r[0][___].reshape({8, 8, 128}), y = r[1][___].reshape({8, 8, 128});
        r[2][___] = lax::dot_general(x, y, {{2}, {2}}, {{1}, {1}}).reshape({64, 8});
      },
      {Array::from_f32(a, {64, 128}), Array::from_f32(b, {64, 128})}, {64, 8}, want,
      "qbd,kbd->bqk");
  // [2, 4, 8, 128] . [2, 4, 8, 128] over batch (1, 0), contracting 3 with 3:
  // [4, 2, 8, 8].
  std::vector<float> want4(4 * 2 * 8 * 8);
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 2; ++j)
      for (int64_t m = 0; m < 8; ++m)
        for (int64_t n = 0; n < 8; ++n) {
          float sum = 0;
          for (int64_t d = 0; d < 128; ++d)
            sum += a[((j * 4 + i) * 8 + m) * 128 + d] * b[((j * 4 + i) * 8 + n) * 128 + d];
          want4[((i * 2 + j) * 8 + m) * 8 + n] = sum;
        }
  expectBoth(
      [](const std::vector<Ref> &r) {
        Value x = r[0][___].reshape({2, 4, 8, 128}), y = r[1][___].reshape({2, 4, 8, 128});
        r[2][___] = lax::dot_general(x, y, {{3}, {3}}, {{1, 0}, {1, 0}}).reshape({64, 8});
      },
      {Array::from_f32(a, {64, 128}), Array::from_f32(b, {64, 128})}, {64, 8}, want4,
      "batch (1, 0)");
}

TEST(Rank3, ElementwiseBroadcastsTheLeadingDimension) {
  // x [3, 8, 128] (split from rows), a row [1, 128], a per-matrix row
  // [3, 1, 128] (a reduction over axis 1) and a per-matrix column [3, 8, 1].
  std::vector<float> x = pattern(B * M * N, 1), r = pattern(N, 2);
  std::vector<float> want(B * M * N);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t c = 0; c < N; ++c) {
        auto at = [&](int64_t bb, int64_t mm, int64_t cc) { return x[(bb * M + mm) * N + cc]; };
        float colMax = -INFINITY, rowSum = 0;
        for (int64_t mm = 0; mm < M; ++mm)
          colMax = std::max(colMax, at(b, mm, c));
        for (int64_t cc = 0; cc < N; ++cc)
          rowSum += at(b, m, cc);
        float v = at(b, m, c) * 2 + r[c] - colMax;
        want[(b * M + m) * N + c] = std::max(v, rowSum * 0.25f) + (float)b;
      }
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___].reshape({B, M, N});
        Value row = refs[1][___];
        Value colMax = jnp::max(x, 1, true);         // [3, 1, 128]
        Value rowSum = jnp::sum(x, -1, true);        // [3, 8, 1]
        Value v = jnp::maximum(x * 2 + row - colMax, rowSum * 0.25);
        Value b = lax::broadcasted_iota(DType::float32, {B, M, N}, 0);
        refs[2][___] = (v + b).reshape({B * M, N});
      },
      {Array::from_f32(x, {B * M, N}), Array::from_f32(r, {1, N})}, {B * M, N}, want,
      "elementwise");
}

TEST(Rank3, ReductionsOverEachAxis) {
  std::vector<float> x = pattern(B * M * N, 3);
  auto at = [&](int64_t b, int64_t m, int64_t c) { return x[(b * M + m) * N + c]; };
  // axis 0 sum [8, 128], axis 0 argmax (as f32), axis 1 min [3,1,128] merged
  // to... kept per matrix and summed over axis 0 again: out rows 0-7 the
  // sum, 8-15 the argmax, 16-23 min over axis 1 broadcast, 24-31 the mean
  // over all axes broadcast.
  std::vector<float> want(4 * M * N);
  float total = 0;
  for (float v : x)
    total += v;
  for (int64_t m = 0; m < M; ++m)
    for (int64_t c = 0; c < N; ++c) {
      float s = 0, best = -INFINITY, mn = INFINITY;
      int64_t arg = 0;
      for (int64_t b = 0; b < B; ++b) {
        s += at(b, m, c);
        if (at(b, m, c) > best) {
          best = at(b, m, c);
          arg = b;
        }
      }
      for (int64_t b = 0; b < B; ++b)
        for (int64_t mm = 0; mm < M; ++mm)
          mn = std::min(mn, at(b, mm, c));
      want[m * N + c] = s;
      want[(M + m) * N + c] = (float)arg;
      want[(2 * M + m) * N + c] = mn;
      want[(3 * M + m) * N + c] = total / (float)(B * M * N);
    }
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___].reshape({B, M, N});
        Ref o = refs[1];
        o[pl::ds(0, M)] = jnp::sum(x, 0);
        o[pl::ds(M, M)] = jnp::argmax(x, 0).astype(DType::float32);
        Value perMatrix = jnp::min(x, 1, true);                  // [3, 1, 128]
        o[pl::ds(2 * M, M)] = jnp::broadcast_to(jnp::min(perMatrix, 0), {M, N});
        o[pl::ds(3 * M, M)] = jnp::broadcast_to(jnp::mean(x).reshape({1, 1}), {M, N});
      },
      {Array::from_f32(x, {B * M, N})}, {4 * M, N}, want, "reductions");
}

TEST(Rank3, ReshapeMergesAndSplitsWholeTiles) {
  // [24, 128] -> [3, 8, 128] -> [24, 128]; the rows of [8, 1, 128] (a
  // reduction per matrix) merged into [8, 128] with one select per row.
  constexpr int64_t R = 8;
  std::vector<float> x = pattern(R * 8 * N, 5), want(R * N);
  for (int64_t b = 0; b < R; ++b)
    for (int64_t c = 0; c < N; ++c) {
      float s = 0;
      for (int64_t m = 0; m < 8; ++m)
        s += x[(b * 8 + m) * N + c];
      want[b * N + c] = s;
    }
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___].reshape({R, 8, N});
        refs[1][___] = jnp::sum(x, 1, true).reshape({R, N});
      },
      {Array::from_f32(x, {R * 8 * N / N, N})}, {R, N}, want, "rows merged");
}

TEST(Rank3, BatchedDotGeneralAndMatmul) {
  constexpr int64_t K = 128;
  std::vector<float> a = pattern(B * M * K, 7), w = pattern(B * K * N, 11),
                     shared = pattern(K * N, 13);
  std::vector<float> want(3 * B * M * N);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        float ab = 0, abT = 0, sh = 0;
        for (int64_t k = 0; k < K; ++k) {
          float av = a[(b * M + m) * K + k];
          ab += av * w[(b * K + k) * N + n];
          abT += av * w[(b * K + n) * N + k];  // w[b] is [K, N] = [128, 128]
          sh += av * shared[k * N + n];
        }
        want[(b * M + m) * N + n] = ab;
        want[((B + b) * M + m) * N + n] = abT;
        want[((2 * B + b) * M + m) * N + n] = sh;
      }
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value a = refs[0][___].reshape({B, M, K}), w = refs[1][___].reshape({B, K, N});
        jnp::DotOptions f32{.preferred_element_type = DType::float32};
        Value ab = lax::dot_general(a, w, {{2}, {1}}, {{0}, {0}}, f32);
        Value abT = lax::dot_general(a, w, {{2}, {2}}, {{0}, {0}}, f32);
        Value sh = jnp::matmul(a, refs[2][___], f32);
        Ref o = refs[3];
        o[pl::ds(0, B * M)] = ab.reshape({B * M, N});
        o[pl::ds(B * M, B * M)] = abT.reshape({B * M, N});
        o[pl::ds(2 * B * M, B * M)] = sh.reshape({B * M, N});
      },
      {Array::from_f32(a, {B * M, K}), Array::from_f32(w, {B * K, N}),
       Array::from_f32(shared, {K, N})},
      {3 * B * M, N}, want, "batched products");
}

TEST(Rank3, LayoutOpsPerMatrixAndAcrossThem) {
  // roll along axis 0 rotates the matrices; repeat along axis 0 copies
  // them; transpose (0, 2, 1) transposes each; roll along axis 2 each.
  constexpr int64_t S = 128;
  std::vector<float> x = pattern(2 * S * S, 17), want(4 * 2 * S * S);
  auto at = [&](int64_t b, int64_t r, int64_t c) { return x[(b * S + r) * S + c]; };
  for (int64_t b = 0; b < 2; ++b)
    for (int64_t r = 0; r < S; ++r)
      for (int64_t c = 0; c < S; ++c) {
        want[(b * S + r) * S + c] = at(1 - b, r, c);                       // roll 1 axis 0
        want[((2 + b) * S + r) * S + c] = at(b, c, r);                     // transpose
        want[((4 + b) * S + r) * S + c] = at(b, r, (c + S - 5) % S);       // roll 5 axis 2
        want[((6 + b) * S + r) * S + c] = at(0, r, c);                     // repeat of [1]
      }
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___].reshape({2, S, S});
        Ref o = refs[1];
        o[pl::ds(0, 2 * S)] = pltpu::roll(x, 1, 0).reshape({2 * S, S});
        o[pl::ds(2 * S, 2 * S)] = jnp::transpose(x, {0, 2, 1}).reshape({2 * S, S});
        o[pl::ds(4 * S, 2 * S)] = pltpu::roll(x, 5, -1).reshape({2 * S, S});
        Value first = refs[0][pl::ds(0, S)].reshape({1, S, S});
        o[pl::ds(6 * S, 2 * S)] = pltpu::repeat(first, 2, 0).reshape({2 * S, S});
      },
      {Array::from_f32(x, {2 * S, S})}, {8 * S, S}, want, "layout ops");
}

TEST(Rank3, VmemScratchOfMatrices) {
  // A [3, 8, 128] scratch: written whole, matrix 1 rewritten through .at(1),
  // a window of matrices [1:3] read back, and a loop that indexes the
  // matrices at run time and carries a rank-3 value.
  std::vector<float> x = pattern(B * M * N, 19), want(2 * B * M * N);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t i = 0; i < M * N; ++i) {
      float v = x[b * M * N + i] * (b == 1 ? 3.0f : 1.0f);
      want[b * M * N + i] = b == 0 ? 0.0f : v;  // rows of matrix 0: the window starts at 1
      float acc = 0;
      for (int64_t k = 0; k < B; ++k)  // loop: acc + s[k] * (k + 1), carried per matrix
        acc += x[k * M * N + i] * (k == 1 ? 3.0f : 1.0f) * (float)(k + 1);
      want[(B + b) * M * N + i] = acc + (float)b;
    }
  auto body = [](const std::vector<Ref> &refs) {
    Ref s = refs[2], o = refs[1];
    s[___] = refs[0][___].reshape({B, M, N});
    s.at(1)[___] = s.at(1)[___] * 3;
    o[pl::ds(0, M)] = jnp::zeros_like(refs[0][pl::ds(0, M)]);
    o[pl::ds(M, 2 * M)] = s[pl::ds(1, 2)].reshape({2 * M, N});
    Value init = lax::broadcasted_iota(DType::float32, {B, M, N}, 0);
    Value acc = lax::fori_loop(0, (int)B, [&](Scalar k, Value acc) {
      Value m = s.at(k)[___];
      return acc + m * (k + 1);
    }, init);
    o[pl::ds(B * M, B * M)] = acc.reshape({B * M, N});
  };
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    pl::PallasCall kernel({.out_shape = ShapeDtypeStruct{{2 * B * M, N}, DType::float32},
                           .scratch_shapes = {pltpu::VMEM({B, M, N}, DType::float32)},
                           .name = "rank3_scratch",
                           .interpret = interpret},
                          3, body, std::source_location::current());
    std::vector<Array> out = kernel.call({Array::from_f32(x, {B * M, N})});
    EXPECT_EQ(out[0].to_f32(), want);
  }
}

TEST(Rank3, ReshapesThatMoveRowsAndColumns) {
  // Reshapes across the matrix boundary, compiled and interpreted against
  // the host: matrices of rows that are not whole tiles joined and cut
  // ([2, 5, 128] <-> [10, 128], [5, 2, 128]), one-row matrices
  // ([2, 1, 128] <-> [2, 128]), a last dimension of 1 dropped (each
  // column a row: [3, 5, 1] -> [3, 5]) and added (each row a column:
  // [3, 200] -> [3, 200, 1], `m[..., None]`), bf16 too; and the reductions
  // over a matrix axis without keepdims that use them (jnp.sum(x, -1) of
  // [2, 3, 8, 128] is [2, 3, 8]; argmax; a sum subtracted back).
  struct Case {
    std::string name;
    Shape in, out;
    DType dt;
    std::function<Value(const Value &)> f;
    std::function<std::vector<float>(const std::vector<float> &)> host;
  };
  auto same = [](const std::vector<float> &x) { return x; };
  auto overLast = [](int64_t n, bool arg) {
    return [n, arg](const std::vector<float> &x) {
      std::vector<float> r;
      for (size_t i = 0; i < x.size(); i += n) {
        float s = 0, best = x[i];
        int64_t at = 0;
        for (int64_t k = 0; k < n; ++k) {
          s += x[i + k];
          if (x[i + k] > best)
            best = x[i + k], at = k;
        }
        r.push_back(arg ? (float)at : s);
      }
      return r;
    };
  };
  std::vector<Case> cases = {
      {"join", {2, 5, 128}, {10, 128}, DType::float32, [](const Value &v) { return v.reshape({10, 128}); }, same},
      {"cut", {10, 128}, {2, 5, 128}, DType::float32, [](const Value &v) { return v.reshape({2, 5, 128}); }, same},
      {"regroup", {2, 5, 128}, {5, 2, 128}, DType::float32, [](const Value &v) { return v.reshape({5, 2, 128}); }, same},
      {"one-row join", {2, 1, 128}, {2, 128}, DType::float32, [](const Value &v) { return v.reshape({2, 128}); }, same},
      {"one-row cut", {2, 128}, {2, 1, 128}, DType::float32, [](const Value &v) { return jnp::expand_dims(v, 1); }, same},
      {"columns to rows", {3, 5, 1}, {3, 5}, DType::float32, [](const Value &v) { return jnp::squeeze(v, 2); }, same},
      {"rows to columns", {3, 200}, {3, 200, 1}, DType::float32, [](const Value &v) { return jnp::expand_dims(v, 2); }, same},
      {"bf16 join", {2, 5, 128}, {10, 128}, DType::bfloat16, [](const Value &v) { return v.reshape({10, 128}); }, same},
      {"bf16 columns to rows", {2, 8, 1}, {2, 8}, DType::bfloat16, [](const Value &v) { return v.reshape({2, 8}); }, same},
      {"sum over lanes", {2, 3, 8, 128}, {2, 3, 8}, DType::float32, [](const Value &v) { return jnp::sum(v, -1); }, overLast(128, false)},
      {"sum over rows", {4, 1, 128}, {4, 128}, DType::float32, [](const Value &v) { return jnp::sum(v, 1); }, same},
      {"argmax over lanes", {2, 8, 128}, {2, 8}, DType::float32, [](const Value &v) { return jnp::argmax(v, 2).astype(DType::float32); }, overLast(128, true)},
      {"sum subtracted back", {2, 8, 128}, {2, 8, 128}, DType::float32,
       [](const Value &v) { return v - jnp::expand_dims(jnp::sum(v, -1), 2); },
       [&](const std::vector<float> &x) {
         std::vector<float> s = overLast(128, false)(x), r(x.size());
         for (size_t i = 0; i < x.size(); ++i)
           r[i] = x[i] - s[i / 128];
         return r;
       }},
  };
  for (const Case &c : cases)
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(c.name + (interpret ? " interpreted" : " compiled"));
      Array xa = Array::from_f32(pattern(numElements(c.in), 83), c.in, c.dt);
      auto k = pl::pallas_call([&](Ref x_ref, Ref o_ref) { o_ref[___] = c.f(x_ref[___]); },
                               {.out_shape = ShapeDtypeStruct{c.out, c.dt}, .interpret = interpret});
      EXPECT_EQ(k(xa).to_f32(), c.host(xa.to_f32()));
    }
}

TEST(Rank3, DotsWithARank3RhsOrAVector) {
  // numpy's jnp.dot with a rank-3+ rhs ([M, K] . [B, K, N] -> [M, B, N]:
  // every matrix pair's product, b's batch moved between M and N), 1-D
  // operands with a rank-3+ other (jnp::dot, jnp::matmul: [..., M, K] .
  // [K] -> [..., M], [K] . [..., K, N] -> [..., N]), lax::dot_general
  // without batch dimensions of any ranks ('mk,bkn->mbn', 'bmk,k->bm',
  // 'kbm,kn->bmn': the lhs' free dimensions, then the rhs') and with
  // several free dimensions of the rhs ('bqd,bkhd->bqkh'), compiled and
  // interpreted against a host product of the same bf16 operands.
  struct Case {
    std::string name;
    Shape a, b, out;
    std::function<Value(const Value &, const Value &)> f;
    // The host result's element at `i`: sum over k of a[ia(i, k)] * b[ib(i, k)].
    std::function<std::pair<int64_t, int64_t>(int64_t, int64_t)> at;
    int64_t k;
  };
  auto f32 = jnp::DotOptions{.preferred_element_type = DType::float32};
  std::vector<Case> cases = {
      {"dot mk,bkn->mbn", {8, 128}, {2, 128, 128}, {8, 2, 128},
       [&](const Value &a, const Value &b) { return jnp::dot(a, b, f32); },
       [](int64_t i, int64_t k) {  // i = (m * 2 + b) * 128 + n
         int64_t n = i % 128, bb = i / 128 % 2, m = i / 256;
         return std::pair{m * 128 + k, (bb * 128 + k) * 128 + n};
       },
       128},
      {"dot amk,bkn->ambn", {2, 8, 128}, {3, 128, 128}, {2, 8, 3, 128},
       [&](const Value &a, const Value &b) { return jnp::dot(a, b, f32); },
       [](int64_t i, int64_t k) {
         int64_t n = i % 128, bb = i / 128 % 3, m = i / 384 % 8, aa = i / 3072;
         return std::pair{(aa * 8 + m) * 128 + k, (bb * 128 + k) * 128 + n};
       },
       128},
      {"dot bmk,k->bm", {2, 8, 128}, {128}, {2, 8},
       [&](const Value &a, const Value &b) { return jnp::dot(a, b, f32); },
       [](int64_t i, int64_t k) { return std::pair{i * 128 + k, k}; }, 128},
      {"matmul k,bkn->bn", {128}, {2, 128, 256}, {2, 256},
       [&](const Value &a, const Value &b) { return jnp::matmul(a, b, f32); },
       [](int64_t i, int64_t k) { return std::pair{k, (i / 256 * 128 + k) * 256 + i % 256}; },
       128},
      {"dot_general kbm,kn->bmn", {128, 2, 8}, {128, 128}, {2, 8, 128},
       [&](const Value &a, const Value &b) { return lax::dot_general(a, b, {{0}, {0}}, {}, f32); },
       [](int64_t i, int64_t k) {
         int64_t n = i % 128, m = i / 128 % 8, bb = i / 1024;
         return std::pair{(k * 2 + bb) * 8 + m, k * 128 + n};
       },
       128},
      {"dot_general bqd,bkhd->bqkh", {2, 8, 128}, {2, 8, 2, 128}, {2, 8, 8, 2},
       [&](const Value &a, const Value &b) {
         return lax::dot_general(a, b, {{2}, {3}}, {{0}, {0}}, f32);
       },
       [](int64_t i, int64_t k) {
         int64_t h = i % 2, kk = i / 2 % 8, q = i / 16 % 8, bb = i / 128;
         return std::pair{(bb * 8 + q) * 128 + k, ((bb * 8 + kk) * 2 + h) * 128 + k};
       },
       128},
  };
  for (const Case &c : cases)
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(c.name + (interpret ? " interpreted" : " compiled"));
      Array a = Array::from_f32(pattern(numElements(c.a), 3), c.a, DType::bfloat16);
      Array b = Array::from_f32(pattern(numElements(c.b), 7), c.b, DType::bfloat16);
      std::vector<float> xa = a.to_f32(), xb = b.to_f32(), want(numElements(c.out));
      for (int64_t i = 0; i < (int64_t)want.size(); ++i) {
        double sum = 0;  // (quarter-integers: every order of summation agrees)
        for (int64_t k = 0; k < c.k; ++k) {
          auto [ia, ib] = c.at(i, k);
          sum += (double)xa[ia] * xb[ib];
        }
        want[i] = (float)sum;
      }
      auto kernel = pl::pallas_call(
          [&](Ref x, Ref y, Ref o) { o[___] = c.f(x[___], y[___]); },
          {.out_shape = ShapeDtypeStruct{c.out, DType::float32}, .interpret = interpret});
      EXPECT_EQ(kernel(a, b).to_f32(), want);
    }
  // Two matrices contracted over both last dimensions (a @ b.T, as flash
  // attention's q k^T) stay one product with the MXU's transposed rhs: no
  // transpose of b on the XLU.
  Array q = Array::from_f32(pattern(128 * 128, 3), {128, 128}, DType::bfloat16);
  auto qk = pl::pallas_call(
      [](Ref x, Ref y, Ref o) {
        o[___] = lax::dot_general(x[___], y[___], {{1}, {1}}, {},
                                  {.preferred_element_type = DType::float32});
      },
      {.out_shape = ShapeDtypeStruct{{128, 128}, DType::float32}});
  std::string ir = compile([&](const Array &x) { return qk(x, x); }, q).ir("kernel");
  EXPECT_THAT(ir, testing::HasSubstr("transpose_rhs = true"));
  EXPECT_THAT(ir, testing::Not(testing::HasSubstr("tessera.transpose")));
}

TEST(Rank3, ErrorsNameTheLineAndTheRule) {
  Array x = Array::from_f32(pattern(B * M * N), {B * M, N});
  auto run = [&](const std::function<void(const std::vector<Ref> &)> &f,
                 std::vector<pltpu::ScratchType> scratch = {}) {
    return errorOf([&] {
      pl::PallasCall({.out_shape = ShapeDtypeStruct{{B * M, N}, DType::float32},
                      .scratch_shapes = scratch},
                     2 + (int)scratch.size(), f, std::source_location::current())
          .call({x});
    });
  };
  std::string line;
  std::string e = run([&](const std::vector<Ref> &r) {
    line = here(1);
    r[1][___] = r[0][___].reshape({B, M / 2, 2 * N}).reshape({B * M, N});
  });
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("changes the columns"), std::string::npos) << e;
  // (Batch dimensions that are not leading: Rank3.DotGeneralBatchDimensionsAnywhere.)
  // (x.T() of rank 3 reverses all axes: Rank4.PermutationsMovingMatrixDimensions.)
  e = run([&](const std::vector<Ref> &r) {
    Value v = r[0][___].reshape({B, M, N});
    Value w = r[0][pl::ds(0, 2 * M)].reshape({2, M, N});
    line = here(1);
    r[1][___] = (v + w).reshape({B * M, N});
  });
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("do not broadcast"), std::string::npos) << e;
  e = run(
      [&](const std::vector<Ref> &r) {
        line = here(1);
        Value v = r[2](pl::ds(0, 2), pl::ds(0, 2), pl::all, pl::all);
        r[1][pl::ds(0, 2 * 8)] = v.reshape({2 * 8, N});
      },
      {pltpu::VMEM({2, 3, 8, N}, DType::float32)});
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("is not one run of memory (dimension 1 takes a part while an earlier one "
                   "takes several indices)"),
            std::string::npos)
      << e;
  e = run([&](const std::vector<Ref> &) {}, {pltpu::VMEM({3, 4, N}, DType::bfloat16)});
  EXPECT_NE(e.find("a Ref of rank 3 in VMEM is its matrices one after another, [24, 128] (the "
                   "rows of all its matrices, each padded to a multiple of 8), which needs rows "
                   "a multiple of 16"),
            std::string::npos)
      << e;
  e = run([&](const std::vector<Ref> &r) {
    Value v = r[0][___].reshape({B, M, N});
    line = here(1);
    r[1][___] = jnp::exp(v);
  });
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("cannot store a value of shape [3, 8, 128]"), std::string::npos) << e;
}

}  // namespace
}  // namespace tessera

namespace tessera {
namespace {

/// A pallas_call over rank-3 arrays: blocks of whole matrices, or a part
/// of one matrix with the leading dimension squeezed.
TEST(Rank3Arrays, PallasCallBlocksOfMatrices) {
  constexpr int64_t Bt = 4, Mt = 16, Nt = 256;
  std::vector<float> x = testutil::pattern(Bt * Mt * Nt, 23);
  std::vector<float> want(Bt * Mt * Nt), want2(Bt * Mt * Nt);
  for (int64_t b = 0; b < Bt; ++b)
    for (int64_t m = 0; m < Mt; ++m)
      for (int64_t c = 0; c < Nt; ++c) {
        float colSum = 0;
        for (int64_t mm = 0; mm < Mt; ++mm)
          colSum += x[(b * Mt + mm) * Nt + c];
        want[(b * Mt + m) * Nt + c] = x[(b * Mt + m) * Nt + c] * 2 + colSum;
        float rowMax = -INFINITY;
        for (int64_t cc = 0; cc < Nt; ++cc)
          rowMax = std::max(rowMax, x[(b * Mt + m) * Nt + cc]);
        want2[(b * Mt + m) * Nt + c] = x[(b * Mt + m) * Nt + c] - rowMax;
      }
  Array xa = Array::from_f32(x, {Bt, Mt, Nt});
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    // Blocks (2, 16, 128): two whole matrices, half of their columns.
    auto whole = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Value v = x_ref[___];  // [2, 16, 128]
          o_ref[___] = v * 2 + jnp::sum(v, 1, true);
        },
        {.out_shape = ShapeDtypeStruct{{Bt, Mt, Nt}, DType::float32},
         .grid = {Bt / 2, Nt / 128},
         .in_specs = {pl::BlockSpec({2, Mt, 128},
                                    [](Scalar i, Scalar j) { return std::tuple{i, 0, j}; })},
         .out_specs = {pl::BlockSpec({2, Mt, 128},
                                     [](Scalar i, Scalar j) { return std::tuple{i, 0, j}; })},
         .interpret = interpret});
    Array out = whole(xa);
    EXPECT_EQ(out.shape(), (Shape{Bt, Mt, Nt}));
    EXPECT_EQ(out.to_f32(), want);
    // Blocks (None, 8, 256): half of one matrix; the kernel sees [8, 256].
    auto squeezed = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          EXPECT_EQ(x_ref.shape(), (Shape{8, Nt}));
          o_ref[___] = x_ref[___] - jnp::max(x_ref[___], 1, true);
        },
        {.out_shape = ShapeDtypeStruct{{Bt, Mt, Nt}, DType::float32},
         .grid = {Bt, Mt / 8},
         .in_specs = {pl::BlockSpec({pl::Squeezed, 8, Nt},
                                    [](Scalar b, Scalar i) { return std::tuple{b, i, 0}; })},
         .out_specs = {pl::BlockSpec({pl::Squeezed, 8, Nt},
                                     [](Scalar b, Scalar i) { return std::tuple{b, i, 0}; })},
         .interpret = interpret});
    EXPECT_EQ(squeezed(xa).to_f32(), want2);
  }
}

/// pl::kernel on rank-3 HBM Refs: a DMA of matrices [1:3] into a rank-3
/// scratch, and of one matrix (.at(3)) into a 2-D one; the HLO text shows
/// the rank-3 layout.
TEST(Rank3Arrays, DmasOfMatrices) {
  constexpr int64_t Bt = 4, Mt = 8, Nt = 128;
  std::vector<float> x = testutil::pattern(Bt * Mt * Nt, 29), want(3 * Mt * Nt);
  for (int64_t i = 0; i < 2 * Mt * Nt; ++i)
    want[i] = x[Mt * Nt + i] + 1;
  for (int64_t i = 0; i < Mt * Nt; ++i)
    want[2 * Mt * Nt + i] = x[3 * Mt * Nt + i] * 2;
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{{3, Mt, Nt}, DType::float32},
       .scratch_types = {pltpu::VMEM({2, Mt, Nt}, DType::float32),
                         pltpu::VMEM({Mt, Nt}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "rank3_dma"},
      [](Ref x_hbm, Ref o_hbm, Ref pair, Ref one, Ref sem) {
        pltpu::async_copy(x_hbm.at(pl::ds(1, 2)), pair, sem).wait();
        pltpu::async_copy(x_hbm.at(3), one, sem).wait();
        pair[___] = pair[___] + 1;
        one[___] = one[___] * 2;
        pltpu::async_copy(pair, o_hbm.at(pl::ds(0, 2)), sem).wait();
        pltpu::async_copy(one, o_hbm.at(2), sem).wait();
      });
  Array xa = Array::from_f32(x, {Bt, Mt, Nt});
  EXPECT_EQ(k(xa).to_f32(), want);
  Compiled c = compile([&](const Array &a) { return k(a); }, xa);
  EXPECT_NE(c.hlo().find("f32[4,8,128]{2,1,0:T(8,128)}"), std::string::npos) << c.hlo();
}

/// bf16 rank-3 arrays (packed (16, 128) tiles per matrix): a batched
/// q @ k.T as in attention, accumulated in f32.
TEST(Rank3Arrays, Bf16BatchedProduct) {
  constexpr int64_t Bt = 2, Q = 16, D = 128, Kt = 128;
  std::vector<float> q = testutil::pattern(Bt * Q * D, 31), k = testutil::pattern(Bt * Kt * D, 37);
  std::vector<float> want(Bt * Q * Kt);
  for (int64_t b = 0; b < Bt; ++b)
    for (int64_t i = 0; i < Q; ++i)
      for (int64_t j = 0; j < Kt; ++j) {
        float acc = 0;
        for (int64_t d = 0; d < D; ++d)
          acc += q[(b * Q + i) * D + d] * k[(b * Kt + j) * D + d];
        want[(b * Q + i) * Kt + j] = acc;
      }
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto attn = pl::pallas_call(
        [](Ref q_ref, Ref k_ref, Ref o_ref) {
          o_ref[___] = lax::dot_general(q_ref[___], k_ref[___], {{2}, {2}}, {{0}, {0}},
                                        {.preferred_element_type = DType::float32});
        },
        {.out_shape = ShapeDtypeStruct{{Bt, Q, Kt}, DType::float32}, .interpret = interpret});
    Array out = attn(Array::from_f32(q, {Bt, Q, D}, DType::bfloat16),
                     Array::from_f32(k, {Bt, Kt, D}, DType::bfloat16));
    EXPECT_EQ(out.to_f32(), want);
  }
}

TEST(Rank3Arrays, DotGeneralWithSeveralFreeLhsDimensions) {
  // Multi-query attention's scores, 'bhqd,bkd->bhqk': batch b, the lhs'
  // free dimensions h and q (merged into its rows for one batched product,
  // split again), the rhs' k; bf16 q of 8 and 16 rows per head (8: merged
  // through f32, exactly), f32 too. Small integers: exact.
  for (DType dt : {DType::bfloat16, DType::float32})
    for (int64_t Q : {8, 16})
      for (bool interpret : {false, true}) {
        SCOPED_TRACE(to_string(dt) + " Q " + std::to_string(Q) +
                     (interpret ? " interpreted" : " compiled"));
        constexpr int64_t Bt = 2, H = 3, K = 24, D = 128;
        std::vector<float> q(Bt * H * Q * D), k(Bt * K * D);
        for (size_t i = 0; i < q.size(); ++i)
          q[i] = float(int(i * 7 % 9) - 4);
        for (size_t i = 0; i < k.size(); ++i)
          k[i] = float(int(i * 5 % 7) - 3);
        std::vector<float> want(Bt * H * Q * K);
        for (int64_t b = 0; b < Bt; ++b)
          for (int64_t h = 0; h < H; ++h)
            for (int64_t i = 0; i < Q; ++i)
              for (int64_t j = 0; j < K; ++j) {
                float acc = 0;
                for (int64_t d = 0; d < D; ++d)
                  acc += q[((b * H + h) * Q + i) * D + d] * k[(b * K + j) * D + d];
                want[((b * H + h) * Q + i) * K + j] = acc;
              }
        auto scores = pl::pallas_call(
            [](Ref q_ref, Ref k_ref, Ref o_ref) {
              o_ref[___] = lax::dot_general(q_ref[___], k_ref[___], {{3}, {2}}, {{0}, {0}},
                                            {.preferred_element_type = DType::float32});
            },
            {.out_shape = ShapeDtypeStruct{{Bt, H, Q, K}, DType::float32},
             .interpret = interpret});
        EXPECT_EQ(scores(Array::from_f32(q, {Bt, H, Q, D}, dt), Array::from_f32(k, {Bt, K, D}, dt))
                      .to_f32(),
                  want);
      }
}

TEST(Rank3Arrays, MatricesOfAnyWidth) {
  // Matrices whose last dimension is not whole lane tiles (their last
  // tile padded, as each row of a rank-2 array's): attention with a head
  // dimension of 64 (bf16 q, k, v [2, 128, 64], a grid over the batch of
  // squeezed blocks, s = q k^T, o = s v in f32; small integers, so exact),
  // f32 [3, 16, 200] through a VMEM scratch of its shape and back by DMA
  // with a lane reduction and a reduction across the matrices, and rank 4
  // [2, 2, 8, 96]. Compiled and interpreted.
  constexpr int64_t Bt = 2, S = 128, D = 64;
  auto small = [](int64_t n, int salt) {
    std::vector<float> v(n);
    for (int64_t i = 0; i < n; ++i)
      v[i] = float((i * 7 + salt) % 5 - 2);
    return v;
  };
  std::vector<float> q = small(Bt * S * D, 1), k = small(Bt * S * D, 2), v = small(Bt * S * D, 3);
  std::vector<float> want(Bt * S * D);
  for (int64_t b = 0; b < Bt; ++b)
    for (int64_t i = 0; i < S; ++i) {
      std::vector<float> srow(S);
      for (int64_t j = 0; j < S; ++j)
        for (int64_t d = 0; d < D; ++d)
          srow[j] += q[(b * S + i) * D + d] * k[(b * S + j) * D + d];
      for (int64_t d = 0; d < D; ++d) {
        float acc = 0;
        for (int64_t j = 0; j < S; ++j)
          acc += srow[j] * v[(b * S + j) * D + d];
        want[(b * S + i) * D + d] = acc;
      }
    }
  std::vector<float> x = pattern(3 * 16 * 200, 5), wantX(3 * 16 * 200);
  for (int64_t b = 0; b < 3; ++b)
    for (int64_t r = 0; r < 16; ++r) {
      float rowSum = 0;
      for (int64_t c = 0; c < 200; ++c)
        rowSum += x[(b * 16 + r) * 200 + c];
      for (int64_t c = 0; c < 200; ++c) {
        float top = -INFINITY;
        for (int64_t bb = 0; bb < 3; ++bb)
          top = std::max(top, x[(bb * 16 + r) * 200 + c]);
        wantX[(b * 16 + r) * 200 + c] = x[(b * 16 + r) * 200 + c] * 2 + rowSum + top;
      }
    }
  std::vector<float> y = pattern(2 * 2 * 8 * 96, 7), wantY = y;
  for (float &e : wantY)
    e = e - 1.5f;
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto spec = pl::BlockSpec({pl::Squeezed, S, D}, [](Scalar b) { return std::tuple{b, 0, 0}; });
    auto attn = pl::pallas_call(
        [](Ref q_ref, Ref k_ref, Ref v_ref, Ref o_ref) {
          Value s = lax::dot_general(q_ref[___], k_ref[___], {{1}, {1}}, {},
                                     {.preferred_element_type = DType::float32});
          o_ref[___] = jnp::dot(s.astype(DType::bfloat16), v_ref[___],
                                {.preferred_element_type = DType::float32});
        },
        {.out_shape = ShapeDtypeStruct{{Bt, S, D}, DType::float32},
         .grid = {Bt},
         .in_specs = {spec, spec, spec},
         .out_specs = {spec},
         .interpret = interpret});
    EXPECT_EQ(attn(Array::from_f32(q, {Bt, S, D}, DType::bfloat16),
                   Array::from_f32(k, {Bt, S, D}, DType::bfloat16),
                   Array::from_f32(v, {Bt, S, D}, DType::bfloat16))
                  .to_f32(),
              want);
    auto wide = pl::kernel(
        {.out_type = ShapeDtypeStruct{{3, 16, 200}, DType::float32},
         .scratch_types = {pltpu::VMEM({3, 16, 200}, DType::float32), pltpu::SemaphoreType::DMA},
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
          pltpu::async_copy(x_hbm, buf, sem).wait();
          Value xv = buf[___];
          buf[___] = xv * 2 + jnp::sum(xv, 2, true) + jnp::max(xv, 0, true);
          pltpu::async_copy(buf, o_hbm, sem).wait();
        });
    EXPECT_EQ(wide(Array::from_f32(x, {3, 16, 200})).to_f32(), wantX);
    auto four = pl::pallas_call([](Ref y_ref, Ref o_ref) { o_ref[___] = y_ref[___] - 1.5; },
                                {.out_shape = ShapeDtypeStruct{{2, 2, 8, 96}, DType::float32},
                                 .interpret = interpret});
    EXPECT_EQ(four(Array::from_f32(y, {2, 2, 8, 96})).to_f32(), wantY);
  }
}

TEST(Rank3Arrays, MatricesOfAnyRows) {
  // Matrices whose rows are not whole 8-row tiles are padded to them in
  // HBM (XLA's T(8,128) tiles the minor two dimensions) and in VMEM (as
  // Mosaic's memrefs): a mask [4, 1, 256] in squeezed one-row blocks, bf16
  // [3, 5, 384] in blocks of one matrix with a maximum over its 5 rows (the
  // padding rows left out), f32 [2, 3, 5, 128] whole with sums over the
  // rows and across the matrices, int8 [2, 3, 128] in blocks of one
  // matrix, a batched product [3, 5, 128] x [3, 128, 128], and DMAs of
  // matrices at static and run-time indices into VMEM scratch of rank 3.
  // Compiled and interpreted, against the host.
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    std::vector<float> a = pattern(4 * 256, 41), wantA(a.size());
    for (int64_t b = 0; b < 4; ++b) {
      float sum = 0;
      for (int64_t c = 0; c < 256; ++c)
        sum += a[b * 256 + c];
      for (int64_t c = 0; c < 256; ++c)
        wantA[b * 256 + c] = a[b * 256 + c] * 2 + sum;
    }
    auto row = pl::BlockSpec({pl::Squeezed, 1, 256}, [](Scalar b) { return std::tuple{b, 0, 0}; });
    auto rows = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          EXPECT_EQ(x_ref.shape(), (Shape{1, 256}));
          Value x = x_ref[___];
          o_ref[___] = x * 2 + jnp::sum(x, 1, true);
        },
        {.out_shape = ShapeDtypeStruct{{4, 1, 256}, DType::float32},
         .grid = {4},
         .in_specs = {row},
         .out_specs = {row},
         .interpret = interpret});
    EXPECT_EQ(rows(Array::from_f32(a, {4, 1, 256})).to_f32(), wantA);

    Array xb = Array::from_f32(pattern(3 * 5 * 384, 43), {3, 5, 384}, DType::bfloat16);
    std::vector<float> b = xb.to_f32(), wantB(b.size());
    for (int64_t m = 0; m < 3; ++m)
      for (int64_t c = 0; c < 384; ++c) {
        float top = -INFINITY;
        for (int64_t r = 0; r < 5; ++r)
          top = std::max(top, b[(m * 5 + r) * 384 + c]);
        for (int64_t r = 0; r < 5; ++r)
          wantB[(m * 5 + r) * 384 + c] = b[(m * 5 + r) * 384 + c] - top;
      }
    auto matrix =
        pl::BlockSpec({pl::Squeezed, 5, 384}, [](Scalar m) { return std::tuple{m, 0, 0}; });
    auto colMax = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Value x = x_ref[___].astype(DType::float32);
          o_ref[___] = x - jnp::max(x, 0, true);
        },
        {.out_shape = ShapeDtypeStruct{{3, 5, 384}, DType::float32},
         .grid = {3},
         .in_specs = {matrix},
         .out_specs = {matrix},
         .interpret = interpret});
    EXPECT_EQ(colMax(xb).to_f32(), wantB);

    Shape s4{2, 3, 5, 128};
    std::vector<float> c = pattern(numElements(s4), 47), wantC(c.size());
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t h = 0; h < 3; ++h)
        for (int64_t r = 0; r < 5; ++r)
          for (int64_t k = 0; k < 128; ++k) {
            float down = 0, across = 0;
            for (int64_t rr = 0; rr < 5; ++rr)
              down += c[((i * 3 + h) * 5 + rr) * 128 + k];
            for (int64_t ii = 0; ii < 2; ++ii)
              across += c[((ii * 3 + h) * 5 + r) * 128 + k];
            wantC[((i * 3 + h) * 5 + r) * 128 + k] = down + across;
          }
    auto sums = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Value x = x_ref[___];
          o_ref[___] = jnp::sum(x, -2, true) + jnp::sum(x, 0, true);
        },
        {.out_shape = ShapeDtypeStruct{s4, DType::float32}, .interpret = interpret});
    EXPECT_EQ(sums(Array::from_f32(c, s4)).to_f32(), wantC);

    std::vector<int32_t> d(2 * 3 * 128), wantD(d.size());
    for (size_t i = 0; i < d.size(); ++i) {
      d[i] = int32_t(i * 37 % 251) - 125;
      wantD[i] = int8_t(uint8_t(d[i] * 3 - 1));
    }
    auto one = pl::BlockSpec({1, 3, 128}, [](Scalar m) { return std::tuple{m, 0, 0}; });
    auto bytes = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 3 - 1; },
                                 {.out_shape = ShapeDtypeStruct{{2, 3, 128}, DType::int8},
                                  .grid = {2},
                                  .in_specs = {one},
                                  .out_specs = {one},
                                  .interpret = interpret});
    EXPECT_EQ(bytes(Array::from_s32(d, {2, 3, 128}, DType::int8)).to_s32(), wantD);

    std::vector<float> q = pattern(3 * 5 * 128, 53), w = pattern(3 * 128 * 128, 59),
                       wantQ(3 * 5 * 128, 0.0f);
    for (int64_t m = 0; m < 3; ++m)
      for (int64_t r = 0; r < 5; ++r)
        for (int64_t j = 0; j < 128; ++j)
          for (int64_t k = 0; k < 128; ++k)
            wantQ[(m * 5 + r) * 128 + j] += q[(m * 5 + r) * 128 + k] * w[(m * 128 + k) * 128 + j];
    auto product = pl::pallas_call(
        [](Ref q_ref, Ref w_ref, Ref o_ref) { o_ref[___] = jnp::matmul(q_ref[___], w_ref[___]); },
        {.out_shape = ShapeDtypeStruct{{3, 5, 128}, DType::float32}, .interpret = interpret});
    std::vector<float> gotQ =
        product(Array::from_f32(q, {3, 5, 128}), Array::from_f32(w, {3, 128, 128})).to_f32();
    ASSERT_EQ(gotQ.size(), wantQ.size());
    for (size_t i = 0; i < gotQ.size(); ++i)  // (sums of many: near)
      ASSERT_NEAR(gotQ[i], wantQ[i], 1e-3f * (1 + std::fabs(wantQ[i]))) << i;

    std::vector<float> x = pattern(4 * 5 * 128, 61), wantX(3 * 5 * 128);
    for (int64_t i = 0; i < 2 * 5 * 128; ++i)
      wantX[i] = x[5 * 128 + i] + 1;
    for (int64_t i = 0; i < 5 * 128; ++i)
      wantX[2 * 5 * 128 + i] = x[3 * 5 * 128 + i] * 2;
    auto dmas = pl::kernel(
        {.out_type = ShapeDtypeStruct{{3, 5, 128}, DType::float32},
         .scratch_types = {pltpu::VMEM({2, 5, 128}, DType::float32),
                           pltpu::VMEM({5, 128}, DType::float32), pltpu::SMEM({1}, DType::int32),
                           pltpu::SemaphoreType::DMA},
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref pair, Ref single, Ref idx, Ref sem) {
          idx[0] = 3;
          pltpu::async_copy(x_hbm.at(pl::ds(1, 2)), pair, sem).wait();
          pltpu::async_copy(x_hbm.at(Scalar(idx[0])), single, sem).wait();
          pair[___] = pair[___] + 1;
          single[___] = single[___] * 2;
          pltpu::async_copy(pair, o_hbm.at(pl::ds(0, 2)), sem).wait();
          pltpu::async_copy(single, o_hbm.at(2), sem).wait();
        });
    Array xa = Array::from_f32(x, {4, 5, 128});
    EXPECT_EQ(dmas(xa).to_f32(), wantX);
    if (!interpret) {
      Compiled compiled = compile([&](const Array &v) { return dmas(v); }, xa);
      EXPECT_NE(compiled.hlo().find("f32[4,5,128]{2,1,0:T(8,128)}"), std::string::npos)
          << compiled.hlo();
    }
  }
}

TEST(Rank3Arrays, SeveralMatricesAndAPartOfTheirRows) {
  // Blocks of several matrices and a part of their rows ({2, 8, 256} of
  // [4, 16, 256]; {2, pl::Element(5), 256} at rows 3j + 1) move one copy
  // per matrix each step; windows x_ref[:, rows, :] of several matrices
  // load and store one matrix at a time (f32, and bf16 rows inside a
  // packed tile), windows of them too; a DMA of one is an error.
  Shape s{4, 16, 256};
  std::vector<float> x = pattern(numElements(s), 67);
  Array xa = Array::from_f32(x, s);
  auto at = [&](int64_t b, int64_t r, int64_t c) { return x[(b * 16 + r) * 256 + c]; };
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto half = pl::BlockSpec({2, 8, 256}, [](Scalar i, Scalar j) { return std::tuple{i, j, 0}; });
    auto halves = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          EXPECT_EQ(x_ref.shape(), (Shape{2, 8, 256}));
          o_ref[___] = x_ref[___] * 2;
        },
        {.out_shape = ShapeDtypeStruct{s, DType::float32},
         .grid = {2, 2},
         .in_specs = {half},
         .out_specs = {half},
         .interpret = interpret});
    std::vector<float> want(x.size());
    for (size_t i = 0; i < x.size(); ++i)
      want[i] = x[i] * 2;
    EXPECT_EQ(halves(xa).to_f32(), want);

    auto fives = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          EXPECT_EQ(x_ref.shape(), (Shape{2, 5, 256}));
          o_ref(pl::all, pl::ds(0, 5), pl::all) = x_ref[___] + 1;
          o_ref(pl::all, pl::ds(5, 3), pl::all) = jnp::zeros({2, 3, 256});
        },
        {.out_shape = ShapeDtypeStruct{{4, 24, 256}, DType::float32},
         .grid = {2, 3},
         .in_specs = {pl::BlockSpec({2, pl::Element(5), 256},
                                    [](Scalar i, Scalar j) { return std::tuple{i, j * 3 + 1, 0}; })},
         .out_specs = {pl::BlockSpec({2, 8, 256},
                                     [](Scalar i, Scalar j) { return std::tuple{i, j, 0}; })},
         .interpret = interpret});
    std::vector<float> got = fives(xa).to_f32();
    for (int64_t b = 0; b < 4; ++b)
      for (int64_t j = 0; j < 3; ++j)
        for (int64_t r = 0; r < 8; ++r)
          for (int64_t c = 0; c < 256; ++c)
            ASSERT_EQ(got[((b * 24) + j * 8 + r) * 256 + c], r < 5 ? at(b, j * 3 + 1 + r, c) + 1 : 0)
                << b << " " << j << " " << r << " " << c;

    // Windows of a part of the rows of every matrix of a VMEM Ref, and a
    // window of one of them; bf16 rows [4, 12) of (16, 128) tiles.
    for (DType dt : {DType::float32, DType::bfloat16}) {
      SCOPED_TRACE(to_string(dt));
      Array in = Array::from_f32(x, s, dt);
      std::vector<float> xv = in.to_f32(), wantW = xv;
      for (int64_t b = 0; b < 4; ++b)
        for (int64_t r = 4; r < 12; ++r)
          for (int64_t c = 0; c < 256; ++c) {
            float v = xv[(b * 16 + r) * 256 + c];
            wantW[(b * 16 + r) * 256 + c] = r < 6 && c < 128 ? -v : v * 2;
          }
      auto windows = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            o_ref[___] = x_ref[___];
            Ref mid = o_ref.at(pl::all, pl::ds(4, 8), pl::all);
            mid[___] = x_ref(pl::all, pl::ds(4, 8), pl::all) * 2;
            Ref corner = mid.at(pl::all, pl::ds(0, 2), pl::ds(0, 128));
            corner[___] = -x_ref(pl::all, pl::ds(4, 2), pl::ds(0, 128));
          },
          {.out_shape = ShapeDtypeStruct{s, dt}, .interpret = interpret});
      EXPECT_EQ(windows(in).to_f32(), wantW);
    }
  }
  std::string line = testutil::here(5);
  std::string e = errorOf([&] {
    pl::kernel({.out_type = ShapeDtypeStruct{s, DType::float32},
                .scratch_types = {pltpu::VMEM(s, DType::float32), pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref, Ref buf, Ref sem) {
                 pltpu::async_copy(x_hbm, buf.at(pl::all, pl::ds(0, 8), pl::all), sem).wait();
               })(xa);
  });
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("is a window of 4 matrices and a part of their rows (not one run of memory): "
                   "it is loaded, stored or windowed, not an end of"),
            std::string::npos)
      << e;
}

TEST(Rank3Arrays, PartialBlocksOfRowsInEachMatrix) {
  // Blocks of rows that do not divide M: each matrix's last block is a
  // partial edge block (its rows inside the matrix move, with the padding
  // rows of its last tile; an output writes back only those), pipelined:
  // f32 [3, 20, 128] in (squeezed, 16, 128), [2, 20, 256] in 8-row blocks,
  // bf16 [2, 20, 128], rank 4 [2, 2, 13, 200], packed arrays wider than 128
  // lanes (bf16 [2, 20, 256] in 16 rows, [3, 40, 384] in 32, [2, 20, 256]
  // in 8: half a packed tile), pl::Buffered(3) on both ends; one matrix
  // ([1, 10, 296], [1, 17, 128]: three blocks) is the 2-D array's pipeline.
  struct Case {
    Shape s;
    int64_t bm;
    DType dt;
    int buffers = 2;
  };
  for (const Case &c : {Case{{3, 20, 128}, 16, DType::float32}, Case{{2, 20, 256}, 8, DType::float32},
                        Case{{2, 20, 128}, 16, DType::bfloat16},
                        Case{{2, 2, 13, 200}, 8, DType::float32},
                        Case{{1, 10, 296}, 8, DType::float32},
                        Case{{1, 17, 128}, 8, DType::float32},
                        Case{{2, 20, 256}, 16, DType::bfloat16},
                        Case{{3, 40, 384}, 32, DType::bfloat16},
                        Case{{2, 20, 256}, 8, DType::bfloat16},
                        Case{{3, 20, 256}, 16, DType::float32, 3},
                        Case{{3, 40, 256}, 32, DType::bfloat16, 3}}) {
    Array xa = Array::from_f32(pattern(numElements(c.s), 71), c.s, c.dt);
    std::vector<float> x = xa.to_f32(), want(x.size());
    for (size_t i = 0; i < x.size(); ++i)
      want[i] = x[i] * 2;
    size_t n = c.s.size();
    std::vector<pl::BlockDim> blk(n, pl::Squeezed);
    blk[n - 2] = c.bm;
    blk[n - 1] = c.s.back();
    std::vector<int64_t> grid(c.s.begin(), c.s.end() - 2);
    grid.push_back((c.s[n - 2] + c.bm - 1) / c.bm);
    pl::BlockSpec spec =
        n == 3 ? pl::BlockSpec(blk, [](Scalar a, Scalar b) { return std::tuple{a, b, 0}; },
                               pl::Buffered(c.buffers))
               : pl::BlockSpec(blk, [](Scalar a, Scalar h, Scalar b) {
                   return std::tuple{a, h, b, 0};
                 });
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(ShapeDtypeStruct{c.s, c.dt}) + " in " + std::to_string(c.bm) +
                   " rows, " + std::to_string(c.buffers) + " buffers" +
                   (interpret ? " interpreted" : " compiled"));
      auto k = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2; },
                               {.out_shape = ShapeDtypeStruct{c.s, c.dt},
                                .grid = grid,
                                .in_specs = {spec},
                                .out_specs = {spec},
                                .interpret = interpret});
      EXPECT_EQ(k(xa).to_f32(), want);
    }
  }
  // int8 [2, 40, 256] in 32-row blocks (a packed tile of 32 rows, the
  // matrices 40 rows apart in memory).
  {
    Shape s{2, 40, 256};
    std::vector<int32_t> x(numElements(s)), want(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      x[i] = (int32_t)(i * 7 % 61) - 30;
      want[i] = x[i] * 2;
    }
    Array xa = Array::from_s32(x, s, DType::int8);
    auto spec = pl::BlockSpec({pl::Squeezed, 32, 256},
                              [](Scalar a, Scalar b) { return std::tuple{a, b, 0}; });
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(interpret ? "int8 interpreted" : "int8 compiled");
      auto k = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2; },
                               {.out_shape = ShapeDtypeStruct{s, DType::int8},
                                .grid = {2, 2},
                                .in_specs = {spec},
                                .out_specs = {spec},
                                .interpret = interpret});
      EXPECT_EQ(k(xa).to_s32(), want);
    }
  }
  // A block index past the matrix's blocks stops the kernel at the index
  // map's line, in both modes (it would read the next matrix's rows).
  Array wide = Array::from_f32(pattern(2 * 20 * 256, 73), {2, 20, 256}, DType::bfloat16);
  for (bool interpret : {false, true}) {
    std::string line = testutil::here(2);
    std::string e = errorOf([&] {
      auto past = pl::BlockSpec({pl::Squeezed, 16, 256}, [](Scalar a, Scalar b) { return std::tuple{a, b + 1, 0}; });
      auto spec = pl::BlockSpec({pl::Squeezed, 16, 256}, [](Scalar a, Scalar b) { return std::tuple{a, b, 0}; });
      pl::pallas_call([](Ref x, Ref o) { o[___] = x[___]; },
                      {.out_shape = ShapeDtypeStruct{{2, 20, 256}, DType::bfloat16},
                       .grid = {2, 2},
                       .in_specs = {past},
                       .out_specs = {spec},
                       .interpret = interpret})(wide);
    });
    EXPECT_NE(e.find(line), std::string::npos) << e;
    EXPECT_NE(e.find("the block index 2 of dimension 1 of in_specs[0] is outside [0, 2) (2 blocks "
                     "of 16 in 20)"),
              std::string::npos)
        << e;
  }
}

TEST(Rank3Arrays, BlockIndexPastItsDimension) {
  // A block index past its dimension's blocks that still lands inside the
  // array (the next matrices' rows) stops the kernel at the index map's
  // line in both modes, naming the dimension: a leading one of rank 4, the
  // rows of a matrix; the same maps with in-range indices pass, and their
  // checks, proven by the grid's extents, cost nothing compiled.
  Shape s{2, 3, 16, 128};
  Array xa = Array::from_f32(pattern(numElements(s), 81), s);
  struct Case {
    int dh, db;
    std::vector<pl::BlockDim> block;
    std::string message;
  };
  for (const Case &c :
       {Case{1, 0, {pl::Squeezed, pl::Squeezed, 8, 128},
             "the block index 3 of dimension 1 of in_specs[0] is outside [0, 3) (3 blocks of 1 in "
             "3)"},
        Case{0, 1, {pl::Squeezed, pl::Squeezed, 8, 128},
             "the block index 2 of dimension 2 of in_specs[0] is outside [0, 2) (2 blocks of 8 in "
             "16)"},
        Case{0, 1, {1, 1, 8, 128}, "the block index 2 of dimension 2 of in_specs[0] is outside "
                                   "[0, 2) (2 blocks of 8 in 16)"}})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(c.message + (interpret ? " interpreted" : " compiled"));
      std::string line;
      auto call = [&](int dh, int db) {
        line = testutil::here(1);
        auto in = pl::BlockSpec(c.block, [dh, db](Scalar a, Scalar h, Scalar b) {
          return std::tuple{a, (h + dh) % 4, (b + db) % 3, 0};
        });
        auto out = pl::BlockSpec(c.block, [](Scalar a, Scalar h, Scalar b) {
          return std::tuple{a, h, b, 0};
        });
        return pl::pallas_call([](Ref x, Ref o) { o[___] = x[___]; },
                               {.out_shape = ShapeDtypeStruct{s, DType::float32},
                                .grid = {2, 3, 2},
                                .in_specs = {in},
                                .out_specs = {out},
                                .interpret = interpret})(xa);
      };
      EXPECT_EQ(call(0, 0).to_f32(), xa.to_f32());
      std::string e = errorOf([&] { call(c.dh, c.db); });
      EXPECT_NE(e.find(line), std::string::npos) << e;
      EXPECT_NE(e.find(c.message), std::string::npos) << e;
    }
}

TEST(Rank3Arrays, BoundedSliceRowsOfEachMatrix) {
  // pl::BoundedSlice{8} rows of each matrix of [3, 20, 128]: the index map
  // returns pl::ds(start, size) from scalar prefetch; each step's `size`
  // rows land in the block's first rows; start + size past the matrix
  // stops the kernel at the index map's line.
  Shape s{3, 20, 128};
  std::vector<float> x = pattern(numElements(s), 79);
  Array xa = Array::from_f32(x, s);
  auto run = [&](const std::vector<int32_t> &starts, const std::vector<int32_t> &sizes,
                 bool interpret) {
    auto k = pl::pallas_call(
        [](Ref, Ref, Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2; },
        {.out_shape = ShapeDtypeStruct{{3, 8, 128}, DType::float32},
         .grid_spec = pltpu::PrefetchScalarGridSpec{
             .num_scalar_prefetch = 2,
             .grid = {3},
             .in_specs = {pl::BlockSpec({pl::Squeezed, pl::BoundedSlice{8}, 128},
                                        [](Scalar b, Ref st, Ref sz) {
                                          return std::tuple{b, pl::ds(Scalar(st[b]), Scalar(sz[b])),
                                                            0};
                                        })},
             .out_specs = {pl::BlockSpec({pl::Squeezed, 8, 128},
                                         [](Scalar b, Ref, Ref) { return std::tuple{b, 0, 0}; })}},
         .interpret = interpret});
    return k(Array::from_s32(starts, {3}), Array::from_s32(sizes, {3}), xa).to_f32();
  };
  const std::vector<int32_t> starts = {0, 4, 13}, sizes = {8, 5, 7};
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    std::vector<float> got = run(starts, sizes, interpret);
    for (int64_t b = 0; b < 3; ++b)
      for (int64_t r = 0; r < sizes[b]; ++r)
        for (int64_t c = 0; c < 128; ++c)
          ASSERT_EQ(got[(b * 8 + r) * 128 + c], 2 * x[(b * 20 + starts[b] + r) * 128 + c])
              << b << " " << r << " " << c;
    std::string e = errorOf([&] { run({0, 15, 0}, {8, 8, 8}, interpret); });
    EXPECT_NE(e.find("the pl::BoundedSlice rows [15, 15 + 8) of in_specs[0] are outside its "
                     "matrices' [0, 20)"),
              std::string::npos)
        << e;
  }
}

TEST(Rank3Arrays, ShapesTheLayoutCannotHold) {
  Array empty = jnp::zeros({2, 0, 128});
  std::string e = testutil::errorOf([&] {
    pl::pallas_call([](Ref x, Ref o) { o[___] = x[___]; },
                    {.out_shape = ShapeDtypeStruct{{2, 8, 128}, DType::float32}})(empty);
  });
  EXPECT_NE(e.find("input 0 has shape [2, 0, 128]; an array of rank 3 [..., M, N] holds at "
                   "least one element"),
            std::string::npos)
      << e;
  Array x = jnp::zeros({4, 16, 128});
  std::string line = testutil::here(5);
  e = testutil::errorOf([&] {
    pl::pallas_call([](Ref x, Ref o) { o[___] = x[___]; },
                    {.out_shape = ShapeDtypeStruct{{4, 16, 128}, DType::float32},
                     .grid = {2},
                     .in_specs = {pl::BlockSpec({2, 12, 128}, [](Scalar i) { return std::tuple{i, 0, 0}; })},
                     .out_specs = {pl::BlockSpec({2, 16, 128}, [](Scalar i) { return std::tuple{i, 0, 0}; })}})(x);
  });
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("block shape [2, 12, 128] of in_specs[0] [4, 16, 128]: the rows of a block "
                   "of matrices must be a multiple of 8 or all 16 (the (8, 128) tiling rule)"),
            std::string::npos)
      << e;
}

}  // namespace
}  // namespace tessera
