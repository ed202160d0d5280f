//===- LayoutTest.cpp - Tiled and packed layouts, and retiling DMA runs ---===//
//
// Addresses of the tiled layouts (f32 T(8,128), bf16 T(8,128)(2,1) in
// HBM and (16,128) in VMEM, int8 T(8,128)(4,1) and (32,128)), the packing of
// host elements, and copyRuns as a property: applying the runs to a memory
// image moves exactly the window's elements, for random shapes, windows and
// both directions between HBM (tileRows 8) and VMEM (tileRows 8p) tilings;
// stridedRuns as the property that it copies the same row pairs.
//
//===----------------------------------------------------------------------===//
#include "sim/Layout.h"

#include <random>
#include <set>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace tessera::layout {
namespace {

constexpr int64_t kLanes = 128;

TEST(Layout, F32TilesAreEightRows) {
  TiledShape s{16, 256};  // the defaults: packing 1, tileRows 8
  EXPECT_EQ(s.packing, 1);
  EXPECT_EQ(s.tileRows, 8);
  EXPECT_EQ(s.colTiles(), 2);
  EXPECT_EQ(s.memRowsPerTile(), 8);
  EXPECT_EQ(s.memRows(), 32);
  EXPECT_EQ(s.rowAddress(0, 0), 0);
  EXPECT_EQ(s.rowAddress(7, 0), 7);
  EXPECT_EQ(s.rowAddress(0, 128), 8);
  EXPECT_EQ(s.rowAddress(8, 0), 16);
  EXPECT_EQ(s.rowAddress(9, 200), 25);
  EXPECT_EQ(s.subElement(5), 0);
  EXPECT_EQ(s.elementBits(), 32);
}

TEST(Layout, Bf16InHbmPacksRowPairsIntoFourRowTiles) {
  TiledShape s{16, 256, 2, 8};  // {1,0:T(8,128)(2,1)}
  EXPECT_EQ(s.memRowsPerTile(), 4);
  EXPECT_EQ(s.memRows(), 16);
  EXPECT_EQ(s.rowAddress(0, 0), 0);
  EXPECT_EQ(s.rowAddress(1, 0), 0);  // rows 0 and 1 share memory row 0
  EXPECT_EQ(s.subElement(0), 0);
  EXPECT_EQ(s.subElement(1), 1);
  EXPECT_EQ(s.rowAddress(2, 0), 1);
  EXPECT_EQ(s.rowAddress(7, 0), 3);
  EXPECT_EQ(s.rowAddress(0, 128), 4);   // the next tile along the row
  EXPECT_EQ(s.rowAddress(8, 0), 8);     // the next tile row
  EXPECT_EQ(s.rowAddress(15, 255), 15);
  EXPECT_EQ(s.elementBits(), 16);
  EXPECT_TRUE(isTileAligned(s));
}

TEST(Layout, Bf16InVmemIsOneVregPerSixteenRows) {
  TiledShape s{32, 256, 2, 16};
  EXPECT_EQ(s.memRowsPerTile(), 8);
  EXPECT_EQ(s.memRows(), 32);
  EXPECT_EQ(s.rowAddress(15, 0), 7);
  EXPECT_EQ(s.rowAddress(8, 0), 4);
  EXPECT_EQ(s.rowAddress(0, 128), 8);
  EXPECT_EQ(s.rowAddress(16, 0), 16);
  EXPECT_FALSE(isTileAligned(TiledShape{8, 128, 2, 16}));  // half a tile
}

TEST(Layout, Int8PacksFourRows) {
  TiledShape hbm{32, 128, 4, 8};  // {1,0:T(8,128)(4,1)}: 2 rows per tile
  EXPECT_EQ(hbm.memRowsPerTile(), 2);
  EXPECT_EQ(hbm.memRows(), 8);
  EXPECT_EQ(hbm.rowAddress(3, 0), 0);
  EXPECT_EQ(hbm.rowAddress(4, 0), 1);
  EXPECT_EQ(hbm.rowAddress(8, 0), 2);
  EXPECT_EQ(hbm.subElement(7), 3);
  EXPECT_EQ(hbm.elementBits(), 8);
  TiledShape vmem{32, 128, 4, 32};  // one (32,128) tile = one vreg
  EXPECT_EQ(vmem.memRows(), 8);
  EXPECT_EQ(vmem.rowAddress(31, 0), 7);
}

TEST(Layout, PackingIgnoresHighBitsAndUnpackingExtends) {
  // bf16: low 16 bits packed, zero-extended back; int8: low 8, sign-extended.
  TiledShape bf16{8, 128, 2, 8};
  std::vector<uint32_t> elems(8 * 128), words(bf16.memRows() * kLanes, 0xdeadbeef);
  for (int i = 0; i < 8 * 128; ++i)
    elems[i] = 0xabcd0000u | static_cast<uint32_t>(i * 7);
  tileFromRowMajor(bf16, elems.data(), words.data());
  // Element (1, 3) is the high half of word (0, 3); (0, 3) the low half.
  EXPECT_EQ(words[3], (elems[128 + 3] & 0xffff) << 16 | (elems[3] & 0xffff));
  std::vector<uint32_t> back(8 * 128);
  rowMajorFromTile(bf16, words.data(), back.data());
  for (int i = 0; i < 8 * 128; ++i)
    ASSERT_EQ(back[i], elems[i] & 0xffff) << i;

  TiledShape s8{8, 128, 4, 8};
  words.assign(s8.memRows() * kLanes, 0);
  for (int i = 0; i < 8 * 128; ++i)
    elems[i] = static_cast<uint32_t>(i * 37 - 400);
  tileFromRowMajor(s8, elems.data(), words.data());
  // Byte j of word (s, l) is row 4s + j.
  EXPECT_EQ((words[kLanes + 5] >> 16) & 0xff, elems[6 * 128 + 5] & 0xff);
  back.assign(8 * 128, 0);
  rowMajorFromTile(s8, words.data(), back.data());
  for (int i = 0; i < 8 * 128; ++i)  // each element's bits, zero-extended
    ASSERT_EQ(back[i], elems[i] & 0xff) << i;
}

/// Applies `runs` from `src` to `dst` images (rows of 128 words).
void applyRuns(const std::vector<RowRun> &runs, const std::vector<uint32_t> &src,
               std::vector<uint32_t> &dst) {
  for (const RowRun &run : runs)
    std::copy_n(src.begin() + run.src * kLanes, run.length * kLanes,
                dst.begin() + run.dst * kLanes);
}

TEST(Layout, CopyRunsRetileWindowsExactly) {
  std::mt19937 rng(12);
  auto pick = [&](int64_t n) { return static_cast<int64_t>(rng() % n); };
  int merged = 0;
  for (int trial = 0; trial < 300; ++trial) {
    int64_t p = int64_t{1} << (pick(3));  // 1, 2, 4
    // HBM tiles 8 rows; VMEM tiles 8p; either may be the source.
    TiledShape hbm{8 * p * (1 + pick(4)), kLanes * (1 + pick(3)), p, 8};
    TiledShape vmem{8 * p * (1 + pick(3)), kLanes * (1 + pick(3)), p, 8 * p};
    bool toVmem = pick(2);
    const TiledShape &src = toVmem ? hbm : vmem;
    const TiledShape &dst = toVmem ? vmem : hbm;
    // A window of whole memory rows (rows and offsets multiples of p);
    // often whole tiles, as the compiler's blocks are.
    int64_t maxRows = std::min(src.rows, dst.rows);
    int64_t maxCols = std::min(src.cols, dst.cols);
    int64_t rows = p * (1 + pick(maxRows / p));
    int64_t cols = kLanes * (1 + pick(maxCols / kLanes));
    if (int64_t whole = rows / (8 * p) * (8 * p); whole > 0 && pick(2))
      rows = whole;
    int64_t srcRow = p * (pick((src.rows - rows) / p + 1));
    int64_t dstRow = p * (pick((dst.rows - rows) / p + 1));
    int64_t srcCol = kLanes * (pick((src.cols - cols) / kLanes + 1));
    int64_t dstCol = kLanes * (pick((dst.cols - cols) / kLanes + 1));

    std::vector<uint32_t> srcElems(src.rows * src.cols);
    for (uint32_t &e : srcElems)
      e = static_cast<uint32_t>(rng()) & (p == 1 ? ~0u : p == 2 ? 0xffffu : 0x7fu);
    std::vector<uint32_t> srcImage(src.memRows() * kLanes);
    tileFromRowMajor(src, srcElems.data(), srcImage.data());
    std::vector<uint32_t> dstElems(dst.rows * dst.cols, 0);
    std::vector<uint32_t> dstImage(dst.memRows() * kLanes, 0);
    std::vector<RowRun> runs =
        copyRuns(src, srcRow, srcCol, dst, dstRow, dstCol, rows, cols);
    applyRuns(runs, srcImage, dstImage);
    rowMajorFromTile(dst, dstImage.data(), dstElems.data());
    for (int64_t r = 0; r < dst.rows; ++r)
      for (int64_t c = 0; c < dst.cols; ++c) {
        bool inWindow = r >= dstRow && r < dstRow + rows && c >= dstCol &&
                        c < dstCol + cols;
        uint32_t want =
            inWindow ? srcElems[(srcRow + r - dstRow) * src.cols + srcCol + c - dstCol]
                     : 0;
        ASSERT_EQ(dstElems[r * dst.cols + c], want)
            << "trial " << trial << " p " << p << " element (" << r << ", " << c
            << ")";
      }
    // Runs are sorted by source, never overlap, and cover rows * cols / 128 / p.
    int64_t total = 0;
    for (size_t i = 0; i < runs.size(); ++i) {
      total += runs[i].length;
      if (i > 0)
        ASSERT_GE(runs[i].src, runs[i - 1].src + runs[i - 1].length);
      merged += runs[i].length > 1;
    }
    EXPECT_EQ(total, rows * cols / kLanes / p);
  }
  EXPECT_GT(merged, 0);
}

TEST(Layout, CopyRunsMergeWhereBothSidesAreContiguous) {
  // A whole bf16 (16, 128) VMEM block from a (32, 128) HBM array: the two
  // HBM tiles of rows 0-7 and 8-15 are 4 memory rows each and contiguous, as
  // is the VMEM tile: one run of 8 rows.
  TiledShape hbm{32, 128, 2, 8}, vmem{16, 128, 2, 16};
  EXPECT_EQ(copyRuns(hbm, 16, 0, vmem, 0, 0, 16, 128),
            (std::vector<RowRun>{{8, 0, 8}}));
  // Two column tiles: HBM tiles (0,0) (0,1) (1,0) (1,1) are rows 0-3, 4-7,
  // 8-11, 12-15; the VMEM block's tiles (16 rows) are rows 0-7 and 8-15.
  TiledShape hbm2{16, 256, 2, 8}, vmem2{16, 256, 2, 16};
  EXPECT_EQ(copyRuns(hbm2, 0, 0, vmem2, 0, 0, 16, 256),
            (std::vector<RowRun>{{0, 0, 4}, {4, 8, 4}, {8, 4, 4}, {12, 12, 4}}));
  // f32 with equal tilings: one run, as before.
  EXPECT_EQ(copyRuns(TiledShape{16, 128}, 8, 0, TiledShape{8, 128}, 0, 0, 8, 128),
            (std::vector<RowRun>{{8, 0, 8}}));
}

/// The (source row, destination row) pairs a list of runs copies.
std::set<std::pair<int64_t, int64_t>> rowPairs(const std::vector<RowRun> &runs) {
  std::set<std::pair<int64_t, int64_t>> pairs;
  for (const RowRun &run : runs)
    for (int64_t i = 0; i < run.length; ++i)
      pairs.insert({run.src + i, run.dst + i});
  return pairs;
}

/// The same, of strided runs; fails on a row pair copied twice.
std::set<std::pair<int64_t, int64_t>>
rowPairs(const std::vector<StridedRun> &runs) {
  std::set<std::pair<int64_t, int64_t>> pairs;
  for (const StridedRun &run : runs)
    for (int64_t k = 0; k < run.count; ++k)
      for (int64_t i = 0; i < run.length; ++i)
        EXPECT_TRUE(pairs.insert({run.src + k * run.srcStride + i,
                                  run.dst + k * run.dstStride + i})
                        .second);
  return pairs;
}

constexpr StrideLimits kDmaLimits{128, 127, 2047};

TEST(Layout, StridedRunsFoldABf16BlockIntoOneDmaPerColumnTileHalf) {
  // A (128, 1024) bf16 block of a (1024, 1024) HBM array: 8 column tiles x
  // 16 HBM tile rows = 128 runs of 4 rows. Down the block, HBM tile rows 0,
  // 2, 4, ... of one column tile are 64 rows apart in HBM and 64 in VMEM
  // (a VMEM tile row of 8 tiles x 8 rows): 16 strided runs of 8 chunks, the
  // same as across the column tiles (chunks 4 rows apart in HBM, 8 in VMEM).
  TiledShape hbm{1024, 1024, 2, 8}, vmem{128, 1024, 2, 16};
  std::vector<RowRun> runs = copyRuns(hbm, 256, 0, vmem, 0, 0, 128, 1024);
  // (copyRuns merges the last run of each VMEM tile row with the first of
  // the next: they continue on both sides. stridedRuns cuts them again.)
  ASSERT_EQ(runs.size(), 121u);
  std::vector<StridedRun> strided = stridedRuns(runs, kDmaLimits);
  EXPECT_EQ(strided.size(), 16u);
  EXPECT_EQ(strided.front(), (StridedRun{1024, 0, 4, 8, 4, 8}));
  EXPECT_EQ(rowPairs(strided), rowPairs(runs));
  // The whole (1024, 1024) array: down the tile rows is the long way (64
  // chunks, strides 64 and 64) and wins over 8 chunks per tile row.
  TiledShape all{1024, 1024, 2, 16};
  runs = copyRuns(hbm, 0, 0, all, 0, 0, 1024, 1024);
  strided = stridedRuns(runs, kDmaLimits);
  EXPECT_EQ(strided.size(), 16u);
  EXPECT_EQ(strided.front(), (StridedRun{0, 0, 4, 64, 64, 64}));
  EXPECT_EQ(rowPairs(strided), rowPairs(runs));
}

TEST(Layout, StridedRunsRespectTheDescriptorLimits) {
  TiledShape hbm{1024, 1024, 2, 8}, all{1024, 1024, 2, 16};
  std::vector<RowRun> runs = copyRuns(hbm, 0, 0, all, 0, 0, 1024, 1024);
  // At most 16 chunks: each column-tile half takes (at most) 4 strided runs.
  std::vector<StridedRun> strided = stridedRuns(runs, {128, 16, 2047});
  EXPECT_LE(strided.size(), 64u);
  for (const StridedRun &run : strided)
    EXPECT_LE(run.count, 16);
  EXPECT_EQ(rowPairs(strided), rowPairs(runs));
  // Strides up to 32 rows: only across the column tiles (4 and 8 apart).
  strided = stridedRuns(runs, {128, 127, 32});
  EXPECT_EQ(strided.size(), 128u);
  EXPECT_EQ(strided.front(), (StridedRun{0, 0, 4, 8, 4, 8}));
  // Chunks longer than the limit, or not a power of two, stay plain.
  std::vector<RowRun> long_ = {{0, 0, 8}, {16, 8, 8}, {32, 16, 8}};
  EXPECT_EQ(stridedRuns(long_, {4, 127, 2047}).size(), 3u);
  std::vector<RowRun> odd = {{0, 0, 3}, {16, 8, 3}, {32, 16, 3}};
  EXPECT_EQ(stridedRuns(odd, kDmaLimits).size(), 3u);
  EXPECT_EQ(stridedRuns({{0, 0, 4}, {16, 8, 4}, {32, 16, 4}}, kDmaLimits),
            (std::vector<StridedRun>{{0, 0, 4, 3, 16, 8}}));
  // A lone run, and no runs.
  EXPECT_EQ(stridedRuns({{5, 9, 3}}, kDmaLimits),
            (std::vector<StridedRun>{{5, 9, 3, 1, 0, 0}}));
  EXPECT_TRUE(stridedRuns({}, kDmaLimits).empty());
}

TEST(Layout, OneRowArraysArePaddedToWholeTiles) {
  // f32[1, 1024] as XLA's T(8,128): 8 tiles of 8 rows, row 0 of each holds
  // the data; a copy of it is one strided run (chunks of 1 row, stride 8).
  TiledShape row{1, 1024};
  EXPECT_TRUE(isOneRow(1, 1024));
  EXPECT_FALSE(isOneRow(2, 1024));
  EXPECT_FALSE(isOneRow(1, 100));
  EXPECT_EQ(row.memRows(), 64);
  EXPECT_EQ(row.rowAddress(0, 0), 0);
  EXPECT_EQ(row.rowAddress(0, 130), 8);
  std::vector<RowRun> runs = copyRuns(row, 0, 0, row, 0, 0, 1, 1024);
  EXPECT_EQ(runs.size(), 8u);
  EXPECT_EQ(stridedRuns(runs, kDmaLimits),
            (std::vector<StridedRun>{{0, 0, 1, 8, 8, 8}}));
  // Into row 8 of a [16, 256] VMEM block (a second pipeline slot).
  EXPECT_EQ(stridedRuns(copyRuns(row, 0, 256, TiledShape{16, 256}, 8, 0, 1, 256), kDmaLimits),
            (std::vector<StridedRun>{{16, 16, 1, 2, 8, 8}}));
  // Host images: the padding rows stay as they were.
  std::vector<uint32_t> elems(1024), words(row.memRows() * kLanes, 7), back(1024);
  for (int64_t c = 0; c < 1024; ++c)
    elems[c] = 100 + c;
  tileFromRowMajor(row, elems.data(), words.data());
  EXPECT_EQ(words[8 * kLanes + 2], 230u);
  EXPECT_EQ(words[1 * kLanes], 7u);
  rowMajorFromTile(row, words.data(), back.data());
  EXPECT_EQ(back, elems);
}

TEST(Layout, StridedRunsCoverExactlyTheRowPairsOfCopyRuns) {
  // The property, over random windows of random tilings in both
  // directions and random limits.
  std::mt19937 rng(21);
  auto pick = [&](int64_t n) { return static_cast<int64_t>(rng() % n); };
  int folded = 0;
  for (int trial = 0; trial < 400; ++trial) {
    int64_t p = int64_t{1} << (pick(3));
    TiledShape hbm{8 * p * (1 + pick(6)), kLanes * (1 + pick(6)), p, 8};
    TiledShape vmem{8 * p * (1 + pick(4)), kLanes * (1 + pick(4)), p, 8 * p};
    bool toVmem = pick(2);
    const TiledShape &src = toVmem ? hbm : vmem;
    const TiledShape &dst = toVmem ? vmem : hbm;
    int64_t rows = p * (1 + pick(std::min(src.rows, dst.rows) / p));
    int64_t cols = kLanes * (1 + pick(std::min(src.cols, dst.cols) / kLanes));
    int64_t srcRow = p * pick((src.rows - rows) / p + 1);
    int64_t dstRow = p * pick((dst.rows - rows) / p + 1);
    int64_t srcCol = kLanes * pick((src.cols - cols) / kLanes + 1);
    int64_t dstCol = kLanes * pick((dst.cols - cols) / kLanes + 1);
    std::vector<RowRun> runs =
        copyRuns(src, srcRow, srcCol, dst, dstRow, dstCol, rows, cols);
    StrideLimits limits{int64_t{1} << pick(8), 2 + pick(130), pick(200)};
    std::vector<StridedRun> strided = stridedRuns(runs, limits);
    ASSERT_EQ(rowPairs(strided), rowPairs(runs)) << "trial " << trial;
    for (const StridedRun &run : strided) {
      if (run.count == 1)
        continue;
      ++folded;
      EXPECT_LE(run.count, limits.maxCount);
      EXPECT_LE(run.length, limits.maxLength);
      EXPECT_EQ(run.length & (run.length - 1), 0);
      EXPECT_GE(run.srcStride, 0);
      EXPECT_GE(run.dstStride, 0);
      EXPECT_LE(run.srcStride, limits.maxStride);
      EXPECT_LE(run.dstStride, limits.maxStride);
    }
  }
  EXPECT_GT(folded, 0);
}

}  // namespace
}  // namespace tessera::layout
