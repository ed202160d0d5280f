//===- PackedRowsTest.cpp - bf16 / 8- and 16-bit arrays of any row count --===//
//
// Packed dtypes (bf16, int16, uint16: 2 rows a 32-bit word; int8, uint8: 4)
// whose rows are not whole (16, 128) / (32, 128) tiles, as Pallas on v4
// takes them: HBM pads them to T(8,128)(2,1) / (4,1) tiles and VMEM to
// whole packed tiles; a load reads the whole tile, a store writes only the
// array's bytes (vst.bmsk: whole words, then a part of the word of the
// last row), a reduction over the rows leaves out the padding, and a DMA
// moves whole words (the last one with the padding row beside it). Each
// kernel runs compiled and interpreted, exactly against a host reference;
// what still cannot work is an error naming the line.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>
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

struct Case {
  DType dtype;
  int64_t rows, cols;
};

std::string name(const Case &c) { return to_string(ShapeDtypeStruct{{c.rows, c.cols}, c.dtype}); }

/// Elements of `c` as int64 values of its dtype: quarter-integers in
/// [-12, 12] for bf16 (exact), small integers of the dtype's range else.
std::vector<double> values(const Case &c, int salt) {
  std::vector<double> v(c.rows * c.cols);
  if (c.dtype == DType::bfloat16) {
    std::vector<float> p = pattern((int64_t)v.size(), salt);
    std::copy(p.begin(), p.end(), v.begin());
    return v;
  }
  for (size_t i = 0; i < v.size(); ++i) {
    int64_t x = (int64_t)((i * 37 + salt * 11) % 101);
    v[i] = (double)(isUnsigned(c.dtype) ? x : x - 50);
  }
  return v;
}

Array upload(const Case &c, const std::vector<double> &v) {
  Shape shape{c.rows, c.cols};
  if (c.dtype == DType::bfloat16)
    return Array::from_f32(std::vector<float>(v.begin(), v.end()), shape, c.dtype);
  std::vector<int32_t> s(v.begin(), v.end());
  return Array::from_s32(s, shape, c.dtype);
}

std::vector<double> download(const Array &a) {
  if (a.dtype() == DType::bfloat16) {
    std::vector<float> f = a.to_f32();
    return {f.begin(), f.end()};
  }
  std::vector<int32_t> s = a.to_s32();
  return {s.begin(), s.end()};
}

/// `x` as the dtype holds it: rounded to bf16, wrapped to the integer's bits.
double asDtype(DType d, double x) {
  if (d == DType::bfloat16)
    return vmath::roundBf16((float)x);
  uint32_t w = wrapToWord(d, (int64_t)x);
  return isUnsigned(d) ? (double)w : (double)(int32_t)w;
}

/// o = v * 2 + sum(v, 0) + (max(v, 1) - min(v, 0)): a column sum and minimum
/// over the rows (where the padding must not leak in) and a row maximum
/// over the lanes. bf16 rounds after each op (reductions once); integers
/// reduce into int32 (sum) or the dtype (extrema) and wrap at the end.
std::vector<double> reference(const Case &c, const std::vector<double> &v) {
  int64_t R = c.rows, C = c.cols;
  std::vector<double> sum(C, 0), mn(C, INFINITY), mx(R, -INFINITY), out(R * C);
  for (int64_t r = 0; r < R; ++r)
    for (int64_t k = 0; k < C; ++k) {
      double x = v[r * C + k];
      sum[k] += x;
      mn[k] = std::min(mn[k], x);
      mx[r] = std::max(mx[r], x);
    }
  bool bf = c.dtype == DType::bfloat16;
  for (int64_t r = 0; r < R; ++r)
    for (int64_t k = 0; k < C; ++k) {
      double x = v[r * C + k];
      if (bf) {
        double a = asDtype(c.dtype, x * 2 + asDtype(c.dtype, sum[k]));
        out[r * C + k] = asDtype(c.dtype, a + asDtype(c.dtype, mx[r] - mn[k]));
      } else {
        out[r * C + k] = asDtype(c.dtype, x * 2 + sum[k] + (mx[r] - mn[k]));
      }
    }
  return out;
}

Value body(const Value &v) {
  if (v.dtype() == DType::bfloat16)
    return v * 2 + jnp::sum(v, 0, true) + (jnp::max(v, 1, true) - jnp::min(v, 0, true));
  Value wide = v.astype(DType::int32);
  Value extrema = (jnp::max(v, 1, true) - jnp::min(v, 0, true)).astype(DType::int32);
  return (wide * 2 + jnp::sum(v, 0, true).astype(DType::int32) + extrema).astype(v.dtype());
}

const std::vector<Case> kCases = {
    {DType::bfloat16, 8, 128}, {DType::bfloat16, 1, 128},  {DType::bfloat16, 3, 5},
    {DType::int8, 8, 256},     {DType::bfloat16, 300, 129}, {DType::int16, 5, 200},
    {DType::uint8, 12, 130},   {DType::uint16, 7, 128},     {DType::int8, 33, 128},
    {DType::bfloat16, 17, 256}};

/// Whole arrays as pallas_call operands and outputs (their blocks all of
/// the array): loads, elementwise ops, reductions over both axes, stores.
TEST(PackedRows, WholeArrayOperands) {
  for (const Case &c : kCases) {
    std::vector<double> x = values(c, 1), want = reference(c, x);
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(name(c) + (interpret ? ", interpreted" : ", compiled"));
      auto k = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = body(x_ref[___]); },
                               {.out_shape = ShapeDtypeStruct{{c.rows, c.cols}, c.dtype},
                                .interpret = interpret});
      EXPECT_EQ(download(k(upload(c, x))), want);
    }
  }
}


/// The same in a pl::kernel that moves the arrays itself: whole-array DMAs
/// from HBM into VMEM scratch of the array's shape and back (the last word
/// of a row count that ends inside one moves whole, its padding row too),
/// and a DMA of a window of whole words of rows (bf16 rows [0, 8) of 20).
TEST(PackedRows, DmasOfWholeArraysAndWindows) {
  for (const Case &c : std::vector<Case>{{DType::bfloat16, 3, 5},
                                         {DType::int8, 8, 256},
                                         {DType::uint16, 7, 128},
                                         {DType::bfloat16, 1, 128},
                                         {DType::uint8, 37, 200}}) {
    std::vector<double> x = values(c, 2), want = reference(c, x);
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(name(c) + (interpret ? ", interpreted" : ", compiled"));
      auto k = pl::kernel({.out_type = ShapeDtypeStruct{{c.rows, c.cols}, c.dtype},
                           .scratch_types = {pltpu::VMEM({c.rows, c.cols}, c.dtype),
                                             pltpu::SemaphoreType::DMA},
                           .interpret = interpret},
                          [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
                            pltpu::async_copy(x_hbm, buf, sem).wait();
                            buf[___] = body(buf[___]);
                            pltpu::async_copy(buf, o_hbm, sem).wait();
                          });
      EXPECT_EQ(download(k(upload(c, x))), want);
    }
  }
  Case big{DType::bfloat16, 20, 128}, part{DType::bfloat16, 8, 128};
  std::vector<double> x = values(big, 3);
  std::vector<double> head(x.begin(), x.begin() + 8 * 128), want = reference(part, head);
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "window, interpreted" : "window, compiled");
    auto k = pl::kernel({.out_type = ShapeDtypeStruct{{8, 128}, DType::bfloat16},
                         .scratch_types = {pltpu::VMEM({8, 128}, DType::bfloat16),
                                           pltpu::SemaphoreType::DMA},
                         .interpret = interpret},
                        [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
                          pltpu::async_copy(x_hbm.at(pl::ds(0, 8)), buf, sem).wait();
                          buf[___] = body(buf[___]);
                          pltpu::async_copy(buf, o_hbm, sem).wait();
                        });
    EXPECT_EQ(download(k(upload(big, x))), want);
  }
}

/// pallas_call blocks of packed dtypes whose rows are a multiple of 8 but
/// not of the packed tile (Mosaic on v4 takes bf16 blocks of 8 rows: 8
/// rows are whole words of the HBM tiling), partial edge blocks (int16
/// [13, 128] in [8, 128]: the second block holds 5 rows, ending inside a
/// word where the array ends), and blocks of all of an array's rows.
TEST(PackedRows, DmaIntoWholeWordsOfAVmemRefOneLaneTileWide) {
  // A DMA into rows [p, 3p) of a bf16 / int8 VMEM Ref [32, 128] (inside a
  // packed tile: its rows' words are in order in memory, so a DMA moves
  // them as it moves any rows), the rest of the Ref kept. Both modes.
  std::vector<int32_t> v(32 * 128);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = int32_t(i % 200) - 100;
  for (DType dt : {DType::bfloat16, DType::int8})
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(to_string(dt) + (interpret ? " interpreted" : " compiled"));
      int64_t p = packing(dt);
      Array x = dt == DType::bfloat16
                    ? Array::from_f32(std::vector<float>(v.begin(), v.end()), {32, 128}, dt)
                    : Array::from_s32(v, {32, 128}, dt);
      auto k = pl::kernel(
          {.out_type = ShapeDtypeStruct{{32, 128}, dt},
           .scratch_types = {pltpu::VMEM({32, 128}, dt), pltpu::SemaphoreType::DMA},
           .interpret = interpret},
          [p](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
            pltpu::async_copy(x_hbm, buf, sem).wait();
            pltpu::async_copy(x_hbm.at(pl::ds(4 * p, 2 * p)), buf.at(pl::ds(p, 2 * p)), sem)
                .wait();
            pltpu::async_copy(buf, o_hbm, sem).wait();
          });
      std::vector<int32_t> got = testutil::integersOf(k(x));
      for (int64_t r = 0; r < 32; ++r)
        for (int64_t c = 0; c < 128; ++c) {
          int64_t from = r >= p && r < 3 * p ? r + 3 * p : r;
          ASSERT_EQ(got[r * 128 + c], v[from * 128 + c]) << "row " << r << " column " << c;
        }
    }
}

TEST(PackedRows, Blocks) {
  struct BlockCase {
    Case array;
    int64_t bm, bn;
  };
  for (const BlockCase &b : std::vector<BlockCase>{{{DType::bfloat16, 64, 128}, 8, 128},
                                                   {{DType::bfloat16, 20, 256}, 8, 128},
                                                   {{DType::int8, 40, 256}, 8, 256},
                                                   {{DType::uint8, 24, 128}, 16, 128},
                                                   {{DType::int16, 13, 128}, 8, 128},
                                                   {{DType::bfloat16, 12, 300}, 12, 128},
                                                   {{DType::uint16, 48, 256}, 24, 256}}) {
    const Case &c = b.array;
    std::vector<double> x = values(c, 4), want(x.size());
    for (size_t i = 0; i < x.size(); ++i)
      want[i] = asDtype(c.dtype, x[i] * 2 + 1);
    for (bool interpret : {false, true}) {
      SCOPED_TRACE(name(c) + " in blocks of " + std::to_string(b.bm) + "x" +
                   std::to_string(b.bn) + (interpret ? ", interpreted" : ", compiled"));
      auto spec = pl::BlockSpec({b.bm, b.bn}, [](Scalar i, Scalar j) { return std::tuple{i, j}; });
      auto k = pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___] * 2 + 1; },
                               {.out_shape = ShapeDtypeStruct{{c.rows, c.cols}, c.dtype},
                                .grid = {(c.rows + b.bm - 1) / b.bm, (c.cols + b.bn - 1) / b.bn},
                                .in_specs = {spec},
                                .out_specs = {spec},
                                .interpret = interpret});
      EXPECT_EQ(download(k(upload(c, x))), want);
    }
  }
}

/// A bf16 value of 8 rows in a dot, as the LHS and as the weights (K = 8:
/// the weight tile's rows 8-15 are padding, zeroed before the MXU), and
/// a masked store into a Ref of 12 rows.
TEST(PackedRows, DotsAndMaskedStores) {
  Case a{DType::bfloat16, 8, 128}, w{DType::bfloat16, 8, 256}, m{DType::bfloat16, 12, 128};
  std::vector<double> xa = values(a, 5), xw = values(w, 6), xm = values(m, 7);
  std::vector<double> wantDot(8 * 256, 0), wantMasked(12 * 128);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 256; ++j) {
      double s = 0;  // quarter-integers: every product and sum exact in f32
      for (int k = 0; k < 8; ++k)
        s += xa[i * 128 + k] * xw[k * 256 + j];
      wantDot[i * 256 + j] = s;
    }
  for (int i = 0; i < 12 * 128; ++i)
    wantMasked[i] = xm[i] > 0 ? xm[i] * 2 : xm[i];
  for (bool interpret : {false, true}) {
    SCOPED_TRACE(interpret ? "interpreted" : "compiled");
    auto k = pl::pallas_call(
        [](Ref a_ref, Ref w_ref, Ref m_ref, Ref o_ref, Ref om_ref) {
          Value lhs = a_ref(pl::ds(0, 8), pl::ds(0, 8));  // lanes 0-7: K = 8
          o_ref[___] = jnp::dot(lhs, w_ref[___], {.preferred_element_type = DType::float32});
          Value v = m_ref[___];
          om_ref[___] = v;
          pltpu::store(om_ref, v * 2, v > 0);
        },
        {.out_shape = {ShapeDtypeStruct{{8, 256}, DType::float32},
                       ShapeDtypeStruct{{12, 128}, DType::bfloat16}},
         .interpret = interpret});
    std::vector<Array> out = k.call({upload(a, xa), upload(w, xw), upload(m, xm)});
    std::vector<float> got = out[0].to_f32();
    EXPECT_EQ(std::vector<double>(got.begin(), got.end()), wantDot);
    EXPECT_EQ(download(out[1]), wantMasked);
  }
}

/// What still cannot work names the rule at the user's line.
TEST(PackedRows, RulesNameTheLine) {
  Case c{DType::bfloat16, 32, 128};
  Array x = upload(c, values(c, 8));
  std::string line;
  auto run = [&](const std::function<void(Ref, Ref)> &f) {
    return errorOf([&] {
      pl::pallas_call([&](Ref x_ref, Ref o_ref) { f(x_ref, o_ref); },
                      {.out_shape = ShapeDtypeStruct{{32, 128}, DType::bfloat16}})(x);
    });
  };
  // A VMEM window of several rows at a run-time row inside a (16, 128)
  // tile (at a static one it is the tiles around it rotated:
  // Padded.WindowsOfSomeRowsAtAnyStaticRow).
  std::string e = run([&](Ref x_ref, Ref o_ref) {
    pl::loop(0, 2)([&](Scalar i) {
      line = here(1);
      o_ref[___] = x_ref[___] + jnp::sum(x_ref[pl::ds(pl::multiple_of(i * 8, 8), 8)]);
    });
  });
  EXPECT_NE(e.find(line), std::string::npos) << e;
  EXPECT_NE(e.find("not provably a multiple of 16"), std::string::npos) << e;
  // (A roll along rows of several tiles that end in a padded packed tile:
  // ElementTest's ValueSlice.RollAlongAPaddedAxisOfSeveralTiles.)
  // A DMA whose rows end inside a word, short of its Ref's end.
  line = here(6);
  e = errorOf([&] {
    pl::kernel({.out_type = ShapeDtypeStruct{{32, 128}, DType::bfloat16},
                .scratch_types = {pltpu::VMEM({3, 128}, DType::bfloat16),
                                  pltpu::SemaphoreType::DMA}},
               [](Ref x_hbm, Ref o_hbm, Ref buf, Ref sem) {
                 pltpu::async_copy(x_hbm.at(pl::ds(0, 3)), buf, sem).wait();
               })(x);
  });
  EXPECT_NE(e.find(line + ": the window"), std::string::npos) << e;
  EXPECT_NE(e.find("has 3 rows and ends at row 3 of 32"), std::string::npos) << e;
  EXPECT_NE(e.find("a DMA's end at a multiple of 2 rows (one word) or where its Ref ends"),
            std::string::npos)
      << e;
  // A block of 4 rows: the (8, 128) rule, as in Pallas (at the BlockSpec).
  line = here(2);
  e = errorOf([&] {
    auto spec = pl::BlockSpec({4, 128}, [](Scalar i) { return std::tuple{i, 0}; });
    pl::pallas_call([](Ref x_ref, Ref o_ref) { o_ref[___] = x_ref[___]; },
                    {.out_shape = ShapeDtypeStruct{{32, 128}, DType::bfloat16},
                     .grid = {8},
                     .in_specs = {spec},
                     .out_specs = {spec}})(x);
  });
  EXPECT_NE(e.find(line + ": block shape [4, 128] of in_specs[0] [32, 128]"), std::string::npos)
      << e;
  EXPECT_NE(e.find("a positive multiple of 8 (the (8, 128) tiling rule)"), std::string::npos)
      << e;
}

}  // namespace
}  // namespace tessera
