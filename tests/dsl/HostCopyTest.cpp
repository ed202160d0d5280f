//===- HostCopyTest.cpp - Arrays to and from HBM, streamed in bands -------===//
//
// Array::from_f32 / from_s32 and to_f32 / to_s32 move data through HBM in
// bands of about a MiB (runtime::Host::write / read with an element
// callback): every layout (tiled f32, bf16, int8, padded tiles, one padded
// row, row-major rank 1) over several bands and a partial last one must
// leave exactly the HBM image layout::tileFromRowMajor gives the whole
// array, and read back exactly; a row range reads only those rows.
//
//===----------------------------------------------------------------------===//
#include <bit>
#include <cstring>

#include "dsl/tessera.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runtime/Host.h"
#include "sim/Layout.h"
#include "sim/VectorMath.h"

namespace tessera {
namespace {

using ::testing::HasSubstr;

/// The whole HBM image of `a`'s buffer.
std::vector<uint32_t> hbmImage(const Array &a) {
  const runtime::Buffer &b = *a.buffer();
  std::vector<uint32_t> image(b.rows * machine::kLanes);
  EXPECT_TRUE(runtime::Host::get()
                  .chip(b.device.chip)
                  .hbm()
                  .readRows(b.row, std::as_writable_bytes(std::span<uint32_t>(image)))
                  .ok());
  return image;
}

/// Row-major element words as the host sends them (bf16 bits, int8 low
/// byte sign-extended), tiled whole by layout::tileFromRowMajor.
std::vector<uint32_t> wholeImage(const Array &a, const std::vector<uint32_t> &elems) {
  std::vector<uint32_t> image(a.buffer()->rows * machine::kLanes, 0);
  layout::tileFromRowMajor(runtime::hbmTiledShape(a.aval()), elems.data(), image.data());
  return image;
}

TEST(HostCopy, FloatArraysOfEveryLayoutRoundTripInBands) {
  // f32 [2056, 384]: 85 tile rows (680 rows) a band, 4 bands, the last
  // partial; bf16 [1040, 512]; f32 [13, 200] padded tiles; f32 [1, 1024],
  // one padded row.
  for (auto [shape, dtype] : std::vector<std::pair<Shape, DType>>{
           {{2056, 384}, DType::float32},
           {{1040, 512}, DType::bfloat16},
           {{13, 200}, DType::float32},
           {{1, 1024}, DType::float32}}) {
    SCOPED_TRACE(to_string(shape) + " " + to_string(dtype));
    std::vector<float> data(numElements(shape));
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = float(int64_t(i * 2654435761u % 100003) - 50001) * 0.0078125f;
    Array a = Array::from_f32(data, shape, dtype);
    ASSERT_TRUE(a.tiled());
    std::vector<uint32_t> elems(data.size());
    std::vector<float> want(data.size());
    for (size_t i = 0; i < data.size(); ++i) {
      elems[i] = dtype == DType::bfloat16 ? vmath::bf16Bits(data[i]) : std::bit_cast<uint32_t>(data[i]);
      want[i] = dtype == DType::bfloat16 ? vmath::roundBf16(data[i]) : data[i];
    }
    EXPECT_EQ(hbmImage(a), wholeImage(a, elems));
    EXPECT_EQ(a.to_f32(), want);
    // Rows [r0, r1) only: inside a band, across bands, empty, all.
    int64_t rows = shape[0];
    for (auto [r0, r1] : std::vector<std::pair<int64_t, int64_t>>{
             {0, 1}, {rows / 3, rows / 3 + 700 < rows ? rows / 3 + 700 : rows}, {rows, rows}, {0, rows}}) {
      int64_t per = shape[1];
      EXPECT_EQ(a.to_f32(r0, r1), std::vector<float>(want.begin() + r0 * per, want.begin() + r1 * per))
          << r0 << ".." << r1;
    }
  }
}

TEST(HostCopy, IntegerArraysRoundTripInBands) {
  // int8 [4112, 256] (tiled, 4 rows a word: 2 bands), int32 rank 1 of 300000
  // elements (row-major, 3 bands), bool [64, 128].
  for (auto [shape, dtype] : std::vector<std::pair<Shape, DType>>{
           {{4112, 256}, DType::int8}, {{300000}, DType::int32}, {{64, 128}, DType::bool_}}) {
    SCOPED_TRACE(to_string(shape) + " " + to_string(dtype));
    std::vector<int32_t> data(numElements(shape));
    for (size_t i = 0; i < data.size(); ++i)
      data[i] = int32_t(i * 40503u % 1021) - 510;
    Array a = Array::from_s32(data, shape, dtype);
    std::vector<int32_t> want(data.size());
    for (size_t i = 0; i < data.size(); ++i)
      want[i] = dtype == DType::int8 ? (int32_t)(int8_t)data[i] : dtype == DType::bool_ ? data[i] != 0 : data[i];
    if (a.tiled()) {
      std::vector<uint32_t> elems(want.begin(), want.end());
      EXPECT_EQ(hbmImage(a), wholeImage(a, elems));
    }
    EXPECT_EQ(a.to_s32(), want);
    int64_t rows = shape[0], per = shape.size() == 2 ? shape[1] : 1;
    EXPECT_EQ(a.to_s32(rows / 2, rows), std::vector<int32_t>(want.begin() + rows / 2 * per, want.end()));
  }
}

TEST(HostCopy, RowRangesOutsideTheArrayAreErrors) {
  Array a = jnp::zeros({16, 128});
  try {
    a.to_f32(8, 17);
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_THAT(e.what(), HasSubstr("to_f32(8, 17) of an array of shape [16, 128]: the rows must "
                                    "lie in [0, 16]"));
  }
  EXPECT_THROW(a.to_f32(5, 4), Error);
  EXPECT_THROW(a.to_f32(-1, 4), Error);
}

}  // namespace
}  // namespace tessera
