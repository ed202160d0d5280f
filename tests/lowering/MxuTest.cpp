//===- MxuTest.cpp - Weights, matmuls and the matmul body's speed ---------===//
//
// Tile-IR kernels that use the MXUs, run on the simulator and compared with
// vmath::mxuPass bit for bit: bf16 weights (packed arrays DMA'd from HBM in
// the T(8,128)(2,1) layout into (16,128) VMEM tiles), transposed weights,
// int8 weights, more weight blocks live than MXUs (pushed again). The simulator faults on any
// MXU hazard (a push too early, a vmatmul while streaming, a pop before the
// result is ready, a full FIFO), so a run that completes is a hazard-free
// schedule.
//
// TESSERA_DUMP_BODY=FILE / TESSERA_DUMP_KLOOP=FILE write the machine code
// and listing of the benchmarks, to look at the schedule.
//
// The matmul body (acc += x @ y for a 256x256 bf16 block of x and a 256x512
// bf16 block of y, in the order tile legalization emits it: per weight block
// (kb, nb), nb-major, one mxu_weights and 32 mxu_matmuls; the kb passes
// summed in order, then added to the f32 accumulator) is measured alone and
// as the body of a k loop with the pl::when regions (acc = 0 at k == 0,
// o = acc at the last k) as scf.if: cycles per step against the MXU bound
// of 256 vmatmuls / 4 MXUs * 8 cycles = 512.
//
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "LoweringTestUtil.h"
#include "sim/VectorMath.h"

namespace tessera::lowering::testing {
namespace {

std::string str(int64_t v) { return std::to_string(v); }

/// Random values that bf16 holds exactly (small integers / 8).
std::vector<float> bf16Values(int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(-64, 64);
  std::vector<float> v(n);
  for (auto &x : v)
    x = d(rng) / 8.0f;
  return v;
}

/// Floats with full mantissas (the MXU rounds the LHS to bf16 on entry).
std::vector<float> floatValues(int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-2.0f, 2.0f);
  std::vector<float> v(n);
  for (auto &x : v)
    x = d(rng);
  return v;
}

float bf16At(const Array &a, int64_t r, int64_t c) {
  return vmath::fromBf16Bits((uint16_t)a.words[r * a.cols + c]);
}

/// out[m][n] = sum over kb of mxuPass(lhs row m, k block kb), summed in kb
/// order, each pass rounded to f32 (as tile legalization sums them).
/// `weight(k, n)` is the (bf16) weight of row k, column n.
std::vector<float> reference(int64_t M, int64_t K, int64_t N,
                             const std::function<float(int64_t, int64_t)> &lhs,
                             const std::function<float(int64_t, int64_t)> &weight) {
  std::vector<float> out(M * N, 0.0f);
  std::vector<float> w(128 * 128);
  for (int64_t nb = 0; nb < N / 128; ++nb)
    for (int64_t kb = 0; kb < K / 128; ++kb) {
      for (int k = 0; k < 128; ++k)
        for (int n = 0; n < 128; ++n)
          w[k * 128 + n] = weight(kb * 128 + k, nb * 128 + n);
      for (int64_t m = 0; m < M; ++m) {
        float row[128];
        for (int k = 0; k < 128; ++k)
          row[k] = lhs(m, kb * 128 + k);
        auto pass = vmath::mxuPass(row, w.data());
        for (int n = 0; n < 128; ++n) {
          float &o = out[m * N + nb * 128 + n];
          o = kb == 0 ? pass[n] : o + pass[n];
        }
      }
    }
  return out;
}

// --- Tile IR text. ---

/// A view of a tile of `root` (a `rows` x `cols` memref of `elem` in `space`)
/// at (row, col) of size th x 128; `dynRow` an index value added to the row.
std::string tileView(const std::string &name, const std::string &root, int64_t rows,
                     int64_t cols, const std::string &elem, const std::string &space,
                     int64_t row, int64_t col, int64_t th, const std::string &dynRow = "") {
  std::string rootType = "memref<" + str(rows) + "x" + str(cols) + "x" + elem + ", " + space + ">";
  std::string offset = dynRow.empty() ? str(row * cols + col) : "?";
  std::string type = "memref<" + str(th) + "x128x" + elem + ", strided<[" + str(cols) +
                     ", 1], offset: " + offset + ">, " + space + ">";
  std::string rowText = dynRow.empty() ? str(row) : dynRow;
  return name + " = tessera.view " + root + "[" + rowText + ", " + str(col) + "] [" + str(th) +
         ", 128] : " + rootType + " to " + type + "\n";
}

std::string tileType(int64_t th, int64_t cols, const std::string &elem, bool dynamic,
                     int64_t offset) {
  return "memref<" + str(th) + "x128x" + elem + ", strided<[" + str(cols) + ", 1], offset: " +
         (dynamic ? "?" : str(offset)) + ">, #vmem>";
}

/// acc[M x N] (f32, VMEM `acc`, `accCols` wide) += x @ y, with x the bf16
/// VMEM array `x` (xCols wide) from row xRow (+ dynamic `dyn`), y the bf16
/// VMEM array `y` (yCols wide) from row yRow (+ `dyn`); the order of tile
/// legalization. Values are prefixed with `p`.
struct BodyShape {
  int64_t M, K, N;
  std::string x, y, acc;
  int64_t xRows, xCols, yRows, yCols, accRows, accCols;
  std::string dyn;   // an index value added to x's rows (and y's), or ""
  std::string yDyn;  // y's, if not the same
};

std::string matmulBody(const BodyShape &s, const std::string &p) {
  std::string t;
  // With a run-time row: views of the x and y blocks at that row, then
  // tiles at static offsets in them (as tile legalization makes them).
  std::string xSrc = s.x, ySrc = s.y;
  std::string xSrcType = "memref<" + str(s.xRows) + "x" + str(s.xCols) + "xbf16, #vmem>";
  std::string ySrcType = "memref<" + str(s.yRows) + "x" + str(s.yCols) + "xbf16, #vmem>";
  if (!s.dyn.empty()) {
    std::string xb = "memref<" + str(s.M) + "x" + str(s.K) + "xbf16, strided<[" + str(s.xCols) +
                     ", 1], offset: ?>, #vmem>";
    std::string yb = "memref<" + str(s.K) + "x" + str(s.N) + "xbf16, strided<[" + str(s.yCols) +
                     ", 1], offset: ?>, #vmem>";
    t += "%" + p + "xb = tessera.view " + s.x + "[" + s.dyn + ", 0] [" + str(s.M) + ", " +
         str(s.K) + "] : " + xSrcType + " to " + xb + "\n";
    t += "%" + p + "yb = tessera.view " + s.y + "[" + (s.yDyn.empty() ? s.dyn : s.yDyn) +
         ", 0] [" + str(s.K) + ", " +
         str(s.N) + "] : " + ySrcType + " to " + yb + "\n";
    xSrc = "%" + p + "xb";
    ySrc = "%" + p + "yb";
    xSrcType = xb;
    ySrcType = yb;
  }
  bool dyn = !s.dyn.empty();
  auto view = [&](const std::string &name, const std::string &src, const std::string &srcType,
                  int64_t cols, int64_t row, int64_t col, const std::string &type) {
    t += name + " = tessera.view " + src + "[" + str(row) + ", " + str(col) + "] [16, 128] : " +
         srcType + " to " + type + "\n";
  };
  auto xv = [&](int64_t i, int64_t j) {  // the bf16 tile (16 rows) i, col tile j of x
    std::string v = "%" + p + "xt" + str(i) + "_" + str(j);
    std::string type = tileType(16, s.xCols, "bf16", dyn, 16 * i * s.xCols + 128 * j);
    view(v + "r", xSrc, xSrcType, s.xCols, 16 * i, 128 * j, type);
    t += v + " = tessera.load " + v + "r : " + type + " -> vector<16x128xbf16>\n";
    return v;
  };
  // LHS: unpacked x tiles, lhs[m][kb] (m in 8-row tiles).
  std::vector<std::vector<std::string>> lhs(s.M / 8, std::vector<std::string>(s.K / 128));
  for (int64_t i = 0; i < s.M / 16; ++i)
    for (int64_t kb = 0; kb < s.K / 128; ++kb) {
      std::string packed = xv(i, kb);
      for (int part = 0; part < 2; ++part) {
        std::string v = "%" + p + "l" + str(2 * i + part) + "_" + str(kb);
        t += v + " = tessera.unpack " + packed + " {part = " + str(part) +
             " : i64} : vector<16x128xbf16> -> vector<8x128xf32>\n";
        lhs[2 * i + part][kb] = v;
      }
    }
  // Weights and matmuls, nb-major.
  std::vector<std::vector<std::string>> sum(s.M / 8, std::vector<std::string>(s.N / 128));
  for (int64_t nb = 0; nb < s.N / 128; ++nb)
    for (int64_t kb = 0; kb < s.K / 128; ++kb) {
      std::vector<std::string> tiles;
      for (int64_t i = 0; i < 8; ++i) {
        std::string v = "%" + p + "y" + str(kb) + "_" + str(nb) + "_" + str(i);
        int64_t row = kb * 128 + 16 * i;
        std::string type = tileType(16, s.yCols, "bf16", dyn, row * s.yCols + 128 * nb);
        view(v + "r", ySrc, ySrcType, s.yCols, row, 128 * nb, type);
        t += v + " = tessera.load " + v + "r : " + type + " -> vector<16x128xbf16>\n";
        tiles.push_back(v);
      }
      std::string wname = "%" + p + "w" + str(kb) + "_" + str(nb);
      t += wname + " = tessera.mxu_weights ";
      for (int i = 0; i < 8; ++i)
        t += tiles[i] + (i < 7 ? ", " : "");
      t += " {transposed = false} : ";
      for (int i = 0; i < 8; ++i)
        t += std::string("vector<16x128xbf16>") + (i < 7 ? ", " : "\n");
      for (int64_t m = 0; m < s.M / 8; ++m) {
        std::string r = "%" + p + "r" + str(m) + "_" + str(kb) + "_" + str(nb);
        t += r + " = tessera.mxu_matmul " + wname + ", " + lhs[m][kb] +
             " : vector<8x128xf32> -> vector<8x128xf32>\n";
        if (kb == 0) {
          sum[m][nb] = r;
        } else {
          std::string a = "%" + p + "s" + str(m) + "_" + str(kb) + "_" + str(nb);
          t += a + " = arith.addf " + sum[m][nb] + ", " + r + " : vector<8x128xf32>\n";
          sum[m][nb] = a;
        }
      }
    }
  // acc += sum, tile by tile.
  for (int64_t m = 0; m < s.M / 8; ++m)
    for (int64_t nb = 0; nb < s.N / 128; ++nb) {
      std::string v = "%" + p + "a" + str(m) + "_" + str(nb);
      t += tileView(v + "r", s.acc, s.accRows, s.accCols, "f32", "#vmem", 8 * m, 128 * nb, 8);
      std::string type = tileType(8, s.accCols, "f32", false, 8 * m * s.accCols + 128 * nb);
      t += v + " = tessera.load " + v + "r : " + type + " -> vector<8x128xf32>\n";
      t += v + "n = arith.addf " + v + ", " + sum[m][nb] + " : vector<8x128xf32>\n";
      t += "tessera.store " + v + "n, " + v + "r : vector<8x128xf32>, " + type + "\n";
    }
  return t;
}

std::string kernelHeader(const std::string &name, const std::vector<std::string> &args,
                         int inputs, int outputs, int scalars) {
  std::string t = "module {\n  func.func @" + name + "(";
  for (size_t i = 0; i < args.size(); ++i)
    t += args[i] + (i + 1 < args.size() ? ", " : "");
  t += ") attributes {tessera.kernel, tessera.num_inputs = " + str(inputs) +
       " : i64, tessera.num_outputs = " + str(outputs) +
       " : i64, tessera.num_scalar_inputs = " + str(scalars) + " : i64} {\n";
  return t;
}

std::string copy(const std::string &src, const std::string &dst, const std::string &srcType,
                 const std::string &dstType) {
  std::string types = " : " + srcType + ", " + dstType + ", !sem\n";
  return "tessera.dma_start " + src + ", " + dst + ", %sem" + types + "tessera.dma_wait " + src +
         ", " + dst + ", %sem" + types;
}

// --- Small matmuls: bf16, transposed, int8. ---

TEST(Mxu, Bf16MatmulFromPackedHbmArraysIsBitExact) {
  // x: bf16 [16 x 256], y: bf16 [256 x 256]: two weight blocks along K,
  // two along N (4 mxu_weights: every MXU once).
  BodyShape s{16, 256, 256, "%xv", "%yv", "%accv", 16, 256, 256, 256, 16, 256, "", ""};
  std::string xa = "memref<16x256xbf16, #any>", xv = "memref<16x256xbf16, #vmem>";
  std::string ya = "memref<256x256xbf16, #any>", yv = "memref<256x256xbf16, #vmem>";
  std::string oa = "memref<16x256xf32, #any>", ov = "memref<16x256xf32, #vmem>";
  std::string text = kernelHeader("mm", {"%x: " + xa, "%y: " + ya, "%o: " + oa, "%xv: " + xv,
                                         "%yv: " + yv, "%accv: " + ov, "%sem: !sem"},
                                  2, 1, 0);
  text += copy("%x", "%xv", xa, xv) + copy("%y", "%yv", ya, yv) + copy("%o", "%accv", oa, ov);
  text += matmulBody(s, "");
  text += copy("%accv", "%o", ov, oa) + "return\n}\n}\n";
  auto compiled = compile(kernel(text), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_EQ(countBundles(compiled->executable, "vmatlatch"), 4);
  Array x = Array::bf16(16, 256, floatValues(16 * 256, 1));
  Array y = Array::bf16(256, 256, bf16Values(256 * 256, 2));
  Array o = Array::f32(16, 256, floatValues(16 * 256, 3));
  auto out = run(compiled->executable, {x, y, o});
  ASSERT_TRUE(out.ok()) << out.status();
  auto want = reference(16, 256, 256, [&](int64_t m, int64_t k) { return bf16At(x, m, k); },
                        [&](int64_t k, int64_t n) { return bf16At(y, k, n); });
  for (int64_t m = 0; m < 16; ++m)
    for (int64_t n = 0; n < 256; ++n)
      ASSERT_EQ(out->hbm[2].f(m, n), o.f(m, n) + want[m * 256 + n]) << m << ", " << n;
  // The four weight blocks went to four different MXUs.
  for (int m = 0; m < 4; ++m)
    EXPECT_EQ(countBundles(compiled->executable, "vmatlatch mxu" + str(m)), 1) << out->listing;
}

/// One weight block, its tiles `tiles` (8 bf16 or 4 int8), `transposed`;
/// LHS tiles `lhs`; result tiles stored in order.
constexpr std::string_view kSmallMxu = R"(
module {
  func.func @small(%x: !xa, %y: !ya, %o: !oa, %xv: !xv, %yv: !yv, %ov: !ov, %sem: !sem)
      attributes {tessera.kernel, tessera.num_inputs = 2 : i64, tessera.num_outputs = 1 : i64,
                  tessera.num_scalar_inputs = 0 : i64} {
    tessera.dma_start %x, %xv, %sem : !xa, !xv, !sem
    tessera.dma_wait %x, %xv, %sem : !xa, !xv, !sem
    tessera.dma_start %y, %yv, %sem : !ya, !yv, !sem
    tessera.dma_wait %y, %yv, %sem : !ya, !yv, !sem
BODY
    tessera.dma_start %ov, %o, %sem : !ov, !oa, !sem
    tessera.dma_wait %ov, %o, %sem : !ov, !oa, !sem
    return
  }
}
)";

TEST(Mxu, TransposedWeightsGiveXTimesYTransposed) {
  // x: f32 [8 x 128] (rounded to bf16 by the MXU), y: bf16 [128 x 128]
  // read as N x K: weights tile i = rows 16i.. of y = weight columns.
  std::string body = "%l = tessera.load %xv : !xv -> vector<8x128xf32>\n";
  std::string tiles;
  for (int i = 0; i < 8; ++i) {
    body += tileView("%t" + str(i) + "r", "%yv", 128, 128, "bf16", "#vmem", 16 * i, 0, 16);
    body += "%t" + str(i) + " = tessera.load %t" + str(i) + "r : " +
            tileType(16, 128, "bf16", false, 16 * i * 128) + " -> vector<16x128xbf16>\n";
    tiles += "%t" + str(i) + (i < 7 ? ", " : "");
  }
  body += "%w = tessera.mxu_weights " + tiles + " {transposed = true} : " +
          substitute("T, T, T, T, T, T, T, T", {{"T", "vector<16x128xbf16>"}}) + "\n";
  body += "%r = tessera.mxu_matmul %w, %l : vector<8x128xf32> -> vector<8x128xf32>\n";
  body += "tessera.store %r, %ov : vector<8x128xf32>, !ov\n";
  std::string text = kernel(substitute(
      substitute(kSmallMxu, {{"BODY", body}}),
      {{"!xa", "memref<8x128xf32, #any>"}, {"!xv", "memref<8x128xf32, #vmem>"},
       {"!ya", "memref<128x128xbf16, #any>"}, {"!yv", "memref<128x128xbf16, #vmem>"},
       {"!oa", "memref<8x128xf32, #any>"}, {"!ov", "memref<8x128xf32, #vmem>"}}));
  auto compiled = compile(text, Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_EQ(countBundles(compiled->executable, "vmatpush.bf16.t"), 8);
  Array x = Array::f32(8, 128, floatValues(8 * 128, 4));
  Array y = Array::bf16(128, 128, bf16Values(128 * 128, 5));
  auto out = run(compiled->executable, {x, y, Array::zeros(8, 128)});
  ASSERT_TRUE(out.ok()) << out.status();
  auto want = reference(8, 128, 128, [&](int64_t m, int64_t k) { return x.f(m, k); },
                        [&](int64_t k, int64_t n) { return bf16At(y, n, k); });
  for (int64_t m = 0; m < 8; ++m)
    for (int64_t n = 0; n < 128; ++n)
      ASSERT_EQ(out->hbm[2].f(m, n), want[m * 128 + n]) << m << ", " << n;
}

TEST(Mxu, Int8MatmulIsExact) {
  // x: int8 [32 x 128] -> 4 LHS tiles (vunpack.s8), y: int8 [128 x 128] ->
  // 4 pushes; i32 [32 x 128] out.
  std::string body = "%xp = tessera.load %xv : !xv -> vector<32x128xi8>\n";
  std::string tiles;
  for (int i = 0; i < 4; ++i) {
    body += tileView("%t" + str(i) + "r", "%yv", 128, 128, "i8", "#vmem", 32 * i, 0, 32);
    body += "%t" + str(i) + " = tessera.load %t" + str(i) + "r : " +
            tileType(32, 128, "i8", false, 32 * i * 128) + " -> vector<32x128xi8>\n";
    tiles += "%t" + str(i) + (i < 3 ? ", " : "");
  }
  body += "%w = tessera.mxu_weights " + tiles + " {transposed = false} : " +
          substitute("T, T, T, T", {{"T", "vector<32x128xi8>"}}) + "\n";
  for (int part = 0; part < 4; ++part) {
    std::string p = str(part);
    body += "%l" + p + " = tessera.unpack %xp {part = " + p +
            " : i64} : vector<32x128xi8> -> vector<8x128xi32>\n";
    body += "%r" + p + " = tessera.mxu_matmul %w, %l" + p +
            " : vector<8x128xi32> -> vector<8x128xi32>\n";
    body += tileView("%o" + p, "%ov", 32, 128, "i32", "#vmem", 8 * part, 0, 8);
    body += "tessera.store %r" + p + ", %o" + p + " : vector<8x128xi32>, " +
            tileType(8, 128, "i32", false, 8 * part * 128) + "\n";
  }
  std::string text = kernel(substitute(
      substitute(kSmallMxu, {{"BODY", body}}),
      {{"!xa", "memref<32x128xi8, #any>"}, {"!xv", "memref<32x128xi8, #vmem>"},
       {"!ya", "memref<128x128xi8, #any>"}, {"!yv", "memref<128x128xi8, #vmem>"},
       {"!oa", "memref<32x128xi32, #any>"}, {"!ov", "memref<32x128xi32, #vmem>"}}));
  auto compiled = compile(text, Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_EQ(countBundles(compiled->executable, "vmatpush.s8"), 4);
  std::mt19937 rng(6);
  std::uniform_int_distribution<int> d(-128, 127);
  std::vector<int32_t> xs(32 * 128), ys(128 * 128);
  for (auto &v : xs)
    v = d(rng);
  for (auto &v : ys)
    v = d(rng);
  Array x = Array::s8(32, 128, xs), y = Array::s8(128, 128, ys);
  auto out = run(compiled->executable, {x, y, Array::zeros(32, 128)});
  ASSERT_TRUE(out.ok()) << out.status();
  for (int64_t m = 0; m < 32; ++m)
    for (int64_t n = 0; n < 128; ++n) {
      int32_t want = 0;
      for (int k = 0; k < 128; ++k)
        want += xs[m * 128 + k] * ys[k * 128 + n];
      ASSERT_EQ(out->hbm[2].i(m, n), want) << m << ", " << n;
    }
}

TEST(Mxu, MoreWeightBlocksThanMxusArePushedAgain) {
  // Five weight blocks made before any matmul reads them: the fifth takes
  // the MXU whose weights are read last, and those are pushed again there.
  std::string body = "%l = tessera.load %xv : !xv -> vector<8x128xf32>\n";
  for (int nb = 0; nb < 5; ++nb) {
    std::string tiles;
    for (int i = 0; i < 8; ++i) {
      std::string t = "%t" + str(nb) + "_" + str(i);
      body += tileView(t + "r", "%yv", 128, 640, "bf16", "#vmem", 16 * i, 128 * nb, 16);
      body += t + " = tessera.load " + t + "r : " +
              tileType(16, 640, "bf16", false, 16 * i * 640 + 128 * nb) +
              " -> vector<16x128xbf16>\n";
      tiles += t + (i < 7 ? ", " : "");
    }
    body += "%w" + str(nb) + " = tessera.mxu_weights " + tiles + " {transposed = false} : " +
            substitute("T, T, T, T, T, T, T, T", {{"T", "vector<16x128xbf16>"}}) + "\n";
  }
  for (int nb = 0; nb < 5; ++nb) {
    std::string r = "%r" + str(nb), o = "%o" + str(nb);
    body += r + " = tessera.mxu_matmul %w" + str(nb) +
            ", %l : vector<8x128xf32> -> vector<8x128xf32>\n";
    std::string type = "memref<8x128xf32, strided<[640, 1], offset: " + str(128 * nb) + ">, #vmem>";
    body += o + " = tessera.view %ov[0, " + str(128 * nb) + "] [8, 128] : !ov to " + type + "\n";
    body += "tessera.store " + r + ", " + o + " : vector<8x128xf32>, " + type + "\n";
  }
  std::string text = kernel(substitute(
      substitute(kSmallMxu, {{"BODY", body}}),
      {{"!xa", "memref<8x128xf32, #any>"}, {"!xv", "memref<8x128xf32, #vmem>"},
       {"!ya", "memref<128x640xbf16, #any>"}, {"!yv", "memref<128x640xbf16, #vmem>"},
       {"!oa", "memref<8x640xf32, #any>"}, {"!ov", "memref<8x640xf32, #vmem>"}}));
  auto compiled = compile(text, Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_EQ(countBundles(compiled->executable, "vmatlatch"), 6);
  Array x = Array::f32(8, 128, floatValues(8 * 128, 12));
  Array y = Array::bf16(128, 640, bf16Values(128 * 640, 13));
  auto out = run(compiled->executable, {x, y, Array::zeros(8, 640)});
  ASSERT_TRUE(out.ok()) << out.status();
  auto want = reference(8, 128, 640, [&](int64_t m, int64_t k) { return x.f(m, k); },
                        [&](int64_t k, int64_t n) { return bf16At(y, k, n); });
  for (int64_t m = 0; m < 8; ++m)
    for (int64_t n = 0; n < 640; ++n)
      ASSERT_EQ(out->hbm[2].f(m, n), want[m * 640 + n]) << m << ", " << n;
}

// --- The matmul body: 256x256 @ 256x512, alone and as a k loop. ---

/// x blocks stacked by k: rows [256k, 256k + 256) hold x[:, 256k : 256k+256].
constexpr int64_t kBm = 256, kBk = 256, kBn = 512;

TEST(Mxu, MatmulBodyStreamsAllFourMxus) {
  BodyShape s{kBm, kBk, kBn, "%xv", "%yv", "%accv", kBm, kBk, kBk, kBn, kBm, kBn, "", ""};
  std::string xa = "memref<256x256xbf16, #any>", xv = "memref<256x256xbf16, #vmem>";
  std::string ya = "memref<256x512xbf16, #any>", yv = "memref<256x512xbf16, #vmem>";
  std::string oa = "memref<256x512xf32, #any>", ov = "memref<256x512xf32, #vmem>";
  std::string text = kernelHeader("body", {"%x: " + xa, "%y: " + ya, "%o: " + oa, "%xv: " + xv,
                                           "%yv: " + yv, "%accv: " + ov, "%sem: !sem"},
                                  2, 1, 0);
  text += copy("%x", "%xv", xa, xv) + copy("%y", "%yv", ya, yv) + copy("%o", "%accv", oa, ov);
  text += matmulBody(s, "") + copy("%accv", "%o", ov, oa) + "return\n}\n}\n";
  auto compiled = compile(kernel(text), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  if (const char *dump = std::getenv("TESSERA_DUMP_BODY")) {
    FILE *f = std::fopen(dump, "w");
    std::fputs(compiled->stages.back().second.c_str(), f);
    std::fputs(sim::printListing(compiled->executable).c_str(), f);
    std::fclose(f);
  }
  Array x = Array::bf16(kBm, kBk, floatValues(kBm * kBk, 7));
  Array y = Array::bf16(kBk, kBn, bf16Values(kBk * kBn, 8));
  Array o = Array::f32(kBm, kBn, floatValues(kBm * kBn, 9));
  auto out = run(compiled->executable, {x, y, o});
  ASSERT_TRUE(out.ok()) << out.status();
  auto want = reference(kBm, kBk, kBn, [&](int64_t m, int64_t k) { return bf16At(x, m, k); },
                        [&](int64_t k, int64_t n) { return bf16At(y, k, n); });
  for (int64_t m = 0; m < kBm; ++m)
    for (int64_t n = 0; n < kBn; ++n)
      ASSERT_EQ(out->hbm[2].f(m, n), o.f(m, n) + want[m * kBn + n]) << m << ", " << n;
  // From the first vmatmul to the last: 256 of them, 64 per MXU.
  std::vector<int> at;
  std::istringstream lines(out->listing);
  for (std::string line; std::getline(lines, line);) {
    line = line.substr(0, line.find("//"));  // the comment names ops too
    for (size_t k = line.find("vmatmul"); k != std::string::npos; k = line.find("vmatmul", k + 1))
      at.push_back(std::stoi(line.substr(line.find("0x") + 2, 4), nullptr, 16));
  }
  ASSERT_EQ(at.size(), 256u);
  int span = at.back() - at.front() + machine::kMxuStreamCycles;
  constexpr int kBound = kBm / 8 * (kBk / 128) * (kBn / 128) / machine::kNumMxus *
                         machine::kMxuStreamCycles;  // 512
  std::printf("[figure] matmul body 256x256 @ 256x512 (bf16): 256 vmatmuls in %d cycles "
              "(bound %d, %.1f%%); vreg spills %d, max live vregs %d\n",
              span, kBound, 100.0 * kBound / span, compiled->regalloc.spilledV,
              compiled->regalloc.maxLive[(int)RegClass::V]);
  RecordProperty("matmul_span_cycles", std::to_string(span));
  EXPECT_EQ(compiled->regalloc.spilledV, 0);
  EXPECT_LE(span, kBound * 105 / 100);
}

/// The k loop: n steps (from SMEM), x and y blocks of step k at rows 256k of
/// the stacked VMEM arrays, acc = 0 at k == 0 and o = acc at k == n - 1 as
/// scf.if (the pl::when bodies).
std::string kLoopKernel(int64_t bk, bool background = false) {
  std::string xs = "memref<1024x" + str(bk) + "xbf16, ";
  std::string ys = "memref<" + str(4 * bk) + "x512xbf16, ";
  std::string xa = xs + "#any>", xv = xs + "#vmem>";
  std::string ya = ys + "#any>", yv = ys + "#vmem>";
  std::string oa = "memref<256x512xf32, #any>", ov = "memref<256x512xf32, #vmem>";
  // With `background`, every step ends by fetching its y block again into
  // yv (the same values: 8 strided DMAs, each with two address registers,
  // at run-time rows), as a pipeline fetches the next block into a buffer
  // the step reads: memory order keeps the DMAs behind the step's loads of
  // yv, and waits for them before the next step.
  std::string yw = "memref<" + str(bk) + "x512xbf16, strided<[512, 1], offset: ?>, ";
  std::vector<std::string> args = {"%n_smem: memref<1xi32, #smem>", "%x: " + xa, "%y: " + ya};
  for (std::string a : {"%o: " + oa, "%xv: " + xv, "%yv: " + yv, "%accv: " + ov, "%ov: " + ov,
                        std::string("%sem: !sem")})
    args.push_back(a);
  if (background)
    args.push_back("%sem2: !sem");
  std::string t = kernelHeader("kloop", args, 3, 1, 1);
  t += copy("%x", "%xv", xa, xv) + copy("%y", "%yv", ya, yv);
  t += "%c0 = arith.constant 0 : index\n%c0_i32 = arith.constant 0 : i32\n"
       "%c1_i32 = arith.constant 1 : i32\n%c256_i32 = arith.constant 256 : i32\n"
       "%cbk_i32 = arith.constant " + str(bk) + " : i32\n"
       "%zero = arith.constant dense<0.0> : vector<8x128xf32>\n";
  t += "%n = tessera.load_scalar %n_smem[%c0] : memref<1xi32, #smem> -> i32\n";
  t += "%last = arith.subi %n, %c1_i32 : i32\n";
  t += "scf.for %k = %c0_i32 to %n step %c1_i32 : i32 {\n";
  t += "%first = arith.cmpi eq, %k, %c0_i32 : i32\n";
  t += "scf.if %first {\n";
  for (int64_t m = 0; m < kBm / 8; ++m)
    for (int64_t nb = 0; nb < kBn / 128; ++nb) {
      std::string v = "%z" + str(m) + "_" + str(nb);
      t += tileView(v, "%accv", kBm, kBn, "f32", "#vmem", 8 * m, 128 * nb, 8);
      t += "tessera.store %zero, " + v + " : vector<8x128xf32>, " +
           tileType(8, kBn, "f32", false, 8 * m * kBn + 128 * nb) + "\n";
    }
  t += "}\n";
  // x_k at rows 256k of the stacked x, y_k at rows bk * k of y.
  t += "%rk = arith.muli %k, %c256_i32 : i32\n%rki = arith.index_cast %rk : i32 to index\n";
  t += "%yk = arith.muli %k, %cbk_i32 : i32\n%yki = arith.index_cast %yk : i32 to index\n";
  BodyShape s{kBm, bk, kBn, "%xv", "%yv", "%accv", 1024, bk, 4 * bk, kBn, kBm, kBn, "%rki", ""};
  s.yDyn = "%yki";
  t += matmulBody(s, "");
  if (background) {
    std::string types = " : " + yw + "#any>, " + yw + "#vmem>, !sem\n";
    t += "%ysrc = tessera.view %y[%yki, 0] [" + str(bk) + ", 512] : " + ya + " to " + yw +
         "#any>\n%ydst = tessera.view %yv[%yki, 0] [" + str(bk) + ", 512] : " + yv + " to " +
         yw + "#vmem>\ntessera.dma_start %ysrc, %ydst, %sem2" + types +
         "tessera.dma_wait %ysrc, %ydst, %sem2" + types;
  }
  t += "%islast = arith.cmpi eq, %k, %last : i32\n";
  t += "scf.if %islast {\n";
  for (int64_t m = 0; m < kBm / 8; ++m)
    for (int64_t nb = 0; nb < kBn / 128; ++nb) {
      std::string v = "%c" + str(m) + "_" + str(nb);
      std::string type = tileType(8, kBn, "f32", false, 8 * m * kBn + 128 * nb);
      t += tileView(v + "a", "%accv", kBm, kBn, "f32", "#vmem", 8 * m, 128 * nb, 8);
      t += tileView(v + "o", "%ov", kBm, kBn, "f32", "#vmem", 8 * m, 128 * nb, 8);
      t += v + " = tessera.load " + v + "a : " + type + " -> vector<8x128xf32>\n";
      t += "tessera.store " + v + ", " + v + "o : vector<8x128xf32>, " + type + "\n";
    }
  t += "}\n}\n";
  t += copy("%ov", "%o", ov, oa) + "return\n}\n}\n";
  return kernel(t);
}

/// The k loop's output after n steps: o = sum over k < n of x_k @ y_k.
void expectKLoopResult(const Array &o, const Array &x, const Array &y, int64_t bk, int n) {
  std::vector<float> want(kBm * kBn, 0.0f);
  for (int k = 0; k < n; ++k) {
    auto p = reference(
        kBm, bk, kBn, [&](int64_t m, int64_t kk) { return bf16At(x, 256 * k + m, kk); },
        [&](int64_t kk, int64_t c) { return bf16At(y, bk * k + kk, c); });
    for (size_t i = 0; i < want.size(); ++i)
      want[i] += p[i];
  }
  for (int64_t m = 0; m < kBm; ++m)
    for (int64_t c = 0; c < kBn; ++c)
      ASSERT_EQ(o.f(m, c), want[m * kBn + c])
          << "bk = " << bk << ", n = " << n << " at " << m << ", " << c;
}

TEST(Mxu, MatmulKLoopStepCostsLittleMoreThanTheMxuBound) {
  for (int64_t bk : {256, 512}) {
    auto compiled = compile(kLoopKernel(bk), Stages::Machine);
    ASSERT_TRUE(compiled.ok()) << compiled.status();
    if (const char *dump = std::getenv("TESSERA_DUMP_KLOOP")) {
      FILE *f = std::fopen(dump, "w");
      std::fputs(compiled->stages.back().second.c_str(), f);
      std::fputs(sim::printListing(compiled->executable).c_str(), f);
      std::fclose(f);
    }
    Array x = Array::bf16(1024, bk, floatValues(1024 * bk, 10));
    Array y = Array::bf16(4 * bk, kBn, bf16Values(4 * bk * kBn, 11));
    std::vector<int64_t> cycles;
    for (int n : {1, 2, 4}) {
      auto out = run(compiled->executable, {x, y, Array::zeros(kBm, kBn)}, {n});
      ASSERT_TRUE(out.ok()) << out.status();
      cycles.push_back(out->result.cycles - out->result.stallCycles);
      expectKLoopResult(out->hbm[2], x, y, bk, n);
    }
    double perStep = (cycles[2] - cycles[1]) / 2.0;
    double bound = kBm / 8 * (bk / 128) * (kBn / 128) / machine::kNumMxus *
                   machine::kMxuStreamCycles;
    std::printf("[figure] matmul k loop (bm %lld, bk %lld, bn %lld, bf16): %.1f cycles per "
                "step (MXU bound %.0f: %.1f%% of peak); n = 1: %lld cycles; vreg spills %d\n",
                (long long)kBm, (long long)bk, (long long)kBn, perStep, bound,
                100.0 * bound / perStep, (long long)cycles[0], compiled->regalloc.spilledV);
    RecordProperty("cycles_per_step_bk" + str(bk), std::to_string(perStep));
    EXPECT_EQ(compiled->regalloc.spilledV, 0);
    // At least 85% of the MXU peak in the steady state.
    EXPECT_GE(bound / perStep, 0.85) << "bk = " << bk;
  }
}

TEST(Mxu, TheAddressesOfADmaBehindTheMxuWorkAreComputedAtTheDma) {
  // The addresses of the DMAs into yv are computed next to their DMAs, not
  // at the start of the step (where the schedule on virtual registers would
  // put them, free scalar slots and all, to wait in registers and spills
  // for DMAs that memory order keeps behind the weight loads of yv).
  constexpr int64_t bk = 256;
  auto compiled = compile(kLoopKernel(bk, true), Stages::Machine);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  // 9 scalars live at most (22 with the addresses computed up front).
  EXPECT_LE(compiled->regalloc.maxLive[(int)RegClass::S], 12);
  EXPECT_EQ(compiled->regalloc.spilledS, 0) << sim::printListing(compiled->executable);
  EXPECT_EQ(compiled->regalloc.spilledV, 0);
  // So are their bounds checks (compares, halts): no predicate waits for
  // its DMA in a register.
  EXPECT_EQ(compiled->regalloc.spilledP, 0);
  EXPECT_LE(compiled->regalloc.maxLive[(int)RegClass::P], 4);
  EXPECT_GE(countBundles(compiled->executable, "dma.hbm_to_vmem"), 8);
  Array x = Array::bf16(1024, bk, floatValues(1024 * bk, 10));
  Array y = Array::bf16(4 * bk, kBn, bf16Values(4 * bk * kBn, 11));
  auto out = run(compiled->executable, {x, y, Array::zeros(kBm, kBn)}, {2});
  ASSERT_TRUE(out.ok()) << out.status();
  expectKLoopResult(out->hbm[2], x, y, bk, 2);
}

}  // namespace
}  // namespace tessera::lowering::testing
