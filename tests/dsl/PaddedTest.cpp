//===- PaddedTest.cpp - 32-bit arrays that are not whole (8, 128) tiles ---===//
//
// f32[3, 128] and f32[8, 64] (and the like) sit in padded tiles, as on the
// chip: HBM and VMEM reserve whole (8, 128) tiles (XLA's T(8,128)), a load
// reads the whole tile, a store writes only the array's rows and lanes
// (vst.msk), a reduction over a padded axis replaces the padding with its
// neutral element first, and a DMA of all the columns of two such Refs
// moves their padded rows whole. Each kernel runs compiled and
// interpreted, exactly against the host (quarter-integers); the rules that
// remain (a padded window starts at a tile, a roll or repeat of a padded
// axis) are errors naming the line.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <functional>
#include <cmath>
#include <string>
#include <vector>

#include "DslTestUtil.h"
#include "dsl/tessera.h"
#include "sim/VectorMath.h"

namespace tessera {
namespace {

using testutil::errorOf;
using testutil::here;
using testutil::pattern;
using testutil::valuesOf;

/// `want` (f32 arithmetic on the inputs) as dtype `dt` holds it: bf16
/// rounded, int8 wrapped.
std::vector<float> inDtype(std::vector<float> want, const Shape &shape, DType dt) {
  if (dt == DType::bfloat16)
    return Array::from_f32(want, shape, dt).to_f32();
  if (dt == DType::int8)
    for (float &w : want)
      w = float(vmath::wrapS8(int32_t(w)));
  return want;
}

/// got == want, naming the row and column (of `cols`) of the first
/// difference.
void expectElements(const std::vector<float> &got, const std::vector<float> &want,
                    int64_t cols) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    ASSERT_EQ(got[i], want[i]) << "row " << i / cols << " column " << i % cols;
}

TEST(Padded, ReductionsLoadsStoresAndDmas) {
  std::vector<float> x = pattern(3 * 128, 1), y = pattern(8 * 64, 2);
  std::vector<float> wantA(3 * 128), wantB(8 * 64);
  for (int c = 0; c < 128; ++c) {
    float s = 0, m = INFINITY;
    for (int r = 0; r < 3; ++r) {
      s += x[r * 128 + c];
      m = std::min(m, x[r * 128 + c]);
    }
    for (int r = 0; r < 3; ++r)
      wantA[r * 128 + c] = x[r * 128 + c] * 2 + s + m;
  }
  for (int r = 0; r < 8; ++r) {
    float s = 0, m = -INFINITY;
    for (int c = 0; c < 64; ++c) {
      s += y[r * 64 + c];
      m = std::max(m, y[r * 64 + c]);
    }
    for (int c = 0; c < 64; ++c)
      wantB[r * 64 + c] = y[r * 64 + c] - m + s;
  }
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::kernel(
        {.out_type = {ShapeDtypeStruct{{3, 128}, DType::float32},
                      ShapeDtypeStruct{{8, 64}, DType::float32}},
         .scratch_types = {pltpu::VMEM({3, 128}, DType::float32),
                           pltpu::VMEM({8, 64}, DType::float32), pltpu::SemaphoreType::DMA},
         .name = "padded",
         .interpret = interpret},
        [](Ref xh, Ref yh, Ref oa, Ref ob, Ref xv, Ref yv, Ref sem) {
          pltpu::async_copy(xh, xv, sem).wait();
          pltpu::async_copy(yh, yv, sem).wait();
          Value a = xv[___];  // f32[3, 128]: rows 3-7 of its tile are padding
          xv[___] = a * 2 + jnp::sum(a, 0, true) + jnp::min(a, 0, true);
          Value b = yv[___];  // f32[8, 64]: lanes 64-127 are padding
          yv[___] = b - jnp::max(b, 1, true) + jnp::sum(b, 1, true);
          pltpu::async_copy(xv, oa, sem).wait();
          pltpu::async_copy(yv, ob, sem).wait();
        });
    std::vector<Array> out = k.call({Array::from_f32(x, {3, 128}), Array::from_f32(y, {8, 64})});
    EXPECT_EQ(out[0].to_f32(), wantA);
    EXPECT_EQ(out[1].to_f32(), wantB);
  }
}

}  // namespace
}  // namespace tessera

namespace tessera {
namespace {

/// pallas_call blocks of padded arrays: a grid over row blocks of
/// f32[64, 200] (each block [8, 200]: its second column tile holds 72
/// lanes), and a whole f32[3, 128] block; values made in the kernel with
/// padded shapes (iota, broadcast_to, argmax) too.
TEST(Padded, PallasCallBlocks) {
  std::vector<float> x = pattern(64 * 200, 3), z = pattern(3 * 128, 4);
  std::vector<float> want(64 * 200), wantZ(3 * 128);
  for (int r = 0; r < 64; ++r) {
    float m = -INFINITY;
    int arg = 0;
    for (int c = 0; c < 200; ++c)
      if (x[r * 200 + c] > m) {
        m = x[r * 200 + c];
        arg = c;
      }
    for (int c = 0; c < 200; ++c)
      want[r * 200 + c] = x[r * 200 + c] - m + (float)arg + (float)(c % 200) * 0.5f;
  }
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 128; ++c)
      wantZ[r * 128 + c] = z[r * 128 + c] * (float)(r + 1);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto rows = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Value v = x_ref[___];  // f32[8, 200]
          Value arg = jnp::argmax(v, 1, true).astype(DType::float32);
          Value cols = lax::broadcasted_iota(DType::float32, {8, 200}, 1);
          o_ref[___] = v - jnp::max(v, 1, true) + arg + cols * 0.5;
        },
        {.out_shape = ShapeDtypeStruct{{64, 200}, DType::float32},
         .grid = {8},
         .in_specs = {pl::BlockSpec({8, 200}, [](Scalar i) { return std::tuple{i, 0}; })},
         .out_specs = {pl::BlockSpec({8, 200}, [](Scalar i) { return std::tuple{i, 0}; })},
         .interpret = interpret});
    EXPECT_EQ(rows(Array::from_f32(x, {64, 200})).to_f32(), want);
    auto small = pl::pallas_call(
        [](Ref z_ref, Ref o_ref) {
          Value r = lax::broadcasted_iota(DType::float32, {3, 128}, 0) + 1;
          o_ref[___] = z_ref[___] * r;
        },
        {.out_shape = ShapeDtypeStruct{{3, 128}, DType::float32}, .interpret = interpret});
    EXPECT_EQ(small(Array::from_f32(z, {3, 128})).to_f32(), wantZ);
  }
}

/// A column of any row count ([12, 1]: one whole tile of rows and one
/// padded) as an input and an output: each row's maximum written into it,
/// a bias read from it and broadcast along the lanes, and the column's sum
/// and minimum over its rows (the padding rows replaced by 0 and +inf).
TEST(Padded, ColumnOfAnyRowCount) {
  constexpr int R = 12, C = 256;
  std::vector<float> x = pattern(R * C, 5), bias = pattern(R, 6);
  for (float &b : bias)
    b = std::fabs(b) + 1;  // all above 0: a padding row of zeros would be the minimum
  std::vector<float> want(R * C), wantMax(R);
  float biasSum = 0, biasMin = INFINITY;
  for (int r = 0; r < R; ++r) {
    biasSum += bias[r];
    biasMin = std::min(biasMin, bias[r]);
  }
  for (int r = 0; r < R; ++r) {
    wantMax[r] = *std::max_element(x.begin() + r * C, x.begin() + (r + 1) * C);
    for (int c = 0; c < C; ++c)
      want[r * C + c] = x[r * C + c] - bias[r] + biasSum * biasMin;
  }
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::pallas_call(
        [](Ref x_ref, Ref b_ref, Ref o_ref, Ref m_ref) {
          Value v = x_ref[___];
          m_ref[___] = jnp::max(v, 1, true);
          Value b = b_ref[___];
          o_ref[___] = v - b + jnp::sum(b, 0, true) * jnp::min(b, 0, true);
        },
        {.out_shape = {ShapeDtypeStruct{{R, C}, DType::float32},
                       ShapeDtypeStruct{{R, 1}, DType::float32}},
         .interpret = interpret});
    std::vector<Array> out = k.call({Array::from_f32(x, {R, C}), Array::from_f32(bias, {R, 1})});
    EXPECT_EQ(out[0].to_f32(), want);
    EXPECT_EQ(out[1].to_f32(), wantMax);
  }
}

/// Row maxima of f32[20, 256] into an f32[20, 1] column over a grid of
/// 8-row blocks: the last block is partial (rows 16-19), in both arrays.
TEST(Padded, ColumnBlocksOverAGrid) {
  constexpr int R = 20, C = 256;
  std::vector<float> x = pattern(R * C, 9), want(R);
  for (int r = 0; r < R; ++r)
    want[r] = *std::max_element(x.begin() + r * C, x.begin() + (r + 1) * C);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto rows = [](Scalar i) { return std::tuple{i, 0}; };
    auto k =
        pl::pallas_call([](Ref x_ref, Ref m_ref) { m_ref[___] = jnp::max(x_ref[___], 1, true); },
                        {.out_shape = ShapeDtypeStruct{{R, 1}, DType::float32},
                         .grid = {3},
                         .in_specs = {pl::BlockSpec({8, C}, rows)},
                         .out_specs = {pl::BlockSpec({8, 1}, rows)},
                         .interpret = interpret});
    EXPECT_EQ(k(Array::from_f32(x, {R, C})).to_f32(), want);
  }
}

/// A padded window whose last tile holds one row or one lane of it
/// ([9, 129] of a [16, 256] Ref): the store writes that row or lane only,
/// and the rest of the Ref keeps what it held.
TEST(Padded, StoreIntoAWindowEndingOneLaneOrRowIntoATile) {
  constexpr int R = 16, C = 256;
  std::vector<float> x = pattern(R * C, 10), want = x;
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 129; ++c)
      want[r * C + c] = -x[r * C + c];
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          o_ref[___] = x_ref[___];
          o_ref(pl::ds(0, 9), pl::ds(0, 129)) = -Value(x_ref(pl::ds(0, 9), pl::ds(0, 129)));
        },
        {.out_shape = ShapeDtypeStruct{{R, C}, DType::float32}, .interpret = interpret});
    EXPECT_EQ(k(Array::from_f32(x, {R, C})).to_f32(), want);
  }
}

/// `x * 2 + 1` of an array of `shape` and `dtype` by a pallas_call over
/// [bm, bn] blocks, as many as cover it.
std::vector<float> twiceAndOneInBlocks(const std::vector<float> &x, const Shape &shape,
                                       DType dtype, int64_t bm, int64_t bn, bool interpret) {
  auto blocks = pl::BlockSpec({bm, bn}, [](Scalar i, Scalar j) { return std::tuple{i, j}; });
  auto k = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2.0 + 1.0; },
                           {.out_shape = ShapeDtypeStruct{shape, dtype},
                            .grid = {(shape[0] + bm - 1) / bm, (shape[1] + bn - 1) / bn},
                            .in_specs = {blocks},
                            .out_specs = {blocks},
                            .interpret = interpret});
  return k(Array::from_f32(x, shape, dtype)).to_f32();
}

/// Grids whose last column block is partial (f32[20, 300] in [8, 256] or
/// [16, 128] blocks, f32[24, 1000] in [8, 384], bf16[32, 300] in [16, 256])
/// and blocks larger than the array, as Pallas' rule allows (a multiple of
/// the tile: f32[12, 128] in one [16, 128] block, f32[5, 130] in [8, 256],
/// f32[20, 300] in [32, 384]). The block DMAs move the last lane tile
/// whole, into the block buffer's part beyond the array and out of it into
/// the array's padding, which Pallas leaves unspecified; the answer is
/// exact in both modes.
TEST(Padded, PartialAndOversizedBlocks) {
  struct Case {
    int64_t rows, cols, bm, bn;
    DType dtype;
  };
  for (Case c : std::vector<Case>{{20, 300, 8, 256, DType::float32},
                                  {20, 300, 16, 128, DType::float32},
                                  {24, 1000, 8, 384, DType::float32},
                                  {32, 300, 16, 256, DType::bfloat16},
                                  {12, 128, 16, 128, DType::float32},
                                  {5, 130, 8, 256, DType::float32},
                                  {20, 300, 32, 384, DType::float32},
                                  {40, 256, 32, 128, DType::float32}}) {
    // Quarter-integers up to 25: exact in bf16 too.
    std::vector<float> x = pattern(c.rows * c.cols, 11), want(x.size());
    for (size_t k = 0; k < x.size(); ++k)
      want[k] = x[k] * 2 + 1;
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(ShapeDtypeStruct{{c.rows, c.cols}, c.dtype}) + " in blocks of " +
                   std::to_string(c.bm) + "x" + std::to_string(c.bn) +
                   (interpret ? ", interpreted" : ", compiled"));
      EXPECT_EQ(twiceAndOneInBlocks(x, {c.rows, c.cols}, c.dtype, c.bm, c.bn, interpret), want);
    }
  }
}

/// [1, 1] arrays: an input, an output and VMEM scratch of one element
/// (one padded tile, the element at (0, 0)), and one row of a column Ref
/// read and written (`m[pl::ds(5, 1)]`); the value is replicated in its
/// vreg, so it broadcasts for free.
TEST(Padded, OneElementArrays) {
  constexpr int R = 12, C = 128;
  std::vector<float> x = pattern(R * C, 7), col = pattern(R, 8);
  float s = 0.75f, total = 0;
  for (float v : x)
    total += v;
  std::vector<float> want(R * C), wantCol = col;
  for (int k = 0; k < R * C; ++k)
    want[k] = x[k] * s + col[5];
  wantCol[5] = total;  // sums of quarter-integers: exact in any order
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::pallas_call(
        [](Ref x_ref, Ref s_ref, Ref c_ref, Ref o_ref, Ref t_ref, Ref oc_ref, Ref tmp) {
          Value v = x_ref[___];
          tmp[___] = s_ref[___];  // [1, 1] scratch
          o_ref[___] = v * tmp[___] + c_ref[pl::ds(5, 1)];
          Value total = jnp::sum(jnp::sum(v, 1, true), 0, true);  // [1, 1]
          t_ref[___] = total;
          oc_ref[___] = c_ref[___];
          oc_ref[pl::ds(5, 1)] = total;
        },
        {.out_shape = {ShapeDtypeStruct{{R, C}, DType::float32},
                       ShapeDtypeStruct{{1, 1}, DType::float32},
                       ShapeDtypeStruct{{R, 1}, DType::float32}},
         .scratch_shapes = {pltpu::VMEM({1, 1}, DType::float32)},
         .interpret = interpret});
    std::vector<Array> out = k.call({Array::from_f32(x, {R, C}), Array::from_f32({s}, {1, 1}),
                                     Array::from_f32(col, {R, 1})});
    EXPECT_EQ(out[0].to_f32(), want);
    EXPECT_EQ(out[1].to_f32(), std::vector<float>{total});
    EXPECT_EQ(out[2].to_f32(), wantCol);
  }
}

/// bf16 and int8 arrays of whole packed tiles of rows and any columns: the
/// last column tile is padded (a word holds rows of one lane, so a lane
/// mask keeps the padding out of a store exactly).
TEST(Padded, PackedColumns) {
  std::vector<float> x = pattern(16 * 200, 5), want(16 * 200);
  for (int r = 0; r < 16; ++r) {
    float s = 0;
    for (int c = 0; c < 200; ++c)
      s += x[r * 200 + c];
    for (int c = 0; c < 200; ++c)
      want[r * 200 + c] = vmath::roundBf16(x[r * 200 + c] * 2 + vmath::roundBf16(s));
  }
  std::vector<int32_t> q(32 * 64), wantQ(32 * 64);
  for (int i = 0; i < 32 * 64; ++i)
    q[i] = (i * 37 % 101) - 50;
  for (int r = 0; r < 32; ++r) {
    int32_t m = INT32_MIN;
    for (int c = 0; c < 64; ++c)
      m = std::max(m, q[r * 64 + c]);
    for (int c = 0; c < 64; ++c)
      wantQ[r * 64 + c] = vmath::wrapS8(q[r * 64 + c] + m);
  }
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto bf = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          Value v = x_ref[___];  // bf16[16, 200]
          o_ref[___] = v * 2 + jnp::sum(v, 1, true);
        },
        {.out_shape = ShapeDtypeStruct{{16, 200}, DType::bfloat16}, .interpret = interpret});
    EXPECT_EQ(bf(Array::from_f32(x, {16, 200}, DType::bfloat16)).to_f32(), want);
    auto i8 = pl::pallas_call(
        [](Ref q_ref, Ref o_ref) {
          Value v = q_ref[___];  // int8[32, 64]
          o_ref[___] = v + jnp::max(v, 1, true);
        },
        {.out_shape = ShapeDtypeStruct{{32, 64}, DType::int8}, .interpret = interpret});
    EXPECT_EQ(i8(Array::from_s32(q, {32, 64}, DType::int8)).to_s32(), wantQ);
  }
}

/// pltpu::roll along an axis that is one padded tile (f32[3, 128] along
/// its rows, [8, 100] along its lanes, bf16[5, 128]): a gather within the
/// tile modulo the axis's length, so no padding moves in.
TEST(Padded, RollAlongOnePaddedTile) {
  struct Case {
    Shape shape;
    DType dtype;
    int64_t shift;
    int axis;
  };
  const Case cases[] = {{{3, 128}, DType::float32, 1, 0},
                        {{8, 100}, DType::float32, 37, 1},
                        {{5, 128}, DType::bfloat16, 7, 0},
                        {{6, 7}, DType::int32, 3, 1}};
  for (const Case &c : cases)
    for (bool interpret : {false, true}) {
      int64_t n = numElements(c.shape), rows = c.shape[0], cols = c.shape[1];
      std::vector<float> x(n);
      for (int64_t i = 0; i < n; ++i)
        x[i] = (float)(i % 97) - 40;
      Array in = c.dtype == DType::int32
                     ? Array::from_s32(std::vector<int32_t>(x.begin(), x.end()), c.shape)
                     : Array::from_f32(x, c.shape, c.dtype);
      auto f = pl::pallas_call(
          [c](Ref x_ref, Ref o_ref) { o_ref[___] = pltpu::roll(x_ref[___], c.shift, c.axis); },
          {.out_shape = ShapeDtypeStruct{c.shape, c.dtype}, .interpret = interpret});
      Array out = f(in);
      std::vector<float> got;
      if (c.dtype == DType::int32)
        for (int32_t v : out.to_s32())
          got.push_back((float)v);
      else
        got = out.to_f32();
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t k = 0; k < cols; ++k) {
          int64_t sr = c.axis == 0 ? ((r - c.shift) % rows + rows) % rows : r;
          int64_t sk = c.axis == 1 ? ((k - c.shift) % cols + cols) % cols : k;
          ASSERT_EQ(got[r * cols + k], x[sr * cols + sk])
              << to_string(c.shape) << " at (" << r << ", " << k << ")"
              << (interpret ? " interpreted" : "");
        }
    }
}

TEST(Padded, WindowsOfSomeRowsAtAnyStaticRow) {
  // x_ref[2:6], x_ref[5:16] and x_ref[19:24] of f32, bf16 and int8 Refs
  // [24, 256] (windows that start inside a tile: loaded as the whole tiles
  // around them, the rows rotated out), stored into o[3:7], o[10:21] and
  // o[0:5] (packed rows inside a tile merged into the tiles around them).
  struct Win {
    int64_t from, to, n;
  };
  const Win wins[] = {{2, 3, 4}, {5, 10, 11}, {19, 0, 5}};
  std::vector<float> x = pattern(24 * 256, 41);
  for (DType dt : {DType::float32, DType::bfloat16, DType::int8})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      std::vector<float> xs(x.size());
      for (size_t i = 0; i < x.size(); ++i)
        xs[i] = dt == DType::int8 ? (float)((int)(x[i] * 7) % 50) : x[i];
      Array in = dt == DType::int8
                     ? Array::from_s32(std::vector<int32_t>(xs.begin(), xs.end()), {24, 256}, dt)
                     : Array::from_f32(xs, {24, 256}, dt);
      if (dt == DType::bfloat16)
        xs = in.to_f32();
      auto f = pl::pallas_call(
          [&wins](Ref x_ref, Ref o_ref) {
            o_ref[___] = jnp::zeros({24, 256}, o_ref.dtype());
            for (const Win &w : wins)
              o_ref[pl::ds(w.to, w.n)] = x_ref[pl::ds(w.from, w.n)] + 1;
          },
          {.out_shape = ShapeDtypeStruct{{24, 256}, dt}, .interpret = interpret});
      std::vector<float> want(24 * 256, 0.0f);
      for (const Win &w : wins)
        for (int64_t r = 0; r < w.n; ++r)
          for (int64_t c = 0; c < 256; ++c)
            want[(w.to + r) * 256 + c] = xs[(w.from + r) * 256 + c] + 1;
      // (int8: values within its range, so inDtype's wrap changes none.)
      expectElements(valuesOf(f(in)), inDtype(want, {24, 256}, dt), 256);
    }
}

TEST(Padded, WindowsOfSomeColumnsAtAnyStaticColumn) {
  // x_ref[:, 3:70] and x_ref[2:7, 100:300] of f32 and bf16 Refs [16, 384]
  // (loaded as the whole tiles around them, rotated out), stored into
  // o[:, 5:72] and o[9:14, 200:400] (merged into the tiles around them).
  std::vector<float> x = pattern(16 * 384, 43);
  for (DType dt : {DType::float32, DType::bfloat16})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      Array in = Array::from_f32(x, {16, 384}, dt);
      std::vector<float> xs = in.to_f32();
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            o_ref[___] = jnp::zeros({16, 512}, o_ref.dtype());
            o_ref(pl::all, pl::ds(5, 67)) = x_ref(pl::all, pl::ds(3, 67)) * 2;
            o_ref(pl::ds(9, 5), pl::ds(200, 200)) = x_ref(pl::ds(2, 5), pl::ds(100, 200));
          },
          {.out_shape = ShapeDtypeStruct{{16, 512}, dt}, .interpret = interpret});
      std::vector<float> want(16 * 512, 0.0f);
      for (int64_t r = 0; r < 16; ++r)
        for (int64_t c = 0; c < 67; ++c)
          want[r * 512 + 5 + c] = xs[r * 384 + 3 + c] * 2;
      for (int64_t r = 0; r < 5; ++r)
        for (int64_t c = 0; c < 200; ++c)
          want[(9 + r) * 512 + 200 + c] = xs[(2 + r) * 384 + 100 + c];
      expectElements(f(in).to_f32(), inDtype(want, {16, 512}, dt), 512);
    }
}

TEST(Padded, OneColumnOfAWiderRef) {
  // x_ref[:, 3:4], x_ref[2:9, 130:131] and x_ref[:, 0:1] of f32, int32, bf16
  // and int8 Refs [24, 256] (read out of the tiles around them: a column
  // value is held replicated over the lanes), a column times the whole
  // block (a broadcast), and stored into o[:, 7:8] and o[5:12, 0:1]
  // (merged into the tiles around them; the rest of o keeps x * c).
  std::vector<float> x = pattern(24 * 256, 47);
  for (DType dt : {DType::float32, DType::int32, DType::bfloat16, DType::int8})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      bool isInt = dt == DType::int32 || dt == DType::int8;
      std::vector<int32_t> xi(x.size());
      for (size_t i = 0; i < x.size(); ++i)
        xi[i] = int32_t(i * 7 % 23) - 11;
      Array in = isInt ? Array::from_s32(xi, {24, 256}, dt) : Array::from_f32(x, {24, 256}, dt);
      std::vector<float> xs = valuesOf(in);
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            Value c = x_ref(pl::all, pl::ds(3, 1));  // [24, 1]
            o_ref[___] = x_ref[___] * c;
            o_ref(pl::all, pl::ds(7, 1)) = c + x_ref(pl::all, pl::ds(0, 1));
            o_ref(pl::ds(5, 7), pl::ds(0, 1)) = x_ref(pl::ds(2, 7), pl::ds(130, 1));
            // At run-time rows of whole tiles (8, bf16 16; none of int8's
            // 32 fits): column 200 = 2 * column 150.
            int64_t tile = 8 * packing(o_ref.dtype());
            if (tile <= 24)
              pl::loop(0, 24 / tile)([&](Scalar i) {
                auto rows = pl::ds(pl::multiple_of(i * tile, tile), tile);
                o_ref(rows, pl::ds(200, 1)) = x_ref(rows, pl::ds(150, 1)) * 2;
              });
          },
          {.out_shape = ShapeDtypeStruct{{24, 256}, dt}, .interpret = interpret});
      std::vector<float> got = valuesOf(f(in));
      std::vector<float> want(24 * 256);
      for (int64_t r = 0; r < 24; ++r)
        for (int64_t k = 0; k < 256; ++k)
          want[r * 256 + k] = xs[r * 256 + k] * xs[r * 256 + 3];
      for (int64_t r = 0; r < 24; ++r)
        want[r * 256 + 7] = xs[r * 256 + 3] + xs[r * 256];
      for (int64_t r = 0; r < 7; ++r)
        want[(5 + r) * 256] = xs[(2 + r) * 256 + 130];
      int64_t tile = 8 * packing(dt);
      for (int64_t r = 0; r < 24 / tile * tile; ++r)
        want[r * 256 + 200] = xs[r * 256 + 150] * 2;
      // The products and sums in the dtype (bf16 rounds, int8 wraps).
      expectElements(got, inDtype(want, {24, 256}, dt), 256);
    }
}

TEST(Padded, OneColumnAtARunTimeRow) {
  // One column of a wider 32-bit Ref at a run-time row anywhere in a tile
  // (the SMEM start s: x_ref[pl.ds(s, n), 3:4], stored to o[pl.ds(s + 1,
  // n), 200:201]): read out of the rows' lane tile at that row (a window of
  // 128 lanes, which a 32-bit load takes at any run-time row), stored
  // merged into it; n of 1, 5, 8 and 16 rows, starts inside a tile and at
  // its edges, f32 and int32, compiled and interpreted. Seven 8-row columns
  // at rows 8 j + 5 take 1,848 cycles against 1,407 at rows 8 j.
  for (DType dt : {DType::float32, DType::int32})
    for (int64_t n : {1, 5, 8, 16})
      for (int32_t start : {0, 5, 7, 13})
        for (bool interpret : {false, true}) {
          SCOPED_TRACE(to_string(dt) + " n " + std::to_string(n) + " at " +
                       std::to_string(start) + (interpret ? " interpreted" : " compiled"));
          std::vector<int32_t> xi(32 * 256);
          for (size_t i = 0; i < xi.size(); ++i)
            xi[i] = int32_t(i * 7 % 41) - 20;
          Array in = dt == DType::int32 ? Array::from_s32(xi, {32, 256})
                                        : Array::from_f32(pattern(32 * 256, 53), {32, 256});
          std::vector<float> xs = valuesOf(in);
          auto f = pl::pallas_call(
              [n](Ref s_ref, Ref x_ref, Ref o_ref) {
                Scalar s = s_ref[0];
                o_ref[___] = x_ref[___];
                o_ref(pl::ds(s + 1, n), pl::ds(200, 1)) = x_ref(pl::ds(s, n), pl::ds(3, 1)) * 2;
              },
              {.out_shape = ShapeDtypeStruct{{32, 256}, dt},
               .in_specs = {pl::BlockSpec::smem(), pl::BlockSpec()},
               .interpret = interpret});
          std::vector<float> want = xs;
          for (int64_t r = 0; r < n; ++r)
            want[(start + 1 + r) * 256 + 200] = xs[(start + r) * 256 + 3] * 2;
          expectElements(valuesOf(f(Array::from_s32({start}, {1}), in)), want, 256);
        }
}

TEST(Padded, WindowsAtARunTimeColumn) {
  // x_ref[:, pl.ds(j * 128, 128)] in a loop over the lane tiles of f32,
  // bf16 and int8 Refs [32, 512] (a flash-attention kv walk along the
  // lanes), stored at run-time columns too, a masked store at one, and a
  // window of 64 lanes at a run-time column of whole tiles (its last tile
  // padded: read whole, stored through a mask).
  for (DType dt : {DType::float32, DType::bfloat16, DType::int8})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      bool isInt = dt == DType::int8;
      std::vector<int32_t> xi(32 * 512);
      for (size_t i = 0; i < xi.size(); ++i)
        xi[i] = int32_t(i * 13 % 29) - 14;
      Array in = isInt ? Array::from_s32(xi, {32, 512}, dt)
                       : Array::from_f32(pattern(32 * 512, 51), {32, 512}, dt);
      std::vector<float> xs = valuesOf(in);
      auto f = pl::pallas_call(
          [](Ref x_ref, Ref o_ref) {
            o_ref[___] = jnp::zeros_like(o_ref[___]);
            pl::loop(0, 4)([&](Scalar j) {
              auto cols = pl::ds(pl::multiple_of(j * 128, 128), 128);
              o_ref(pl::all, cols) = x_ref(pl::all, cols) + x_ref(pl::all, pl::ds(0, 128));
            });
            pl::loop(1, 2)([&](Scalar j) {
              auto cols = pl::ds(pl::multiple_of(j * 256, 128), 64);  // lanes 256..319
              Value v = x_ref(pl::all, cols);
              pltpu::store(o_ref.at(pl::all, cols), v * 2, v > 0);
            });
          },
          {.out_shape = ShapeDtypeStruct{{32, 512}, dt}, .interpret = interpret});
      std::vector<float> got = valuesOf(f(in));
      std::vector<float> want(32 * 512);
      for (int64_t r = 0; r < 32; ++r)
        for (int64_t c = 0; c < 512; ++c) {
          float x = xs[r * 512 + c];
          want[r * 512 + c] = x + xs[r * 512 + c % 128];
          if (c >= 256 && c < 320 && x > 0)
            want[r * 512 + c] = x * 2;
        }
      expectElements(got, inDtype(want, {32, 512}, dt), 512);
    }
}

TEST(Padded, PackedRefsOfOneColumn) {
  // bf16, int16 and int8 Refs [R, 1] (each row padded to 128 lanes, rows
  // packed in lane 0's words as every packed tile packs them): whole
  // arrays of 1 to 40 rows, x * 2 + 1; a grid of [16, 1] blocks summed
  // into a bf16 [16, 1] scratch; a lane reduction stored into a bf16
  // column; windows of whole packed tiles at run-time rows, windows at
  // static rows inside a packed tile. Compiled and interpreted, against
  // the host.
  for (DType dt : {DType::bfloat16, DType::int16, DType::int8})
    for (int64_t R : {1, 3, 5, 16, 24, 33, 40})
      for (bool interpret : {false, true}) {
        SCOPED_TRACE(to_string(dt) + "[" + std::to_string(R) + ", 1]" +
                     (interpret ? " interpreted" : " compiled"));
        std::vector<int32_t> v(R);
        for (int64_t i = 0; i < R; ++i)
          v[i] = int32_t(i % 23) - 11;
        bool isFloat = dt == DType::bfloat16;
        Array x = isFloat ? Array::from_f32(std::vector<float>(v.begin(), v.end()), {R, 1}, dt)
                          : Array::from_s32(v, {R, 1}, dt);
        auto f = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2 + 1; },
                                 {.out_shape = ShapeDtypeStruct{{R, 1}, dt}, .interpret = interpret});
        std::vector<int32_t> got = testutil::integersOf(f(x));
        for (int64_t i = 0; i < R; ++i)
          ASSERT_EQ(got[i], v[i] * 2 + 1) << "row " << i;
      }
  std::vector<float> d(48);
  for (int i = 0; i < 48; ++i)
    d[i] = float(i - 20);
  Array x = Array::from_f32(d, {48, 1}, DType::bfloat16);
  auto column = ShapeDtypeStruct{{48, 1}, DType::bfloat16};
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto spec = pl::BlockSpec({16, 1}, [](Scalar j) { return std::tuple{j, 0}; });
    auto running = pl::pallas_call(
        [](Ref x_ref, Ref o_ref, Ref acc) {
          pl::when(pl::program_id(0) == 0,
                   [&] { acc[___] = jnp::zeros({16, 1}, DType::bfloat16); });
          acc[___] = acc[___] + x_ref[___];
          o_ref[___] = acc[___];
        },
        {.out_shape = column,
         .grid = {3},
         .in_specs = {spec},
         .out_specs = {spec},
         .scratch_shapes = {pltpu::VMEM({16, 1}, DType::bfloat16)},
         .interpret = interpret});
    std::vector<float> got = running(x).to_f32();
    for (int64_t k = 0; k < 48; ++k) {
      float sum = 0;
      for (int64_t b = 0; b <= k / 16; ++b)
        sum += d[b * 16 + k % 16];
      ASSERT_EQ(got[k], sum) << "row " << k;
    }
    auto rowSums = pl::pallas_call(
        [](Ref y_ref, Ref o_ref) { o_ref[___] = jnp::sum(y_ref[___], 1, true); },
        {.out_shape = column, .interpret = interpret});
    EXPECT_EQ(rowSums(Array::from_f32(std::vector<float>(48 * 256, 0.5f), {48, 256},
                                      DType::bfloat16))
                  .to_f32(),
              std::vector<float>(48, 128.0f));
    auto tiles = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          pl::loop(0, 3)([&](Scalar j) {
            auto rows = pl::ds(pl::multiple_of(j * 16, 16), 16);
            o_ref[rows] = x_ref[rows] - 3;
          });
        },
        {.out_shape = column, .interpret = interpret});
    got = tiles(x).to_f32();
    for (int64_t k = 0; k < 48; ++k)
      ASSERT_EQ(got[k], d[k] - 3) << "row " << k;
  }
  // Windows at static rows inside a packed tile (read out of the tiles
  // around them, stored merged into them): bf16, int16 and int8.
  for (DType dt : {DType::bfloat16, DType::int16, DType::int8})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      std::vector<int32_t> v(72);
      for (int64_t i = 0; i < 72; ++i)
        v[i] = int32_t(i % 29) - 14;
      Array xs = dt == DType::bfloat16
                     ? Array::from_f32(std::vector<float>(v.begin(), v.end()), {72, 1}, dt)
                     : Array::from_s32(v, {72, 1}, dt);
      auto f = pl::pallas_call(
          [dt](Ref x_ref, Ref o_ref) {
            o_ref[___] = jnp::zeros({72, 1}, dt);
            o_ref[pl::ds(24, 8)] = x_ref[pl::ds(8, 8)] * 2;
            o_ref[pl::ds(3, 5)] = x_ref[pl::ds(35, 5)] + 1;
            o_ref[pl::ds(41, 30)] = x_ref[pl::ds(37, 30)] - 1;  // across packed tiles
          },
          {.out_shape = ShapeDtypeStruct{{72, 1}, dt}, .interpret = interpret});
      std::vector<int32_t> got = testutil::integersOf(f(xs));
      for (int64_t k = 0; k < 72; ++k) {
        int32_t want = k >= 24 && k < 32  ? v[k - 16] * 2
                       : k >= 3 && k < 8  ? v[k + 32] + 1
                       : k >= 41 && k < 71 ? v[k - 4] - 1
                                          : 0;
        ASSERT_EQ(got[k], want) << "row " << k;
      }
    }
}

TEST(Padded, StridedRowWindows) {
  // x_ref[pl.ds(3, n, stride)] (rows 3, 3 + s, ...) loaded, and
  // o_ref[pl.ds(20, n, s)] stored (every s-th row from 20, the rows between
  // kept), f32, bf16 and int32 Refs [48, C] of 100, 128 and 256 lanes,
  // strides 2 and 3; and at a run-time start in a loop. Compiled and
  // interpreted, against the host.
  for (DType dt : {DType::float32, DType::bfloat16, DType::int32})
    for (int64_t C : {100, 128, 256})
      for (int64_t s : {2, 3})
        for (int64_t n : {4, 5, 8})
          for (bool interpret : {false, true}) {
            SCOPED_TRACE(to_string(dt) + " C " + std::to_string(C) + " stride " +
                         std::to_string(s) + " n " + std::to_string(n) +
                         (interpret ? " interpreted" : " compiled"));
            constexpr int64_t R = 48;
            std::vector<int32_t> v(R * C);
            for (size_t i = 0; i < v.size(); ++i)
              v[i] = int32_t(i % 97) - 48;
            Array x = dt == DType::int32
                          ? Array::from_s32(v, {R, C}, dt)
                          : Array::from_f32(std::vector<float>(v.begin(), v.end()), {R, C}, dt);
            auto f = pl::pallas_call(
                [&](Ref x_ref, Ref o_ref) {
                  o_ref[___] = x_ref[___];
                  o_ref(pl::ds(20, n, s), pl::all) = x_ref(pl::ds(3, n, s), pl::all) + 1;
                },
                {.out_shape = ShapeDtypeStruct{{R, C}, dt}, .interpret = interpret});
            std::vector<float> want(v.begin(), v.end());
            for (int64_t k = 0; k < n; ++k)
              for (int64_t c = 0; c < C; ++c)
                want[(20 + k * s) * C + c] = float(v[(3 + k * s) * C + c] + 1);
            expectElements(valuesOf(f(x)), want, C);
          }
  std::vector<float> d = pattern(64 * 128, 9);
  for (bool interpret : {false, true}) {
    // Even rows of each 16-row group at a run-time start: [16 j, 16 j + 16)
    // step 2, into rows [8 j, 8 j + 8) of the output.
    auto f = pl::pallas_call(
        [](Ref x_ref, Ref o_ref) {
          pl::loop(0, 4)([&](Scalar j) {
            o_ref[pl::ds(pl::multiple_of(j * 8, 8), 8)] =
                x_ref(pl::ds(pl::multiple_of(j * 16, 8), 8, 2), pl::all);
          });
        },
        {.out_shape = ShapeDtypeStruct{{32, 128}, DType::float32}, .interpret = interpret});
    std::vector<float> want(32 * 128);
    for (int64_t r = 0; r < 32; ++r)
      for (int64_t c = 0; c < 128; ++c)
        want[r * 128 + c] = d[(2 * r) * 128 + c];
    expectElements(f(Array::from_f32(d, {64, 128})).to_f32(), want, 128);
  }
}

TEST(Padded, RulesNameTheLine) {
  Array x = jnp::zeros({8, 200});
  std::string line;
  // (A roll along a padded axis of several tiles: ElementTest's
  // ValueSlice.RollAlongAPaddedAxisOfSeveralTiles; a padded window at a
  // static column inside a tile: WindowsOfSomeColumnsAtAnyStaticColumn.)
  // A kernel refused the same way in both modes, at `line`.
  auto refusedInBothModes = [&](const std::function<void(Ref, Ref)> &body,
                                const ShapeDtypeStruct &out, const Array &in,
                                const std::string &message) {
    for (bool interpret : {false, true}) {
      std::string e = errorOf([&] {
        pl::pallas_call([&](Ref x_ref, Ref o_ref) { body(x_ref, o_ref); },
                        {.out_shape = out, .interpret = interpret})(in);
      });
      EXPECT_NE(e.find(line), std::string::npos) << e;
      EXPECT_NE(e.find(message), std::string::npos) << e;
    }
  };
  // At a run-time column not provably a whole lane tile (WindowsAtARunTimeColumn:
  // at whole ones).
  refusedInBothModes(
      [&](Ref x_ref, Ref o_ref) {
        pl::loop(0, 2)([&](Scalar i) {
          line = here(1);
          Value v = x_ref(pl::ds(0, 8), pl::ds(pl::multiple_of(i * 64, 64), 64));
          o_ref[___] = jnp::zeros_like(x_ref[___]) + jnp::sum(v);
        });
      },
      ShapeDtypeStruct{{8, 200}, DType::float32}, x,
      "the columns of 'in0_blocks[0:8, pl.ds(?, 64)]' start at a run-time offset that is not "
      "provably a multiple of 128");
  // (A repeat along a padded axis concatenates its copies:
  // ElementTest's RepeatAndTileAlongPaddedAxes.)
  // One column of a wider packed Ref at a run-time row not provably a
  // whole packed tile (OneColumnOfAWiderRef: at whole ones; 32-bit ones at
  // any run-time row: OneColumnAtARunTimeRow).
  refusedInBothModes(
      [&](Ref x_ref, Ref o_ref) {
        o_ref[___] = x_ref[___];
        pl::loop(0, 1)([&](Scalar i) {
          line = here(1);
          Value c = x_ref(pl::ds(pl::multiple_of(i * 4, 4), 4), pl::ds(3, 1));
          o_ref(pl::ds(0, 4), pl::ds(0, 1)) = c;
        });
      },
      ShapeDtypeStruct{{16, 200}, DType::bfloat16},
      Array::from_f32(pattern(16 * 200), {16, 200}, DType::bfloat16),
      "is one column of a Ref of 200 columns; it is read out of the tiles around it, so it "
      "must start, at a run-time row of bf16 (rows packed in (16, 128) tiles), at one "
      "provably a multiple of 16 (pl::multiple_of)");
  // (A window of a packed Ref of one column at a static row inside a
  // packed tile: PackedRefsOfOneColumn.) One column at a run-time column
  // (Mosaic's rule: a run-time lane offset is a whole lane tile), rows of
  // a wide packed Ref at a run-time row inside a packed tile.
  refusedInBothModes(
      [&](Ref x_ref, Ref o_ref) {
        pl::loop(0, 1)([&](Scalar i) {
          line = here(1);
          o_ref(pl::all, pl::ds(0, 1)) = x_ref(pl::all, pl::ds(i + 3, 1));
        });
      },
      ShapeDtypeStruct{{8, 200}, DType::float32}, x,
      "the columns of 'in0_blocks[0:8, pl.ds(?, 1)]' start at a run-time offset that is not "
      "provably a multiple of 128");
  refusedInBothModes(
      [&](Ref x_ref, Ref o_ref) {
        o_ref[___] = x_ref[___];
        pl::loop(0, 1)([&](Scalar i) {
          line = here(1);
          o_ref[pl::ds(0, 8)] = x_ref[pl::ds(i * 8 + 8, 8)];
        });
      },
      ShapeDtypeStruct{{32, 200}, DType::bfloat16},
      Array::from_f32(pattern(32 * 200), {32, 200}, DType::bfloat16),
      "start at a run-time offset that is not provably a multiple of 16 (one bf16 tile of 16 "
      "rows); the vector unit loads and stores whole tiles of a packed Ref wider than 128 "
      "lanes at a run-time row: promise the alignment with pl::multiple_of, e.g. "
      "pl::ds(pl::multiple_of(i * 16, 16), 16)");
  // Strides along the lanes (Pallas strides only the other dimensions), and
  // a strided window as a DMA's end (it is loaded or stored).
  refusedInBothModes(
      [&](Ref x_ref, Ref o_ref) {
        line = here(1);
        o_ref(pl::all, pl::ds(0, 100)) = x_ref(pl::all, pl::ds(0, 100, 2));
      },
      ShapeDtypeStruct{{8, 200}, DType::float32}, x,
      "is along the lanes (the last dimension): Pallas strides only the other dimensions");
  refusedInBothModes(
      [&](Ref x_ref, Ref o_ref) {
        o_ref[___] = x_ref[___];
        line = here(1);
        Value v = x_ref.at(pl::ds(0, 4, 2), pl::all).bitcast(DType::int32)[___];
        o_ref[pl::ds(0, 4)] = pltpu::bitcast(v, DType::float32);
      },
      ShapeDtypeStruct{{8, 200}, DType::float32}, x,
      "is a strided window (pl::ds with a stride): it is loaded or stored, not a Ref to bitcast");
}

}  // namespace
}  // namespace tessera
