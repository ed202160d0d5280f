//===- HighRankTest.cpp - Values, Refs and arrays of rank 4 and 5 ---------===//
//
// A value, Ref or array of rank 3 to 5 is one matrix per index of its
// leading dimensions (row-major), as Mosaic keeps leading dimensions:
// elementwise ops broadcast the leading dimensions by numpy's rules
// (aligned on the right, 1 broadcasts), reductions run per matrix or
// across the matrices along any leading axis, transposes permute the
// leading axes (each matrix kept or transposed), reshapes renumber the
// matrices or merge them into rows, dot_general batches over several
// leading dimensions, and HBM arrays ({3,2,1,0:T(8,128)}) are blocked by
// pallas_call with squeezed leading dimensions (the flash-attention
// pattern [B, H, S, D] -> (None, None, bs, D)). Rank-3 behaviour itself is
// tested in Rank3Test.cpp. Each kernel runs compiled and interpreted, bit
// for bit against a host computation in exact arithmetic (quarter-integers).
// The errors name the line and the rule.
//
//===----------------------------------------------------------------------===//
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

/// Row-major offset of `at` in `shape`.
int64_t offset(const Shape &shape, const std::vector<int64_t> &at) {
  int64_t o = 0;
  for (size_t i = 0; i < shape.size(); ++i)
    o = o * shape[i] + at[i];
  return o;
}

/// Every index of `shape`, in row-major order.
void forEach(const Shape &shape, const std::function<void(const std::vector<int64_t> &)> &f) {
  std::vector<int64_t> at(shape.size(), 0);
  for (int64_t n = numElements(shape); n > 0; --n) {
    f(at);
    for (size_t i = shape.size(); i-- > 0;) {
      if (++at[i] < shape[i])
        break;
      at[i] = 0;
    }
  }
}

/// Runs a one-step pallas_call of `body` (its Refs: the inputs, then the
/// output) compiled and interpreted; both outputs must equal `want`.
void expectBoth(const std::function<void(const std::vector<Ref> &)> &body,
                const std::vector<Array> &inputs, Shape outShape, const std::vector<float> &want,
                const std::string &what) {
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(what + (interpret ? " (interpreted)" : " (compiled)"));
    pl::PallasCall kernel({.out_shape = ShapeDtypeStruct{outShape, DType::float32},
                           .name = "high_rank",
                           .interpret = interpret},
                          (int)inputs.size() + 1, body, std::source_location::current());
    std::vector<Array> out = kernel.call(inputs);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].shape(), outShape);
    std::vector<float> got = out[0].to_f32();
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
      if (got[i] != want[i]) {
        ADD_FAILURE() << "element " << i << " is " << got[i] << ", want " << want[i];
        return;
      }
  }
}

constexpr int64_t A = 2, H = 3, M = 8, N = 128;
const Shape kX{A, H, M, N};

TEST(Rank4, ElementwiseAndReductionsOverEachAxis) {
  // x [2, 3, 8, 128] and y [3, 8, 128] (aligned on the right). The output
  // [4, 3, 8, 128]: matrices 0-1 are r = v - max(v, 1) + sum(v, -1) / 4 +
  // iota(1) with v = x + 2 y; 2 is sum(v, 0) + argmax(v, 0); 3 is each of
  // min(v, (0, 1)) over its rows' column, broadcast, plus the mean of v.
  std::vector<float> x = pattern(A * H * M * N, 1), y = pattern(H * M * N, 2);
  auto v = [&](int64_t a, int64_t h, int64_t m, int64_t c) {
    return x[offset(kX, {a, h, m, c})] + 2 * y[offset({H, M, N}, {h, m, c})];
  };
  Shape out{4, H, M, N};
  std::vector<float> want(numElements(out));
  float total = 0;
  forEach(kX, [&](const std::vector<int64_t> &i) { total += v(i[0], i[1], i[2], i[3]); });
  forEach({A, H, M, N}, [&](const std::vector<int64_t> &i) {
    int64_t a = i[0], h = i[1], m = i[2], c = i[3];
    float mx = -INFINITY, rowSum = 0;
    for (int64_t hh = 0; hh < H; ++hh)
      mx = std::max(mx, v(a, hh, m, c));
    for (int64_t cc = 0; cc < N; ++cc)
      rowSum += v(a, h, m, cc);
    want[offset(out, {a, h, m, c})] = v(a, h, m, c) - mx + rowSum * 0.25f + (float)h;
  });
  forEach({H, M, N}, [&](const std::vector<int64_t> &i) {
    int64_t h = i[0], m = i[1], c = i[2];
    float s = 0, best = -INFINITY, mn = INFINITY;
    int64_t arg = 0;
    for (int64_t a = 0; a < A; ++a) {
      s += v(a, h, m, c);
      if (v(a, h, m, c) > best) {
        best = v(a, h, m, c);
        arg = a;
      }
    }
    for (int64_t a = 0; a < A; ++a)
      for (int64_t hh = 0; hh < H; ++hh)
        for (int64_t mm = 0; mm < M; ++mm)
          mn = std::min(mn, v(a, hh, mm, c));
    want[offset(out, {2, h, m, c})] = s + (float)arg;
    want[offset(out, {3, h, m, c})] = mn + total / (float)(A * H * M * N);
  });
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___];  // [2, 3, 8, 128]
        Value y = refs[1][___];  // [3, 8, 128]
        Ref o = refs[2];
        Value v = x + y * 2;
        Value mx = jnp::max(v, 1, true);        // [2, 1, 8, 128]
        Value rowSum = jnp::sum(v, -1, true);   // [2, 3, 8, 1]
        Value h = lax::broadcasted_iota(DType::float32, {A, H, M, N}, 1);
        o(pl::ds(0, A), pl::all, pl::all, pl::all) = v - mx + rowSum * 0.25 + h;
        Value s = jnp::sum(v, 0) + jnp::argmax(v, 0).astype(DType::float32);  // [3, 8, 128]
        o(pl::ds(2, 1), pl::all, pl::all, pl::all) = s.reshape({1, H, M, N});
        Value mn = jnp::min(jnp::min(jnp::min(v, 2, true), 1), 0);             // [1, 128]
        Value mean = jnp::mean(v, std::nullopt, true);                         // [1, 1, 1, 1]
        o.at(3)[___] = jnp::broadcast_to(mn, {H, M, N}) + jnp::broadcast_to(mean, {1, H, M, N})
                                                               .reshape({H, M, N});
      },
      {Array::from_f32(x, kX), Array::from_f32(y, {H, M, N})}, out, want, "rank 4");
}

TEST(Rank4, LayoutOpsOnTheLeadingAxes) {
  // Out [3, 2, 8, 128] of x [2, 3, 8, 128]: transpose (1, 0, 2, 3), plus
  // x reshaped to [3, 2, 8, 128] (the same matrices renumbered) rolled by
  // 1 along axis 0, plus x merged into rows and split again.
  std::vector<float> x = pattern(A * H * M * N, 5);
  Shape out{H, A, M, N};
  std::vector<float> want(numElements(out));
  forEach(out, [&](const std::vector<int64_t> &i) {
    int64_t h = i[0], a = i[1], m = i[2], c = i[3];
    float t = x[offset(kX, {a, h, m, c})];
    int64_t rolled = offset({H, A}, {(h + H - 1) % H, a});  // renumbered matrix index
    float r = x[rolled * M * N + m * N + c];
    float whole = x[offset(out, i)];
    want[offset(out, i)] = t + 2 * r + 4 * whole;
  });
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___];
        Value t = jnp::transpose(x, {1, 0, 2, 3});
        Value r = pltpu::roll(x.reshape({H, A, M, N}), 1, 0);
        Value whole = x.reshape({A * H * M, N}).reshape({H, A, M, N});
        refs[1][___] = t + r * 2 + whole * 4;
      },
      {Array::from_f32(x, kX)}, out, want, "layout");
  // Each 128 x 128 matrix transposed, the leading axes swapped too.
  std::vector<float> z = pattern(1 * 2 * 128 * 128, 7);
  Shape zs{1, 2, 128, 128}, zt{2, 1, 128, 128};
  std::vector<float> wantT(z.size());
  forEach(zt, [&](const std::vector<int64_t> &i) {
    wantT[offset(zt, i)] = z[offset(zs, {i[1], i[0], i[3], i[2]})];
  });
  expectBoth([](const std::vector<Ref> &refs) {
    refs[1][___] = jnp::transpose(refs[0][___], {1, 0, 3, 2});
  },
             {Array::from_f32(z, zs)}, zt, wantT, "transposed matrices");
}

TEST(Rank4, PermutationsMovingMatrixDimensions) {
  // Any permutation of rank 3 and 4: the lanes kept (rows gathered from
  // x's matrices), x's rows becoming the lanes (each matrix transposed
  // first), a leading axis becoming the lanes (moved into the rows, then
  // transposed); x.T() of rank 3 reverses all axes, as JAX's.
  struct Case {
    Shape in;
    std::vector<int> axes;
  };
  // (Arrays of rank 3 and 4 are whole (8, 128) tiles, so are both ends.)
  const Case cases[] = {{{8, 16, 128}, {1, 0, 2}},      {{16, 8, 128}, {1, 0, 2}},
                        {{2, 8, 16, 128}, {0, 2, 1, 3}}, {{8, 128, 128}, {2, 0, 1}},
                        {{128, 8, 128}, {1, 2, 0}},      {{128, 8, 128}, {2, 1, 0}}};
  for (const Case &k : cases) {
    std::vector<float> x = pattern(numElements(k.in), 11);
    Shape out;
    for (int a : k.axes)
      out.push_back(k.in[a]);
    std::vector<float> want(x.size());
    forEach(out, [&](const std::vector<int64_t> &i) {
      std::vector<int64_t> xi(i.size());
      for (size_t d = 0; d < i.size(); ++d)
        xi[k.axes[d]] = i[d];
      want[offset(out, i)] = x[offset(k.in, xi)];
    });
    std::string what = "permutation of " + to_string(k.in);
    expectBoth([axes = k.axes](const std::vector<Ref> &refs) {
      refs[1][___] = jnp::transpose(refs[0][___], axes);
    },
               {Array::from_f32(x, k.in)}, out, want, what);
    if (k.in.size() == 3 && k.axes == std::vector<int>{2, 1, 0})
      expectBoth([](const std::vector<Ref> &refs) { refs[1][___] = refs[0][___].T(); },
                 {Array::from_f32(x, k.in)}, out, want, what + " by x.T()");
  }
}

TEST(Rank4, SwapaxesExpandDimsAndSqueeze) {
  // out [3, 2, 8, 128] = swapaxes(x, 0, 1) + expand_dims(sum(x, 0), 1),
  // the sum first through expand_dims(., 0) and squeeze.
  std::vector<float> x = pattern(A * H * M * N, 31);
  Shape out{H, A, M, N};
  std::vector<float> want(numElements(out));
  forEach(out, [&](const std::vector<int64_t> &i) {
    float s = 0;
    for (int64_t a = 0; a < A; ++a)
      s += x[offset(kX, {a, i[0], i[2], i[3]})];
    want[offset(out, i)] = x[offset(kX, {i[1], i[0], i[2], i[3]})] + s;
  });
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___];
        Value s = jnp::squeeze(jnp::expand_dims(jnp::sum(x, 0), 0));  // [3, 8, 128]
        refs[1][___] = jnp::swapaxes(x, 0, 1) + jnp::expand_dims(s, -3);
      },
      {Array::from_f32(x, kX)}, out, want, "swapaxes");
}

TEST(Rank4, ConcatenateAndTile) {
  // Rank 2: [8, 128] and [16, 128] along the rows, then that and itself
  // along the columns ([24, 256]); jnp::tile of an [8, 128] by (3, 2).
  std::vector<float> a = pattern(8 * 128, 37), b = pattern(16 * 128, 41);
  Shape out2{24, 256};
  std::vector<float> want2(numElements(out2));
  forEach(out2, [&](const std::vector<int64_t> &i) {
    int64_t r = i[0], c = i[1] % 128;
    float joined = r < 8 ? a[r * 128 + c] : b[(r - 8) * 128 + c];
    want2[offset(out2, i)] = joined + a[(r % 8) * 128 + c] * 2;
  });
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___], y = refs[1][___];
        Value rows = jnp::concatenate({x, y}, 0);
        refs[2][___] = jnp::concatenate({rows, rows}, -1) + jnp::tile(x, {3, 2}) * 2;
      },
      {Array::from_f32(a, {8, 128}), Array::from_f32(b, {16, 128})}, out2, want2, "rank 2");
  // Rank 4: x [2, 3, 8, 128] and z [2, 1, 8, 128] along axis 1 (the
  // matrices renumbered), and along the columns of each matrix.
  std::vector<float> x = pattern(A * H * M * N, 43), z = pattern(A * M * N, 47);
  Shape out4{A, H + 1, M, 2 * N};
  std::vector<float> want4(numElements(out4));
  forEach(out4, [&](const std::vector<int64_t> &i) {
    int64_t p = i[0], h = i[1], m = i[2], c = i[3] % N;
    float base = h < H ? x[offset(kX, {p, h, m, c})] : z[offset({A, 1, M, N}, {p, 0, m, c})];
    want4[offset(out4, i)] = i[3] < N ? 2 * base : 5 * base;
  });
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___], z = refs[1][___];
        Value joined = jnp::concatenate({x, z}, 1);             // [2, 4, 8, 128]
        Value xw = jnp::concatenate({x, x * 2}, 3);             // [2, 3, 8, 256]
        Value zw = jnp::concatenate({z, z * 2}, -1);            // [2, 1, 8, 256]
        refs[2][___] = jnp::concatenate({joined, joined * 3}, 3) + jnp::concatenate({xw, zw}, 1);
      },
      {Array::from_f32(x, kX), Array::from_f32(z, {A, 1, M, N})}, out4, want4, "rank 4");
}

TEST(Rank4, PadWithWholeTilesAndLeadingDims) {
  // x [2, 8, 128] padded by (1, 0) matrices, (8, 0) rows and (0, 128)
  // columns of 0.5: [3, 16, 256].
  std::vector<float> x = pattern(2 * M * N, 67);
  Shape out{3, 2 * M, 2 * N};
  std::vector<float> want(numElements(out));
  forEach(out, [&](const std::vector<int64_t> &i) {
    bool inside = i[0] >= 1 && i[1] >= M && i[2] < N;
    want[offset(out, i)] = inside ? x[offset({2, M, N}, {i[0] - 1, i[1] - M, i[2]})] : 0.5f;
  });
  expectBoth([](const std::vector<Ref> &refs) {
    refs[1][___] = jnp::pad(refs[0][___], {{1, 0}, {M, 0}, {0, N}}, 0.5);
  },
             {Array::from_f32(x, {2, M, N})}, out, want, "pad");
  // Pads that are not whole tiles: the operands shifted into place.
  std::vector<float> y = pattern(M * N, 68);
  Shape padded{3 + M + 2, 5 + N + 7};
  std::vector<float> wantPad(numElements(padded), -1.0f);
  for (int64_t r = 0; r < M; ++r)
    for (int64_t c = 0; c < N; ++c)
      wantPad[(3 + r) * padded[1] + 5 + c] = y[r * N + c];
  expectBoth([](const std::vector<Ref> &refs) {
    refs[1][___] = jnp::pad(refs[0][___], {{3, 2}, {5, 7}}, -1.0);
  },
             {Array::from_f32(y, {M, N})}, padded, wantPad, "unaligned pad");
}

TEST(Rank4, TriuAndRollPerMatrixAndAlongALeadingAxis) {
  // out = triu(x, 1) of each matrix + roll(x, 1, axis 1) (the matrices
  // along the second leading axis rotate).
  std::vector<float> x = pattern(A * H * M * N, 71), want(x.size());
  forEach(kX, [&](const std::vector<int64_t> &i) {
    float upper = i[3] - i[2] >= 1 ? x[offset(kX, i)] : 0.0f;
    float rolled = x[offset(kX, {i[0], (i[1] + H - 1) % H, i[2], i[3]})];
    want[offset(kX, i)] = upper + rolled;
  });
  expectBoth([](const std::vector<Ref> &refs) {
    Value x = refs[0][___];
    refs[1][___] = jnp::triu(x, 1) + pltpu::roll(x, 1, 1);
  },
             {Array::from_f32(x, kX)}, kX, want, "triu and roll");
}

TEST(Rank4, RollByARunTimeShiftAndStridedAlongEachAxis) {
  // pltpu::roll by int32 Scalars read at run time (5, 3, 130 and -1 from
  // an int32 input): along the second leading axis (the matrices picked
  // by selects on the shift), the rows and the lanes of each matrix, and
  // the first leading axis by a negative shift (mod 2); strided rolls of
  // each matrix (lanes by 1 + 2 r in row r), with the stride along a
  // leading axis (lanes by 1 + 2 h in matrix h; axis 0 by 1 + h), and a
  // leading axis rolled by 2 + r in row r of the matrices.
  std::vector<float> x = pattern(A * H * M * N, 29), want(x.size());
  std::vector<int32_t> t(8 * 128, 0);
  t[0] = 5, t[1] = 3, t[2] = 130, t[3] = -1;
  forEach(kX, [&](const std::vector<int64_t> &i) {
    float a = x[offset(kX, {i[0], (i[1] - 5 % H + H) % H, i[2], i[3]})];
    float b = x[offset(kX, {i[0], i[1], (i[2] - 3 + M) % M, i[3]})];
    float c = x[offset(kX, {i[0], i[1], i[2], (i[3] - 2 + N) % N})];
    float d = x[offset(kX, {(i[0] + 1) % A, i[1], i[2], i[3]})];
    // (Strided: row r of each matrix rolled along the lanes by 1 + 2 r.)
    float e = x[offset(kX, {i[0], i[1], i[2], (i[3] - 1 - 2 * i[2] + 4 * N) % N})];
    // (Strided along a leading axis: matrix (a, h) along the lanes by 1 +
    // 2 h; along axis 0 by 1 + h.)
    float f = x[offset(kX, {i[0], i[1], i[2], (i[3] - 1 - 2 * i[1] + 4 * N) % N})];
    float g = x[offset(kX, {((i[0] - 1 - i[1]) % A + A) % A, i[1], i[2], i[3]})];
    // (Axis 1 by 2 + r in row r of the matrices.)
    float h = x[offset(kX, {i[0], ((i[1] - 2 - i[2]) % H + H) % H, i[2], i[3]})];
    want[offset(kX, i)] = a + 2 * b + 4 * c + 8 * d + 16 * e + 32 * f + 64 * g + 128 * h;
  });
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value x = refs[0][___];
        Scalar s0 = refs[1](0, 0), s1 = refs[1](0, 1), s2 = refs[1](0, 2), s3 = refs[1](0, 3);
        refs[2][___] = pltpu::roll(x, s0, 1) + pltpu::roll(x, s1, 2) * 2.0f +
                       pltpu::roll(x, s2, 3) * 4.0f + pltpu::roll(x, s3, 0) * 8.0f +
                       pltpu::roll(x, 1, 3, 2, 2) * 16.0f + pltpu::roll(x, 1, 3, 2, 1) * 32.0f +
                       pltpu::roll(x, 1, 0, 1, 1) * 64.0f + pltpu::roll(x, 2, 1, 1, 2) * 128.0f;
      },
      {Array::from_f32(x, kX), Array::from_s32(t, {8, 128})}, kX, want, "run-time rolls");
}

TEST(Rank4, DotGeneralOverTwoBatchDimensions) {
  // [2, 2, 8, 128] x [2, 2, 128, 128] with batch dims {0, 1}, and the same
  // lhs times a rank-2 rhs (jnp::matmul broadcasts it to every matrix).
  Shape as{2, 2, M, 128}, bs{2, 2, 128, 128};
  std::vector<float> a = pattern(numElements(as), 11), b = pattern(numElements(bs), 13),
                     w = pattern(128 * 128, 17);
  std::vector<float> want(numElements(as));
  forEach(as, [&](const std::vector<int64_t> &i) {
    float s = 0, t = 0;
    for (int64_t k = 0; k < 128; ++k) {
      float lhs = a[offset(as, {i[0], i[1], i[2], k})];
      s += lhs * b[offset(bs, {i[0], i[1], k, i[3]})];
      t += lhs * w[k * 128 + i[3]];
    }
    want[offset(as, i)] = s + t;
  });
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value a = refs[0][___], b = refs[1][___], w = refs[2][___];
        refs[3][___] = lax::dot_general(a, b, {{3}, {2}}, {{0, 1}, {0, 1}},
                                        {.preferred_element_type = jnp::float32}) +
                       jnp::matmul(a, w);
      },
      {Array::from_f32(a, as), Array::from_f32(b, bs), Array::from_f32(w, {128, 128})}, as,
      want, "batched dot");
}

/// jnp::dot and lax::dot_general (no batch dimensions) of a rank-4 lhs and
/// a rank-2 rhs, and jnp::stack of their results along a new axis 1.
TEST(Rank4, DotsWithoutBatchDimensionsAndStack) {
  Shape as{2, 2, M, 128};
  std::vector<float> a = pattern(numElements(as), 59), w = pattern(128 * 128, 61);
  Shape out{2, 2, 2, M, 128};
  std::vector<float> want(numElements(out));
  forEach(out, [&](const std::vector<int64_t> &i) {
    float d = 0, t = 0;
    for (int64_t k = 0; k < 128; ++k) {
      float lhs = a[offset(as, {i[0], i[2], i[3], k})];
      d += lhs * w[k * 128 + i[4]];   // a . w
      t += lhs * w[i[4] * 128 + k];   // a . w.T (rhs contracted on its dimension 1)
    }
    want[offset(out, i)] = i[1] == 0 ? d : t;
  });
  expectBoth(
      [](const std::vector<Ref> &refs) {
        Value a = refs[0][___], w = refs[1][___];
        jnp::DotOptions f32{.preferred_element_type = jnp::float32};
        Value d = jnp::dot(a, w, f32);                              // [2, 2, 8, 128]
        Value t = lax::dot_general(a, w, {{3}, {1}}, {}, f32);      // a . w.T
        refs[2][___] = jnp::stack({d, t}, 1);                       // [2, 2, 2, 8, 128]
      },
      {Array::from_f32(a, as), Array::from_f32(w, {128, 128})}, out, want, "dots");
}

/// pallas_call over [B, H, S, D] with the two leading dimensions squeezed
/// (each block is [bs, D] of one head), as flash attention blocks q, k, v;
/// and a rank-5 array blocked by whole runs of matrices.
TEST(Rank4Arrays, PallasCallWithSqueezedLeadingDims) {
  constexpr int64_t S = 32, D = 256, bs = 8;
  Shape q{A, H, S, D};
  std::vector<float> x = pattern(numElements(q), 19), want(x.size());
  forEach(q, [&](const std::vector<int64_t> &i) {
    float mx = -INFINITY;
    for (int64_t c = 0; c < D; ++c)
      mx = std::max(mx, x[offset(q, {i[0], i[1], i[2], c})]);
    want[offset(q, i)] = x[offset(q, i)] - mx + (float)(i[0] * 10 + i[1]);
  });
  Array xa = Array::from_f32(x, q);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto index = [](Scalar b, Scalar h, Scalar i) { return std::tuple{b, h, i, 0}; };
    auto k = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          EXPECT_EQ(x_ref.shape(), (Shape{bs, D}));
          Value v = x_ref[___];
          Scalar b = pl::program_id(0), h = pl::program_id(1);
          Value bh = jnp::full({bs, D}, (b * 10 + h).astype(DType::float32), DType::float32);
          o_ref[___] = v - jnp::max(v, 1, true) + bh;
        },
        {.out_shape = ShapeDtypeStruct{q, DType::float32},
         .grid = {A, H, S / bs},
         .in_specs = {pl::BlockSpec({pl::Squeezed, pl::Squeezed, bs, D}, index)},
         .out_specs = {pl::BlockSpec({pl::Squeezed, pl::Squeezed, bs, D}, index)},
         .interpret = interpret});
    Array out = k(xa);
    EXPECT_EQ(out.shape(), q);
    EXPECT_EQ(out.to_f32(), want);
  }
  // Rank 5 [4, 2, 3, 8, 128]: blocks (2, 2, 3, 8, 128) are runs of whole
  // matrices (the first leading dimension in halves, the others whole),
  // blocks (squeezed, 1, 3, 8, 128) runs of one index of the first two;
  // the body sees [2, 2, 3, 8, 128] and [1, 3, 8, 128].
  Shape r5{4, 2, 3, M, N};
  std::vector<float> y = pattern(numElements(r5), 23), want5(y.size());
  forEach(r5, [&](const std::vector<int64_t> &i) {
    float colSum = 0;
    for (int64_t h = 0; h < 3; ++h)
      colSum += y[offset(r5, {i[0], i[1], h, i[3], i[4]})];
    want5[offset(r5, i)] = y[offset(r5, i)] * 2 + colSum;
  });
  Array ya = Array::from_f32(y, r5);
  auto body = [](Ref x_ref, Ref o_ref) {
    Value v = x_ref[___];
    o_ref[___] = v * 2 + jnp::sum(v, -3, true);
  };
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "rank 5 interpreted" : "rank 5 compiled");
    auto halves = [](Scalar i) { return std::tuple{i, 0, 0, 0, 0}; };
    auto k = pl::pallas_call(
        [&](Ref x_ref, Ref o_ref) {
          EXPECT_EQ(x_ref.shape(), (Shape{2, 2, 3, M, N}));
          body(x_ref, o_ref);
        },
        {.out_shape = ShapeDtypeStruct{r5, DType::float32},
         .grid = {2},
         .in_specs = {pl::BlockSpec({2, 2, 3, M, N}, halves)},
         .out_specs = {pl::BlockSpec({2, 2, 3, M, N}, halves)},
         .interpret = interpret});
    EXPECT_EQ(k(ya).to_f32(), want5);
    auto each = [](Scalar i, Scalar j) { return std::tuple{i, j, 0, 0, 0}; };
    auto k2 = pl::pallas_call(
        [&](Ref x_ref, Ref o_ref) {
          EXPECT_EQ(x_ref.shape(), (Shape{1, 3, M, N}));
          body(x_ref, o_ref);
        },
        {.out_shape = ShapeDtypeStruct{r5, DType::float32},
         .grid = {4, 2},
         .in_specs = {pl::BlockSpec({pl::Squeezed, 1, 3, M, N}, each)},
         .out_specs = {pl::BlockSpec({pl::Squeezed, 1, 3, M, N}, each)},
         .interpret = interpret});
    EXPECT_EQ(k2(ya).to_f32(), want5);
  }
}

/// pl::kernel on a rank-4 HBM Ref: DMAs of x.at(1) (a [3, 8, 128] run)
/// and x.at(0).at(2) (one matrix) into VMEM scratch of rank 3 and 2, a
/// rank-4 VMEM scratch indexed at run time, and the HLO's rank-4 layout.
TEST(Rank4Arrays, DmasAndScratch) {
  std::vector<float> x = pattern(A * H * M * N, 29);
  Shape out{A, H, M, N};
  std::vector<float> want(x.size());
  forEach(out, [&](const std::vector<int64_t> &i) {
    // Output matrix (a, h): x[1, h] + 1 for a = 0; x[0, 2] * 2 for a = 1.
    float v = i[0] == 0 ? x[offset(kX, {1, i[1], i[2], i[3]})] + 1
                        : x[offset(kX, {0, 2, i[2], i[3]})] * 2;
    want[offset(out, i)] = v;
  });
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{out, DType::float32},
       .scratch_types = {pltpu::VMEM({H, M, N}, DType::float32),
                         pltpu::VMEM({M, N}, DType::float32),
                         pltpu::VMEM({A, H, M, N}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "rank4_dma"},
      [](Ref x_hbm, Ref o_hbm, Ref three, Ref one, Ref all, Ref sem) {
        pltpu::async_copy(x_hbm.at(1), three, sem).wait();
        pltpu::async_copy(x_hbm.at(0).at(2), one, sem).wait();
        all.at(0)[___] = three[___] + 1;
        lax::fori_loop(
            0, H,
            [&](Scalar h, Scalar c) {
              all.at(1).at(h)[___] = one[___] * 2;
              return c;
            },
            0);
        pltpu::async_copy(all, o_hbm, sem).wait();
      });
  Array xa = Array::from_f32(x, kX);
  EXPECT_EQ(k(xa).to_f32(), want);
  Compiled c = compile([&](const Array &a) { return k(a); }, xa);
  EXPECT_NE(c.hlo().find("f32[2,3,8,128]{3,2,1,0:T(8,128)}"), std::string::npos) << c.hlo();
}

/// Ref reshapes: an HBM Ref seen as rows, a VMEM one as matrices, as DMA
/// ends and for loads and stores; both modes.
TEST(Rank4Arrays, RefReshape) {
  std::vector<float> x = pattern(A * H * M * N, 53), want = x;
  for (int64_t i = 0; i < M * N; ++i)
    want[4 * M * N + i] *= 2;  // matrix (1, 1), the 5th
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = ShapeDtypeStruct{kX, DType::float32},
         .scratch_types = {pltpu::VMEM({A * H * M, N}, DType::float32), pltpu::SemaphoreType::DMA},
         .name = "ref_reshape",
         .interpret = interpret},
        [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
          pltpu::async_copy(x_hbm.reshape({A * H * M, N}), buf, sem).wait();
          Ref m = buf.reshape({A * H, M, N});
          m.at(4)[___] = m.at(4)[___] * 2;
          pltpu::async_copy(buf.reshape({A, H, M, N}), o_hbm, sem).wait();
        });
    EXPECT_EQ(k(Array::from_f32(x, kX)).to_f32(), want);
  }
  std::string line = here(3);
  std::string e = errorOf([] {
    pl::pallas_call([](Ref x, Ref o) {
      Ref r = x.reshape({12, 4, N});
      o[___] = r.reshape({48, N})[___];
    }, {.out_shape = ShapeDtypeStruct{{48, N}, DType::float32}})(jnp::zeros({48, N}));
  });
  EXPECT_NE(e.find(line + ": Ref 'in0_blocks' of shape [48, 128] reshaped to [12, 4, 128] would "
                          "move elements in memory"),
            std::string::npos)
      << e;
}

TEST(Rank4, ErrorsNameTheLineAndTheRule) {
  auto run = [](const std::function<void(const std::vector<Ref> &)> &body, Shape in) {
    return errorOf([&] {
      pl::PallasCall k({.out_shape = ShapeDtypeStruct{{M, N}, DType::float32}}, 2, body,
                       std::source_location::current());
      k.call({jnp::zeros(in)});
    });
  };
  std::string line = here(2);
  std::string e = run([](const std::vector<Ref> &r) {
    Value v = r[0](pl::all, pl::ds(0, 1), pl::all, pl::all);
    (void)v;
  }, kX);
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("is not one run of memory (dimension 1 takes a part while an earlier one "
                   "takes several indices)"),
            std::string::npos)
      << e;
  // (Permutations moving matrix dimensions: PermutationsMovingMatrixDimensions.)
  // (Batch dimensions in another order: Rank3.DotGeneralBatchDimensionsAnywhere.)
  // (A concatenate of a 4-row matrix with another is shifted into place:
  // Rank4.PadWithWholeTilesAndLeadingDims.)
  // Rank 6 arrays and blocks that are not one run of memory.
  e = run([](const std::vector<Ref> &) {}, {1, 2, 1, 2, M, N});
  EXPECT_NE(e.find("has shape [1, 2, 1, 2, 8, 128]; arrays have rank 5 at most"),
            std::string::npos)
      << e;
  line = here(5);
  e = errorOf([&] {
    pl::pallas_call([](Ref x, Ref o) { o[___] = x[___]; },
                    {.out_shape = ShapeDtypeStruct{kX, DType::float32},
                     .grid = {3},
                     .in_specs = {pl::BlockSpec({A, 1, 5, N}, [](Scalar i) { return std::tuple{0, i, 0, 0}; })},
                     .out_specs = {pl::BlockSpec({A, 1, M, N}, [](Scalar i) { return std::tuple{0, i, 0, 0}; })}})(
        jnp::zeros(kX));
  });
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("block shape [2, 1, 5, 128] of in_specs[0] [2, 3, 8, 128]: the rows of a "
                   "block of matrices must be a multiple of 8 or all 8 (the (8, 128) tiling "
                   "rule)"),
            std::string::npos)
      << e;
}

}  // namespace
}  // namespace tessera
