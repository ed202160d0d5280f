//===- KernelNumericTest.cpp - Kernels against a host reference -----------===//
//
// Each test traces, compiles and runs a kernel on the simulated chip and
// compares every element with the same math done on the host.
//
//===----------------------------------------------------------------------===//
#include <cstring>

#include <gtest/gtest.h>

#include "dsl/tessera.h"

namespace tessera {
namespace {

struct Case {
  int64_t rows, cols;
};

std::string caseName(const testing::TestParamInfo<Case> &info) {
  return std::to_string(info.param.rows) + "x" + std::to_string(info.param.cols);
}

/// x -> x*x*x + x*x + x - 3, through VMEM, with one DMA each way.
pl::Kernel polynomialKernel(const ShapeDtypeStruct &type) {
  return pl::kernel({.out_type = type,
                     .scratch_types = {pltpu::VMEM(type.shape, type.dtype),
                                       pltpu::VMEM(type.shape, type.dtype),
                                       pltpu::SemaphoreType::DMA},
                     .name = "polynomial"},
                    [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref o_vmem, Ref sem) {
                      pltpu::async_copy(x_hbm, x_vmem, sem).wait();
                      Value x = x_vmem[___];
                      Value y = x * x;
                      o_vmem[___] = y * x + y + x - 3;
                      pltpu::async_copy(o_vmem, o_hbm, sem).wait();
                    });
}

class PolynomialF32 : public testing::TestWithParam<Case> {};

TEST_P(PolynomialF32, MatchesHost) {
  auto [rows, cols] = GetParam();
  std::vector<float> data(rows * cols);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)((int)(i % 97) - 48) * 0.25f;
  Array x = Array::from_f32(data, {rows, cols});
  Array y = polynomialKernel({x.shape(), x.dtype()})(x);
  std::vector<float> got = y.to_f32();
  for (size_t i = 0; i < data.size(); ++i) {
    float v = data[i], sq = v * v;
    float want = sq * v + sq + v - 3.0f;
    ASSERT_EQ(got[i], want) << "element " << i;
  }
}

class PolynomialS32 : public testing::TestWithParam<Case> {};

TEST_P(PolynomialS32, MatchesHost) {
  auto [rows, cols] = GetParam();
  std::vector<int32_t> data(rows * cols);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (int32_t)(i * 2654435761u);  // wraps: int32 arithmetic must wrap too
  Array x = Array::from_s32(data, {rows, cols});
  Array y = polynomialKernel({x.shape(), x.dtype()})(x);
  std::vector<int32_t> got = y.to_s32();
  for (size_t i = 0; i < data.size(); ++i) {
    uint32_t v = (uint32_t)data[i], sq = v * v;
    int32_t want = (int32_t)(sq * v + sq + v - 3u);
    ASSERT_EQ(got[i], want) << "element " << i;
  }
}

// [512,128] is 64 vregs per value: more than the 32 registers.
const Case kShapes[] = {{8, 128}, {16, 128}, {64, 128}, {8, 512}, {512, 128}};
INSTANTIATE_TEST_SUITE_P(Shapes, PolynomialF32, testing::ValuesIn(kShapes), caseName);
INSTANTIATE_TEST_SUITE_P(Shapes, PolynomialS32, testing::ValuesIn(kShapes), caseName);

TEST(KernelNumeric, SixtyFourLiveTilesSpillAndComputeCorrectly) {
  // x (f32[512,128], 64 vregs) is needed again after every tile of x*x has
  // been stored: all 64 tiles are live at once, twice the register file.
  std::vector<float> data(512 * 128);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)((int)(i % 251) - 125) * 0.125f;
  Array x = Array::from_f32(data, {512, 128});
  ShapeDtypeStruct type{{512, 128}, DType::float32};
  auto k = pl::kernel(
      {.out_type = type,
       .scratch_types = {pltpu::VMEM(type.shape, type.dtype), pltpu::VMEM(type.shape, type.dtype),
                         pltpu::SemaphoreType::DMA}},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref o_vmem, Ref sem) {
        pltpu::async_copy(x_hbm, x_vmem, sem).wait();
        Value v = x_vmem[___];
        o_vmem[___] = v * v;
        pltpu::async_copy(o_vmem, o_hbm, sem).wait();
        x_vmem[___] = v + 1.0;
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();  // overwrites: o = x + 1
        o_vmem[___] = o_vmem[___] + v;                 // o_vmem = x*x + x
        pltpu::async_copy(o_vmem, o_hbm, sem).wait();  // o = x*x + x
      });
  Compiled c = compile([&](const Array &a) { return k(a); }, x);
  EXPECT_NE(c.ir("machine").find("spill"), std::string::npos) << "expected spill code";
  std::vector<float> got = c(x).to_f32();
  for (size_t i = 0; i < data.size(); ++i)
    ASSERT_EQ(got[i], data[i] * data[i] + data[i]) << "element " << i;
}

TEST(KernelNumeric, RowRangeDmaWithAt) {
  // Rows 8..15 of a [16,128] input land in an [8,128] buffer and go out x+1.
  std::vector<float> data(16 * 128);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)i;
  Array x = Array::from_f32(data, {16, 128});
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA},
       .name = "rows"},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
        pltpu::async_copy(x_hbm.at(pl::ds(8, 8)), x_vmem, sem).wait();
        x_vmem[___] = x_vmem[___] + 1.0;
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
  std::vector<float> got = k(x).to_f32();
  for (int64_t i = 0; i < 8 * 128; ++i)
    ASSERT_EQ(got[i], data[8 * 128 + i] + 1.0f) << "element " << i;
}

TEST(KernelNumeric, UnalignedRowWindowOfWideArray) {
  // Rows 4..11 of an [16,256] array cross a tile boundary in both column
  // tiles: the DMA is split into runs.
  std::vector<float> data(16 * 256);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)i;
  Array x = Array::from_f32(data, {16, 256});
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{{8, 256}, DType::float32},
       .scratch_types = {pltpu::VMEM({8, 256}, DType::float32), pltpu::SemaphoreType::DMA}},
      [](Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
        pltpu::async_copy(x_hbm.at(pl::ds(4, 8)), x_vmem, sem).wait();
        pltpu::async_copy(x_vmem, o_hbm, sem).wait();
      });
  std::vector<float> got = k(x).to_f32();
  for (int64_t i = 0; i < 8 * 256; ++i)
    ASSERT_EQ(got[i], data[4 * 256 + i]) << "element " << i;
}

TEST(KernelNumeric, StartAndWaitApartWithTwoSemaphores) {
  std::vector<float> a(8 * 128), b(8 * 128);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = (float)i;
    b[i] = 1000.0f - (float)i;
  }
  Array xa = Array::from_f32(a, {8, 128}), xb = Array::from_f32(b, {8, 128});
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32),
                         pltpu::VMEM({8, 128}, DType::float32),
                         pltpu::SemaphoreType::DMA(2)}},
      [](Ref a_hbm, Ref b_hbm, Ref o_hbm, Ref a_vmem, Ref b_vmem, Ref sems) {
        auto ca = pltpu::make_async_copy(a_hbm, a_vmem, sems.at(0));
        auto cb = pltpu::make_async_copy(b_hbm, b_vmem, sems.at(1));
        ca.start();
        cb.start();
        ca.wait();
        cb.wait();
        a_vmem[___] = a_vmem[___] * b_vmem[___];
        pltpu::async_copy(a_vmem, o_hbm, sems.at(0)).wait();
      });
  std::vector<float> got = k(xa, xb).to_f32();
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(got[i], a[i] * b[i]) << "element " << i;
}

TEST(KernelNumeric, StaticSliceReadsAndWrites) {
  std::vector<float> data(16 * 128);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)i * 0.5f;
  Array x = Array::from_f32(data, {16, 128});
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{{16, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({16, 128}, DType::float32), pltpu::SemaphoreType::DMA}},
      [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        Value top = v[pl::slice(0, 8)];
        v[pl::slice(0, 8)] = v(pl::slice(8, 16), pl::all);
        v[pl::ds(8, 8)] = top * 3.0;
        pltpu::async_copy(v, o_hbm, sem).wait();
      });
  std::vector<float> got = k(x).to_f32();
  for (int64_t i = 0; i < 8 * 128; ++i) {
    ASSERT_EQ(got[i], data[8 * 128 + i]) << "element " << i;
    ASSERT_EQ(got[8 * 128 + i], data[i] * 3.0f) << "element " << 8 * 128 + i;
  }
}

TEST(KernelNumeric, NegationFlipsTheSignOfZeroToo) {
  std::vector<float> data(8 * 128);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = i % 3 == 0 ? 0.0f : i % 3 == 1 ? -0.0f : (float)i - 500.0f;
  Array x = Array::from_f32(data, {8, 128});
  auto k = pl::kernel(
      {.out_type = ShapeDtypeStruct{{8, 128}, DType::float32},
       .scratch_types = {pltpu::VMEM({8, 128}, DType::float32), pltpu::SemaphoreType::DMA}},
      [](Ref x_hbm, Ref o_hbm, Ref v, Ref sem) {
        pltpu::async_copy(x_hbm, v, sem).wait();
        v[___] = -v[___];
        pltpu::async_copy(v, o_hbm, sem).wait();
      });
  std::vector<float> got = k(x).to_f32();
  for (size_t i = 0; i < data.size(); ++i) {
    float want = -data[i];
    ASSERT_EQ(std::memcmp(&got[i], &want, 4), 0) << "element " << i << ": " << got[i];
  }
}

TEST(KernelNumeric, CompileCacheReusesTheExecutable) {
  Array x = jnp::zeros({8, 128});
  auto fn = [&](const Array &a) { return polynomialKernel({a.shape(), a.dtype()})(a); };
  Compiled c1 = compile(fn, x), c2 = compile(fn, x);
  EXPECT_EQ(c1.program().calls[0].kernel.get(), c2.program().calls[0].kernel.get());
}

}  // namespace
}  // namespace tessera
